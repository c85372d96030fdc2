"""A rope bridge between two cliffs: planks on two ropes, crates dropped on it, ropes that snap.

Pure Python on `verlet/`. Side view: a deck of wooden planks (exact distance links
between each plank's two ends, never breaking) strung on a deck rope, and a handrail rope above
it joined to every plank by two hangers. All rope is `verlet.Breakable` and max-only: it goes
slack when pushed and gives up when stretched past `strength` x its rest length. Both ropes are
tied to posts on the cliffs (pinned particles). Gauss-Seidel, `iterations` passes a frame.

A crate is one of the world's particles: it falls freely (the world integrates it) until its
path crosses a plank; then it rides that plank (pinned: the plank carries it), its weight
(mass x gravity) pulling the plank's two ends in proportion to where it sits, and slides
along a tilted plank until it drops off an end. A light crate the bridge carries; a heavy one
stretches the ropes past their limit and the bridge comes apart. Pieces that no longer hang on
a post fall, and everything that falls below the canvas is forgotten.

Input: "down" near the bridge grabs it (drag, fling: `verlet.Hand`); "down" anywhere else drops
a crate there; "key_down" "space" drops one over the middle.

The frame is the world's: before the integration the hand places what it holds and riding
crates load their planks; after the solve crates land on and ride planks, walls hold, ropes
past their limit snap and what fell is forgotten.
"""

from math import hypot

from scenes.kit.model.measures import Measure, worst_share_of_limit
from scenes.kit.model.net import graph_state
from scenes.kit.model.params import Param, ParamTable
from verlet import Breakable, Connectivity, Hand, Particle, World, snap_overstretched
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


class Crate(Particle):
    """A dropped weight, one of the world's particles: falling (`plank` None) or riding plank
    `plank` at parameter `u`, pinned while it rides (the plank places it, not the integration)."""

    __slots__ = ("mass", "_plank", "u")

    def __init__(self, x, y, mass):
        super().__init__(x, y)
        self.mass = mass
        self._plank = None
        self.u = 0.0

    @property
    def plank(self):
        return self._plank

    @plank.setter
    def plank(self, plank):
        self._plank = plank
        self.pinned = plank is not None

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
        self.rng = rng
        self._build(values["strength"])
        self._hanging = Connectivity(self.world.particles, self.world.constraints)
        self.hand = Hand(self.world, GRAB_RADIUS)
        world = self.world
        world.on("before_integrate", self._load_planks)
        for finish in (self._land_and_ride, self._keep_in_sky, self._snap, self._clear_fallen,
                       self._forget_lost_crates):
            world.on("after_solve", finish)

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
            if self.hand.grab_nearest(self.world.particles, pos, self._graspable) is None:
                self.drop(pos)
            else:
                self._hanging.relinked()
        elif kind == "move":
            self.hand.move(pos)
        elif kind == "up":
            self.release()

    @property
    def grabbed(self):
        """The bridge point the hand holds, or None."""
        return self.hand.point

    def _graspable(self, p):
        """A hand takes hold of the bridge, not of a post or a crate."""
        return id(p) not in self.nails and not isinstance(p, Crate)

    def nearest_point(self, pos):
        """The bridge point nearest `pos` within GRAB_RADIUS, or None."""
        return self.hand.nearest(self.world.particles, pos, self._graspable)

    def drop(self, pos):
        """A crate of the current weight appears at `pos` and falls."""
        crate = Crate(pos[0], pos[1], self.values["weight"])
        self.crates.append(crate)
        self.world.particles.append(crate)
        if len(self.crates) > MAX_CRATES:
            del self.crates[:-MAX_CRATES]
            self._forget_lost_crates()

    def release(self):
        if self.hand.let_go():
            self._hanging.relinked()  # the hand held the bridge up: what hangs may have changed

    # --- the frame ------------------------------------------------------------------------
    def step(self):
        """One frame of the world (its hooks do the bridge's and the crates' own work)."""
        self.world.step()

    def bridge_points(self):
        """The world's particles that are the bridge's (not the crates)."""
        return [p for p in self.world.particles if not isinstance(p, Crate)]

    def _load_planks(self):
        """Before the integration: every riding crate's weight on its plank."""
        gravity = self.world.gravity[1]
        for crate in self.crates:
            if crate.plank is not None:
                self._load(crate, gravity)

    def _land_and_ride(self):
        """After the solve: a falling crate whose path crossed a plank lands on it; a riding
        one moves with its plank."""
        for crate in self.crates:
            if crate.plank is None:
                self._land(crate)
            else:
                self._ride(crate)

    def _snap(self):
        """After the solve: ropes the solve could not pull back within their limit snap."""
        broken = snap_overstretched(self.world.constraints)
        if broken:
            self.torn += len(broken)
            self._hanging.relinked()

    def _forget_lost_crates(self):
        """Crates no longer kept (fallen, or the oldest past MAX_CRATES) leave the world."""
        kept = set(map(id, self.crates))
        particles = self.world.particles
        if len(particles) - len(self.bridge_points()) != len(kept):
            particles[:] = [p for p in particles if not isinstance(p, Crate) or id(p) in kept]

    def _load(self, crate, gravity):
        """The crate's weight pulls the plank's ends down, in proportion to where it sits."""
        plank = crate.plank
        pull = crate.mass * gravity
        for end, share in ((plank.a, 1.0 - crate.u), (plank.b, crate.u)):
            if not end.pinned:
                end.y += pull * share

    def _land(self, crate):
        """A falling crate (integrated with the world this frame) whose bottom edge crossed a
        plank between the plank's last place and its place now lands on it and rides it."""
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
        for p in self.world.particles:  # the crates among them
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
        self._hanging.relinked()

    # --- reading --------------------------------------------------------------------------
    def points(self):
        return [(p.x, p.y) for p in self.bridge_points()] + [(c.x, c.y) for c in self.crates]

    def bounds(self):
        return (0.0, 0.0, float(self.size[0]), float(self.size[1]))

    def measures(self):
        """The most loaded rope: its stretch as a share of the stretch it snaps at."""
        planks = set(map(id, self.planks))
        ropes = [c for c in self.world.constraints
                 if isinstance(c, Breakable) and not c.broken and id(c) not in planks]
        strength = self.values["strength"]
        return [Measure("load", "밧줄 힘 rope load", worst_share_of_limit(ropes), 1.0,
                        "끊어짐 snap", 0.7, 1.1, satisfied=1.0 / strength),
                Measure("snapped", "끊긴 밧줄 snapped", self.torn, None, "", 0.0, 20.0)]

    def observe(self):
        state = graph_state(self.bridge_points(), self.world.constraints, self.nails, self.torn)
        state["crates"] = [[c.x, c.y, c.mass, c.plank is not None] for c in self.crates]
        return state
