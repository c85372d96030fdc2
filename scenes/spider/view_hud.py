"""Drawing what sits on top of the world: HUD, feedback, game-over panel and the overlay (`o`).

HUD: HP as ten pips, silk as a bar (its threshold for a full-length shot marked), the score, and
a short controls line. The game-over panel shows the cause and the score; its ↺ button is a
widget of the scene. The overlay shows the solver's view: every knot, the pinned anchors, the
thread the spider rides and its t, and the aim ray from the spider to the pointer with the
thread it would stick to (or the anchor it would pin, or why it would fail). Reads the model only.

Pieces that stay the same over many frames (the gauges, the ↺ icon, the game-over veil) are drawn
once onto small cached sprites (bounded caches) and blitted from there.
"""

from math import cos, pi, sin

import pygame

from scenes.draw import disc
from scenes.widgets import draw_text, panel_surface

from .model import FEEDBACK_FRAMES, HP_MAX, SHOT_COST, SHOT_COST_PER_PX, SILK_MAX
from .spider import SHOT_RANGE

PANEL = (14, 16, 34, 200)
HP_ON = (120, 224, 120)
HP_LOW = (240, 90, 70)
HP_OFF = (60, 62, 84)
SILK_BAR = (222, 228, 245)
WARN = (255, 120, 100)
GOOD = (140, 230, 255)
CONTROLS = ("arrows/WASD: crawl   click or tap: shoot silk   hold: crawl to the pointer   "
            "R: restart   O: overlay")


def _panel(surface, rect, radius=10, fill=PANEL):
    surface.blit(panel_surface(rect.size, fill, (110, 116, 150, 200), radius), rect)


def draw_hud(surface, model):
    """HP pips, silk bar, score, the controls line and short-lived feedback."""
    box = pygame.Rect(10, 10, 262, 66)
    _panel(surface, box)
    draw_text(surface, "HP", (22, 19), 20, shadow=False)
    draw_text(surface, "silk", (22, 46), 20, shadow=False)
    full_shot = SHOT_COST + SHOT_COST_PER_PX * SHOT_RANGE
    fill = round(GAUGE_BAR.width * model.silk / SILK_MAX)
    surface.blit(_gauges(model.hp, fill, model.silk >= full_shot), GAUGES_AT)
    draw_text(surface, f"{model.score}", (box.right - 14, box.y + 8), 40, (255, 226, 120),
              anchor="topright", shadow=False)
    draw_text(surface, "score", (box.right - 14, box.bottom - 22), 18, (200, 190, 150),
              anchor="topright", shadow=False)
    width, height = surface.get_size()
    draw_text(surface, CONTROLS, (width / 2, height - 14), 18, (200, 204, 224), anchor="center")
    if not model.game_over:
        _hints(surface, model)
    _feedback(surface, model)


GAUGES_AT = (54, 20)
"""Canvas position of the gauges' sprite: the first HP pip's corner."""
GAUGE_BAR = pygame.Rect(6, 28, 140, 12)
"""The silk bar inside the gauges' sprite (canvas x 60, y 48)."""
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
        full_shot = SHOT_COST + SHOT_COST_PER_PX * SHOT_RANGE
        mark = bar.x + round(bar.width * full_shot / SILK_MAX)
        pygame.draw.line(sprite, (40, 44, 70), (mark, bar.y), (mark, bar.bottom - 1), 2)
        _gauge_sprites[key] = sprite
    return sprite


HINT_FRAMES = 60 * 7
"""How long a hint stays on screen."""
HINTS = (
    ("Bugs fly at you. Fresh silk lures them: shoot silk toward a bug to trap it.",
     "Keep away from a struggling bug; collect the dead ones (+1 score, +1 HP)."),
    ("Cutters (yellow jaws) cut old threads: only fresh silk stops them.",
     "Cut loose? Shoot silk while you fall to hang on."),
)


def _hints(surface, model):
    """Two short lines that explain the game as it unfolds: at the start, at the first cutter."""
    width = surface.get_width()
    shown = []
    if model.frame < HINT_FRAMES:
        shown.append((HINTS[0], model.frame))
    if model.first_cutter is not None and model.frame - model.first_cutter < HINT_FRAMES:
        shown.append((HINTS[1], model.frame - model.first_cutter))
    for (first, second), age in shown[-1:]:
        fade = min(1.0, (HINT_FRAMES - age) / 60.0)
        _panel(surface, pygame.Rect(width / 2 - 330, 82, 660, 52), 10,
               (14, 16, 34, round(150 * fade)))
        color = tuple(round(c * fade + 20 * (1 - fade)) for c in (255, 236, 170))
        draw_text(surface, first, (width / 2, 96), 22, color, anchor="center")
        draw_text(surface, second, (width / 2, 120), 22, color, anchor="center")


def _feedback(surface, model):
    spider = model.spider
    x, y = spider.x - model.camera[0], spider.y - model.camera[1]
    if model.last_shot is not None:
        frame, _, reason = model.last_shot
        age = model.frame - frame
        if reason and age < FEEDBACK_FRAMES:
            draw_text(surface, f"\u00d7 {reason}", (x, y - 26 - age * 0.3), 20, WARN,
                      anchor="center")
    hurt_age = model.frame - model.last_hurt
    if hurt_age < FEEDBACK_FRAMES and not model.game_over:
        draw_text(surface, "ouch!", (x + 14, y - 20 - hurt_age * 0.5), 22, WARN)
    if spider.state == "falling":
        draw_text(surface, "falling! click or tap to shoot silk and hang on", (x, y + 34), 22,
                  (255, 230, 140), anchor="center")


