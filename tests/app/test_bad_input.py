"""The bad-input table (issue #7): whatever a reader types, nothing gives a traceback.

Command-line flags, `--set` values and events files go through a real `main.py` subprocess: each
must exit 2 with exactly one stderr line and no 'Traceback'. Page query strings cannot fail (a
reader cannot fix a link): each falls back, and the live scene shows the note on its canvas.
The cases here extend those of tests/app/test_headless.py and tests/kit/test_params_scripts_clock.py
(not repeated); `test_the_table_covers_at_least_thirty_cases` counts this table's.
"""

import json
import subprocess
import sys
from math import isfinite

import pygame
import pytest

import main
from scenes.kit.scene import NOTE_LIFT, NOTE_LINE
from app.options import parse_query
from scenes.catalog import DEFAULT_SCENE, SCENES
from scenes.kit.model.script import ScriptError, load_script

LONG = "9" * 5000
"""Longer than Python's int() accepts (4300 digits), and float() makes it inf."""
EMOJI = "\U0001F577"

BAD_CLI = [
    (["--seed", ""], "--seed"),
    (["--seed", "nan"], "--seed"),
    (["--seed", "99999999999999999999999"], "out of range"),
    (["--seed", LONG], "not a whole number"),
    (["--headless", "--frames", "inf"], "--frames"),
    (["--headless", "--frames", "1.5"], "--frames"),
    (["--headless", "--frames", LONG], "not a whole number"),
    (["--scene", ""], "unknown scene"),
    (["--scene", "타코피"], "unknown scene"),
    (["--scene", "x" * 10000], "unknown scene"),
    (["--scene", "rope", "--set", "gravity=nan"], "not finite"),
    (["--scene", "rope", "--set", "gravity=-inf"], "not finite"),
    (["--scene", "rope", "--set", "gravity=1e309"], "not finite"),
    (["--scene", "rope", "--set", "gravity=-0.5"], "out of range"),
    (["--scene", "rope", "--set", "iterations=-3"], "out of range"),
    (["--scene", "rope", "--set", "gravity="], "not a number"),
    (["--scene", "rope", "--set", "=3"], "unknown parameter"),
    (["--scene", "rope", "--set", "gravity=0x1"], "not a number"),
    (["--scene", "rope", "--set", f"gravity={EMOJI}"], "not a number"),
    (["--scene", "rope", "--set", "gravity=" + "1" * 10000], "not finite"),
    (["--scene", "spider", "--set", "wind=3"], "unknown parameter"),  # the cloth's name
    (["--scene", "cloth", "--set", "tear=0.5"], "out of range"),  # issue 15's scenes
    (["--scene", "flag", "--set", "wind=nan"], "not finite"),
    (["--scene", "bridge", "--set", "iterations=2.5"], "whole number"),
    (["--scene", "hair", "--set", "bend=abc"], "not a number"),
    (["--scene", "hair", "--set", "tear=2"], "unknown parameter"),  # the cloth's name
    (["--headless", "--state", "/"], "folder"),
    (["--headless", "--screenshot", "/nonexistent/dir/s.png"], "does not exist"),
]

BAD_EVENTS = [
    ("", "not valid JSON"),
    ("[" * 200_000, "nested too deeply"),
    ("\xff\xfe not text", "not valid JSON"),
    ('[{"frame": 0, "type": "down", "pos": [NaN, 1]}]', "'pos'"),
    ('[{"frame": 0, "type": "down", "pos": [1, Infinity]}]', "'pos'"),
    ('[{"frame": 0, "type": "down", "pos": {"x": 1, "y": 2}}]', "'pos'"),
    ('[{"frame": "3", "type": "down", "pos": [1, 2]}]', "'frame'"),
    ('[{"frame": 1.5, "type": "down", "pos": [1, 2]}]', "'frame'"),
    ('[{"frame": 0, "type": "다운", "pos": [1, 2]}]', "'type'"),
    ('[{"frame": 0, "type": "key_down", "key": 32}]', "'key'"),
    ("null", "JSON list"),
]

