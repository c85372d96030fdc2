"""The app's reports to the browser page around it (P2): "my first frame is on screen", "I failed".

The page (web/verlet.tmpl) keeps its loading card up until the app says its first frame has been
flipped, and shows any exception that escapes a scene (import, step, draw, input) as one readable
line with a Reload button. Both reports go through `platform.window.verletPage`, the object the
template defines; pygbag's runtime exposes the page's `window` as `platform.window`.

Standard library only, imported by main.py before pygame, so an import that fails after it can
still be reported. Outside the browser (no `platform.window`) every call here is a quiet no-op.
"""

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
