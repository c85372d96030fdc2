"""The app's bridge to the browser page around it (P2): reports and the embed API.

Reports: "my first frame is on screen", "I failed", and for the embedding page (web/embed.js
posts them on) paused/resumed, a parameter changed, a scene's moment, a line for the live
region. Reads: the commands the embedding page sent (play, pause, resume, restart, set,
overlay, step, already validated by the page) plus the frame's own pause/resume when it leaves
or re-enters the view, the frame's CSS size, and whether the reader asks for reduced motion.

The page (web/verlet.tmpl) keeps its loading card up until the app says its first frame has been
flipped, and shows any exception that escapes a scene (import, step, draw, input) as one readable
line with a Reload button. Both reports go through `platform.window.verletPage`, the object the
template defines; pygbag's runtime exposes the page's `window` as `platform.window`.

Standard library only, imported by main.py before pygame, so an import that fails after it can
still be reported. Outside the browser (no `platform.window`) every call here is a quiet no-op.
"""

import json
import sys
import traceback

MAX_LINE = 200
"""Longest failure line sent to the page, in characters (a card in a 320 x 180 frame)."""

_first_frame_reported = False


def page_window():
    """The browser page's `window` (pygbag's `platform.window`), or None outside the browser."""
    if sys.platform != "emscripten":
        return None
    try:
        import platform

        return platform.window
    except Exception:  # an older runtime without the bridge: nothing to report to
        return None


def _call(method, *args):
    """Call window.verletPage.<method>(*args); a page without it (or any JS error) is only logged."""
    window = page_window()
    if window is None:
        return False
    try:
        getattr(window.verletPage, method)(*args)
        return True
    except Exception as error:
        print(f"verletPage.{method}: {error}", file=sys.stderr)
        return False


def failure_line(error):
    """One readable line for an exception: its last traceback line ('ValueError: bad x')."""
    lines = traceback.format_exception_only(type(error), error)
    text = " ".join(lines[-1].split()) if lines else type(error).__name__
    if len(text) > MAX_LINE:
        text = text[:MAX_LINE - 1] + "\u2026"
    return text


def report_first_frame():
    """Tell the page, once, that the first frame has been flipped; cheap to call every frame."""
    global _first_frame_reported
    if _first_frame_reported:
        return
    _first_frame_reported = True
    _call("started")


def report_failure(error):
    """Show `error` in the frame (one line + Reload) and print its traceback for #debug readers."""
    if page_window() is None:
        return
    traceback.print_exception(type(error), error, error.__traceback__, file=sys.stderr)
    _call("failed", failure_line(error))


def _read_json(expression):
    """Evaluate `expression(window)` -> JSON text in the page and parse it; None when unavailable."""
    window = page_window()
    if window is None:
        return None
    try:
        return json.loads(str(expression(window)))
    except Exception as error:
        print(f"verletPage: {error}", file=sys.stderr)
        return None


def take_commands():
    """The page's commands since the last call, oldest first: [{"type": "pause", "by": "page"}, ...].

    Types: play/resume/pause (with "by": "page" or "visibility"), restart, set ("name",
    "value"), overlay (optional "on"), step ("count"), frame-size (the fields of frame_size()).
    Call once a frame; outside the browser (or on any page error) it is an empty list."""
    commands = _read_json(lambda window: window.verletPage.takeCommands())
    if not isinstance(commands, list):
        return []
    return [c for c in commands if isinstance(c, dict) and isinstance(c.get("type"), str)]


def frame_size():
    """{"width", "height", "scale", "touch", "frameWidth", "frameHeight"}: the canvas's box in
    CSS px, CSS px per canvas px and whether the main pointer is coarse; None outside the browser."""
    size = _read_json(lambda window: window.JSON.stringify(window.verletPage.frameSize()))
    return size if isinstance(size, dict) else None


def reduced_motion():
    """True when the reader's browser asks for reduced motion (start calm); False outside it."""
    window = page_window()
    try:
        return bool(window is not None and window.verletPage.reducedMotion)
    except Exception:
        return False


def announce(text):
    """Say `text` (one short line) in the frame's hidden live region; the page limits the rate."""
    return _call("announce", str(text)[:MAX_LINE])


def report_paused(by="reader"):
    """Tell the embedding page the demo paused; `by` is "reader", "page" or "visibility"."""
    return _call("reportPaused", by)


def report_resumed(by="reader"):
    return _call("reportResumed", by)


def report_param(name, value):
    """Tell the embedding page a parameter now has `value` (a slider, a `set`, defaults)."""
    return _call("reportParam", str(name), float(value))


def report_event(name, **detail):
    """A scene's moment for the embedding page: report_event("caught", score=3)."""
    return _call("reportEvent", str(name), json.dumps(detail))


def want_size(width, height):
    """Tell the embedding page the frame's preferred size in CSS px (posted as "size")."""
    return _call("wantSize", float(width), float(height))


def share_links(query):
    """{"link", "embed"}: the frame's address with `query` ("scene=rope&gravity=0.5&seed=3") and
    the iframe snippet for it, for "copy link" / "copy embed"; None outside the browser."""
    links = _read_json(lambda window: window.JSON.stringify(window.verletPage.shareLinks(str(query))))
    return links if isinstance(links, dict) else None


def report_state(state):
    """The demo's {scene, paused, by, params, seed} for the page, which answers `state` requests
    with it at any time (also while the app, off-screen, gets no frames)."""
    return _call("reportState", json.dumps(state))


def copy_text(text):
    """Put `text` on the page's clipboard (call from a tap or click): True when it is being
    written, False when the frame may not write it (the page then shows the text selected in
    its copy field, saying why) or outside the browser."""
    window = page_window()
    if window is None:
        return False
    try:
        return bool(window.verletPage.copyText(str(text)))
    except Exception as error:
        print(f"verletPage.copyText: {error}", file=sys.stderr)
        return False
