"""Shared test setup: no display, no audio, quiet pygame, the repository on sys.path, and the tiers.

Tiers, by rule rather than by a list of files (`pytest_collection_modifyitems`): a test is quick
unless it runs in Chromium (everything under tests/browser/ is marked `browser`), opens a real
window on Xvfb (it uses the `xserver` fixture: marked `window`), reads one of the long replays a
module shares (REPLAY_FIXTURES: marked `slow`), or is marked `slow` by hand (a minute of play,
a whole game, a table of subprocesses, a build: a second or more where most take milliseconds). `pytest --quick`
(`./build.sh quick`) runs only the quick tests; `./build.sh test` runs them all on every core
(pytest-xdist, `--dist loadgroup`), where the tests of a module that share a module-scoped
fixture (a recorded replay, a built wheel) stay in one worker, so that fixture is made once,
and the browser tests and whatever reads the web build share one worker.
"""

import os
import sys
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TESTS = ROOT / "tests"
FULL_ONLY = ("browser", "window", "slow")
"""The markers that keep a test out of `--quick`."""
WINDOW_FIXTURES = ("xserver",)
"""Fixtures that open a real display (tests/app/test_real_window.py)."""
BUILD_FIXTURES = ("web_build", "site")
"""Fixtures that read (or make) build/web and build/site: their tests, and every browser test,
share one worker, so no worker reads a build another is writing (the frame's share links once
came from a half-written build/web under two workers)."""
REPLAY_FIXTURES = ("recorded", "played", "storm_results", "finished")
"""Module fixtures that replay a long run for their tests: the timeline's recorded runs, the
golden sessions, the input storms, the recorded busy spider game."""


def pytest_addoption(parser):
    parser.addoption("--quick", action="store_true",
                     help="only the quick tier: no browser, no real window, nothing marked slow")


def shares_a_module_fixture(item):
    """Does the test use a fixture of module scope (made once for its module's tests)?"""
    definitions = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
    return any(defs and defs[-1].scope == "module" for defs in definitions.values())


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Mark each test's tier by rule, keep the users of a module fixture in one worker, and
    with --quick keep only the quick tier.

    First of the hooks: pytest-xdist's own hook (registered later, so otherwise called before
    this one) reads the `xdist_group` marks into the test ids that `--dist loadgroup` schedules
    by; marks added after it are never seen, and the web build's tests then ran in two workers
    at once (one rebuilt build/web while the other served its half-written page)."""
    grouping = config.pluginmanager.hasplugin("xdist")
    for item in items:
        if Path(str(item.path)).is_relative_to(TESTS / "browser"):
            item.add_marker(pytest.mark.browser)
        fixtures = getattr(item, "fixturenames", ())
        if any(name in fixtures for name in WINDOW_FIXTURES):
            item.add_marker(pytest.mark.window)
        if any(name in fixtures for name in REPLAY_FIXTURES):
            item.add_marker(pytest.mark.slow)
        if grouping and (item.get_closest_marker("browser")
                         or any(name in fixtures for name in BUILD_FIXTURES)):
            item.add_marker(pytest.mark.xdist_group("the web build"))
        elif grouping and shares_a_module_fixture(item):
            item.add_marker(pytest.mark.xdist_group(item.path.relative_to(ROOT).as_posix()))
    if config.getoption("--quick"):
        quick = [item for item in items if not any(item.get_closest_marker(m) for m in FULL_ONLY)]
        config.hook.pytest_deselected(items=[item for item in items if item not in quick])
        items[:] = quick


@pytest.fixture(scope="session")
def repo_root():
    """The repository's root folder."""
    return ROOT


def pytest_sessionfinish(session):
    """In a pytest-xdist worker, hand what the session recorded to the controller to print."""
    lines = getattr(session.config, "_pyodide_timings", None)
    if lines and hasattr(session.config, "workeroutput"):
        session.config.workeroutput["pyodide_timings"] = lines


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """The controller's side of the hand-over above (a pytest-xdist hook)."""
    lines = getattr(node, "workeroutput", {}).get("pyodide_timings")
    if lines:
        node.config._pyodide_timings = lines


def pytest_terminal_summary(terminalreporter):
    """Print the Pyodide timings this session recorded (tests/browser/test_browser_pyodide.py;
    they feed the benchmarks)."""
    results = getattr(terminalreporter.config, "_pyodide_timings", None)
    if not results:
        return
    terminalreporter.section("CPython in WebAssembly (Pyodide in Chromium) vs native CPython")
    for line in results:
        terminalreporter.write_line(line)
