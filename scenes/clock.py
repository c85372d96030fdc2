"""The fixed-step clock: real frame times in, whole 1/60 s simulation steps out (DESIGN.md, Time).

One simulation step is one 1/60 s frame, the unit the articles give gravity and damping in. The
clock adds up time and hands out whole steps, at most `max_steps` per displayed frame; a backlog
beyond that (a hidden tab, a breakpoint, a slow machine) is dropped, not caught up later.

Steady frames. Adding up the raw measured frame times makes a 60 Hz screen judder: the time we
read after a vsync'd flip wobbles by a millisecond or two around 16.7 ms, so the backlog crosses a
step boundary early or late and some frames run two steps and their neighbours none. The screen
itself is regular; only our reading of it is noisy. So the clock adds up the *screen's* period,
not the reading:

1. It keeps the median of the last `HISTORY` frame times: the display period, robust to outliers.
2. If that period lies within `SNAP_TOLERANCE` of a whole number of steps or of a step divided
   by a whole number (60, 30, 120, 240 Hz, and a 59.94 Hz screen), it is snapped to exactly that.
3. A frame whose measured time is within `FRAME_TOLERANCE` (half a period) of the period is a
   normal frame and adds exactly the (snapped) period; any other frame adds what it measured,
   so real time is still caught up. Half a period splits the two cleanly: a late reading is
   followed by an early one and both stay inside it, while a missed vsync costs a whole period.

Result: at 60 Hz every frame runs exactly one step; at 120 Hz exactly every other frame; at 144 Hz
(not a multiple) steps come every 2 or 3 frames in the steady pattern the ratio 2.4 dictates,
60 a second, and never 2 in one frame. Evenness beyond that on such screens would need drawing
between two simulated states (interpolation), which every view would have to support; the
regular 2-2-3-2-3 cadence is what a fixed 60 Hz simulation can show without it.
"""

from math import isfinite

STEP_SECONDS = 1.0 / 60.0
MAX_STEPS_PER_FRAME = 4
HISTORY = 15
"""Frame times the display-period estimate looks back over (a quarter second at 60 Hz)."""
SNAP_TOLERANCE = 0.03
"""A period within 3% of n steps or 1/n step is taken as exactly that (59.94 Hz -> 60 Hz)."""
FRAME_TOLERANCE = 0.5
"""A frame within 50% of the period is a normal frame; beyond it, a hitch counted as measured."""
SNAP_MULTIPLES = (1, 2, 3, 4)
"""Whole ratios between a step and the display period that are snapped (both ways)."""
LONGEST_PERIOD = 0.25
"""Frames longer than this (s) are pauses, never part of the display-period estimate."""


def snapped_period(period, step=STEP_SECONDS, tolerance=SNAP_TOLERANCE):
    """`period` replaced by step*n or step/n when within `tolerance` of one, else unchanged."""
    for n in SNAP_MULTIPLES:
        for exact in (step * n, step / n):
            if abs(period - exact) <= tolerance * exact:
                return exact
    return period


class FixedStepClock:
    """Turns elapsed wall-clock seconds per frame into a number of fixed simulation steps."""

    def __init__(self, step=STEP_SECONDS, max_steps=MAX_STEPS_PER_FRAME):
        self.step = step
        self.max_steps = max_steps
        self.backlog = 0.0
        self.dropped_steps = 0
        self.recent = []  # the last HISTORY plausible frame times, oldest first

    def period(self):
        """The display period as estimated now (snapped), or None before the first frame."""
        if not self.recent:
            return None
        ordered = sorted(self.recent)
        return snapped_period(ordered[len(ordered) // 2], self.step)

    def advance(self, elapsed):
        """Add one frame that took `elapsed` seconds; return how many steps to run now."""
        if not isfinite(elapsed) or elapsed <= 0.0:
            return 0
        if elapsed <= LONGEST_PERIOD:
            self.recent.append(elapsed)
            del self.recent[:-HISTORY]
        period = self.period()
        if period is not None and abs(elapsed - period) <= FRAME_TOLERANCE * period:
            elapsed = period  # a normal frame: the screen's period, not our noisy reading
        self.backlog += elapsed
        steps = int(self.backlog / self.step + 1e-9)  # 1e-9: n * step / step may land a hair short
        if steps > self.max_steps:
            self.dropped_steps += steps - self.max_steps
            self.backlog = 0.0
            return self.max_steps
        self.backlog = max(0.0, self.backlog - steps * self.step)
        return steps


NO_VSYNC_PERIOD = 1.0 / 250.0
"""Flips closer together than this do not wait for any real screen."""
NO_VSYNC_FRAMES = 30
"""That many such flips in a row and the pacer stops trusting vsync."""


class Pacer:
    """How long the desktop loop sleeps after each flip.

    With vsync the flip itself waits for the screen, so the loop does not sleep. Without it (the
    driver refused, or flips come back at once and so wait for nothing) the loop sleeps to fixed
    deadlines 1/60 s apart, which keeps the average frame at exactly one step however late each
    wake-up is, and starts the deadlines afresh after a hitch.
    """

    def __init__(self, vsync, period=STEP_SECONDS):
        self.vsync = vsync
        self.period = period
        self.deadline = None
        self.previous_start = None
        self.fast_flips = 0

    def delay(self, frame_start, now):
        """Seconds to sleep after a frame that began at `frame_start` and was shown at `now`."""
        if self.vsync:
            fast = self.previous_start is not None and frame_start - self.previous_start < NO_VSYNC_PERIOD
            self.previous_start = frame_start
            self.fast_flips = self.fast_flips + 1 if fast else 0
            if self.fast_flips < NO_VSYNC_FRAMES:
                return 0.0
            self.vsync = False
        if self.deadline is None or now - self.deadline > self.period:
            self.deadline = frame_start  # first frame, or far behind: start the beat again
        self.deadline += self.period
        return max(0.0, self.deadline - now)
