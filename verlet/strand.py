"""Strands (T11, T12 made general): a chain from a root, each segment exactly its length, each
joint within its bend range. Takopi's legs are two-segment strands; hair is longer.

Follow-the-leader from the root: each point goes back to its segment length along the direction
it has, then into its `AngleRange` (the first measured from `base_angle()`, read once a solve,
the others from the segment before, as it is once that segment is done), then, if the strand
has `bounds`, back inside them on its circle about its pivot (`keep_inside`). Only the child of
each segment moves: a strand follows its root.
"""

from math import atan2, cos, hypot, sin, sqrt

from .constraints import AngleRange
from .geometry import EPSILON
from .solver import move_now


def set_distance(pivot, point, length, fallback_angle=0.0):
    """Put `point` exactly `length` from `pivot`, along the direction it already has.

    Only the position moves (a projection). A point on its pivot has no direction; it goes
    to `fallback_angle` instead.
    """
    dx, dy = point.x - pivot.x, point.y - pivot.y
    distance = hypot(dx, dy)
    if distance < EPSILON:
        dx, dy, distance = cos(fallback_angle), sin(fallback_angle), 1.0
    point.x = pivot.x + dx / distance * length
    point.y = pivot.y + dy / distance * length


def keep_inside(pivot, point, length, bounds):
    """Slide `point` back inside `bounds` (left, top, right, bottom) on its circle of `length`
    about `pivot`.

    The point stays exactly `length` from the pivot whenever the pivot is inside and the circle
    reaches the crossed edge (it always does when the point was outside); it ends on the side
    of the pivot it was on. Floor and ceiling are met first, then the side walls; only in a
    corner, where two edges cut the circle, may it end in a plain clamp.
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


class SegmentDirection:
    """The direction of one segment, pivot to point (atan2, y down), as a callable: the
    reference of the joint after it. A plain object rather than a closure, so a strand copied
    or pickled measures its own particles."""

    __slots__ = ("pivot", "point")

    def __init__(self, pivot, point):
        self.pivot = pivot
        self.point = point

    def __call__(self):
        return atan2(self.point.y - self.pivot.y, self.point.x - self.pivot.x)


class Strand:
    """`root` (usually pinned, placed by its owner) and `points` hanging from it.

    segment     length of every segment, px
    ranges      (lo, hi) per segment, radians: the first from `base_angle()`, each next one
                from the previous segment's direction
    base_angle  function giving the direction the strand leaves its root
    fallbacks   per segment, the angle from its reference at which a point sitting exactly on
                its pivot is put (it has no direction of its own); None: the middle of the
                segment's range, as it is at the solve
    bounds      (left, top, right, bottom) every point is kept inside, right after its own
                range (`keep_inside`), or None
    friction    share of its sideways velocity a point on the bounds' bottom edge loses per
                frame (`apply_friction`)
    passes      length / range / bounds passes of a `solve()`
    """

    def __init__(self, root, points, segment, ranges, base_angle, fallbacks=None, bounds=None,
                 friction=0.0, passes=1):
        if len(ranges) != len(points):
            raise ValueError("a strand needs one (lo, hi) range per segment")
        if fallbacks is not None and len(fallbacks) != len(points):
            raise ValueError("a strand needs one fallback angle per segment, or none")
        self.chain = [root, *points]
        self.segment = segment
        self.base_angle = base_angle
        self.fallbacks = None if fallbacks is None else list(fallbacks)
        self.bounds = bounds
        self.friction = friction
        self.passes = passes
        self.limits = [AngleRange(self.chain[i], self.chain[i + 1], lo, hi,
                                  reference=base_angle if i == 0 else
                                  SegmentDirection(self.chain[i - 1], self.chain[i]))
                       for i, (lo, hi) in enumerate(ranges)]

    def solve(self, passes=None):
        """Lengths, bend limits and bounds, root to tip, `passes` times (`self.passes` by
        default). The first range's reference is read once, before the first pass."""
        chain, segment, bounds, fallbacks = self.chain, self.segment, self.bounds, self.fallbacks
        joints = [(chain[i], chain[i + 1], limit.project_from,
                   0.5 * (limit.lo + limit.hi) if fallbacks is None else fallbacks[i])
                  for i, limit in enumerate(self.limits)]
        base = self.base_angle()
        for _ in range(self.passes if passes is None else passes):
            reference = base
            for pivot, point, project_from, middle in joints:
                set_distance(pivot, point, segment, reference + middle)
                project_from(reference, move_now)
                if bounds is not None:
                    keep_inside(pivot, point, segment, bounds)
                reference = atan2(point.y - pivot.y, point.x - pivot.x)

    def apply_friction(self):
        """Every point on or below the bounds' bottom edge loses `friction` of its sideways
        velocity (call once a frame, after the solve)."""
        if self.bounds is None or not self.friction:
            return
        ground = self.bounds[3]
        keep = 1.0 - self.friction
        for point in self.chain[1:]:
            if point.y >= ground:
                point.px = point.x - (point.x - point.px) * keep

    def bends(self):
        """Each joint's angle relative to its reference, radians (inside its range when solved)."""
        return [limit.relative_angle() for limit in self.limits]
