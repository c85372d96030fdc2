"""One demo in motion without pygame, and its way back: every write goes through `Run.apply`.

A `Run` is a model, its parameters, its seed, its frame count and its last `keep` frames
(rewind). Live play, an events file (`main.py --input`), the tests, the Pyodide jobs, the
benchmarks and side by side all change it the same way: `run.apply(record)`, one record of
the events file (`scenes.kit.model.script`), decoded here and nowhere else:

    {"type": "down" | "move" | "up", "pos": (x, y)}     a pointer; "button" 1 (the left, the
                        default) or 3 (the right) on a down or up; a move drags with the
                        buttons held (the run keeps which)
    {"type": "key_down" | "key_up", "key": K}           a key, K from script.KEY_NAMES
    {"type": "set", "name": N, "value": V}              a parameter moved (clamped here)
    {"type": "restart"}                                 a restart control: the restart rule
                        decides; with "at_once": true a fresh run starts now

A right-button press, drag and release reach the model as its `right_button` names them
(the sheets' knife: "cut_down", ...); without one a right press and release are nothing and
a right drag is a plain move. A right drag is one with the right button held and the left
not. Every demo's model follows one small protocol:

    Model(size, values, rng)   build a fresh model; `values` is {param: value} (the run's
                               values, the very dict the run changes: a model that reads a
                               value keeps it, never a copy), `rng` a random.Random it must
                               use for every random choice; a live change of a parameter
                               goes where its `Param` says (`scenes.kit.model.params`): a
                               model has no setter for them
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

Every record is logged under the frame it came before, and going back restores the nearest
keyframe (`scenes.kit.model.keyframes`) and replays the logged records with the same decoder,
so the replay is the run itself, to the bit. An input or a step while back plays on from
there, a new branch: what came after that moment is discarded first.

A frame can be taken one phase at a time (`step_phase`, the `,` key while paused): the world's
integration, each solver iteration, then the finish (`verlet.world.World.frame`). While a frame
is part-way, `phase` says where it is; a step or any record but a pointer's move first
finishes that frame, so the run is the same as if it had been taken whole. A move waits: it
is logged under the next frame and decoded the moment the frame ends (the same run), so a
mouse moving over a window while a reader steps through a frame does not end it for them.

When a restart happens is the demo's restart rule, an object its model class names
(`restart_rule`; `RestartAtOnce` unless the demo has its own: the spider game asks to confirm
mid-game). A rule has `input(run, kind, value)` (True when it took the input: the model never
sees it), `request_restart(run)`, `restarted(run)`, `step(run)` (after the model's step) and
optionally `take_over(previous)` (restored from a keyframe, it replaces `previous`); to start
again it calls `run.start_again()`. A model built ahead under the same key (`build_key`,
`scenes.kit.model.prepare.PREPARED`, which only the live loop fills) is taken instead of
building one.
"""

import gc
import pickle
import random
import re
import time
from collections import deque

from .keyframes import KEEP, SCRUB_MOST, SHARE, Keyframes
from .prepare import PREPARED, build_key
from .script import KEY_TYPES, POINTER_TYPES, RUN_ONLY_TYPES, play
from .uncollected import no_collection

SIZE = (960, 540)
"""Logical canvas size of every scene: 16:9, as an iframe embeds it."""
MOMENT_NAME = re.compile(r"^[a-z][a-z0-9-]{0,31}$")
"""What a moment's name looks like: the embed API passes it on as an event's name."""
MOMENTS_KEPT = 64
"""A run keeps at most this many moments nobody took (a run with no page to tell)."""
LEFT, RIGHT = 1, 3
RECORD_TYPES = POINTER_TYPES + KEY_TYPES + RUN_ONLY_TYPES


class RestartAtOnce:
    """The restart rule of most demos: key `r`, or any restart control, starts again at once."""

    def input(self, run, kind, value):
        if kind == "key_down" and value == "r":
            run.start_again()
            return True
        return False

    def request_restart(self, run):
        run.start_again()

    def restarted(self, run):
        pass

    def step(self, run):
        pass


def record(kind, value):
    """The record of one input of the model protocol's (kind, value): ("down", (x, y)) or
    ("key_down", "r"); the knife's kinds ("cut_down", ...) as the right button's record."""
    if kind.startswith("cut_"):
        kind = kind[4:]
        entry = {"type": kind, "pos": tuple(value)}
        if kind != "move":
            entry["button"] = RIGHT
        return entry
    if kind in POINTER_TYPES:
        return {"type": kind, "pos": tuple(value)}
    return {"type": kind, "key": value}


