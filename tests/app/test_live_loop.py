"""The live async loop, driven under SDL's dummy video driver (desktop and browser paths)."""

import asyncio

import pygame
import pytest

import main
from app.options import Options


def quit_after(seconds):
    async def later():
        await asyncio.sleep(seconds)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    return later()


def test_live_loop_steps_the_scene_and_quits_on_window_close(monkeypatch):
    seen = {}
    real_make_scene = main.make_scene

    def spy(options):
        scene = real_make_scene(options)
        seen["scene"] = scene
        return scene

    monkeypatch.setattr(main, "make_scene", spy)

    async def both():
        await asyncio.gather(main.run_live(Options(scene="rope"), ["hello"]), quit_after(0.4))

    asyncio.run(both())
    scene = seen["scene"]
    assert scene.frame >= 1  # whole fixed steps ran
    assert scene.notes and scene.notes[0][0] == "hello"


def test_browser_path_takes_scene_and_parameters_from_the_page_query(monkeypatch):
    seen = {}

    async def fake_run_live(options, notes=()):
        seen["options"], seen["notes"] = options, list(notes)

    monkeypatch.setattr(main, "IN_BROWSER", True)
    monkeypatch.setattr(main, "page_query", lambda: "?scene=rope&iterations=7&gravity=heavy")
    monkeypatch.setattr(main, "run_live", fake_run_live)
    assert asyncio.run(main.main()) == 0
    assert seen["options"].scene == "rope" and seen["options"].values == {"iterations": 7}
    assert len(seen["notes"]) == 1 and "gravity" in seen["notes"][0]


def test_desktop_without_a_display_says_so(monkeypatch, capsys):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert asyncio.run(main.main(["--scene", "rope"])) == 2
    assert "no display" in capsys.readouterr().err


@pytest.mark.parametrize("key", [pygame.K_o])
def test_overlay_key_toggles_the_overlay(key):
    scene = main.make_scene(Options(scene="rope"))
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    assert scene.context.overlay
