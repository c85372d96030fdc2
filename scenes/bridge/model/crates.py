"""Crates: weights that fall, land on planks, stack, rest on the cliffs and keep apart.

A crate is one of the world's particles, a square of side `size` around its centre, in one of
four states:

    falling   free: the world integrates it
    riding    on plank `plank` at parameter `u` (0 at the plank's first end, 1 at its second):
              the plank carries it, its weight pulls the plank's ends, it slides down a slope
              steeper than FRICTION onto the next plank or off the bridge
    stacked   on crate `base`, `offset` px right of the base's centre, straight above it: it
              moves with the base and its weight goes down to the plank under the stack
    grounded  on a cliff's grass top, where it stays until pushed past the edge

Every frame, after the solve, `CrateYard.settle` moves each crate by its state; then crates that
overlap are parted (`verlet.solids.square_overlap`): a falling crate that comes down on a resting
one lands on it, others are pushed apart, half each when both are free, along the deck when
both ride; then no crate stays inside the rock (`verlet.ConvexSolid.square_exit`): one that
comes down on a cliff's top rests there, one that comes down on its edge with its centre over
the chasm slides off into it, one that hits a face is put back beside it.
"""

from math import atan2, cos, hypot, sin

from verlet import Particle
from verlet.geometry import segment_crossing
from verlet.solids import square_overlap

from .land import CLIFF_LEFT, CLIFF_RIGHT, CLIFF_TOP, on_a_cliff_top

SLIDE = 0.02
"""How fast a crate slides along a tilted plank: share of the plank per frame per unit slope."""
FRICTION = 0.25
"""A crate stays put on a plank sloping less than this (rise over run, about 14 degrees)."""
WEIGHT_SCALE = 2.0
"""Pull of a crate of mass 1, in the points' weights: a plank, which the `weight` slider counts
in, is two points."""
TIP_SPEED = 1.0
"""Slowest a crate caught on a cliff's edge, its centre over the chasm, slides off it, px per
frame (a crate of 40 is off in under a second)."""
PARTING_PASSES = 3
"""Passes over every pair of crates a frame that push overlapping ones apart."""


class Crate(Particle):
    """A dropped weight (see the module docstring for its states); pinned unless falling."""

    __slots__ = ("mass", "plank", "u", "base", "offset", "grounded")

    def __init__(self, x, y, mass):
        super().__init__(x, y)
        self.mass = mass
        self.plank = None
        self.u = 0.0
        self.base = None
        self.offset = 0.0
        self.grounded = False

    @property
    def size(self):
        """Side of the crate's square, px: heavier crates are bigger."""
        return 14.0 + 6.0 * self.mass ** 0.5

    @property
    def half(self):
        return 7.0 + 3.0 * self.mass ** 0.5

    @property
    def resting(self):
        """True when something holds it up (a plank, a crate, a cliff)."""
        return self.plank is not None or self.base is not None or self.grounded

    def fall(self):
        """Nothing holds it any more: it falls on with the motion it had."""
        self.plank, self.base, self.grounded = None, None, False
        self.pinned = False

    def ride(self, plank, u):
        self.plank, self.u, self.base, self.grounded = plank, u, None, False
        self.pinned = True

    def stack_on(self, base):
        self.plank, self.base, self.grounded = None, base, False
        self.offset = max(-base.half, min(base.half, self.x - base.x))
        self.pinned = True

    def ground(self):
        self.plank, self.base, self.grounded = None, None, True
        self.y = self.py = CLIFF_TOP - self.half
        self.px = self.x
        self.pinned = True

    def angle(self):
        """The tilt it is drawn at: its plank's while it rides one, else none (a stack stands
        straight up on the crate at its bottom)."""
        if self.plank is None:
            return 0.0
        a, b = self.plank.a, self.plank.b
        return atan2(b.y - a.y, b.x - a.x)

    def root(self):
        """The crate at the bottom of its stack (itself when not stacked)."""
        root = self
        while root.base is not None:
            root = root.base
        return root


def _move_to(crate, x, y):
    """A resting crate carried to (x, y): where it was becomes its previous position, so it
    falls on with that motion when let go."""
    crate.px, crate.py = crate.x, crate.y
    crate.x, crate.y = x, y