def draw_game_over(surface, model):
    """The panel shown once the game is over (the scene adds the ↺ button below the text)."""
    surface.blit(_shade(surface.get_size()), (0, 0))
    box = game_over_rect(surface.get_size())
    _panel(surface, box, 16, (20, 18, 40, 230))
    draw_text(surface, "GAME OVER", (box.centerx, box.y + 36), 52, (240, 96, 78), anchor="center")
    cause = ("The spider fell off the web." if model.cause == "fell"
             else "The bugs got the spider.")
    draw_text(surface, cause, (box.centerx, box.y + 76), 24, anchor="center")
    draw_text(surface, f"score {model.score}", (box.centerx, box.y + 112), 40, (255, 226, 120),
              anchor="center")
    seconds = model.frame // 60
    counts = model.counts
    draw_text(surface, f"{seconds // 60}:{seconds % 60:02d} survived \u00b7 {counts['caught']} caught"
              f" \u00b7 {counts['collected']} collected", (box.centerx, box.y + 146), 20,
              (190, 194, 220), anchor="center")


_shades = {}


def _shade(size):
    """The translucent veil over the world behind the game-over panel (one kept, per size)."""
    shade = _shades.get(size)
    if shade is None:
        _shades.clear()
        shade = _shades[size] = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill((4, 4, 16, 70))
    return shade


def game_over_rect(size):
    width, height = size
    return pygame.Rect(width // 2 - 200, height // 2 - 130, 400, 250)


def play_again_rect(size):
    box = game_over_rect(size)
    return pygame.Rect(box.centerx - 90, box.bottom - 70, 180, 50)


_icons = {}
ICON_MARGIN = 8
"""Room around the icon's rect on its sprite, px (the arrowhead may poke out a little)."""


def draw_restart_icon(surface, rect, color=(236, 236, 244)):
    """↺ drawn as an open circle with an arrowhead (fonts may lack the glyph).

    Painted once per size and colour on a transparent sprite, then blitted: the icon has no
    anti-aliased edge, so the sprite gives the same pixels as drawing it in place.
    """
    rect = pygame.Rect(rect)
    key = (rect.size, tuple(color))
    sprite = _icons.get(key)
    if sprite is None:
        if len(_icons) >= 8:
            _icons.clear()
        sprite = _icons[key] = pygame.Surface((rect.width + 2 * ICON_MARGIN,
                                                rect.height + 2 * ICON_MARGIN), pygame.SRCALPHA)
        _paint_restart_icon(sprite, rect.move(ICON_MARGIN - rect.x, ICON_MARGIN - rect.y), color)
    surface.blit(sprite, (rect.x - ICON_MARGIN, rect.y - ICON_MARGIN))


def _paint_restart_icon(surface, rect, color):
    cx, cy = rect.center
    radius = min(rect.width, rect.height) * 0.26
    start, end = -0.5 * pi + 0.45, 1.5 * pi - 0.2
    points = [(cx + cos(a) * radius, cy + sin(a) * radius)
              for a in (start + (end - start) * i / 24 for i in range(25))]
    pygame.draw.lines(surface, color, False, points, 3)
    tip_x, tip_y = points[-1]
    tx, ty = -sin(end), cos(end)  # tangent where the arc ends
    nx, ny = -ty, tx
    pygame.draw.polygon(surface, color, [(tip_x + tx * 6, tip_y + ty * 6),
                                         (tip_x - tx * 2 + nx * 5, tip_y - ty * 2 + ny * 5),
                                         (tip_x - tx * 2 - nx * 5, tip_y - ty * 2 - ny * 5)])


# --- overlay --------------------------------------------------------------------------------

def draw_overlay(surface, model):
    """Knots, anchors, the ridden thread and its t, and the aim ray with its target (`o`)."""
    cx, cy = model.camera
    web = model.web
    for knot in web.knots:
        x, y = knot.x - cx, knot.y - cy
        if knot.pinned:
            pygame.draw.rect(surface, (255, 80, 80), (x - 3, y - 3, 7, 7))
        else:
            disc(surface, (255, 255, 255), (x, y), 1.6)
    spider = model.spider
    index = web.index()
    lines = [f"{len(web.knots)} knots \u00b7 {len(web.threads)} threads \u00b7 "
             f"stiffness {web.stiffness} \u00b7 {len(model.swarm.enemies)} bugs"]
    if spider.thread is not None:
        a, b = spider.thread.a, spider.thread.b
        pygame.draw.line(surface, (255, 220, 80), (a.x - cx, a.y - cy), (b.x - cx, b.y - cy), 3)
        lines.append(f"riding edge [{index[id(a)]}, {index[id(b)]}]  t = {spider.t:.2f}")
    else:
        lines.append(f"spider {spider.state}: no edge")
    if model.pointer is not None:
        lines.append(_draw_aim(surface, model, (cx, cy)))
    top = surface.get_height() - 40 - 20 * len(lines)
    _panel(surface, pygame.Rect(8, top - 6, 470, 20 * len(lines) + 10), 8)
    for i, text in enumerate(lines):
        draw_text(surface, text, (16, top + i * 20), 19, (200, 236, 200), shadow=False)


def _draw_aim(surface, model, camera):
    cx, cy = camera
    target = model.to_world(model.pointer)
    plan = model.preview_shot(target)
    origin = (model.spider.x - cx, model.spider.y - cy)
    if plan is None:
        return "aim: -"
    if not plan.ok:
        reach = (origin[0] + plan.direction[0] * 60, origin[1] + plan.direction[1] * 60)
        pygame.draw.line(surface, WARN, origin, reach, 2)
        return f"aim: fails ({plan.reason})"
    end = (plan.end[0] - cx, plan.end[1] - cy)
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
