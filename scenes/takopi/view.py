"""Drawing Takopi (T14-T17; pygame). The view reads the model and never changes it.

Order of a frame: sky and floor, a soft shadow, then the character (`view_paint`): the legs
first (T15: a thick dark stroke, a thinner pink one on top, round caps and joins, so the root
caps hide under the body), then the body: a closed Catmull-Rom curve through all 16 points (T14)
with a dark outline, filled with the shade colour and overlaid by the body colour shifted up-left,
and the face (T9), all kept to the silhouette (T16). The press circle is shown faintly while it
exists, and a help line and the credit (T17) sit on top.

Render tiers (app.quality), never touching the model:
- "high"    the character on one supersampled layer over its own box, averaged down: every edge
            anti-aliased; the outline a ring drawn last over the body's edge, so no clipping
            layer (`ringed_body`). A body at rest is painted once, then copied (`StillPicture`).
- "medium"  the same steps at canvas resolution, straight onto the canvas, with anti-aliased
            lines along the outline's and the legs' outer edges.
- "low"     plain polygons; the shade band is worked out from the outline (`inset_towards`)
            instead of a clipping layer; no gloss.

Per frame, only what moves is worked out: the curves are sampled straight in the layer's pixels
(`view_curves`), the sky, floor, text, shadow and press circle are painted once and copied
(`view_canvas`), and with a `CanvasMemory` the background is put back only where the last frame
painted.
"""

from math import ceil, floor, isfinite

import pygame

from scenes.kit.tiers import DEFAULT_TIER, TIERS
from verlet.geometry import catmull_rom_closed, signed_area

from . import view_overlay
from .view_canvas import (CanvasMemory, background, draw_finger, draw_push, draw_shadow,
                          drawn_boxes, overlaps, print_lines, text_lines)
from .view_curves import (closed_curve_px, offset, open_curve_px, outline_paths, reaches_past,
                          ring_paths, vertex_normals)
from .view_face import draw_face, edge_parts, face_frame
from .view_paint import Layer

PINK = (250, 168, 198)
"""Takopi's body colour."""
SHADE = (222, 118, 158)
"""The shade band's colour (T16)."""
OUTLINE = (58, 34, 48)
"""Dark outline of body and legs."""
GLOSS = (255, 255, 255, 90)

OUTLINE_WIDTH = 3.2
"""Body outline thickness outside the silhouette, canvas px."""
RIM_SOFTEN = 0.5
"""At the "medium" tier, the anti-aliased line that softens the outline's outer edge runs this
far outside the filled outline (px): on its edge pixels it would only repaint them."""
LEG_OUTER = 16.0
"""Width of a leg's dark stroke, px (T15)."""
LEG_INNER = 10.0
"""Width of the pink stroke drawn on it: the difference is the leg's outline."""
SHADE_OFFSET = (-7.0, -8.0)
"""How far the body colour is shifted over the shade colour: up and left (T16)."""
CURVE_SAMPLES = 4
"""Spline samples per ring segment (T14): the segments are about 35 px long, so the points are
about 9 px apart and the polygon through them strays from the curve by 0.2 px at rest and 0.3 px
in a hard squash (6 samples: 0.1-0.15 px), under a supersampled pixel either way. A polygon fill
costs about its vertices times its rows, so the 64 vertices of 4 samples (96 at 6) are a third
cheaper for each of the three body-sized fills a frame."""
LEG_SAMPLES = 4
"""Spline samples per leg segment (T15): the segments are 14-17 px long and bend gently."""
CLIP_SLACK = 0.7
"""How far the clip's edge lies outside the silhouette, layer px: pygame fills the boundary pixels
of a polygon, so clearing around the silhouette's own outline would also clear the silhouette's
edge pixels; this keeps them (about as many as a filled silhouette has)."""
EDGE_ROOM = 1.0
"""At the "high" tier the face and gloss are drawn unclipped only while they keep this far
(layer px) inside the outline's outer edge: room for the depth estimate of `reaches_past`."""
CURVE_BULGE = 3.0
"""How far the body's curve may bulge past its simulated points, px (under 2 px at rest and
in a squash; a little room on top)."""
BOX_PAD = LEG_OUTER / 2 + CURVE_BULGE
"""Margin of the drawing box around the legs' simulated points, px: half a leg stroke and room
for the curves' bulge past their points."""
BODY_PAD = OUTLINE_WIDTH + CURVE_BULGE + 1.0
"""Margin of the drawing box around the body's ring points, px: its outline and the bulge."""

