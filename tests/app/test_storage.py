"""app.storage (issue 12): where records live on each platform, that headless runs keep
nothing, and that a missing, corrupt or unwritable record never raises."""

import json
import os
import sys
import types
from pathlib import Path

import pytest

from app import storage


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """Records go to a temporary folder (never the user's own)."""
    where = tmp_path / "data"
    monkeypatch.setenv(storage.ENV_VAR, str(where))
    return where


# --- where ---------------------------------------------------------------------------------------

def test_the_data_folder_of_each_platform(tmp_path):
    home = tmp_path / "home"
    linux = storage.data_folder({}, "linux", home)
    assert linux == home / ".local" / "share" / "verlet-playground"
    assert storage.data_folder({"XDG_DATA_HOME": "/x/data"}, "linux", home) == \
        Path("/x/data/verlet-playground")
    assert storage.data_folder({}, "darwin", home) == \
        home / "Library" / "Application Support" / "verlet-playground"
    assert storage.data_folder({"APPDATA": r"C:\Users\a\AppData\Roaming"}, "win32", home) == \
        Path(r"C:\Users\a\AppData\Roaming") / "verlet-playground"


def test_the_variable_wins_and_headless_keeps_nothing_without_it(tmp_path):
    home = tmp_path / "home"
    assert storage.data_folder({"SDL_VIDEODRIVER": "dummy"}, "linux", home) is None
    assert storage.data_folder({"SDL_VIDEODRIVER": "offscreen"}, "darwin", home) is None
    chosen = {"SDL_VIDEODRIVER": "dummy", storage.ENV_VAR: str(tmp_path / "mine")}
    assert storage.data_folder(chosen, "linux", home) == tmp_path / "mine"
    assert storage.data_folder({"SDL_VIDEODRIVER": "x11"}, "linux", home) is not None


def test_the_tests_themselves_keep_nothing(tmp_path, monkeypatch):
    """conftest sets SDL's dummy driver: without the variable, save writes nowhere at all."""
    monkeypatch.delenv(storage.ENV_VAR, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert os.environ["SDL_VIDEODRIVER"] == "dummy"
    assert storage.save("spider", {"best": 9}) is False
    assert storage.load("spider") == {}
    assert list(tmp_path.rglob("*")) == []


# --- round trip and bad records --------------------------------------------------------------

def test_a_record_round_trips_one_file_per_scene(folder):
    assert storage.load("spider") == {}  # nothing yet: the defaults
    assert storage.save("spider", {"best": 12, "name": "web", "sound": False, "ratio": 0.5})
    assert storage.save("rope", {"best": 1})
    assert storage.load("spider") == {"best": 12, "name": "web", "sound": False, "ratio": 0.5}
    assert json.loads((folder / "spider.json").read_text()) == storage.load("spider")
    assert storage.load("rope") == {"best": 1}
    assert sorted(p.name for p in folder.iterdir()) == ["rope.json", "spider.json"]


@pytest.mark.parametrize("content", [
    b"", b"{", b"not json", b"[1, 2, 3]", b"12", b"null", b'"best"', b"\xff\xfe\x00garbage",
    b'{"best": NaN}', b"[" * 100_000, b"[" * 4000, b'{"best": 3, "pad": "' + b"x" * 10_000 + b'"}',
])
def test_a_corrupt_record_loads_as_nothing(folder, content):
    folder.mkdir(parents=True)
    (folder / "spider.json").write_bytes(content)
    assert storage.load("spider") == {}
    assert storage.save("spider", {"best": 4})  # and is replaced by the next save
    assert storage.load("spider") == {"best": 4}


def test_only_small_plain_values_are_kept(folder):
    folder.mkdir(parents=True)
    (folder / "spider.json").write_text(json.dumps(
        {"best": 7, "list": [1], "dict": {"a": 1}, "long": "y" * 500, "none": None}))
    assert storage.load("spider") == {"best": 7, "none": None}
    assert storage.save("spider", {"best": 8, "inf": float("inf"), "bad": object()})
    assert storage.load("spider") == {"best": 8}


def test_a_record_that_is_a_folder_or_unreadable_loads_as_nothing(folder):
    (folder / "spider.json").mkdir(parents=True)
    assert storage.load("spider") == {}
    assert storage.save("spider", {"best": 1}) is False  # cannot replace a folder: no raise


def test_a_write_failure_returns_false_and_leaves_no_litter(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setenv(storage.ENV_VAR, str(blocker / "sub"))
    assert storage.save("spider", {"best": 3}) is False
    assert storage.load("spider") == {}
    if os.name == "posix" and os.geteuid() != 0:  # root writes anywhere: skip that half there
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
        monkeypatch.setenv(storage.ENV_VAR, str(locked))
        assert storage.save("spider", {"best": 3}) is False
        assert list(locked.iterdir()) == []
    broken = tmp_path / "ok"
    monkeypatch.setenv(storage.ENV_VAR, str(broken))

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.os, "replace", full_disk)
    assert storage.save("spider", {"best": 3}) is False
    assert list(broken.iterdir()) == []  # the half-written file is gone


# --- the browser ----------------------------------------------------------------------------------

class FakeLocalStorage:
    def __init__(self, fail=False):
        self.items = {}
        self.fail = fail

    def getItem(self, key):  # noqa: N802 (the JavaScript name)
        if self.fail:
            raise RuntimeError("SecurityError: storage is disabled")
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        if self.fail:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value


def browser(monkeypatch, local):
    monkeypatch.setattr(storage.sys, "platform", "emscripten")
    monkeypatch.delenv(storage.ENV_VAR, raising=False)
    page = types.SimpleNamespace(window=types.SimpleNamespace(localStorage=local))
    monkeypatch.setitem(sys.modules, "platform", page)


def test_in_the_browser_records_go_to_local_storage(monkeypatch):
    local = FakeLocalStorage()
    browser(monkeypatch, local)
    assert storage.load("spider") == {}
    assert storage.save("spider", {"best": 5})
    assert json.loads(local.items["verlet-playground/spider"]) == {"best": 5}
    assert storage.load("spider") == {"best": 5}
    local.items["verlet-playground/spider"] = "{broken"
    assert storage.load("spider") == {}


def test_in_the_browser_a_disabled_storage_is_no_failure(monkeypatch):
    browser(monkeypatch, FakeLocalStorage(fail=True))
    assert storage.load("spider") == {}
    assert storage.save("spider", {"best": 5}) is False
