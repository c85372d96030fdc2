"""Parameters, scripted input, the fixed-step clock and the pure Run (headless contract)."""

import json
import random

import pytest

from app.clock import FixedStepClock
from app.options import UsageError, parse_cli, parse_query
from scenes.kit.model.params import Param, ParamError, ParamTable
from scenes.kit.model.script import ScriptError, load_script, parse_script
from scenes.kit.model.run import record, restart_record, Run, run_script, set_record

TABLE = ParamTable(
    Param("iterations", 10, 1, 40, "passes", integer=True),
    Param("gravity", 0.5, 0.0, 2.0, "pull"),
)


class Counter:
    """A minimal model for protocol tests: counts inputs and draws from its rng."""

    def __init__(self, size, values, rng):
        self.values, self.rng, self.inputs, self.draws = values, rng, [], []

    def input(self, kind, value):
        self.inputs.append((kind, value))

    def step(self):
        self.draws.append(self.rng.random())

    def observe(self):
        return {"inputs": len(self.inputs), "last_draw": self.draws[-1] if self.draws else None}


SCENES = {"counter": type("CounterScene", (), {"params": TABLE})}


# -- parameters -------------------------------------------------------------------------------

@pytest.mark.parametrize("text, value", [("12", 12), (" 40 ", 40), ("1.0", 1)])
def test_integer_param_parses_whole_numbers(text, value):
    assert TABLE["iterations"].parse(text) == value


@pytest.mark.parametrize("text, words", [
    ("abc", "not a number"), ("nan", "not finite"), ("inf", "not finite"), ("0", "out of range"),
    ("41", "out of range"), ("2.5", "whole number"), ("", "not a number"),
])
def test_bad_param_values_give_one_clear_line(text, words):
    with pytest.raises(ParamError) as error:
        TABLE["iterations"].parse(text)
    message = str(error.value)
    assert words in message and "1 to 40" in message and "\n" not in message


def test_clamp_keeps_sliders_in_range_and_maps_nan_to_default():
    assert TABLE["gravity"].clamp(9.0) == 2.0
    assert TABLE["gravity"].clamp(-1.0) == 0.0
    assert TABLE["gravity"].clamp(float("nan")) == 0.5
    assert TABLE["iterations"].clamp(7.6) == 8


def test_unknown_parameter_names_the_known_ones():
    with pytest.raises(ParamError, match="this scene has: iterations, gravity"):
        TABLE.parse_assignment("stiffnes=3")
    with pytest.raises(ParamError, match="NAME=VALUE"):
        TABLE.parse_assignment("gravity")


def test_param_default_must_lie_in_its_range():
    with pytest.raises(ValueError):
        Param("x", 5, 0, 1, "bad")


# -- scripted input ---------------------------------------------------------------------------

def test_script_is_validated_and_sorted_by_frame_keeping_file_order():
    entries = parse_script([
        {"frame": 3, "type": "up", "pos": [1, 2]},
        {"frame": 1, "type": "key_down", "key": "space"},
        {"frame": 3, "type": "move", "pos": [5.5, 6]},
    ])
    assert [(e["frame"], e["type"]) for e in entries] == [(1, "key_down"), (3, "up"), (3, "move")]
    assert entries[2]["pos"] == (5.5, 6.0)


@pytest.mark.parametrize("data, words", [
    ({"frame": 1}, "must be a JSON list"),
    ([1], "must be an object"),
    ([{"frame": -1, "type": "down", "pos": [0, 0]}], "'frame'"),
    ([{"frame": True, "type": "down", "pos": [0, 0]}], "'frame'"),
    ([{"frame": 0, "type": "jump"}], "'type'"),
    ([{"frame": 0, "type": "down", "pos": [0]}], "'pos'"),
    ([{"frame": 0, "type": "down", "pos": ["a", 1]}], "'pos'"),
    ([{"frame": 0, "type": "down", "pos": [1e300, 1]}], "'pos'"),
    ([{"frame": 0, "type": "key_down", "key": "escape"}], "'key'"),
])
def test_bad_scripts_name_the_first_bad_entry(data, words):
    with pytest.raises(ScriptError) as error:
        parse_script(data)
    assert words in str(error.value) and "\n" not in str(error.value)


