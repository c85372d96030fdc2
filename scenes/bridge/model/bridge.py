"""The bridge: posts, a deck of planks on a rope, a handrail, hangers; the hand and the keys.

Side view. A deck of wooden planks (exact distance links between each plank's two ends, never
breaking) is strung on a deck rope, and a handrail rope above it is joined to every plank by
two hangers. All rope is a `Rope`: max-only (slack when pushed) and breaking past `strength` x
the length it hangs at in the empty bridge at rest. Both ropes are tied to posts on the cliffs
(pinned particles). Gauss-Seidel, `iterations` passes a frame.

The bridge opens at rest: when it is built (fresh, or by R) it hangs for a while unseen, nothing
breaking, until it is still; each rope then knows how long it hangs (`Rope.hang`, never less
than its rest). Fewer passes or stronger gravity leave the ropes of a resting bridge longer
than their rest (the solver's give), and that stretch is not a load. The settled shape is kept
for its parameter values (`SETTLED_SHAPES`), so R with the same values opens it at once; a
slider moved while it runs acts on the running bridge: after a change of iterations or gravity
the empty bridge settles in view for REHANG_FRAMES frames, its ropes' hanging lengths following
their stretch (`hanging.rehang`), so the change alone snaps nothing (with a crate on it, or a
hand, it acts in full: that is load).

Input: a press on a plank, the deck rope or the handrail (within GRAB_RADIUS of the drawn
line) takes hold of it (both ends of a plank, the free ends of a rope; crates fall past the
hangers, so a press on one drops a crate). The hand leads what it holds toward the pointer by
at most HAND_STEP px a frame and the ropes pull it back where they are taut (`verlet.Hand`
with `lead`): it pulls as a light crate would, never harder; should a rope still stretch GRIP
of the way to its limit (a weak rope), the plank slips out of the hand before it snaps. A
press anywhere else drops a crate there (onto a cliff's top when it is in the rock).
Keys: "left" / "right" move the drop mark, "space" drops a crate under it, "down" / "up" shake
the deck under it (a nudge down or up).

The frame is the world's: before the integration the hand places what it holds and riding
crates load their planks; after the solve crates land, ride, stack and part (`CrateYard`),
walls hold, the cliffs push out what hangs into them, a hand pulling too hard slips, ropes
past their limit snap and what left the canvas is forgotten.
"""

from math import hypot

from scenes.kit.model.measures import Measure, worst_share_of_limit
from scenes.kit.model.net import graph_state
from verlet import Breakable, Connectivity, Grip, Hand, World, snap_overstretched
from verlet.geometry import distance_to_segment
from scenes.kit.model.prepare import BuiltInStages

from .crates import Crate, CrateYard
from .hanging import REHANG_FRAMES, Rope, rehang, settle, snap_share
from .land import CLIFF_LEFT, CLIFF_RIGHT, CLIFF_TOP, cliffs, on_a_cliff_top

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
PLANK_NEVER_BREAKS = 1e9
"""Planks are Breakable links (one fast solver run for the whole bridge) that never break."""
GRAB_RADIUS = 9.0
"""A press this close to a drawn plank or rope (beyond its half width) takes hold, px."""
PLANK_HALF_WIDTH, ROPE_HALF_WIDTH = 4.5, 1.0
"""Half the drawn width of a plank and of a rope, px."""
HAND_STEP = 3.0
"""Farthest the hand leads what it holds toward the pointer in a frame, px (180 px/s)."""
GRIP = 0.5
"""A hand lets go once a rope's stretch over its hanging length has gone this share of the way
to `strength` (with strength 1.25: at 1.125)."""
MARGIN = 6.0
FALL_MARGIN = 80.0
"""Points and crates this far below the canvas (or beside it) are forgotten, px."""
MAX_CRATES = 12
"""Crates kept at once; dropping another lets the oldest go."""
DROP_HEIGHT = 80.0
"""Height a crate dropped from the keyboard starts at, px."""
CURSOR_SPEED = 4.0
"""How far a held arrow key moves the drop mark in a frame, px."""
NUDGE = 2.5
"""Speed a shake gives the deck point nearest the drop mark, px per frame (less farther off)."""
NUDGE_REACH = 120.0
"""How far along the deck a shake reaches, px."""


