"""Drawing the spider game's world: night sky, web, bugs and the spider (S11 and the looks of S2-S9).

Everything is drawn in canvas pixels = world - camera. The view reads the model and never
changes it. Layers, back to front: sky gradient, stars, meteor, mooring lines, threads (silvery,
anti-aliased; fresh silk brighter, a new shot drawn flying out), anchors, bugs, spider. The HUD,
the game-over panel and the overlay are in `view_hud`.
"""

from math import cos, hypot, pi, sin

import pygame

from scenes.draw import disc, fill_polygon, stroke, vertical_gradient

from .enemies import DRAG_RADIUS, FRESH_FRAMES
from .model import HURT_COOLDOWN

SKY_TOP = (6, 8, 26)
SKY_BOTTOM = (44, 28, 72)
STAR = (235, 235, 255)
MOON = (236, 232, 210)
MOON_SHADE = (214, 208, 186)
THREAD = (176, 186, 210)
THREAD_FRESH = (236, 242, 255)
STRAND = (130, 136, 160)
MOORING = (120, 128, 156)
ANCHOR = (210, 214, 230)
ENEMY = (226, 44, 52)
CUTTER_JAW = (255, 214, 90)
CORPSE = (150, 122, 164)
CORPSE_DARK = (86, 66, 100)
SPIDER = (86, 204, 96)
SPIDER_DARK = (26, 100, 44)
VERMILION = (227, 66, 52)
VERMILION_DARK = (128, 28, 22)
SHOT_FLIGHT_FRAMES = 8
"""Frames a new thread takes to fly out to its end on screen."""
MOORING_LENGTH = 150.0
"""How far the woven anchors' mooring lines run on past the frame, px."""


def draw(surface, model):
    """The whole world picture (HUD and overlay excluded)."""
    camera = model.camera
    draw_sky(surface, model.sky, camera)
    draw_web(surface, model, camera)
    for enemy in model.swarm.enemies:
        if enemy.state == "caught" and model.spider.riding:
            _danger_ring(surface, enemy, model.spider, camera)
        draw_enemy(surface, enemy, camera, model.web.frame)
    draw_spider(surface, model, camera)


def _mix(c1, c2, t):
    """The colour `t` of the way from c1 to c2 (t clamped to [0, 1]); called for every star."""
    t = min(1.0, max(0.0, t))
    return tuple([round(a + (b - a) * t) for a, b in zip(c1, c2)])


# --- sky ------------------------------------------------------------------------------------

def draw_sky(surface, sky, camera):
    width, height = surface.get_size()
    surface.blit(vertical_gradient((width, height), SKY_TOP, SKY_BOTTOM), (0, 0))
    moon = (width * 0.82 - camera[0] * 0.05, 92 - camera[1] * 0.05)
    glow = _moon_glow()
    surface.blit(glow, (moon[0] - glow.get_width() / 2, moon[1] - glow.get_height() / 2))
    disc(surface, MOON, moon, 24)
    for dx, dy, r in ((-8, -6, 5), (6, 5, 4), (-3, 10, 3), (9, -9, 2.5)):
        disc(surface, MOON_SHADE, (moon[0] + dx, moon[1] + dy), r)
    for x, y, star in sky.star_positions(camera):
        color = _mix(SKY_TOP, STAR, star.brightness(sky.frame))
        if star.size == 1:
            surface.set_at((int(x), int(y)), color)
        else:
            disc(surface, color, (x, y), star.size * 0.6)
    meteor = sky.meteor
    if meteor is not None:
        hx, hy = meteor.head()
        tail = 0.35
        steps = 10
        for i in range(steps):
            p0, p1 = i / steps, (i + 1) / steps
            x0 = hx - meteor.dx * tail * (1 - p0)
            y0 = hy - meteor.dy * tail * (1 - p0)
            x1 = hx - meteor.dx * tail * (1 - p1)
            y1 = hy - meteor.dy * tail * (1 - p1)
            fade = p1 * min(1.0, 4.0 * (1.0 - meteor.progress))
            pygame.draw.aaline(surface, _mix(SKY_BOTTOM, (255, 250, 230), fade), (x0, y0), (x1, y1))
        disc(surface, (255, 252, 235), (hx, hy), 1.5)


_glow = []


def _moon_glow():
    """The moon's halo: three soft rings on one cached transparent surface."""
    if not _glow:
        glow = pygame.Surface((120, 120), pygame.SRCALPHA)
        for radius, alpha in ((60, 14), (44, 22), (34, 40)):
            layer = pygame.Surface((120, 120), pygame.SRCALPHA)
            pygame.draw.circle(layer, (*MOON, alpha), (60, 60), radius)
            glow.blit(layer, (0, 0))
        _glow.append(glow)
    return _glow[0]


# --- web ------------------------------------------------------------------------------------

