"""The Python side of the frame page, natively: no browser needed.

- app.page: the first flipped frame is reported once; an exception becomes one line.
- main.py's browser branch with a fake `platform.window`: "started" only after the first flip,
  and an exception escaping a scene's import, step, draw or input is reported, then re-raised.
- the template's own unpack() (the Python block of the built index.html), run against the
  files of build/itch.zip as hosts hand them over: gzip as is, already decompressed by the host
  (itch.io), or the .tar.gz missing (the .apk is used).
"""

import asyncio
import gzip
import re
import runpy
import sys
import types
import zipfile
from pathlib import Path

import pygame
import pytest

import main
from app import page
from scenes.catalog import SCENES

from tests.support.browser import bundle_stem

ROOT = Path(__file__).resolve().parents[2]


def run_async(coroutine_function, *args):
    """asyncio.run in a thread of its own: the browser tests' playwright keeps an event loop
    running in this one. Returns the result or raises what the coroutine raised."""
    import threading

    outcome = {}

    def target():
        try:
            outcome["result"] = asyncio.run(coroutine_function(*args))
        except BaseException as error:  # handed back to the test
            outcome["error"] = error

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(timeout=120)
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("result")


class FakePage:
    """window.verletPage as the template defines it: records what the app tells it."""

    def __init__(self):
        self.calls = []

    def started(self):
        self.calls.append(("started",))

    def failed(self, line):
        self.calls.append(("failed", line))


@pytest.fixture
def fake_window(monkeypatch):
    window = types.SimpleNamespace(verletPage=FakePage(),
                                   location=types.SimpleNamespace(search="?scene=rope"))
    monkeypatch.setattr(page, "page_window", lambda: window)
    monkeypatch.setattr(page, "_first_frame_reported", False)
    return window


def test_outside_the_browser_reports_are_quiet_no_ops(monkeypatch, capsys):
    monkeypatch.setattr(page, "_first_frame_reported", False)
    assert page.page_window() is None  # sys.platform is not emscripten here
    page.report_first_frame()
    page.report_failure(ValueError("x"))
    assert capsys.readouterr().err == ""


def test_failure_line_is_the_last_line_and_short():
    try:
        {}["missing"]
    except KeyError as error:
        assert page.failure_line(error) == "KeyError: 'missing'"
    long = page.failure_line(RuntimeError("x" * 500))
    assert len(long) == page.MAX_LINE and long.startswith("RuntimeError: xxx") and long.endswith("\u2026")
    assert page.failure_line(ValueError("two\n  lines")) == "ValueError: two lines"


def test_first_frame_reported_once(fake_window):
    for _ in range(5):
        page.report_first_frame()
    assert fake_window.verletPage.calls == [("started",)]


def run_browser_branch(monkeypatch, query="?scene=rope"):
    monkeypatch.setattr(main, "IN_BROWSER", True)
    monkeypatch.setattr(main, "page_query", lambda: query)
    return run_async(main.main)


@pytest.mark.parametrize("where", ["draw", "step", "handle"])
def test_exception_escaping_a_scene_is_shown_in_the_frame(monkeypatch, fake_window, where):
    scene_class = SCENES["rope"]
    original = getattr(scene_class, where)
    counter = {"calls": 0}
    fail_on = {"draw": 3, "step": 2, "handle": 1}[where]

    def failing(self, *args):
        counter["calls"] += 1
        if counter["calls"] >= fail_on:
            raise ZeroDivisionError("division by zero")
        return original(self, *args)

    monkeypatch.setattr(scene_class, where, failing)
    if where == "handle":  # an input event in the first frame
        original_get = pygame.event.get
        monkeypatch.setattr(pygame.event, "get", lambda: original_get() + [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(480, 270), button=1)])
    with pytest.raises(ZeroDivisionError):
        run_browser_branch(monkeypatch)
    calls = fake_window.verletPage.calls
    assert calls[-1] == ("failed", "ZeroDivisionError: division by zero")
    if where == "draw":  # two frames were flipped before the third draw failed
        assert calls == [("started",), ("failed", "ZeroDivisionError: division by zero")]
    if where == "handle":  # failed before its first frame: never "started"
        assert calls == [("failed", "ZeroDivisionError: division by zero")]


