"""Each scene's model step in Pyodide inside headless Chromium, and natively in the same run.

Reuses the browser harness of the tests (tests/browser): Debian's Chromium driven by playwright
with the same flags and the same offline rule (any request leaving 127.0.0.1 is aborted), the
npm package pyodide served from node_modules, and the list of pure modules each model needs.
Every scene runs at its defaults with no input for FRAMES frames, timed frame by frame; the
better of two runs counts on each side. Without Chromium, playwright or pyodide the result says
why and the other benchmarks still run.
"""

import functools
import http.server
import json
import statistics
import tempfile
import threading
import time
from pathlib import Path

FRAMES = 600
SEED = 0
LOAD_TIMEOUT_MS = 120_000

PAGE = """<!doctype html><meta charset="utf-8"><title>verlet benchmark in pyodide</title>
<script src="pyodide/pyodide.js"></script>
<script>
window.booted = (async () => {
  const py = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
  for (const path of await (await fetch("app/files.json")).json()) {
    py.FS.mkdirTree("/app/" + path.split("/").slice(0, -1).join("/"));
    py.FS.writeFile("/app/" + path, await (await fetch("app/" + path)).text());
  }
  py.runPython("import sys; sys.path.insert(0, '/app')");
  window.py = py;
  return py.runPython("import sys; sys.version.split()[0]");
})();
</script>
"""

TIMED_RUN = '''
import importlib, json, time
from scenes.simulation import Simulation

def timed_run(job):
    """ms of each model step of a scene at its defaults, no input (the same code both sides)."""
    model = getattr(importlib.import_module(job["model"][0]), job["model"][1])
    params = getattr(importlib.import_module(job["params"][0]), job["params"][1])
    sim = Simulation(job["name"], model, params, tuple(job["size"]), seed=job["seed"])
    clock = time.perf_counter
    times = []
    for _ in range(job["frames"]):
        started = clock()
        sim.step()
        times.append(1000.0 * (clock() - started))
    return times
'''


def summary(times):
    ordered = sorted(times)
    return {"mean": statistics.fmean(times), "median": statistics.median(times),
            "fastest": ordered[0],  # the frame least disturbed by a busy machine
            "p95": ordered[min(len(ordered) - 1, round(0.95 * len(ordered)) - 1)]}


def better(first, second):
    return first if statistics.fmean(first) <= statistics.fmean(second) else second


def unavailable_reason():
    """None when Chromium, playwright and node_modules/pyodide are all here, else what is missing."""
    try:
        from tests.browser.conftest import PYODIDE, chromium_executable
    except ImportError as error:
        return f"the browser harness cannot be imported ({error})"
    if chromium_executable() is None:
        return "no Chromium (apt-get install chromium; ./build.sh bench does it as root)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "no playwright (.venv/bin/pip install -e '.[test]')"
    if not (PYODIDE / "pyodide.js").is_file():
        return "no node_modules/pyodide (npm ci; ./build.sh bench does it when npm is installed)"
    return None


def _serve(folder):
    from tests.browser.conftest import QuietHandler

    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _site(folder, names):
    from tests.browser.conftest import PYODIDE
    from tests.browser.parity_helpers import write_pyodide_site

    write_pyodide_site(folder, PYODIDE, names, PAGE)


def native_times(job):
    namespace = {}
    exec(TIMED_RUN, namespace)
    return namespace["timed_run"](job)


def measure(frames=FRAMES, names=None):
    """{"versions": ..., "scenes": {name: {"wasm": summary, "native": summary, "ratio": x}}}
    or {"unavailable": reason}."""
    reason = unavailable_reason()
    if reason:
        return {"unavailable": reason}
    from playwright.sync_api import sync_playwright

    from scenes.catalog import SCENES
    from tests.browser.conftest import CHROMIUM_FLAGS, LOCAL_PREFIXES, chromium_executable
    from tests.browser.parity_helpers import model_location

    def route(request_route):
        if request_route.request.url.startswith(LOCAL_PREFIXES):
            request_route.continue_()
        else:
            request_route.abort("internetdisconnected")

    results = {}
    with tempfile.TemporaryDirectory(prefix="verlet-bench-") as temp:
        site = Path(temp) / "site"
        site.mkdir()
        _site(site, list(SCENES))
        server = _serve(site)
        playwright = sync_playwright().start()
        try:
            context = playwright.chromium.launch_persistent_context(
                str(Path(temp) / "profile"), executable_path=chromium_executable(),
                args=CHROMIUM_FLAGS, headless=True)
            context.route("**/*", route)
            page = context.new_page()
            page.set_default_timeout(LOAD_TIMEOUT_MS)
            page.goto(f"http://127.0.0.1:{server.server_port}/index.html")
            wasm_python = page.evaluate("window.booted")
            page.evaluate("code => window.py.runPython(code)", TIMED_RUN)
            versions = {"python_wasm": wasm_python, "chromium": context.browser.version
                        if context.browser else ""}
            for name, scene in SCENES.items():
                if names is not None and name not in names:
                    continue
                model, params = model_location(name)
                job = {"name": name, "model": model, "params": params,
                       "size": list(scene.size), "seed": SEED, "frames": frames}
                native = better(native_times(job), native_times(job))
                call = f"import json; json.dumps(timed_run(json.loads({json.dumps(json.dumps(job))})))"
                runs = [json.loads(page.evaluate("code => window.py.runPython(code)", call))
                        for _ in range(2)]
                wasm = better(*runs)
                results[name] = {"wasm": summary(wasm), "native": summary(native),
                                 "ratio": statistics.fmean(wasm) / statistics.fmean(native)}
            context.close()
        finally:
            playwright.stop()
            server.shutdown()
            server.server_close()
    pyodide_version = json.loads((Path(__file__).resolve().parents[1] / "node_modules" / "pyodide"
                                  / "package.json").read_text())["version"]
    return {"versions": {**versions, "pyodide": pyodide_version, "frames": frames,
                         "measured": time.strftime("%Y-%m-%d")}, "scenes": results}