def draw(surface, model, context):
    """One frame of the scene at the context's render tier (scenes.kit.tiers.TIERS).

    The help line and the credit are printed on the kept background (`view_canvas.background`)
    while nothing drawn this frame comes near them; else they are printed last, over the
    character, on the plain background, as they always are drawn: the same picture either way.

    The view keeps a `view_canvas.CanvasMemory` (what the frame painted) in the context's
    memory. With it, and the context's `kept` (the rects anything else painted on the canvas
    since the last frame; None: not known), the background is put back only under what was
    painted since (`CanvasMemory.restore`) instead of over the whole canvas: the same picture."""
    touch, quality, kept = context.touch, context.tier, context.kept
    memory = canvas_memory(context)
    size = surface.get_size()
    right = min((rect.x for rect in context.chrome), default=None)
    lines, text_boxes = text_lines(size, touch, context.ui, right)
    shape = character_shape(model)
    printed = not overlaps(text_boxes, drawn_boxes(model, shape[2]))
    image = background(size, model.ground, lines if printed else ())
    if not memory.restore(surface, image, kept):
        surface.blit(image, (0, 0))
    rects = [draw_shadow(surface, model), draw_push(surface, model),
             draw_character(surface, model, quality, shape), draw_finger(surface, model)]
    if not printed:
        print_lines(surface, lines)
        rects = None  # the text lies over what was painted: the next frame starts afresh
    memory.remember(surface, image, rects)


def canvas_memory(context):
    """The `CanvasMemory` this view keeps in `context` (made on the first frame)."""
    memory = context.memory.get("canvas")
    if memory is None:
        memory = context.memory["canvas"] = CanvasMemory()
    return memory


def draw_overlay(surface, model, context):
    """The overlay (`view_overlay`): the same at every tier."""
    view_overlay.draw_overlay(surface, model)


def silhouette(model):
    """The smooth closed outline through every ring point (T14), canvas points."""
    return catmull_rom_closed(model.body.positions(), CURVE_SAMPLES)


def _orientation(ring):
    """+1 for a ring running clockwise on screen (as the body's does), -1 otherwise."""
    return 1.0 if signed_area(ring) >= 0.0 else -1.0


def character_box(ring, legs):
    """Canvas box that holds the body, its outline and the legs' strokes, from the simulated
    points (the curves through them bulge past them by a few px at most: the pads cover it)."""
    return _union(_padded_box(ring, BODY_PAD), _padded_box([p for leg in legs for p in leg], BOX_PAD))


def _padded_box(points, pad):
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad


def _union(a, b):
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def character_shape(model):
    """(ring, legs, box): the body's ring points, each leg's points (canvas px) and the
    `character_box` around them, as `draw_character` draws from them."""
    ring = model.body.positions()
    legs = [[p.position for p in leg.particles()] for leg in model.legs]
    return ring, legs, character_box(ring, legs)


