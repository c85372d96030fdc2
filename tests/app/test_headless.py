"""main.py end to end: the headless contract, `--list`, and exit code 2 for every bad argument."""

import json
import subprocess
import sys
from math import dist

import pytest

from scenes.catalog import SCENES


def run_main(repo_root, *args):
    return subprocess.run([sys.executable, "main.py", *args], cwd=repo_root, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.slow
def test_rope_hangs_straight_with_links_at_rest_length(repo_root, tmp_path):
    state_path, shot_path = tmp_path / "s.json", tmp_path / "s.png"
    result = run_main(repo_root, "--scene", "rope", "--headless", "--frames", "300",
                      "--state", str(state_path), "--screenshot", str(shot_path))
    assert result.returncode == 0, result.stderr
    assert_rope_drawn_below_the_pin(shot_path)
    state = json.loads(state_path.read_text())
    assert state["scene"] == "rope" and state["frame"] == 300 and state["grabbed"] is None
    points = state["points"]
    anchor_x = points[0][0]
    rope_length = 16 * 22.0
    assert all(abs(x - anchor_x) < 0.05 * rope_length for x, _ in points)  # hangs straight down
    assert all(b[1] > a[1] for a, b in zip(points, points[1:]))  # every link points downward
    for a, b in zip(points, points[1:]):
        assert dist(a, b) == pytest.approx(22.0, rel=0.01)


def test_list_json_describes_every_scene_and_parameter(repo_root):
    result = run_main(repo_root, "--list", "--json")
    assert result.returncode == 0, result.stderr
    listing = json.loads(result.stdout)
    assert set(listing) == set(SCENES)
    for name, entry in listing.items():
        assert entry["size"] == [960, 540] and entry["help"]
        for param in entry["params"].values():
            assert param["min"] <= param["default"] <= param["max"] and param["help"]


def test_list_text_names_every_scene(repo_root):
    result = run_main(repo_root, "--list")
    assert result.returncode == 0
    assert all(name in result.stdout for name in SCENES)


def assert_rope_drawn_below_the_pin(shot_path):
    """The screenshot shows the rope's light core in a narrow column under the pin, nowhere else."""
    import numpy
    import pygame

    from scenes.rope.view import ROPE_LIGHT

    pixels = pygame.surfarray.array3d(pygame.image.load(str(shot_path))).astype(int)  # [x, y, rgb]
    assert pixels.shape[:2] == (960, 540)
    rope = (abs(pixels - numpy.array(ROPE_LIGHT)).sum(axis=2) < 30)
    xs, ys = numpy.nonzero(rope)
    assert len(xs) > 16 * 22 * 2  # a line at least two pixels wide along the whole rope
    assert xs.min() > 480 - 30 and xs.max() < 480 + 30
    assert ys.min() < 80 and ys.max() > 60 + 16 * 22 * 0.95


BAD_ARGUMENTS = [
    (["--scene", "nosuch"], "unknown scene"),
    (["--scene", "rope", "--headless", "--frames", "many"], "--frames"),
    (["--scene", "rope", "--headless", "--frames", "2000000"], "out of range"),
    (["--scene", "rope", "--set", "gravity=heavy"], "not a number"),
    (["--scene", "rope", "--set", "gravity=99"], "out of range"),
    (["--scene", "rope", "--set", "iterations=2.5"], "whole number"),
    (["--scene", "rope", "--set", "stiffness=3"], "unknown parameter"),
    (["--scene", "rope", "--set", "gravity"], "NAME=VALUE"),
    (["--scene", "rope", "--seed", "-3"], "--seed"),
    (["--scene", "rope", "--frames", "3"], "needs --headless"),
    (["--nonsense"], "unrecognized"),
]


@pytest.mark.slow
@pytest.mark.parametrize("argv, words", BAD_ARGUMENTS)
def test_bad_arguments_exit_2_with_one_line(repo_root, argv, words):
    result = run_main(repo_root, *argv)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and "Traceback" not in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("content, words", [
    ("not json", "not valid JSON"),
    ('{"frame": 1}', "JSON list"),
    ('[{"frame": 0, "type": "down", "pos": [1]}]', "'pos'"),
    ('[{"frame": 0, "type": "key_down", "key": "f13"}]', "'key'"),
])
def test_bad_events_files_exit_2_with_one_line(repo_root, tmp_path, content, words):
    events = tmp_path / "events.json"
    events.write_text(content)
    result = run_main(repo_root, "--scene", "rope", "--headless", "--input", str(events))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0]


def test_scripted_drag_grabs_and_moves_the_rope(repo_root, tmp_path):
    events = tmp_path / "events.json"
    bottom = [480.0 + 16 * 22.0 * 0.33, 60.0 + 16 * 22.0 * 0.94]  # near the rope's start
    events.write_text(json.dumps([
        {"frame": 0, "type": "down", "pos": bottom},
        {"frame": 1, "type": "move", "pos": [300, 300]},
        {"frame": 30, "type": "move", "pos": [280, 320]},  # within the rope's reach: no slip
    ]))
    state_path = tmp_path / "s.json"
    result = run_main(repo_root, "--scene", "rope", "--headless", "--frames", "60",
                      "--input", str(events), "--state", str(state_path))
    assert result.returncode == 0, result.stderr
    state = json.loads(state_path.read_text())
    assert state["grabbed"] is not None
    x, y = state["points"][state["grabbed"]]
    assert abs(x - 280) < 1 and abs(y - 320) < 1  # the hand's pace (20 px a frame) got there


@pytest.mark.slow
def test_same_seed_and_script_give_identical_state(repo_root, tmp_path):
    events = tmp_path / "events.json"
    events.write_text(json.dumps([{"frame": 5, "type": "down", "pos": [600, 300]},
                                  {"frame": 9, "type": "move", "pos": [700, 200]},
                                  {"frame": 20, "type": "up", "pos": [700, 200]}]))
    outputs = []
    for name in ("a.json", "b.json"):
        path = tmp_path / name
        run_main(repo_root, "--scene", "rope", "--headless", "--frames", "80", "--seed", "5",
                 "--input", str(events), "--state", str(path))
        outputs.append(path.read_text())
    assert outputs[0] == outputs[1]


def test_an_events_file_sets_and_restarts_and_skips_a_name_the_scene_lacks(repo_root, tmp_path):
    events, state_path = tmp_path / "events.json", tmp_path / "s.json"
    events.write_text(json.dumps([{"frame": 2, "type": "set", "name": "gravity", "value": 0.9},
                                  {"frame": 3, "type": "set", "name": "wind", "value": 1.0},
                                  {"frame": 4, "type": "restart"}]))
    result = run_main(repo_root, "--scene", "rope", "--headless", "--frames", "6",
                      "--input", str(events), "--state", str(state_path))
    assert result.returncode == 0, result.stderr
    said = [line for line in result.stderr.splitlines() if "events file" in line]
    assert said == ["events file, frame 3: unknown parameter 'wind'; this scene has: "
                    "iterations, gravity; skipped"]
    state = json.loads(state_path.read_text())
    assert state["params"]["gravity"] == 0.9 and state["frame"] == 6
