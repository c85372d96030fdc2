"""Drawing where a shot would go (S3): the faint hover preview and the overlay's aim ray.

Hover preview (desktop mouse hovering, no button held): a faint green dashed line from the spider
to where the silk would land, ending in a small ring on the thread it would stick to or a small
square where it would pin a new anchor in empty space (the thread it would stick to is lit in a
dim green). Where the click would fail (aimed within
±15° of the spider's own thread, out of silk, no room) the dashes turn red and end in a cross,
with the reason beside the pointer (kept on the canvas and off the HUD's boxes). Overlay (`o`): the thread the shot would stick to, lit, and
a line of text saying what would happen. Both read a ShotPlan from `aim.preview`; nothing here
changes the model.
"""

from math import hypot

import pygame

from scenes.kit.ui_scale import FULL_SIZE

from scenes.kit.draw import disc

from . import view_marks

PREVIEW_OK = (112, 204, 132)
"""The hover preview where a shot would stick: a muted green, faint on the night sky."""
PREVIEW_THREAD = (96, 168, 116)
"""The thread a shot would stick to, drawn over in a dim green."""
PREVIEW_FAIL = (236, 92, 88)
"""The hover preview where a shot would fail."""
DASH = 7.0
"""Length of a dash of the preview line, px."""
GAP = 5.0
"""Gap between two dashes, px."""
FAIL_REACH = 90.0
"""A failing aim with no landing point is drawn at most this far from the spider, px."""
GOOD = (140, 230, 255)
WARN = (255, 120, 100)


def dashed_line(surface, color, start, end, dash=DASH, gap=GAP):
    """An anti-aliased dashed line from `start` to `end` (canvas px)."""
    x0, y0 = start
    dx, dy = end[0] - x0, end[1] - y0
    length = hypot(dx, dy)
    if length < 1e-6:
        return
    ux, uy = dx / length, dy / length
    along = 0.0
    while along < length:
        stop = min(length, along + dash)
        pygame.draw.aaline(surface, color, (x0 + ux * along, y0 + uy * along),
                           (x0 + ux * stop, y0 + uy * stop))
        along = stop + gap


def _cross(surface, color, center, half=5):
    x, y = center
    pygame.draw.line(surface, color, (x - half, y - half), (x + half, y + half), 2)
    pygame.draw.line(surface, color, (x - half, y + half), (x + half, y - half), 2)


def draw_preview(surface, model, plan, pointer, avoid=(), ui=FULL_SIZE):
    """The hover preview of `plan` (from `aim.preview`) for the pointer at canvas `pointer`;
    the reason of a failing one stays on the canvas and off the rects of `avoid`."""
    if plan is None:
        return
    cx, cy = model.camera
    origin = (model.spider.x - cx, model.spider.y - cy)
    if plan.ok:
        end = (plan.end[0] - cx, plan.end[1] - cy)
        dashed_line(surface, PREVIEW_OK, origin, end)
        if plan.hit is not None:  # the thread it would stick to, lit faintly, and the spot
            a, b = plan.hit.a, plan.hit.b
            pygame.draw.line(surface, PREVIEW_THREAD, (a.x - cx, a.y - cy), (b.x - cx, b.y - cy), 2)
            pygame.draw.circle(surface, PREVIEW_OK, (round(end[0]), round(end[1])), 6, 2)
        else:
            pygame.draw.rect(surface, PREVIEW_OK, (round(end[0]) - 4, round(end[1]) - 4, 9, 9), 2)
        return
    if plan.end is not None:  # the aim is fine but the silk or the web's room is not
        end = (plan.end[0] - cx, plan.end[1] - cy)
    else:
        gap = hypot(pointer[0] - origin[0], pointer[1] - origin[1])
        reach = min(gap, FAIL_REACH)
        end = (origin[0] + plan.direction[0] * reach, origin[1] + plan.direction[1] * reach)
    dashed_line(surface, PREVIEW_FAIL, origin, end)
    _cross(surface, PREVIEW_FAIL, end)
    view_marks.draw_label(surface, plan.reason, (pointer[0] + 14, pointer[1] + 10), ui.text(18),
                          PREVIEW_FAIL, avoid)


def draw_aim_ray(surface, model, plan):
    """The overlay's aim: the ray, the thread it would stick to or the anchor it would pin, or
    a short red ray when it would fail. Returns the overlay's line of text about it."""
    cx, cy = model.camera
    origin = (model.spider.x - cx, model.spider.y - cy)
    if plan is None:
        return "aim: -"
    if plan.end is None:
        reach = (origin[0] + plan.direction[0] * 60, origin[1] + plan.direction[1] * 60)
        pygame.draw.line(surface, WARN, origin, reach, 2)
        return f"aim: fails ({plan.reason})"
    end = (plan.end[0] - cx, plan.end[1] - cy)
    if not plan.ok:
        pygame.draw.line(surface, WARN, origin, end, 1)
        return f"aim: fails ({plan.reason}), {plan.length:.0f} px"
    if plan.hit is not None:
        a, b = plan.hit.a, plan.hit.b
        pygame.draw.line(surface, GOOD, (a.x - cx, a.y - cy), (b.x - cx, b.y - cy), 4)
        pygame.draw.line(surface, GOOD, origin, end, 1)
        disc(surface, GOOD, end, 4)
        index = model.web.index()
        return (f"aim: sticks to edge [{index[id(a)]}, {index[id(b)]}] at u = {plan.u:.2f}, "
                f"{plan.length:.0f} px")
    pygame.draw.line(surface, (150, 255, 150), origin, end, 1)
    pygame.draw.rect(surface, (150, 255, 150), (end[0] - 4, end[1] - 4, 9, 9), 2)
    return f"aim: nothing in reach, new anchor at {plan.length:.0f} px"
