"""Forces on areas: wind that pushes each triangle of a cloth along the normals of its sides.

Owns issue 15's area force. A uniform push moves a cloth as one block; real wind presses on a
surface by how squarely it meets it. In the plane a triangle meets the wind with its sides: a
side whose outward normal n faces into the wind (n . w < 0) is pressed along -n with a force of
its length x |n . w|, shared by its two ends. A side edge-on to the wind catches nothing, so the
push changes as the cloth turns, and that feedback is the flutter.

A force object offers `add_accelerations(kick)`: it adds (ax, ay) in px/s^2 to `kick[particle]`.
`World.integrate` gathers them once per step and adds acceleration x dt^2 (dt in seconds per
step) to each particle's velocity, so a force given per second moves a cloth the same way at
any step rate.
"""

from math import sqrt


class TriangleWind:
    """Wind on `triangles` ((a, b, c) particle triples; orientation is measured each frame).

    wind        (wx, wy), px/s^2: the acceleration a side `1 / per_length` px long takes when
                the wind meets it square on
    per_length  1 / the side length that takes the whole wind (a cloth's spacing)
    field       optional function (x, y) -> (wx, wy) replacing `wind` at each triangle's centre:
                gusts that vary across the cloth
    """

    __slots__ = ("triangles", "wind", "per_length", "field")

    def __init__(self, triangles, wind=(0.0, 0.0), per_length=0.1, field=None):
        self.triangles = list(triangles)
        self.wind = wind
        self.per_length = per_length
        self.field = field

    def add_accelerations(self, kick):
        field, per_length = self.field, self.per_length
        wx, wy = self.wind
        for a, b, c in self.triangles:
            ax, ay, bx, by, cx, cy = a.x, a.y, b.x, b.y, c.x, c.y
            if field is not None:
                wx, wy = field((ax + bx + cx) / 3.0, (ay + by + cy) / 3.0)
            # outward normals as long as their sides: (dy, -dx) turned by the orientation
            turn = per_length if (bx - ax) * (cy - ay) - (cx - ax) * (by - ay) > 0.0 else -per_length
            _press(kick, a, b, (by - ay) * turn, (ax - bx) * turn, wx, wy)
            _press(kick, b, c, (cy - by) * turn, (bx - cx) * turn, wx, wy)
            _press(kick, c, a, (ay - cy) * turn, (cx - ax) * turn, wx, wy)


def _press(kick, p, q, nx, ny, wx, wy):
    """Push side p-q (outward normal (nx, ny), its length x per_length) if it faces the wind.

    Its length x |n . w| along n, half to each end: (n . w) n / |n| / 2 in these units.
    """
    facing = nx * wx + ny * wy
    if facing >= 0.0:
        return  # the wind leaves this side, or runs along it
    length_sq = nx * nx + ny * ny
    if length_sq <= 1e-18:
        return
    share = facing * 0.5 / sqrt(length_sq)
    fx, fy = nx * share, ny * share
    for end in (p, q):
        total = kick.get(end)
        if total is None:
            kick[end] = [fx, fy]
        else:
            total[0] += fx
            total[1] += fy
