"""Painting primitives for Takopi on a supersampled layer (pygame; used by view.py, view_face.py).

At the "high" tier the character is drawn at SUPERSAMPLE times the canvas resolution on a small
transparent layer that just holds it, then scaled down with averaging: every edge (silhouette,
outline, leg strokes, face) comes out anti-aliased, which plain pygame polygons are not. The
cheaper tiers draw the same shapes at scale 1, straight onto the canvas (`Layer.on_canvas`). A
`Layer` maps canvas pixels to layer pixels, so callers think in canvas pixels; the `..._px`
methods take points already in layer pixels (view.py samples the body's curves there directly,
saving a mapping per point).

Layers draw on pooled surfaces (one per slot), so a frame allocates no large surfaces.
"""

from math import cos, floor, hypot, sin

import pygame

from scenes.kit.draw import aa_polyline

SUPERSAMPLE = 2
"""Layer pixels per canvas pixel at the "high" tier: 2 x 2 samples make smooth edges at a
modest cost."""
CLEAR = (0, 0, 0, 0)
FOLD = 0.5
"""A stroke is cut, with a disc on the joint, at a vertex where its inner edge would come near
folding over: where half the width times the turn there exceeds this share of the step."""


class Layer:
    """A surface covering a canvas box at `scale` layer pixels per canvas pixel, filled with
    `fill` (transparent by default). `slot` names the pooled surface it draws on."""

    def __init__(self, left, top, right, bottom, slot="main", fill=CLEAR, scale=SUPERSAMPLE):
        self.left = floor(left)
        self.top = floor(top)
        self.width = max(1, int(right - self.left) + 2)
        self.height = max(1, int(bottom - self.top) + 2)
        self.slot = slot
        self.scale = scale
        self.surface = pooled(slot, (self.width * scale, self.height * scale), fill)

    @classmethod
    def on_canvas(cls, surface):
        """A layer that is the canvas itself: scale 1, nothing to resolve (the cheaper tiers)."""
        layer = cls.__new__(cls)
        layer.left = layer.top = 0
        layer.width, layer.height = surface.get_size()
        layer.slot = None
        layer.scale = 1
        layer.surface = surface
        return layer

    def blank(self, slot, fill=CLEAR):
        """Another layer of the same box, on another pooled surface (for clipping)."""
        return self.box(self.left, self.top, self.left + self.width - 2, self.top + self.height - 2,
                        slot, fill)

    def box(self, left, top, right, bottom, slot, fill=CLEAR):
        """Another layer at this one's scale over the canvas box given (for clipping a part)."""
        return Layer(left, top, right, bottom, slot, fill, self.scale)

    def map(self, point):
        scale = self.scale
        return ((point[0] - self.left) * scale, (point[1] - self.top) * scale)

    def map_all(self, points):
        left, top, scale = self.left, self.top, self.scale
        return [((x - left) * scale, (y - top) * scale) for x, y in points]

    def px_from(self, other):
        """(dx, dy) to add to `other`'s layer pixels to get this layer's (same scale)."""
        return ((other.left - self.left) * self.scale, (other.top - self.top) * self.scale)

    def polygon(self, color, points):
        """A filled polygon; a translucent colour is blended over what is there already."""
        self.polygon_px(color, self.map_all(points))

    def ellipse(self, color, center, rx, ry, angle):
        """A filled ellipse (radii rx along `angle` and ry, canvas px): `polygon` of
        `ellipse_points`, worked out straight in layer pixels."""
        scale = self.scale
        x, y = self.map(center)
        points = ellipse_points((x, y), rx * scale, ry * scale, angle)
        if len(color) < 4 or color[3] >= 255:
            pygame.draw.polygon(self.surface, color, points)
            return
        c, s = abs(cos(angle)), abs(sin(angle))
        reach_x = rx * scale * c + ry * scale * s  # half the ellipse's box, layer px
        reach_y = rx * scale * s + ry * scale * c
        self._blend(color, points, (x - reach_x, y - reach_y, x + reach_x, y + reach_y))

    def polygon_px(self, color, points):
        if len(points) < 3:
            return
        if len(color) < 4 or color[3] >= 255:
            pygame.draw.polygon(self.surface, color, points)
            return
        xs = [x for x, _ in points]
        ys = [y for _, y in points]
        self._blend(color, points, (min(xs), min(ys), max(xs), max(ys)))

    def _blend(self, color, points, box):
        """A translucent polygon blended over the layer: drawn on a patch over `box` (the
        points' bounds, layer px), then blitted."""
        left, top = floor(box[0]), floor(box[1])
        width = int(box[2] - left) + 2
        height = int(box[3] - top) + 2
        patch = pooled("patch", (width, height))
        pygame.draw.polygon(patch, color, [(x - left, y - top) for x, y in points])
        self.surface.blit(patch, (left, top))

    def disc(self, color, center, radius):
        x, y = self.map(center)
        pygame.draw.circle(self.surface, color, (x, y), max(1.0, radius * self.scale))

    def stroke(self, color, points, width):
        """A polyline `width` canvas px thick with round caps and joins (T15); see `strokes_px`."""
        self.strokes(points, ((color, width),))

    def strokes(self, points, pens):
        """`strokes_px` for canvas points and widths."""
        self.strokes_px(self.map_all(points),
                        [(color, width * self.scale) for color, width in pens])

    def strokes_px(self, points, pens, smooth=False):
        """Strokes along one open polyline (layer px), one per (colour, width) in `pens`, in
        order, with round caps and round joins (T15). `smooth` gives the first (widest) pen
        anti-aliased edges, for a layer that is not supersampled.

        A band is a polygon: the line offset half the width to either side, square to the
        line's direction at each vertex. Where the line bends tightly for the widest pen (FOLD)
        the inner edge would fold over itself, and a folded polygon leaves a gap; so the band is
        cut there into pieces that end square, and a disc rounds off the joint. Discs also make
        the two round caps. Along a smooth curve one polygon is the whole band, round already.
        """
        runs, joints = _stroke_runs(points, max(width for _, width in pens) / 2.0)
        surface = self.surface
        for color, width in pens:
            half = width / 2.0
            for run in runs:
                band = [(x - uy * half, y + ux * half) for x, y, ux, uy in run]  # left edge
                band += [(x + uy * half, y - ux * half) for x, y, ux, uy in reversed(run)]
                pygame.draw.polygon(surface, color, band)
                if smooth:
                    aa_polyline(surface, color, band[:len(run)])
                    aa_polyline(surface, color, band[:len(run) - 1:-1])
            for point in joints:
                if smooth:
                    pygame.draw.aacircle(surface, color, point, max(1.0, half))
                else:
                    pygame.draw.circle(surface, color, point, max(1.0, half))
            smooth = False

    def clip_to_px(self, points):
        """Clear everything outside the polygon `points` (layer px) to transparent.

        The rows above and below the polygon are cleared with whole-row fills of the pooled
        surface (contiguous memory, fast). Between them, one polygon fill: the frame of those
        rows and the polygon, joined by a vertical seam up from the polygon's top vertex
        (outside the polygon, so the seam leaves no mark), filled even-odd.
        """
        surface = self.surface
        if len(points) < 3:
            surface.fill(CLEAR)
            return
        width, height = surface.get_size()
        pool = surface.get_parent() or surface  # a layer's surface sits at (0, 0) of its pool
        ys = [y for _, y in points]
        top = ys.index(min(ys))
        first = max(0, int(ys[top]) - 1)
        last = min(height, int(max(ys)) + 2)
        if first > 0:
            pool.fill(CLEAR, (0, 0, pool.get_width(), first))
        if last < height:
            pool.fill(CLEAR, (0, last, pool.get_width(), height - last))
        x = points[top][0]
        outside = [(x, first - 1), (width, first - 1), (width, last), (-1, last), (-1, first - 1),
                   (x, first - 1)]
        outside += points[top:]
        outside += points[:top + 1]
        pygame.draw.polygon(surface, CLEAR, outside)

    def put_on(self, other):
        """Draw this layer over another layer (of the same scale) where its box lies on it.

        Every pixel here is either opaque or cleared to (0, 0, 0, 0) (translucent shapes are
        blended onto opaque ones, `clip_to_px` clears to zero), so it is its own premultiplied form
        and the cheaper premultiplied blend gives the same picture as a plain alpha blit.
        """
        dx, dy = other.px_from(self)
        other.surface.blit(self.surface, (round(dx), round(dy)),
                           special_flags=pygame.BLEND_PREMULTIPLIED)

    def resolve(self, target, slot="resolved"):
        """Average down to canvas resolution and draw onto `target`; return the canvas-sized
        image (on pooled surface `slot`, kept until that slot is used again). A canvas layer is
        drawn already: None."""
        if self.surface is target:
            return None
        if self.scale == 1:
            target.blit(self.surface, (self.left, self.top))
            return self.surface
        small = pooled(slot, (self.width, self.height), None)
        pygame.transform.smoothscale(self.surface, (self.width, self.height), small)
        target.blit(small, (self.left, self.top))
        return small


