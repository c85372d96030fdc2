"""Drawing the flag: a windy sky, the pole, the flag's cells (front and back), the wind's arrow.

Render tiers (`scenes.kit.tiers`): "high" lights the cells by their tilt (the ripples read as
bands of light) and draws the pole with its highlight; "medium" keeps the light and drops the
highlight; "low" shades cells only by their stretch (no light) in 8 steps, draws runs of a row as one
polygon, and draws the pole, its knob and the wind's arrow with plain hard edges.
"""

from math import hypot

import pygame

from scenes.kit.draw import disc, smooth_at, stroke, vertical_gradient
from scenes.kit.model.sheet_pattern import cell_layers, centre_colors, circle, rectangle
from scenes.kit.sheet_view import draw_cuts_and_hand, draw_sheet, draw_strain
from scenes.kit.widgets import draw_help_line, draw_text

from .model import COLUMNS, HILL, POLE_DEPTH, POLE_TOP, POLE_X, ROWS, SCALE

SKY_TOP = (70, 118, 178)
SKY_BOTTOM = (176, 206, 226)
GRASS = (86, 128, 84)
POLE = (200, 200, 210)
POLE_DARK = (120, 120, 134)
CELLS_PER_ROW = COLUMNS - 1
CELL_ROWS = ROWS - 1
WHITE = (244, 242, 236)
BLUE = (36, 72, 160)
RED = (200, 44, 56)
BACK = (150, 150, 160)
SHEEN = {"high": 1.5, "medium": 1.5, "low": 0.0}
"""How strongly a cell's tilt lights or darkens it (`scenes.kit.sheet_view.draw_sheet`), by
render tier."""
LOW_SHADES = 8
"""Shading steps of the cells at the "low" tier (32 above it): runs of a row merge into one polygon."""


EMBLEM_AT = 1.0 / 3.0
"""The red disc's centre, as a share of the flag's length from the hoist (it sits mid-height)."""
EMBLEM_RADIUS = 0.36
"""The disc's radius, as a share of the flag's height."""
PRINT = (
    (BLUE, rectangle(0.0, 0.0, CELLS_PER_ROW, CELL_ROWS)),
    (WHITE, rectangle(0.0, CELL_ROWS / 3.0, CELLS_PER_ROW, 2.0 * CELL_ROWS / 3.0)),
    (RED, circle(EMBLEM_AT * CELLS_PER_ROW, CELL_ROWS / 2.0, EMBLEM_RADIUS * CELL_ROWS)),
)
"""Three bands and a red disc near the hoist, in the sheet's cell units: our own flag, not a
country's."""
CELL_COLORS = cell_layers(CELLS_PER_ROW, CELL_ROWS, PRINT)
"""Each cell's colour, or its layers where the print changes inside it (`scenes.kit.sheet_view`)."""
PLAIN_COLORS = centre_colors(CELLS_PER_ROW, CELL_ROWS, PRINT)
"""The "low" tier's: the print's colour at each cell's centre."""


OVERLAY_AT = (240, 84)
"""Where the overlay's line of numbers starts: right of the pole and below its knob
(`knob_rect`) and the wind button (x 12-112, y 40-80), so it covers none of them (from
(124, 50) it ran over the knob); at its longest (382 px) it ends at x 622, below the toolbar."""
KNOB_RADIUS = 8
WIND_DIAL = (80.0, 90.0, 60.0)
"""The wind arrow's centre (x, px from the left; y, px up from the bottom) and its longest
half-length, px: the whole arrow stays within this circle, on the canvas, whichever way the
wind blows."""


def help_line(model, touch=False):
    """The hint at the top left; after a touch it names taps and no keys (the wind button is on
    the canvas and names what it does). It names what Space does now, in the wind button's words."""
    if touch:
        return "drag the flag · swipe in from outside to cut · the wind button starts or stops it"
    word = model.wind_word()
    space = "wind slider at 0" if word == "wind at 0" else f"Space: {word}"
    return f"drag the flag · swipe in to cut · {space} · arrows, Enter: grab · X: cut"


def knob_rect():
    """The canvas rect of the gold knob on the pole's top."""
    x, y = POLE_X - 2, POLE_TOP - 22
    return pygame.Rect(x - KNOB_RADIUS, y - KNOB_RADIUS, 2 * KNOB_RADIUS + 1, 2 * KNOB_RADIUS + 1)


def wind_arrow(model, size):
    """The wind arrow's (tail, tip) in canvas px, centred in `WIND_DIAL`, or None when calm."""
    wx, wy = model.observe_wind()
    strength = hypot(wx, wy)
    if strength <= 0.0:
        return None
    cx, lift, longest = WIND_DIAL
    cy = size[1] - lift
    half = min(longest, strength / 80.0 / SCALE)  # as long as the 31.5 px flag's wind drew it
    ux, uy = wx / strength, wy / strength
    return (cx - ux * half, cy - uy * half), (cx + ux * half, cy + uy * half)


def draw(surface, model, context):
    """The flag at the context's render tier, its hint in the context's pointer words."""
    quality = context.tier
    smooth = smooth_at(quality)
    width, height = surface.get_size()
    surface.blit(vertical_gradient((width, height), SKY_TOP, SKY_BOTTOM), (0, 0))
    lift, tall, beyond = HILL
    pygame.draw.ellipse(surface, GRASS, (-beyond, height - lift, width + 2 * beyond, tall))
    foot = height - POLE_DEPTH
    stroke(surface, POLE_DARK, [(POLE_X - 2, POLE_TOP - 18), (POLE_X - 2, foot)], 10,
           smooth=smooth)
    if quality == "high":
        stroke(surface, POLE, [(POLE_X - 4, POLE_TOP - 18), (POLE_X - 4, foot)], 4)
    disc(surface, (226, 196, 90), knob_rect().center, KNOB_RADIUS, smooth)
    low = quality == "low"
    draw_sheet(surface, model.sheet, PLAIN_COLORS if low else CELL_COLORS, BACK,
               sheen=SHEEN.get(quality, SHEEN["high"]), levels=LOW_SHADES if low else 32, merge=low)
    draw_cuts_and_hand(surface, model, smooth)
    arrow = wind_arrow(model, (width, height))
    if arrow is not None:
        tail, tip = arrow
        stroke(surface, (255, 255, 255), [tail, tip], 3, smooth=smooth)
        disc(surface, (255, 255, 255), tip, 4, smooth)
        dial_x, lift, longest = WIND_DIAL
        draw_text(surface, "wind", (dial_x + longest + 8, height - lift), context.ui.text(18),
                  anchor="midleft")
    draw_help_line(surface, help_line(model, context.touch), context)


def draw_overlay(surface, model, context):
    """The links coloured by strain: green at rest, red at the tear limit."""
    draw_strain(surface, model.sheet, model.values["tear"], context, OVERLAY_AT,
                avoid=(knob_rect(),))
