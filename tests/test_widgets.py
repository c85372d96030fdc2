"""The slider panel: folded by default, opened by its button, sliders set parameters by finger (S12)."""

import pygame

import main
from scenes.options import Options


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
