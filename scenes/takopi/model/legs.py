"""Takopi's four legs: three points each, one bend, allowed angles (T11, T12).

Pure Python on `verlet/`. A leg is a root, a knee and a foot. The root is a pinned particle that
the model puts back on the ring every frame, at a fractional ring index (between two ring
points), so the four roots can gather near the bottom centre closer than the ring's spacing.
Knee and foot fall with the body's Verlet integration; then the knee is put back exactly one
segment from the root and the foot one segment from the knee, and each is turned back into its
allowed angle range: the knee's measured from the body's up-down axis, the foot's from the upper
segment's direction, so both ranges tilt with the body. Ground and walls keep knee and foot on
the canvas without changing the segment length (a point slides along the wall on its circle
about the pivot).

The legs push nothing back onto the body: they follow it, as in the article.
"""

from math import atan2, cos, hypot, radians, sin, sqrt

from verlet import AngleRange, Particle, move_now
from verlet.particle import integrate
from verlet.strand import set_distance

RANGE_WIDTH = radians(40)
"""Width of every allowed angle range, knee and foot alike (T12: the same for all four legs)."""
LEG_PASSES = 3
"""Length / angle / ground passes per frame: the last pass leaves every length exact."""
GROUND_FRICTION = 0.35
"""Share of a foot's (or knee's) sideways velocity lost each frame it touches the ground."""


class LegShape:
    """What makes one leg different from the others (T12).

    ring_index  fractional ring index of the root (8 = the point at the bottom at rest)
    segment     length of each of the two segments, px (equal: T11)
    splay       centre of the knee's allowed range, radians from the body's down axis
                (positive = towards the body's left on screen)
    curl        centre of the foot's allowed range, radians from the upper segment's direction
    """

    def __init__(self, ring_index, segment, splay, curl):
        self.ring_index = ring_index
        self.segment = segment
        self.splay = splay
        self.curl = curl


def default_shapes(bottom_index, outer_segment, inner_segment, outer_splay, inner_splay,
                   outer_offset, inner_offset, curl):
    """Four mirrored legs, left to right on screen: outer, inner, inner, outer.

    The ring runs clockwise on screen, so a higher index below the body is further left.
    """
    return [
        LegShape(bottom_index + outer_offset, outer_segment, outer_splay, curl),
        LegShape(bottom_index + inner_offset, inner_segment, inner_splay, curl),
        LegShape(bottom_index - inner_offset, inner_segment, -inner_splay, -curl),
        LegShape(bottom_index - outer_offset, outer_segment, -outer_splay, -curl),
    ]


def keep_inside(pivot, point, length, bounds):
    """Slide `point` back inside `bounds` on its circle of `length` about `pivot`.

    The point stays exactly `length` from the pivot whenever the pivot is inside and the circle
    reaches the crossed boundary (it always does when the point was outside); the side of the
    pivot it ends on is the side it was on. The top edge works the same way: a body lying on its
    back against it (upright rate 0) keeps its legs whole. Only a corner, where two edges cut
    the circle, may end in a plain clamp.
    """
    left, top, right, bottom = bounds
    if left <= point.x <= right and top <= point.y <= bottom:
        return  # the common case: inside, where nothing below would move it
    for edge, sign in ((bottom, 1.0), (top, -1.0)):
        if (point.y - edge) * sign > 0.0:
            rise = min(length, max(0.0, (edge - pivot.y) * sign))
            reach = sqrt(max(0.0, length * length - rise * rise))
            side = 1.0 if point.x >= pivot.x else -1.0
            point.x, point.y = pivot.x + side * reach, pivot.y + sign * rise
    for wall, sign in ((left, -1.0), (right, 1.0)):
        if (point.x - wall) * sign > 0.0:
            run = min(length, max(0.0, (wall - pivot.x) * sign))
            reach = sqrt(max(0.0, length * length - run * run))
            side = 1.0 if point.y >= pivot.y else -1.0
            point.x, point.y = pivot.x + sign * run, pivot.y + side * reach
    point.x = min(right, max(left, point.x))
    point.y = min(bottom, max(top, point.y))


class Leg:
    """One leg: pinned root on the ring, Verlet knee and foot, two angle ranges (T11, T12).

    `down_angle` is a function giving the body's down axis (atan2 convention, y down).
    """

    def __init__(self, shape, root_position, down_angle):
        self.shape = shape
        self.down_angle = down_angle
        x, y = root_position
        self.root = Particle(x, y, pinned=True)
        self.knee = Particle(x, y)
        self.foot = Particle(x, y)
        half = RANGE_WIDTH / 2.0
        self.knee_range = AngleRange(self.root, self.knee, shape.splay - half, shape.splay + half,
                                     reference=down_angle)
        self.foot_range = AngleRange(self.knee, self.foot, shape.curl - half, shape.curl + half,
                                     reference=self.upper_angle)
        self.hang()

    def upper_angle(self):
        """Direction of the upper segment, root to knee: the foot range's reference (T12)."""
        return atan2(self.knee.y - self.root.y, self.knee.x - self.root.x)

    def hang(self):
        """Put knee and foot at rest along the middles of their ranges (a fresh leg)."""
        knee_angle = self.down_angle() + self.shape.splay
        self.knee.place(self.root.x + self.shape.segment * cos(knee_angle),
                        self.root.y + self.shape.segment * sin(knee_angle))
        foot_angle = knee_angle + self.shape.curl
        self.foot.place(self.knee.x + self.shape.segment * cos(foot_angle),
                        self.knee.y + self.shape.segment * sin(foot_angle))

    def particles(self):
        return (self.root, self.knee, self.foot)

    def step(self, root_position, damping, gravity, bounds):
        """One frame: re-place the root, integrate knee and foot, then fix lengths and angles.

        The angle ranges are projected with their reference angles worked out here
        (`AngleRange.project_from`): the knee's (`down_angle`, the body's down axis, which the
        model measures once a frame) once a step, the foot's (the upper segment's direction)
        once a pass, after the knee's last move.
        """
        root, knee, foot, shape = self.root, self.knee, self.foot, self.shape
        root.place(*root_position)
        integrate(knee, damping, 0.0, gravity)
        integrate(foot, damping, 0.0, gravity)
        segment = shape.segment
        down = self.down_angle()
        knee_range, foot_range = self.knee_range, self.foot_range
        splay_angle = down + shape.splay
        curl = shape.curl
        for _ in range(LEG_PASSES):
            set_distance(root, knee, segment, splay_angle)
            knee_range.project_from(down, move_now)
            keep_inside(root, knee, segment, bounds)
            upper = atan2(knee.y - root.y, knee.x - root.x)  # `upper_angle`: the foot's reference
            set_distance(knee, foot, segment, upper + curl)
            foot_range.project_from(upper, move_now)
            keep_inside(knee, foot, segment, bounds)
        ground = bounds[3]
        for point in (knee, foot):
            if point.y >= ground:
                point.px = point.x - (point.x - point.px) * (1.0 - GROUND_FRICTION)

    def lengths(self):
        """(upper, lower) segment lengths now."""
        return (hypot(self.knee.x - self.root.x, self.knee.y - self.root.y),
                hypot(self.foot.x - self.knee.x, self.foot.y - self.knee.y))

    def is_finite(self):
        return all(p.is_finite() for p in self.particles())
