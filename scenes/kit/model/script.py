"""Scripted input: the EVENTS.json files that drive a headless run (the headless contract).

A script is a JSON list of objects, each applied just before step `frame` (0-based), in file order:

    {"frame": F, "type": "down" | "move" | "up", "pos": [x, y]}     pointer, canvas pixels;
                                        optional "touch": true makes it a finger, as on a phone;
                                        optional "button": 1 (left, the default) or 3 (right)
                                        on "down" and "up" (a "move" drags with the button the
                                        last "down" pressed)
    {"frame": F, "type": "key_down" | "key_up", "key": K}           K from KEY_NAMES
    {"frame": F, "type": "set", "name": N, "value": V}              a parameter moved to V, a
                                        number (the scene clamps it; an unknown N is refused
                                        when it is applied)
    {"frame": F, "type": "restart"}                                 the restart control (the
                                        restart rule decides); "at_once": true starts again now

`load_script` validates a whole file up front and raises `ScriptError` with one line naming the
first bad entry. Turning entries into pygame events happens in `scenes.kit.scene`, so this module
stays free of pygame. `ScriptedPlayer` is the other direction: a bot that plays a model and
keeps what it sent as such a script (the tests' spider bot, the recorded busy game).

`play` is the one driver of a script: a pure run (`scenes.kit.model.run.run_script`),
`main.py --headless` and the benchmarks all feed entries through it, so one events file gives one
game everywhere.
"""

import json
from math import isfinite

POINTER_TYPES = ("down", "move", "up")
KEY_TYPES = ("key_down", "key_up")
RUN_ONLY_TYPES = ("set", "restart")
"""Records no pygame event stands for: they go to the run as they are."""
KEY_NAMES = ("space", "return", "left", "right", "up", "down", "w", "a", "s", "d", "r", "o", "h",
             "x", "m", "p", ".", ",", "[", "]", "tab", "f11", "1", "2", "3", "4", "5", "6", "7",
             "8", "9")
"""Keys a script may press: the demos' own (x cuts with the keyboard's hand, m starts or stops
the spider's sky), then pause (p), one step (.), one phase of a frame (,), a frame back and
forward along the timeline while paused ([ and ]), scene switching (tab, 1..9) and fullscreen
(f11)."""
BUTTONS = (1, 3)
"""Mouse buttons a pointer entry may name: 1 the left (primary), 3 the right."""
MAX_COORDINATE = 1e6
"""Pointer coordinates beyond this are refused: far off any canvas, and a sign of a broken file."""


class ScriptError(ValueError):
    """An events file that cannot be used; the message is one line."""


def _check_entry(index, entry):
    where = f"event #{index}"
    if not isinstance(entry, dict):
        raise ScriptError(f"{where} must be an object, got {type(entry).__name__}")
    frame = entry.get("frame")
    if isinstance(frame, bool) or not isinstance(frame, int) or frame < 0:
        raise ScriptError(f"{where}: 'frame' must be a whole number >= 0, got {frame!r}")
    kind = entry.get("type")
    if kind in POINTER_TYPES:
        pos = entry.get("pos")
        if (
            not isinstance(pos, list)
            or len(pos) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in pos)
            or not all(isfinite(v) and abs(v) <= MAX_COORDINATE for v in pos)
        ):
            raise ScriptError(f"{where}: 'pos' must be [x, y], two finite numbers, got {pos!r}")
        touch = entry.get("touch", False)
        if not isinstance(touch, bool):
            raise ScriptError(f"{where}: 'touch' must be true or false, got {touch!r}")
        checked = {"frame": frame, "type": kind, "pos": (float(pos[0]), float(pos[1])),
                   "touch": touch}
        if "button" in entry:
            checked["button"] = _check_button(where, kind, entry["button"], touch)
        return checked
    if kind in KEY_TYPES:
        key = entry.get("key")
        if key not in KEY_NAMES:
            raise ScriptError(f"{where}: 'key' must be one of {', '.join(KEY_NAMES)}, got {key!r}")
        return {"frame": frame, "type": kind, "key": key}
    if kind == "set":
        name, value = entry.get("name"), entry.get("value")
        if not isinstance(name, str):
            raise ScriptError(f"{where}: 'name' must be a parameter's name, got {name!r}")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not isfinite(value):
            raise ScriptError(f"{where}: 'value' must be a finite number, got {value!r}")
        return {"frame": frame, "type": kind, "name": name, "value": value}
    if kind == "restart":
        at_once = entry.get("at_once", False)
        if not isinstance(at_once, bool):
            raise ScriptError(f"{where}: 'at_once' must be true or false, got {at_once!r}")
        return {"frame": frame, "type": kind, "at_once": True} if at_once else {
            "frame": frame, "type": kind}
    allowed = ", ".join(POINTER_TYPES + KEY_TYPES + RUN_ONLY_TYPES)
    raise ScriptError(f"{where}: 'type' must be one of {allowed}, got {kind!r}")


