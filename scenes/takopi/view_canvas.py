"""What Takopi's view paints around the character (T7, T17; pygame): sky, floor and the text
lines on a background painted once, the shadow, the press circle and the finger dot, and the
memory of what a frame painted, so that the next frame can put the background back under just
that (`CanvasMemory`) instead of copying the whole canvas.

Every painting function here returns the canvas rect it painted (or None): the frame's memory
is made of those rects, so nothing painted is left out of it.
"""

from math import hypot

import pygame

from scenes.kit.draw import vertical_gradient
from scenes.kit.ui_scale import FULL_SIZE
from scenes.kit.widgets import draw_text, font, rendered, wrap_words

from .model import FINGERTIP

SKY_TOP = (204, 232, 255)
SKY_BOTTOM = (244, 250, 255)
FLOOR = (250, 232, 206)
FLOOR_BOTTOM = (238, 212, 180)
FLOOR_EDGE = (214, 184, 150)
SHADOW = (120, 90, 80, 60)

HELP_LINE = "press or drag Takopi  ·  Enter/Space: poke  ·  O: overlay  ·  R: restart"
TOUCH_HELP_LINE = "tap or drag Takopi to squash it"
"""The help line after a touch: a phone has no keys, and the toolbar's buttons name themselves."""
CREDIT = "fan art for learning, drawn in code  ·  Takopi (c) Taizan 5 / Shueisha, Takopi's Original Sin committee"
TEXT = (70, 60, 80)
CREDIT_TEXT = (150, 120, 100)
HELP_SIZE, CREDIT_SIZE = 22, 18
"""The designed sizes of the help line and the credit, px."""

TEXT_ROOM = 4.0
"""Margin added round everything a frame draws before it is checked against the text lines,
px: room for rounding and the shapes' soft edges."""

# --- the background and the text lines ------------------------------------------------------

_text_layouts = {}


def text_lines(size, touch, ui=FULL_SIZE, right=None):
    """(lines, boxes): the help line and the credit as (text, position, size, colour, anchor),
    the way `draw_text` takes them, and their canvas boxes (left, top, right, bottom); worked
    out once per canvas size, help line and layout.

    As designed (`ui` at full size) each is one line. Shown small, their words grow to 12 CSS
    px (`ui.text`): the help line wraps left of canvas x `right` (the toolbar row), and the
    credit, quoted whole, goes in the floor band on two lines if it can (its short first line
    right of Takopi's legs, the long one below them), else in the sky under the help line,
    wrapped left of the toolbar row as the help line is."""
    key = (size, touch, ui, right)
    layout = _text_layouts.get(key)
    if layout is None:
        width, height = size
        help_text = TOUCH_HELP_LINE if touch else HELP_LINE
        help_size, credit_size = ui.text(HELP_SIZE), ui.text(CREDIT_SIZE)
        if help_size == HELP_SIZE and credit_size == CREDIT_SIZE:
            lines = ((help_text, (14, 12), HELP_SIZE, TEXT, "topleft"),
                     (CREDIT, (width - 10, height - 8), CREDIT_SIZE, CREDIT_TEXT, "bottomright"))
        else:
            edge = (width if right is None else right) - ui.room(8)
            leading = font(help_size).get_linesize()
            lines = tuple((words, (14, 12 + i * leading), help_size, TEXT, "topleft")
                          for i, words in enumerate(wrap_words(help_text, help_size, edge - 14)))
            credit = _credit_lines(credit_size, width - 20)
            step = rendered(CREDIT, credit_size, CREDIT_TEXT).get_height()
            if credit:  # in the floor band
                lines += tuple((words, (width - 10, height - 4 - (len(credit) - 1 - i) * step),
                                credit_size, CREDIT_TEXT, "bottomright")
                               for i, words in enumerate(credit))
            else:  # too long for the floor beside Takopi: in the sky under the help line
                top = lines[-1][1][1] + leading + ui.room(8)
                lines += tuple((words, (14, top + i * step), credit_size, CREDIT_TEXT, "topleft")
                               for i, words in enumerate(wrap_words(CREDIT, credit_size,
                                                                    edge - 14)))
        boxes = []
        for text, (x, y), text_size, color, anchor in lines:
            rect = rendered(text, text_size, color).get_rect(**{anchor: (round(x), round(y))})
            boxes.append((rect.left, rect.top, rect.right, rect.bottom))
        if len(_text_layouts) >= 4:
            _text_layouts.clear()
        layout = _text_layouts[key] = (lines, boxes)
    return layout


