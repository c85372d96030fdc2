"""Drawing the hair demo: a warm backdrop, the strands as smooth thick curves, the face.

Render tiers (`scenes.kit.tiers`): "high" samples each strand's curve twice a link, anti-aliases
the locks and the face and draws a light streak on every third strand; "medium" draws the
locks straight through the joints (no curve sampling) and keeps the rest; "low" draws the
locks and the face with plain hard edges and leaves out the streaks.
"""

from math import hypot

import pygame

from scenes.kit.draw import aa_polyline, disc, fill_polygon, smooth_at, vertical_gradient
from scenes.kit.widgets import draw_help_line, draw_readout, draw_text
from verlet.geometry import catmull_rom_open

from .model import HEAD_RADIUS

BACK_TOP = (250, 226, 196)
BACK_BOTTOM = (236, 178, 150)
HAIR_DARK = (46, 28, 40)
HAIR = (92, 54, 70)
HAIR_LIGHT = (140, 92, 110)
SKIN = (255, 214, 196)
BLUSH = (255, 160, 160)
EYE = (40, 30, 40)
CURVE_SAMPLES = {"high": 2, "medium": 1, "low": 1}
"""Points of a strand's drawn curve per link, by render tier (1: the joints themselves)."""


def _curve(strand, samples=2):
    points = [(p.x, p.y) for p in strand.chain]
    return catmull_rom_open(points, samples) if samples > 1 else points


def _lock(curve, root_width, tip_width):
    """The outline of a tapering lock of hair along `curve`: thick at the root, fine at the tip."""
    left, right = [], []
    last = len(curve) - 1
    for i, (x, y) in enumerate(curve):
        (ax, ay), (bx, by) = curve[max(0, i - 1)], curve[min(last, i + 1)]
        length = hypot(bx - ax, by - ay) or 1.0
        half = 0.5 * (root_width + (tip_width - root_width) * i / max(1, last))
        nx, ny = -(by - ay) / length * half, (bx - ax) / length * half
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    return left + right[::-1]


HELP_LINE = "drag anywhere: the head follows · arrows nudge it · let go: it drifts home · O: overlay"
TOUCH_HELP_LINE = "drag a finger anywhere: the head follows it · let go: it drifts home"


def draw(surface, model, context):
    """The head and its hair at the context's render tier, its hint for a finger after a touch."""
    quality = context.tier
    smooth = smooth_at(quality)
    surface.blit(vertical_gradient(surface.get_size(), BACK_TOP, BACK_BOTTOM), (0, 0))
    samples = CURVE_SAMPLES.get(quality, CURVE_SAMPLES["high"])
    curves = [_curve(strand, samples) for strand in model.strands]
    for curve in curves:
        fill_polygon(surface, HAIR_DARK, _lock(curve, 12.0, 3.0), smooth)
    hx, hy = model.head
    disc(surface, SKIN, (hx, hy), HEAD_RADIUS, smooth)
    vx, vy = model.head_velocity
    look = (max(-4.0, min(4.0, vx)), max(-3.0, min(3.0, vy)))
    for side in (-1, 1):
        disc(surface, EYE, (hx + side * 20 + look[0], hy + 6 + look[1]), 6, smooth)
        disc(surface, BLUSH, (hx + side * 34, hy + 24), 7, smooth)
    pygame.draw.arc(surface, EYE, (hx - 9, hy + 16, 18, 12), 3.5, 5.9, 2)
    for curve in curves:
        fill_polygon(surface, HAIR, _lock(curve, 7.0, 1.5), smooth)
    if smooth:  # a light streak from the second joint to halfway down every third strand
        for curve in curves[1::3]:
            aa_polyline(surface, HAIR_LIGHT, curve[samples: len(curve) // 2])
    draw_help_line(surface, TOUCH_HELP_LINE if context.touch else HELP_LINE, context,
                   (70, 40, 50), shadow=False)


def draw_overlay(surface, model, context):
    """Each strand's joints, and at each joint its allowed bend as a wedge (the AngleRange)."""
    limit = model.strands[0].limits[0].hi if model.strands else 0.0
    for strand in model.strands:
        for joint, bend in zip(strand.limits, strand.bends()):
            share = abs(bend) / limit if limit > 0.0 else 0.0
            color = (round(80 + 175 * min(1.0, share)), round(220 - 160 * min(1.0, share)), 90)
            pygame.draw.line(surface, color, (joint.pivot.x, joint.pivot.y),
                             (joint.point.x, joint.point.y), 2)
            pygame.draw.circle(surface, (255, 255, 255), (joint.point.x, joint.point.y), 2)
        root = strand.chain[0]
        pygame.draw.circle(surface, (255, 90, 90), (root.x, root.y), 3)
    past, used = (measure.value for measure in model.measures())
    draw_readout(surface, f"{len(model.strands)} strands · bend limit ±{model.bend:.3g}° a "
                 f"joint · {used * 100:.0f}% of it used on average, {past:.1f}° past it", context, (12, 36), (60, 110, 60),
                 shadow=False)
