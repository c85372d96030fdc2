"""Drawing the spider game's world: night sky, web, bugs and the spider (S11 and the looks of S2-S9).

Everything is drawn in canvas pixels = world - camera. The view reads the model and never
changes it. Layers, back to front: sky gradient, stars, meteor, mooring lines, threads (silvery,
anti-aliased; fresh silk brighter, a new shot drawn flying out), anchors, a successful shot's
glow (`view_marks`), bugs, spider. The sky
is drawn by `view_sky`, the web by `view_web`, the colours are in `view_colors`; the HUD, the
game-over panel and the overlay are in `view_hud`. This module draws the bugs and the spider.

The context's render tier (`scenes.kit.tiers`) goes down to the sky and the web: "high" is the full
look, "medium" leaves out the star sprites and the moon's glow, "low" also draws the silk with
plain lines. The bugs and the spider are few shapes and look the same at every tier.
"""

from math import cos, hypot, pi, sin

import pygame

from scenes.kit.draw import disc, fill_polygon, stroke

from scenes.spider.model.enemies import DRAG_RADIUS
from .model import HURT_COOLDOWN
from .view_colors import (CORPSE, CORPSE_DARK, CUTTER_JAW, ENEMY, SKY_BOTTOM, SPIDER, SPIDER_DARK,
                          THREAD_FRESH, VERMILION, VERMILION_DARK, mix)
from .view_sky import draw_sky
from .view_marks import draw_world_marks
from .view_web import draw_web


def draw(surface, model, context):
    """The whole world picture (HUD and overlay excluded) at the context's render tier."""
    quality = context.tier
    camera = model.camera
    draw_sky(surface, model.sky, camera, quality)
    draw_web(surface, model, camera, quality)
    draw_world_marks(surface, model, context)
    for enemy in model.swarm.enemies:
        if enemy.state == "caught" and model.spider.riding:
            _danger_ring(surface, enemy, model.spider, camera)
        draw_enemy(surface, enemy, camera, model.web.frame)
    draw_spider(surface, model, camera)


# --- bugs -----------------------------------------------------------------------------------

