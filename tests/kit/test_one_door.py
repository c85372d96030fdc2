"""One run, one record: the same records through every path give the same run, to the hash.

The paths: a pure run (`Run.apply`, what the tests, the Pyodide jobs and the benchmarks use),
an events file (`parse_script` and `run_script`, what `main.py --input` reads), live play
(pygame events into a scene, through the headless driver's own adapter, `ScriptedHost`),
rewind and replay (back along the kept frames and forward again, or the same records played
again as a new branch), and side by side (a `CompareView` fanning the records out to its
copies). The cloak's right-button drag is the knife on every one of them: it used to cut
through `Simulation.apply` and grab the cloth through `Timeline.apply`.
"""

import json
import os

import pygame
import pytest

from app.side_by_side import CompareView
from app.headless import ScriptedHost
from scenes.catalog import SCENES
from scenes.kit.model.side_by_side import Compare
from scenes.kit.model.run import Run, run_script
from scenes.kit.model.params import ParamError
from scenes.kit.model.script import ScriptError, parse_script, play
from tests.support.golden.record import state_hash

FRAMES = 150
CLOAK = SCENES["cloth"]


@pytest.fixture(scope="module", autouse=True)
def display():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    yield


def pointer(frame, kind, pos, button=None):
    entry = {"frame": frame, "type": kind, "pos": [float(pos[0]), float(pos[1])]}
    if button is not None:
        entry["button"] = button
    return entry


def knife_stroke(begin, button=3):
    """A drag with `button` from on the cloak straight across it, left to right (with the
    left button it grabs the patch there and pulls it along)."""
    entries = [pointer(begin, "down", (380, 180), button)]
    entries += [pointer(begin + i, "move", (380 + 20 * i, 180)) for i in range(1, 13)]
    entries.append(pointer(begin + 13, "up", (620, 180), button))
    return entries


def records():
    """A restart control, a left drag of a corner, the wind key, a slider set, the knife."""
    entries = [{"frame": 4, "type": "restart"}]
    entries += [pointer(10, "down", (342, 313))]
    entries += [pointer(10 + i, "move", (342 - 4 * i, 313 + 3 * i)) for i in range(1, 16)]
    entries.append(pointer(26, "up", (282, 358)))
    entries += [{"frame": 30, "type": "key_down", "key": "space"},
                {"frame": 34, "type": "key_up", "key": "space"},
                {"frame": 40, "type": "set", "name": "gravity", "value": 0.45}]
    entries += knife_stroke(60)
    return parse_script(json.loads(json.dumps(entries)))


def pure_run(values=None):
    return Run("cloth", CLOAK.model_class, CLOAK.params, CLOAK.size, seed=0, values=values)


class SceneHost:
    """The least host a `ScriptedHost` drives: events to the scene, a frame a step."""

    def __init__(self, scene):
        self.scene = scene

    def handle(self, event):
        self.scene.handle(event)

    def frame(self, frames):
        for _ in range(frames):
            self.scene.step()

    def draw(self, surface):
        pass


def through_the_run(entries):
    run = pure_run()
    play(run, entries, FRAMES)
    return run.state()


def through_a_script(entries):
    return run_script(pure_run(), parse_script(json.loads(json.dumps(entries))), FRAMES)


def through_live_play(entries):
    scene = CLOAK(seed=0)
    play(ScriptedHost(SceneHost(scene), None), entries, FRAMES)
    return scene.run.state()


def through_rewind_and_replay(entries):
    run = pure_run()
    play(run, entries, FRAMES)
    run.go_to(20)
    run.live()  # the kept records replayed
    forward = run.state()
    run.go_to(0)
    play(run, entries, FRAMES)  # the same records again, a new branch from the start
    assert state_hash(run.state()) == state_hash(forward)
    return forward


def through_side_by_side(entries):
    view = CompareView(CLOAK, Compare("tear", (1.6, 2.5)), seed=0)
    play(view, entries, FRAMES)
    return view.copies[0].run.state()  # the copy at the default tear


PATHS = {"run": through_the_run, "script": through_a_script, "live play": through_live_play,
         "rewind and replay": through_rewind_and_replay, "side by side": through_side_by_side}


@pytest.fixture(scope="module")
def hashes():
    entries = records()
    return {name: state_hash(path(entries)) for name, path in PATHS.items()}


