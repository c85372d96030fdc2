"""Painting primitives for Takopi on a supersampled layer (pygame; used by view.py, view_face.py).

The character is drawn at SUPERSAMPLE times the canvas resolution on a small transparent layer
that just holds it, then scaled down with averaging: every edge (silhouette, outline, leg strokes,
face) comes out anti-aliased, which plain pygame polygons are not. A `Layer` maps canvas pixels
to layer pixels, so callers think in canvas pixels only.
"""

from math import cos, floor, hypot, sin

import pygame

SUPERSAMPLE = 2
"""Layer pixels per canvas pixel: 3 x 3 samples make smooth edges at a modest cost."""


class Layer:
    """A transparent surface covering a canvas box at SUPERSAMPLE resolution.

    `slot` names a cached surface the layer draws on (cleared first), so a frame allocates no
    new megabyte-sized surfaces: each slot keeps one surface, grown when a bigger box needs it.
    """

    def __init__(self, left, top, right, bottom, slot="main"):
        self.left = floor(left)
        self.top = floor(top)
        self.width = max(1, int(right - self.left) + 2)
        self.height = max(1, int(bottom - self.top) + 2)
        self.slot = slot
        self.surface = _pooled(slot, (self.width * SUPERSAMPLE, self.height * SUPERSAMPLE))

    def blank(self, slot):
        """Another empty layer of the same box, on another cached surface (for clipping)."""
        return Layer(self.left, self.top, self.left + self.width - 2, self.top + self.height - 2,
                     slot)

    def map(self, point):
        return ((point[0] - self.left) * SUPERSAMPLE, (point[1] - self.top) * SUPERSAMPLE)

    def map_all(self, points):
        return [self.map(p) for p in points]

    def polygon(self, color, points):
        """A filled polygon; a translucent colour is blended over what is there already."""
        if len(points) < 3:
            return
        mapped = self.map_all(points)
        if len(color) < 4 or color[3] >= 255:
            pygame.draw.polygon(self.surface, color, mapped)
            return
        left = floor(min(x for x, _ in mapped))
        top = floor(min(y for _, y in mapped))
        width = int(max(x for x, _ in mapped) - left) + 2
        height = int(max(y for _, y in mapped) - top) + 2
        patch = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.polygon(patch, color, [(x - left, y - top) for x, y in mapped])
        self.surface.blit(patch, (left, top))

    def disc(self, color, center, radius):
        x, y = self.map(center)
        pygame.draw.circle(self.surface, color, (x, y), max(1.0, radius * SUPERSAMPLE))

    def stroke(self, color, points, width, closed=False):
        """A polyline `width` canvas px thick, round caps and round joins (T15).

        The band is one polygon (the line offset half the width to either side along its vertex
        normals) plus a disc on every vertex: the discs are the round caps and joins, and they
        also cover the inside of a bend tighter than the half-width.
        """
        if len(points) < 2:
            if points:
                self.disc(color, points[0], width / 2.0)
            return
        mapped = self.map_all(points)
        if closed:
            mapped.append(mapped[0])
        half = width * SUPERSAMPLE / 2.0
        left, right = [], []
        last = len(mapped) - 1
        for i, (x, y) in enumerate(mapped):
            x0, y0 = mapped[max(0, i - 1)]
            x1, y1 = mapped[min(last, i + 1)]
            length = hypot(x1 - x0, y1 - y0)
            if length < 1e-6:
                continue
            nx, ny = -(y1 - y0) / length * half, (x1 - x0) / length * half
            left.append((x + nx, y + ny))
            right.append((x - nx, y - ny))
        if len(left) >= 2:
            pygame.draw.polygon(self.surface, color, left + right[::-1])
        for point in mapped:
            pygame.draw.circle(self.surface, color, point, half)

    def clip_to(self, mask_points):
        """Keep only what lies inside the polygon `mask_points` (T16's clip)."""
        mask = _pooled("mask", self.surface.get_size(), (255, 255, 255, 0))
        if len(mask_points) >= 3:
            pygame.draw.polygon(mask, (255, 255, 255, 255), self.map_all(mask_points))
        self.surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)

    def put_on(self, other):
        """Draw this layer over another layer of the same box."""
        other.surface.blit(self.surface, (0, 0))

    def resolve(self, target):
        """Average down to canvas resolution and draw onto `target`."""
        small = pygame.transform.smoothscale(self.surface, (self.width, self.height))
        target.blit(small, (self.left, self.top))


_pool = {}
POOL_STEP = 64
"""Cached surfaces grow in steps of this many pixels, so a moving box rarely reallocates."""


def _pooled(slot, size, clear=(0, 0, 0, 0)):
    """A cleared SRCALPHA surface of exactly `size`: a subsurface of the slot's cached surface.

    The whole cached surface is cleared (a full fill is a memset; filling just the sub-rectangle
    is many times slower).
    """
    width, height = size
    cached = _pool.get(slot)
    if cached is None or cached.get_width() < width or cached.get_height() < height:
        grown = (-(-width // POOL_STEP) * POOL_STEP, -(-height // POOL_STEP) * POOL_STEP)
        if cached is not None:
            grown = (max(grown[0], cached.get_width()), max(grown[1], cached.get_height()))
        cached = _pool[slot] = pygame.Surface(grown, pygame.SRCALPHA)
    cached.fill(clear)
    return cached.subsurface((0, 0, width, height))


def ellipse_points(center, rx, ry, angle, count=24):
    """Outline of an ellipse with radii rx (along `angle`) and ry, as canvas points."""
    c, s = cos(angle), sin(angle)
    points = []
    for i in range(count):
        t = 6.283185307179586 * i / count
        x, y = rx * cos(t), ry * sin(t)
        points.append((center[0] + x * c - y * s, center[1] + x * s + y * c))
    return points


def arc_points(center, rx, ry, angle, start, stop, count=12):
    """Points of an elliptic arc from parameter `start` to `stop` (radians), rotated by `angle`."""
    c, s = cos(angle), sin(angle)
    points = []
    for i in range(count + 1):
        t = start + (stop - start) * i / count
        x, y = rx * cos(t), ry * sin(t)
        points.append((center[0] + x * c - y * s, center[1] + x * s + y * c))
    return points