def hanging_length(link):
    """What the hand's grip measures a link against: a rope's length in the empty bridge at
    rest (planks are not watched)."""
    return link.rest * link.hang if isinstance(link, Rope) else None


def deck_height(x):
    """The built deck's height at x: a shallow parabola from cliff to cliff."""
    t = (x - CLIFF_LEFT) / (CLIFF_RIGHT - CLIFF_LEFT)
    return CLIFF_TOP + SAG * 4.0 * t * (1.0 - t)


class BridgeModel(BuiltInStages):
    """Posts, deck, handrail, hangers, the crates and the hand."""

    max_point_move = 40.0
    """Farthest a point moves in a frame, px, in play: the hand leads by HAND_STEP (3 px), a
    shake nudges by NUDGE (2.5 px), a crate riding a plank moves with it; a crate or a piece
    falls freely, and from the canvas's top (a drop at y 6) to FALL_MARGIN below its bottom at
    the strongest gravity (1.0 px per frame squared) it reaches sqrt(2 x 1.0 x 614) = 35 px a
    frame (damped 0.99: less) before it is forgotten."""

    def _construct(self, size, values, rng):
        self.size = size
        self.values = values  # the run's: the next crate's weight and the strength are read here
        self.rng = rng
        self.world = World(gravity=(0.0, values["gravity"]), damping=DAMPING,
                           iterations=values["iterations"])
        self.torn = 0
        self.moments = []  # what a reader would name: a crate dropped, ropes snapped
        self.slips = 0
        self.cursor = (CLIFF_LEFT + CLIFF_RIGHT) / 2.0
        self.keys = set()
        self.rehang = 0
        self.solids = cliffs(size)
        self._fell = False
        self._build()
        self._bridge_count = len(self.world.particles)
        self.yard = CrateYard(self.planks, self.solids)
        self._hanging = Connectivity(self.world.particles, self.world.constraints,
                                     signal=self.world)  # the world's change signal
        world = self.world
        world.on("before_integrate", self._steer, name="bridge.steer", before="hand.place")
        self.hand = Hand(world, GRAB_RADIUS, lead=HAND_STEP,
                         grip=Grip(1.0 + GRIP * (self.values["strength"] - 1.0), whole=True,
                                   base=hanging_length))
        world.on("before_integrate", self._load_planks, after="hand.place")
        # after the solve, in this order: the crates settle, everything is kept in bounds,
        # the planks slip, the joints snap, what fell is cleared
        last = ()
        for name, finish in (("yard.settle", self.yard.settle),
                             ("bridge.bounds", self._keep_in_bounds),
                             ("bridge.slip", self._slip), ("bridge.snap", self._snap),
                             ("bridge.clear_fallen", self._clear_fallen)):
            world.on("after_solve", finish, name=name, after=last)
            last = name
        yield from self._settle()

    @property
    def crates(self):
        return self.yard.crates

    def _build(self):
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
        self.posts = [deck[0], deck[-1], rail[0], rail[-1]]
        self.planks = []
        for k in range(PLANKS):
            a, b = deck[1 + 2 * k], deck[2 + 2 * k]
            self.planks.append(world.add(Breakable(a, b, None, PLANK_NEVER_BREAKS)))
        strength = self.values["strength"]
        for a, b in zip(deck[0::2], deck[1::2]):  # deck rope between planks
            self._rope(a, b, strength, "deck")
        for a, b in zip(rail, rail[1:]):
            self._rope(a, b, strength, "rail")
        for k in range(PLANKS):
            for end in (deck[1 + 2 * k], deck[2 + 2 * k]):
                self._rope(rail[k + 1], end, strength, "hanger")

    def _rope(self, a, b, strength, part):
        rest = hypot(b.x - a.x, b.y - a.y) * SLACK
        return self.world.add(Rope(a, b, rest, strength, part))

    def ropes(self):
        return [link for link in self.world.constraints if isinstance(link, Rope)]

    def _settle(self):
        """Hang the new bridge until it is still, or take the shape it settled in before with
        these values (`hanging.settle`)."""
        yield from settle(self.world, self.ropes(),
                          (self.values["iterations"], self.values["gravity"]))
        self.renew_strength()

    def snap_share(self):
        """The stretch over its hang at which a rope snaps now: `strength` at 12 passes a
        frame, more with fewer (`hanging.snap_share`)."""
        world = self.world
        return snap_share(self.values["strength"], world.iterations * world.substeps)

    # --- parameters and input (the parameters' homes: `PARAMS`) ----------------------------
    def hang_anew(self):
        """The passes or the pull changed: for REHANG_FRAMES frames the ropes measure how long
        they hang again (`hanging.rehang`), so the change alone snaps nothing."""
        self.rehang = REHANG_FRAMES

    def renew_strength(self):
        """The stretch each rope snaps at, for the strength now (it depends on the passes)."""
        self.set_strength(self.values["strength"])

    def set_strength(self, strength):
        """Each rope snaps past `strength` x the length it hangs at (`hanging.snap_share`)."""
        share = snap_share(strength, self.world.iterations * self.world.substeps)
        for link in self.world.constraints:
            if isinstance(link, Rope):
                link.limit = share * link.hang

    def input(self, kind, value):
        if kind == "key_down":
            self.keys.add(value)
            if value == "space":
                self.drop((self.cursor, DROP_HEIGHT))
            elif value in ("down", "up", "s", "w"):
                self.shake(1.0 if value in ("down", "s") else -1.0)
            return
        if kind == "key_up":
            self.keys.discard(value)
            return
        pos = (min(self.size[0] - MARGIN, max(MARGIN, value[0])),
               min(self.size[1] - MARGIN, max(MARGIN, value[1])))
        if kind == "down":
            self.release()
            held = self.touched(pos)
            if held:
                self.hand.grab(held, pos)
            else:
                self.drop(pos)
        elif kind == "move":
            self.hand.move(pos)
        elif kind == "up":
            self.release()

    def touched(self, pos):
        """The free points a press at `pos` takes hold of: the ends of the plank, deck rope or
        handrail whose drawn line is nearest within GRAB_RADIUS, else none. Hangers are not
        held: crates fall past them, so a press between deck and rail drops one."""
        best, best_distance = None, GRAB_RADIUS
        for link in self.world.constraints:
            if getattr(link, "part", None) == "hanger":
                continue
            a, b = link.a, link.b
            width = ROPE_HALF_WIDTH if isinstance(link, Rope) else PLANK_HALF_WIDTH
            distance = distance_to_segment(pos, (a.x, a.y), (b.x, b.y)) - width
            if distance <= best_distance and not (a.pinned and b.pinned):
                best, best_distance = link, distance
        if best is None:
            return []
        return [p for p in (best.a, best.b) if not p.pinned]

    @property
    def grabbed(self):
        """The first bridge point the hand holds, or None."""
        return self.hand.point

    def held_points(self):
        return [p for p, _, _ in self.hand.held]

    def drop(self, pos):
        """A crate of the current weight appears at `pos` and falls (on a cliff's top if it
        was dropped into the rock)."""
        crate = Crate(pos[0], pos[1], self.values["weight"])
        if on_a_cliff_top(crate.x) and crate.y + crate.half > CLIFF_TOP:
            crate.ground()
        self.crates.append(crate)
        self.world.particles.append(crate)
        self.moments.append(("crate", {"weight": crate.mass}))
        if len(self.crates) > MAX_CRATES:
            del self.crates[:-MAX_CRATES]
            self._forget_lost_crates()

    def shake(self, direction):
        """A nudge of the deck under the drop mark: down (1) or up (-1), strongest at the deck
        point nearest the mark, nothing NUDGE_REACH px along the deck from it."""
        for p in self.deck:
            if p.pinned:
                continue
            share = 1.0 - abs(p.x - self.cursor) / NUDGE_REACH
            if share > 0.0:
                p.py -= direction * NUDGE * share

    def release(self):
        self.hand.let_go()

    # --- the frame ------------------------------------------------------------------------
    def step(self):
        """One frame of the world (its hooks do the bridge's and the crates' own work)."""
        self.world.step()

    def bridge_points(self):
        """The world's particles that are the bridge's (not the crates)."""
        return [p for p in self.world.particles if not isinstance(p, Crate)]

    def _steer(self):
        """Before the hand leads what it holds: held arrows move the drop mark."""
        step = (("right" in self.keys or "d" in self.keys)
                - ("left" in self.keys or "a" in self.keys)) * CURSOR_SPEED
        if step:
            self.cursor = min(CLIFF_RIGHT + 100.0, max(CLIFF_LEFT - 100.0, self.cursor + step))

    def _load_planks(self):
        self.yard.load_planks(self.world.gravity[1])

    def _slip(self):
        """A hand that stretched a rope GRIP of the way to its snapping stretch (`snap_share`: it
        follows the passes) loses its grip (`verlet.Grip`, every rope watched against its
        hanging length)."""
        if self.hand.slip(1.0 + GRIP * (self.snap_share() - 1.0)):
            self.slips += 1

    def _snap(self):
        """Ropes the solve could not pull back within their limit snap (while the empty
        bridge settles after a slider change, their hanging lengths follow them instead)."""
        if self.rehang:
            self.rehang -= 1
            if not self.hand.held and not any(c.root().plank is not None for c in self.crates):
                rehang(self.world.constraints, self.snap_share())
        broken = snap_overstretched(self.world.constraints)
        if broken:
            self.torn += len(broken)
            self.world.changed()
            self.moments.append(("snapped", {"ropes": len(broken)}))

    def _keep_in_bounds(self):
        """One walk over every point after the solve: walls at the canvas's sides and top hold
        it (the chasm below is open), a bridge point that hangs into a cliff lies along its
        face instead, and one that fell past the canvas is noted for `_clear_fallen`."""
        width = self.size[0]
        below = self.size[1] + FALL_MARGIN
        left, right = self.solids
        fell = False
        for p in self.world.particles:
            x = p.x
            if x < 0.0 or x > width:
                p.x = p.px = x = min(width, max(0.0, x))
            y = p.y
            if y < 0.0:
                p.y = p.py = 0.0
            elif y > CLIFF_TOP and (x < CLIFF_LEFT or x > CLIFF_RIGHT):
                if not isinstance(p, Crate):  # crates keep out of the rock by themselves
                    (left if x < CLIFF_LEFT else right).push_out((p,))
            elif y > below:
                fell = True
        self._fell = fell

    def _forget_lost_crates(self):
        """Crates no longer kept (fallen, or the oldest past MAX_CRATES) leave the world."""
        kept = self.crates
        particles = self.world.particles
        if len(particles) - self._bridge_count != len(kept):
            keep = set(map(id, kept))
            particles[:] = [p for p in particles if not isinstance(p, Crate) or id(p) in keep]

    def _clear_fallen(self):
        """Forget crates, points and links that left the canvas."""
        self.yard.clear_below(self.size[1])
        self._forget_lost_crates()
        if not self._fell:
            return
        below = self.size[1] + FALL_MARGIN
        gone = {id(p) for p in self.world.particles if not p.pinned and p.y > below}
        world = self.world
        world.particles[:] = [p for p in world.particles if id(p) not in gone]
        self._bridge_count = len(world.particles) - len(self.crates)
        for link in world.constraints:
            if id(link.a) in gone or id(link.b) in gone:
                link.broken = True
        world.constraints[:] = [k for k in world.constraints if not k.broken]
        world.changed()

    # --- reading --------------------------------------------------------------------------
    def points(self):
        return [(p.x, p.y) for p in self.world.particles]

    def bounds(self):
        return (0.0, 0.0, float(self.size[0]), float(self.size[1]))

    def measures(self):
        """The most loaded rope (its stretch as a share of the stretch it snaps at), and the
        snapped count."""
        strength = self.values["strength"]
        return [Measure("load", "밧줄 힘 rope load", worst_share_of_limit(self.ropes()), 1.0,
                        "끊어짐 snap", 0.7, 1.1, satisfied=1.0 / strength),
                Measure("snapped", "끊긴 밧줄 snapped", self.torn, None, "", 0.0, 20.0)]

    def worst_stretch(self):
        """The most stretched rope's length over its hanging length (1.0 with none)."""
        return max([link.stretch() for link in self.world.constraints
                    if isinstance(link, Rope)] or [1.0])

    def observe(self):
        state = graph_state(self.bridge_points(), self.world.constraints,
                            {id(p) for p in self.posts}, self.torn)
        state["crates"] = [[c.x, c.y, c.mass, c.root().plank is not None,
                            "riding" if c.plank is not None else "stacked" if c.base is not None
                            else "grounded" if c.grounded else "falling"] for c in self.crates]
        state["cursor"] = self.cursor
        state["held"] = bool(self.hand.held)
        return state
