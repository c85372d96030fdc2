"""The app's side of the embed API (P5): it obeys its page and tells it what happens.

`PageLink` sits between a `Host` and the page around the frame (`app.page`; in tests a fake
with the same functions). Once a frame, before the host's steps, `tick()`:

1. takes the page's commands (`take_commands`) and applies them to the host:
   pause / resume / play with who asked ("page", or "visibility" when the frame left or came
   back into view), restart (the scene's restart rule), set (a parameter, validated again by
   the scene's `ParamTable`), overlay (on, off or toggle), step (a count, only while paused),
   frame-size (handed to `host.frame_size`, which lays the chrome out for it);
2. reports what changed since the last frame, whoever changed it:
   paused / resumed with who did it (a reader's P, button or click is "reader"), a parameter's
   new value (a slider, `set`, "defaults"), and the shown scene's moments as events and as
   short lines for the hidden live region, KO · EN (`Scene.moment_line`); and, whenever any
   of it changed, the whole state (scene, paused and by whom, every parameter, the seed) for
   the page to answer `state` requests with (`report_state`), even while the app is off-screen
   and gets no frames.

Who paused decides who may resume: coming back into view undoes only a pause the view caused,
never the reader's or the page's; the page's own resume (or play) always goes on. Moments that
count something (SUMMED, a tear's links) are gathered over GATHER_FRAMES, so a cloak torn
across 14 frames is one event and one line ("cloth torn, 12 links"); the page itself says at
most one line every 1.5 s. Outside the browser every page call is a quiet no-op.
"""

import json
import sys
from math import isfinite

from scenes.kit.model.params import ParamError
from scenes.kit.model.run import MOMENT_NAME, restart_record, set_record

from . import page as browser_page

MAX_STEPS = 600
"""Most steps one `step` command takes (the page refuses more)."""
GATHER_FRAMES = 30
"""Frames (half a second) a counting moment gathers more of its kind before it is told."""
SUMMED = ("links", "threads", "ropes", "crates")
"""Detail fields that count things: gathered moments add them up; other fields keep the latest."""
PAUSE_SOURCES = ("reader", "page", "visibility")
PAUSED_LINE = "멈췄어요 · paused"
RESUMED_LINE = "다시 움직여요 · going on"
"""What the live region says when the reader or the page pauses or resumes (a pause the view
caused is not said: nobody is looking)."""


