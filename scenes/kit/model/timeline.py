"""The last seconds of a run, kept so a reader can go back to any frame of them (rewind).

A `Timeline` drives a `Simulation` (`scenes.kit.model.simulation`) in its place: every input,
parameter change and step goes through it. It keeps

    keyframes   every few frames (see below), a pickle of the run: the model (with its random
                generator), the frame and restart counts, the parameter values and the restart
                rule (the spider game's holds the question and the best score)
    inputs      every input, parameter change and restart control, under the frame it came
                before

and goes to a kept frame by restoring the nearest keyframe at or before it and replaying the
inputs and steps from there. The demos are deterministic, so the replay is the run itself, to
the bit. Frames older than `keep` behind the newest are let go (a keyframe stays while the
oldest kept frame needs it).

Going back keeps what is kept: `forward` replays it. An input or a step while back plays on
from there, a new branch: what came after that moment is discarded first.

A frame taken phase by phase (`step_phase`) is kept once it is whole; an input or a
parameter change while it is part-way finishes it first (as `Simulation` does), except a
pointer's move, which the simulation holds until the frame ends and the timeline keeps under the
next frame. Moves along the timeline happen between frames: the host finishes a part-way frame
before it moves (`app.rewind`). A move makes `simulation.model` a new object: look it up again.

How often it takes a keyframe follows its cost: the next comes once the steps since the last
took 1 / SHARE times what that keyframe took (at least MIN_SPACING frames on), so recording is
about SHARE of the model step however heavy the model and fast the machine, and a jump is a
restore and at most that much replay. Where keyframes are dear (the cloak, the spider game)
the spacing is held to `balanced_spacing`, at which recording and the slowest jump take the
same share of their budgets, RECORDING_MOST and SCRUB_MOST. With a fixed `every`, a keyframe
comes every that many frames instead (the same run either way: only the cost moves).

While paused, idle time collects the runs that jumps replaced and fills in keyframes
(`prepare`), the widest gap first, till none is wider than DENSE frames, replaying on a scratch
copy of the run. The costs: `benchmarks/timeline.py` (`benchmarks/results.md`, "Rewind").
"""

import gc
import pickle
import time
from bisect import bisect_right
from math import sqrt
from operator import itemgetter

from .uncollected import no_collection

KEEP = 600
"""Frames a timeline reaches back: 10 s at 60 frames a second."""
SHARE = 0.03
"""What keyframes may cost, as a share of the model steps between them: under the budget of
5%, leaving room for the rest of the bookkeeping (reading the clock, the inputs kept)."""
DENSE = 10
"""Widest gap between keyframes a paused timeline leaves when it fills them in with its idle
time (`prepare`): once filled, a move anywhere replays fewer than DENSE steps."""
RECORDING_MOST = 0.045
SCRUB_MOST = 0.040
"""What `balanced_spacing` weighs: the share of the step recording may take and the time a jump
may take, s, each under its budget (5%, 50 ms) by the bookkeeping beside keyframes and restores."""
MIN_SPACING = 5
"""Fewest frames between two keyframes: at most KEEP / MIN_SPACING + 1 of them are kept, so
even a model that steps slowly against its pickle stays within a few MB."""


