"""Forces on areas: wind pushing each triangle of a cloth along its sides' normals.

A uniform push moves a cloth as one block; wind presses a surface by how squarely it meets it.
A triangle's side whose outward normal n faces into the wind (n . w < 0) is pressed along -n by
its length x |n . w|, shared by its ends; a side edge-on catches nothing, so the push changes as
the cloth turns: that feedback is the flutter. A force's `add_accelerations()` adds its
accelerations, px/s^2, to each particle's `force_x, force_y`; `World.integrate` adds them x dt^2
(and clears them), so the motion is the same at any step rate.
"""

from math import sqrt


class TriangleWind:
    """Wind on `triangles` ((a, b, c) particle triples; orientation is measured each frame).

    wind        (wx, wy), px/s^2: the acceleration a side `1 / per_length` px long takes when
                the wind meets it square on
    per_length  1 / the side length that takes the whole wind (a cloth's spacing)
    field       optional function (x, y) -> (wx, wy) replacing `wind` at each triangle's centre:
                gusts that vary across the cloth
    patches     optional, one label per triangle: neighbours in the list with the same label
                feel one sample of `field`, at the first one's centre (a sheet's two triangles
                of a cell: half the samples, and a gust is far wider than a cell)
    """

    __slots__ = ("triangles", "wind", "per_length", "field", "patches")

    def __init__(self, triangles, wind=(0.0, 0.0), per_length=0.1, field=None, patches=None):
        self.triangles = list(triangles)
        self.wind = wind
        self.per_length = per_length
        self.field = field
        self.patches = patches

    def add_accelerations(self):
        """Add each triangle's push to its corners' `force_x, force_y`. The three sides are
        written out (no tuple of sides a triangle), each end's share added in the order a-b,
        b-c, c-a."""
        field, per_length, root = self.field, self.per_length, sqrt
        wx, wy = self.wind
        patches = self.patches or range(len(self.triangles))
        last_patch = None
        for (a, b, c), patch in zip(self.triangles, patches):
            ax = a.x
            ay = a.y
            bx = b.x
            by = b.y
            cx = c.x
            cy = c.y
            if field is not None and patch != last_patch:
                wx, wy = field((ax + bx + cx) / 3.0, (ay + by + cy) / 3.0)
                last_patch = patch
            # outward normals as long as their sides: (dy, -dx) turned by the orientation
            turn = per_length if (bx - ax) * (cy - ay) - (cx - ax) * (by - ay) > 0.0 else -per_length
            # a side facing the wind (n . w < 0) is pressed by its length x |n . w| along n,
            # = (n . w) n / |n| in these units, half to each end; one edge-on or leaving the
            # wind (n . w >= 0), or of no length, catches nothing
            nx = (by - ay) * turn
            ny = (ax - bx) * turn
            facing = nx * wx + ny * wy
            if not facing >= 0.0:
                length_sq = nx * nx + ny * ny
                if not length_sq <= 1e-18:
                    share = facing * 0.5 / root(length_sq)
                    fx = nx * share
                    fy = ny * share
                    a.force_x += fx
                    a.force_y += fy
                    b.force_x += fx
                    b.force_y += fy
            nx = (cy - by) * turn
            ny = (bx - cx) * turn
            facing = nx * wx + ny * wy
            if not facing >= 0.0:
                length_sq = nx * nx + ny * ny
                if not length_sq <= 1e-18:
                    share = facing * 0.5 / root(length_sq)
                    fx = nx * share
                    fy = ny * share
                    b.force_x += fx
                    b.force_y += fy
                    c.force_x += fx
                    c.force_y += fy
            nx = (ay - cy) * turn
            ny = (cx - ax) * turn
            facing = nx * wx + ny * wy
            if not facing >= 0.0:
                length_sq = nx * nx + ny * ny
                if not length_sq <= 1e-18:
                    share = facing * 0.5 / root(length_sq)
                    fx = nx * share
                    fy = ny * share
                    c.force_x += fx
                    c.force_y += fy
                    a.force_x += fx
                    a.force_y += fy
