"""The picture of one phase of a frame (the `,` key while paused, with the overlay on).

- an arrow per point for what the phase moved it, on a log scale so a 0.1 px move is seen
  (0.01 px: ARROW_UNIT long, ten times more: ARROW_UNIT longer, at most ARROW_MAX);
- the links the phase moved, highlighted; in a Gauss-Seidel world coloured along a ramp from
  the first solved to the last (the order is the result), in a Jacobi world all alike (the
  order does not matter) and, for each point, the spacing's and the area's contributions drawn
  apart before their average is applied (T6);
- a readout: the phase, the first measure and its remaining violation, and a bar per phase of
  the frame so far showing that violation shrink ("iterations are stiffness", T5).
"""

from math import hypot, log10

import pygame

from .strip_chart import label_font
from .widgets import panel_surface

ARROW_UNIT = 12.0
"""px of arrow per tenfold of movement, from 0.01 px (ARROW_UNIT long) up."""
ARROW_MAX = 60.0
SMALLEST = 0.002
"""Moves shorter than this (px) get no arrow."""
MOVE_COLOR = (255, 255, 255)
CONTRIBUTION_COLORS = {"spacing": (110, 230, 140), "area": (255, 160, 70)}
RAMP = ((80, 220, 255), (255, 90, 200))
"""The solving order's colours: first link solved, last."""
JACOBI_LINK = (255, 240, 120)
READOUT_CORNER = (12, 318)
READOUT_SIZE = (330, 136)
"""The readout's panel: by default bottom left, below the scenes' help and overlay numbers and
above the notes (their lowest line's top is 56 px above the canvas bottom, `scenes.kit.scene`)."""
FILL = (14, 16, 28, 200)
OUTLINE = (90, 96, 130)
TEXT = (226, 228, 240)
BAR = (120, 220, 255)
BAR_NOW = (255, 220, 120)
LABEL = 15
KIND_WORDS = {"spacing": "간격 spacing", "area": "넓이 area"}
PHASE_WORDS = {"integrate": "적분 integrate", "iteration": "반복 iteration", "finish": "마무리 finish"}


def arrow_length(move):
    """Arrow length (px) for a move of `move` px: log scale from SMALLEST, see ARROW_UNIT."""
    if move < SMALLEST:
        return 0.0
    return min(ARROW_MAX, ARROW_UNIT * (1.0 + log10(move / 0.01)) if move >= 0.01 else
               ARROW_UNIT * move / 0.01)


def _offset(model):
    """World to canvas: minus the camera for a scrolling scene (the spider's), else none."""
    camera = getattr(model, "camera", None)
    return (-camera[0], -camera[1]) if camera is not None else (0.0, 0.0)


def _arrow(surface, color, start, dx, dy, width=1):
    move = hypot(dx, dy)
    length = arrow_length(move)
    if length <= 0.0:
        return
    ux, uy = dx / move, dy / move
    end = (start[0] + ux * length, start[1] + uy * length)
    pygame.draw.line(surface, color, start, end, width)
    head = min(5.0, 0.4 * length)
    for side in (1.0, -1.0):
        pygame.draw.line(surface, color, end, (end[0] - ux * head + side * uy * head * 0.6,
                                               end[1] - uy * head - side * ux * head * 0.6), width)


def _mix(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def draw(surface, model, record, corner=READOUT_CORNER):
    """The phase `record` (a `PhaseRecord`) over the scene's picture."""
    ox, oy = _offset(model)
    world = model.world
    jacobi = world.solver == "jacobi"
    count = len(record.acted)
    for order, (a, b) in enumerate(record.acted):
        color = JACOBI_LINK if jacobi else _mix(*RAMP, order / max(1, count - 1))
        pygame.draw.line(surface, color, (a.x + ox, a.y + oy), (b.x + ox, b.y + oy), 3)
    if record.contributions:
        for kind, moves in record.contributions.items():
            color = CONTRIBUTION_COLORS.get(kind, (200, 200, 200))
            for (x, y), (dx, dy) in zip(record.before, moves):
                _arrow(surface, color, (x + ox, y + oy), dx, dy, 2)
    for (x, y), (dx, dy) in zip(record.before, record.moves()):
        _arrow(surface, MOVE_COLOR, (x + ox, y + oy), dx, dy)
    draw_readout(surface, pygame.Rect(corner, READOUT_SIZE), record, jacobi)


def _phase_words(record):
    words = PHASE_WORDS[record.name]
    if record.name == "iteration":
        return f"{words} {record.index} / {record.count}"
    return words


def draw_readout(surface, panel, record, jacobi):
    """The phase, the violation left and the bars of the frame so far, in `panel`."""
    surface.blit(panel_surface(panel.size, FILL, OUTLINE, radius=8), panel.topleft)
    x, y = panel.left + 10, panel.top + 6
    lines = [_phase_words(record)]
    if record.measures:
        measure = record.measures[0]
        lines.append(f"{measure.label} {measure.value:.4f}   남은 위반 left "
                     f"{measure.violation():.4f}")
    lines.append(f"가장 큰 이동 largest move {record.largest_move():.3f} px")
    if not jacobi and record.acted:
        lines.append("푸른색 먼저, 분홍색 나중 solved first → last")
    for line in lines:
        image = label_font(LABEL).render(line, True, TEXT)  # numbers change: not kept
        surface.blit(image, (x, y))
        y += image.get_height() + 2
    if jacobi and record.contributions:
        y = _legend(surface, x, y, [(f"{KIND_WORDS.get(kind, kind)}", CONTRIBUTION_COLORS.get(
            kind, TEXT)) for kind in record.contributions] + [("→ 평균 average", MOVE_COLOR)])
    _bars(surface, pygame.Rect(x, y + 4, panel.width - 20, panel.bottom - y - 10), record)


def _legend(surface, x, y, words):
    """One line of words, each in its arrows' colour; returns the next line's y."""
    height = 0
    for text, color in words:
        image = label_font(LABEL).render(text, True, color)
        surface.blit(image, (x, y))
        x += image.get_width() + 10
        height = max(height, image.get_height())
    return y + height + 2


def _bars(surface, area, record):
    """A bar per phase of the frame so far (integrate, iteration 1..k): the violation left."""
    values = record.violations
    slots = record.count + 1  # the integration and every iteration
    if area.height < 8 or not values:
        return
    width = max(2, area.width // max(1, slots) - 2)
    top = max(values) or 1.0
    for i, value in enumerate(values[:slots]):
        height = max(1, round((area.height - 1) * value / top)) if value > 0 else 1
        color = BAR_NOW if i == len(values) - 1 else BAR
        surface.fill(color, (area.left + i * (width + 2), area.bottom - height, width, height))
