"""Render quality tiers and the governor that picks one as the frame allows.

The tiers themselves (what each one draws) are the demos' business: `scenes.kit.tiers`.

The `QualityGovernor` watches how long each live frame's work (steps, draw and the present that
scales the canvas to the window) takes against the display interval. When the mean over the last second passes `DROP_SHARE` of the interval it
drops one tier; when the frame has had plenty of room (under `ROOM_SHARE`) for `CLIMB_SECONDS`
it climbs one back. After any change it holds still for `HOLD_SECONDS`, and a climb that is
undone soon after doubles the wait before the next climb, so a load near the threshold settles
instead of flickering between tiers. Pure Python (no pygame): it is fed numbers, and tests feed
it a fake clock.
"""

from collections import deque
from math import isfinite

from scenes.kit.tiers import DEFAULT_TIER, TIERS

MODES = ("auto", "high", "medium", "low")
"""What a user may ask for: "auto" (governed, starting at high) or one tier pinned."""
DEFAULT_MODE = "auto"

WINDOW_SECONDS = 1.0
"""The governor judges the mean frame over this much recent time."""
DROP_SHARE = 0.8
"""Mean work above this share of the display interval drops a tier (the rest of the interval
is the browser's and the flip's; past ~80% frames start to miss the screen's refresh)."""
ROOM_SHARE = 0.5
"""Mean work below this share of the interval counts as room to climb: a climb adds work, and
this leaves it space to do so without crossing DROP_SHARE at once."""
CLIMB_SECONDS = 3.0
"""How long there must have been room before the first climb back (a few seconds)."""
MAX_CLIMB_SECONDS = 48.0
"""The longest the back-off may make that wait (3 s doubled four times)."""
HOLD_SECONDS = 2.0
"""After a change nothing is judged for this long: the new tier gets a fair, fresh measure."""
FAILED_CLIMB_SECONDS = 5.0
"""A drop this soon after a climb means the climb did not fit: the next climb waits twice as long."""
SETTLED_SECONDS = 20.0
"""A climb that has held this long has proven itself: the back-off starts again from CLIMB_SECONDS."""
GAP_SECONDS = 0.25
"""A frame that starts this long after the previous one follows a pause (hidden tab, a
breakpoint, a window drag): the measurements so far are dropped, not judged."""
SHORTEST_INTERVAL = 1.0 / 60.0
"""The budget is never judged against less than one simulation step: the state changes 60 times a
second, so a 120 Hz screen shown at 60 fps still shows every step."""
LONGEST_INTERVAL = 1.0 / 30.0
"""Nor against more than this: a struggling loop's own slow frames are not a slow screen."""


def budget_interval(interval):
    """The display interval the work is judged against: `interval` (s) clamped to a sane range,
    or one simulation step when it is unknown or nonsense."""
    if interval is None or not isfinite(interval) or interval <= 0.0:
        return SHORTEST_INTERVAL
    return min(LONGEST_INTERVAL, max(SHORTEST_INTERVAL, interval))


class FrameRate:
    """Frames per second over the last second, from the times frames were shown."""

    def __init__(self):
        self.times = deque()

    def tick(self, now):
        self.times.append(now)
        while now - self.times[0] > WINDOW_SECONDS:
            self.times.popleft()

    def fps(self):
        """Frames per second over the last second, or None before two frames."""
        if len(self.times) < 2 or self.times[-1] <= self.times[0]:
            return None
        return (len(self.times) - 1) / (self.times[-1] - self.times[0])


class QualityGovernor:
    """Picks the render tier from measured frame work.

    mode   "auto" (governed, starting at DEFAULT_TIER) or a tier name (pinned: never changes)

    Feed it `record(now, work, interval)` once per live frame. `tier` is the tier to draw at;
    `changes` lists (time, tier) of every change, for tests and the curious.
    """

    def __init__(self, mode=DEFAULT_MODE):
        if mode not in MODES:
            raise ValueError(f"unknown quality {mode!r}; use one of {', '.join(MODES)}")
        self.mode = mode
        self.tier = DEFAULT_TIER if mode == "auto" else mode
        self.changes = []
        self.frames = deque()  # (time, work share of the interval) over the last WINDOW_SECONDS
        self.share_sum = 0.0
        self.window_start = None  # when the current run of measurements began
        self.last = None  # time of the previous frame
        self.quiet_until = None  # nothing is judged before this time
        self.room_since = None  # since when the mean has been under ROOM_SHARE
        self.climb_wait = CLIMB_SECONDS
        self.last_climb = None  # time of the last climb not yet proven

    @property
    def pinned(self):
        return self.mode != "auto"

    def restart(self):
        """Forget the measurements (a scene shown again, a pause): judge afresh, keep the tier."""
        self.frames.clear()
        self.share_sum = 0.0
        self.window_start = None
        self.last = None
        self.room_since = None

    def mean_share(self):
        """Mean work over the last second as a share of the interval, or None without frames."""
        if not self.frames:
            return None
        return self.share_sum / len(self.frames)

    def record(self, now, work, interval=None):
        """One frame shown at `now` (s, any monotonic clock) whose steps and draw took `work` s,
        on a display refreshing every `interval` s (None: unknown). Returns the tier to draw at."""
        if self.pinned or not (isfinite(now) and isfinite(work)) or work < 0.0:
            return self.tier
        if self.last is not None and (now - self.last > GAP_SECONDS or now < self.last):
            self.restart()
        self.last = now
        if self.window_start is None:
            self.window_start = now
        share = work / budget_interval(interval)
        self.frames.append((now, share))
        self.share_sum += share
        while now - self.frames[0][0] > WINDOW_SECONDS:
            self.share_sum -= self.frames.popleft()[1]
        self._judge(now)
        return self.tier

    def _judge(self, now):
        if self.quiet_until is not None and now < self.quiet_until:
            return
        if now - self.window_start < WINDOW_SECONDS:
            return  # not a full second measured yet
        mean = self.mean_share()
        index = TIERS.index(self.tier)
        if self.last_climb is not None and now - self.last_climb > SETTLED_SECONDS:
            self.last_climb = None
            self.climb_wait = CLIMB_SECONDS  # the climb held: back-off forgiven
        if mean > DROP_SHARE:
            self.room_since = None
            if index > 0:
                if self.last_climb is not None and now - self.last_climb <= FAILED_CLIMB_SECONDS:
                    self.climb_wait = min(MAX_CLIMB_SECONDS, self.climb_wait * 2.0)
                self.last_climb = None
                self._change(now, TIERS[index - 1])
            return
        if mean >= ROOM_SHARE:
            self.room_since = None
            return
        if self.room_since is None:
            self.room_since = now
        if index < len(TIERS) - 1 and now - self.room_since >= self.climb_wait:
            self.last_climb = now
            self._change(now, TIERS[index + 1])

    def _change(self, now, tier):
        self.tier = tier
        self.changes.append((now, tier))
        self.quiet_until = now + HOLD_SECONDS
        self.restart()
        self.last = now


def label(tier, mode, fps=None):
    """The overlay's line: frames per second, the tier, and whether it is governed or pinned."""
    rate = "-- fps" if fps is None else f"{fps:.0f} fps"
    return f"{rate} · {tier} ({'auto' if mode == 'auto' else 'pinned'})"
