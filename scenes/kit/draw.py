"""Drawing helpers shared by the views: filled shapes, round-capped strokes, lines, sky.

pygame's plain `draw` functions leave jagged edges; these combine `gfxdraw`'s anti-aliased
outlines with solid fills. Strokes get round caps and round joins (a disc at every vertex), which
is what T15 asks of Takopi's legs and what makes any thick curve look drawn rather than plotted.

Every shape helper takes `smooth` (default True). `smooth=False` draws the same shape with
pygame's plain functions: hard edges, but a fraction of the cost, for the "low" render tier
(`scenes.kit.tiers`, chosen by `app.quality`). `smooth_at(tier)` says which a tier wants.
"""

from math import hypot

import pygame
import pygame.gfxdraw

_gradients = {}


def _ints(points):
    return [(round(x), round(y)) for x, y in points]


def smooth_at(tier):
    """Whether a view drawing at `tier` anti-aliases its edges: every tier but "low"."""
    return tier != "low"


def fill_polygon(surface, color, points, smooth=True):
    """Filled polygon with an anti-aliased edge (a plain one with `smooth=False`)."""
    if len(points) < 3:
        return
    if not smooth:
        pygame.draw.polygon(surface, color, points)
        return
    pts = _ints(points)
    pygame.gfxdraw.filled_polygon(surface, pts, color)
    pygame.gfxdraw.aapolygon(surface, pts, color)


def disc(surface, color, center, radius, smooth=True):
    """Filled circle with an anti-aliased edge (a plain one with `smooth=False`)."""
    if not smooth:
        pygame.draw.circle(surface, color, center, max(1, round(radius)))
        return
    x, y, r = round(center[0]), round(center[1]), max(1, round(radius))
    pygame.gfxdraw.filled_circle(surface, x, y, r, color)
    pygame.gfxdraw.aacircle(surface, x, y, r, color)


def lines(surface, color, points, smooth=True):
    """A 1 px polyline through `points`: anti-aliased, or plain with `smooth=False`."""
    if smooth:
        aa_polyline(surface, color, points)
    elif len(points) >= 2:
        pygame.draw.lines(surface, color, False, points)


def aa_polyline(surface, color, points, closed=False):
    """`pygame.draw.aalines` through `points` (fewer than two: nothing), safe for a single segment.

    Given exactly two points, pygame-ce 2.5.8's aalines compares the segment's steepness with a
    next one read from past the end of its copy of the points, so whether it adds a pixel at the
    end depends on stray memory and changes from one process to the next (the same game drew
    different pictures); it also draws that one segment twice, darker. A single segment is
    drawn with `aaline` instead: once, and the same every time."""
    if len(points) > 2:
        pygame.draw.aalines(surface, color, closed, points)
    elif len(points) == 2:
        pygame.draw.aaline(surface, color, points[0], points[1])


def line(surface, color, start, end, smooth=True):
    """A 1 px line: anti-aliased, or plain with `smooth=False`."""
    (pygame.draw.aaline if smooth else pygame.draw.line)(surface, color, start, end)


def stroke(surface, color, points, width, start_cap=True, smooth=True):
    """A polyline `width` px thick with round caps and round joins, anti-aliased.

    `start_cap=False` leaves out the round cap at the first point (for a stroke whose start
    something drawn later covers anyway). `smooth=False`: pygame's plain thick lines with a
    plain disc at each join and end, the same shape with hard edges."""
    half = width / 2.0
    if half < 1.0:
        lines(surface, color, points, smooth)
        return
    if not smooth:
        if len(points) >= 2:
            pygame.draw.lines(surface, color, False, points, round(width))
        radius = max(1, round(half - 0.5))
        for point in points if start_cap else points[1:]:
            pygame.draw.circle(surface, color, point, radius)
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
    """A cached surface of `size` shading from colour `top` to colour `bottom`: one column of
    it, stretched across (a line a row cost a scene's first frame some 3 ms)."""
    key = (tuple(size), tuple(top), tuple(bottom))
    if key not in _gradients:
        width, height = size
        column = pygame.Surface((1, height))
        for y in range(height):
            t = y / max(1, height - 1)
            column.set_at((0, y), [round(a + (b - a) * t) for a, b in zip(top, bottom)])
        _gradients[key] = pygame.transform.scale(column, (width, height))
    return _gradients[key]


KEY_CURSOR = (255, 255, 255)
KEY_CURSOR_CUTTING = (255, 120, 120)
KEY_CURSOR_RADIUS = 12


def key_cursor(surface, keys, smooth=True):
    """The keyboard's hand (`scenes.kit.model.key_hand`), once a key used it: a ring with a
    cross where Enter would grab, filled while it holds, red while X cuts."""
    if not keys.shown:
        return
    x, y = keys.at
    color = KEY_CURSOR_CUTTING if keys.cutting else KEY_CURSOR
    r = KEY_CURSOR_RADIUS
    pygame.draw.circle(surface, (20, 20, 30), (round(x), round(y)), r + 2, 2)  # readable on light
    pygame.draw.circle(surface, color, (round(x), round(y)), r, 2)
    for (ax, ay), (bx, by) in (((x - r - 5, y), (x - r + 4, y)), ((x + r - 4, y), (x + r + 5, y)),
                               ((x, y - r - 5), (x, y - r + 4)), ((x, y + r - 4), (x, y + r + 5))):
        line(surface, color, (ax, ay), (bx, by), smooth)
    if keys.grabbing:
        disc(surface, color, (x, y), 4, smooth)