def test_unreadable_and_malformed_files(tmp_path):
    with pytest.raises(ScriptError, match="cannot read"):
        load_script(str(tmp_path / "missing.json"))
    broken = tmp_path / "broken.json"
    broken.write_text("[{]")
    with pytest.raises(ScriptError, match="not valid JSON"):
        load_script(str(broken))


# -- clock ------------------------------------------------------------------------------------

def test_clock_runs_one_step_per_sixtieth_of_a_second_at_any_display_rate():
    at_120hz = FixedStepClock()
    assert sum(at_120hz.advance(1 / 120) for _ in range(120)) == 60
    at_30hz = FixedStepClock()
    assert sum(at_30hz.advance(1 / 30) for _ in range(30)) == 60


@pytest.mark.parametrize("gap", [10.0, 3600.0, 1e12])
def test_clock_caps_catch_up_and_drops_the_backlog(gap):
    clock = FixedStepClock(max_steps=4)
    assert clock.advance(gap) == 4
    assert clock.advance(1 / 60 + 1e-9) == 1  # back to normal: the backlog was dropped


@pytest.mark.parametrize("bad", [-1.0, 0.0, float("nan"), float("inf")])
def test_clock_ignores_negative_and_non_finite_gaps(bad):
    assert FixedStepClock().advance(bad) == 0


# -- simulation (model protocol) --------------------------------------------------------------

def test_simulation_common_state_keys_and_reproducible_rng():
    def run():
        sim = Run("counter", Counter, TABLE, (960, 540), seed=7, values={"gravity": 1.5})
        return run_script(sim, parse_script([{"frame": 2, "type": "down", "pos": [3, 4]}]), 10)

    first, second = run(), run()
    assert first == second
    assert first["scene"] == "counter" and first["frame"] == 10 and first["seed"] == 7
    assert first["size"] == [960, 540] and first["params"] == {"iterations": 10, "gravity": 1.5}
    assert first["inputs"] == 1


def test_simulation_restart_on_key_r_gives_a_fresh_but_reproducible_model():
    sim = Run("counter", Counter, TABLE, (960, 540), seed=7)
    sim.step()
    first_game = sim.model.draws[0]
    sim.apply(record("key_down", "r"))
    sim.step()
    assert sim.model.inputs == [] and sim.model.draws[0] != first_game
    again = Run("counter", Counter, TABLE, (960, 540), seed=7)
    again.apply(restart_record(at_once=True))
    again.step()
    assert again.model.draws[0] == sim.model.draws[0]
    assert random.Random("7:0").random() == first_game


def test_live_param_change_is_clamped_and_reaches_the_model():
    sim = Run("counter", Counter, TABLE, (960, 540))
    sim.apply(set_record("gravity", 99.0))
    assert sim.values["gravity"] == 2.0 and sim.model.values["gravity"] == 2.0


# -- options: command line and page query -----------------------------------------------------

def test_cli_collects_every_flag(tmp_path):
    script = tmp_path / "events.json"
    script.write_text(json.dumps([{"frame": 0, "type": "key_down", "key": "o"}]))
    options = parse_cli(["--scene", "counter", "--headless", "--frames", "5", "--seed", "3",
                         "--set", "gravity=1.25", "--input", str(script), "--state",
                         str(tmp_path / "s.json"), "--screenshot", str(tmp_path / "s.png"),
                         "--overlay"], SCENES, "counter")
    assert (options.scene, options.frames, options.seed) == ("counter", 5, 3)
    assert options.values == {"gravity": 1.25} and options.overlay and len(options.script) == 1


@pytest.mark.parametrize("argv, words", [
    (["--scene", "nope"], "unknown scene 'nope'; choose one of counter"),
    (["--headless", "--frames", "ten"], "--frames 'ten' is not a whole number"),
    (["--headless", "--frames", "-1"], "--frames -1 is out of range"),
    (["--seed", "x"], "--seed 'x' is not a whole number"),
    (["--set", "gravity=9"], "out of range"),
    (["--set", "speed=1"], "unknown parameter 'speed'"),
    (["--frames", "10"], "--frames needs --headless"),
    (["--json"], "--json goes with --list"),
    (["--bogus"], "unrecognized arguments: --bogus"),
    (["--headless", "--input", "/nonexistent/e.json"], "cannot read events file"),
    (["--headless", "--state", "/nonexistent/dir/s.json"], "does not exist"),
])
def test_cli_mistakes_are_one_line_usage_errors(argv, words):
    with pytest.raises(UsageError) as error:
        parse_cli(argv, SCENES, "counter")
    assert words in str(error.value) and "\n" not in str(error.value)