class CrateYard:
    """The crates of one bridge: `crates` (oldest first), the planks they ride, the cliffs."""

    def __init__(self, planks, solids):
        self.crates = []
        self.planks = planks
        self.solids = solids

    # --- weight ---------------------------------------------------------------------------
    def load_planks(self, gravity):
        """Before the integration: each riding crate's weight, with all stacked on it, pulls
        its plank's two ends down in proportion to where it sits."""
        loads = {}
        for crate in self.crates:
            root = crate.root()
            if root.plank is not None:
                loads[root] = loads.get(root, 0.0) + crate.mass
        for crate, mass in loads.items():
            plank = crate.plank
            pull = mass * gravity * WEIGHT_SCALE
            for end, share in ((plank.a, 1.0 - crate.u), (plank.b, crate.u)):
                if not end.pinned:
                    end.y += pull * share

    # --- the frame ------------------------------------------------------------------------
    def settle(self):
        """After the solve: every crate moves by its state, overlapping crates part, none
        stays inside the rock."""
        for crate in self.crates:
            if crate.plank is not None:
                self._ride(crate)
            elif crate.grounded:
                if not on_a_cliff_top(crate.x):
                    crate.fall()
            elif crate.base is None:
                self._land(crate)
        self._carry_stacks()
        for _ in range(PARTING_PASSES):
            if not self._part():
                break
        for crate in self.crates:
            self._keep_out_of_rock(crate)

    def _land(self, crate):
        """A falling crate whose bottom edge crossed a plank between the plank's last place
        and its place now lands on it and rides it."""
        half = crate.half
        for plank in self.planks:
            if plank.broken:
                continue
            a, b = plank.a, plank.b
            if b.x <= a.x:
                continue  # turned over: its underside is up
            length = max(1e-6, hypot(b.x - a.x, b.y - a.y))
            for offset in (0.0, -0.8 * half, 0.8 * half):  # the bottom edge, not a point
                start = (crate.px + offset, crate.py + half)
                end = (crate.x + offset, crate.y + half)
                hit = (segment_crossing(start, end, (a.px, a.py), (b.px, b.py))
                       or segment_crossing(start, end, (a.x, a.y), (b.x, b.y)))
                if hit is not None:
                    u = hit[1] - offset * (b.x - a.x) / (length * length)
                    crate.ride(plank, min(0.95, max(0.05, u)))
                    self._place_on_plank(crate)
                    return

    def _ride(self, crate):
        """On its plank: slide down a slope steeper than FRICTION; a plank turned over or
        gone lets it fall."""
        a, b = crate.plank.a, crate.plank.b
        if crate.plank.broken or b.x <= a.x:
            crate.fall()
            return
        length = max(1e-6, hypot(b.x - a.x, b.y - a.y))
        slope = (b.y - a.y) / length
        if abs(slope) > FRICTION:
            crate.u += SLIDE * (slope - FRICTION if slope > 0.0 else slope + FRICTION)
        self._place_on_plank(crate)

    def _place_on_plank(self, crate):
        """Past an end of its plank a crate goes onto the next one, or off the bridge where
        there is none; on a plank it sits on top of it. Where the next plank slopes back up
        steeper than FRICTION (the two make a dip) it stays at the end of its own: it would
        slide straight back, and it went to and fro between the two, 10 px a hop."""
        if not 0.0 <= crate.u <= 1.0:
            onward = crate.u > 1.0
            k = self.planks.index(crate.plank) + (1 if onward else -1)
            if 0 <= k < len(self.planks) and not self.planks[k].broken:
                if _slides_back(self.planks[k], onward):
                    crate.u = 1.0 if onward else 0.0
                else:
                    crate.plank, crate.u = self.planks[k], 0.02 if onward else 0.98
        a, b = crate.plank.a, crate.plank.b
        u = min(1.0, max(0.0, crate.u))
        angle = atan2(b.y - a.y, b.x - a.x)
        half = crate.half
        _move_to(crate, a.x + (b.x - a.x) * u + sin(angle) * half,
                 a.y + (b.y - a.y) * u - cos(angle) * half)
        if not 0.0 <= crate.u <= 1.0:
            crate.fall()

    def _carry_stacks(self):
        """Stacked crates go with their bases, bottom first; one whose base fell falls too."""
        order = sorted((self._height(c), i) for i, c in enumerate(self.crates)
                       if c.base is not None)
        for _, i in order:
            crate = self.crates[i]
            base = crate.base
            if not base.resting or base not in self.crates:
                crate.fall()
                continue
            _move_to(crate, base.x + crate.offset, base.y - base.half - crate.half)

    @staticmethod
    def _height(crate):
        height = 0
        while crate.base is not None:
            crate, height = crate.base, height + 1
        return height

    def _part(self):
        """One pass over every pair: overlapping crates are parted. True if any were."""
        crates = self.crates
        parted = False
        for i, a in enumerate(crates):
            for b in crates[i + 1:]:
                push = square_overlap(a.x, a.y, a.half, b.x, b.y, b.half)
                if push is None or b.base is a or a.base is b:
                    continue
                parted = True
                self._resolve(a, b, push)
        return parted

    def _resolve(self, a, b, push):
        """Part crates a and b, `push` the shortest move of b off a."""
        dx, dy = push
        if not a.resting and not b.resting:
            _shift(a, -dx / 2.0, -dy / 2.0)
            _shift(b, dx / 2.0, dy / 2.0)
        elif a.resting != b.resting:
            still, moving = (a, b) if a.resting else (b, a)
            if moving is a:
                dx, dy = -dx, -dy
            top = self._top_of(still)
            room = top.y - top.half - 2.0 * moving.half  # where its top would be, stacked
            if dy < 0.0 and abs(moving.x - still.x) <= still.half and room >= 0.0:
                moving.stack_on(top)  # came down on top of it (of its stack)
                self._carry_one(moving)
            elif dy < 0.0 and room < 0.0:  # a stack up to the sky: it topples off the side
                side = 1.0 if moving.x >= still.x else -1.0
                _shift(moving, side * (still.half + moving.half - abs(moving.x - still.x)), 0.0)
            else:
                _shift(moving, dx, dy)
        else:
            # both resting: apart sideways, each by half, along what holds it
            need = a.half + b.half - abs(b.x - a.x)
            side = 1.0 if b.x >= a.x else -1.0
            self._slide(a, -side * need / 2.0)
            self._slide(b, side * need / 2.0)

    def _top_of(self, crate):
        """The highest crate of the stack standing on `crate` (itself when none does)."""
        while True:
            above = [c for c in self.crates if c.base is crate]
            if not above:
                return crate
            crate = above[0]

    def _carry_one(self, crate):
        base = crate.base
        crate.x = crate.px = base.x + crate.offset
        crate.y = crate.py = base.y - base.half - crate.half

    def _slide(self, crate, dx):
        """Move a resting crate dx px sideways along what holds it."""
        if crate.plank is not None:
            a, b = crate.plank.a, crate.plank.b
            crate.u += dx / max(1e-6, hypot(b.x - a.x, b.y - a.y))
            self._place_on_plank(crate)
        elif crate.base is not None:
            crate.offset += dx
            if abs(crate.offset) > crate.base.half:
                crate.fall()  # pushed off the crate under it
        else:
            crate.x += dx
            crate.px = crate.x

    def _keep_out_of_rock(self, crate):
        """A crate inside a cliff's rock is put out of it: one that came down on a top rests
        there, a riding one moves along its plank, others go to the nearest outside."""
        for solid in self.solids:
            exit_move = solid.square_exit(crate.x, crate.y, crate.half)
            if exit_move is None:
                continue
            dx, dy = exit_move
            if crate.plank is not None:
                toward_the_chasm = 1.0 if crate.x < (CLIFF_LEFT + CLIFF_RIGHT) / 2.0 else -1.0
                self._slide(crate, toward_the_chasm * max(abs(dx), abs(dy)))
            elif crate.base is not None or crate.grounded:
                continue
            elif dy < 0.0 and abs(dy) >= abs(dx) and on_a_cliff_top(crate.x):
                crate.ground()
            elif dy < 0.0 and abs(dy) >= abs(dx):
                _shift(crate, dx, dy)  # on the edge, its centre over the chasm: it tips off
                _tip_off(crate, 1.0 if crate.x < (CLIFF_LEFT + CLIFF_RIGHT) / 2.0 else -1.0)
            else:
                _shift(crate, dx, dy)

    # --- what is kept ---------------------------------------------------------------------
    def clear_below(self, floor):
        """Forget crates wholly below `floor` (the canvas's bottom)."""
        for crate in self.crates:
            if crate.y - crate.half >= floor:
                self.crates[:] = [c for c in self.crates if c.y - c.half < floor]
                return

    def riding_load(self):
        """Total mass the planks carry now (riding crates and what is stacked on them)."""
        return sum(c.mass for c in self.crates if c.root().plank is not None)


