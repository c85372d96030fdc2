"""Small values a scene keeps between runs (the spider game's best score): load and save.

Each scene owns one record: a flat dict of small values (numbers, short strings, booleans).

- Desktop: one JSON file per scene, `<data folder>/<scene>.json`, where the data folder is
  `$XDG_DATA_HOME/verlet-playground` (else `~/.local/share/verlet-playground`) on Linux and the
  BSDs, `~/Library/Application Support/verlet-playground` on macOS and
  `%APPDATA%\\verlet-playground` on Windows.
- Browser (`sys.platform == "emscripten"`): the page's `localStorage`, key
  `verlet-playground/<scene>`, holding the same JSON text.
- `VERLET_PLAYGROUND_DATA=<folder>` in the environment puts the files in that folder instead
  (tests point it at a temporary folder).
- Headless runs (`main.py --headless`, and the tests: SDL's `dummy` or `offscreen` video driver)
  keep nothing unless that variable is set, so a scripted run never reads or changes a
  player's real record and always starts from the same state.

Nothing here ever raises: a missing, unreadable, oversized or corrupt record loads as `{}`, and a
failed write returns False (the game goes on; the value simply is not kept). Pure Python.
"""

import json
import os
import sys
from math import isfinite
from pathlib import Path

ENV_VAR = "VERLET_PLAYGROUND_DATA"
"""Environment variable naming the folder to keep records in (overrides every default)."""
APP_FOLDER = "verlet-playground"
"""Name of our folder inside the platform's data folder, and the prefix of localStorage keys."""
HEADLESS_DRIVERS = ("dummy", "offscreen")
"""SDL video drivers that mean "no window": nothing is kept then unless ENV_VAR is set."""
MAX_BYTES = 4096
"""A record larger than this is not ours (or is damaged): it is ignored, never parsed."""
MAX_TEXT = 200
"""Longest string value kept, characters."""


def in_browser(platform_name=None):
    return (platform_name or sys.platform) == "emscripten"


def data_folder(environ=None, platform_name=None, home=None):
    """The folder records are kept in, or None when nothing should be kept (headless).

    `environ`, `platform_name` and `home` default to the real ones; tests pass their own.
    """
    environ = os.environ if environ is None else environ
    platform_name = platform_name or sys.platform
    override = environ.get(ENV_VAR, "").strip()
    if override:
        return Path(override).expanduser()
    if environ.get("SDL_VIDEODRIVER", "").lower() in HEADLESS_DRIVERS:
        return None
    home = Path(home) if home is not None else Path.home()
    if platform_name.startswith("win"):
        base = environ.get("APPDATA")
        return (Path(base) if base else home / "AppData" / "Roaming") / APP_FOLDER
    if platform_name == "darwin":
        return home / "Library" / "Application Support" / APP_FOLDER
    base = environ.get("XDG_DATA_HOME", "").strip()
    return (Path(base) if base else home / ".local" / "share") / APP_FOLDER


def record_path(scene, folder):
    return Path(folder) / f"{scene}.json"


def clean(record):
    """Only the small plain values of a loaded record: a dict of str keys to int, float, bool,
    None or short str. Anything else (a list, a nested dict, a long text, NaN) is dropped."""
    if not isinstance(record, dict):
        return {}
    kept = {}
    for key, value in record.items():
        if not isinstance(key, str) or len(key) > MAX_TEXT:
            continue
        if isinstance(value, float) and not isfinite(value):
            continue
        if value is None or isinstance(value, (bool, int, float)):
            kept[key] = value
        elif isinstance(value, str) and len(value) <= MAX_TEXT:
            kept[key] = value
    return kept


def _parse(text):
    if text is None or len(text) > MAX_BYTES:
        return {}
    try:
        return clean(json.loads(text))
    except (ValueError, RecursionError):
        return {}


def load(scene):
    """The record `scene` saved last, or {} when there is none or it cannot be read."""
    try:
        if in_browser() and not os.environ.get(ENV_VAR):
            return _parse(_local_storage_get(f"{APP_FOLDER}/{scene}"))
        folder = data_folder()
        if folder is None:
            return {}
        path = record_path(scene, folder)
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return {}
        return _parse(path.read_text(encoding="utf-8"))
    except Exception:  # a record is a convenience: no failure of it may stop the game
        return {}


def save(scene, record):
    """Keep `record` (a dict of small plain values) for `scene`; True when it was written.

    The file is written beside its final name and then renamed over it, so a crash mid-write
    leaves the old record whole.
    """
    try:
        text = json.dumps(clean(record), sort_keys=True)
        if in_browser() and not os.environ.get(ENV_VAR):
            _local_storage_set(f"{APP_FOLDER}/{scene}", text)
            return True
        folder = data_folder()
        if folder is None:
            return False
        folder.mkdir(parents=True, exist_ok=True)
        path = record_path(scene, folder)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            temporary.write_text(text, encoding="utf-8")
            os.replace(temporary, path)
        finally:
            if temporary.exists():
                temporary.unlink()
        return True
    except Exception:  # read-only folder, full disk, storage disabled in the browser, ...
        return False


def _local_storage_get(key):
    import platform  # pygbag's own module in the browser, with the page's `window`

    value = platform.window.localStorage.getItem(key)
    return None if value is None else str(value)


def _local_storage_set(key, text):
    import platform

    platform.window.localStorage.setItem(key, text)
