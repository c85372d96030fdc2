"""The fixed-step clock: real frame times in, whole 1/60 s simulation steps out.

One simulation step is one 1/60 s frame, the unit the articles give gravity and damping in. The
clock adds up time and hands out whole steps, at most `max_steps` per displayed frame; a backlog
beyond that (a hidden tab, a breakpoint, a slow machine) is dropped, not caught up later.

Steady frames. Adding up the raw measured frame times makes a 60 Hz screen judder: the time we
read after a vsync'd flip is late by a wobbling fraction of a millisecond (now and then several),
so the backlog crosses a step boundary early or late and some frames run two steps and their
neighbours none. The screen itself is regular; only our reading of it is noisy. So the clock
counts the *screen's* periods, not our readings:

1. The display period is the mean time per refresh over the last `LONG_HISTORY` frames (the
   readings' lateness cancels out over a second), or the median of the first few frame times.
2. The clock keeps an estimate of when the last frame was really shown, on the readings'
   timeline, locked to the earliest readings (a reading can only be late, never early: the
   estimate is pulled back to any reading before it and forward by the smallest lateness of
   the last `HISTORY` frames).
3. Each frame was shown a whole number k >= 1 of periods after the previous one: the reading
   minus the estimate, in periods, rounded down after adding `EARLY_SHARE`. So a reading up to
   3/4 of a period late still counts one period, and a missed vsync counts two.
4. The time credited to the simulation is k display periods, where the period is snapped to
   exactly n steps or a step / n when it lies within `SNAP_TOLERANCE` of one (60, 30, 120, 240
   Hz; a 59.94 Hz screen counts as 60 Hz, 0.1% slow motion nobody sees, rather than one frame
   in a thousand with two steps).

When fewer than `REGULAR_SHARE` of the recent readings came after the refresh the estimate puts
them at, there is no beat to lock to (a machine that does not keep up, frames paced by a busy timer):
then each frame counts its measured time, so the simulation keeps real time. Pauses longer than
`LONGEST_PERIOD` count as measured (the cap applies) and start the estimate afresh. Result: at 60 Hz every frame runs exactly one step, at 120 Hz exactly every other one,
at 30 Hz two each. At 144 Hz (2.4 frames a step) steps come every 2 or 3 frames, 60 a second,
never two in one frame: the most even cadence a fixed 60 Hz simulation can show without drawing
between two simulated states (interpolation, which every view would have to support).
"""

from math import floor, isfinite

STEP_SECONDS = 1.0 / 60.0
MAX_STEPS_PER_FRAME = 4
HISTORY = 15
"""Frames the period estimate and the lateness lock look back over (a quarter second at 60 Hz)."""
LONG_HISTORY = 60
"""Frames the credited period is averaged over (one second at 60 Hz)."""
SNAP_TOLERANCE = 0.03
"""A period within 3% of n steps or 1/n step is taken as exactly that (59.94 Hz -> 60 Hz)."""
EARLY_SHARE = 0.25
"""How early (in periods) a reading may be against the estimate and still count for its frame:
readings are late by 0 .. 3/4 of a period, and the frame count is floor(periods + 1/4)."""
FIT_TOLERANCE = 0.15
"""A reading more than this share of a period before the refresh it should follow does not fit
the screen's beat (readings on a beat are late, never early)."""
REGULAR_SHARE = 0.75
"""Below this share of fitting frames there is no beat to lock to: real time is counted."""
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
        self.reading = 0.0  # the sum of all frame times: the loop's own timeline
        self.shown = None  # when the last frame was really shown, on that timeline
        self.lateness = []  # reading - shown of the last HISTORY frames
        self.counted = []  # (frame time, refreshes it spanned) of the last LONG_HISTORY frames
        self.fits = []  # whether each of the last HISTORY frames lasted about whole periods

    def period(self):
        """The display period as measured, or None before any frame: the mean over the last
        `LONG_HISTORY` frames per refresh once there are enough (the readings' lateness cancels
        out over them), else the median of the few recent frame times."""
        refreshes = sum(frames for _, frames in self.counted)
        if refreshes >= HISTORY:
            return sum(elapsed for elapsed, _ in self.counted) / refreshes
        if not self.recent:
            return None
        ordered = sorted(self.recent)
        return ordered[len(ordered) // 2]

    def _screen_time(self, elapsed):
        """The time the screen really moved on during this frame: a whole number of periods."""
        self.reading += elapsed
        if elapsed > LONGEST_PERIOD:
            self.shown = None  # a pause: find the screen's beat again afterwards
            self.lateness.clear()
            self.counted.clear()
            return elapsed
        self.recent.append(elapsed)
        del self.recent[:-HISTORY]
        period = self.period()
        if self.shown is None:
            self.shown = self.reading
            return self.steady_period()
        frames = max(1, floor((self.reading - self.shown) / period + EARLY_SHARE))
        self.counted.append((elapsed, frames))
        del self.counted[:-LONG_HISTORY]
        expected = self.shown + frames * period
        # on a screen's beat a reading is never much before the refresh it follows
        self.fits.append(self.reading > expected - FIT_TOLERANCE * period)
        del self.fits[:-HISTORY]
        self.shown = min(expected, self.reading)
        self.lateness.append(self.reading - self.shown)
        del self.lateness[:-HISTORY]
        least = min(self.lateness)
        if least > 0.0:  # every recent reading was late: the estimate lags the screen
            self.shown += least
            self.lateness = [late - least for late in self.lateness]
        if sum(self.fits) < REGULAR_SHARE * len(self.fits):
            return elapsed  # no steady beat to lock to (a struggling machine): real time
        return frames * self.steady_period()

    def steady_period(self):
        """The period credited per shown frame: the measured one, snapped."""
        return snapped_period(self.period() or self.step, self.step)

    def advance(self, elapsed):
        """Add one frame that took `elapsed` seconds; return how many steps to run now."""
        if not isfinite(elapsed) or elapsed <= 0.0:
            return 0
        self.backlog += self._screen_time(elapsed)
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
