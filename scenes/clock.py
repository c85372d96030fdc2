"""The fixed-step clock: real time in, whole 1/60 s simulation steps out (DESIGN.md, Time).

One simulation step is one 1/60 s frame, the unit the articles give gravity and damping in. The
clock adds up real elapsed time and hands out whole steps, at most `max_steps` per displayed
frame. A backlog beyond that (a hidden tab, a breakpoint, a slow machine) is dropped, not caught
up later: a 120 Hz screen does not run the physics twice as fast, and a long pause does not
explode it.
"""

from math import isfinite

STEP_SECONDS = 1.0 / 60.0
MAX_STEPS_PER_FRAME = 4


class FixedStepClock:
    """Turns elapsed wall-clock seconds into a number of fixed simulation steps."""

    def __init__(self, step=STEP_SECONDS, max_steps=MAX_STEPS_PER_FRAME):
        self.step = step
        self.max_steps = max_steps
        self.backlog = 0.0
        self.dropped_steps = 0

    def advance(self, elapsed):
        """Add `elapsed` seconds and return how many steps to run now (0..max_steps)."""
        if not isfinite(elapsed) or elapsed <= 0.0:
            return 0
        self.backlog += elapsed
        steps = int(self.backlog / self.step)
        if steps > self.max_steps:
            self.dropped_steps += steps - self.max_steps
            self.backlog = 0.0
            return self.max_steps
        self.backlog -= steps * self.step
        return steps
