"""Drawing Takopi (T14-T17; pygame). The view reads the model and never changes it.

Order of a frame: sky and floor, a soft shadow, then the character (`view_paint`): the legs
first (T15: a thick dark stroke, a thinner pink one on top, round caps and joins, so the root
caps hide under the body), then the body: a closed Catmull-Rom curve through all 16 points (T14)
with a dark outline, filled with the shade colour and overlaid by the body colour shifted up-left,
and the face (T9), all kept to the silhouette (T16). The press circle is shown faintly while it
exists, and a help line and the credit (T17) sit on top.

Render tiers (scenes.quality; issue 14), never touching the model:
- "high"    the character on one supersampled layer over its own box, averaged down: every edge
            anti-aliased; the outline a ring drawn last over the body's edge, so no clipping
            layer (`ringed_body`). A body at rest is painted once, then copied (`StillPicture`).
- "medium"  the same steps at canvas resolution, straight onto the canvas, with anti-aliased
            lines along the outline's and the legs' outer edges.
- "low"     plain polygons; the shade band is worked out from the outline (`inset_towards`)
            instead of a clipping layer; no gloss.

Per frame, only what moves is worked out: the curves are sampled straight in the layer's pixels
(`view_curves`), the sky, floor, shadow and press circle are painted once and copied.
"""

import pygame

from scenes.draw import vertical_gradient
from scenes.quality import DEFAULT_TIER, TIERS
from scenes.widgets import draw_text, rendered
from verlet.geometry import catmull_rom_closed, signed_area

from .model import FINGERTIP
from .view_curves import (closed_curve_px, offset, open_curve_px, outline_paths, reaches_past,
                          ring_paths, vertex_normals)
from .view_face import draw_face, edge_parts, face_frame
from .view_paint import Layer

SKY_TOP = (204, 232, 255)
SKY_BOTTOM = (244, 250, 255)
FLOOR = (250, 232, 206)
FLOOR_BOTTOM = (238, 212, 180)
FLOOR_EDGE = (214, 184, 150)
SHADOW = (120, 90, 80, 60)

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

HELP_LINE = "press or drag Takopi  ·  Enter/Space: poke  ·  O: overlay  ·  R: restart"
TOUCH_HELP_LINE = "tap or drag Takopi to squash it"
"""The help line after a touch: a phone has no keys, and the toolbar's buttons name themselves."""
CREDIT = "fan art for learning, drawn in code  ·  Takopi (c) Taizan 5 / Shueisha, Takopi's Original Sin committee"
TEXT = (70, 60, 80)
CREDIT_TEXT = (150, 120, 100)


def silhouette(model):
    """The smooth closed outline through every ring point (T14), canvas points."""
    return catmull_rom_closed(model.body.positions(), CURVE_SAMPLES)


def draw(surface, model, touch=False, quality=DEFAULT_TIER):
    """One frame of the scene at render tier `quality` (scenes.quality.TIERS).

    The help line and the credit are printed on the kept background (`draw_background`) while
    nothing drawn this frame comes near them; else they are printed last, over the character,
    on the plain background, as they always are drawn: the same picture either way."""
    lines, text_boxes = _text_lines(surface.get_size(), touch)
    shape = character_shape(model)
    printed = not _overlaps(text_boxes, _drawn_boxes(model, shape[2]))
    draw_background(surface, model, lines if printed else ())
    draw_shadow(surface, model)
    draw_push(surface, model)
    draw_character(surface, model, quality, shape)
    draw_finger(surface, model)
    if not printed:
        for text, pos, size, color, anchor in lines:
            draw_text(surface, text, pos, size, color, anchor=anchor, shadow=False)


_text_layouts = {}


def _text_lines(size, touch):
    """(lines, boxes): the help line and the credit as (text, position, size, colour, anchor),
    the way `draw_text` takes them, and their canvas boxes (left, top, right, bottom); worked
    out once per canvas size and help line."""
    layout = _text_layouts.get((size, touch))
    if layout is None:
        width, height = size
        lines = ((TOUCH_HELP_LINE if touch else HELP_LINE, (14, 12), 22, TEXT, "topleft"),
                 (CREDIT, (width - 10, height - 8), 16, CREDIT_TEXT, "bottomright"))
        boxes = []
        for text, (x, y), text_size, color, anchor in lines:
            rect = rendered(text, text_size, color).get_rect(**{anchor: (round(x), round(y))})
            boxes.append((rect.left, rect.top, rect.right, rect.bottom))
        if len(_text_layouts) >= 4:
            _text_layouts.clear()
        layout = _text_layouts[(size, touch)] = (lines, boxes)
    return layout


TEXT_ROOM = 4.0
"""Margin added round everything a frame draws before it is checked against the text lines,
px: room for rounding and the shapes' soft edges."""


def _drawn_boxes(model, box):
    """Canvas boxes that hold everything `draw` puts over the background this frame, each a
    little too big: the character's `box` (`character_box`), the shadow under it (never wider
    than the body, so within the box's sides), the press circle and the finger."""
    ground = model.ground
    boxes = [box, (box[0], ground - 9.0, box[2], ground + 13.0)]
    circle = model.push_circle()
    if circle is not None:
        (x, y), radius = circle
        reach = radius + 4.0
        boxes.append((x - reach, y - reach, x + reach, y + reach))
        if model.pointer is not None:
            x, y = model.pointer
        reach = FINGERTIP + 2.0
        boxes.append((x - reach, y - reach, x + reach, y + reach))
    return boxes


