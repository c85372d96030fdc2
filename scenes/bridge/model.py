"""A rope bridge between two cliffs: planks on two ropes, crates dropped on it, ropes that snap.

Pure Python on `verlet/` (issue 15). Side view: a deck of wooden planks (exact distance links
between each plank's two ends, never breaking) strung on a deck rope, and a handrail rope above
it joined to every plank by two hangers. All rope is `verlet.Breakable` and max-only: it goes
slack when pushed and gives up when stretched past `strength` x its rest length. Both ropes are
tied to posts on the cliffs (pinned particles). Gauss-Seidel, `iterations` passes a frame.

A crate falls freely until its path crosses a plank; then it rides that plank, its weight
(mass x gravity) pulling the plank's two ends in proportion to where it sits, and slides
along a tilted plank until it drops off an end. A light crate the bridge carries; a heavy one
stretches the ropes past their limit and the bridge comes apart. Pieces that no longer hang on
a post fall, and everything that falls below the canvas is forgotten.

Input: "down" near the bridge grabs it (drag, fling); "down" anywhere else drops a crate there;
"key_down" "space" drops one over the middle.
"""

from math import hypot

from scenes.kit.model.sheet import graph_state
from scenes.kit.model.params import Param, ParamTable
from verlet import Breakable, Connectivity, World, snap_overstretched
from verlet.geometry import segment_crossing

HELP = "a rope bridge: tap to drop crates, Space drops one in the middle, heavy ones snap it"
PARAMS = ParamTable(
    Param("weight", 3.0, 0.5, 40.0, "mass of the next crate, in planks (a plank weighs 1)"),
    Param("strength", 1.25, 1.05, 3.0, "a rope snaps past this many times its rest length"),
    Param("iterations", 12, 1, 30, "constraint passes per frame: more is stiffer", integer=True),
    Param("gravity", 0.3, 0.05, 1.0, "downward acceleration, px per frame squared"),
)

CLIFF_LEFT, CLIFF_RIGHT, CLIFF_TOP = 150.0, 810.0, 250.0
"""Inner edges of the two cliffs and the height of their tops, px."""
PLANKS = 14
PLANK_SHARE = 0.78
"""Share of each bay that is plank (the rest is rope between planks)."""
SAG = 90.0
"""How far the middle of the deck hangs below the cliff tops when built, px."""
RAIL_HEIGHT = 58.0
"""Height of the handrail posts above the deck anchors, px."""
SLACK = 1.02
"""Rope is cut this much longer than the gaps it is strung across."""
DAMPING = 0.99
GRAB_RADIUS = 26.0
"""A press this close to a bridge point grabs it, px."""
MARGIN = 6.0
FALL_MARGIN = 80.0
"""Points and crates this far below the canvas are forgotten, px."""
MAX_CRATES = 12
"""Crates kept at once; dropping another lets the oldest go."""
SLIDE = 0.02
"""How fast a crate slides along a tilted plank: share of the plank per frame per unit slope."""
ROPE_STIFFNESS = 0.35
"""Share of a rope's stretch undone per pass: rope gives under load, so a heavy crate stretches
it further than a light one."""
FRICTION = 0.25
"""A crate stays put on a plank sloping less than this (rise over run, about 14 degrees)."""
PLANK_NEVER_BREAKS = 1e9
"""Planks are Breakable links (one fast solver run for the whole bridge) that never break."""


class Crate:
    """A dropped weight: falling (`plank` None) or riding plank `plank` at parameter `u`."""

    __slots__ = ("x", "y", "px", "py", "mass", "plank", "u")

    def __init__(self, x, y, mass):
        self.x = self.px = x
        self.y = self.py = y
        self.mass = mass
        self.plank = None
        self.u = 0.0

    @property
    def size(self):
        """Side of the crate's square, px: heavier crates are bigger."""
        return 14.0 + 6.0 * self.mass ** 0.5


def deck_height(x):
    """The built deck's height at x: a shallow parabola from cliff to cliff."""
    t = (x - CLIFF_LEFT) / (CLIFF_RIGHT - CLIFF_LEFT)
    return CLIFF_TOP + SAG * 4.0 * t * (1.0 - t)


