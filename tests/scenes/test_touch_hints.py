"""Hints name taps after a touch: a phone reader is never told to press a key.

The scenes' help lines switch to their touch wording once the last pointer event was a touch
(`Scene.touch`), and back after a mouse event.
"""

import pygame
import pytest

from scenes.kit.scene import script_event
from scenes.bridge import view as bridge_view
from scenes.catalog import SCENES
from scenes.cloth import view as cloth_view
from scenes.flag import view as flag_view
from scenes.hair import view as hair_view
from scenes.rope import view as rope_view
from scenes.spider import view_hud
from scenes.takopi import view_canvas as takopi_view

KEY_WORDS = ("Enter", "Space", "R:", "O:", "H:", "WASD", "arrows", "click", "right-drag")

def touch_line(name, view_module):
    """A scene's touch wording, read from a freshly made model."""
    return view_module.help_line(SCENES[name](seed=0).model, touch=True)


TOUCH_LINES = {
    "takopi": takopi_view.TOUCH_HELP_LINE,
    "spider": view_hud.TOUCH_CONTROLS,
    "rope": rope_view.help_line("tap"),
    "cloth": touch_line("cloth", cloth_view),
    "flag": touch_line("flag", flag_view),
    "bridge": touch_line("bridge", bridge_view),
    "hair": hair_view.TOUCH_HELP_LINE,
}
"""The touch wording of each scene's help line."""

HELP_REGION = {
    "takopi": pygame.Rect(0, 0, 600, 40),     # top-left help line
    "spider": pygame.Rect(150, 505, 660, 35),  # the controls footer
    "rope": pygame.Rect(0, 0, 600, 40),
    "cloth": pygame.Rect(0, 0, 640, 36),
    "flag": pygame.Rect(0, 0, 640, 36),
    "bridge": pygame.Rect(0, 0, 640, 36),
    "hair": pygame.Rect(0, 0, 640, 36),
}


@pytest.mark.parametrize("name", sorted(TOUCH_LINES))
def test_touch_wording_names_gestures_and_no_keys(name):
    line = TOUCH_LINES[name]
    assert any(word in line for word in ("tap", "drag", "swipe", "finger")), line
    assert not [word for word in KEY_WORDS if word in line], line


def press(scene, pos, touch):
    scene.handle(script_event({"type": "down", "pos": pos, "touch": touch}, True))
    scene.handle(script_event({"type": "up", "pos": pos, "touch": touch}, False))


def help_pixels(scene, name):
    surface = pygame.Surface(scene.size)
    scene.draw(surface)
    return pygame.image.tobytes(surface.subsurface(HELP_REGION[name]), "RGB")


@pytest.mark.parametrize("name", sorted(TOUCH_LINES))
def test_a_touch_switches_the_help_line_and_a_mouse_switches_it_back(name):
    pygame.font.init()
    scene = SCENES[name](seed=3)
    corner = (5, 300)  # empty sky in every scene: the press itself changes nothing there
    press(scene, corner, touch=False)
    mouse = help_pixels(scene, name)
    press(scene, corner, touch=True)
    assert scene.context.touch and scene.context.pointer_word == "tap"
    touched = help_pixels(scene, name)
    assert touched != mouse
    press(scene, corner, touch=False)
    assert help_pixels(scene, name) == mouse