CREDIT_BREAK = "  \u00b7  "
HEAD_ROOM = 366
"""How wide the credit's first line may be to lie clear of Takopi standing in the middle, px
(the floor right of its legs, to the credit's right margin)."""


def _credit_lines(size, width):
    """The credit's lines in the floor band: one line if it fits, else broken at its middle dot
    when its first part fits right of Takopi's legs; else none (it goes in the sky)."""
    if font(size).size(CREDIT)[0] <= width:
        return [CREDIT]
    head, tail = CREDIT.split(CREDIT_BREAK, 1)
    head += CREDIT_BREAK.rstrip()
    if font(size).size(head)[0] <= HEAD_ROOM and font(size).size(tail)[0] <= width:
        return [head, tail]
    return []


def print_lines(surface, lines):
    """The text lines printed on `surface` (no shadow), as they are printed on the background."""
    for text, pos, size, color, anchor in lines:
        draw_text(surface, text, pos, size, color, anchor=anchor, shadow=False)


def overlaps(boxes, others):
    """Whether any box of `boxes` comes within TEXT_ROOM of any of `others`."""
    for left, top, right, bottom in boxes:
        for other_left, other_top, other_right, other_bottom in others:
            if (other_left - TEXT_ROOM < right and left < other_right + TEXT_ROOM
                    and other_top - TEXT_ROOM < bottom and top < other_bottom + TEXT_ROOM):
                return True
    return False


_backgrounds = {}


def background(size, ground, lines=()):
    """Sky, floor and the floor's edge, and the text `lines` ((text, position, size, colour,
    anchor) as `draw_text` takes them) printed on: painted once per canvas size, floor height
    and lines, then kept (a few at a time)."""
    key = (size, round(ground), lines)
    image = _backgrounds.get(key)
    if image is None:
        if len(_backgrounds) >= 4:
            _backgrounds.clear()
        width, height = size
        floor_y = round(ground)
        image = _backgrounds[key] = pygame.Surface(size)
        image.blit(vertical_gradient((width, height), SKY_TOP, SKY_BOTTOM), (0, 0))
        floor = vertical_gradient((width, height - floor_y), FLOOR, FLOOR_BOTTOM)
        image.blit(floor, (0, floor_y))
        pygame.draw.line(image, FLOOR_EDGE, (0, floor_y), (width, floor_y), 3)
        print_lines(image, lines)
    return image


def draw_background(surface, model, lines=()):
    """The kept `background` copied onto the whole canvas (one blit a frame instead of two
    gradients, a line and the text)."""
    surface.blit(background(surface.get_size(), model.ground, lines), (0, 0))


# --- what a frame painted ---------------------------------------------------------------------

