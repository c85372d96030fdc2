"""Takopi's body: a ring of 16 points that stores no shape (T1-T7, T13).

Pure Python on `verlet/`. The ring is built once on a circle and from then on knows only two
numbers: the neighbour spacing (16 max-only `Distance` links, T3) and the target area (one
`Area` constraint, T4). Both are solved with Jacobi averaging (T6) `iterations` times a frame
(T5). The press of T7 is a hard projection that runs after every averaged iteration: points
inside the push circle are put on it. Walls and floor run there too, so they always win.

This module also measures what the drawing and the upright correction need: the crown line and
its tilt (T13), the body's centre, area and perimeter.
"""

from math import atan2, cos, hypot, pi, sin

from verlet import Area, Box, Distance, World, move_now, rotate_rigidly
from verlet.geometry import EPSILON, centroid, perimeter

RING_POINTS = 16
"""Points on the ring (T1)."""
CROWN = 0
"""Index of the point at the top when the body is at rest: the ring starts there (T9, T13)."""


def circle_points(center, radius, count=RING_POINTS):
    """`count` points on a circle, the first straight up, the rest clockwise on screen (y down)."""
    cx, cy = center
    return [(cx + radius * cos(-pi / 2 + 2 * pi * i / count),
             cy + radius * sin(-pi / 2 + 2 * pi * i / count)) for i in range(count)]


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


class PushCircle:
    """The pointer's press (T7): no body point may stay within `radius` of `center`.

    `project` puts every point inside the circle onto it, straight away from the centre. A point
    sitting exactly on the centre has no direction of its own; it is pushed away from the body's
    centre instead (or straight up if that coincides too), so nothing ever divides by zero.
    """

    def __init__(self, center, radius):
        self.center = center
        self.radius = radius

    def project(self, particles, body_center):
        cx, cy = self.center
        r = self.radius
        for p in particles:
            dx, dy = p.x - cx, p.y - cy
            distance = hypot(dx, dy)
            if distance >= r:
                continue
            if distance < EPSILON:
                dx, dy = p.x - body_center[0], p.y - body_center[1]
                distance = hypot(dx, dy)
                if distance < EPSILON:
                    dx, dy, distance = 0.0, -1.0, 1.0
            p.x = cx + dx / distance * r
            p.y = cy + dy / distance * r

    def touches(self, particles, tolerance=0.5):
        """True when some point lies on (or within `tolerance` px of) the circle or inside it."""
        cx, cy = self.center
        reach = self.radius + tolerance
        return any(hypot(p.x - cx, p.y - cy) <= reach for p in particles)


class Body:
    """The ring (T1) in its `World`: Verlet points (T2), spacing links (T3), area (T4), walls.

    center      where the ring's circle is centred when built, px
    radius      the circle's radius, px; the spacing is the chord between neighbours
    area_ratio  target area / the initial ring's area (T4: 1.5, deliberately unreachable)
    bounds      (left, top, right, bottom) the points must stay inside: walls and the floor
    friction    share of along-wall velocity a point touching a wall loses each frame
    """

    def __init__(self, center, radius, area_ratio, bounds, gravity, damping, iterations,
                 friction):
        self.world = World(gravity=(0.0, gravity), damping=damping, iterations=iterations,
                           solver="jacobi")
        self.points = [self.world.add_particle(x, y) for x, y in circle_points(center, radius)]
        # The spacing is the chord between neighbours. Taking the longest of the 16 computed
        # chords (they differ in the last bits) leaves no link a rounding error too long, so
        # the first Jacobi average is as symmetric as the circle.
        self.spacing = max(hypot(b.x - a.x, b.y - a.y)
                           for a, b in zip(self.points, self.points[1:] + self.points[:1]))
        for i, a in enumerate(self.points):
            b = self.points[(i + 1) % RING_POINTS]
            self.world.add(Distance(a, b, self.spacing, max_only=True))
        self.area_constraint = self.world.add(Area(self.points))
        self.initial_area = self.area_constraint.target
        self.set_area_ratio(area_ratio)
        self.walls = Box(self.points, *bounds, friction=friction)
        self.push = None

    # -- parameters -------------------------------------------------------------------------

    def set_area_ratio(self, ratio):
        """Target area = ratio x the area of the ring as it was built (T4)."""
        self.area_constraint.target = ratio * self.initial_area

    @property
    def target_area(self):
        return self.area_constraint.target

    # -- the frame --------------------------------------------------------------------------

    def step(self):
        """Integrate (T2), then solve spacing and area with Jacobi averaging (T5, T6).

        After each averaged iteration the hard projections run: the push circle (T7), then the
        walls and floor, so a point can never be left inside the circle or outside the canvas.
        """
        self.world.integrate()
        self.world.solve(after_iteration=self._hard_projections)
        self.walls.apply_friction()

    def _hard_projections(self):
        if self.push is not None:
            self.push.project(self.points, self.center())
        self.walls.project(move_now)

    def turn(self, angle, extra=()):
        """Rotate the ring (and `extra` particles) rigidly about the ring's centre (T13)."""
        rotate_rigidly(list(self.points) + list(extra), self.center(), angle)

    # -- measurements -----------------------------------------------------------------------

    def positions(self):
        return [(p.x, p.y) for p in self.points]

    def center(self):
        return centroid(self.positions())

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