class Timeline:
    """A simulation's last `keep` frames: the way back (`go_to`, `back_by`) and forward again."""

    def __init__(self, simulation, keep=KEEP, every=None, share=SHARE, scrub=SCRUB_MOST,
                 clock=time.perf_counter):
        """`every`: None (keyframes spaced by their cost, `share` of the steps' time measured
        by `clock`, in seconds, and no further apart than `balanced_spacing` with a jump's
        budget `scrub`) or the frames between two keyframes."""
        if (keep < 1 or (every is not None and every < 1) or not 0.0 < share <= 1.0
                or not scrub > 0.0):
            raise ValueError(f"keep and every must be at least 1, share in (0, 1] and "
                             f"scrub above 0, got {keep!r}, {every!r}, {share!r} and {scrub!r}")
        self.simulation = simulation
        self.keep = keep
        self.every = every
        self.share = share
        self.scrub = scrub
        self.clock = clock
        self._stepping = 0.0  # the model's time (steps, inputs) since the last keyframe, s
        self._keyframe_cost = 0.0  # what the last keyframe took, s
        self._scratch = None  # (model, frame, restarts, values, rules) `prepare` steps apart
        self._garbage = False  # a jump replaced the run: `prepare` collects what it left
        self.newest = simulation.frame
        """The frame count of the newest frame reached (the live end of the timeline)."""
        self._keyframes = []  # [(frame, pickled run)], oldest first
        self._inputs = {}  # {frame: [(Simulation method, args), ...]}, fed before that frame's step
        self._keyframe()

    # --- what it reaches ------------------------------------------------------------------
    @property
    def frame(self):
        """The frame count the simulation is at now."""
        return self.simulation.frame

    @property
    def restarts(self):
        """The simulation's restart count now."""
        return self.simulation.restarts

    @property
    def oldest(self):
        """The oldest frame one can go back to."""
        return max(self._keyframes[0][0], self.newest - self.keep)

    @property
    def length(self):
        """How many frames back from the newest the timeline reaches (0 .. keep)."""
        return self.newest - self.oldest

    @property
    def back(self):
        """Frames the simulation is behind the newest (0 when live)."""
        return self.newest - self.simulation.frame

    def state(self):
        """{"length": frames reachable, "back": frames behind}, for the state JSON."""
        return {"length": self.length, "back": self.back}

    def memory_bytes(self):
        """What the kept keyframes and inputs take, in bytes (pickled sizes)."""
        snapshots = sum(len(data) for _, data in self._keyframes)
        return snapshots + len(pickle.dumps(self._inputs, pickle.HIGHEST_PROTOCOL))

    # --- driving the run ------------------------------------------------------------------
    def input(self, kind, value):
        """`Simulation.input`, kept; while back, it starts a new branch from here."""
        if isinstance(value, list):
            value = tuple(value)
        self._record("input", kind, value)

    def apply(self, entry):
        """`Simulation.apply` for a validated scripted entry, kept."""
        self.input(entry["type"], entry["pos"] if "pos" in entry else entry["key"])

    def set_param(self, name, value):
        """`Simulation.set_param`, kept; while back, it starts a new branch from here."""
        self._record("set_param", name, value)

    def request_restart(self):
        """`Simulation.request_restart` (a restart control), kept; while back, a new branch."""
        self._record("request_restart")

    def restart(self):
        """`Simulation.restart` (a fresh run at once), kept; while back, a new branch."""
        self._record("restart")

    def begin_here(self):
        """The run was set up anew from outside (a scene handed its records to the restart
        rule before its first frame): forget what is kept and start keeping from here."""
        self._keyframes, self._inputs, self._scratch = [], {}, None
        self.newest = self.simulation.frame
        self._keyframe()

    @property
    def model(self):
        """The simulation's model (a new object after every move)."""
        return self.simulation.model

    @property
    def phase(self):
        """The simulation's part-way frame's last phase, None between frames."""
        return self.simulation.phase

    def step(self):
        """One frame (or the rest of a part-way one), kept; while back, a new branch."""
        self._take(self.simulation.step)

    def step_phase(self):
        """`Simulation.step_phase`: the next phase of the frame; the frame is kept once whole."""
        return self._take(self.simulation.step_phase)

    def finish_frame(self):
        """Run the rest of a part-way frame, kept (nothing between frames)."""
        if self.simulation.phase is not None:
            self.step()

    def _take(self, advance):
        """Run `advance` (a step or a phase of the frame) and keep the frame once it is whole."""
        sim = self.simulation
        if sim.phase is None and sim.frame != self.newest:
            self._branch()
        clock = self.clock
        start = clock()
        result = advance()
        self._stepping += clock() - start
        if sim.phase is not None:
            return result  # part-way: kept when it is whole
        self.newest = sim.frame
        if self._keyframe_due():
            self._keyframe()
        keyframes = self._keyframes
        if len(keyframes) > 1 and keyframes[1][0] <= self.newest - self.keep:
            self._let_go()
        return result

    # --- moving along it ------------------------------------------------------------------
    def go_to(self, frame):
        """Put the simulation at `frame` (clamped to the kept frames) and return that frame."""
        self.finish_frame()
        frame = min(max(frame, self.oldest), self.newest)
        sim = self.simulation
        with no_collection:  # a jump makes garbage enough for collections midway
            if not self._keyframe_before(frame)[0] <= sim.frame <= frame:
                self._restore(frame)  # else going on from here is the shorter way
                self._garbage = True
            while sim.frame < frame:
                self._replay_frame()
        moments = getattr(sim, "moments", None)
        if moments is not None:
            moments.clear()  # what a move replays has happened before: no news for the page
        return frame

    def back_by(self, frames=1):
        """Go `frames` frames further back (at most to the oldest kept one)."""
        return self.go_to(self.simulation.frame - frames)

    def forward(self, frames=1):
        """Go `frames` frames forward along what is kept (at most to the newest)."""
        return self.go_to(self.simulation.frame + frames)

    def live(self):
        """Back to the newest frame."""
        return self.go_to(self.newest)

    def prepare(self, seconds):
        """Spend about `seconds` of idle time (while paused): collect what jumps left, then
        fill in keyframes, the widest gap first, at its middle, till none is wider than DENSE
        frames: the slowest move halves with each round. The shown run is not touched: the
        replay runs on a copy of its own, which carries on where it stopped at the next call.
        True while more is left to do."""
        if self.simulation.phase is not None:
            return True  # a part-way frame holds the run: nothing can be replayed beside it
        deadline = self.clock() + seconds
        self.collect_garbage()
        while True:
            gap = self._widest_gap()
            if gap is None:
                return False
            if self.clock() >= deadline or not self._fill(*gap, deadline):
                return True

    def collect_garbage(self):
        """Free the runs that jumps replaced (in cycles, so only a collection frees them): the
        first thing a paused frame's idle time does (`prepare`), never midway through a jump."""
        if self._garbage and gc.isenabled():
            gc.collect()
        self._garbage = False

    # --- inside ---------------------------------------------------------------------------
    def _record(self, method, *args):
        sim = self.simulation
        if sim.phase is not None:
            if method == "input" and args[0] == "move":  # held by the simulation till the frame ends
                self._inputs.setdefault(sim.frame + 1, []).append((method, args))
                sim.input(*args)
                return
            self.finish_frame()
        self._branch()
        self._inputs.setdefault(sim.frame, []).append((method, args))
        start = self.clock()
        getattr(sim, method)(*args)
        self._stepping += self.clock() - start  # a replay does it again (the spider's aim)

    def _branch(self):
        """Playing on from a moment back: forget every frame after it and its inputs."""
        now = self.simulation.frame
        if now == self.newest:
            return
        self._keyframes = [kept for kept in self._keyframes if kept[0] <= now]
        for frame in [f for f in self._inputs if f >= now]:
            del self._inputs[frame]
        self.newest = now
        self._scratch = None

    def _keyframe_due(self):
        since = self.newest - self._keyframes[-1][0]
        if self.every is not None:
            return since >= self.every
        cost, stepping = self._keyframe_cost, self._stepping
        return since >= MIN_SPACING and (stepping * self.share >= cost
                                         or stepping >= balanced_spacing(cost, self.scrub))

    def _keyframe(self):
        start = self.clock()
        self._take_keyframe()
        self._keyframe_cost = self.clock() - start
        self._stepping = 0.0

    def _take_keyframe(self):
        """Keep the simulation's run as it is now, in its place among the keyframes."""
        sim = self.simulation
        run = (sim.model, sim.frame, sim.restarts, sim.values, sim.rules)
        with no_collection:
            data = pickle.dumps(run, pickle.HIGHEST_PROTOCOL)
        keyframes = self._keyframes
        at = bisect_right(keyframes, sim.frame, key=first)
        if at and keyframes[at - 1][0] == sim.frame:
            keyframes[at - 1] = (sim.frame, data)
        else:
            keyframes.insert(at, (sim.frame, data))

    def _let_go(self):
        """Drop keyframes (and their inputs) no kept frame needs any more."""
        keyframes = self._keyframes
        limit = self.newest - self.keep
        dropped = False
        while len(keyframes) > 1 and keyframes[1][0] <= limit:
            keyframes.pop(0)
            dropped = True
        if dropped:
            first = keyframes[0][0]
            for frame in [f for f in self._inputs if f < first]:
                del self._inputs[frame]

    def _keyframe_before(self, frame):
        """(frame, pickled run) of the newest keyframe at or before `frame`."""
        at = bisect_right(self._keyframes, frame, key=first)
        return self._keyframes[max(0, at - 1)]

    def _restore(self, frame):
        """Load the newest keyframe at or before `frame`."""
        sim = self.simulation
        with no_collection:
            model, sim.frame, sim.restarts, values, rules = pickle.loads(
                self._keyframe_before(frame)[1])
        sim.model = model
        sim.values = values
        take_over = getattr(rules, "take_over", None)
        if take_over is not None:
            take_over(sim.rules)
        sim.rules = rules

    # --- filling in, while paused ---------------------------------------------------------
    def _widest_gap(self):
        """(keyframe frame, frame to fill) in the widest gap between keyframes (the one
        nearest the shown frame among equals) that holds a frame one can go to, or None when
        none is wider than DENSE. The fill is never before the oldest such frame."""
        now, oldest = self.simulation.frame, self.oldest
        ends = [kept[0] for kept in self._keyframes] + [self.newest + 1]
        gaps = [(a, b) for a, b in zip(ends, ends[1:]) if b - a > DENSE and b > oldest]
        if not gaps:
            return None
        a, b = min(gaps, key=lambda gap: (gap[0] - gap[1], abs(gap[0] - now)))
        return a, max((a + b) // 2, oldest)

    def _fill(self, start, frame, deadline):
        """Replay the scratch run from the keyframe at `start` (or from where it stands, when
        that is on the way) to `frame` and keep a keyframe there; False when `deadline` came
        first (the scratch run stays where it got to)."""
        sim = self.simulation
        shown = (sim.model, sim.frame, sim.restarts, sim.values, sim.rules)
        scratch = self._scratch
        if scratch is None or not start <= scratch[1] <= frame:
            with no_collection:
                scratch = pickle.loads(self._keyframe_before(start)[1])
        sim.model, sim.frame, sim.restarts, sim.values, sim.rules = scratch
        moments = getattr(sim, "moments", None)
        said = list(moments) if moments is not None else None  # a replay's moments are no news
        try:  # the scratch run's rule takes nothing over: what it saves goes nowhere
            while sim.frame < frame:
                if self.clock() >= deadline:
                    return False
                self._replay_frame()
            self._take_keyframe()
            return True
        finally:
            self._scratch = (sim.model, sim.frame, sim.restarts, sim.values, sim.rules)
            sim.model, sim.frame, sim.restarts, sim.values, sim.rules = shown
            if said is not None:
                moments.clear()
                moments.extend(said)

    def _replay_frame(self):
        sim = self.simulation
        for method, args in self._inputs.get(sim.frame, ()):
            getattr(sim, method)(*args)
        sim.step()


def balanced_spacing(cost, scrub=SCRUB_MOST, recording=RECORDING_MOST):
    """The steps' time R between keyframes that cost `cost` each (s) at which recording,
    cost / R, is the same share of `recording` as the slowest jump, a restore (about `cost`)
    and R of replay, is of `scrub`: the positive root of R^2 + cost R - cost scrub / recording.
    A keyframe of 1.5 ms: R = 36 ms, recording 4.2% and a jump of 37 ms."""
    return (sqrt(cost * cost + 4.0 * cost * scrub / recording) - cost) / 2.0


first = itemgetter(0)  # the frame of a kept (frame, pickled run)
