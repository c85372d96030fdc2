"""A running demo without pygame: a model, its parameters, its seed, its frame count (headless contract).

Every demo's model follows one small protocol, so the same code drives it from live pygame input,
from a scripted EVENTS.json in CPython, and from a test inside Pyodide:

    Model(size, values, rng)   build a fresh model; `values` is {param: value} (the run's
                               values, the very dict the simulation changes: a model that
                               reads a value keeps it, never a copy), `rng` a random.Random
                               it must use for every random choice; a live change of a
                               parameter goes where its `Param` says
                               (`scenes.kit.model.params`): a model has no setter for them
    model.input(kind, value)   kind "down" | "move" | "up" with value (x, y) in canvas pixels,
                               or "key_down" | "key_up" with a key name from scenes.kit.model.script
    model.step()               advance one 1/60 s frame: exactly `model.world.frame()` run
                               to its end (every bit of the demo's own work is in the
                               world's hooks, so a frame can be taken phase by phase)
    model.world                optional: the `verlet.World` that frame is of (without one a
                               frame has no phases: `step_phase` takes it whole)
    model.measures()           optional: the demo's telling quantities, a list of
                               `scenes.kit.model.measures.Measure` (the overlay plots them)
    model.observe()            the scene's own state keys, JSON-ready
    model.points()             optional: (x, y) of every simulated point (robustness checks)
    model.bounds()             optional: (left, top, right, bottom) of the world, px
    Model.max_point_move       the farthest a point may move in a frame, px, whatever the
                               input (tests/scenes/test_point_moves.py holds every demo to it)
    model.moments              optional: a list the model appends its moments to, each
                               (name, detail) like ("torn", {"links": 12}): what just happened
                               that a reader would name (names match MOMENT_NAME)
    Model.right_button         optional: {"down": kind, "move": kind, "up": kind}, what the
                               right mouse button's press, drag and release are to the model
                               (the sheets' knife: "cut_down", ...); without it a right press
                               and release are nothing and a right drag is a plain "move"
    Model.moves_by_itself      optional: True for a demo that moves without anyone touching it
                               (wind, meteors); it is then built as Model(size, values, rng,
                               calm=True) when the reader asked for reduced motion

`Simulation` adds what all demos share: the common state keys, live parameter changes through
the scene's table, and restart with a fresh generator. A model built ahead under the same key
(`build_key`, `scenes.kit.model.prepare.PREPARED`, which only the live loop fills) is taken
instead of building one: the same model, without the build in the frame of R. When a restart happens is the demo's
restart rule, an object its model class names (`restart_rule`), so a pure run and the scene
both decide alike: `RestartAtOnce` (key `r` or a restart control starts again at once) unless
the demo has its own (the spider game asks to confirm mid-game). A rule has

    rule.input(simulation, kind, value)   True when it took the input (the model never sees it)
    rule.request_restart(simulation)      a restart control was used
    rule.restarted(simulation)            a fresh model was just made
    rule.step(simulation)                 one frame passed (after the model's step)
    rule.take_over(previous)              optional: this rule, restored from earlier in the run
                                          (`scenes.kit.model.timeline`), replaces `previous`
                                          (a rule keeps state that is part of the run, so the
                                          timeline keeps it with the model; what lies outside
                                          the run, where a record is saved, it hands over here)

A frame can also be taken one phase at a time (`step_phase`, the `,` key while paused): the
world's integration, each solver iteration, then the finish (`verlet.world.World.frame`). While
a frame is part-way, the state's `phase` says where it is; a step, an input, a parameter change
or a restart first finishes that frame, so the run is the same as if it had been taken whole.
A pointer's move is the one input that waits instead: it is fed the moment the frame ends
(the same run: finishing first and then feeding it gives the same state), so a mouse moving
over a window while a reader steps through a frame does not end the frame for them.
"""

import random
import re
from collections import deque

