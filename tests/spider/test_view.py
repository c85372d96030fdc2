"""The spider view's shortcuts for speed (issue #6): each must give the picture the plain drawing
gives, and must be redone when what it depends on changes (the web's topology, fresh silk ageing,
a restart, the canvas size and pixel layout, the moon's pixels, the HUD's values)."""

import gc
from math import hypot

import pygame
import pytest

from scenes.kit.context import ViewContext
from scenes.kit.draw import disc, stroke, vertical_gradient
from scenes.spider import view, view_buttons, view_hud, view_score, view_sky, view_web
from scenes.spider.model.enemies import FRESH_FRAMES
from scenes.spider.model import HP_MAX, SHOT_COST, SHOT_COST_PER_PX, SILK_MAX, WEB_CENTER
from scenes.spider.model.spider import SHOT_RANGE
from scenes.spider.model.session import Session
from scenes.spider.view_colors import (MOON, MOON_SHADE, SKY_BOTTOM, SKY_TOP, STAR, STRAND,
                                       THREAD, mix)

from tests.support.spider import make_model, quiet_model, run

CANVAS = (960, 540)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def pixels(surface):
    return pygame.image.tobytes(surface, "RGB")


def largest_difference(a, b):
    return max(abs(x - y) for x, y in zip(pixels(a), pixels(b)))


# --- the web's runs -----------------------------------------------------------------------------

def drawn_pairs(runs):
    """(colour, knot ids) of every segment the runs draw, sorted (a multiset)."""
    pairs = []
    for color, knots in runs.runs:
        pairs += [(color, tuple(sorted((id(a), id(b))))) for a, b in zip(knots, knots[1:])]
    return sorted(pairs)


def settled_pairs(web):
    """What the runs must draw: every thread that is not fresh silk, in its colour."""
    return sorted((STRAND if t.kind == "strand" else THREAD, tuple(sorted((id(t.a), id(t.b)))))
                  for t in web.threads
                  if not (t.kind == "silk" and web.frame - t.born < FRESH_FRAMES))


def test_the_runs_draw_every_settled_thread_once_as_a_few_long_polylines():
    web = quiet_model().web
    runs = view_web.web_runs(web)
    assert drawn_pairs(runs) == settled_pairs(web) and len(drawn_pairs(runs)) == len(web.threads)
    assert runs.fresh == []
    assert len(runs.runs) <= 20 < len(web.threads) / 10  # the spiral is one run, each spoke one
    assert max(len(knots) for _, knots in runs.runs) > 100
    assert view_web.web_runs(web) is runs  # nothing changed: the same runs


def test_the_runs_follow_a_shot_a_cut_and_the_ageing_of_fresh_silk():
    model = quiet_model()
    web = model.web
    before = view_web.web_runs(web)
    spider = model.spider
    a, b = spider.thread.a, spider.thread.b
    across = pygame.Vector2(b.x - a.x, b.y - a.y).rotate(-90).normalize() * 150
    assert model.shoot((spider.x + across.x, spider.y + across.y))
    runs = view_web.web_runs(web)
    assert runs is not before
    silk = [t for t in web.threads if t.kind == "silk"]
    assert silk and set(map(id, runs.fresh)) == set(map(id, silk))
    assert drawn_pairs(runs) == settled_pairs(web)

    strands = web.cut(web.threads[40], 0.5)
    runs = view_web.web_runs(web)
    assert drawn_pairs(runs) == settled_pairs(web)
    assert sum(color == STRAND for color, _ in drawn_pairs(runs)) == 2 == len(strands)

    run(model, FRESH_FRAMES)
    aged = view_web.web_runs(web)
    assert aged.fresh == [] and drawn_pairs(aged) == settled_pairs(web)
    assert any(t.kind == "silk" for t in web.threads)  # the shot is still there, now settled


def test_every_web_gets_its_own_runs_and_they_go_with_it():
    surface = pygame.Surface(CANVAS)
    first, second = make_model(seed=1), make_model(seed=2)
    view.draw(surface, first, ViewContext())
    view.draw(surface, second, ViewContext())
    assert view_web.web_runs(first.web).web() is first.web
    assert view_web.web_runs(second.web).web() is second.web
    kept = len(view_web._runs)
    del first, second
    gc.collect()
    assert len(view_web._runs) <= kept - 2


def plain_moorings(surface, anchors, camera):
    """Every piece of every mooring line drawn, as the view did before it skipped unseen ones."""
    for knot in anchors:
        dx, dy = knot.x - WEB_CENTER[0], knot.y - WEB_CENTER[1]
        ux, uy = dx / hypot(dx, dy), dy / hypot(dx, dy)
        x, y = knot.x - camera[0], knot.y - camera[1]
        for i, color in enumerate(view_web.MOORING_FADE):
            p0, p1 = view_web.MOORING_LENGTH * i / 6, view_web.MOORING_LENGTH * (i + 1) / 6
            pygame.draw.aaline(surface, color, (x + ux * p0, y + uy * p0),
                               (x + ux * p1, y + uy * p1))


