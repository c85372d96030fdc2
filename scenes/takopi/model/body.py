"""Takopi's body: a ring of 16 points that stores no shape (T1-T7, T13).

Pure Python on `verlet/`. The ring is built once on a circle and from then on knows only two
numbers: the neighbour spacing (16 max-only `Distance` links, T3) and the target area (one
`Area` constraint, T4). Both are solved with Jacobi averaging (T6) `iterations` times a frame
(T5), in the frame of the body's `World` (its hooks: the body writes no loop of its own).
The press of T7 (`press.PushCircle`) is a hard projection that runs after every averaged
iteration: points inside the push circle are put on it. Walls and floor run there too, so they
always win.

A body standing upright on its floor also keeps its underside level (the stance):
without it a 16-point ring that is stiff, light or puffy enough to stand on one point tips half a
ring step over, and the upright correction turns that into a walk (see `_stand_level`).

This module also measures what the drawing and the upright correction need: the crown line and
its tilt (T13), the body's centre, area and perimeter; and whether a point lies inside the ring
and how deep, for a press that starts on the body (T7).
"""

from itertools import chain
from math import atan2, hypot, pi

from verlet import Area, Box, Particle, World, move_now, rotate_rigidly
from verlet.builders import ring
from verlet.geometry import EPSILON, centroid, perimeter, ray_segment_hit
from verlet.solver import jacobi_plan

RING_POINTS = 16
"""Points on the ring (T1)."""
CROWN = 0
"""Index of the point at the top when the body is at rest: the ring starts there (T9, T13)."""
BOTTOM = RING_POINTS // 2
"""Index of the point at the bottom when the body is upright: the one it stands on."""
STANCE_PAIRS = 3
"""Mirrored pairs either side of the bottom point that the stance keeps level (the lower part)."""
STANCE_SHARE_PER_GRAVITY = 0.1
"""Share of each pair's height difference the stance takes back per frame when upright, per unit
of gravity (px/frame^2): 0.03 at the article's 0.3. Legs hold a body level with the weight it
puts on them, so the heavier the body the harder they hold, and a weightless one is not held at
all. It moves positions only, so like any force it gives the pair velocity and answers a roll
already under way, which a turn of position and previous together (T13) cannot. 0.03 at the
default is about the least that holds 40 iterations (0.015 lets it tip over) and adds the least
swing to the article's righting; a fixed 0.03 let the heaviest, puffiest body tip onto a flat."""
STANCE_BAND = 4 * pi / RING_POINTS
"""Tilt within which the stance acts, radians: two ring steps (45 degrees), fading to nothing
there. Half a step (the roll that puts the body on the flat between two points) held an
untouched body; a heavy body rolled one whole step by a press rests as well on the next point
as on its own, and without the stance there the upright correction only rolled it along the
floor to a wall (gravity 1.2, area 1.05-1.3, it leaned 16-33 degrees and walked)."""
BLOW_UP_PASSES = 300
"""Averaged passes that fill a new ring to its balance before its first frame (`_blow_up`):
enough for the puffiest ring (area ratio 3) to stop changing (< 1e-6 of its area per pass)."""
BLOW_UP_STAGE = 30
"""Passes of the blow-up a stage of a building ahead takes (about half a ms natively)."""
STANCE_CALM = 0.3
"""Share of a stance pair's relative vertical speed its legs absorb per frame when upright
(fading like the pull): the pull alone swung a body righting itself from its side 3.7 degrees
through upright once it acted within two ring steps; T13's righting is meant not to bounce."""
STANCE_TOUCH = 0.5
"""The body stands while its bottom point is within this many px of its floor."""
AREA_EASE = 0.02
"""How far a live change of the area ratio moves the target in a frame, as a share of the built
ring's area: end to end (1.1 to 3.0) in about 1.6 s."""


