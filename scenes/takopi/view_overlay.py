"""The explanatory overlay (key `o`, `--overlay`, `?overlay=1`): what the article explains (pygame).

Drawn over the character: the 16 simulated points and the ring joining them (T1), the crown line
whose tilt the upright correction measures and the body's up-down axis square to it (T13), each
leg's allowed angle ranges as wedges at the knee's pivot (the root) and the foot's pivot (the
knee) (T12), the press circle (T7), and a small table: area against the unreachable target (T4),
perimeter against 16 x spacing, iterations (T5) and tilt.
"""

from math import cos, degrees, sin

import pygame

from scenes.kit.draw import aa_polyline, disc
from scenes.kit.widgets import counted, draw_text, font, panel_surface

from scenes.takopi.model.body import CROWN, RING_POINTS
from .view_paint import pooled

RING = (40, 120, 140)
POINT = (255, 255, 255)
POINT_EDGE = (30, 60, 80)
CROWN_COLOR = (255, 140, 30)
AXIS = (90, 90, 200)
KNEE_WEDGE = (60, 190, 120, 70)
FOOT_WEDGE = (250, 190, 40, 80)
WEDGE_EDGE = (30, 110, 70, 200)
PUSH = (230, 60, 80)
PANEL = (255, 255, 255, 200)
INK = (40, 40, 60)
BAR_BACK = (220, 220, 232)
BAR_FILL = (250, 150, 190)
WEDGE_REACH = 2.6
"""Radius of the drawn angle wedges, in segment lengths."""
CROWN_REACH = 34.0
"""How far the drawn crown line runs past its two points, px."""


def _wedge(center, start, stop, radius, steps=12):
    points = [center]
    for i in range(steps + 1):
        angle = start + (stop - start) * i / steps
        points.append((center[0] + radius * cos(angle), center[1] + radius * sin(angle)))
    return points


def draw_overlay(surface, model):
    _draw_all_leg_ranges(surface, model.legs)
    for leg in model.legs:
        aa_polyline(surface, WEDGE_EDGE[:3], [p.position for p in leg.particles()])
        for p in leg.particles():
            disc(surface, WEDGE_EDGE[:3], p.position, 2.5)
    _draw_ring(surface, model)
    _draw_crown_line(surface, model)
    circle = model.push_circle()
    if circle is not None:
        (x, y), radius = circle
        pygame.draw.circle(surface, PUSH, (round(x), round(y)), round(radius), 2)
    _draw_table(surface, model)


def _draw_all_leg_ranges(surface, legs):
    """The wedges, blended from one small layer that just holds them."""
    reach = max(leg.shape.segment for leg in legs) * (WEDGE_REACH + 1.0) + 2.0
    xs = [p.x for leg in legs for p in leg.particles()]
    ys = [p.y for leg in legs for p in leg.particles()]
    left, top = min(xs) - reach, min(ys) - reach
    size = (round(max(xs) - left + reach) + 1, round(max(ys) - top + reach) + 1)
    layer = pooled("overlay-wedges", size)  # cleared, reused from frame to frame
    for leg in legs:
        _draw_leg_ranges(layer, leg, (left, top))
    surface.blit(layer, (round(left), round(top)))


def _draw_leg_ranges(layer, leg, origin):
    """Knee range about the root from the down axis; foot range about the knee from the upper
    segment (T12). The wedges reach past the leg (WEDGE_REACH segments) so they show beside it."""
    radius = leg.shape.segment * WEDGE_REACH
    ox, oy = round(origin[0]), round(origin[1])
    root = (leg.root.x - ox, leg.root.y - oy)
    knee_at = (leg.knee.x - ox, leg.knee.y - oy)
    down = leg.down_angle()
    knee = _wedge(root, down + leg.knee_range.lo, down + leg.knee_range.hi, radius)
    pygame.draw.polygon(layer, KNEE_WEDGE, knee)
    pygame.draw.lines(layer, WEDGE_EDGE, True, knee, 1)
    upper = leg.upper_angle()
    foot = _wedge(knee_at, upper + leg.foot_range.lo, upper + leg.foot_range.hi, radius)
    pygame.draw.polygon(layer, FOOT_WEDGE, foot)
    pygame.draw.lines(layer, WEDGE_EDGE, True, foot, 1)