def draw_character(surface, model, quality=DEFAULT_TIER, shape=None):
    """Legs, outline, shade band, gloss and face at the tier asked for (app.quality):
    "high" on a SUPERSAMPLE layer averaged down, "medium" the same steps at canvas resolution
    with an anti-aliased rim, "low" plain polygons with the shade band worked out from the
    outline alone (no clipping layer) and no gloss. A tier it does not know draws as "high".
    `shape` is the model's `character_shape` when the caller has it already. Returns the
    canvas rect painted."""
    if quality not in TIERS:
        quality = DEFAULT_TIER
    ring, legs, box = character_shape(model) if shape is None else shape
    if quality == "high":
        if _still.repeat(surface, ring + [p for leg in legs for p in leg], model.pressed):
            return pygame.Rect(_still.at, _still.image.get_size())
        base = Layer(*box)
    else:
        base = Layer.on_canvas(surface)
    scale = base.scale
    for points in legs:  # T15: before the body, so the root caps hide under it
        curve = open_curve_px(points, base.left, base.top, scale, LEG_SAMPLES)
        base.strokes_px(curve, ((OUTLINE, LEG_OUTER * scale), (PINK, LEG_INNER * scale)),
                        smooth=quality == "medium")
    outline = closed_curve_px(ring, base.left, base.top, scale, CURVE_SAMPLES)  # T14, layer px
    orientation = _orientation(ring)
    shift = (SHADE_OFFSET[0] * scale, SHADE_OFFSET[1] * scale)
    if quality == "low":
        normals = vertex_normals(outline, orientation)
        base.polygon_px(OUTLINE, offset(outline, normals, OUTLINE_WIDTH * scale))
        base.polygon_px(SHADE, outline)  # T16 without a clip: the body colour's outline is
        base.polygon_px(PINK, inset_towards(outline, normals, shift))  # worked out directly
        draw_face(base, face_frame(model), model.pressed)
        return _box_rect(box, surface)
    if quality == "high":
        if not ringed_body(base, model, outline, orientation, shift):
            clipped_body(base, model, ring, outline, orientation, shift)
        _still.keep(base.resolve(surface, "character"), (base.left, base.top))
        return pygame.Rect(base.left, base.top, base.width, base.height)
    clipped_body(base, model, ring, outline, orientation, shift)
    # a smooth outer edge for the rim, the one edge against the sky
    pygame.draw.aalines(surface, OUTLINE, True,
                        offset(outline, vertex_normals(outline, orientation),
                               OUTLINE_WIDTH + RIM_SOFTEN))
    return _box_rect(box, surface)


BOX_ROOM = 2
"""Pixels added round the character's box for the rect the cheaper tiers paint straight on the
canvas within (its edge pixels, rounding)."""


def _box_rect(box, canvas):
    """The canvas rect round a character box (left, top, right, bottom), BOX_ROOM wider all
    round and kept to the canvas; the whole canvas for a box that is not finite."""
    if not all(isfinite(value) for value in box):
        return canvas.get_rect()
    width, height = canvas.get_size()
    left = max(0, min(width, floor(box[0]) - BOX_ROOM))
    top = max(0, min(height, floor(box[1]) - BOX_ROOM))
    right = max(left, min(width, ceil(box[2]) + BOX_ROOM + 1))
    bottom = max(top, min(height, ceil(box[3]) + BOX_ROOM + 1))
    return pygame.Rect(left, top, right - left, bottom - top)


def ringed_body(base, model, outline, orientation, shift):
    """The body at the "high" tier (T14, T16, T9), straight on the character's layer: the
    shade colour over the silhouette, the body colour shifted up-left on it (kept from running
    past the outline by `ring_paths`), gloss and face, then the outline as a ring over the
    silhouette's edge (in pieces, `ring_pieces`), which covers whatever of them lies outside it.
    The picture a clip to the silhouette gives (`clipped_body`; but for a layer pixel here and
    there along the outline's edges, where pygame rounds the pieces' edges otherwise) without a
    second layer, its clearing and its blit.

    Only the outline's width is covered: where a cheek, an eye, a tear or the gloss would reach
    past it (a body squashed against a wall turns its face to the edge), nothing is drawn and
    False is returned: the caller clips instead."""
    scale = base.scale
    rim = OUTLINE_WIDTH * scale
    outer, inner, pink, normals = ring_paths(outline, orientation, rim, CLIP_SLACK, shift)
    frame = face_frame(model)
    gloss = gloss_shape(model)
    discs = [(*base.map(centre), reach * scale) for centre, reach in
             edge_parts(frame, model.pressed) + [(gloss[0], gloss[1])]]
    if reaches_past(outline, normals, discs, rim - EDGE_ROOM):
        return False
    base.polygon_px(SHADE, inner)
    base.polygon_px(PINK, pink)
    draw_gloss(base, model, gloss)
    draw_face(base, frame, model.pressed)
    for piece in ring_pieces(outer, inner):
        base.polygon_px(OUTLINE, piece)
    return True


RING_PIECE = 8
"""Samples of the outline per piece of its ring (`ring_pieces`)."""


def ring_pieces(outer, inner, per=RING_PIECE):
    """The ring between two closed curves of as many points as quadrilateral-like pieces of `per`
    samples each: outer curve forward, inner curve back. pygame's fill costs about a polygon's
    vertices times its rows, so pieces that each span a few rows cost about half of one polygon
    round the whole body (outer curve, across, inner curve, filled even-odd); neighbours share
    their end edge, which both fill, so no seam is left open. Along the curves pygame rounds a
    piece's edges a little otherwise than the one polygon's: a layer pixel here and there, a
    tenth of the ring's, half of them in, half out."""
    count = len(outer)
    pieces = []
    for start in range(0, count, per):
        stop = start + per + 1
        if stop > count:
            piece = outer[start:] + outer[:stop - count]
            piece += (inner[start:] + inner[:stop - count])[::-1]
        else:
            piece = outer[start:stop] + inner[start:stop][::-1]
        pieces.append(piece)
    return pieces


