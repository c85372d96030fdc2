"""A running demo without pygame: a model, its parameters, its seed, its frame count (headless contract).

Every demo's model follows one small protocol, so the same code drives it from live pygame input,
from a scripted EVENTS.json in CPython, and from a test inside Pyodide:

    Model(size, values, rng)   build a fresh model; `values` is {param: value}, `rng` a
                               random.Random it must use for every random choice
    model.input(kind, value)   kind "down" | "move" | "up" with value (x, y) in canvas pixels,
                               or "key_down" | "key_up" with a key name from scenes.kit.model.script
    model.set_param(name, v)   a parameter changed live (already validated and clamped)
    model.step()               advance one 1/60 s frame
    model.observe()            the scene's own state keys, JSON-ready
    model.points()             optional: (x, y) of every simulated point (robustness checks)
    model.bounds()             optional: (left, top, right, bottom) of the world, px
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
the scene's table, and restart with a fresh generator. When a restart happens is the demo's
restart rule, an object its model class names (`restart_rule`), so a pure run and the scene
both decide alike: `RestartAtOnce` (key `r` or a restart control starts again at once) unless
the demo has its own (the spider game asks to confirm mid-game). A rule has

    rule.input(simulation, kind, value)   True when it took the input (the model never sees it)
    rule.request_restart(simulation)      a restart control was used
    rule.restarted(simulation)            a fresh model was just made
    rule.step(simulation)                 one frame passed (after the model's step)
"""

import random
import re
from collections import deque

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
            self.values[key] = params.lookup(key).clamp(value)
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

    def _new_model(self):
        # A string seed is hashed the same way on every platform (CPython, Pyodide), and a
        # restart gets a new but still reproducible game.
        rng = random.Random(f"{self.seed}:{self.restarts}")
        if self.calm:
            return self.model_class(self.size, dict(self.values), rng, calm=True)
        return self.model_class(self.size, dict(self.values), rng)

    def restart(self):
        """A fresh model with the current parameters and the next reproducible generator."""
        self.restarts += 1
        self.model = self._new_model()
        self.rules.restarted(self)

    def request_restart(self):
        """A restart control was used: the restart rule says whether the demo starts again now."""
        self.rules.request_restart(self)

    def set_param(self, name, value):
        """Change a parameter live; the value is clamped to its range first."""
        value = self.params.lookup(name).clamp(value)
        if value != self.values[name]:
            self.values[name] = value
            self.model.set_param(name, value)

    def input(self, kind, value):
        """Feed one input to the restart rule, and to the model unless the rule took it."""
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
        self.model.step()
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
