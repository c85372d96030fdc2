"""Shared pieces of the robustness tests: seeded input storms and the invariants.

A `Storm` feeds a `Run` (or a pygame `Scene`) seeded random input, frame by frame: pointer
presses, drags and releases anywhere (on the scene's own bodies, around the canvas, far outside
it), key mashing, parameters thrown to their minimum or maximum in mid-run, and restart spam.

`Watch` checks after every frame what must always hold, whatever the input:

- every coordinate the model simulates (`model.points()`) is finite and inside the world
  (`model.bounds()`) plus the scene's MARGIN;
- node and edge counts (from `observe()`) stay under the scene's caps;
- no edge is longer than its physical limit for more than GRACE_FRAMES frames in a row
  (`edge_excess` says, per scene, what that limit is).

Everything here is pure Python except `pygame_event`, which builds real pygame events.
"""

import random
from math import hypot, isfinite, sqrt

from scenes.catalog import SCENES
from scenes.kit.model.script import KEY_NAMES
from scenes.rope.model import SEGMENT_LENGTH
from scenes.kit.model.run import record, Run, set_record
from scenes.bridge.model import (CLIFF_TOP as BRIDGE_TOP, DAMPING as BRIDGE_DAMPING,
                                 FALL_MARGIN as BRIDGE_FALL, PLANK_NEVER_BREAKS)
from scenes.bridge.model.hanging import snap_share
from scenes.cloth.model import COLUMNS as CLOTH_COLUMNS, DAMPING as CLOTH_DAMPING
from scenes.cloth.model import ROWS as CLOTH_ROWS
from scenes.kit.model.sheet import CLEAR_MARGIN as CLOTH_CLEAR, HAND_SPEED
from scenes.flag.model import COLUMNS as FLAG_COLUMNS, ROWS as FLAG_ROWS
from scenes.hair.model import HEAD_RADIUS as HAIR_RADIUS, SEGMENT as HAIR_SEGMENT
from scenes.hair.model import SEGMENTS as HAIR_SEGMENTS
from scenes.spider.model.spider import FALL_FRAMES, MAX_FALL_SPEED
from scenes.spider.model.upkeep import FALL_OUT_MARGIN
from scenes.spider.model.web import DAMPING as WEB_DAMPING, LOOSE_FALL

SCENE_NAMES = tuple(SCENES)

# --- what "bounded" means, per scene -------------------------------------------------------------

_WEB_GRAVITY_MAX = SCENES["spider"].params["gravity"].hi
_DEBRIS_SPEED = WEB_DAMPING * (_WEB_GRAVITY_MAX + LOOSE_FALL) / (1.0 - WEB_DAMPING)
"""Terminal speed of cut-off web debris at the strongest gravity, px per frame (~79)."""

MARGIN = {
    # The rope and Takopi are boxed in by the canvas: no point may leave it (1 px for rounding).
    "rope": 1.0,
    "takopi": 1.0,
    # The spider may fall out of its web: FALL_FRAMES at most MAX_FALL_SPEED before it dies
    # (S9), and cut-off debris drops away until upkeep forgets it FALL_OUT_MARGIN below the
    # floor (allow one more frame of its terminal speed).
    "spider": max(FALL_FRAMES * MAX_FALL_SPEED, FALL_OUT_MARGIN + 2 * _DEBRIS_SPEED),
}
"""How far outside `model.bounds()` a simulated point may ever be, px."""

# The fabric scenes. Torn-off cloth and a broken bridge fall (and blow) until they are forgotten
# a clearing margin off the canvas: allow two frames of their terminal speed past it. Hair
# reaches at most its strands' length out from a head that stays on the canvas.
_STEP = 1.0 / 60.0
for _name, _clear, _damping in (("cloth", CLOTH_CLEAR, CLOTH_DAMPING),
                                ("flag", CLOTH_CLEAR, CLOTH_DAMPING),
                                ("bridge", BRIDGE_FALL, BRIDGE_DAMPING)):
    _params = SCENES[_name].params
    _push = _params["gravity"].hi + (_params["wind"].hi * _STEP * _STEP
                                     if "wind" in _params else 0.0)
    MARGIN[_name] = _clear + 2.0 * _push * _damping / (1.0 - _damping) + 60.0
