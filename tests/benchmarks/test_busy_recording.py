"""The recorded busy spider game the benchmarks replay (benchmarks/record_spider.py).

The phone-class and sleeping benchmarks time the last part of benchmarks/data/spider_busy.json;
these checks keep that file meaning what the benchmarks say: a valid events file of three
minutes of active play that replays to a busy web with the spider still playing, whose inputs
reach the model the same way through the scene (main.py --headless) as through a bare
Run (Pyodide), and that the recorder can make again deterministically. Nothing is timed.
"""

import pygame
import pytest

from benchmarks.record_spider import (BUSY_THREADS, GAME_FRAMES, PLAY_FIELD, SEED, load,
                                      new_simulation, record, replay)
from scenes.kit.model.script import entries_by_frame

RECORD_AGAIN = ("the recorded game no longer plays out busy with this spider game: run "
                "`python -m benchmarks.record_spider` and commit benchmarks/data/spider_busy.json")


@pytest.fixture(scope="module")
def entries():
    return load()


@pytest.fixture(scope="module")
def finished(entries):
    return replay(entries, GAME_FRAMES)


def test_recording_covers_three_minutes_of_play(entries):
    frames = [e["frame"] for e in entries]
    assert 0 <= min(frames) < 60
    assert GAME_FRAMES - 600 <= max(frames) < GAME_FRAMES
    # input keeps coming through the timed last part (frames 10,200 on), not only early on
    assert sum(1 for f in frames if f >= GAME_FRAMES - 600) >= 20


def test_recording_uses_only_inputs_that_reach_the_model_either_way(entries):
    left, top, right, bottom = PLAY_FIELD
    for entry in entries:
        if "pos" in entry:
            x, y = entry["pos"]
            assert left <= x <= right and top <= y <= bottom, entry
        else:
            assert entry["key"] in ("left", "right", "up", "down"), entry


def test_replay_ends_on_a_busy_web_with_the_spider_playing(finished):
    model = finished.model
    assert finished.frame == GAME_FRAMES
    assert finished.restarts == 0
    assert not model.game_over, RECORD_AGAIN
    assert len(model.web.threads) >= BUSY_THREADS, RECORD_AGAIN
    assert model.counts["shots"] >= 100  # active: about a shot every 1.2 s
    assert model.counts["caught"] >= 30 and model.counts["cuts"] >= 5


@pytest.mark.slow
def test_scene_and_simulation_replays_agree(entries):
    """The first minute through main.py's host (pygame events, widgets first) and through a
    bare Run give the same game."""
    import main
    from scenes.kit.scene import script_event

    frames = 3_600
    pygame.display.init()
    pygame.font.init()
    options = main.Options(scene="spider", seed=SEED)
    window = main.HeadlessWindow(main.SCENES["spider"].size)
    host = main.make_host(options, window)
    script = entries_by_frame(entries)
    button_down = False
    for frame in range(frames):
        for entry in script.get(frame, ()):
            button_down = {"down": True, "up": False}.get(entry["type"], button_down)
            host.handle(script_event(entry, button_down))
        host.frame(1)
    through_host = host.scene.run.state()
    through_sim = replay(entries, frames).state()
    for key in ("nodes", "edges", "spider", "score", "hp", "counts", "camera"):
        assert through_host[key] == through_sim[key], key


@pytest.mark.slow
def test_recorder_is_deterministic_and_its_events_replay_its_game():
    events, played = record(frames=900)
    again, _ = record(frames=900)
    assert events == again
    assert len(events) >= 30
    from scenes.kit.model.script import parse_script

    replayed = replay(parse_script(events), frames=900)
    assert replayed.state() == played.state()
    assert new_simulation().state() != played.state()  # the player changed the game
