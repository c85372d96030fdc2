"""The spider HUD's box at the top left: HP as ten pips, silk as a bar (its threshold for a
full-length shot marked), the score and the best score (`session`).

As designed (the canvas shown at full size) the box is HUD_BOX. Shown small (`ui`, see
`scenes.kit.ui_scale`) its words grow to 12 CSS px, the gauges grow as tall as the rows they sit
in (and less wide: a bar's length carries no word, and the row has the "?" and the toolbar too),
and the box is laid out round them (`hud_box`): the "?" button sits right of it.
The gauges are drawn once per state on a small cached sprite (bounded cache) and blitted.
"""

import pygame

from scenes.kit.ui_scale import FULL_SIZE
from scenes.kit.widgets import draw_text, font, panel_surface

from .model import HP_MAX, SHOT_COST, SHOT_COST_PER_PX, SILK_MAX
from .model.spider import SHOT_RANGE
from .view_colors import BEST, PANEL_EDGE, SCORE

PANEL = (14, 16, 34, 200)
HP_ON = (120, 224, 120)
HP_LOW = (240, 90, 70)
HP_OFF = (60, 62, 84)
SILK_BAR = (222, 228, 245)
SCORE_LABEL = (200, 190, 150)
DIVIDER = (70, 74, 104)

HUD_BOX = (10, 10, 336, 66)
"""The HUD's box: HP and silk on the left, the score, then the best score on the right."""
GAUGES_AT = (54, 20)
"""Canvas position of the gauges' sprite: the first HP pip's corner."""
GAUGE_BAR = pygame.Rect(6, 28, 140, 12)
"""The silk bar inside the gauges' sprite (canvas x 60, y 48)."""
ROW = 28
"""The designed distance from the HP row to the silk row, px (as on the gauges' sprite)."""
WIDTH_GROWTH = 0.4
"""How much of the rows' growth the gauges' width follows (1: as much as their height)."""
FULL_SHOT = SHOT_COST + SHOT_COST_PER_PX * SHOT_RANGE


def draw_hud_box(surface, model, session, ui=FULL_SIZE):
    """The box with its gauges, the score and the best score."""
    fill = round(GAUGE_BAR.width * model.silk / SILK_MAX)
    gauges = _gauges(model.hp, fill, model.silk >= FULL_SHOT)
    beaten = session.is_new_best(model.score)
    if ui.text(18) == 18:
        _designed(surface, model, session, gauges, beaten)
        return
    layout = _layout(ui)
    box = layout["box"]
    surface.blit(panel_surface(box.size, PANEL, PANEL_EDGE, 10), box)
    label = ui.text(18)
    for text, (x, y) in (("HP", layout["hp"]), ("silk", layout["silk"])):
        draw_text(surface, text, (x, y), label, anchor="midleft", shadow=False)
    surface.blit(_grown(gauges, (model.hp, fill, model.silk >= FULL_SHOT), layout["scale"]),
                 layout["gauges"])
    score_x, best_x = layout["score_x"], layout["best_x"]
    draw_text(surface, f"{model.score}", (score_x, box.y + layout["pad"]), ui.text(40), SCORE,
              anchor="midtop", shadow=False)
    bottom = box.bottom - layout["pad"]
    draw_text(surface, "score", (score_x, bottom), label, SCORE_LABEL, anchor="midbottom",
              shadow=False)
    divider = layout["divider"]
    pygame.draw.line(surface, DIVIDER, (divider, box.y + 10), (divider, box.bottom - 10))
    draw_text(surface, f"{session.best}", (best_x, box.y + layout["pad"]), ui.text(26),
              SCORE if beaten else BEST, anchor="midtop", shadow=False)
    draw_text(surface, "best", (best_x, bottom), label, SCORE_LABEL, anchor="midbottom",
              shadow=False)


def _designed(surface, model, session, gauges, beaten):
    box = pygame.Rect(HUD_BOX)
    surface.blit(panel_surface(box.size, PANEL, PANEL_EDGE, 10), box)
    draw_text(surface, "HP", (22, 19), 20, shadow=False)
    draw_text(surface, "silk", (22, 46), 20, shadow=False)
    surface.blit(gauges, GAUGES_AT)
    score_right = box.right - 74
    draw_text(surface, f"{model.score}", (score_right, box.y + 8), 40, SCORE, anchor="topright",
              shadow=False)
    draw_text(surface, "score", (score_right, box.bottom - 22), 18, SCORE_LABEL,
              anchor="topright", shadow=False)
    pygame.draw.line(surface, DIVIDER, (box.right - 64, box.y + 10),
                     (box.right - 64, box.bottom - 10))
    best_x = box.right - 32
    draw_text(surface, f"{session.best}", (best_x, box.y + 24), 26,
              SCORE if beaten else BEST, anchor="center", shadow=False)
    draw_text(surface, "best", (best_x, box.bottom - 22), 18, SCORE_LABEL, anchor="midtop",
              shadow=False)