def _tip_off(crate, side):
    """A crate caught on a cliff's edge with its centre over the chasm goes over it: it moves
    toward the chasm (`side`, +1 right) at least TIP_SPEED px a frame until it clears the rock
    and falls (it used to rest there, half over the chasm, "falling", for good)."""
    if (crate.x - crate.px) * side < TIP_SPEED:
        crate.px = crate.x - side * TIP_SPEED


def _slides_back(plank, onward):
    """True when a crate arriving on `plank` (from its first end if `onward`, else from its
    second) would slide back off it: it slopes up from that end steeper than FRICTION."""
    a, b = plank.a, plank.b
    if b.x <= a.x:
        return False
    slope = (b.y - a.y) / max(1e-6, hypot(b.x - a.x, b.y - a.y))
    return slope < -FRICTION if onward else slope > FRICTION


def _shift(crate, dx, dy):
    """Move a falling crate by (dx, dy) without giving it speed, and take away its motion
    against the move (it stops against what it hit)."""
    crate.x += dx
    crate.y += dy
    vx, vy = crate.x - crate.px - dx, crate.y - crate.py - dy
    crate.px, crate.py = crate.x - vx, crate.y - vy
    length = hypot(dx, dy)
    if length > 0.0:
        nx, ny = dx / length, dy / length
        into = vx * nx + vy * ny
        if into < 0.0:
            crate.px += into * nx
            crate.py += into * ny
