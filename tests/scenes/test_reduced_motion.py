"""Reduced motion (issue 23 item 6): the demos that move by themselves start calm and say how
to start the motion; asked for by `--reduced-motion`, `reduced_motion=1` or the browser."""

import json
import subprocess
import sys

import pygame
import pytest

import main
from app.options import Options, parse_cli, parse_query
from app.window import HeadlessWindow
from scenes.catalog import DEFAULT_SCENE, SCENES
from scenes.flag.view import help_line
from scenes.kit.scene import script_event
from scenes.spider import view_hud


@pytest.fixture(autouse=True)
def fonts():
    pygame.display.init()
    pygame.font.init()


def host_for(scene, reduced_motion):
    window = HeadlessWindow((960, 540))
    return main.make_host(Options(scene=scene, reduced_motion=reduced_motion), window)


def key(host, name):
    host.handle(script_event({"type": "key_down", "key": name}, False))
    host.handle(script_event({"type": "key_up", "key": name}, False))


def fastest_point(host, frames=30):
    """The farthest any point of the flag moved in one of the next `frames` frames, px."""
    fastest = 0.0
    for _ in range(frames):
        before = [(p.x, p.y) for p in host.scene.model.world.particles]
        host.frame(1)
        after = host.scene.model.world.particles
        fastest = max(fastest, max(abs(p.x - x) + abs(p.y - y) for p, (x, y) in zip(after, before)))
    return fastest


def test_the_option_comes_from_the_command_line_and_the_query():
    assert parse_cli(["--reduced-motion"], SCENES, DEFAULT_SCENE).reduced_motion is True
    assert parse_cli([], SCENES, DEFAULT_SCENE).reduced_motion is False
    options, notes = parse_query("?scene=flag&reduced_motion=1", SCENES, DEFAULT_SCENE)
    assert options.reduced_motion is True and notes == [] and options.values == {}
    options, notes = parse_query("?scene=flag&reduced_motion=maybe", SCENES, DEFAULT_SCENE)
    assert options.reduced_motion is False and len(notes) == 1


def test_the_flag_opens_calm_says_space_starts_the_wind_and_space_does():
    calm = host_for("flag", True)
    assert calm.scene.model.wind_on is False
    assert "Space: start wind" in help_line(calm.scene.model)
    assert fastest_point(calm) < 0.05
    key(calm, "space")
    assert calm.scene.model.wind_on is True and fastest_point(calm) > 1.0
    key(calm, "r")  # a restart opens calm again
    assert calm.scene.model.wind_on is False
    assert host_for("flag", False).scene.model.wind_on is True  # by default the wind blows


def test_the_spider_s_sky_opens_still_and_m_starts_it():
    host = host_for("spider", True)
    sky = host.scene.model.sky
    sky.until_meteor = 1  # a meteor due now
    for _ in range(5):
        host.frame(1)
    assert sky.still and sky.meteor is None and sky.frame == 0
    assert view_hud.controls_line(host.scene.model, touch=False).endswith(view_hud.STILL_SKY)
    key(host, "m")
    host.frame(1)
    assert not sky.still and sky.meteor is not None and sky.frame == 1
    assert view_hud.controls_line(host.scene.model, touch=False) == view_hud.CONTROLS
    assert not host_for("spider", False).scene.model.sky.still


def test_a_demo_that_never_moves_by_itself_is_built_as_ever():
    for name in ("cloth", "rope", "takopi", "hair", "bridge"):
        calm, usual = host_for(name, True), host_for(name, False)
        assert calm.scene.run.calm is False
        assert json.dumps(calm.state(), sort_keys=True) == json.dumps(usual.state(), sort_keys=True)


def test_main_py_headless_takes_the_option(tmp_path, repo_root):
    state_path = tmp_path / "state.json"
    subprocess.run([sys.executable, "main.py", "--scene", "flag", "--headless", "--frames", "10",
                    "--reduced-motion", "--state", str(state_path)],
                   cwd=repo_root, check=True, timeout=120)
    state = json.loads(state_path.read_text())
    assert state["wind_on"] is False and state["wind"] == [0.0, 0.0]
