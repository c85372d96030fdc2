"""Whole games: a scripted player over one and three minutes, and a recorded game replayed headless."""

import json
import subprocess
import sys

import pytest

from scenes.kit.model.run import inputs_to, Run
from scenes.spider.model import MAX_THREADS, PARAMS, SpiderModel
from scenes.spider.model.upkeep import BUDGET

from tests.support.spider_players import Bot


def scripted_game(frames, seed=0):
    """A bot plays `frames` frames through the Run, pressing r after each game over."""
    sim = Run("spider", SpiderModel, PARAMS, (960, 540), seed=seed)
    bot = Bot(None, send=inputs_to(sim), model_of=lambda: sim.model)
    totals = {"caught": 0, "collected": 0, "cuts": 0, "shots": 0, "bites": 0}
    peak_threads = 0
    games = 1
    for _ in range(frames):
        if sim.model.game_over and sim.model.frame and bot.cooldown == 0:
            for key in totals:
                totals[key] += sim.model.counts[key]
            bot.send("key_down", "r")  # restart, as a player would
            games += 1
        bot.act()
        sim.step()
        peak_threads = max(peak_threads, len(sim.model.web.threads))
    for key in totals:
        totals[key] += sim.model.counts[key]
    return sim, totals, games, peak_threads, bot


@pytest.mark.slow
def test_a_one_minute_game_has_catches_collections_and_shots():
    sim, totals, games, peak, _ = scripted_game(3600, seed=2)
    assert games == 1 and not sim.model.game_over
    assert totals["caught"] >= 5 and totals["collected"] >= 3 and totals["shots"] >= 3
    assert sim.model.score == totals["collected"]
    assert peak <= MAX_THREADS


@pytest.mark.slow
def test_a_three_minute_scripted_game_catches_collects_and_cuts():
    sim, totals, games, peak, _ = scripted_game(3 * 60 * 60, seed=0)
    assert totals["caught"] >= 30 and totals["collected"] >= 20 and totals["cuts"] >= 10
    assert games <= 2  # a careful player lasts about three minutes
    assert peak <= MAX_THREADS and len(sim.model.web.threads) <= BUDGET + 12


@pytest.mark.slow
def test_a_recorded_game_replays_identically_through_the_headless_app(tmp_path, repo_root):
    frames = 600
    sim, _, _, _, bot = scripted_game(frames, seed=3)
    assert any(e["type"] == "down" for e in bot.log)  # it shot or crawled by pointer
    assert sim.model.counts["caught"] >= 1
    events = tmp_path / "events.json"
    events.write_text(json.dumps(bot.log))
    state_path = tmp_path / "state.json"
    subprocess.run([sys.executable, "main.py", "--scene", "spider", "--headless", "--frames",
                    str(frames), "--seed", "3", "--input", str(events), "--state",
                    str(state_path)], cwd=repo_root, check=True, timeout=240)
    replayed = json.loads(state_path.read_text())
    expected = json.loads(json.dumps(sim.state()))
    expected["timeline"] = {"length": frames, "back": 0}  # the scene's rewind: the whole run
    expected["compare"] = None  # the host's side by side: off
    assert replayed == expected