class BridgeModel:
    """Posts, deck, handrail, hangers and crates."""

    def __init__(self, size, values, rng):
        self.size = size
        self.values = dict(values)
        self.world = World(gravity=(0.0, values["gravity"]), damping=DAMPING,
                           iterations=values["iterations"])
        self.torn = 0
        self.crates = []
        self.grabbed = None
        self.hand = None
        self._was_pinned = False
        self.rng = rng
        self._build(values["strength"])
        self._hanging = Connectivity(self.world.particles, self.world.constraints)

    def _build(self, strength):
        world = self.world
        bay = (CLIFF_RIGHT - CLIFF_LEFT) / PLANKS
        gap = bay * (1.0 - PLANK_SHARE) / 2.0
        deck = [world.add_particle(CLIFF_LEFT, CLIFF_TOP, pinned=True)]
        for k in range(PLANKS):
            for x in (CLIFF_LEFT + k * bay + gap, CLIFF_LEFT + (k + 1) * bay - gap):
                deck.append(world.add_particle(x, deck_height(x)))
        deck.append(world.add_particle(CLIFF_RIGHT, CLIFF_TOP, pinned=True))
        rail = [world.add_particle(CLIFF_LEFT, CLIFF_TOP - RAIL_HEIGHT, pinned=True)]
        for k in range(PLANKS):
            x = CLIFF_LEFT + (k + 0.5) * bay
            rail.append(world.add_particle(x, deck_height(x) - RAIL_HEIGHT))
        rail.append(world.add_particle(CLIFF_RIGHT, CLIFF_TOP - RAIL_HEIGHT, pinned=True))
        self.deck, self.rail = deck, rail
        self.planks = []
        for k in range(PLANKS):
            a, b = deck[1 + 2 * k], deck[2 + 2 * k]
            self.planks.append(world.add(Breakable(a, b, None, PLANK_NEVER_BREAKS)))
        for a, b in zip(deck[0::2], deck[1::2]):  # deck rope between planks
            self._rope(a, b, strength)
        for a, b in zip(rail, rail[1:]):
            self._rope(a, b, strength)
        for k in range(PLANKS):
            for end in (deck[1 + 2 * k], deck[2 + 2 * k]):
                self._rope(rail[k + 1], end, strength)
        self.nails = {id(p) for p in world.particles if p.pinned}

    def _rope(self, a, b, strength):
        rest = hypot(b.x - a.x, b.y - a.y) * SLACK
        return self.world.add(Breakable(a, b, rest, strength, ROPE_STIFFNESS, max_only=True))

    # --- parameters and input -------------------------------------------------------------
    def set_param(self, name, value):
        self.values[name] = value
        if name == "iterations":
            self.world.iterations = value
        elif name == "gravity":
            self.world.gravity = (0.0, value)
        elif name == "strength":
            for link in self.world.constraints:
                if link.limit != PLANK_NEVER_BREAKS:
                    link.limit = value

    def input(self, kind, value):
        if kind == "key_down":
            if value == "space":
                self.drop(((CLIFF_LEFT + CLIFF_RIGHT) / 2.0 + self.rng.uniform(-40.0, 40.0),
                           60.0))
            return
        if kind == "key_up":
            return
        pos = (min(self.size[0] - MARGIN, max(MARGIN, value[0])),
               min(self.size[1] - MARGIN, max(MARGIN, value[1])))
        if kind == "down":
            self.release()
            self.grabbed = self.nearest_point(pos)
            if self.grabbed is None:
                self.drop(pos)
            else:
                self._was_pinned = self.grabbed.pinned
                self.grabbed.pinned = True
                self._hanging.relinked()
                self.hand = pos
        elif kind == "move" and self.grabbed is not None:
            self.hand = pos
        elif kind == "up":
            self.release()

    def nearest_point(self, pos):
        best, best_distance = None, GRAB_RADIUS
        for p in self.world.particles:
            distance = hypot(p.x - pos[0], p.y - pos[1])
            if distance <= best_distance and id(p) not in self.nails:
                best, best_distance = p, distance
        return best

    def drop(self, pos):
        """A crate of the current weight appears at `pos` and falls."""
        self.crates.append(Crate(pos[0], pos[1], self.values["weight"]))
        del self.crates[:-MAX_CRATES]

    def release(self):
        if self.grabbed is not None:
            self.grabbed.pinned = self._was_pinned
            self._hanging.relinked()  # the hand held the bridge up: what hangs may have changed
        self.grabbed = None
        self.hand = None

    # --- the frame ------------------------------------------------------------------------
    def step(self):
        gravity = self.world.gravity[1]
        if self.grabbed is not None:
            p = self.grabbed
            p.px, p.py = p.x, p.y
            p.x, p.y = self.hand
        for crate in self.crates:
            if crate.plank is not None:
                self._load(crate, gravity)
        self.world.step()
        for crate in self.crates:
            if crate.plank is None:
                self._fall(crate, gravity)
            else:
                self._ride(crate)
        self._keep_in_sky()
        broken = snap_overstretched(self.world.constraints)
        if broken:
            self.torn += len(broken)
            self._hanging.relinked()
        self._clear_fallen()

    def _load(self, crate, gravity):
        """The crate's weight pulls the plank's ends down, in proportion to where it sits."""
        plank = crate.plank
        pull = crate.mass * gravity
        for end, share in ((plank.a, 1.0 - crate.u), (plank.b, crate.u)):
            if not end.pinned:
                end.y += pull * share

    def _fall(self, crate, gravity):
        vx, vy = (crate.x - crate.px) * DAMPING, (crate.y - crate.py) * DAMPING + gravity
        crate.px, crate.py = crate.x, crate.y
        crate.x += vx
        crate.y += vy
        half = crate.size / 2.0
        for plank in self.planks:
            if plank.broken:
                continue
            a, b = plank.a, plank.b
            length = max(1e-6, hypot(b.x - a.x, b.y - a.y))
            for offset in (0.0, -0.8 * half, 0.8 * half):  # the crate's bottom edge, not a point
                start = (crate.px + offset, crate.py + half)
                end = (crate.x + offset, crate.y + half)
                hit = (segment_crossing(start, end, (a.px, a.py), (b.px, b.py))
                       or segment_crossing(start, end, (a.x, a.y), (b.x, b.y)))
                if hit is not None:
                    u = hit[1] - offset * (b.x - a.x) / (length * length)
                    crate.plank, crate.u = plank, min(0.95, max(0.05, u))
                    self._ride(crate)
                    return

    def _ride(self, crate):
        """On its plank: slide down a slope steeper than FRICTION, onto the next plank over
        the rope between them, or off the bridge where there is none."""
        a, b = crate.plank.a, crate.plank.b
        length = max(1e-6, hypot(b.x - a.x, b.y - a.y))
        slope = (b.y - a.y) / length
        if abs(slope) > FRICTION:
            crate.u += SLIDE * (slope - FRICTION if slope > 0.0 else slope + FRICTION)
        if not 0.0 <= crate.u <= 1.0:
            k = self.planks.index(crate.plank) + (1 if crate.u > 1.0 else -1)
            if 0 <= k < len(self.planks) and not self.planks[k].broken:
                crate.plank, crate.u = self.planks[k], 0.02 if crate.u > 1.0 else 0.98
                a, b = crate.plank.a, crate.plank.b
        x, y = a.x + (b.x - a.x) * crate.u, a.y + (b.y - a.y) * crate.u
        crate.px, crate.py = crate.x, crate.y
        crate.x, crate.y = x, y - crate.size / 2.0
        if not 0.0 <= crate.u <= 1.0:
            crate.plank = None

    def _keep_in_sky(self):
        """Walls at the canvas's sides and top (the chasm below is open): a point or crate
        flung past one stops there."""
        width = self.size[0]
        for p in list(self.world.particles) + self.crates:
            if p.x < 0.0 or p.x > width:
                p.x = p.px = min(width, max(0.0, p.x))
            if p.y < 0.0:
                p.y = p.py = 0.0

    def _clear_fallen(self):
        """Forget crates, points and links that fell below the canvas."""
        floor = self.size[1] + FALL_MARGIN
        self.crates = [c for c in self.crates if c.y < floor and -FALL_MARGIN < c.x
                       < self.size[0] + FALL_MARGIN]
        held = self._hanging.anchored()
        gone = {id(p) for p in self.world.particles
                if id(p) not in held and (p.y > floor or p.x < -FALL_MARGIN
                                          or p.x > self.size[0] + FALL_MARGIN)}
        if not gone:
            return
        world = self.world
        world.particles[:] = [p for p in world.particles if id(p) not in gone]
        for link in world.constraints:
            if id(link.a) in gone or id(link.b) in gone:
                link.broken = True
        world.constraints[:] = [k for k in world.constraints if not k.broken]
        for crate in self.crates:
            if crate.plank is not None and crate.plank.broken:
                crate.plank = None
        if self.grabbed is not None and id(self.grabbed) in gone:
            self.grabbed, self.hand = None, None
        self._hanging.relinked()

    # --- reading --------------------------------------------------------------------------
    def points(self):
        return [(p.x, p.y) for p in self.world.particles] + [(c.x, c.y) for c in self.crates]

    def bounds(self):
        return (0.0, 0.0, float(self.size[0]), float(self.size[1]))

    def observe(self):
        state = graph_state(self.world, self.nails, self.torn)
        state["crates"] = [[c.x, c.y, c.mass, c.plank is not None] for c in self.crates]
        return state
