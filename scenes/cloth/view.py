"""Drawing the cloak: a night-blue room, the rod, the velvet with its gold hem, knife strokes.

Render tiers (`scenes.kit.tiers`): the cloth's cells are plain polygons at every tier (there are
hundreds; anti-aliasing them would cost more than the whole frame). "medium" leaves out the
rod's highlight; "low" also draws the rod, the finials and the hand with plain hard edges, and
the velvet without its pleats in 8 shades instead of 32, so that whole runs of a row are one
polygon (`scenes.kit.sheet_view.draw_sheet(merge=True)`).
"""

import pygame

from scenes.kit.draw import disc, smooth_at, stroke, vertical_gradient
from scenes.kit.model.sheet_pattern import cell_layers, centre_colors, rectangle
from scenes.kit.sheet_view import draw_cuts_and_hand, draw_sheet, draw_strain
from scenes.kit.widgets import draw_help_line

from .model import COLUMNS, ROD_Y, ROWS, SPACING

WALL_TOP = (26, 28, 48)
WALL_BOTTOM = (58, 44, 70)
VELVET = (150, 28, 52)
VELVET_DARK = (128, 22, 44)
HEM = (214, 168, 72)
BACK = (70, 16, 32)
ROD = (120, 82, 48)
ROD_LIGHT = (196, 150, 96)
CELLS_PER_ROW = COLUMNS - 1
CELL_ROWS = ROWS - 1
HEM_DEPTH = 34.0
"""How deep the gold hem is, px."""
LOW_SHADES = 8
"""Shading steps of the velvet at the "low" tier (32 above it)."""
PRINT = (
    (VELVET, rectangle(0.0, 0.0, CELLS_PER_ROW, CELL_ROWS)),
    *((VELVET_DARK, rectangle(column, 0.0, column + 1.0, CELL_ROWS))
      for column in range(1, CELLS_PER_ROW, 3)),
    (HEM, rectangle(0.0, CELL_ROWS - HEM_DEPTH / SPACING, CELLS_PER_ROW, CELL_ROWS)),
)
"""Velvet with a darker pleat down the middle of each swag (the nails hold every third point),
and the gold hem along the bottom; in the sheet's cell units."""
CELL_COLORS = cell_layers(CELLS_PER_ROW, CELL_ROWS, PRINT)
"""Each cell's colour, or its layers where the print changes inside it (`scenes.kit.sheet_view`)."""
PLAIN_COLORS = centre_colors(CELLS_PER_ROW, CELL_ROWS, (PRINT[0], PRINT[-1]))
"""The "low" tier's: velvet and hem, no pleats, a colour a cell (so a row's cells can merge)."""


OVERLAY_AT = (124, 84)
"""Where the overlay's line of numbers starts: right of the wind button (x 12-112, y 40-80),
so it never covers it, and below the rod and its knobs (`knob_rects`; at y 50 it ran over the
left knob)."""
KNOB_RADIUS = 9


def help_line(model, touch=False):
    """The hint at the top left; after a touch it names taps and no keys (the toolbar and the
    wind button are on the canvas). It names what Space does now, in the wind button's words."""
    if touch:
        return "yank hard to tear · swipe in from outside, or hold still then swipe, to cut"
    word = model.wind_word()
    space = "wind slider at 0" if word == "wind at 0" else f"Space: {word}"
    return f"yank to tear · swipe or right-drag: cut · {space} · arrows, Enter: grab · X: cut"


def knob_rects(model):
    """The canvas rects of the rod's two end knobs."""
    nails = model.sheet.nails
    return [pygame.Rect(int(x) - KNOB_RADIUS - 1, ROD_Y - 4 - KNOB_RADIUS - 1, 2 * KNOB_RADIUS + 3,
                        2 * KNOB_RADIUS + 3) for x in (nails[0].x - 26, nails[-1].x + 26)]


def draw(surface, model, context):
    """The cloak at the context's render tier, its hint in the context's pointer words."""
    quality = context.tier
    smooth = smooth_at(quality)
    surface.blit(vertical_gradient(surface.get_size(), WALL_TOP, WALL_BOTTOM), (0, 0))
    sheet = model.sheet
    nails = sheet.nails
    left, right = nails[0].x - 26, nails[-1].x + 26
    stroke(surface, ROD, [(left, ROD_Y - 4), (right, ROD_Y - 4)], 10, smooth=smooth)
    if quality == "high":
        stroke(surface, ROD_LIGHT, [(left + 2, ROD_Y - 6), (right - 2, ROD_Y - 6)], 3)
    disc(surface, ROD_LIGHT, (left, ROD_Y - 4), KNOB_RADIUS, smooth)
    disc(surface, ROD_LIGHT, (right, ROD_Y - 4), KNOB_RADIUS, smooth)
    if quality == "low":
        draw_sheet(surface, sheet, PLAIN_COLORS, BACK, levels=LOW_SHADES, merge=True)
    else:
        draw_sheet(surface, sheet, CELL_COLORS, BACK)
    draw_cuts_and_hand(surface, model, smooth)
    if model.knife is not None:
        disc(surface, (230, 240, 255), model.knife, 5, smooth)
    draw_help_line(surface, help_line(model, context.touch), context)


def draw_overlay(surface, model, context):
    """The links coloured by strain: green at rest, red at the tear limit."""
    draw_strain(surface, model.sheet, model.values["tear"], context, OVERLAY_AT,
                avoid=knob_rects(model))