def _stroke_runs(points, half):
    """The pieces of an open polyline that a band `2 * half` wide can follow without folding,
    and the points that get a disc (the two ends and the cuts between pieces).

    A piece is a list of (x, y, ux, uy): a vertex and the unit direction the band is square to
    there: along the segment at a piece's ends, halfway between the two segments' directions
    inside it. A vertex is a cut where the turn between its two segments (in radians, about)
    times `half` exceeds FOLD times the shorter segment. Repeated points are skipped.

    One pass: each segment's direction is worked out once, as its end point is reached.
    """
    if not points:
        return [], []
    x0, y0 = points[0]
    joints = [(x0, y0)]
    piece = None
    runs = []
    ax = ay = a_length = 0.0  # the segment ending at (x0, y0); none yet
    fold = FOLD
    for x1, y1 in points:
        dx, dy = x1 - x0, y1 - y0
        if abs(dx) + abs(dy) <= 1e-6:
            continue  # a repeated point (also the first point against itself)
        length = hypot(dx, dy)
        bx, by = dx / length, dy / length
        if piece is None:  # the first segment: the band starts square to it
            piece = [(x0, y0, bx, by)]
            runs.append(piece)
        else:
            mx, my = ax + bx, ay + by
            middle = hypot(mx, my)
            if (half * hypot(bx - ax, by - ay) > fold * (a_length if a_length < length else length)
                    or middle < 1e-9):
                piece.append((x0, y0, ax, ay))
                piece = [(x0, y0, bx, by)]
                runs.append(piece)
                joints.append((x0, y0))
            else:
                piece.append((x0, y0, mx / middle, my / middle))
        x0, y0, ax, ay, a_length = x1, y1, bx, by, length
    if piece is None:
        return [], joints
    piece.append((x0, y0, ax, ay))
    joints.append((x0, y0))
    return runs, joints