def hud_box(ui=FULL_SIZE):
    """The canvas rect of the HUD's box for `ui`."""
    return pygame.Rect(HUD_BOX) if ui.text(18) == 18 else _layout(ui)["box"].copy()


_layouts = {}


def _layout(ui):
    """Where everything sits in the box on a small canvas (worked out once per `ui`): two rows
    (HP, silk) as tall as the grown labels, the gauges scaled to those rows, then the score's
    and the best score's columns, each its number over its label."""
    layout = _layouts.get(ui)
    if layout is None:
        label = font(ui.text(18))
        pad = 8
        row = label.get_height() + 6
        scale = max(1.0, row / ROW)
        wide = 1.0 + WIDTH_GROWTH * (scale - 1.0)
        left = HUD_BOX[0] + pad
        first = HUD_BOX[1] + pad + row // 2
        gauges_x = left + max(label.size(word)[0] for word in ("HP", "silk")) + pad
        pip_middle = 6 * scale  # the pips' middle on the grown sprite
        gauges_right = gauges_x + round(GAUGE_BAR.right * wide)
        score_w = max(label.size("score")[0], font(ui.text(40)).size("000")[0])
        best_w = max(label.size("best")[0], font(ui.text(26)).size("000")[0])
        score_x = gauges_right + 2 * pad + score_w // 2
        divider = score_x + score_w // 2 + pad
        best_x = divider + pad + best_w // 2
        tall = max(2 * row, font(ui.text(40)).get_height() + label.get_height()) + 2 * pad
        box = pygame.Rect(HUD_BOX[0], HUD_BOX[1], best_x + best_w // 2 + pad - HUD_BOX[0], tall)
        layout = _layouts[ui] = {
            "box": box, "pad": pad, "scale": (wide, scale), "score_x": score_x, "best_x": best_x,
            "divider": divider, "hp": (left, first), "silk": (left, first + row),
            "gauges": (gauges_x, round(first - pip_middle))}
    return layout


_grown_sprites = {}


def _grown(sprite, state, scale):
    """The gauges' sprite of `state` scaled by `scale`, (across, up) (kept: the gauges change
    a few times a second)."""
    if scale == (1.0, 1.0):
        return sprite
    key = (state, scale)
    image = _grown_sprites.get(key)
    if image is None:
        if len(_grown_sprites) >= GAUGE_SPRITES:
            _grown_sprites.clear()
        width, height = sprite.get_size()
        image = _grown_sprites[key] = pygame.transform.scale(
            sprite, (round(width * scale[0]), round(height * scale[1])))
    return image


_gauge_sprites = {}
GAUGE_SPRITES = 64
"""Gauge sprites kept; emptied when full (silk refills by a pixel every few frames)."""


def _gauges(hp, fill, ready):
    """HP pips and the silk bar (`fill` px of it full, the full-shot mark on it) on one
    transparent sprite, drawn once per state. Nothing on it is anti-aliased, so blitting it
    gives the very pixels drawing them on the canvas would."""
    key = (hp, fill, ready)
    sprite = _gauge_sprites.get(key)
    if sprite is None:
        if len(_gauge_sprites) >= GAUGE_SPRITES:
            _gauge_sprites.clear()
        sprite = pygame.Surface((GAUGE_BAR.right, GAUGE_BAR.bottom), pygame.SRCALPHA)
        low = hp <= 3
        for i in range(HP_MAX):
            color = (HP_LOW if low else HP_ON) if i < hp else HP_OFF
            pygame.draw.rect(sprite, color, (i * 15, 0, 11, 12), border_radius=3)
        bar = GAUGE_BAR
        pygame.draw.rect(sprite, HP_OFF, bar, border_radius=4)
        full = bar.copy()
        full.width = fill
        pygame.draw.rect(sprite, SILK_BAR if ready else (150, 156, 180), full, border_radius=4)
        mark = bar.x + round(bar.width * FULL_SHOT / SILK_MAX)
        pygame.draw.line(sprite, (40, 44, 70), (mark, bar.y), (mark, bar.bottom - 1), 2)
        _gauge_sprites[key] = sprite
    return sprite
