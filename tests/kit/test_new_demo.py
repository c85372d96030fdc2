"""An eighth demo from the kit alone (tests/support/pendulum, 76 lines, as docs/new-scene.md
writes it) gets everything a demo has without a line of its own for it: the parameter panel,
the overlay key, headless mode, the page query, touch hints and pausing."""

import json

import pygame
import pytest

import main
from app.options import parse_cli, parse_query
from app.window import HeadlessWindow
from scenes import catalog
from scenes.kit.scene import script_event
from tests.support.pendulum.scene import PendulumScene


@pytest.fixture(autouse=True)
def pendulum_in_the_catalog():
    pygame.display.init()
    pygame.font.init()
    catalog.register(PendulumScene)
    yield
    catalog.SCENES.unregister(PendulumScene.name)


def send(target, kind, **fields):
    target.handle(script_event({"type": kind, **fields}, kind != "up"))


def test_the_demo_is_under_a_hundred_lines():
    from pathlib import Path

    folder = Path(__file__).resolve().parents[1] / "support" / "pendulum"
    assert sum(len(path.read_text().splitlines()) for path in folder.glob("*.py")) < 100


def test_its_sliders_come_from_its_parameter_table():
    scene = PendulumScene()
    toggle = scene.panel.toggle.rect.center
    send(scene, "down", pos=toggle)
    send(scene, "up", pos=toggle)
    slider = scene.panel.sliders[0]
    assert slider.param.name == "length" and scene.panel.open
    start = (slider.rect.x + 8, slider.rect.bottom - 10)  # the track's left end: the minimum
    send(scene, "down", pos=start)
    send(scene, "up", pos=start)
    assert scene.values["length"] == 40.0 and scene.model.rod.rest == 40.0


def test_the_overlay_key_draws_its_overlay():
    scene = PendulumScene()
    plain, shown = pygame.Surface((960, 540)), pygame.Surface((960, 540))
    scene.draw(plain)
    send(scene, "key_down", key="o")
    assert scene.context.overlay
    scene.draw(shown)
    text_band = pygame.Rect(12, 40, 300, 24)
    differs = sum(plain.get_at((x, y)) != shown.get_at((x, y))
                  for x in range(text_band.left, text_band.right, 2)
                  for y in range(text_band.top, text_band.bottom, 2))
    assert differs > 20


def test_headless_runs_it_and_writes_its_state(tmp_path):
    events = tmp_path / "events.json"
    events.write_text(json.dumps([{"frame": 5, "type": "down", "pos": [300, 400]},
                                  {"frame": 40, "type": "up", "pos": [300, 400]}]))
    state_path = tmp_path / "state.json"
    options = parse_cli(["--scene", "pendulum", "--headless", "--frames", "60", "--set",
                         "length=120", "--input", str(events), "--state", str(state_path)],
                        catalog.SCENES, catalog.DEFAULT_SCENE)
    main.run_headless(options)
    state = json.loads(state_path.read_text())
    assert state["scene"] == "pendulum" and state["steps"] == 60
    assert state["params"] == {"length": 120.0, "gravity": 0.4}
    bob_x, bob_y = state["bob"]
    assert abs(((bob_x - 480) ** 2 + (bob_y - 120) ** 2) ** 0.5 - 120.0) < 1.0
    assert not state["pressed"]


def test_the_page_query_sets_it_and_bad_values_fall_back_with_a_note():
    options, notes = parse_query("?scene=pendulum&length=100&gravity=lots", catalog.SCENES,
                                 catalog.DEFAULT_SCENE)
    assert options.scene == "pendulum" and not options.switchable
    assert options.values["length"] == 100.0 and "gravity" not in options.values
    assert len(notes) == 1 and "gravity" in notes[0]


def test_a_touch_makes_its_hint_say_tap():
    scene = PendulumScene()
    assert scene.context.pointer_word == "click"
    send(scene, "down", pos=(480, 300), touch=True)
    assert scene.context.pointer_word == "tap" and scene.model.pointer == (480, 300)


def test_the_host_pauses_and_steps_it():
    window = HeadlessWindow((960, 540))
    host = main.make_host(parse_query("?scene=pendulum", catalog.SCENES, "takopi")[0], window)
    host.frame(3)
    send(host, "key_down", key="p")
    host.frame(5)
    assert host.state()["paused"] and host.state()["steps"] == 3
    send(host, "key_down", key=".")
    host.frame(1)
    assert host.state()["steps"] == 4