def crown_tilt(points, crown=CROWN):
    """Tilt of the crown line in radians, 0 when upright (T13).

    The crown line joins the two ring points either side of the crown; upright it runs straight
    left to right. Positive tilt = turned clockwise on screen.
    """
    left = points[(crown - 1) % len(points)]
    right = points[(crown + 1) % len(points)]
    dx, dy = right[0] - left[0], right[1] - left[1]
    if hypot(dx, dy) < EPSILON:
        return 0.0
    return atan2(dy, dx)


class Outline:
    """The ring's shape as far as a press needs it (T7): its centre, its mean radius, whether a
    point lies inside it and how deep. `Body` is one; `Outline.taken_from(points)` is a copy of
    a ring's shape at one moment, which a press begun during the poke plans against (the shape
    the poke found, not the dent it made: `TakopiModel.input`)."""

    def __init__(self, points):
        self.points = points

    @classmethod
    def taken_from(cls, points):
        return cls([Particle(p.x, p.y) for p in points])

    def positions(self):
        return [(p.x, p.y) for p in self.points]

    def center(self):
        return centroid(self.positions())

    def mean_radius(self):
        """Mean distance of the ring points from the body's centre, px."""
        cx, cy = self.center()
        total = 0.0
        for p in self.points:
            total += hypot(p.x - cx, p.y - cy)
        return total / len(self.points)

    def contains(self, point):
        """True when `point` lies inside the ring (even-odd rule on the 16-point polygon)."""
        x, y = point
        inside = False
        previous = self.points[-1]
        for p in self.points:
            if (p.y > y) != (previous.y > y):
                crossing = previous.x + (y - previous.y) * (p.x - previous.x) / (p.y - previous.y)
                if x < crossing:
                    inside = not inside
            previous = p
        return inside

    def depth_along(self, point, direction):
        """How far `point` (inside the ring) lies from the ring's edge along `direction`, px.

        The nearest crossing of the ray with the ring's 16 sides; 0 if the ray meets none.
        """
        nearest = None
        previous = self.points[-1]
        for p in self.points:
            hit = ray_segment_hit(point, direction, previous.position, p.position)
            if hit is not None and (nearest is None or hit[0] < nearest):
                nearest = hit[0]
            previous = p
        return 0.0 if nearest is None else nearest


