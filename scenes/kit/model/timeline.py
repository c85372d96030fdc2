"""The last seconds of a run, kept so a reader can go back to any frame of them (rewind).

A `Timeline` drives a `Simulation` (`scenes.kit.model.simulation`) in its place: every input,
parameter change and step goes through it. It keeps

    keyframes   every `every` frames, a pickle of what the run is: the model (which holds its
                random generator), the frame count, the restart count, the parameter values
                and the restart rule (the spider game's holds the question and the best score)
    inputs      every input, parameter change and restart control, under the frame it came
                before

and goes to a kept frame by restoring the nearest keyframe at or before it and replaying the
inputs and steps from there. The demos are deterministic, so the replay is the run itself, to
the bit. Frames older than `keep` behind the newest are let go (a keyframe stays while the
oldest kept frame needs it).

Going back does not change what is kept: stepping forward again (`forward`) replays the kept
frames. Giving an input or a step while back is playing on from there, a new branch: what came
after that moment is discarded first.

The timeline works between frames: a frame taken phase by phase must be finished first.
Whoever draws the model must look it up again after a move (`simulation.model` is a new
object after every restore).

Costs (measured by `benchmarks/timeline.py`): a keyframe is a pickle of a few to a few tens of
kB that takes 0.2 to 0.8 ms, a restore 0.1 to 0.5 ms, so with EVERY = 10 recording is about 2%
of a model step, 60 keyframes of the 10 s stay within a few MB, and a scrub replays at most
nine steps.
"""

import pickle

KEEP = 600
"""Frames a timeline reaches back: 10 s at 60 frames a second."""
EVERY = 10
"""Frames between keyframes. Chosen by measurement (benchmarks/timeline.py): fewer would cost
more than 5% of a model step to record in the lightest demo (the rope), more would let a scrub
replay past 50 ms in the heaviest (cloth, hair)."""


class Timeline:
    """A simulation's last `keep` frames: the way back (`go_to`, `back_by`) and forward again."""

    def __init__(self, simulation, keep=KEEP, every=EVERY):
        if keep < 1 or every < 1:
            raise ValueError(f"keep and every must be at least 1, got {keep!r} and {every!r}")
        self.simulation = simulation
        self.keep = keep
        self.every = every
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
        """The state keys of the timeline: {"length": frames reachable, "back": frames behind}."""
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
        self._keyframes, self._inputs = [], {}
        self.newest = self.simulation.frame
        self._keyframe()

    def step(self):
        """One frame of the run, kept; while back, it starts a new branch from here."""
        self._branch()
        self.simulation.step()
        self.newest = self.simulation.frame
        if self.newest % self.every == 0:
            self._keyframe()
        self._let_go()

    # --- moving along it ------------------------------------------------------------------
    def go_to(self, frame):
        """Put the simulation at `frame` (clamped to the kept frames) and return that frame."""
        frame = min(max(frame, self.oldest), self.newest)
        sim = self.simulation
        if not sim.frame <= frame < sim.frame + self.every:
            self._restore(frame)
        while sim.frame < frame:
            self._replay_frame()
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

    # --- inside ---------------------------------------------------------------------------
    def _record(self, method, *args):
        self._branch()
        self._inputs.setdefault(self.simulation.frame, []).append((method, args))
        getattr(self.simulation, method)(*args)

    def _branch(self):
        """Playing on from a moment back: forget every frame after it and its inputs."""
        now = self.simulation.frame
        if now == self.newest:
            return
        self._keyframes = [kept for kept in self._keyframes if kept[0] <= now]
        for frame in [f for f in self._inputs if f >= now]:
            del self._inputs[frame]
        self.newest = now

    def _keyframe(self):
        sim = self.simulation
        run = (sim.model, sim.frame, sim.restarts, sim.values, sim.rules)
        frame = sim.frame
        if self._keyframes and self._keyframes[-1][0] == frame:
            self._keyframes.pop()
        self._keyframes.append((frame, pickle.dumps(run, pickle.HIGHEST_PROTOCOL)))

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

    def _restore(self, frame):
        """Load the newest keyframe at or before `frame`."""
        data = None
        for kept_frame, kept in self._keyframes:
            if kept_frame > frame:
                break
            data = kept
        sim = self.simulation
        model, sim.frame, sim.restarts, values, rules = pickle.loads(data)
        sim.model = model
        sim.values = values
        take_over = getattr(rules, "take_over", None)
        if take_over is not None:
            take_over(sim.rules)
        sim.rules = rules

    def _replay_frame(self):
        sim = self.simulation
        for method, args in self._inputs.get(sim.frame, ()):
            getattr(sim, method)(*args)
        sim.step()
