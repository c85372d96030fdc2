"""Drawing the hair demo: a warm backdrop, the strands as smooth thick curves, the face."""

from math import hypot

import pygame

from scenes.draw import disc, fill_polygon, vertical_gradient
from scenes.widgets import draw_text
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


def _curve(strand):
    return catmull_rom_open([(p.x, p.y) for p in strand.chain], 2)


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


HELP_LINE = "drag anywhere: the head follows · arrows nudge it · O: overlay"
TOUCH_HELP_LINE = "drag a finger anywhere: the head follows it"


def draw(surface, model, touch=False):
    surface.blit(vertical_gradient(surface.get_size(), BACK_TOP, BACK_BOTTOM), (0, 0))
    curves = [_curve(strand) for strand in model.strands]
    for curve in curves:
        fill_polygon(surface, HAIR_DARK, _lock(curve, 12.0, 3.0))
    hx, hy = model.head
    disc(surface, SKIN, (hx, hy), HEAD_RADIUS)
    vx, vy = model.head_velocity
    look = (max(-4.0, min(4.0, vx)), max(-3.0, min(3.0, vy)))
    for side in (-1, 1):
        disc(surface, EYE, (hx + side * 20 + look[0], hy + 6 + look[1]), 6)
        disc(surface, BLUSH, (hx + side * 34, hy + 24), 7)
    pygame.draw.arc(surface, EYE, (hx - 9, hy + 16, 18, 12), 3.5, 5.9, 2)
    for curve in curves:
        fill_polygon(surface, HAIR, _lock(curve, 7.0, 1.5))
    for curve in curves[1::3]:
        pygame.draw.aalines(surface, HAIR_LIGHT, False, curve[2: len(curve) // 2])
    draw_text(surface, TOUCH_HELP_LINE if touch else HELP_LINE,
              (12, 12), 20, (70, 40, 50), shadow=False)


def draw_overlay(surface, model):
    """Each strand's joints, and at each joint its allowed bend as a wedge (the AngleRange)."""
    limit = model.strands[0].limits[0].hi if model.strands else 0.0
    worst = 0.0
    for strand in model.strands:
        for joint, bend in zip(strand.limits, strand.bends()):
            share = abs(bend) / limit if limit > 0.0 else 0.0
            worst = max(worst, share)
            color = (round(80 + 175 * min(1.0, share)), round(220 - 160 * min(1.0, share)), 90)
            pygame.draw.line(surface, color, (joint.pivot.x, joint.pivot.y),
                             (joint.point.x, joint.point.y), 2)
            pygame.draw.circle(surface, (255, 255, 255), (joint.point.x, joint.point.y), 2)
        root = strand.chain[0]
        pygame.draw.circle(surface, (255, 90, 90), (root.x, root.y), 3)
    draw_text(surface, f"{len(model.strands)} strands · bend limit ±{model.values['bend']:g}° a "
              f"joint · fullest bend {worst * 100:.0f}% of it", (12, 36), 20, (60, 110, 60),
              shadow=False)
