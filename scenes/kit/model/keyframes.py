"""The keyframes of a run's rewind: pickles of the run every few frames, spaced by their cost.

A `Run` (`scenes.kit.model.run`) keeps its last `keep` frames so a reader can go back to any
of them: it restores the nearest keyframe at or before a frame and replays the records logged
since (the demos are deterministic, so the replay is the run itself, to the bit). This module
holds the keyframes themselves and decides when the next one is due.

How often a keyframe is taken follows its cost: the next comes once the steps since the last
took 1 / SHARE times what that keyframe took (at least MIN_SPACING frames on), so recording is
about SHARE of the model step however heavy the model and fast the machine, and a jump is a
restore and at most that much replay. Where keyframes are dear (the cloak, the spider game)
the spacing is held to `balanced_spacing`, at which recording and the slowest jump take the
same share of their budgets, RECORDING_MOST and SCRUB_MOST. With a fixed `every`, a keyframe
comes every that many frames instead (the same run either way: only the cost moves).
The costs: `benchmarks/timeline.py` (`benchmarks/results.md`, "Rewind").
"""

import pickle
from bisect import bisect_right
from math import sqrt
from operator import itemgetter

from .uncollected import no_collection

KEEP = 600
"""Frames a run reaches back: 10 s at 60 frames a second."""
SHARE = 0.03
"""What keyframes may cost, as a share of the model steps between them: under the budget of
5%, leaving room for the rest of the bookkeeping (reading the clock, the records kept)."""
DENSE = 10
"""Widest gap between keyframes a paused run leaves when it fills them in with its idle
time (`Run.prepare`): once filled, a move anywhere replays fewer than DENSE steps."""
RECORDING_MOST = 0.045
SCRUB_MOST = 0.040
"""What `balanced_spacing` weighs: the share of the step recording may take and the time a jump
may take, s, each under its budget (5%, 50 ms) by the bookkeeping beside keyframes and restores."""
MIN_SPACING = 5
"""Fewest frames between two keyframes: at most KEEP / MIN_SPACING + 1 of them are kept, so
even a model that steps slowly against its pickle stays within a few MB."""

first = itemgetter(0)  # the frame of a kept (frame, pickled run)


def balanced_spacing(cost, scrub=SCRUB_MOST, recording=RECORDING_MOST):
    """The steps' time R between keyframes that cost `cost` each (s) at which recording,
    cost / R, is the same share of `recording` as the slowest jump, a restore (about `cost`)
    and R of replay, is of `scrub`: the positive root of R^2 + cost R - cost scrub / recording.
    A keyframe of 1.5 ms: R = 36 ms, recording 4.2% and a jump of 37 ms."""
    return (sqrt(cost * cost + 4.0 * cost * scrub / recording) - cost) / 2.0


class Keyframes:
    """[(frame, pickled run)], oldest first, and the rule for when the next is due."""

    def __init__(self, every=None, share=SHARE, scrub=SCRUB_MOST):
        self.every = every
        self.share = share
        self.scrub = scrub
        self.kept = []
        self.cost = 0.0  # what the last keyframe took, s

    @property
    def oldest(self):
        """The frame of the oldest keyframe."""
        return self.kept[0][0]

    def due(self, frame, stepping):
        """Whether a keyframe is due at `frame`, the steps since the last having taken
        `stepping` seconds."""
        since = frame - self.kept[-1][0]
        if self.every is not None:
            return since >= self.every
        cost = self.cost
        return since >= MIN_SPACING and (stepping * self.share >= cost
                                         or stepping >= balanced_spacing(cost, self.scrub))

    def take(self, frame, run):
        """Keep `run` (a picklable tuple) as the keyframe of `frame`, in its place."""
        with no_collection:
            data = pickle.dumps(run, pickle.HIGHEST_PROTOCOL)
        kept = self.kept
        at = bisect_right(kept, frame, key=first)
        if at and kept[at - 1][0] == frame:
            kept[at - 1] = (frame, data)
        else:
            kept.insert(at, (frame, data))

    def frame_before(self, frame):
        """The frame of the newest keyframe at or before `frame`."""
        return self._before(frame)[0]

    def load_before(self, frame):
        """The run kept in the newest keyframe at or before `frame`, unpickled."""
        with no_collection:
            return pickle.loads(self._before(frame)[1])

    def _before(self, frame):
        at = bisect_right(self.kept, frame, key=first)
        return self.kept[max(0, at - 1)]

    def cut_after(self, frame):
        """Forget the keyframes after `frame` (a new branch starts there)."""
        self.kept = [kept for kept in self.kept if kept[0] <= frame]

    def let_go(self, limit):
        """Drop keyframes no frame from `limit` on needs; True when any went."""
        kept, dropped = self.kept, False
        while len(kept) > 1 and kept[1][0] <= limit:
            kept.pop(0)
            dropped = True
        return dropped

    def widest_gap(self, now, oldest, newest):
        """(keyframe frame, frame to fill) in the widest gap between keyframes (the one
        nearest `now` among equals) that holds a frame one can go to, or None when none is
        wider than DENSE. The fill is never before `oldest`."""
        ends = [kept[0] for kept in self.kept] + [newest + 1]
        gaps = [(a, b) for a, b in zip(ends, ends[1:]) if b - a > DENSE and b > oldest]
        if not gaps:
            return None
        a, b = min(gaps, key=lambda gap: (gap[0] - gap[1], abs(gap[0] - now)))
        return a, max((a + b) // 2, oldest)

    def size(self):
        """Bytes the pickles take."""
        return sum(len(data) for _, data in self.kept)