def _check_button(where, kind, button, touch):
    if kind == "move":
        raise ScriptError(f"{where}: 'button' belongs on a down or up (a move drags with the "
                          f"button held), got it on a move")
    if isinstance(button, bool) or button not in BUTTONS:
        raise ScriptError(f"{where}: 'button' must be 1 (left) or 3 (right), got {button!r}")
    if touch and button != 1:
        raise ScriptError(f"{where}: a touch has no right button ('touch' with 'button' 3)")
    return button


def parse_script(data):
    """Validate decoded JSON and return the entries sorted by frame (file order kept within one)."""
    if not isinstance(data, list):
        raise ScriptError(f"events must be a JSON list, got {type(data).__name__}")
    entries = [_check_entry(i, entry) for i, entry in enumerate(data)]
    return sorted(entries, key=lambda e: e["frame"])


def load_script(path):
    """Read and validate an events file."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except OSError as error:
        raise ScriptError(f"cannot read events file {path!r}: {error.strerror or error}") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise ScriptError(f"events file {path!r} is not valid JSON: {error}") from None
    except RecursionError:  # json decodes nested lists recursively: '[[[[...' would escape
        raise ScriptError(f"events file {path!r} is nested too deeply to be an events list") from None
    return parse_script(data)


def entries_by_frame(entries):
    """{frame: [entry, ...]} for quick lookup in the run loop."""
    grouped = {}
    for entry in entries:
        grouped.setdefault(entry["frame"], []).append(entry)
    return grouped


def play(target, entries, frames, after_step=None):
    """Run `frames` frames of `target`, handing it each entry just before its frame.

    `target` has `apply(entry)` (one validated entry) and `step()` (one frame): a
    `Run`, or the headless host (`app.headless.ScriptedHost`). `after_step(frame)`, when
    given, is called after each frame's step (a benchmark's clock, a recorder).
    """
    by_frame = entries_by_frame(entries)
    for frame in range(frames):
        for entry in by_frame.get(frame, ()):
            target.apply(entry)
        target.step()
        if after_step is not None:
            after_step(frame)


class ScriptedPlayer:
    """The input side of a bot: it sends inputs on to `send_input(kind, value)` and keeps each
    as an entry of an events script in `log`, stamped with `frame` (which the bot advances).

    Pointer positions are rounded to DIGITS decimals before they are sent, so the log replays
    to the very same game.
    """

    DIGITS = 3

    def __init__(self, send_input):
        self.send_input = send_input
        self.frame = 0
        self.log = []
        self.keys = ()

    def send(self, kind, value):
        entry = {"frame": self.frame, "type": kind}
        if kind in POINTER_TYPES:
            value = (round(value[0], self.DIGITS), round(value[1], self.DIGITS))
            entry["pos"] = list(value)
        else:
            entry["key"] = value
        self.log.append(entry)
        self.send_input(kind, value)

    def hold_keys(self, keys):
        """Press the keys of `keys` not held yet and let go of the held ones not in it."""
        for key in self.keys:
            if key not in keys:
                self.send("key_up", key)
        for key in keys:
            if key not in self.keys:
                self.send("key_down", key)
        self.keys = tuple(keys)
