"""Anti-aliased drawing helpers shared by the views: filled shapes, round-capped strokes, sky.

pygame's plain `draw` functions leave jagged edges; these combine `gfxdraw`'s anti-aliased
outlines with solid fills. Strokes get round caps and round joins (a disc at every vertex), which
is what T15 asks of Takopi's legs and what makes any thick curve look drawn rather than plotted.
"""

from math import hypot

import pygame
import pygame.gfxdraw

_gradients = {}


def _ints(points):
    return [(round(x), round(y)) for x, y in points]


def fill_polygon(surface, color, points):
    """Filled polygon with an anti-aliased edge."""
    if len(points) < 3:
        return
    pts = _ints(points)
    pygame.gfxdraw.filled_polygon(surface, pts, color)
    pygame.gfxdraw.aapolygon(surface, pts, color)


def disc(surface, color, center, radius):
    """Filled circle with an anti-aliased edge."""
    x, y, r = round(center[0]), round(center[1]), max(1, round(radius))
    pygame.gfxdraw.filled_circle(surface, x, y, r, color)
    pygame.gfxdraw.aacircle(surface, x, y, r, color)


def stroke(surface, color, points, width, start_cap=True):
    """A polyline `width` px thick with round caps and round joins, anti-aliased.

    `start_cap=False` leaves out the round cap at the first point (for a stroke whose start
    something drawn later covers anyway)."""
    half = width / 2.0
    if half < 1.0:
        if len(points) >= 2:
            pygame.draw.aalines(surface, color, False, points)
        return
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = hypot(x1 - x0, y1 - y0)
        if length < 1e-6:
            continue
        nx, ny = -(y1 - y0) / length * half, (x1 - x0) / length * half
        fill_polygon(surface, color, [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny),
                                      (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)])
    for point in points if start_cap else points[1:]:
        disc(surface, color, point, half)


def vertical_gradient(size, top, bottom):
    """A cached surface of `size` shading from colour `top` to colour `bottom`."""
    key = (tuple(size), tuple(top), tuple(bottom))
    if key not in _gradients:
        width, height = size
        surface = pygame.Surface(size)
        for y in range(height):
            t = y / max(1, height - 1)
            color = [round(a + (b - a) * t) for a, b in zip(top, bottom)]
            pygame.draw.line(surface, color, (0, y), (width, y))
        _gradients[key] = surface
    return _gradients[key]