from .prepare import PREPARED, build_key
from .script import play

SIZE = (960, 540)
"""Logical canvas size of every scene: 16:9, as an iframe embeds it."""
MOMENT_NAME = re.compile(r"^[a-z][a-z0-9-]{0,31}$")
"""What a moment's name looks like: the embed API passes it on as an event's name."""
MOMENTS_KEPT = 64
"""A simulation keeps at most this many moments nobody took (a run with no page to tell)."""


class RestartAtOnce:
    """The restart rule of most demos: key `r`, or any restart control, starts again at once."""

    def input(self, simulation, kind, value):
        if kind == "key_down" and value == "r":
            simulation.restart()
            return True
        return False

    def request_restart(self, simulation):
        simulation.restart()

    def restarted(self, simulation):
        pass

    def step(self, simulation):
        pass


def planned_key(model_class, params, size, seed=0, values=None, restarts=0, calm=False):
    """The build key of the model a `Simulation(name, model_class, params, size, seed, values,
    calm=calm)` builds after `restarts` restarts (its values clamped and completed as it does)."""
    full = params.defaults()
    for key, value in (values or {}).items():
        param = params.lookup(key)
        full[param.name] = param.clamp(value)
    calm = bool(calm) and getattr(model_class, "moves_by_itself", False)
    return build_key(model_class, size, full, f"{seed}:{restarts}", calm)


