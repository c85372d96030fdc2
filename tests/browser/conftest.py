"""Fixtures of the real-browser tests: Debian's Chromium driven by playwright.

- `browser`: one headless Chromium for these tests, from /usr/bin/chromium (never a browser
  playwright downloads), with a fresh profile folder. Every request that would leave this machine
  is aborted by a route, so the pages here behave as they do for a reader whose network cannot
  reach the pygame-web CDN, and nothing is ever sent off 127.0.0.1.
- `serve(folder)`: a quiet HTTP server on 127.0.0.1 (a free port) for a folder; its base URL.
- `site`: the browser build and the example page, built once (`python -m web.bundle`, then
  `python -m web.site`), as `./build.sh site` does.
- `artifacts`: build/test-artifacts/, where screenshots go to be looked at.
- The frame page's runtime, which must come from pygame-web's CDN, is played by a stand-in
  (tests.support.standin.py, standin/) wherever a test needs it to start or to fail at a stage.

Skip rule: without Chromium (or playwright, or the npm package pyodide for the Pyodide tests)
the tests skip with a loud reason naming the install command; when the environment variable CI
is set they fail instead, since CI installs all of them (`./build.sh test`).
"""

import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "build" / "test-artifacts"
BENCH = ROOT / "build" / "bench" / "pyodide.json"
PYODIDE = ROOT / "node_modules" / "pyodide"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
"""The flags DESIGN.md lists for Chromium on these machines."""
LOCAL_PREFIXES = ("http://127.0.0.1:", "data:", "blob:", "about:")
BUILD_TIMEOUT = 300


def unavailable(reason):
    """Skip loudly on a developer box; fail under CI, which must have everything installed."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} [CI is set: the browser tests must run there]", pytrace=False)
    pytest.skip(reason)


def chromium_executable():
    for candidate in ("/usr/bin/chromium", shutil.which("chromium")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


class Blocked:
    """Requests the route refused because they would leave this machine."""

    def __init__(self):
        self.urls = []

    def route(self, route):
        url = route.request.url
        if url.startswith(LOCAL_PREFIXES):
            route.continue_()
        else:
            self.urls.append(url)
            route.abort("internetdisconnected")


@pytest.fixture(scope="package")
def blocked():
    return Blocked()


@pytest.fixture(scope="package")
def browser(tmp_path_factory, blocked):
    """A playwright BrowserContext on Debian's headless Chromium with a fresh profile."""
    executable = chromium_executable()
    if executable is None:
        unavailable("NO CHROMIUM: the browser tests need Debian's Chromium at /usr/bin/chromium; "
                    "install with apt-get install chromium (./build.sh test does it as root)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("NO PLAYWRIGHT: install the test extra: .venv/bin/pip install -e '.[test]'")
    playwright = sync_playwright().start()
    try:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=executable,
            args=CHROMIUM_FLAGS, headless=True, viewport={"width": 1280, "height": 800})
    except Exception:
        playwright.stop()
        raise
    context.route("**/*", blocked.route)
    try:
        yield context
    finally:
        context.close()
        playwright.stop()


@pytest.fixture
def page(browser):
    """A fresh tab; console errors and uncaught exceptions are kept on `page.problems`."""
    tab = browser.new_page()
    tab.problems = []
    tab.on("console", lambda message: tab.problems.append(
        (message.type, message.text, message.location.get("url", "")))
        if message.type == "error" else None)
    tab.on("pageerror", lambda error: tab.problems.append(("pageerror", str(error), "")))
    yield tab
    tab.close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".html": "text/html; charset=utf-8"}

    def log_message(self, *args):
        pass


class LocalServers:
    """Static file servers on 127.0.0.1, one per folder asked for, all stopped by `close`."""

    def __init__(self, handler=None):
        self.handler = handler or QuietHandler
        self.servers = []

    def __call__(self, folder):
        """Serve `folder`; returns 'http://127.0.0.1:PORT/'."""
        handler = functools.partial(self.handler, directory=str(folder))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self.servers.append(server)
        return f"http://127.0.0.1:{server.server_port}/"

    def close(self):
        for server in self.servers:
            server.shutdown()
            server.server_close()


@pytest.fixture(scope="session")
def serve():
    """serve(folder) -> 'http://127.0.0.1:PORT/' serving that folder until the session ends."""
    servers = LocalServers()
    yield servers
    servers.close()


@pytest.fixture(scope="session")
def scenes():
    """`main.py --list --json`: every scene of this build, with size and parameters."""
    done = subprocess.run([sys.executable, "main.py", "--list", "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def run_tool(module, *args):
    """Run `python -m module args` from the root with a timeout; its output on failure."""
    done = subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=BUILD_TIMEOUT, check=False)
    assert done.returncode == 0, f"python -m {module} failed:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="session")
def web_build():
    """build/web/ fresh from `python -m web.bundle` (pygbag, offline, our template)."""
    done = run_tool("web.bundle")
    return {"dir": ROOT / "build" / "web", "output": done.stdout}


@pytest.fixture(scope="session")
def site(web_build):
    """build/site/ fresh from `python -m web.site`, and what it printed."""
    done = run_tool("web.site")
    return {"dir": ROOT / "build" / "site", "stdout": done.stdout, "stderr": done.stderr}


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def pyodide_dir():
    """node_modules/pyodide from `npm ci` (package.json pins it)."""
    if not (PYODIDE / "pyodide.js").is_file():
        unavailable("NO PYODIDE: node_modules/pyodide is missing; run npm ci (./build.sh test "
                    "does it when npm is installed: apt-get install npm)")
    return PYODIDE


def pytest_terminal_summary(terminalreporter):
    """Print the Pyodide timings this session recorded (they feed the benchmarks)."""
    results = getattr(terminalreporter.config, "_pyodide_timings", None)
    if not results:
        return
    terminalreporter.section("CPython in WebAssembly (Pyodide in Chromium) vs native CPython")
    for line in results:
        terminalreporter.write_line(line)


def bundle_stem():
    """The built bundle's name without its suffix: pygbag names it after the repository's folder
    (`main.tar.gz` in a checkout called main), so tests never assume one."""
    from web import bundle

    return bundle.archive_path().name[: -len(".tar.gz")]