class Body(Outline):
    """The ring (T1) in its `World`: Verlet points (T2), spacing links (T3), area (T4), walls.

    center      where the ring's circle is centred when built, px
    radius      the circle's radius, px; the spacing is the chord between neighbours
    area_ratio  target area / the initial ring's area (T4: 1.5, deliberately unreachable)
    bounds      (left, top, right, bottom) the points must stay inside: walls and the floor
    friction    share of along-wall velocity a point touching a wall loses each frame
    """

    def __init__(self, center, radius, area_ratio, bounds, gravity, damping, iterations,
                 friction):
        for _ in self._construct(center, radius, area_ratio, bounds, gravity, damping,
                                 iterations, friction):
            pass

    def _construct(self, center, radius, area_ratio, bounds, gravity, damping, iterations,
                   friction):
        """The building, a generator: it yields between stages of the blow-up (`_blow_up`),
        so a model can be built ahead a little a frame (`scenes.kit.model.prepare`)."""
        self.world = World(gravity=(0.0, gravity), damping=damping, iterations=iterations,
                           solver="jacobi")
        # The spacing is the chord between neighbours, the longest of the 16 (`ring`), so the
        # first Jacobi average is as symmetric as the circle.
        self.points, links = ring(self.world, center, radius, RING_POINTS, max_only=True)
        self.spacing = links[0].rest
        self.area_constraint = self.world.add(Area(self.points))
        self.initial_area = self.area_constraint.target
        self.set_area_ratio(area_ratio)
        self.friction = friction
        self.walls = Box(self.points, *bounds, friction=friction)
        self.push = None
        self.floor_grip = False
        """True while a press held still holds the body on its floor (`_grip_floor`)."""
        self._kept_plan = None  # (the world's version, the constraints' jacobi_plan): `_solve_plan`
        yield from self._blow_up()
        # The body's part of every frame of its world (`World.step`): after the integration
        # (T2) the stance; spacing and area averaged `iterations` times (T5, T6) with the
        # ring's kept plan, each averaged iteration followed by the hard projections (the
        # push circle, T7, then walls and floor: no point is ever left inside the circle or
        # outside the canvas); after the solve the walls' friction.
        world = self.world
        world.jacobi_plan = self._solve_plan
        world.on("after_integrate", self._ease_area, name="body.ease_area")
        world.on("after_integrate", self._stand_level, after="body.ease_area")
        world.on("after_iteration", self._hard_projections)
        world.on("after_solve", self._floor_friction, name="body.floor_friction")

    def _blow_up(self):
        """Fill the ring to the balance of spacing and area before the first frame, at rest.

        A ring built on its circle and left to the frames swells by tens of px in the first
        one, and the Verlet step keeps that swelling as speed: the ring overshoots, and at a
        large area ratio with no damping it bounces off its own floor for ever. A
        balloon is filled before it is let go: the averaged passes run until the shape is the
        balance, and the ring starts from there with no velocity. The balance is the same one
        the frames converge to (T10), so the rest shape does not change.
        """
        for done in self.world.passes(BLOW_UP_PASSES):  # `World.solve`, a stage at a time
            if done % BLOW_UP_STAGE == 0:
                yield
        for p in self.points:
            p.px, p.py = p.x, p.y

    def lift_to(self, bottom):
        """Move the ring, at rest, so that its lowest point is at height `bottom` (px, y down)."""
        rise = bottom - max(p.y for p in self.points)
        for p in self.points:
            p.y += rise
            p.py += rise

    # -- parameters -------------------------------------------------------------------------

    def set_area_ratio(self, ratio):
        """Target area = ratio x the area of the ring as it was built (T4). The first time it
        is set at once; a live change eases in by AREA_EASE of the built area a frame
        (`_ease_area`), so a slider thrown from end to end puffs the body up over a moment
        instead of in one frame (it moved a point 46 px)."""
        wanted = ratio * self.initial_area
        if getattr(self, "wanted_area", None) is None:
            self.area_constraint.target = wanted
        self.wanted_area = wanted

    def _ease_area(self):
        """The frame's first work: the area target a step nearer the one asked for."""
        target, wanted = self.area_constraint.target, self.wanted_area
        if target != wanted:
            step = AREA_EASE * self.initial_area
            self.area_constraint.target = (wanted if abs(wanted - target) <= step
                                           else target + (step if wanted > target else -step))

    @property
    def target_area(self):
        return self.area_constraint.target

    # -- the frame (hooks of the world's) ---------------------------------------------------

    def _solve_plan(self):
        """The ring's `jacobi_plan`, made once and kept while the world's change signal
        (`World.version`) stays (the ring's constraints never change otherwise: nothing pins
        its points or changes its links). A copy or a pickle of the body leaves it out
        (`__getstate__`): its passes belong to the particles it was made for, so the copy
        makes its own."""
        world = self.world
        kept = self._kept_plan
        if kept is None or kept[0] != world.version:
            kept = self._kept_plan = (world.version, jacobi_plan(world.constraints))
        return kept[1]

    def __getstate__(self):
        state = self.__dict__.copy()
        state["_kept_plan"] = None
        return state

    def _hard_projections(self):
        """After every averaged pass: while pressed the floor's grip, then the push circle
        (T7), then walls and floor, so the circle beats friction and the walls beat all."""
        if self.push is not None:
            if self.floor_grip:
                self._grip_floor()
            self.push.project(self.points, self.center)
        self.walls.project(move_now)

    def _grip_floor(self):
        """While a press is held still, a point on the floor does not slide along it: it keeps the x it had
        when the frame began (its previous position, T2), whatever the passes ask, and after
        the solve it loses all its speed along the floor (`_floor_friction`). The finger
        presses the body into its floor, and friction grows with the load: sliding is what let
        a press from the side shove the body along the floor. Rolling (points
        lifting off, others setting down) is left free. Untouched or dragged, the floor keeps its
        light friction: the body stands up and settles as before (T13) and a drag slides it.
        Pressed from beneath (the circle's centre below the floor), the body is off its floor
        on the round of the circle: then its whole lower half keeps its x, as if standing on
        its legs, so it cannot roll off (a press 26 px right of the middle rolled it 49 px)."""
        floor = self.walls.bottom
        if self.push is not None and self.push.center[1] > floor:
            # pressed from below, off its floor: the legs still stand, so the lower half
            # keeps its x and the body cannot roll off the round of the circle
            middle = self.center()[1]
            for p in self.points:
                if p.y >= middle:
                    p.x = p.px
            return
        for p in self.points:
            if p.y >= floor:
                p.x = p.px

    def _floor_friction(self):
        walls = self.walls
        walls.friction = 1.0 if self.push is not None and self.floor_grip else self.friction
        walls.apply_friction()

    def _stand_level(self):
        """The stance: while the body stands upright on its floor, its lower part is held level.

        A 16-point ring on a flat floor is not round: rolled half a ring step it rests on the
        flat between two points instead of on one point. Where the body's weight flattens three
        points under it (the article's settings) upright is the stable pose; stiffer, lighter
        or puffier, it stands on one point (or on three with the next two hovering just above
        the floor) and the pose half a step over is lower, so the upright body tips over. The
        upright correction (T13) turns position and previous together, so it takes back angle
        but never the rolling that the tipping has started: it lifts the body back each frame
        and the body rolls on, walking to a wall. Takopi stands on its legs, not on a point:
        within two ring steps of upright and while its bottom point touches the floor, each
        mirrored pair of its lower points is pulled level by a share of their height
        difference per frame (STANCE_SHARE_PER_GRAVITY x gravity upright, fading to none at the
        band's edge, so a body righting itself does not get a kick there), and part of the
        pair's rocking is absorbed (STANCE_CALM). An upright body is level and still already,
        so its rest is untouched.
        """
        floor = self.walls.bottom
        tilt = abs(self.tilt())
        if self.points[BOTTOM].y < floor - STANCE_TOUCH or tilt > STANCE_BAND:
            return
        weight = max(0.0, self.world.gravity[1])
        fade = 1.0 - tilt / STANCE_BAND
        share = STANCE_SHARE_PER_GRAVITY * weight * fade  # fades out at the band's edge
        calm = STANCE_CALM * fade
        for k in range(1, STANCE_PAIRS + 1):
            left, right = self.points[BOTTOM + k], self.points[BOTTOM - k]
            half = (right.y - left.y) * 0.5 * share
            left.y += half
            right.y -= half
            # ...and the legs absorb part of the pair's rocking, so the pull does not swing
            # the body through upright: their relative vertical speed loses STANCE_CALM.
            ease = ((right.y - right.py) - (left.y - left.py)) * 0.5 * calm
            left.py -= ease
            right.py += ease

    def turn(self, angle, extra=()):
        """Rotate the ring (and `extra` particles) rigidly about the ring's centre (T13)."""
        rotate_rigidly(chain(self.points, extra), self.center(), angle)

    # -- measurements -----------------------------------------------------------------------

    def area(self):
        return self.area_constraint.area()

    def perimeter(self):
        return perimeter(self.positions())

    def tilt(self):
        return crown_tilt(self.positions())

    def point_at(self, u):
        """The ring position at fractional index `u`: between point floor(u) and the next (T11)."""
        count = RING_POINTS
        u %= count
        i = int(u)
        t = u - i
        a, b = self.points[i % count], self.points[(i + 1) % count]
        return a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t

    def is_finite(self):
        return all(p.is_finite() for p in self.points)
