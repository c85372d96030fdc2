"""Fixtures of the real-browser tests: Debian's Chromium driven by playwright.

- `browser`: one headless Chromium for these tests, from /usr/bin/chromium (never a browser
  playwright downloads), with a fresh profile folder. Every request that would leave this machine
  is aborted by a route, so the pages here behave as they do for a reader whose network cannot
  reach the pygame-web CDN, and nothing is ever sent off 127.0.0.1.
- `serve(folder)`: a quiet HTTP server on 127.0.0.1 (a free port) for a folder; its base URL.
- `site`: the browser build and the example page, built once (`python -m web.bundle`, then
  `python -m web.site`), as `./build.sh site` does; once per session even when pytest-xdist
  runs the tests in several workers (`built_once`).
- `artifacts`: build/test-artifacts/, where screenshots go to be looked at.
- The frame page's runtime, which must come from pygame-web's CDN, is played by a stand-in
  (tests.support.standin.py, standin/) wherever a test needs it to start or to fail at a stage.

Skip rule: without Chromium (or playwright, or the npm package pyodide for the Pyodide tests)
the tests skip with a loud reason naming the install command; when the environment variable CI
is set they fail instead, since CI installs all of them (`./build.sh test`).
"""

import fcntl
import json
import subprocess
import sys
import uuid

import pytest

from tests.support.browser import (ARTIFACTS, CHROMIUM_FLAGS, PYODIDE, ROOT, Blocked, LocalServers,
                                   chromium_executable, run_tool, unavailable)

SESSION = uuid.uuid4().hex
"""This test session, when pytest-xdist does not name it (no workers)."""


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


def built_once(config, name, module):
    """`python -m module` run once per test session and its output, however many pytest-xdist
    workers ask: the first builds (under a lock on build/), the others wait and reuse its output,
    so two workers never write build/web/ or build/site/ at the same time."""
    run = getattr(config, "workerinput", {}).get("testrunuid") or SESSION
    record = ROOT / "build" / f".test-{name}.json"
    record.parent.mkdir(parents=True, exist_ok=True)
    with open(ROOT / "build" / ".test-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            done = json.loads(record.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            done = {}
        if done.get("run") != run:
            record.unlink(missing_ok=True)
            built = run_tool(module)
            done = {"run": run, "stdout": built.stdout, "stderr": built.stderr}
            record.write_text(json.dumps(done), encoding="utf-8")
    return done


@pytest.fixture(scope="session")
def web_build(pytestconfig):
    """build/web/ fresh from `python -m web.bundle` (pygbag, offline, our template)."""
    done = built_once(pytestconfig, "web", "web.bundle")
    return {"dir": ROOT / "build" / "web", "output": done["stdout"]}


@pytest.fixture(scope="session")
def site(pytestconfig, web_build):
    """build/site/ fresh from `python -m web.site`, and what it printed."""
    done = built_once(pytestconfig, "site", "web.site")
    return {"dir": ROOT / "build" / "site", "stdout": done["stdout"], "stderr": done["stderr"]}


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
