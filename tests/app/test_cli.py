"""main.py as a newcomer meets it (issue 12): headless switching and pausing through EVENTS.json,
a display that is set but unreachable, Ctrl-C, a closed pipe, the window icon."""

import json
import os
import signal
import subprocess
import sys
import time

import pygame
import pytest

from scenes.kit.model.script import KEY_NAMES, ScriptError, parse_script


def run_main(repo_root, *args, env=None, timeout=120):
    return subprocess.run([sys.executable, "main.py", *args], cwd=repo_root, capture_output=True,
                          text=True, timeout=timeout, env=env)


def test_scripted_keys_switch_pause_and_step_as_live_input_does(repo_root, tmp_path):
    events = tmp_path / "events.json"
    events.write_text(json.dumps([
        {"frame": 10, "type": "key_down", "key": "2"},
        {"frame": 20, "type": "key_down", "key": "tab"},
        {"frame": 30, "type": "key_down", "key": "p"},
        {"frame": 35, "type": "key_down", "key": "."},
        {"frame": 36, "type": "key_down", "key": "."},
        {"frame": 38, "type": "key_down", "key": "f11"},
        {"frame": 39, "type": "key_down", "key": "h"},
    ]))
    state_path = tmp_path / "s.json"
    result = run_main(repo_root, "--headless", "--frames", "50", "--input", str(events),
                      "--state", str(state_path))
    assert result.returncode == 0, result.stderr
    state = json.loads(state_path.read_text())
    # takopi 10 frames, spider 10, then rope: 10 steps, paused at 30, two single steps
    assert state["scene"] == "rope" and state["frame"] == 50
    assert state["paused"] is True and state["steps"] == 12
    assert "points" in state  # the rope's own state: the shown scene's


def test_every_allowed_key_is_in_the_one_line_error():
    with pytest.raises(ScriptError) as error:
        parse_script([{"frame": 0, "type": "key_down", "key": "f12"}])
    message = str(error.value)
    assert "\n" not in message
    for name in ("1", "9", "tab", "p", ".", "h", "f11", "space", "o"):
        assert name in KEY_NAMES and f" {name}," in message + ","
    assert parse_script([{"frame": 0, "type": "down", "pos": [1, 2], "touch": True}])[0]["touch"]
    with pytest.raises(ScriptError, match="'touch'"):
        parse_script([{"frame": 0, "type": "down", "pos": [1, 2], "touch": "yes"}])


def test_a_display_that_is_set_but_shows_nothing_is_one_line_and_exit_2(repo_root):
    env = dict(os.environ, DISPLAY=":97", SDL_VIDEODRIVER="offscreen")
    result = run_main(repo_root, "--scene", "rope", env=env, timeout=60)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "no display" in lines[0] and "offscreen" in lines[0]
    env["SDL_VIDEODRIVER"] = "dummy"
    result = run_main(repo_root, env=env, timeout=60)
    assert result.returncode == 2 and "no display" in result.stderr


def test_ctrl_c_quits_quietly_with_130(repo_root):
    process = subprocess.Popen([sys.executable, "main.py", "--scene", "rope", "--headless",
                                "--frames", "1000000"], cwd=repo_root,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(2.5)  # well inside the run: imports done, frames going
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err.strip() == "" and "Traceback" not in err


def test_list_into_a_pipe_closed_early_has_no_traceback(repo_root):
    result = subprocess.run(f"'{sys.executable}' main.py --list | head -1", shell=True,
                            cwd=repo_root, capture_output=True, text=True, timeout=60)
    assert result.stdout.startswith("takopi")
    assert result.stderr.strip() == "", result.stderr
    result = subprocess.run(f"'{sys.executable}' main.py --list --json | head -c 10", shell=True,
                            cwd=repo_root, capture_output=True, text=True, timeout=60)
    assert result.stderr.strip() == "", result.stderr


def test_help_names_the_window_keys(repo_root):
    result = run_main(repo_root, "--help")
    assert result.returncode == 0
    assert "Tab" in result.stdout and "F11" in result.stdout


def test_the_window_icon_is_our_own_drawing():
    from app.icon import window_icon

    pygame.display.init()
    icon = window_icon()
    assert icon.get_size() == (64, 64)
    assert icon.get_at((0, 0)).a == 0  # rounded corners: see-through
    colors = {tuple(icon.get_at((x, y)))[:3] for x in range(0, 64, 2) for y in range(0, 64, 2)
              if icon.get_at((x, y)).a == 255}
    assert len(colors) > 5  # a picture, not a flat tile
    assert window_icon(32).get_size() == (32, 32)