def test_skipping_the_unseen_mooring_pieces_loses_no_pixel():
    anchors = view_web.web_runs(quiet_model().web).moored
    assert len(anchors) == 16
    for camera in [(420.0, 270.0), (0.0, 0.0), (840.0, 560.0), (-150.0, 100.0), (903.7, -140.2)]:
        culled, plain = pygame.Surface(CANVAS), pygame.Surface(CANVAS)
        view_web._draw_moorings(culled, anchors, *camera)
        plain_moorings(plain, anchors, camera)
        assert pixels(culled) == pixels(plain), camera
        assert pixels(culled) != pixels(pygame.Surface(CANVAS))  # some lines are in view


# --- the sky ------------------------------------------------------------------------------------

def plain_backdrop(surface, camera):
    """The gradient, glow and moon drawn straight onto `surface`, as the view did before."""
    width, height = surface.get_size()
    surface.blit(vertical_gradient((width, height), SKY_TOP, SKY_BOTTOM), (0, 0))
    moon = (width * 0.82 - camera[0] * 0.05, 92 - camera[1] * 0.05)
    surface.blit(view_sky._moon_glow(), (moon[0] - 60, moon[1] - 60))
    disc(surface, MOON, moon, 24)
    for dx, dy, r in ((-8, -6, 5), (6, 5, 4), (-3, 10, 3), (9, -9, 2.5)):
        disc(surface, MOON_SHADE, (moon[0] + dx, moon[1] + dy), r)
    return surface


def backdrop(surface, camera):
    view_sky._copy_backdrop(surface, (surface.get_width() * 0.82 - camera[0] * 0.05,
                                      92 - camera[1] * 0.05))
    return surface


def test_the_backdrop_is_the_plain_sky_repainted_when_the_size_or_the_moon_moves():
    moves = [(CANVAS, (0.0, 0.0)), (CANVAS, (4.0, 3.0)), (CANVAS, (61.0, -47.0)),
             ((640, 400), (61.0, -47.0)), (CANVAS, (61.0, -47.0)), (CANVAS, (-300.5, 210.25))]
    for size, camera in moves:
        assert pixels(backdrop(pygame.Surface(size), camera)) == \
            pixels(plain_backdrop(pygame.Surface(size), camera)), (size, camera)
    kept = view_sky._backdrops[next(iter(view_sky._backdrops))]
    backdrop(pygame.Surface(CANVAS), (-300.5 + 2.0, 210.25))  # the moon moves 0.1 px: kept
    assert len(view_sky._backdrops) == 1 and next(iter(view_sky._backdrops.values())) is kept


def test_the_backdrop_suits_canvases_of_another_layout():
    big = pygame.Surface((1000, 600))
    for surface in (pygame.Surface(CANVAS, 0, 24), big.subsurface((20, 30, *CANVAS))):
        plain = surface.copy()
        backdrop(surface, (12.0, 34.0))
        assert pixels(surface) == pixels(plain_backdrop(plain, (12.0, 34.0)))
    assert big.get_at((5, 5)) == (0, 0, 0, 255)  # nothing outside the subsurface


@pytest.mark.parametrize("radius", [1, 2])
def test_a_star_sprite_looks_like_the_disc_it_stands_for(radius):
    for level in (0, 70, 100, view_sky.STAR_LEVELS - 1):
        drawn = vertical_gradient((40, 540), SKY_TOP, SKY_BOTTOM).copy()
        blitted = drawn.copy()
        sprite = view_sky._star_sprite(radius, level)
        middle = sprite.get_width() // 2
        for y in range(10, 530, 40):
            disc(drawn, view_sky.STAR_RAMP[level], (20.3, y + 0.4), radius)
            blitted.blit(sprite, (20 - middle, y - middle))
        assert largest_difference(drawn, blitted) <= 1
        assert pixels(drawn) != pixels(vertical_gradient((40, 540), SKY_TOP, SKY_BOTTOM))


def test_stars_twinkle_in_the_colours_of_their_brightness():
    model = quiet_model()
    run(model, 37)
    surface = pygame.Surface(CANVAS)
    view_sky.draw_sky(surface, model.sky, model.camera)
    checked = 0
    for x, y, star in model.sky.star_positions(model.camera):
        if star.size == 1 and not 580 < x < 850:  # single pixels, away from the moon
            wanted = mix(SKY_TOP, STAR, star.brightness(model.sky.frame))
            got = surface.get_at((int(x), int(y)))[:3]
            assert max(abs(g - w) for g, w in zip(got, wanted)) <= 2
            checked += 1
    assert checked > 20


