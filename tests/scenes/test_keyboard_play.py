"""Every demo playable without a pointer (issue 23 item 4), and the right button in both runs.

Each events file in tests/support/keyboard/ presses keys only; played through a pure run
(`Run`) and through the host `main.py --headless` drives (`ScriptedHost`), it gives the
same state in both, and that state shows the effect the keys promise, against a run with no
input: the rope pulled aside, the cloak cut, the flag pulled down, the hair's head nudged.
A scripted right-drag (issue 25) cuts the cloak in both runs alike.
"""

import json
from pathlib import Path
from statistics import mean

import pygame
import pytest

import main
from app.headless import ScriptedHost
from app.options import Options
from app.window import HeadlessWindow
from scenes.catalog import SCENES
from scenes.hair.model import REST
from scenes.kit.model.key_hand import BASE_SPEED
from scenes.kit.model.script import load_script, parse_script, play
from scenes.kit.model.run import record, Run

KEYS = Path(__file__).resolve().parents[1] / "support" / "keyboard"
HOST_KEYS = ("frame", "paused", "steps", "timeline", "compare")


@pytest.fixture(autouse=True)
def fonts():
    pygame.display.init()
    pygame.font.init()


def pure(name, entries, frames):
    scene = SCENES[name]
    sim = Run(name, scene.model_class, scene.params, scene.size, seed=0)
    play(sim, entries, frames)
    return sim.state()


def hosted(name, entries, frames):
    window = HeadlessWindow(SCENES[name].size)
    host = main.make_host(Options(scene=name), window)
    play(ScriptedHost(host, window.surface), entries, frames)
    return host.state()


def scene_part(state):
    return json.dumps({k: v for k, v in state.items() if k not in HOST_KEYS}, sort_keys=True)


def both(name, entries, frames):
    """The state after `frames` frames in a pure run, checked equal to the hosted run's."""
    state = pure(name, entries, frames)
    assert scene_part(state) == scene_part(hosted(name, entries, frames))
    return state


def test_the_rope_is_grabbed_pulled_and_dropped_with_the_keys():
    """The keys grab the free end and pull it aside; held on past the rope's reach (the cursor
    runs on to the canvas's edge) it slips out of the keyboard's hand, as from a mouse's."""
    entries = load_script(KEYS / "rope.json")
    still = pure("rope", [], 26)
    pulled = both("rope", entries, 26)
    assert pulled["grabbed"] == len(pulled["points"]) - 1  # the free end, under the cursor
    assert pulled["points"][-1][0] > still["points"][-1][0] + 80
    assert pulled["keys"]["grabbing"] is True
    still = pure("rope", [], 76)
    slipped = both("rope", entries, 76)
    assert slipped["grabbed"] is None and slipped["keys"]["grabbing"] is False
    assert slipped["points"][-1][0] > still["points"][-1][0] + 150
    dropped = both("rope", entries, 90)
    assert dropped["grabbed"] is None and dropped["keys"]["grabbing"] is False


def test_the_cloak_is_cut_along_the_cursor_s_path_with_x():
    entries = load_script(KEYS / "cloth.json")
    whole = pure("cloth", [], 90)
    cut = both("cloth", entries, 90)
    assert len(whole["links"]) == 237 and whole["torn"] == 0
    assert len(cut["links"]) <= len(whole["links"]) - 8
    assert cut["keys"]["cutting"] is False and cut["knife"] is None  # X let go: the stroke ended


@pytest.mark.slow
def test_the_flag_is_grabbed_and_pulled_down_with_the_keys():
    entries = load_script(KEYS / "flag.json")
    hanging = pure("flag", [], 46)
    pulled = both("flag", entries, 46)
    assert mean(p[1] for p in pulled["points"]) > mean(p[1] for p in hanging["points"]) + 40
    assert both("flag", entries, 110)["keys"]["grabbing"] is False  # Enter again let go


def test_the_arrows_nudge_the_hair_s_head():
    state = both("hair", load_script(KEYS / "hair.json"), 66)
    assert state["head"][0] > REST[0] + 80
    assert abs(state["head"][1] - REST[1]) < 1.0


def test_a_key_grab_held_still_stays_a_grab():
    """A finger held still becomes a knife; a key grab does not (the keyboard has X)."""
    scene = SCENES["cloth"]
    sim = Run("cloth", scene.model_class, scene.params, scene.size)
    sim.apply(record("key_down", "return"))
    for _ in range(90):
        sim.step()
    assert sim.model.sheet.held and sim.model.knife is None


def test_the_cursor_speeds_up_while_an_arrow_is_held_and_stays_on_the_canvas():
    scene = SCENES["rope"]
    sim = Run("rope", scene.model_class, scene.params, scene.size)
    keys = sim.model.keys
    start = keys.at
    sim.apply(record("key_down", "left"))
    sim.step()
    assert keys.at[0] == pytest.approx(start[0] - BASE_SPEED)
    for _ in range(200):
        sim.step()
    assert keys.at[0] == 6.0  # the margin, not off the canvas
    assert keys.observe()["at"] == [6.0, start[1]]


def right_drag(button=3):
    """A slow right-button stroke from the cloak's middle out past its right edge (issue 25)."""
    entries = [{"frame": 10, "type": "down", "pos": [420, 190], "button": button}]
    entries += [{"frame": 11 + i, "type": "move", "pos": [420 + 3 * i, 190]} for i in range(80)]
    entries.append({"frame": 91, "type": "up", "pos": [660, 190], "button": button})
    return parse_script(entries)


def test_a_scripted_right_drag_cuts_the_cloak_in_the_pure_run_and_the_host_alike():
    cut = both("cloth", right_drag(), 100)
    assert len(cut["links"]) <= 237 - 5 and cut["knife"] is None
    dragged = both("cloth", right_drag(button=1), 100)  # the left button grabs: a slow drag
    assert len(dragged["links"]) == 237                  # pulls, slips and cuts nothing


def test_a_right_drag_is_a_plain_move_to_a_demo_without_a_knife():
    """As the scene routes it: a right press and release are nothing, its moves are moves."""
    entries = parse_script([{"frame": 5, "type": "down", "pos": [480, 300], "button": 3},
                            {"frame": 6, "type": "move", "pos": [500, 300]},
                            {"frame": 7, "type": "up", "pos": [500, 300], "button": 3}])
    state = both("rope", entries, 20)
    assert state["grabbed"] is None


def test_enter_alone_grabs_the_rope_s_end_wherever_it_swung():
    entries = parse_script([{"frame": 120, "type": "key_down", "key": "return"}])
    state = both("rope", entries, 125)
    assert state["grabbed"] == len(state["points"]) - 1