# A bridge still hanging on a post may hang as low as its rope stretched to the strongest limit
# allows: half the deck's rope (about 400 px from a post to the middle) x that limit.
MARGIN["bridge"] = max(MARGIN["bridge"], SCENES["bridge"].params["strength"].hi * 400.0
                       + BRIDGE_TOP - SCENES["bridge"].size[1] + 60.0)
MARGIN["hair"] = HAIR_RADIUS + HAIR_SEGMENTS * HAIR_SEGMENT + 10.0

MAX_NODES = {"rope": 17, "takopi": 16 + 4 * 3, "spider": 900, "bridge": 46, "hair": 21 * 9,
             "cloth": CLOTH_COLUMNS * CLOTH_ROWS, "flag": FLAG_COLUMNS * FLAG_ROWS}
MAX_EDGES = {"rope": 16, "takopi": 16 + 4 * 2, "spider": 600, "bridge": 72, "hair": 21 * 8,
             # a sheet's links: to the right, down, and (the flag) one diagonal per cell
             "cloth": (CLOTH_COLUMNS - 1) * CLOTH_ROWS + CLOTH_COLUMNS * (CLOTH_ROWS - 1),
             "flag": (FLAG_COLUMNS - 1) * FLAG_ROWS + FLAG_COLUMNS * (FLAG_ROWS - 1)
             + (FLAG_COLUMNS - 1) * (FLAG_ROWS - 1)}
"""Caps on nodes and edges: rope and Takopi never change topology; the web has a hard cap of
400 threads for a riding spider (`spider.model.MAX_THREADS`), plus what a catch (one split)
or a cut (two strands) may add above it before upkeep takes it in again."""

GRACE_FRAMES = 60
"""An edge may be over its limit this many frames in a row (1 s) before it counts as broken:
a flick, a squash or a catch stretches things briefly; staying stretched is the failure."""

ROPE_SLACK, ROPE_SAG = 1.1, 1.0
"""A free rope link (no hand on the rope) may stretch to rest x (ROPE_SLACK + ROPE_SAG x gravity /
iterations). Gauss-Seidel from the pin down leaves each link sagging by about 0.65 x gravity /
iterations of its length at rest (measured: 1.91 x at 1 iteration and gravity 1.5, 1.04 x at 20),
so this is the rope's own physics with room for a swing, and a stuck stretch still shows."""
WEB_STRETCH, WEB_GIVE = 3.0, 40.0
"""A web thread may stretch to WEB_STRETCH x its rest length plus WEB_GIVE / stiffness px.
The web is over-constrained by design: anchors are fixed, and silk is spun 3 % short of a gap
measured while the spider's weight or gravity bends the web, so a storm of shots can leave two
knots held apart by other taut threads farther than the thread between them can ever reach (the
soak found a 2.7 px thread held at 12.6 px, still 8.3 px at 200 passes). Such silk yields: upkeep
lets a thread past `web.YIELD_STRETCH` (2 x) give way, twice a second, so WEB_STRETCH leaves room
for the frames in between. The second term is the give of a soft web whatever a thread's length:
with one pass a frame, tension and sag leave short threads ~14 px over their rest (under 1 px at
10 passes). A caught bug that drags silk lengthens the rest instead (S6). A thread past this for
long is a web the solver is tearing apart, or silk that no longer yields."""
TAKOPI_STRETCH = 1.25
"""Takopi's ring links are max-only (T3): squashed freely, and stretched by the unreachable target
area (T4) toward the regular 16-gon of that area, whose side is sqrt(area_ratio) x spacing. A
link may reach TAKOPI_STRETCH x that side (a squash shares the push unevenly), not more, for
long. Legs are exact: both segments stay at their length (1e-6 px)."""
PLANK_STRETCH = 1.5
"""A bridge plank (exact, never breaking) may be at most this x its length for long, solved at
the slider's default 12 passes a frame. With fewer passes the solver gives more under the same
load, planks as much as ropes, so the plank's bound follows the passes as the ropes' snapping
stretch does (`hanging.snap_share`: 4.65 x at one pass). A fixed 1.5 was the old bound: a storm
at one pass with a crate of 40 held a plank at 2.73 x its length, and the watch called it
broken (1.82 x "its limit")."""
SILK_REST_MAX = 2000.0
"""No thread's rest length may grow past this (the world is 1800 x 1100 px)."""


