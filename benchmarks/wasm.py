"""Each scene's model step in Pyodide inside headless Chromium, natively in the same run, and
on a phone-class CPU (Chromium's CPU throttling at PHONE_RATE).

Reuses the browser harness of the tests (tests/browser): Debian's Chromium driven by playwright
with the same flags and the same offline rule (any request leaving 127.0.0.1 is aborted), the
npm package pyodide served from node_modules, and the list of pure modules each model needs.
Every scene runs at its defaults with no input for FRAMES frames, timed frame by frame; the
better of two runs counts on each side.

The phone-class table: the DevTools protocol's `Emulation.setCPUThrottlingRate` slows the
page's main thread (where Pyodide runs) PHONE_RATE times, as DevTools' "4x slowdown" does, and
the same default games run again; then the recorded busy spider game
(benchmarks/data/spider_busy.json) is replayed natively up to its last BUSY_FRAMES frames, the
Run handed to Pyodide pickled (`busy_start_state`: a replay in Pyodide itself drifts
into another game), and those frames are timed there throttled (with the web's sleeping on,
and off when the switch exists). Frames are timed one by one with `time.perf_counter`, which Pyodide
reads from the browser's clock (0.1 ms ticks). Each throttled game runs PHONE_RUNS times; every
frame's median over the runs is kept (`frame_medians`), and p95 is the nearest-rank 95th
percentile of those per-frame medians. Without Chromium, playwright or pyodide the result says
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
PHONE_RATE = 4
"""CPU slowdown of a mid-range phone against this desktop (JavaScript and wasm run
about four times slower there)."""
PHONE_RUNS = 5
"""Runs of each throttled game (see `frame_medians`). With 3, the busy game's p95 ranged from
5.2 to 8.2 ms over seven sessions of the same code on this shared machine; the median of five
runs per frame steadies it."""
WARM_UP_SECONDS = 8.0
"""Untimed play before the first timed game (see `_warm_up`)."""

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
from scenes.kit.model.run import Run

def timed_run(job):
    """ms of each model step of a scene at its defaults, no input (the same code both sides)."""
    model = getattr(importlib.import_module(job["model"][0]), job["model"][1])
    params = getattr(importlib.import_module(job["params"][0]), job["params"][1])
    sim = Run(job["name"], model, params, tuple(job["size"]), seed=job["seed"])
    clock = time.perf_counter
    times = []
    for _ in range(job["frames"]):
        started = clock()
        sim.step()
        times.append(1000.0 * (clock() - started))
    return times


def busy_prepare(job):
    """Take the recorded spider game as the native replay left it at job["start"] (the pickled
    Run in job_state) and keep it for busy_timed(); job["sleeping"] True/False sets the
    web's switch, None leaves it."""
    global _busy
    import base64, pickle
    from scenes.kit.model.script import entries_by_frame, parse_script
    sim = pickle.loads(base64.b64decode(job_state))
    by_frame = entries_by_frame(parse_script(json.loads(job_events)))
    built = hasattr(sim.model.web, "sleeping")
    if built and job["sleeping"] is not None:
        sim.model.web.sleeping = job["sleeping"]
    _busy = (sim, by_frame, job)
    return {"built": built, "threads": len(sim.model.web.threads)}


def busy_timed():
    """ms of each model step of the kept game's last job["frames"] frames, input applied."""
    sim, by_frame, job = _busy
    clock = time.perf_counter
    times = []
    for frame in range(job["start"], job["start"] + job["frames"]):
        for entry in by_frame.get(frame, ()):
            sim.apply(entry)
        started = clock()
        sim.step()
        times.append(1000.0 * (clock() - started))
    model = sim.model
    return {"times": times, "threads": len(model.web.threads), "knots": len(model.web.knots),
            "game_over": model.game_over}