def set_record(name, value):
    """The record of a parameter moved to `value`."""
    return {"type": "set", "name": name, "value": value}


def restart_record(at_once=False):
    """The record of a restart control (the rule decides), or of a fresh run now."""
    return {"type": "restart", "at_once": True} if at_once else {"type": "restart"}


def planned_key(model_class, params, size, seed=0, values=None, restarts=0, calm=False):
    """The build key of the model a `Run(name, model_class, params, size, seed, values,
    calm=calm)` builds after `restarts` restarts (its values clamped and completed as it does)."""
    full = params.defaults()
    for key, value in (values or {}).items():
        param = params.lookup(key)
        full[param.name] = param.clamp(value)
    calm = bool(calm) and getattr(model_class, "moves_by_itself", False)
    return build_key(model_class, size, full, f"{seed}:{restarts}", calm)


class Run:
    """One demo in motion and its last `keep` frames; `apply(record)` is its one write door.

    `every`: None (keyframes spaced by their cost, `share` of the steps' time measured by
    `clock`, in seconds, and no further apart than `balanced_spacing` with a jump's budget
    `scrub`) or the frames between two keyframes."""

    def __init__(self, name, model_class, params, size, seed=0, values=None, rules=None,
                 calm=False, keep=KEEP, every=None, share=SHARE, scrub=SCRUB_MOST,
                 clock=time.perf_counter):
        if (keep < 1 or (every is not None and every < 1) or not 0.0 < share <= 1.0
                or not scrub > 0.0):
            raise ValueError(f"keep and every must be at least 1, share in (0, 1] and "
                             f"scrub above 0, got {keep!r}, {every!r}, {share!r} and {scrub!r}")
        self.name = name
        self.model_class = model_class
        self.params = params
        self.size = tuple(size)
        self.seed = seed
        self.values = params.defaults()
        for key, value in (values or {}).items():
            param = params.lookup(key)  # an old name (an alias) is kept under the new one
            self.values[param.name] = param.clamp(value)
        self.frame = 0
        self.restarts = 0
        # reduced motion: a demo that moves by itself starts calm, and so on every restart
        self.calm = bool(calm) and getattr(model_class, "moves_by_itself", False)
        self.moments = deque(maxlen=MOMENTS_KEPT)
        self.held = frozenset()  # the pointer's buttons held, as the records pressed them
        self.right_button = getattr(model_class, "right_button", None)
        """The model's names for a right press, drag and release (None: it has none), read
        once: side by side may wrap `model_class` in a builder of its own."""
        if rules is None:  # the model's own rule, if its demo has one (the spider game's)
            rules = getattr(model_class, "restart_rule", RestartAtOnce)()
        self.rules = rules
        self.model = self._new_model()
        self._phases = None  # the part-way frame (a World.frame generator), or None
        self._waiting = []  # move records that came during the part-way frame
        self.phase = None
        """The last phase taken of a part-way frame, (name, k or None, n); None between frames."""
        self.keep = keep
        self.clock = clock
        self.keyframes = Keyframes(every, share, scrub)
        self._stepping = 0.0  # the model's time (steps, records) since the last keyframe, s
        self._scratch = None  # the run `prepare` replays apart (a keyframe's tuple)
        self._garbage = False  # a jump replaced the run: `prepare` collects what it left
        self.newest = self.frame
        """The frame count of the newest frame reached (the live end of the run)."""
        self._log = {}  # {frame: [record, ...]}, decoded before that frame's step
        self._keyframe()

    # --- the one write door ---------------------------------------------------------------
    def apply(self, record):
        """Take one record (see the module docstring), log it under its frame and decode it;
        while back, it starts a new branch from here."""
        kind = record["type"]
        if kind == "set":  # an unknown name or a value no number is refused before it is kept
            self.params.checked(record["name"], record.get("value"))
        elif kind not in RECORD_TYPES:
            raise ValueError(f"a run takes pointer, key, set and restart records, got {kind!r}")
        record = dict(record)
        if "pos" in record:
            record["pos"] = tuple(record["pos"])
        if self._phases is not None:
            if kind == "move":  # waits for the frame's end, kept under the next
                self._log.setdefault(self.frame + 1, []).append(record)
                self._waiting.append(record)
                return
            self.finish_frame()
        self._branch()
        self._log.setdefault(self.frame, []).append(record)
        start = self.clock()
        self._decode(record)
        self._stepping += self.clock() - start  # a replay does it again (the spider's aim)

    def _decode(self, record):
        """What one record does to the run: the one decoder of buttons, keys, sets, restarts."""
        kind = record["type"]
        if kind == "set":
            self.params.apply(self.model, self.values, record["name"], record["value"])
        elif kind == "restart":
            if record.get("at_once"):
                self.start_again()
            else:
                self.rules.request_restart(self)
        else:
            if kind in KEY_TYPES:
                value = record["key"]
            else:
                kind, value = self._pointer(kind, record)
                if kind is None:
                    return
            if not self.rules.input(self, kind, value):
                self.model.input(kind, value)

    def _pointer(self, kind, record):
        """(the model's kind, position) of a pointer record, the held buttons kept; (None,
        None) for a press or release that is nothing to the model."""
        if kind == "move":
            button = RIGHT if RIGHT in self.held and LEFT not in self.held else LEFT
        else:
            button = record.get("button", LEFT)
            held = self.held | {button} if kind == "down" else self.held - {button}
            self.held = frozenset(held)
        if button == RIGHT:
            right = self.right_button
            if right is not None:
                kind = right[kind]
            elif kind != "move":
                return None, None  # a right press and release: nothing to a demo without a knife
        elif button != LEFT:
            return None, None
        return kind, record["pos"]

    def start_again(self):
        """A fresh model with the current parameters and the next reproducible generator:
        what a restart record and the restart rules do (nothing else calls it)."""
        self.restarts += 1
        self.model = self._new_model()
        self.rules.restarted(self)

    def begin_here(self):
        """The run was set up anew from outside (a scene handed its records to the restart
        rule before its first frame): forget what is kept and start keeping from here."""
        self.keyframes.kept, self._log, self._scratch = [], {}, None
        self.newest = self.frame
        self._keyframe()

    # --- frames ---------------------------------------------------------------------------
    def step(self):
        """One whole frame; or, if one is part-way (`step_phase`), the rest of that frame."""
        self._take(self._whole_frame)

    def step_phase(self):
        """Take the next phase of the frame (starting one between frames) and return it:
        ("integrate", None, n), ("iteration", k, n) or ("finish", None, n). After "finish" the
        frame is complete: n + 2 calls are one `step`, to the bit."""
        return self._take(self._next_phase)

    def finish_frame(self):
        """Run what is left of a part-way frame, if there is one."""
        if self._phases is not None:
            self.step()

    def _take(self, advance):
        """Run `advance` (a step or a phase of the frame) and keep the frame once it is whole."""
        if self._phases is None and self.frame != self.newest:
            self._branch()
        clock = self.clock
        start = clock()
        result = advance()
        self._stepping += clock() - start
        if self._phases is not None:
            return result  # part-way: kept when it is whole
        self.newest = self.frame
        if self.keyframes.due(self.newest, self._stepping):
            self._keyframe()
        limit = self.newest - self.keep
        if self.keyframes.let_go(limit):
            first = self.keyframes.oldest
            for frame in [f for f in self._log if f < first]:
                del self._log[frame]
        return result

    def _whole_frame(self):
        if self._phases is None:
            self.model.step()
            self._frame_done()
        else:
            self._end_part_way()

    def _next_phase(self):
        if self._phases is None:
            world = getattr(self.model, "world", None)
            if world is None:  # a model without a world has no phases: its frame is one
                self._whole_frame()
                return ("finish", None, 0)
            self._phases = world.frame()
        phase = next(self._phases)
        if phase[0] == "finish":
            self._end_part_way()
        else:
            self.phase = phase
        return phase

    def _end_part_way(self):
        phases, self._phases = self._phases, None
        for _ in phases:
            pass
        self.phase = None
        self._frame_done()
        waiting, self._waiting = self._waiting, []
        for move in waiting:
            self._decode(move)

    def _frame_done(self):
        self.frame += 1
        self.rules.step(self)
        said = getattr(self.model, "moments", None)
        if said:
            self.moments.extend(said)
            said.clear()

    # --- what it shows --------------------------------------------------------------------
    def build_key(self, restarts=None):
        """The key (`scenes.kit.model.prepare.build_key`) of the model this run builds after
        `restarts` restarts (None: the number so far), with its values now."""
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
            "paused": False,  # a run only runs; the host (app.host) knows about pausing
            "steps": self.frame,
            "phase": self.phase_state(),
        }
        state.update(self.model.observe())
        return state

    # --- the way back ---------------------------------------------------------------------
    @property
    def oldest(self):
        """The oldest frame one can go back to."""
        return max(self.keyframes.oldest, self.newest - self.keep)

    @property
    def length(self):
        """How many frames back from the newest the run reaches (0 .. keep)."""
        return self.newest - self.oldest

    @property
    def back(self):
        """Frames the run is behind the newest (0 when live)."""
        return self.newest - self.frame

    def reach(self):
        """{"length": frames reachable, "back": frames behind}, the state's `timeline`."""
        return {"length": self.length, "back": self.back}

    def memory_bytes(self):
        """What the kept keyframes and records take, in bytes (pickled sizes)."""
        return self.keyframes.size() + len(pickle.dumps(self._log, pickle.HIGHEST_PROTOCOL))

    def go_to(self, frame):
        """Put the run at `frame` (clamped to the kept frames) and return that frame. The
        model is a new object after a move: look it up again."""
        self.finish_frame()
        frame = min(max(frame, self.oldest), self.newest)
        with no_collection:  # a jump makes garbage enough for collections midway
            if not self.keyframes.frame_before(frame) <= self.frame <= frame:
                self._restore(frame)  # else going on from here is the shorter way
                self._garbage = True
            while self.frame < frame:
                self._replay_frame()
        self.moments.clear()  # what a move replays has happened before: no news for the page
        return frame

    def back_by(self, frames=1):
        """Go `frames` frames further back (at most to the oldest kept one)."""
        return self.go_to(self.frame - frames)

    def forward(self, frames=1):
        """Go `frames` frames forward along what is kept (at most to the newest)."""
        return self.go_to(self.frame + frames)

    def live(self):
        """Back to the newest frame."""
        return self.go_to(self.newest)

    def prepare(self, seconds):
        """Spend about `seconds` of idle time (while paused): collect what jumps left, then
        fill in keyframes, the widest gap first, at its middle, till none is wider than DENSE
        frames. The shown run is not touched: the replay runs on a copy of its own, which
        carries on where it stopped at the next call. True while more is left to do."""
        if self._phases is not None:
            return True  # a part-way frame holds the run: nothing can be replayed beside it
        deadline = self.clock() + seconds
        self.collect_garbage()
        while True:
            gap = self.keyframes.widest_gap(self.frame, self.oldest, self.newest)
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

    def _branch(self):
        """Playing on from a moment back: forget every frame after it and its records."""
        now = self.frame
        if now == self.newest:
            return
        self.keyframes.cut_after(now)
        for frame in [f for f in self._log if f >= now]:
            del self._log[frame]
        self.newest = now
        self._scratch = None

    def _kept(self):
        return (self.model, self.frame, self.restarts, self.values, self.rules, self.held)

    def _keyframe(self):
        start = self.clock()
        self.keyframes.take(self.frame, self._kept())
        self.keyframes.cost = self.clock() - start
        self._stepping = 0.0

    def _restore(self, frame):
        """Load the newest keyframe at or before `frame`."""
        model, self.frame, self.restarts, values, rules, self.held = (
            self.keyframes.load_before(frame))
        self.model = model
        self.values = values
        take_over = getattr(rules, "take_over", None)
        if take_over is not None:
            take_over(self.rules)
        self.rules = rules

    def _fill(self, start, frame, deadline):
        """Replay the scratch run from the keyframe at `start` (or from where it stands, when
        that is on the way) to `frame` and keep a keyframe there; False when `deadline` came
        first (the scratch run stays where it got to)."""
        shown = self._kept()
        scratch = self._scratch
        if scratch is None or not start <= scratch[1] <= frame:
            scratch = self.keyframes.load_before(start)
        self.model, self.frame, self.restarts, self.values, self.rules, self.held = scratch
        said = list(self.moments)  # a replay's moments are no news
        try:  # the scratch run's rule takes nothing over: what it saves goes nowhere
            while self.frame < frame:
                if self.clock() >= deadline:
                    return False
                self._replay_frame()
            self.keyframes.take(self.frame, self._kept())
            return True
        finally:
            self._scratch = self._kept()
            self.model, self.frame, self.restarts, self.values, self.rules, self.held = shown
            self.moments.clear()
            self.moments.extend(said)

    def _replay_frame(self):
        for logged in self._log.get(self.frame, ()):
            self._decode(logged)
        self._whole_frame()


def run_script(run, entries, frames):
    """Run `frames` steps, applying each scripted entry just before its frame; return the state.

    The pure twin of `main.py --headless`: the same driver (`scenes.kit.model.script.play`) and,
    with the scene's restart rule, the same decisions; used by the Pyodide tests to compare
    CPython and CPython-in-WebAssembly on the same script, and by the benchmarks.
    """
    play(run, entries, frames)
    return run.state()


def inputs_to(run):
    """send(kind, value) for a bot that speaks the model protocol's inputs: each becomes its
    record (`record`) and goes through the door."""
    return lambda kind, value: run.apply(record(kind, value))