def make_simulation(name, seed=0, values=None):
    scene = SCENES[name]
    return Run(name, scene.model_class, scene.params, scene.size, seed, values)


def hanging_reach(name):
    """How far below the canvas a sheet still on its nails can hang: its lowest nail, plus the
    longest path of links from any point to a nail, every link stretched to the strongest tear
    limit (a link past it breaks)."""
    model = make_simulation(name).model
    sheet = model.sheet
    queue = [p for p in sheet.grid if p.pinned]
    lowest_nail = max(p.y for p in queue)
    depth = {id(p): 0 for p in queue}
    neighbours = {}
    for link in model.world.constraints:
        neighbours.setdefault(id(link.a), []).append(link.b)
        neighbours.setdefault(id(link.b), []).append(link.a)
    for p in queue:  # breadth first from the nails: the queue grows as it is walked
        for q in neighbours.get(id(p), ()):
            if id(q) not in depth:
                depth[id(q)] = depth[id(p)] + 1
                queue.append(q)
    tear = SCENES[name].params["tear"].hi
    return lowest_nail + max(depth.values()) * sheet.spacing * tear - SCENES[name].size[1]


# A sheet flung down hard at the strongest tear limit whips out to its hanging reach and past it
# for a frame or two at a flick's speed (the hand lets go at most HAND_SPEED px a frame).
for _name in ("cloth", "flag"):
    MARGIN[_name] = max(MARGIN[_name], hanging_reach(_name) + 2.0 * HAND_SPEED + 60.0)


def edge_excess(name, model):
    """[(key, ratio)] of every edge over its scene's limit now (ratio = length / limit).

    Keys identify an edge across frames (for the "for long" rule). Edges a hand holds are
    excused while it holds them: the whole rope while a point is grabbed (the pin and the hand
    may be farther apart than the rope is long), Takopi's ring while the press circle is on
    (T7: a circle bigger than the body blows it up to the circle's size until released), the
    threads of a corpse's knot (S13 pulls it to its neighbours' midpoint).
    """
    over = []
    if name == "rope":
        grabbed = model.grabbed
        for i, (a, b) in enumerate(zip(model.particles, model.particles[1:])):
            if grabbed is not None:
                continue  # the hand holds a point: the whole chain may be pulled taut
            length = hypot(b.x - a.x, b.y - a.y)
            sag = model.world.gravity[1] / model.world.iterations
            limit = SEGMENT_LENGTH * (ROPE_SLACK + ROPE_SAG * sag)
            if length > limit:
                over.append((("link", i), length / limit))
    elif name == "takopi":
        body = model.body
        limit = TAKOPI_STRETCH * sqrt(max(1.0, model.values["area_ratio"])) * body.spacing
        points = body.points
        pressed = model.push_circle() is not None  # T7's press is a hard projection: it wins
        for i, a in enumerate(points if not pressed else ()):
            b = points[(i + 1) % len(points)]
            length = hypot(b.x - a.x, b.y - a.y)
            if length > limit:
                over.append((("ring", i), length / limit))
        for j, leg in enumerate(model.legs):
            for k, length in enumerate(leg.lengths()):
                if abs(length - leg.shape.segment) > 1e-6:
                    over.append((("leg", j, k), 1.0 + abs(length - leg.shape.segment)))
    elif name in ("cloth", "flag", "bridge"):
        # A breakable link past its limit breaks (at most a few a frame, the worst first), so
        # one that stays over it is a tear that never happens. Planks never break: they stay
        # within PLANK_STRETCH (at the passes solved now). Links on what the hand holds are
        # excused while it holds them.
        plank_stretch = PLANK_STRETCH
        if name == "bridge":
            held = {id(model.grabbed)} if model.grabbed is not None else set()
            plank_stretch = snap_share(PLANK_STRETCH,
                                       model.world.iterations * model.world.substeps)
        else:
            held = {id(p) for p, _, _ in model.sheet.held}
        for link in model.world.constraints:
            if id(link.a) in held or id(link.b) in held:
                continue
            limit = plank_stretch if link.limit == PLANK_NEVER_BREAKS else link.limit
            ratio = link.length() / (link.rest * limit)
            if ratio > 1.0:
                over.append((id(link), ratio))
    elif name == "hair":
        # Strands are solved exactly, root to tip: every segment at its length.
        for k, strand in enumerate(model.strands):
            for i, (p, q) in enumerate(zip(strand.chain, strand.chain[1:])):
                error = abs(hypot(q.x - p.x, q.y - p.y) - strand.segment)
                if error > 1e-6:
                    over.append(((k, i), 1.0 + error))
    elif name == "spider":
        give = WEB_GIVE / model.web.stiffness
        # S13 pulls a corpse's knot to its neighbours' midpoint whatever the rest lengths: its
        # threads are held by that rule, like the rope by a hand.
        held = {id(e.knot) for e in model.swarm.enemies if e.state == "dead"}
        for thread in model.web.threads:
            if id(thread.a) in held or id(thread.b) in held:
                continue
            if thread.rest > SILK_REST_MAX:
                over.append(((id(thread), "rest"), thread.rest / SILK_REST_MAX))
            length = thread.length()
            limit = WEB_STRETCH * thread.rest + give
            if length > limit:
                over.append((id(thread), length / limit))
    return over