class PageLink:
    """The host's line to its page; see the module docstring.

    host   the `app.host.Host` to drive
    page   what talks to the page: `app.page` (default) or anything with its functions
    """

    def __init__(self, host, page=browser_page):
        self.host = host
        self.page = page
        self.was_paused = host.paused
        self.scene = host.scene
        self.values = dict(host.scene.values)
        self.gathering = {}  # moment name -> [detail so far, frames left]
        self.told_state = None  # the last state sent with report_state
        size = page.frame_size()
        if size is not None:
            self.use_frame_size(size)

    # -- commands ----------------------------------------------------------------------------

    def tick(self):
        """Once a frame, before the host's steps: the page's commands, then the reports."""
        for command in self.page.take_commands():
            try:
                self.apply(command)
            except (TypeError, ValueError, KeyError) as error:  # a malformed command: skipped
                print(f"page command {command.get('type')!r}: {error}", file=sys.stderr)
        self.report()

    def apply(self, command):
        """Apply one command ({"type": ..., ...}, as `app.page.take_commands` gives them)."""
        kind = command["type"]
        host = self.host
        if kind == "pause":
            self.pause(command.get("by", "page"))
        elif kind in ("resume", "play"):
            self.resume(command.get("by", "page"))
        elif kind == "restart":
            host.scene.apply(restart_record())
        elif kind == "set":
            self.set_param(command["name"], command["value"])
        elif kind == "overlay":
            on = command.get("on")
            context = host.scene.context
            context.overlay = (not context.overlay) if on is None else bool(on)
        elif kind == "step":
            count = int(command.get("count", 1))
            for _ in range(max(0, min(MAX_STEPS, count))):
                host.step_once()  # nothing while the host runs
        elif kind == "frame-size":
            self.use_frame_size(command)
        else:
            raise ValueError("unknown command type")

    def pause(self, by):
        """Pause for `by`; a page's pause over a pause the view caused takes it over (so coming
        back into view does not undo what the page asked)."""
        by = by if by in PAUSE_SOURCES else "page"
        host = self.host
        if host.paused:
            if by != "visibility" and host.paused_by == "visibility":
                host.paused_by = by
            return
        host.paused, host.paused_by = True, by
        self._said_pause(True, by)

    def resume(self, by):
        """Go on, unless it is the view coming back and someone else paused."""
        by = by if by in PAUSE_SOURCES else "page"
        host = self.host
        if not host.paused or (by == "visibility" and host.paused_by != "visibility"):
            return
        host.paused, host.paused_by = False, None
        self._said_pause(False, by)

    def set_param(self, name, value):
        """A parameter of the shown scene, checked by its table (the page checked it too):
        an unknown name or a value that is no finite number is refused, one out of range is
        brought inside it."""
        scene = self.host.scene
        try:
            param = scene.params.lookup(str(name))
        except ParamError as error:
            raise ValueError(str(error)) from None
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not isfinite(value):
            raise ValueError(f"{param.name} needs a finite number")
        scene.apply(set_record(param.name, float(value)))  # the run's table clamps it once

    def use_frame_size(self, size):
        """Hand the frame's CSS size to the host (`host.frame_size`, the fields of
        `app.page.frame_size`), which lays the chrome out for it."""
        fields = ("width", "height", "scale", "touch", "frameWidth", "frameHeight")
        self.host.frame_size = {key: size[key] for key in fields if key in size}

    # -- reports -----------------------------------------------------------------------------

    def report(self):
        """Tell the page what changed since the last frame: pause, parameters, moments."""
        host = self.host
        if host.paused != self.was_paused:  # someone else: the reader, or the window going away
            self._said_pause(host.paused, (host.paused_by or "reader") if host.paused else "reader")
        scene = host.scene
        if scene is not self.scene:  # another scene shown: its values are no change
            self.scene, self.values = scene, dict(scene.values)
        for name, value in scene.values.items():
            if self.values.get(name) != value:
                self.page.report_param(name, value)
        self.values = dict(scene.values)
        for name, detail in scene.take_moments():
            self.moment(name, detail)
        state = self.state()
        if state != self.told_state:
            self.told_state = state
            self.page.report_state(state)
        for name in list(self.gathering):
            entry = self.gathering[name]
            entry[1] -= 1
            if entry[1] <= 0:
                del self.gathering[name]
                self._tell(name, entry[0])

    def state(self):
        """{scene, paused, by, params, seed}: what the page answers a `state` request with (a
        seed past 2**53, which JavaScript cannot hold exactly, as its decimal text)."""
        host, scene = self.host, self.host.scene
        seed = getattr(getattr(scene, "run", None), "seed", 0)
        return {"scene": scene.name, "paused": bool(host.paused),
                "by": (host.paused_by or "reader") if host.paused else None,
                "params": dict(scene.values), "seed": seed if abs(seed) <= 2**53 else str(seed)}

    def _said_pause(self, paused, by):
        self.was_paused = paused
        if paused:
            self.page.report_paused(by)
        else:
            self.page.report_resumed(by)
        if by != "visibility":
            self.page.announce(PAUSED_LINE if paused else RESUMED_LINE)

    def moment(self, name, detail):
        """One moment of the shown scene: told now, or gathered when it counts something."""
        if not isinstance(name, str) or not MOMENT_NAME.match(name) or not isinstance(detail, dict):
            return
        if not any(key in detail for key in SUMMED):
            self._tell(name, detail)
            return
        if name not in self.gathering:
            self.gathering[name] = [dict(detail), GATHER_FRAMES]
            return
        gathered = self.gathering[name][0]
        for key, value in detail.items():
            if key in SUMMED and isinstance(value, (int, float)):
                gathered[key] = gathered.get(key, 0) + value
            else:
                gathered[key] = value

    def _tell(self, name, detail):
        try:
            json.dumps(detail)
        except (TypeError, ValueError):
            return
        self.page.report_event(name, **detail)
        line = self.host.scene.moment_line(name, detail)
        if line:
            self.page.announce(line)