'''


def summary(times):
    ordered = sorted(times)
    return {"mean": statistics.fmean(times), "median": statistics.median(times),
            "fastest": ordered[0],  # the frame least disturbed by a busy machine
            "p95": ordered[min(len(ordered) - 1, round(0.95 * len(ordered)) - 1)]}


def frame_medians(runs):
    """Each frame's median over several runs of the same frames (the same work each time).

    On a shared machine a neighbour's burst lands on a few frames of one run; a frame slow
    for its own reasons (upkeep every 30 frames, a catch) is slow in every run. The median
    per frame keeps the second and drops the first, without keeping only the luckiest run."""
    return [statistics.median(values) for values in zip(*runs)]


def better(first, second):
    return first if statistics.fmean(first) <= statistics.fmean(second) else second


def unavailable_reason():
    """None when Chromium, playwright and node_modules/pyodide are all here, else what is missing."""
    try:
        from tests.support.browser import PYODIDE, chromium_executable
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
    from tests.support.browser import QuietHandler

    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _site(folder, names):
    from tests.support.browser import PYODIDE
    from tests.support.pyodide import write_pyodide_site

    write_pyodide_site(folder, PYODIDE, names, PAGE)


def native_times(job):
    namespace = {}
    exec(TIMED_RUN, namespace)
    return namespace["timed_run"](job)


def _run(page, code):
    return page.evaluate("code => window.py.runPython(code)", code)


def _browser_runs(page, job, runs):
    call = f"import json; json.dumps(timed_run(json.loads({json.dumps(json.dumps(job))})))"
    return [json.loads(_run(page, call)) for _ in range(runs)]


def _timed_in_browser(page, job):
    return better(*_browser_runs(page, job, 2))


def busy_start_state(events_text, start):
    """The recorded spider game replayed natively up to frame `start`, pickled (base64 text).

    Pyodide's maths rounds a few functions differently from this CPython's, so a replay there
    drifts over 10,000 frames (it ended in game over, with another web): handing it the very
    state the native replay reaches makes both sides time the same frames of the same game.
    A web is a deep graph of objects, so it is pickled on a thread with a large stack.
    """
    import base64
    import pickle
    import sys

    from scenes.kit.model.script import entries_by_frame, parse_script
    from scenes.kit.model.run import Run
    from scenes.spider.model import PARAMS, SpiderModel

    from .record_spider import SEED as GAME_SEED, SIZE

    result = {}

    def replay_and_pickle():
        sim = Run("spider", SpiderModel, PARAMS, SIZE, seed=GAME_SEED)
        by_frame = entries_by_frame(parse_script(json.loads(events_text)))
        for frame in range(start):
            for entry in by_frame.get(frame, ()):
                sim.apply(entry)
            sim.step()
        sim.begin_here()  # what is kept for rewind stays behind: one keyframe, no records
        result["state"] = base64.b64encode(pickle.dumps(sim, protocol=4)).decode("ascii")

    limit, stack = sys.getrecursionlimit(), threading.stack_size()
    sys.setrecursionlimit(max(limit, 200_000))
    threading.stack_size(256 * 1024 * 1024)
    try:
        worker = threading.Thread(target=replay_and_pickle)
        worker.start()
        worker.join()
    finally:
        threading.stack_size(stack)
        sys.setrecursionlimit(limit)
    return result["state"]


def _busy_in_browser(page, throttle, events_text, state_text, sleeping, runs=PHONE_RUNS):
    """The busy game's timed window in Pyodide, throttled, over `runs` runs from the native
    replay's state (`busy_start_state`)."""
    from .record_spider import GAME_FRAMES
    from .busy import BUSY_FRAMES

    page.evaluate("text => window.py.globals.set('job_events', text)", events_text)
    page.evaluate("text => window.py.globals.set('job_state', text)", state_text)
    job = {"start": GAME_FRAMES - BUSY_FRAMES, "frames": BUSY_FRAMES, "sleeping": sleeping}
    results = []
    for _ in range(runs):
        prepared = json.loads(_run(page, "import json; json.dumps(busy_prepare("
                                         f"json.loads({json.dumps(json.dumps(job))})))"))
        throttle(PHONE_RATE)
        try:
            result = json.loads(_run(page, "import json; json.dumps(busy_timed())"))
        finally:
            throttle(1)
        result["built"] = prepared["built"]
        results.append(result)
    last = results[-1]
    times = frame_medians([r.pop("times") for r in results])
    return {**last, **summary(times), "start": job["start"], "frames": job["frames"],
            "runs": runs}


def _warm_up(page, jobs, seconds=WARM_UP_SECONDS):
    """Run the games untimed for a few seconds first: Chromium compiles Pyodide's WebAssembly
    quickly at first and optimises the hot functions in the background, and the first game
    timed would otherwise pay for that (seen as 2-3x slower than the same game timed later)."""
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        for job in jobs.values():
            _run(page, f"timed_run(json.loads({json.dumps(json.dumps({**job, 'frames': 60}))}))")


def _phone(page, throttle, jobs):
    """The phone-class figures: default games and the busy spider game, throttled."""
    from .record_spider import RECORDING

    defaults = {}
    throttle(PHONE_RATE)
    try:
        for name, job in jobs.items():
            defaults[name] = summary(frame_medians(_browser_runs(page, job, PHONE_RUNS)))
    finally:
        throttle(1)
    busy = {}
    if "spider" in jobs and RECORDING.is_file():
        from .busy import BUSY_FRAMES
        from .record_spider import GAME_FRAMES

        events = RECORDING.read_text(encoding="utf-8")
        state = busy_start_state(events, GAME_FRAMES - BUSY_FRAMES)
        busy["sleeping"] = _busy_in_browser(page, throttle, events, state, True)
        if busy["sleeping"]["built"]:
            busy["awake"] = _busy_in_browser(page, throttle, events, state, False)
    return {"rate": PHONE_RATE, "runs": PHONE_RUNS, "defaults": defaults, "busy": busy}


def measure(frames=FRAMES, names=None, phone=True):
    """{"versions": ..., "scenes": {name: {"wasm": summary, "native": summary, "ratio": x}},
    "phone": {"rate", "defaults": {name: summary}, "busy": {"sleeping"|"awake": summary + web}}}
    or {"unavailable": reason}. `phone=False` leaves the throttled runs out."""
    reason = unavailable_reason()
    if reason:
        return {"unavailable": reason}
    from playwright.sync_api import sync_playwright

    from scenes.catalog import SCENES
    from tests.support.browser import CHROMIUM_FLAGS, LOCAL_PREFIXES, chromium_executable
    from tests.support.pyodide import model_location

    def route(request_route):
        if request_route.request.url.startswith(LOCAL_PREFIXES):
            request_route.continue_()
        else:
            request_route.abort("internetdisconnected")

    results, jobs, phone_results = {}, {}, None
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
            _run(page, TIMED_RUN)
            versions = {"python_wasm": wasm_python, "chromium": context.browser.version
                        if context.browser else ""}
            for name, scene in SCENES.items():
                if names is not None and name not in names:
                    continue
                model, params = model_location(name)
                jobs[name] = {"name": name, "model": model, "params": params,
                              "size": list(scene.size), "seed": SEED, "frames": frames}
            _warm_up(page, jobs)
            for name, job in jobs.items():
                native = better(native_times(job), native_times(job))
                wasm = _timed_in_browser(page, job)
                results[name] = {"wasm": summary(wasm), "native": summary(native),
                                 "ratio": statistics.fmean(wasm) / statistics.fmean(native)}
            if phone:
                session = context.new_cdp_session(page)

                def throttle(rate):
                    session.send("Emulation.setCPUThrottlingRate", {"rate": rate})

                phone_results = _phone(page, throttle, jobs)
            context.close()
        finally:
            playwright.stop()
            server.shutdown()
            server.server_close()
    pyodide_version = json.loads((Path(__file__).resolve().parents[1] / "node_modules" / "pyodide"
                                  / "package.json").read_text())["version"]
    result = {"versions": {**versions, "pyodide": pyodide_version, "frames": frames,
                           "measured": time.strftime("%Y-%m-%d")}, "scenes": results}
    if phone_results is not None:
        result["phone"] = phone_results
    return result
