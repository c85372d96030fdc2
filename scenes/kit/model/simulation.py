"""A running demo without pygame: a model, its parameters, its seed, its frame count (headless contract).

Every demo's model follows one small protocol, so the same code drives it from live pygame input,
from a scripted EVENTS.json in CPython, and from a test inside Pyodide:

    Model(size, values, rng)   build a fresh model; `values` is {param: value}, `rng` a
                               random.Random it must use for every random choice
    model.input(kind, value)   kind "down" | "move" | "up" with value (x, y) in canvas pixels,
                               or "key_down" | "key_up" with a key name from scenes.kit.model.script
    model.set_param(name, v)   a parameter changed live (already validated and clamped)
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

`Simulation` adds what all demos share: the common state keys, live parameter changes through
the scene's table, and restart with a fresh generator. When a restart happens is the demo's
restart rule, an object its model class names (`restart_rule`), so a pure run and the scene
both decide alike: `RestartAtOnce` (key `r` or a restart control starts again at once) unless
the demo has its own (the spider game asks to confirm mid-game). A rule has

    rule.input(simulation, kind, value)   True when it took the input (the model never sees it)
    rule.request_restart(simulation)      a restart control was used
    rule.restarted(simulation)            a fresh model was just made
    rule.step(simulation)                 one frame passed (after the model's step)

A frame can also be taken one phase at a time (`step_phase`, the `,` key while paused): the
world's integration, each solver iteration, then the finish (`verlet.world.World.frame`). While
a frame is part-way, the state's `phase` says where it is; a step, an input, a parameter change
or a restart first finishes that frame, so the run is the same as if it had been taken whole.
A pointer's move is the one input that waits instead: it is fed the moment the frame ends
(the same run: finishing first and then feeding it gives the same state), so a mouse moving
over a window while a reader steps through a frame does not end the frame for them.
"""

import random

from .script import play

SIZE = (960, 540)
"""Logical canvas size of every scene: 16:9, as an iframe embeds it."""


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


class Simulation:
    """One demo in motion: model + seed + parameter values + frame counter."""

    def __init__(self, name, model_class, params, size, seed=0, values=None, rules=None):
        self.name = name
        self.model_class = model_class
        self.params = params
        self.size = tuple(size)
        self.seed = seed
        self.values = params.defaults()
        for key, value in (values or {}).items():
            self.values[key] = params.lookup(key).clamp(value)
        self.frame = 0
        self.restarts = 0
        if rules is None:  # the model's own rule, if its demo has one (the spider game's)
            rules = getattr(model_class, "restart_rule", RestartAtOnce)()
        self.rules = rules
        self.model = self._new_model()
        self._phases = None  # the part-way frame (a World.frame generator), or None
        self._waiting = []  # pointer moves that came during the part-way frame
        self.phase = None
        """The last phase taken of a part-way frame, (name, k or None, n); None between frames."""

    def _new_model(self):
        # A string seed is hashed the same way on every platform (CPython, Pyodide), and a
        # restart gets a new but still reproducible game.
        rng = random.Random(f"{self.seed}:{self.restarts}")
        return self.model_class(self.size, dict(self.values), rng)

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
        """Change a parameter live; the value is clamped to its range first."""
        self.finish_frame()
        value = self.params.lookup(name).clamp(value)
        if value != self.values[name]:
            self.values[name] = value
            self.model.set_param(name, value)

    def input(self, kind, value):
        """Feed one input to the restart rule, and to the model unless the rule took it."""
        if kind == "move" and self._phases is not None:
            self._waiting.append(value)
            return
        self.finish_frame()
        if not self.rules.input(self, kind, value):
            self.model.input(kind, value)

    def apply(self, entry):
        """Feed one validated scripted entry (`scenes.kit.model.script`)."""
        self.input(entry["type"], entry["pos"] if "pos" in entry else entry["key"])

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