# --- the HUD ------------------------------------------------------------------------------------

def plain_gauges(surface, hp, silk):
    """The HP pips and the silk bar drawn straight onto the canvas, as the view did before."""
    low = hp <= 3
    for i in range(HP_MAX):
        color = (view_score.HP_LOW if low else view_score.HP_ON) if i < hp else view_score.HP_OFF
        pygame.draw.rect(surface, color, (54 + i * 15, 20, 11, 12), border_radius=3)
    bar = pygame.Rect(60, 48, 140, 12)
    pygame.draw.rect(surface, view_score.HP_OFF, bar, border_radius=4)
    fill = bar.copy()
    fill.width = round(bar.width * silk / SILK_MAX)
    full_shot = SHOT_COST + SHOT_COST_PER_PX * SHOT_RANGE
    pygame.draw.rect(surface, view_score.SILK_BAR if silk >= full_shot else (150, 156, 180), fill,
                     border_radius=4)
    mark = bar.x + round(bar.width * full_shot / SILK_MAX)
    pygame.draw.line(surface, (40, 44, 70), (mark, bar.y), (mark, bar.bottom - 1), 2)


def test_the_gauges_sprite_gives_the_plain_pips_and_bar_for_every_state():
    full_shot = SHOT_COST + SHOT_COST_PER_PX * SHOT_RANGE
    states = [(10, SILK_MAX), (4, SILK_MAX), (3, SILK_MAX), (3, 12.0), (7, full_shot), (0, 0.0),
              (1, full_shot - 0.1)]
    for hp, silk in states:
        canvas = vertical_gradient(CANVAS, SKY_TOP, SKY_BOTTOM).copy()
        plain = canvas.copy()
        fill = round(view_score.GAUGE_BAR.width * silk / SILK_MAX)
        canvas.blit(view_score._gauges(hp, fill, silk >= full_shot), view_score.GAUGES_AT)
        plain_gauges(plain, hp, silk)
        assert pixels(canvas) == pixels(plain), (hp, silk)


def test_the_gauge_sprites_stay_few_however_long_the_game():
    for step in range(400):
        view_score._gauges(step % 11, step % 141, step % 2 == 0)
        assert len(view_score._gauge_sprites) <= view_score.GAUGE_SPRITES


@pytest.mark.parametrize("rect", [(860, 12, 40, 40), (404, 330, 50, 50), (0, 0, 40, 40)])
def test_the_restart_icon_sprite_is_the_icon_drawn_in_place(rect):
    for color in ((236, 236, 244), (255, 120, 100)):
        canvas = vertical_gradient(CANVAS, SKY_TOP, SKY_BOTTOM).copy()
        plain = canvas.copy()
        view_buttons.draw_restart_icon(canvas, pygame.Rect(rect), color)
        view_buttons._paint_restart_icon(plain, pygame.Rect(rect), color)
        assert pixels(canvas) == pixels(plain) != pixels(vertical_gradient(CANVAS, SKY_TOP,
                                                                           SKY_BOTTOM))


def test_the_game_over_veil_covers_canvases_of_any_size():
    model = quiet_model()
    model.game_over, model.cause = True, "bitten"
    for size in ((640, 400), CANVAS, (640, 400)):
        surface = pygame.Surface(size)
        surface.fill((255, 255, 255))
        view_hud.draw_game_over(surface, model, Session())
        corner = surface.get_at((size[0] - 1, size[1] - 1))[:3]
        assert all(abs(c - (255 + (v - 255) * 70 / 255)) <= 2
                   for c, v in zip(corner, (4, 4, 16))), (size, corner)


# --- the spider ---------------------------------------------------------------------------------

@pytest.mark.parametrize("state", ["riding", "falling", "dead"])
def test_the_legs_are_the_stroked_legs_the_head_hides_their_roots(state, monkeypatch):
    model = quiet_model()
    spider = model.spider
    if state == "dead":
        spider.state = "dead"
    elif state == "falling":
        spider.state, spider.thread = "falling", None
    pictures = []
    for leg in (view._leg, lambda surface, color, *joints: stroke(surface, color, joints, 2.4)):
        monkeypatch.setattr(view, "_leg", leg)
        for facing in (0.0, 1.0, 2.5, -2.0):
            spider.facing = facing
            surface = pygame.Surface(CANVAS)
            surface.fill(SKY_BOTTOM)
            view.draw_spider(surface, model, model.camera)
            pictures.append(pixels(surface))
    assert pictures[:4] == pictures[4:]
