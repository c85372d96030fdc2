"""Render tiers in the rope, cloth, flag, bridge and hair views.

Counted, not timed: at "low" a view makes no anti-aliased call at all, and the flag's sheet is
drawn with far fewer polygons; "high" still anti-aliases. (Times are in the report and the
benchmarks; counts are what a test can pin on a shared, noisy machine.)
"""

import pygame
import pygame.gfxdraw
import pytest

from scenes.catalog import SCENES
from scenes.kit.model.run import record

AA_CALLS = (("gfxdraw", "aapolygon"), ("gfxdraw", "aacircle"), ("gfxdraw", "aatrigon"),
            ("gfxdraw", "aaellipse"), ("draw", "aaline"), ("draw", "aalines"))
OWN_TIERS = ("rope", "cloth", "flag", "bridge", "hair")


@pytest.fixture(autouse=True)
def fonts():
    pygame.display.init()
    pygame.font.init()


def settled(name, frames=120):
    scene = SCENES[name](seed=2)
    scene.context.overlay = True
    for _ in range(frames):
        scene.step()
    return scene


def count_calls(monkeypatch, scene, tier, calls):
    """How many times the scene's render and overlay call each of `calls` at `tier`."""
    counts = {}
    for module_name, function in calls:
        module = getattr(pygame, module_name)
        real = getattr(module, function)

        def counting(*args, real=real, key=function, **kwargs):
            counts[key] = counts.get(key, 0) + 1
            return real(*args, **kwargs)

        monkeypatch.setattr(module, function, counting)
    scene.context.tier = tier
    surface = pygame.Surface(scene.size)
    scene.render(surface)
    scene.render_overlay(surface)
    monkeypatch.undo()
    return sum(counts.values())


@pytest.mark.parametrize("name", OWN_TIERS)
def test_low_makes_no_anti_aliased_call_and_high_does(monkeypatch, name):
    scene = settled(name)
    if name == "bridge":
        scene.run.apply(record("key_down", "space"))  # a crate on the planks: its corners too
        for _ in range(30):
            scene.step()
    assert count_calls(monkeypatch, scene, "high", AA_CALLS) > 0
    assert count_calls(monkeypatch, scene, "low", AA_CALLS) == 0


def test_the_flag_at_low_draws_its_sheet_in_a_fraction_of_the_polygons():
    scene = settled("flag", 300)
    counts = {}
    for tier in ("high", "medium", "low"):
        with pytest.MonkeyPatch.context() as patch:
            counts[tier] = count_calls(patch, scene, tier, (("draw", "polygon"),))
    cells = len(scene.model.sheet.cells)
    assert counts["high"] >= cells * 0.9 and counts["medium"] == counts["high"]
    assert counts["low"] <= 0.35 * counts["high"], counts


def test_rope_and_hair_sample_their_curves_more_coarsely_below_high(monkeypatch):
    from scenes.hair import view as hair_view
    from scenes.rope import view as rope_view

    assert rope_view.CURVE_SAMPLES["medium"] < rope_view.CURVE_SAMPLES["high"]
    assert hair_view.CURVE_SAMPLES["medium"] < hair_view.CURVE_SAMPLES["high"]
    for name in ("rope", "hair"):  # and the picture changes with it
        scene = settled(name)
        pictures = {}
        for tier in ("high", "medium"):
            scene.context.tier = tier
            surface = pygame.Surface(scene.size)
            scene.render(surface)
            pictures[tier] = pygame.image.tobytes(surface, "RGB")
        assert pictures["high"] != pictures["medium"]