def clipped_body(base, model, ring, outline, orientation, shift):
    """The body at the "medium" tier, and at "high" when the face reaches the edge (T14, T16,
    T9): the shade colour inside the silhouette,
    the body colour shifted up-left on it, gloss and face printed on, all clipped to the
    silhouette on a layer over the body's own box (the legs below need no clipping), over the
    outline drawn first."""
    shaded = base.box(*_padded_box(ring, CURVE_BULGE), "shaded", SHADE)
    rim, clip, pink = outline_paths(outline, orientation, OUTLINE_WIDTH * base.scale, CLIP_SLACK,
                                    shaded.px_from(base), shift)
    base.polygon_px(OUTLINE, rim)
    shaded.polygon_px(PINK, pink)
    draw_gloss(shaded, model)
    draw_face(shaded, face_frame(model), model.pressed)
    shaded.clip_to_px(clip)
    shaded.put_on(base)


STILL_TOLERANCE = 0.02
"""At the "high" tier, a character whose simulated points have all moved less than this since
its picture was painted (canvas px) is not painted again: the picture is copied. A body at rest
then costs one small blit a frame, and its picture is never more than this far off."""


class StillPicture:
    """The last character picture painted at the "high" tier, with what it was painted from."""

    def __init__(self):
        self.points = None
        self.pressed = None
        self.image = None
        self.at = None

    def repeat(self, surface, points, pressed):
        """Blit the kept picture and return True if `points` (ring, then legs) and the pressed
        flag (the face) match what it was painted from; else remember them and return False."""
        kept = self.points
        if (self.image is not None and pressed == self.pressed and len(kept) == len(points)
                and _within(kept, points, STILL_TOLERANCE)):
            surface.blit(self.image, self.at)
            return True
        self.points, self.pressed, self.image = points, pressed, None
        return False

    def keep(self, image, at):
        """The picture just painted from the points `repeat` remembered, and its canvas place."""
        self.image, self.at = image, at
        if image is None:
            self.points = None


def _within(before, after, tolerance):
    for (x0, y0), (x1, y1) in zip(before, after):
        if abs(x1 - x0) > tolerance or abs(y1 - y0) > tolerance:
            return False
    return True


_still = StillPicture()


def inset_towards(curve, normals, shift):
    """The curve moved onto its translate by `shift` where that lies inside it: each point goes
    inward along its normal by how far the translate's edge is inside there (n . shift when
    negative), the rest stays. An outline-only stand-in for clipping the shifted body colour to
    the silhouette (exact for a straight edge, within a pixel round the body's curve)."""
    sx, sy = shift
    moved = []
    for (x, y), (nx, ny) in zip(curve, normals):
        inward = nx * sx + ny * sy
        if inward < 0.0:
            moved.append((x + nx * inward, y + ny * inward))
        else:
            moved.append((x, y))
    return moved


def gloss_shape(model):
    """(spot, rx, ry, angle) of the gloss, canvas px: a soft highlight high on the left, where
    the light comes from (fixed on screen, like the shade band, while the face turns)."""
    xs = [p.x for p in model.body.points]
    ys = [p.y for p in model.body.points]
    half_width, half_height = (max(xs) - min(xs)) / 2.0, (max(ys) - min(ys)) / 2.0
    center = ((max(xs) + min(xs)) / 2.0, (max(ys) + min(ys)) / 2.0)
    spot = (center[0] - 0.46 * half_width, center[1] - 0.6 * half_height)
    size = (half_width * half_height) ** 0.5
    return spot, 0.2 * size, 0.11 * size, -0.6


def draw_gloss(layer, model, shape=None):
    """The gloss (`gloss_shape`, or `shape` when the caller has it already) on the layer."""
    spot, rx, ry, angle = gloss_shape(model) if shape is None else shape
    layer.ellipse(GLOSS, spot, rx, ry, angle)