def _draw_ring(surface, model):
    points = model.body.positions()
    pygame.draw.aalines(surface, RING, True, points)
    for i, point in enumerate(points):
        if i == CROWN:
            disc(surface, CROWN_COLOR, point, 5)
        else:
            disc(surface, POINT_EDGE, point, 4.5)
            disc(surface, POINT, point, 3)


def _draw_crown_line(surface, model):
    """The line through the crown's two neighbours, and the up-down axis square to it (T13)."""
    points = model.body.positions()
    left, right = points[(CROWN - 1) % RING_POINTS], points[(CROWN + 1) % RING_POINTS]
    tilt = model.body.tilt()
    ux, uy = cos(tilt), sin(tilt)
    start = (left[0] - ux * CROWN_REACH, left[1] - uy * CROWN_REACH)
    end = (right[0] + ux * CROWN_REACH, right[1] + uy * CROWN_REACH)
    middle = ((left[0] + right[0]) / 2.0, (left[1] + right[1]) / 2.0)
    level = (middle[0] + (right[0] - left[0]) / 2.0 + CROWN_REACH, middle[1])
    pygame.draw.line(surface, (200, 200, 210), middle, level, 1)
    pygame.draw.line(surface, CROWN_COLOR, start, end, 3)
    dx, dy = model.down_vector()
    center = model.body.center()
    reach = 1.25 * (max(p[1] for p in points) - min(p[1] for p in points)) / 2.0
    pygame.draw.aaline(surface, AXIS, (center[0] - dx * reach, center[1] - dy * reach),
                       (center[0] + dx * reach, center[1] + dy * reach))
    label = f"crown line {round(degrees(tilt), 1) + 0.0:+.1f}°"
    width = font(18).size(label)[0]
    upper = start if start[1] < end[1] else end  # label above the line's higher end
    x = min(surface.get_width() - width - 6, max(6, upper[0] - width / 2))
    draw_text(surface, label, (x, max(4, upper[1] - 24)), 18, CROWN_COLOR, shadow=False)


def _draw_table(surface, model):
    body = model.body
    area, target = body.area(), body.target_area
    ring = RING_POINTS * body.spacing
    lines = [
        f"{RING_POINTS} points, spacing {body.spacing:.1f} px (max-only links)",
        f"perimeter {body.perimeter():.0f} px = {body.perimeter() / ring:.2f} x 16 x spacing",
        f"area {area:.0f} / target {target:.0f} px²  ({area / target * 100:.1f}%)",
        f"{counted(body.world.iterations, 'Jacobi iteration')} a frame · face: {model.face}",
        f"tilt {round(degrees(body.tilt()), 1) + 0.0:+.1f}° · undone {model.values['upright_rate'] * 100:.0f}% a frame",
    ]
    box = pygame.Rect(10, 40, 360, 22 * len(lines) + 26)
    surface.blit(panel_surface(box.size, PANEL, radius=8), box)
    for i, text in enumerate(lines):
        draw_text(surface, text, (box.x + 10, box.y + 8 + 22 * i), 18, INK, shadow=False)
    bar = pygame.Rect(box.x + 10, box.bottom - 16, box.width - 20, 8)
    pygame.draw.rect(surface, BAR_BACK, bar, border_radius=4)
    share = max(0.0, min(1.0, area / target)) if target > 0 else 0.0
    pygame.draw.rect(surface, BAR_FILL, (bar.x, bar.y, round(bar.width * share), bar.height),
                     border_radius=4)
    pygame.draw.line(surface, INK, (bar.right - 1, bar.y - 3), (bar.right - 1, bar.bottom + 2), 2)