def draw_web(surface, model, camera):
    width, height = surface.get_size()
    cx, cy = camera
    web = model.web
    now = web.frame
    for knot in web.knots:
        if knot.pinned and knot.kind == "anchor" and knot.born == 0:
            _mooring(surface, knot, model, camera)
    line = pygame.draw.aaline
    right, bottom = width + 4, height + 4
    for thread in web.threads:
        a, b = thread.a, thread.b
        x0, y0, x1, y1 = a.x - cx, a.y - cy, b.x - cx, b.y - cy
        if (x0 < -4 and x1 < -4) or (x0 > right and x1 > right) or \
                (y0 < -4 and y1 < -4) or (y0 > bottom and y1 > bottom):
            continue
        age = now - thread.born
        if thread.kind == "silk" and age < FRESH_FRAMES:
            if age < SHOT_FLIGHT_FRAMES:
                p = (age + 1) / SHOT_FLIGHT_FRAMES
                x1, y1 = x0 + (x1 - x0) * p, y0 + (y1 - y0) * p
            color = _mix(THREAD, THREAD_FRESH, 1.0 - age / FRESH_FRAMES)
            line(surface, color, (x0, y0), (x1, y1))
            line(surface, color, (x0 + 0.5, y0 + 0.5), (x1 + 0.5, y1 + 0.5))
        else:
            line(surface, STRAND if thread.kind == "strand" else THREAD, (x0, y0), (x1, y1))
    for knot in web.knots:
        if knot.pinned:
            x, y = knot.x - cx, knot.y - cy
            if -6 < x < width + 6 and -6 < y < height + 6:
                disc(surface, ANCHOR, (x, y), 2.5 if knot.born == 0 else 3.5)


MOORING_FADE = [_mix(SKY_BOTTOM, MOORING, (1.0 - i / 6) * 0.8) for i in range(6)]


def _mooring(surface, knot, model, camera):
    """A fading line from a woven anchor outward: the thread that ties the frame to the world."""
    from .model import WEB_CENTER

    dx, dy = knot.x - WEB_CENTER[0], knot.y - WEB_CENTER[1]
    length = hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    x, y = knot.x - camera[0], knot.y - camera[1]
    width, height = surface.get_size()
    reach = MOORING_LENGTH
    if not (-reach < x < width + reach and -reach < y < height + reach):
        return
    steps = len(MOORING_FADE)
    for i, color in enumerate(MOORING_FADE):
        p0, p1 = reach * i / steps, reach * (i + 1) / steps
        pygame.draw.aaline(surface, color, (x + ux * p0, y + uy * p0), (x + ux * p1, y + uy * p1))


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
        pygame.draw.circle(surface, _mix(SKY_BOTTOM, ENEMY, 0.7), (round(x), round(y)), round(ring), 1)
    elif enemy.state == "moving":
        _bug(surface, enemy, (x, y), ENEMY, frame)
    elif enemy.state == "caught":
        color = _mix(ENEMY, (255, 255, 255), enemy.life)
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
            disc(surface, _mix(SKY_BOTTOM, wing, 0.45), (wx, wy), 2.5)
    else:
        kick = (1.0 - enemy.life) * sin(frame * 0.8)
        for side in (-1, 1):
            for i in (-1, 0, 1):
                angle = i * 0.6 + side * kick * 0.5
                lx = sx * side * cos(angle) + hx * sin(angle)
                ly = sy * side * cos(angle) + hy * sin(angle)
                pygame.draw.aaline(surface, _mix(color, (0, 0, 0), 0.5), (x, y),
                                   (x + lx * 10, y + ly * 10))
    disc(surface, _mix(color, (0, 0, 0), 0.45), (x, y), 7)
    disc(surface, color, (x, y), 5.5)
    disc(surface, _mix(color, (255, 255, 255), 0.5), (x - 1.6, y - 1.8), 1.6)
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


def draw_spider(surface, model, camera):
    """The green spider (vermilion once dead): eight jointed legs, body, head and eyes."""
    spider = model.spider
    x, y = spider.x - camera[0], spider.y - camera[1]
    dead = spider.state == "dead"
    hurt_age = model.frame - model.last_hurt
    if not dead and hurt_age < HURT_COOLDOWN and (hurt_age // 5) % 2 == 1:
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
            stroke(surface, dark, [root, knee, foot], 2.4)
    sx, sy = -fy, fx
    abdomen = [(x - fx * 9 + fx * cos(a) * 9.5 + sx * sin(a) * 7.5,
                y - fy * 9 + fy * cos(a) * 9.5 + sy * sin(a) * 7.5)
               for a in (k * 2 * pi / 24 for k in range(24))]
    fill_polygon(surface, dark, [(px + 1.0, py + 1.0) for px, py in abdomen])
    fill_polygon(surface, body, abdomen)
    light = _mix(body, (255, 255, 255), 0.45)
    disc(surface, light, (x - fx * 11 - sx * 2.5, y - fy * 11 - sy * 2.5), 2.6)
    pygame.draw.aaline(surface, dark, (x - fx * 4, y - fy * 4), (x - fx * 15, y - fy * 15))
    disc(surface, dark, (x + fx * 3, y + fy * 3), 6.2)
    disc(surface, body, (x + fx * 3, y + fy * 3), 5.2)
    for side in (-1, 1):
        disc(surface, (16, 40, 20) if not dead else (70, 12, 8),
             (x + fx * 6.0 + sx * side * 2.0, y + fy * 6.0 + sy * side * 2.0), 1.3)