_pool = {}
POOL_STEP = 64
"""Pooled surfaces grow in steps of this many pixels, so a moving box rarely reallocates; one
that is two steps too big in either direction is replaced by a smaller one."""


def pooled(slot, size, fill=CLEAR):
    """A SRCALPHA surface of exactly `size` (a subsurface of the slot's pooled surface), filled
    with `fill` (None: left as it is). Only the subsurface is filled: what lies beside it in the
    pool is never read."""
    width, height = size
    cached = _pool.get(slot)
    if (cached is None or cached.get_width() < width or cached.get_height() < height
            or cached.get_width() >= width + 2 * POOL_STEP
            or cached.get_height() >= height + 2 * POOL_STEP):
        rounded = (-(-width // POOL_STEP) * POOL_STEP, -(-height // POOL_STEP) * POOL_STEP)
        cached = _pool[slot] = pygame.Surface(rounded, pygame.SRCALPHA)
    surface = cached.subsurface((0, 0, width, height))
    if fill is not None:
        surface.fill(fill)
    return surface


_UNIT = {}


def _unit_circle(count):
    """(cos t, sin t) at `count` even steps round the circle (cached per count)."""
    table = _UNIT.get(count)
    if table is None:
        table = _UNIT[count] = tuple((cos(6.283185307179586 * i / count),
                                      sin(6.283185307179586 * i / count)) for i in range(count))
    return table


def ellipse_points(center, rx, ry, angle, count=24):
    """Outline of an ellipse with radii rx (along `angle`) and ry, as canvas points."""
    c, s = cos(angle), sin(angle)
    cx, cy = center
    ax, ay, bx, by = rx * c, rx * s, -ry * s, ry * c  # the two radii as vectors
    return [(cx + ax * u + bx * v, cy + ay * u + by * v) for u, v in _unit_circle(count)]


def arc_points(center, rx, ry, angle, start, stop, count=12):
    """Points of an elliptic arc from parameter `start` to `stop` (radians), rotated by `angle`."""
    c, s = cos(angle), sin(angle)
    points = []
    for i in range(count + 1):
        t = start + (stop - start) * i / count
        x, y = rx * cos(t), ry * sin(t)
        points.append((center[0] + x * c - y * s, center[1] + x * s + y * c))
    return points
