"""The spider views' render tiers (issue 14, `app.quality`): "high" is the full look, "medium"
has no star sprites or moon glow, "low" also draws plain silk; no tier changes the game."""

from collections import Counter

import pygame
import pytest

from app.quality import TIERS
from scenes.spider import view_sky
from scenes.spider.scene import SpiderScene
from scenes.spider.view_colors import SKY_TOP, STAR
from scenes.spider.view_sky import STAR_RAMP
from scenes.spider.view_web import draw_web

from tests.support.spider import quiet_model, run
from tests.support.spider_view import pixels_near, render


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def scene_at(quality, frames=60):
    scene = SpiderScene(seed=0)
    scene.context.tier = quality
    for _ in range(frames):
        scene.step()
    return scene


def colours(surface):
    """{colour: pixels} of every colour on `surface` but black."""
    data = pygame.image.tobytes(surface, "RGB")
    counts = Counter(zip(data[0::3], data[1::3], data[2::3]))
    counts.pop((0, 0, 0), None)
    return counts


def web_colours(model, quality):
    """{colour: pixels} of the web drawn alone on black."""
    surface = pygame.Surface((960, 540))
    draw_web(surface, model, model.camera, quality)
    return colours(surface)


def brightness(pixels):
    return sum(sum(p) for p in pixels) / len(pixels)


def test_the_moon_glows_at_high_only():
    drawn = {quality: render(scene_at(quality)) for quality in TIERS}
    scene = scene_at("high")
    moon = (round(scene.size[0] * 0.82 - scene.model.camera[0] * 0.05),
            round(92 - scene.model.camera[1] * 0.05))
    halo = (moon[0], moon[1] + view_sky.MOON_RADIUS + 12)  # in the glow, below the disc
    glow = {quality: brightness(pixels_near(drawn[quality], halo, 2)) for quality in TIERS}
    assert glow["high"] > glow["medium"] + 20
    assert glow["medium"] == glow["low"]


def test_below_high_every_star_is_plain_pixels_in_a_twinkle_colour(monkeypatch):
    scene = scene_at("medium")
    surface = pygame.Surface(scene.size)
    surface.fill((0, 0, 0))
    monkeypatch.setattr(view_sky, "_copy_backdrop", lambda *args, **kwargs: None)
    view_sky.draw_sky(surface, scene.model.sky, scene.model.camera, "medium")
    lit = set(colours(surface))
    assert len(lit) > 10  # many stars, twinkling at many levels
    assert lit <= set(STAR_RAMP)  # and nothing blended: no sprite, no anti-aliased edge
    sprites = []
    monkeypatch.setattr(view_sky, "_star_sprite", lambda *args: sprites.append(args))
    view_sky.draw_sky(surface, scene.model.sky, scene.model.camera, "medium")
    assert sprites == []
    assert STAR_RAMP[-1] == tuple(STAR) and STAR_RAMP[0] == tuple(SKY_TOP)


def test_low_draws_the_silk_plain_and_the_other_tiers_anti_aliased():
    model = run(quiet_model(), 60)
    smooth, medium, plain = (web_colours(model, quality) for quality in ("high", "medium", "low"))
    assert smooth == medium
    assert len(smooth) > 300  # blends of silk and sky along every line
    assert len(plain) < 20  # the silk colours, the mooring fades and the anchors' discs
    assert sum(plain.values()) > 0.3 * sum(smooth.values())  # the same web, thinner


@pytest.mark.slow
@pytest.mark.parametrize("quality", ["medium", "low"])
def test_no_tier_changes_the_game(quality):
    games = []
    for tier in ("high", quality):
        scene = SpiderScene(seed=3)
        scene.context.tier = tier
        surface = pygame.Surface(scene.size)
        for frame in range(150):
            if frame == 30:
                scene.model.shoot((scene.model.spider.x + 150, scene.model.spider.y - 120))
            scene.step()
            scene.draw(surface)
        games.append(scene.model.observe())
    assert games[0]["counts"]["shots"] == 1
    assert games[0] == games[1]