def draw_enemy(surface, enemy, camera, frame):
    x, y = enemy.position
    x, y = x - camera[0], y - camera[1]
    width, height = surface.get_size()
    if not (-20 < x < width + 20 and -20 < y < height + 20):
        return
    if enemy.state == "spawning":
        if (enemy.timer // 7) % 2 == 0:
            _bug(surface, enemy, (x, y), ENEMY, frame)
        ring = 9 + (enemy.timer % 28) * 0.6
        pygame.draw.circle(surface, mix(SKY_BOTTOM, ENEMY, 0.7), (round(x), round(y)), round(ring), 1)
    elif enemy.state == "moving":
        _bug(surface, enemy, (x, y), ENEMY, frame)
    elif enemy.state == "caught":
        color = mix(ENEMY, (255, 255, 255), enemy.life)
        shake = 1.5 * (1.0 - enemy.life)
        jitter = (sin(frame * 1.7) * shake, cos(frame * 2.3) * shake)
        _bug(surface, enemy, (x + jitter[0], y + jitter[1]), color, frame, caught=True)
    else:
        disc(surface, CORPSE_DARK, (x, y + 1), 6)
        disc(surface, CORPSE, (x, y), 5)
        pygame.draw.aaline(surface, CORPSE_DARK, (x - 3, y - 1), (x - 1, y + 1))
        pygame.draw.aaline(surface, CORPSE_DARK, (x + 1, y - 1), (x + 3, y + 1))


def _danger_ring(surface, enemy, spider, camera):
    """A faint red ring around a struggling bug the spider is near: inside it, the bug drags its
    thread to the spider (S6); a line marks the pull once the spider is inside."""
    x, y = enemy.position
    gap = hypot(spider.x - x, spider.y - y)
    if gap > DRAG_RADIUS * 1.6:
        return
    center = (round(x - camera[0]), round(y - camera[1]))
    inside = gap <= DRAG_RADIUS
    pygame.draw.circle(surface, (200, 70, 80) if inside else (120, 52, 70), center,
                       round(DRAG_RADIUS), 1)
    if inside:
        pygame.draw.aaline(surface, (230, 90, 90), center,
                           (spider.x - camera[0], spider.y - camera[1]))


def _bug(surface, enemy, center, color, frame, caught=False):
    """A round red bug: wings while it flies, kicking legs and silk wraps once caught."""
    x, y = center
    hx, hy = (enemy.pull if caught else (enemy.hx, enemy.hy))
    sx, sy = -hy, hx
    if not caught:
        flap = 2.5 + 2.0 * abs(sin(frame * 0.6))
        wing = (200, 200, 230)
        for side in (-1, 1):
            wx, wy = x - hx * 2 + sx * side * (4 + flap), y - hy * 2 + sy * side * (4 + flap)
            pygame.draw.aaline(surface, wing, (x, y), (wx, wy))
            disc(surface, mix(SKY_BOTTOM, wing, 0.45), (wx, wy), 2.5)
    else:
        kick = (1.0 - enemy.life) * sin(frame * 0.8)
        for side in (-1, 1):
            for i in (-1, 0, 1):
                angle = i * 0.6 + side * kick * 0.5
                lx = sx * side * cos(angle) + hx * sin(angle)
                ly = sy * side * cos(angle) + hy * sin(angle)
                pygame.draw.aaline(surface, mix(color, (0, 0, 0), 0.5), (x, y),
                                   (x + lx * 10, y + ly * 10))
    disc(surface, mix(color, (0, 0, 0), 0.45), (x, y), 7)
    disc(surface, color, (x, y), 5.5)
    disc(surface, mix(color, (255, 255, 255), 0.5), (x - 1.6, y - 1.8), 1.6)
    if caught:
        for i in range(3):  # silk wrapped around it
            angle = i * 1.05 + 0.3
            pygame.draw.aaline(surface, THREAD_FRESH, (x + cos(angle) * 7, y + sin(angle) * 7),
                               (x - cos(angle) * 7, y - sin(angle) * 7))
    if enemy.kind == "cutter":
        for side in (-1, 1):  # jaws: two yellow hooks pointing where it flies
            base = (x + hx * 5 + sx * side * 3, y + hy * 5 + sy * side * 3)
            tip = (x + hx * 11 + sx * side * 1.0, y + hy * 11 + sy * side * 1.0)
            out = (x + hx * 8 + sx * side * 5.5, y + hy * 8 + sy * side * 5.5)
            fill_polygon(surface, CUTTER_JAW, [base, out, tip])
        pygame.draw.circle(surface, CUTTER_JAW, (round(x), round(y)), 8, 1)


# --- spider ---------------------------------------------------------------------------------

LEG_ANGLES = (0.6, 1.15, 1.9, 2.5)
"""Directions of the four legs of a side from the facing, front to back, radians."""
LEG_REACH = (13.0, 11.0)
"""Lengths of a leg's upper and lower segment, px."""
LEG_HALF_WIDTH = 1.2
"""Half the thickness of a leg, px."""
ABDOMEN_RIM = [(cos(k * 2 * pi / 24), sin(k * 2 * pi / 24)) for k in range(24)]
"""The abdomen's outline as 24 points of the unit circle (stretched to an ellipse when drawn)."""


def draw_spider(surface, model, camera):
    """The green spider (vermilion once dead): eight jointed legs, body, head and eyes."""
    spider = model.spider
    x, y = spider.x - camera[0], spider.y - camera[1]
    dead = spider.state == "dead"
    hurt_age = model.frame - model.last_hurt
    hurt = model.last_hurt >= 0 and hurt_age < HURT_COOLDOWN  # never hurt yet: no blinking
    if not dead and hurt and (hurt_age // 5) % 2 == 1:
        return  # blinking just after a hurt
    body, dark = (VERMILION, VERMILION_DARK) if dead else (SPIDER, SPIDER_DARK)
    facing = spider.facing
    fx, fy = cos(facing), sin(facing)
    walk = model.web.frame * 0.5 if spider.riding else 0.0
    curl = 0.8 if dead else 1.0
    flail = sin(model.web.frame * 0.9) * 0.35 if spider.state == "falling" else 0.0
    for side in (-1, 1):
        for i, base in enumerate(LEG_ANGLES):
            swing = sin(walk + i * pi / 2 + (side > 0) * pi / 2) * 0.16 + flail
            angle = facing + side * (base + swing)
            root = (x + fx * 1.5, y + fy * 1.5)
            spread = -0.45 if i < 2 else 0.45  # front feet reach forward, hind feet back
            knee = (root[0] + cos(angle) * LEG_REACH[0] * curl,
                    root[1] + sin(angle) * LEG_REACH[0] * curl)
            foot_angle = angle + side * spread * (1.0 if not dead else -2.5)
            foot = (knee[0] + cos(foot_angle) * LEG_REACH[1] * curl,
                    knee[1] + sin(foot_angle) * LEG_REACH[1] * curl)
            _leg(surface, dark, root, knee, foot)
    sx, sy = -fy, fx
    abdomen = [(x - fx * 9 + fx * c * 9.5 + sx * s * 7.5, y - fy * 9 + fy * c * 9.5 + sy * s * 7.5)
               for c, s in ABDOMEN_RIM]
    fill_polygon(surface, dark, [(px + 1.0, py + 1.0) for px, py in abdomen])
    fill_polygon(surface, body, abdomen)
    light = mix(body, (255, 255, 255), 0.45)
    disc(surface, light, (x - fx * 11 - sx * 2.5, y - fy * 11 - sy * 2.5), 2.6)
    pygame.draw.aaline(surface, dark, (x - fx * 4, y - fy * 4), (x - fx * 15, y - fy * 15))
    disc(surface, dark, (x + fx * 3, y + fy * 3), 6.2)
    disc(surface, body, (x + fx * 3, y + fy * 3), 5.2)
    for side in (-1, 1):
        disc(surface, (16, 40, 20) if not dead else (70, 12, 8),
             (x + fx * 6.0 + sx * side * 2.0, y + fy * 6.0 + sy * side * 2.0), 1.3)


def _leg(surface, color, root, knee, foot):
    """A leg as a stroke 2 x LEG_HALF_WIDTH thick, without the cap at its root: that one lies
    under the head, which is drawn over it, so it would never show."""
    stroke(surface, color, (root, knee, foot), 2 * LEG_HALF_WIDTH, start_cap=False)
