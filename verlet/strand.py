"""Strands (T11, T12 made general): a chain from a root, each segment exactly its length, each
joint within its bend range. Takopi's legs are two-segment strands; hair is longer.

Follow-the-leader from the root: each point goes back to its segment length along the direction
it has, then into its `AngleRange` (the first measured from `base_angle()`, the others from the
segment before). Only the child of each segment moves: a strand follows its root.
"""

from math import atan2, cos, hypot, sin

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


class Strand:
    """`root` (usually pinned, placed by its owner) and `points` hanging from it.

    segment     length of every segment, px
    ranges      (lo, hi) per segment, radians: the first from `base_angle()`, each next one
                from the previous segment's direction
    base_angle  function giving the direction the strand leaves its root
    """

    def __init__(self, root, points, segment, ranges, base_angle):
        if len(ranges) != len(points):
            raise ValueError("a strand needs one (lo, hi) range per segment")
        self.chain = [root, *points]
        self.segment = segment
        self.base_angle = base_angle
        self.limits = [AngleRange(self.chain[i], self.chain[i + 1], lo, hi,
                                  reference=base_angle if i == 0 else self._direction(i - 1))
                       for i, (lo, hi) in enumerate(ranges)]

    def _direction(self, i):
        pivot, point = self.chain[i], self.chain[i + 1]
        return lambda: atan2(point.y - pivot.y, point.x - pivot.x)

    def solve(self, passes=1):
        """Lengths then bend limits, root to tip, `passes` times."""
        chain, segment = self.chain, self.segment
        for _ in range(passes):
            for i, limit in enumerate(self.limits):
                middle = limit.reference() + 0.5 * (limit.lo + limit.hi)
                set_distance(chain[i], chain[i + 1], segment, middle)
                limit.project(move_now)

    def bends(self):
        """Each joint's angle relative to its reference, radians (inside its range when solved)."""
        return [limit.relative_angle() for limit in self.limits]
