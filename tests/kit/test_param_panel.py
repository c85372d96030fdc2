"""The slider panel: folded by default, opened by its button, sliders set parameters by finger (S12)."""

import pygame
import pytest

import main
from app.options import Options
from scenes.kit.model.run import set_record


def click(scene, pos, kind=pygame.MOUSEBUTTONDOWN):
    scene.handle(pygame.event.Event(kind, pos=pos, button=1, touch=True))


def drag(scene, start, end):
    click(scene, start)
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0),
                                    touch=True))
    click(scene, end, pygame.MOUSEBUTTONUP)


def test_panel_opens_and_a_slider_drag_sets_the_parameter_without_touching_the_rope():
    scene = main.make_scene(Options(scene="rope"))
    panel = scene.panel
    assert not panel.open
    toggle = panel.toggle.rect.center
    click(scene, toggle)
    click(scene, toggle, pygame.MOUSEBUTTONUP)
    assert panel.open
    gravity = next(s for s in panel.sliders if s.param.name == "gravity")
    track_y = gravity.rect.bottom - 10
    drag(scene, (gravity.rect.centerx, track_y), (gravity.rect.right + 400, track_y))
    assert scene.values["gravity"] == 1.5  # dragged past the end: clamped to the maximum
    assert scene.model.world.gravity == (0.0, 1.5)
    assert scene.model.grabbed is None  # the panel kept the pointer to itself


def test_integer_slider_rounds_and_panel_draws(monkeypatch):
    pygame.font.init()
    scene = main.make_scene(Options(scene="rope"))
    scene.panel.open = True
    iterations = next(s for s in scene.panel.sliders if s.param.name == "iterations")
    left = iterations._track().x
    drag(scene, (left + 5, iterations.rect.centery), (left + iterations._track().width // 2,
                                                       iterations.rect.centery))
    assert isinstance(scene.values["iterations"], int) and 19 <= scene.values["iterations"] <= 22
    surface = pygame.Surface(scene.size)
    scene.draw(surface)  # draws panel, sliders and labels without error
    assert surface.get_at(iterations.rect.center) != surface.get_at((5, 500))


def test_defaults_button_puts_every_parameter_back_and_r_keeps_values():
    pygame.font.init()
    scene = main.make_scene(Options(scene="rope", values={"iterations": 5}))
    scene.apply(set_record("gravity", 1.2))
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="", scancode=0))
    assert scene.values == {"iterations": 5, "gravity": 1.2}  # R restarts, values kept
    assert scene.model.world.gravity == (0.0, 1.2)
    scene.panel.open = True
    button = scene.panel.defaults.rect
    assert button.height >= 40 and scene.panel.body.contains(button)
    click(scene, button.center)
    click(scene, button.center, pygame.MOUSEBUTTONUP)
    assert scene.values == {"iterations": 20, "gravity": 0.3}
    assert scene.model.world.gravity == (0.0, 0.3) and scene.model.world.iterations == 20
    surface = pygame.Surface(scene.size)
    scene.draw(surface)
    assert surface.get_at(button.center) != surface.get_at((5, 500))


SPEC_LABEL_TEXT = ("(T5)", "(S13)", "(S1)", "(T7)", "(P2)")


@pytest.mark.slow
def test_no_spec_labels_in_what_a_user_reads(repo_root):
    import subprocess
    import sys

    from scenes.catalog import SCENES
    from scenes.kit.model.params import plain

    assert plain("spacing + area passes per frame (T5): more is stiffer") == \
        "spacing + area passes per frame: more is stiffer"
    assert plain("pull on the web (S1, S5)") == "pull on the web"
    assert plain("a (note) stays") == "a (note) stays"
    for args in (["--list"], ["--list", "--json"], ["--help"]):
        out = subprocess.run([sys.executable, "main.py", *args], cwd=repo_root,
                             capture_output=True, text=True, timeout=60).stdout
        assert not any(label in out for label in SPEC_LABEL_TEXT), (args, out[:300])
    for scene in SCENES.values():
        assert "(" not in scene.help or not any(label in scene.help for label in SPEC_LABEL_TEXT)
        for param in scene.params:
            assert not any(label in param.meaning for label in SPEC_LABEL_TEXT)