class RobustnessFailure(AssertionError):
    pass


class Watch:
    """The invariants, checked after every frame; raises RobustnessFailure with the frame."""

    def __init__(self, name, observe_every=1):
        self.name = name
        self.observe_every = observe_every
        self.frame = 0
        self.streak = {}  # edge key -> frames in a row over its limit
        self.worst_outside = 0.0
        self.worst_streak = 0
        self.most = {"nodes": 0, "edges": 0}

    def fail(self, what):
        raise RobustnessFailure(f"{self.name} frame {self.frame}: {what}")

    def check(self, model):
        self.frame += 1
        left, top, right, bottom = model.bounds()
        margin = MARGIN[self.name]
        for x, y in model.points():
            if not (isfinite(x) and isfinite(y)):
                self.fail(f"point ({x}, {y}) is not finite")
            outside = max(left - x, x - right, top - y, y - bottom)
            if outside > self.worst_outside:
                self.worst_outside = outside
                if outside > margin:
                    self.fail(f"point ({x:.1f}, {y:.1f}) is {outside:.1f} px outside the world")
        if self.frame % self.observe_every == 0:
            self.check_observed(model.observe())
        streak = {}
        for key, ratio in edge_excess(self.name, model):
            streak[key] = self.streak.get(key, 0) + 1
            if streak[key] > GRACE_FRAMES:
                self.fail(f"edge {key} at {ratio:.2f} x its limit for {streak[key]} frames")
            self.worst_streak = max(self.worst_streak, streak[key])
        self.streak = streak

    def check_observed(self, state):
        bad = _first_non_finite(state)
        if bad is not None:
            self.fail(f"observe() holds a non-finite number at {bad}")
        nodes, edges = counts(self.name, state)
        self.most["nodes"] = max(self.most["nodes"], nodes)
        self.most["edges"] = max(self.most["edges"], edges)
        if nodes > MAX_NODES[self.name] or edges > MAX_EDGES[self.name]:
            self.fail(f"{nodes} nodes / {edges} edges exceed {MAX_NODES[self.name]} / "
                      f"{MAX_EDGES[self.name]}")


def counts(name, state):
    """(nodes, edges) of an observed state."""
    if name == "rope":
        return len(state["points"]), len(state["points"]) - 1
    if name == "takopi":
        return len(state["body"]) + 3 * len(state["legs"]), len(state["body"]) + 2 * len(state["legs"])
    if name in ("cloth", "flag", "bridge"):
        return len(state["points"]), len(state["links"])
    if name == "hair":
        return (sum(len(s) for s in state["strands"]),
                sum(len(s) - 1 for s in state["strands"]))
    return len(state["nodes"]), len(state["edges"])


def _first_non_finite(value, path="state"):
    if isinstance(value, float):
        return None if isfinite(value) else path
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, (list, tuple)):
        items = enumerate(value)
    else:
        return None
    for key, item in items:
        found = _first_non_finite(item, f"{path}[{key!r}]")
        if found is not None:
            return found
    return None