def test_started_only_after_the_first_flip(monkeypatch, fake_window):
    flips = []
    original_flip = pygame.display.flip

    def flip():
        flips.append(list(fake_window.verletPage.calls))
        original_flip()
        if len(flips) == 3:
            raise KeyboardInterrupt  # end the endless loop after three frames

    monkeypatch.setattr(pygame.display, "flip", flip)
    with pytest.raises(KeyboardInterrupt):
        run_browser_branch(monkeypatch)
    assert flips[0] == [], "started was reported before the first frame was flipped"
    assert flips[1] == [("started",)] and fake_window.verletPage.calls == [("started",)]


def test_main_py_failing_on_import_is_shown_in_the_frame(monkeypatch, fake_window):
    monkeypatch.setitem(sys.modules, "scenes.catalog", None)  # import of it now raises
    with pytest.raises(ImportError):
        runpy.run_path(str(ROOT / "main.py"), run_name="main_under_test")
    (kind, line), = fake_window.verletPage.calls
    assert kind == "failed" and re.fullmatch(r"ModuleNotFoundError: import of scenes\.catalog halted.*", line), line


# The template's unpack(), as the runtime runs it.

class FakeFopen:
    """platform.fopen over a folder: the URLs asked for are recorded; a missing file raises."""

    def __init__(self, folder):
        self.folder = folder
        self.urls = []

    def __call__(self, url, mode="r"):
        self.urls.append(url)
        path = self.folder / url.split("?", 1)[0]

        class Opened:
            async def __aenter__(self):
                if not path.is_file():
                    raise FileNotFoundError(f"404 {url}")
                self.handle = open(path, "rb")
                return self.handle

            async def __aexit__(self, *exc):
                self.handle.close()

        return Opened()


def template_unpack(index_html, fopen):
    """The Python block of the built page up to its custom_site(), with a fake platform."""
    text = index_html.read_text(encoding="utf-8")
    block = re.search(r'<script type="text/x-python" id="vp-python">(.*?)</script>', text, re.S).group(1)
    code = block.split("async def custom_site", 1)[0]
    fake_platform = types.SimpleNamespace(fopen=fopen, window=None)
    namespace = {}
    saved = sys.modules.get("platform")
    sys.modules["platform"] = fake_platform
    try:
        exec(compile(code, "index.html (vp-python)", "exec"), namespace)
    finally:
        sys.modules["platform"] = saved
    return namespace


@pytest.fixture(scope="module")
def itch_folder(tmp_path_factory, web_build):
    from web import itch

    zipped = tmp_path_factory.mktemp("itch") / "itch.zip"
    names = itch.build_itch(out=zipped)
    folder = tmp_path_factory.mktemp("itch-files")
    with zipfile.ZipFile(zipped) as archive:
        archive.extractall(folder)
    return {"dir": folder, "names": names}


@pytest.mark.parametrize("host", ["as-is", "host-decompressed", "tar-missing"])
def test_template_unpacks_what_each_host_serves(itch_folder, tmp_path, host):
    import shutil

    served = tmp_path / "served"
    shutil.copytree(itch_folder["dir"], served)
    stem = bundle_stem()
    tar_gz = served / f"{stem}.tar.gz"
    if host == "host-decompressed":
        tar_gz.write_bytes(gzip.decompress(tar_gz.read_bytes()))
    if host == "tar-missing":
        tar_gz.unlink()
    fopen = FakeFopen(served)
    namespace = template_unpack(served / "index.html", fopen)
    appdir = tmp_path / "app"
    appdir.mkdir()
    used = run_async(namespace["unpack"], appdir)
    assert used == (f"{stem}.apk" if host == "tar-missing" else f"{stem}.tar.gz")
    assert (appdir / "assets" / "main.py").read_bytes() == (ROOT / "main.py").read_bytes()
    assert (appdir / "assets" / "app" / "page.py").is_file()
    version = namespace["VERSION"]
    assert re.fullmatch(r"[0-9a-f]{12}", version)
    assert all(url.endswith(f"?v={version}") for url in fopen.urls), fopen.urls


def test_template_names_both_archives_when_neither_can_be_read(itch_folder, tmp_path):
    fopen = FakeFopen(tmp_path)  # an empty folder: both 404
    namespace = template_unpack(itch_folder["dir"] / "index.html", fopen)
    stem = re.escape(bundle_stem())
    with pytest.raises(RuntimeError, match=rf"{stem}\.tar\.gz: FileNotFoundError.*; {stem}\.apk: FileNotFoundError"):
        run_async(namespace["unpack"], tmp_path)