class CanvasMemory:
    """What the view last painted on one canvas, for painting the next frame over it.

    canvas      the surface painted
    background  the kept background image the frame started from
    rects       the canvas rects the frame painted over that background (shadow, press
                circle, character, finger), or None: the frame left more than those (the text
                printed over the character): the next one paints the whole canvas
    """

    def __init__(self):
        self.canvas = None
        self.background = None
        self.rects = None

    def restore(self, surface, image, kept):
        """Put the background back where the last frame painted on `surface`: under its own
        rects and under `kept` (the rects anything else painted since, `scenes.kit.scene.Scene.draw`);
        True when done. False when that is not enough (no such frame, another canvas or
        background, `kept` None): then nothing is painted, the caller copies the whole
        background."""
        if (kept is None or self.rects is None or self.canvas is not surface
                or self.background is not image):
            return False
        bounds = surface.get_rect()
        for rect in self.rects + list(kept):
            rect = bounds.clip(rect)
            if rect.width and rect.height:
                surface.blit(image, rect, rect)
        return True

    def remember(self, surface, image, rects):
        """The frame just painted on `surface` from `image` (`rects`: see the class; None: the
        next frame must start from scratch)."""
        self.canvas, self.background = surface, image
        self.rects = None if rects is None else [rect for rect in rects if rect is not None]


# --- shadow, press circle, finger --------------------------------------------------------------

def draw_shadow(surface, model):
    """A soft ellipse on the floor under the body, smaller and fainter as it rises; the rect
    painted, or None."""
    xs = [p.x for p in model.body.points]
    ys = [p.y for p in model.body.points]
    lift = max(0.0, model.ground - max(ys))
    fade = max(0.0, 1.0 - lift / 260.0)
    if fade <= 0.0:
        return None
    width = (max(xs) - min(xs)) * (0.55 + 0.35 * fade)
    layer = _stamp(_shadows, (round(width) + 4, round(SHADOW[3] * fade)), _paint_shadow)
    center_x = (min(xs) + max(xs)) / 2.0
    return surface.blit(layer, layer.get_rect(center=(round(center_x), round(model.ground + 2))))


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
    """The press circle (T7), faint, behind the character; the rect painted, or None."""
    circle = model.push_circle()
    if circle is None:
        return None
    (x, y), radius = circle
    layer = _stamp(_pushes, radius, _paint_push)
    size = layer.get_width()
    return surface.blit(layer, (round(x) - size // 2, round(y) - size // 2))


def draw_finger(surface, model):
    """A dot where the finger is, over the character; the rect painted, or None.

    The finger is the pointer (`finger_at`). A press that started far from the body (and the
    poke, T8) has it at the circle's centre; a press that started on the body has the circle
    beside the pointer with its rim at the dot's far edge, so the dot sits in the body's dent;
    one just beside the body has it inside the circle, between its centre and the dent.
    """
    circle = model.push_circle()
    if circle is None:
        return None
    finger_x, finger_y = finger_at(model, circle)
    dot = _stamp(_pushes, "finger", _paint_finger)
    half = dot.get_width() // 2
    return surface.blit(dot, (round(finger_x) - half, round(finger_y) - half))


def finger_at(model, circle):
    """Where the finger dot is drawn for the press `circle`: at the pointer, but never further
    from the circle's centre than its rim less FINGERTIP. A press deep on the body stops its
    dent short of the pointer (`press.deepest_dent`); drawn at the pointer the dot would sit in
    the body below the dent, so it is drawn at the bottom of the dent instead."""
    (cx, cy), radius = circle
    if model.pointer is None:
        return cx, cy
    x, y = model.pointer
    distance = hypot(x - cx, y - cy)
    most = max(0.0, radius - FINGERTIP)
    if distance <= most:
        return x, y
    return cx + (x - cx) * most / distance, cy + (y - cy) * most / distance


def drawn_boxes(model, box):
    """Canvas boxes (left, top, right, bottom) that hold everything a frame puts over the
    background, each a little too big: the character's `box`, the shadow under it (never wider
    than the body, so within the box's sides), the press circle and the finger."""
    ground = model.ground
    boxes = [box, (box[0], ground - 9.0, box[2], ground + 13.0)]
    circle = model.push_circle()
    if circle is not None:
        (x, y), radius = circle
        reach = radius + 4.0
        boxes.append((x - reach, y - reach, x + reach, y + reach))
        x, y = finger_at(model, circle)
        reach = FINGERTIP + 2.0
        boxes.append((x - reach, y - reach, x + reach, y + reach))
    return boxes


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