class Simulation:
    """One demo in motion: model + seed + parameter values + frame counter."""

    def __init__(self, name, model_class, params, size, seed=0, values=None, rules=None,
                 calm=False):
        self.name = name
        self.model_class = model_class
        self.params = params
        self.size = tuple(size)
        self.seed = seed
        self.values = params.defaults()
        for key, value in (values or {}).items():
            param = params.lookup(key)
            self.values[param.name] = param.clamp(value)
        self.frame = 0
        self.restarts = 0
        # reduced motion: a demo that moves by itself starts calm, and so on every restart
        self.calm = bool(calm) and getattr(model_class, "moves_by_itself", False)
        self.moments = deque(maxlen=MOMENTS_KEPT)
        self.button = 0  # the scripted pointer's held button: 0 none, 1 left, 3 right
        if rules is None:  # the model's own rule, if its demo has one (the spider game's)
            rules = getattr(model_class, "restart_rule", RestartAtOnce)()
        self.rules = rules
        self.model = self._new_model()
        self._phases = None  # the part-way frame (a World.frame generator), or None
        self._waiting = []  # pointer moves that came during the part-way frame
        self.phase = None
        """The last phase taken of a part-way frame, (name, k or None, n); None between frames."""

    def build_key(self, restarts=None):
        """The key (`scenes.kit.model.prepare.build_key`) of the model this simulation builds
        after `restarts` restarts (None: the number so far), with its values now."""
        return planned_key(self.model_class, self.params, self.size, self.seed, self.values,
                           self.restarts if restarts is None else restarts, self.calm)

    def _new_model(self):
        # A string seed is hashed the same way on every platform (CPython, Pyodide), and a
        # restart gets a new but still reproducible game. One built ahead (`prepare`) is the
        # same model, handed over.
        if PREPARED.builds:
            model = PREPARED.take(self.build_key())
            if model is not None:
                if hasattr(model, "values"):
                    model.values = self.values  # built from equal values: now the run's
                return model
        rng = random.Random(f"{self.seed}:{self.restarts}")
        if self.calm:
            return self.model_class(self.size, self.values, rng, calm=True)
        return self.model_class(self.size, self.values, rng)

    def restart(self):
        """A fresh model with the current parameters and the next reproducible generator."""
        self.finish_frame()
        self.restarts += 1
        self.model = self._new_model()
        self.rules.restarted(self)

    def request_restart(self):
        """A restart control was used: the restart rule says whether the demo starts again now."""
        self.finish_frame()
        self.rules.request_restart(self)

    def set_param(self, name, value):
        """Change a parameter live: the table clamps it, keeps it and sends it home."""
        self.finish_frame()
        self.params.apply(self.model, self.values, name, value)

    def input(self, kind, value):
        """Feed one input to the restart rule, and to the model unless the rule took it."""
        if kind == "move" and self._phases is not None:
            self._waiting.append(value)
            return
        self.finish_frame()
        if not self.rules.input(self, kind, value):
            self.model.input(kind, value)

    def apply(self, entry):
        """Feed one validated scripted entry (`scenes.kit.model.script`), its "button" as the
        scene honours it: a right-button press, drag and release go to the model as its
        `right_button` names them (the sheets' knife); without one, a right press and release
        are nothing and a right drag is a plain move (as the scene's routing has them)."""
        kind = entry["type"]
        if "key" in entry:
            self.input(kind, entry["key"])
            return
        if kind == "down":
            self.button = entry.get("button", 1)
        button = self.button
        if kind == "up":
            button, self.button = entry.get("button", 1), 0
        if button == 3:
            right = getattr(self.model_class, "right_button", None)
            if right is not None:
                kind = right[kind]
            elif kind != "move":
                return
        self.input(kind, entry["pos"])

    def step(self):
        """One whole frame; or, if one is part-way (`step_phase`), the rest of that frame."""
        if self._phases is None:
            self.model.step()
            self._frame_done()
        else:
            self.finish_frame()

    def step_phase(self):
        """Take the next phase of the frame (starting one between frames) and return it:
        ("integrate", None, n), ("iteration", k, n) or ("finish", None, n). After "finish" the
        frame is complete: n + 2 calls are one `step`, to the bit."""
        if self._phases is None:
            world = getattr(self.model, "world", None)
            if world is None:  # a model without a world has no phases: its frame is one
                self.step()
                return ("finish", None, 0)
            self._phases = world.frame()
        phase = next(self._phases)
        if phase[0] == "finish":
            self.finish_frame()
        else:
            self.phase = phase
        return phase

    def finish_frame(self):
        """Run what is left of a part-way frame, if there is one."""
        if self._phases is None:
            return
        phases, self._phases = self._phases, None
        for _ in phases:
            pass
        self.phase = None
        self._frame_done()
        waiting, self._waiting = self._waiting, []
        for value in waiting:
            self.input("move", value)

    def _frame_done(self):
        self.frame += 1
        self.rules.step(self)
        said = getattr(self.model, "moments", None)
        if said:
            self.moments.extend(said)
            said.clear()

    def take_moments(self):
        """The model's moments since the last call, oldest first: [(name, detail), ...]."""
        taken = list(self.moments)
        self.moments.clear()
        return taken

    def phase_state(self):
        """The state's `phase`: None between frames, else {"name", "index" (iterations only),
        "of"}."""
        if self.phase is None:
            return None
        name, index, count = self.phase
        state = {"name": name, "of": count}
        if index is not None:
            state["index"] = index
        return state

    def state(self):
        """Common keys (scene, frame, seed, size, params, paused, steps) plus the model's own."""
        state = {
            "scene": self.name,
            "frame": self.frame,
            "seed": self.seed,
            "size": list(self.size),
            "params": dict(self.values),
            "paused": False,  # a Simulation only runs; the host (app.host) knows about pausing
            "steps": self.frame,
            "phase": self.phase_state(),
        }
        state.update(self.model.observe())
        return state


def run_script(simulation, entries, frames):
    """Run `frames` steps, feeding each scripted entry just before its frame; return the state.

    The pure twin of `main.py --headless`: the same driver (`scenes.kit.model.script.play`) and,
    with the scene's restart rule, the same decisions; used by the Pyodide tests to compare
    CPython and CPython-in-WebAssembly on the same script, and by the benchmarks.
    """
    play(simulation, entries, frames)
    return simulation.state()
