"""Issue 34, items 4 and 10: a calm flag (reduced motion, or wind 0) lies inside the canvas and
above the grass at every setting of its sliders; the wind button says what it does at wind 0;
the flag's and the cloak's overlay words keep off the pole's and the rod's knobs."""

import pygame
import pytest

from scenes.catalog import SCENES
from scenes.cloth import view as cloth_view
from scenes.flag import model as flag
from scenes.flag import view as flag_view
from scenes.kit import widgets
from scenes.kit.model.run import Run, set_record
from scenes.kit.ui_scale import UiScale

CLEARANCE = 10.0
"""Every point of a calm flag stays at least this far above the grass, px (18.5 at worst)."""


@pytest.fixture(autouse=True)
def fonts():
    pygame.display.init()
    pygame.font.init()


def test_the_flag_is_too_short_to_reach_the_grass_from_its_lowest_nail():
    """The tethers keep a point within its woven distance of its nearest nail: the fly's lower
    corner can hang no lower than this, whatever the sliders (31.5 px cells: y 574, the canvas
    ends at 540)."""
    lowest = flag.POLE_TOP + (flag.ROWS - 1 + flag.COLUMNS - 1) * flag.SPACING
    assert lowest + CLEARANCE <= flag.ground_y(flag.POLE_X, SCENES["flag"].size)


@pytest.mark.parametrize("calm", [True, False])
@pytest.mark.parametrize("gravity", [0.0, 0.3, 1.0])
@pytest.mark.parametrize("stiffness", [1, 2, 20])
def test_a_calm_flag_lies_inside_the_canvas_and_above_the_grass(calm, gravity, stiffness):
    """Reduced motion (the defaults, calm) or wind 0: from the first frame shown through 5 s,
    every point lies on the canvas and CLEARANCE above the grass. Before: the lowest corner at
    y 563 on the 540 px canvas, 104 px under the grass at its x."""
    scene = SCENES["flag"]
    values = {"gravity": gravity, "iterations": stiffness, "tear": 1.15}
    if not calm:
        values["wind"] = 0.0
    sim = Run("flag", scene.model_class, scene.params, scene.size, 3, values, calm=calm)
    width, height = scene.size
    worst = float("inf")
    for frame in range(301):
        if frame:
            sim.step()
        for x, y in sim.model.points():
            assert 0.0 <= x <= width and 0.0 <= y <= height, (frame, x, y)
            worst = min(worst, flag.ground_y(x, scene.size) - y)
    assert worst >= CLEARANCE, worst
    assert sim.state()["torn"] == 0


def test_the_wind_button_follows_the_wind_at_a_slider_of_0():
    """Before: at wind 0 the button still said "stop wind" with nothing blowing."""
    scene = SCENES["flag"]()
    surface = pygame.Surface(scene.size)
    scene.draw(surface)
    assert scene.wind_button.label == "stop wind"
    scene.apply(set_record("wind", 0.0))
    scene.draw(surface)
    assert scene.wind_button.label == "wind at 0"
    assert "stop wind" not in flag_view.help_line(scene.model)
    scene.wind_button.on_click()  # nothing blows: a press turns the switch off
    scene.draw(surface)
    assert scene.wind_button.label == "start wind" and not scene.model.wind_on
    scene.apply(set_record("wind", 1300.0))
    scene.wind_button.on_click()
    scene.draw(surface)
    assert scene.wind_button.label == "stop wind" and scene.model.blowing()


def overlay_text_rects(monkeypatch, scene, surface):
    """The rects of every line of words the overlay's readout draws."""
    seen = []
    original = widgets.draw_text

    def spy(surface, text, *args, **kwargs):
        rect = original(surface, text, *args, **kwargs)
        seen.append((text, rect))
        return rect

    monkeypatch.setattr(widgets, "draw_text", spy)
    scene.render_overlay(surface)
    monkeypatch.setattr(widgets, "draw_text", original)
    return seen


@pytest.mark.parametrize("css_scale", [1.0, 390 / 960, 600 / 960])
@pytest.mark.parametrize("name", ["flag", "cloth"])
def test_the_overlay_words_keep_off_the_knobs(monkeypatch, name, css_scale):
    """Before: the strain line at (124, 50) ran over the flag pole's knob (x 220-236, y 40-56)
    and the cloak rod's left knob."""
    scene = SCENES[name]()
    scene.lay_out(UiScale(css_scale))
    surface = pygame.Surface(scene.size)
    for _ in range(3):
        scene.step()
    scene.draw(surface)
    knobs = [flag_view.knob_rect()] if name == "flag" else cloth_view.knob_rects(scene.model)
    seen = overlay_text_rects(monkeypatch, scene, surface)
    assert any("worst stretch" in text for text, _ in seen)
    for text, rect in seen:
        assert rect.collidelist(knobs) < 0, (text, rect, knobs)
        assert rect.colliderect(scene.wind_button.rect) == 0, (text, rect)