def test_the_same_records_give_the_same_run_on_every_path(hashes):
    assert len(set(hashes.values())) == 1, hashes


def test_the_records_moved_the_run():
    state = through_the_run(records())
    assert state["params"]["gravity"] == 0.45
    assert state_hash(state) != state_hash(through_the_run([]))


@pytest.mark.parametrize("path", sorted(PATHS))
def test_a_right_drag_across_the_cloak_is_the_knife_on_every_path(path):
    cut = PATHS[path](parse_script(knife_stroke(20)))
    grabbed = PATHS[path](parse_script(knife_stroke(20, button=1)))
    untouched = through_the_run([])
    assert untouched["torn"] == 0
    assert cut["torn"] >= 10, "a right drag across the cloak cuts it"
    assert len(cut["links"]) < len(untouched["links"])
    assert grabbed["torn"] < cut["torn"], "a left drag grabs (and tears less), it does not cut"
    assert state_hash(grabbed) != state_hash(cut)
    assert state_hash(cut) == state_hash(through_the_run(parse_script(knife_stroke(20))))


def test_side_by_side_by_solver_cuts_the_cloak_in_every_copy():
    """The copies of an engine compare build their models through a wrapper of their own:
    the knife is still the model's."""
    view = CompareView(CLOAK, Compare("solver", ("gauss-seidel", "jacobi")), seed=0)
    play(view, parse_script(knife_stroke(20)), 60)
    assert all(copy.run.state()["torn"] >= 10 for copy in view.copies)


def test_a_right_press_and_release_are_nothing_to_a_demo_without_a_knife():
    rope = SCENES["rope"]
    run = Run("rope", rope.model_class, rope.params, rope.size)
    plain = Run("rope", rope.model_class, rope.params, rope.size)
    x, y = run.model.points()[-1]
    for frame in range(40):
        if frame == 5:
            run.apply({"type": "down", "pos": (x, y), "button": 3})
        if frame == 30:
            run.apply({"type": "up", "pos": (x, y), "button": 3})
        run.step()
        plain.step()
    assert state_hash(run.state()) == state_hash(plain.state())


def test_a_move_during_a_part_way_frame_waits_for_its_end_and_is_kept_under_the_next():
    run, whole = pure_run(), pure_run()
    x, y = run.model.points()[-1]
    for r in (run, whole):
        r.apply({"type": "down", "pos": (x, y)})
    run.step_phase()
    run.apply({"type": "move", "pos": (x + 40.0, y)})
    assert run.phase is not None, "a move does not end a part-way frame"
    run.step()
    whole.step()
    whole.apply({"type": "move", "pos": (x + 40.0, y)})
    for r in (run, whole):
        r.step()
    assert state_hash(run.state()) == state_hash(whole.state())
    assert run._log[1] == [{"type": "move", "pos": (x + 40.0, y)}]


def test_a_record_the_run_does_not_know_is_refused_in_one_line():
    with pytest.raises(ValueError, match="^a run takes pointer, key, set and restart records"):
        pure_run().apply({"type": "wiggle"})


def test_an_events_file_takes_set_and_restart_records_and_refuses_bad_ones_in_one_line():
    entries = parse_script([{"frame": 0, "type": "set", "name": "tear", "value": 2},
                            {"frame": 1, "type": "restart", "at_once": True}])
    assert entries == [{"frame": 0, "type": "set", "name": "tear", "value": 2},
                       {"frame": 1, "type": "restart", "at_once": True}]
    state = run_script(pure_run(), entries, 3)
    assert state["params"]["tear"] == 2 and state["frame"] == 3
    for bad, words in (({"type": "set", "name": "tear", "value": "much"}, "'value' must be"),
                       ({"type": "set", "name": 3, "value": 1.0}, "'name' must be"),
                       ({"type": "set", "name": "tear", "value": float("nan")}, "finite"),
                       ({"type": "restart", "at_once": "yes"}, "'at_once' must be")):
        with pytest.raises(ScriptError, match=words) as caught:
            parse_script([dict(bad, frame=0)])
        assert "\n" not in str(caught.value)


def test_a_set_of_a_name_the_scene_lacks_is_refused_before_it_is_kept():
    run = pure_run()
    with pytest.raises(ParamError, match="unknown parameter 'stiffness'"):
        run.apply({"type": "set", "name": "stiffness", "value": 1.0})
    assert run._log == {}