BAD_QUERIES = [
    ("scene=spider&stiffness=", "stiffness"),
    ("scene=spider&stiffness=1e999", "not finite"),
    ("scene=spider&gravity=-inf", "not finite"),
    ("scene=rope&gravity=-0.1", "out of range"),
    ("scene=rope&gravity=NaN", "not finite"),
    ("scene=spider&bogus=1", "unknown parameter"),
    ("seed=99999999999999999999999", "seed"),
    ("seed=", "seed"),
    ("overlay=2", "overlay"),
    (f"scene=spider&stiffness={EMOJI}", "not a number"),
    ("scene=" + "a" * 100_000, "unknown scene"),
    ("scene=takopi&iterations=" + LONG, "not finite"),
    ("seed=" + LONG, "not a whole number"),
    ("scene=takopi&push_radius=10&push_radius=300", "out of range"),
    ("scene=cloth&tear=99", "out of range"),  # issue 15's scenes
    ("scene=flag&wind=-inf", "not finite"),
    ("scene=bridge&weight=" + LONG, "not finite"),
    ("scene=hair&bend=", "bend"),
]


def run_main(repo_root, *argv):
    return subprocess.run([sys.executable, "main.py", *argv], cwd=repo_root, capture_output=True,
                          text=True, timeout=60)


def one_clear_line(result, words):
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2, result.stderr[-500:]
    assert "Traceback" not in result.stderr
    assert len(lines) == 1 and words in lines[0] and len(lines[0]) < 240, lines


@pytest.mark.slow
@pytest.mark.parametrize("argv, words", BAD_CLI, ids=range(len(BAD_CLI)))
def test_bad_flags_and_set_values_exit_2_with_one_line(repo_root, argv, words):
    one_clear_line(run_main(repo_root, *argv), words)


@pytest.mark.slow
@pytest.mark.parametrize("content, words", BAD_EVENTS, ids=range(len(BAD_EVENTS)))
def test_bad_events_files_exit_2_with_one_line(repo_root, tmp_path, content, words):
    events = tmp_path / "events.json"
    events.write_bytes(content.encode("latin-1") if content.startswith("\xff")
                       else content.encode("utf-8"))
    one_clear_line(run_main(repo_root, "--scene", "rope", "--headless", "--input", str(events)),
                   words)


def test_events_path_that_is_a_folder_is_one_line(repo_root, tmp_path):
    one_clear_line(run_main(repo_root, "--headless", "--input", str(tmp_path)), "cannot read")


def test_deeply_nested_events_raise_a_script_error_not_recursion(tmp_path):
    """Before: json's RecursionError escaped load_script as a traceback."""
    events = tmp_path / "deep.json"
    events.write_text("[" * 200_000)
    with pytest.raises(ScriptError, match="nested too deeply"):
        load_script(str(events))


def scene_surface(options, notes, frames=30):
    pygame.display.init()
    pygame.font.init()
    scene = main.make_scene(options)
    for note in notes:
        scene.add_note(note)
    surface = pygame.Surface(scene.size)
    for _ in range(frames):
        scene.step()
    scene.draw(surface)
    return scene, surface


@pytest.mark.slow
@pytest.mark.parametrize("query, words", BAD_QUERIES, ids=range(len(BAD_QUERIES)))
def test_bad_page_queries_fall_back_with_a_note_on_the_canvas(query, words):
    options, notes = parse_query(query, SCENES, DEFAULT_SCENE)
    assert options.scene in SCENES
    assert len(notes) >= 1 and any(words in note for note in notes), notes
    assert all("\n" not in note and len(note) < 200 for note in notes)
    for name, value in options.values.items():
        param = SCENES[options.scene].params[name]
        assert param.lo <= value <= param.hi
    scene, shown = scene_surface(options, notes)
    _, plain = scene_surface(options, [])
    assert all(isfinite(x) and isfinite(y) for x, y in scene.model.points())
    height = scene.size[1]
    lines = NOTE_LINE * len(notes)
    note_band = pygame.Rect(0, height - NOTE_LIFT - lines + NOTE_LINE, 700, lines + 4)
    differs = any(shown.get_at((x, y)) != plain.get_at((x, y))
                  for x in range(note_band.left + 12, note_band.right, 3)
                  for y in range(note_band.top, note_band.bottom, 2))
    assert differs, "the note is not drawn on the canvas"


def test_the_table_covers_at_least_thirty_cases():
    ours = len(BAD_CLI) + len(BAD_EVENTS) + 1 + len(BAD_QUERIES)
    assert ours >= 30  # test_headless and test_params_scripts_clock add their own cases (34)