def test_page_query_applies_good_values_and_notes_bad_ones():
    options, notes = parse_query("?scene=counter&iterations=15&gravity=lots&overlay=1&seed=-4",
                                 SCENES, "counter")
    assert options.values == {"iterations": 15} and options.overlay and options.seed == 0
    assert len(notes) == 2 and any("gravity" in n for n in notes)


@pytest.mark.parametrize("query", ["", "?", "scene=", "scene=%00%ff", "overlay=maybe",
                                   "x" * 5000, "scene=counter&gravity=nan&gravity=1",
                                   "scene=타코피&iterations=١٢"])
def test_page_query_never_raises(query):
    options, notes = parse_query(query, SCENES, "counter")
    assert options.scene == "counter"
    assert all(len(note) < 200 for note in notes)


# --- which mouse button a scripted press uses -------------------------------------------------

def _drag(button, start, frames=(30, 31, 32, 33, 34, 35)):
    """A drag from `start` straight across the cloak, with `button` (None: leave it out)."""
    x0, y = start
    xs = [x0 + step * 50 for step in range(len(frames))]
    extra = {} if button is None else {"button": button}
    events = [{"frame": frames[0], "type": "down", "pos": [x0, y], **extra}]
    events += [{"frame": f, "type": "move", "pos": [x, y]} for f, x in zip(frames[1:], xs[1:])]
    events.append({"frame": frames[-1] + 1, "type": "up", "pos": [xs[-1], y], **extra})
    return events


def _headless_cloak(repo_root, tmp_path, events, frames=60):
    import json
    import subprocess
    import sys
    script, state = tmp_path / "events.json", tmp_path / "state.json"
    script.write_text(json.dumps(events))
    result = subprocess.run([sys.executable, "main.py", "--scene", "cloth", "--headless",
                             "--frames", str(frames), "--input", str(script), "--state", str(state)],
                            cwd=repo_root, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(state.read_text())


@pytest.mark.slow
def test_a_scripted_right_drag_cuts_the_cloak_through_main_headless(repo_root, tmp_path):
    """Before, the events format had no button: every press was the left one, a grab, and the
    cloak's right-drag knife could not be scripted. A right drag across the cloak's middle now
    holds the knife while it moves and cuts the links it crosses (an untouched cloak tears
    nothing in 60 frames); the same drag with the left button, or with no button named, is a
    hand, never a knife."""
    from math import dist
    untouched = _headless_cloak(repo_root, tmp_path, [])
    assert untouched["torn"] == 0
    at_start = _headless_cloak(repo_root, tmp_path, [], frames=30)["points"]
    start = min((p[:2] for p in at_start), key=lambda p: dist(p, (360, 180)))  # on the cloth
    cut = _headless_cloak(repo_root, tmp_path, _drag(3, start), frames=36)
    assert cut["torn"] >= 12, cut["torn"]
    assert _headless_cloak(repo_root, tmp_path, _drag(3, start), frames=34)["knife"] is not None
    for button in (1, None):
        held = _headless_cloak(repo_root, tmp_path, _drag(button, start), frames=34)
        assert held["knife"] is None, button


def test_a_button_is_checked_when_the_script_is_read():
    from scenes.kit.model.script import ScriptError, parse_script
    entries = parse_script([{"frame": 0, "type": "down", "pos": [1, 2], "button": 3},
                            {"frame": 1, "type": "up", "pos": [1, 2]}])
    assert entries[0]["button"] == 3 and "button" not in entries[1]
    for bad, words in (({"type": "down", "button": 2}, "1 (left) or 3 (right)"),
                       ({"type": "up", "button": True}, "1 (left) or 3 (right)"),
                       ({"type": "move", "button": 1}, "down or up"),
                       ({"type": "down", "button": 3, "touch": True}, "no right button")):
        with pytest.raises(ScriptError, match=words.replace("(", r"\(").replace(")", r"\)")):
            parse_script([{"frame": 0, "pos": [1, 2], **bad}])
