"""Solids: convex shapes that points and square bodies stay out of, and squares that keep apart.

A `ConvexSolid` is a convex polygon nothing enters (a cliff's rock). `push_out(particles)` puts
every free particle found inside it on its outline at the nearest point, and keeps of its
motion only the part along that edge (it slides down a rock face instead of sinking into it).
`square_exit(x, y, half)` is the shortest move that takes an axis-aligned square (centre and
half side) out of the polygon, or None when they do not overlap: the separating-axis test, over
the polygon's edge normals and the square's two axes, and the axis of least overlap wins.

`square_overlap(a, b)` is the same test for two squares: the shortest move of square `b` that
takes it off square `a`, along x or along y, or None. Who moves, and how far (half each, all on
the free one), is the caller's: a crate resting on a plank and one falling onto it are not
pushed alike. Standard library only.
"""

from math import hypot

from .geometry import EPSILON


class ConvexSolid:
    """A convex polygon, its `corners` given in order (either way round)."""

    __slots__ = ("corners", "normals", "left", "top", "right", "bottom")

    def __init__(self, corners):
        if len(corners) < 3:
            raise ValueError("a solid needs at least 3 corners")
        self.corners = [(float(x), float(y)) for x, y in corners]
        twice_area = sum(ax * by - bx * ay for (ax, ay), (bx, by)
                         in zip(self.corners, self.corners[1:] + self.corners[:1]))
        if abs(twice_area) < EPSILON:
            raise ValueError("a solid needs an area")
        turn = 1.0 if twice_area > 0.0 else -1.0
        self.normals = []  # outward unit normal and offset of every edge: n . p <= offset inside
        for (ax, ay), (bx, by) in zip(self.corners, self.corners[1:] + self.corners[:1]):
            length = hypot(bx - ax, by - ay)
            nx, ny = turn * (by - ay) / length, -turn * (bx - ax) / length
            self.normals.append((nx, ny, nx * ax + ny * ay))
        xs = [x for x, _ in self.corners]
        ys = [y for _, y in self.corners]
        self.left, self.top, self.right, self.bottom = min(xs), min(ys), max(xs), max(ys)

    def depth(self, x, y):
        """How far (x, y) is inside, px (the distance to the nearest edge line), and that
        edge's outward normal: (depth, nx, ny); a depth of 0 or less is outside."""
        best = None
        for nx, ny, offset in self.normals:
            inside = offset - (nx * x + ny * y)
            if best is None or inside < best[0]:
                best = (inside, nx, ny)
        return best

    def contains(self, x, y):
        return self.depth(x, y)[0] > 0.0

    def push_out(self, particles):
        """Every free particle inside goes to the nearest point of the outline; its motion
        into the solid is taken away (the previous position moves with it along the normal).
        Returns how many were inside."""
        left, top, right, bottom = self.left, self.top, self.right, self.bottom
        count = 0
        for p in particles:
            x, y = p.x, p.y
            if p.pinned or x <= left or x >= right or y <= top or y >= bottom:
                continue  # the common case: outside the bounding box
            inside, nx, ny = self.depth(x, y)
            if inside <= 0.0:
                continue
            p.x, p.y = x + nx * inside, y + ny * inside
            into = (p.x - p.px) * nx + (p.y - p.py) * ny
            if into < 0.0:  # moving into the solid: that part of its motion goes
                p.px += into * nx
                p.py += into * ny
            count += 1
        return count

    def square_exit(self, x, y, half):
        """The shortest (dx, dy) that takes the axis-aligned square of centre (x, y) and half
        side `half` out of the solid, or None when they do not overlap."""
        if (x + half <= self.left or x - half >= self.right or y + half <= self.top
                or y - half >= self.bottom):
            return None
        axes = [(nx, ny, offset) for nx, ny, offset in self.normals]
        best = None
        for nx, ny, _ in axes + [(1.0, 0.0, 0.0), (0.0, 1.0, 0.0)]:
            reach = half * (abs(nx) + abs(ny))
            centre = nx * x + ny * y
            low, high = centre - reach, centre + reach
            spots = [nx * cx + ny * cy for cx, cy in self.corners]
            overlap_up = max(spots) - low    # move along +n by this to clear
            overlap_down = high - min(spots)  # move along -n by this to clear
            if overlap_up <= 0.0 or overlap_down <= 0.0:
                return None  # a separating axis: no overlap
            if best is None or overlap_up < best[0]:
                best = (overlap_up, nx, ny)
            if overlap_down < best[0]:
                best = (overlap_down, -nx, -ny)
        distance, nx, ny = best
        return (nx * distance, ny * distance)


def square_overlap(ax, ay, a_half, bx, by, b_half):
    """The shortest move (dx, dy) of square b (centre, half side) that takes it off square a,
    along x or along y, or None when they do not overlap. Squares on the same centre part
    upward (b goes on top)."""
    reach = a_half + b_half
    dx, dy = bx - ax, by - ay
    over_x, over_y = reach - abs(dx), reach - abs(dy)
    if over_x <= 0.0 or over_y <= 0.0:
        return None
    if over_x < over_y:
        return ((over_x if dx > 0.0 else -over_x), 0.0)
    return (0.0, (over_y if dy > 0.0 else -over_y))