def _overlaps(boxes, others):
    """Whether any box of `boxes` comes within TEXT_ROOM of any of `others`."""
    for left, top, right, bottom in boxes:
        for other_left, other_top, other_right, other_bottom in others:
            if (other_left - TEXT_ROOM < right and left < other_right + TEXT_ROOM
                    and other_top - TEXT_ROOM < bottom and top < other_bottom + TEXT_ROOM):
                return True
    return False


_backgrounds = {}


def draw_background(surface, model, lines=()):
    """Sky, floor and the floor's edge, and the text `lines` ((text, position, size, colour,
    anchor) as `draw_text` takes them) printed on: painted once per canvas size, floor height
    and lines, then copied (one blit a frame instead of two gradients, a line and the text)."""
    size, ground = surface.get_size(), round(model.ground)
    key = (size, ground, lines)
    background = _backgrounds.get(key)
    if background is None:
        if len(_backgrounds) >= 4:
            _backgrounds.clear()
        width, height = size
        background = _backgrounds[key] = pygame.Surface(size)
        background.blit(vertical_gradient((width, height), SKY_TOP, SKY_BOTTOM), (0, 0))
        floor = vertical_gradient((width, height - ground), FLOOR, FLOOR_BOTTOM)
        background.blit(floor, (0, ground))
        pygame.draw.line(background, FLOOR_EDGE, (0, ground), (width, ground), 3)
        for text, pos, text_size, color, anchor in lines:
            draw_text(background, text, pos, text_size, color, anchor=anchor, shadow=False)
    surface.blit(background, (0, 0))


def draw_shadow(surface, model):
    """A soft ellipse on the floor under the body, smaller and fainter as it rises."""
    xs = [p.x for p in model.body.points]
    ys = [p.y for p in model.body.points]
    lift = max(0.0, model.ground - max(ys))
    fade = max(0.0, 1.0 - lift / 260.0)
    if fade <= 0.0:
        return
    width = (max(xs) - min(xs)) * (0.55 + 0.35 * fade)
    layer = _stamp(_shadows, (round(width) + 4, round(SHADOW[3] * fade)), _paint_shadow)
    center_x = (min(xs) + max(xs)) / 2.0
    surface.blit(layer, layer.get_rect(center=(round(center_x), round(model.ground + 2))))


def _paint_shadow(key):
    width, alpha = key
    layer = pygame.Surface((width, 22), pygame.SRCALPHA)
    pygame.draw.ellipse(layer, SHADOW[:3] + (alpha,), layer.get_rect().inflate(-4, -6))
    return layer


_shadows, _pushes = {}, {}
STAMPS_LIMIT = 64
"""Painted shadows (one per width and opacity) or press circles kept; a cache is emptied when it
reaches this many, so a long run does not grow it."""


def _stamp(cache, key, paint):
    """The small surface `paint(key)` makes, painted once and reused while the key repeats."""
    image = cache.get(key)
    if image is None:
        if len(cache) >= STAMPS_LIMIT:
            cache.clear()
        image = cache[key] = paint(key)
    return image


def draw_push(surface, model):
    """The press circle (T7), faint, behind the character."""
    circle = model.push_circle()
    if circle is None:
        return
    (x, y), radius = circle
    layer = _stamp(_pushes, radius, _paint_push)
    size = layer.get_width()
    surface.blit(layer, (round(x) - size // 2, round(y) - size // 2))


def draw_finger(surface, model):
    """A dot where the finger is, over the character.

    The finger is the pointer. A press that started outside the body (and the poke, T8) has it
    at the circle's centre; a press that started on the body has the circle beside the pointer
    with its rim at the dot's far edge, so the dot sits in the body's dent.
    """
    circle = model.push_circle()
    if circle is None:
        return
    finger_x, finger_y = circle[0] if model.pointer is None else model.pointer
    dot = _stamp(_pushes, "finger", _paint_finger)
    half = dot.get_width() // 2
    surface.blit(dot, (round(finger_x) - half, round(finger_y) - half))


def _paint_push(radius):
    size = round(radius * 2 + 6)
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    middle = (size // 2, size // 2)
    pygame.draw.circle(layer, (255, 255, 255, 70), middle, round(radius))
    pygame.draw.circle(layer, (255, 255, 255, 170), middle, round(radius), 2)
    return layer


def _paint_finger(_key):
    half = round(FINGERTIP) + 1
    dot = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
    pygame.draw.circle(dot, (120, 110, 150, 150), (half, half), round(FINGERTIP))
    return dot


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
    """Legs, outline, shade band, gloss and face at the tier asked for (scenes.quality):
    "high" on a SUPERSAMPLE layer averaged down, "medium" the same steps at canvas resolution
    with an anti-aliased rim, "low" plain polygons with the shade band worked out from the
    outline alone (no clipping layer) and no gloss. A tier it does not know draws as "high".
    `shape` is the model's `character_shape` when the caller has it already."""
    if quality not in TIERS:
        quality = DEFAULT_TIER
    ring, legs, box = character_shape(model) if shape is None else shape
    if quality == "high":
        if _still.repeat(surface, ring + [p for leg in legs for p in leg], model.pressed):
            return
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
        return
    if quality == "high":
        if not ringed_body(base, model, outline, orientation, shift):
            clipped_body(base, model, ring, outline, orientation, shift)
        _still.keep(base.resolve(surface, "character"), (base.left, base.top))
        return
    clipped_body(base, model, ring, outline, orientation, shift)
    # a smooth outer edge for the rim, the one edge against the sky
    pygame.draw.aalines(surface, OUTLINE, True,
                        offset(outline, vertex_normals(outline, orientation),
                               OUTLINE_WIDTH + RIM_SOFTEN))


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
