"""The spider game's best score (issue 12): kept between runs in a JSON file (here always in a
temporary folder), shown in the HUD and on the game-over panel ("new best!"), and never a
crash or a stop when the record is missing, corrupt or cannot be written."""

import json

import pygame
import pytest

from app import storage
from scenes.spider.scene import SpiderScene
from scenes.spider.model.session import Session, valid_best

from tests.support.spider_view import drawn_texts


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


@pytest.fixture
def folder(tmp_path, monkeypatch):
    where = tmp_path / "records"
    monkeypatch.setenv(storage.ENV_VAR, str(where))
    return where


def quiet_scene():
    scene = SpiderScene()
    scene.use_records(storage)  # what the host hands every scene it makes
    scene.model.director.countdown = float("inf")
    return scene


def play_to(scene, score):
    """A game that collected `score` bugs and then ended (the score rules are tested elsewhere:
    here only what follows from a score matters)."""
    scene.model.score = score
    scene.step()
    while not scene.model.game_over:
        scene.model.hurt(5)
        for _ in range(61):
            scene.step()




def test_the_best_score_is_kept_between_runs(folder, monkeypatch):
    first = quiet_scene()
    assert first.session.best == 0
    play_to(first, 7)
    assert json.loads((folder / "spider.json").read_text()) == {"best": 7}
    assert first.session.is_new_best(7)
    assert any(t.startswith("new best!") for t in drawn_texts(first, monkeypatch))
    first.restart()
    play_to(first, 3)  # a worse game: the best stands and the panel says so
    texts = drawn_texts(first, monkeypatch)
    assert "best 7" in texts and not any(t.startswith("new best") for t in texts)
    second = quiet_scene()  # a new run of the app
    assert second.session.best == 7
    assert "7" in drawn_texts(second, monkeypatch)  # in the HUD from the start
    play_to(second, 9)
    texts = drawn_texts(second, monkeypatch)
    assert "new best!  (was 7)" in texts
    assert json.loads((folder / "spider.json").read_text()) == {"best": 9}


def test_a_best_passed_mid_game_is_kept_at_once(folder):
    scene = quiet_scene()
    scene.model.score = 2
    scene.step()
    assert not scene.model.game_over
    assert json.loads((folder / "spider.json").read_text()) == {"best": 2}  # a closed window loses nothing


@pytest.mark.slow
@pytest.mark.parametrize("content", [b"{oops", b'{"best": "12"}', b'{"best": -4}', b'{"best": true}',
                                     b'{"best": 1e99}', b'{"best": 2.5}', b"\x00\x01", b"[]"])
def test_a_corrupt_record_starts_from_zero_and_is_mended(folder, content):
    folder.mkdir(parents=True)
    (folder / "spider.json").write_bytes(content)
    scene = quiet_scene()
    assert scene.session.best == 0
    play_to(scene, 2)
    assert json.loads((folder / "spider.json").read_text())["best"] == 2


def test_other_values_in_the_record_are_left_alone(folder):
    folder.mkdir(parents=True)
    (folder / "spider.json").write_text('{"best": 1, "games": 40}')
    scene = quiet_scene()
    play_to(scene, 5)
    assert json.loads((folder / "spider.json").read_text()) == {"best": 5, "games": 40}


def test_a_record_that_cannot_be_written_never_stops_the_game(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(storage.ENV_VAR, str(blocker / "records"))
    scene = quiet_scene()
    play_to(scene, 6)
    assert scene.session.best == 6  # still shown for this run
    scene.restart()
    for _ in range(30):
        scene.step()
    assert not scene.model.game_over and scene.model.frame == 30


def test_headless_and_test_runs_never_touch_the_players_record(tmp_path, monkeypatch):
    monkeypatch.delenv(storage.ENV_VAR, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # what main.py --headless sets
    scene = quiet_scene()
    play_to(scene, 11)
    assert scene.session.best == 11  # kept in memory for the run ...
    assert list(tmp_path.rglob("*")) == []  # ... and nowhere on disk


def test_the_session_believes_only_plausible_scores():
    assert [valid_best(v) for v in (5, 0, -1, True, 2.0, "3", None, 10 ** 12)] == [5, 0, 0, 0, 0,
                                                                                   0, 0, 0]
    kept = []
    session = Session(best=4, save=kept.append)

    class Game:
        score = 0
        game_over = False
        counts = {"shots": 0}

    game = Game()
    for score in (1, 4, 5, 5, 6):
        game.score = score
        session.step(game)
    assert kept == [5, 6] and session.best == 6 and session.is_new_best(6)
    session.new_game()
    assert not session.is_new_best(6) and session.is_new_best(7)