# --- the input storm ------------------------------------------------------------------------------

FAR = 1e6
"""Farthest pointer position thrown, px (what an events file may hold: scenes.kit.model.script)."""
MASH_KEYS = tuple(k for k in KEY_NAMES if k != "r")


class Storm:
    """Seeded random input for one frame at a time; `inputs(model, size)` -> [(kind, value)].

    Rates per frame: POINTER pointer events (half aimed at one of the model's own points, most
    of the rest around the canvas, some far outside), KEYS key presses or releases, PARAMS a
    parameter thrown to its minimum, maximum or anywhere between, RESTART a burst of restarts.
    """

    POINTER, KEYS, PARAMS, RESTART = 0.3, 0.1, 0.01, 0.0004

    def __init__(self, seed, params):
        self.rng = random.Random(f"storm:{seed}")
        self.params = list(params)
        self.down = False

    def pointer_position(self, model, size):
        rng = self.rng
        roll = rng.random()
        if roll < 0.5:
            points = model.points()
            x, y = points[rng.randrange(len(points))]
            camera = getattr(model, "camera", (0.0, 0.0))
            return (x - camera[0] + rng.gauss(0.0, 25.0), y - camera[1] + rng.gauss(0.0, 25.0))
        if roll < 0.9:
            return (rng.uniform(-300.0, size[0] + 300.0), rng.uniform(-300.0, size[1] + 300.0))
        return (rng.uniform(-FAR, FAR), rng.uniform(-FAR, FAR))

    def inputs(self, model, size):
        rng = self.rng
        out = []
        roll = rng.random()
        if roll < self.POINTER:
            kind = rng.choice(("down", "move", "move", "move", "up") if self.down
                              else ("down", "down", "move", "up"))
            self.down = kind in ("down", "move") and (self.down or kind == "down")
            out.append((kind, self.pointer_position(model, size)))
        elif roll < self.POINTER + self.KEYS:
            out.append((rng.choice(("key_down", "key_down", "key_up")), rng.choice(MASH_KEYS)))
        elif roll < self.POINTER + self.KEYS + self.PARAMS:
            param = rng.choice(self.params)
            value = rng.choice((param.lo, param.hi, rng.uniform(param.lo, param.hi)))
            out.append(("param", (param.name, value)))
        elif roll < self.POINTER + self.KEYS + self.PARAMS + self.RESTART:
            out.extend([("key_down", "r")] * rng.randint(1, 6))
        return out


def apply(sim, kind, value):
    """Feed one storm input to a Run."""
    if kind == "param":
        sim.apply(set_record(*value))
    else:
        sim.apply(record(kind, value))


def fuzz(name, frames, seed=0, observe_every=1, values=None):
    """Run `frames` frames of a storm on a pure Run, checking after every frame.

    Returns (simulation, watch) for further checks; raises RobustnessFailure on a broken rule.
    """
    sim = make_simulation(name, seed, values)
    storm = Storm(seed, sim.params)
    watch = Watch(name, observe_every)
    for _ in range(frames):
        for kind, value in storm.inputs(sim.model, sim.size):
            apply(sim, kind, value)
        sim.step()
        watch.check(sim.model)
    return sim, watch


def fuzz_job(job):
    """One fuzz run for a worker process: job = (name, frames, seed, values, observe_every).

    Returns a JSON-ready summary; a broken rule or any exception is reported as "failure"
    (with its type, so a crash is told apart from a broken invariant).
    """
    name, frames, seed, values, observe_every = job
    try:
        sim, watch = fuzz(name, frames, seed, observe_every, values)
    except Exception as error:  # reported, not hidden: the test fails on it
        return {"job": list(job[:3]), "failure": f"{type(error).__name__}: {error}"}
    return {"job": list(job[:3]), "failure": None, "frames": watch.frame,
            "restarts": sim.restarts, "worst_outside": watch.worst_outside,
            "longest_stretch": watch.worst_streak, "most": watch.most}


def extreme_values(name, end):
    """Every parameter of a scene at its minimum (end="lo") or its maximum (end="hi")."""
    return {p.name: getattr(p, end) for p in SCENES[name].params}
