"""S8, S9 (falling), S10 (restart by key), reproducibility and the difficulty ramp."""

import json
from math import hypot

import pytest

from scenes.kit.model.run import record, Run, run_script
from scenes.spider.model import director
from scenes.spider.model import HP_MAX, PARAMS, SpiderModel
from scenes.spider.model.spider import FALL_FRAMES, RESCUE_REACH, outside_by

from tests.support.spider import make_model, quiet_model, tap
from tests.support.spider_players import Bot


def cut_loose(model, radius=70.0):
    """Sever every thread crossing a circle around the spider, as cutters would (S9)."""
    sx, sy = model.spider.position
    inside = lambda k: hypot(k.x - sx, k.y - sy) < radius  # noqa: E731
    crossing = [t for t in model.web.threads if inside(t.a) != inside(t.b)]
    for thread in crossing:
        model.web.cut(thread, 0.5)
    return len(crossing)


def test_s8_damage_to_zero_ends_the_game_and_the_spider_turns_dead():
    model = quiet_model()
    hits = 0
    while not model.game_over:
        model.hurt(2)
        hits += 1
        for _ in range(61):
            model.step()
    assert hits == HP_MAX // 2
    assert model.hp == 0 and model.spider.state == "dead" and model.cause == "bitten"
    state = model.observe()
    frozen = (state["spider"], state["silk"], len(state["edges"]))
    model.input("key_down", "right")
    tap(model, (100, 100))
    for _ in range(120):
        model.step()
    later = model.observe()
    assert (later["spider"], later["silk"], len(later["edges"])) == frozen
    assert later["game_over"] and not model.swarm.enemies  # nothing new comes after the end


def test_hurts_are_spaced_by_a_short_grace():
    model = quiet_model()
    model.hurt(1)
    model.hurt(1)
    assert model.hp == HP_MAX - 1


def test_s9_cut_off_from_every_anchor_the_spider_falls_briefly_then_dies():
    model = quiet_model()
    assert cut_loose(model) >= 4
    model.step()
    assert model.spider.state == "falling" and model.spider.thread is None
    heights = []
    while not model.game_over:  # shown falling for a moment, while it can still hang on ...
        assert model.hang_on() == "" and len(heights) < FALL_FRAMES
        assert model.observe()["spider"]["edge"] is None
        model.step()
        heights.append(model.spider.y)
    assert heights == sorted(heights) and heights[-1] - heights[0] > 300  # falls, faster and faster
    assert len(heights) > 40  # ... about a second from the web's lower half ...
    # ... and dies once it is out of reach of the world (issue 34: before, after 110 frames)
    assert outside_by(model.spider.position, model.bounds()) > RESCUE_REACH
    assert model.spider.state == "dead" and model.cause == "fell"


def test_s9_shooting_silk_while_falling_saves_the_spider():
    model = quiet_model()
    cut_loose(model)
    for _ in range(25):
        model.step()
    assert model.spider.state == "falling"
    sx, sy = model.spider.position
    tap(model, (sx + 30, sy - 200))  # up and a little right: back toward the web
    assert model.spider.state == "riding" and model.counts["rescues"] == 1
    for _ in range(FALL_FRAMES * 3):
        model.step()
    assert model.spider.state == "riding" and not model.game_over
    assert model.web.reaches_anchor(model.spider.thread.a)


def test_s9_without_silk_a_falling_spider_is_lost():
    model = quiet_model()
    cut_loose(model)
    model.step()
    model.silk = 0.0
    sx, sy = model.spider.position
    tap(model, (sx, sy - 200))
    assert model.spider.state == "falling" and model.last_shot[2] == "out of silk"
    assert model.hang_on() == "out of silk"  # so the hint offers no rescue (issue 34)
    for _ in range(FALL_FRAMES):
        model.step()
    assert model.game_over


def test_s10_key_r_twice_restarts_with_a_fresh_game():
    sim = Run("spider", SpiderModel, PARAMS, (960, 540), seed=5)
    for _ in range(200):
        sim.step()
    sim.model.hurt(3)
    sim.apply(record("key_down", "r"))  # mid-game the first R only asks
    assert sim.restarts == 0 and sim.model.hp < HP_MAX
    sim.apply(record("key_down", "r"))
    assert sim.model.frame == 0 and sim.model.hp == HP_MAX and sim.model.score == 0
    assert sim.restarts == 1


def bot_game(seed, frames):
    model = make_model(seed)
    bot = Bot(model)
    for _ in range(frames):
        bot.act()
        model.step()
    return json.dumps(model.observe(), sort_keys=True)


@pytest.mark.slow
def test_seeded_runs_are_reproducible():
    first = bot_game(7, 600)
    assert first == bot_game(7, 600)
    assert first != bot_game(8, 600)


@pytest.mark.slow
def test_seeded_scripted_runs_through_the_simulation_are_identical():
    script = [{"frame": 5, "type": "key_down", "key": "right"},
              {"frame": 90, "type": "key_up", "key": "right"},
              {"frame": 100, "type": "down", "pos": (300.0, 120.0)},
              {"frame": 101, "type": "up", "pos": (300.0, 120.0)},
              {"frame": 200, "type": "down", "pos": (700.0, 400.0)},
              {"frame": 400, "type": "up", "pos": (700.0, 400.0)}]
    states = [json.dumps(run_script(Run("spider", SpiderModel, PARAMS, (960, 540), seed=2),
                                    script, 900), sort_keys=True) for _ in range(2)]
    assert states[0] == states[1]


def test_difficulty_ramps_with_time():
    minutes = [director.pressure(m * 3600) for m in range(12)]
    assert minutes == sorted(minutes) and minutes[0] == 0 and minutes[3] == pytest.approx(1.0)
    assert minutes[5] < minutes[6] < minutes[8] == director.MAX_PRESSURE == minutes[11]
    early, late = minutes[0], minutes[3]
    assert director.spawn_interval(late) < director.spawn_interval(early) / 2
    assert director.flight_speed(late) > director.flight_speed(early) * 1.5
    assert director.max_active(late) > director.max_active(early)
    assert director.blink_frames(late) < director.blink_frames(early)
    assert director.cutter_chance(director.CUTTER_FROM - 1) == 0.0
    assert director.cutter_chance(director.RAMP_FRAMES) > 0.3


@pytest.mark.slow
def test_an_idle_spider_lasts_minutes_not_seconds_nor_for_ever():
    model = make_model(seed=1)
    for frame in range(12 * 3600):
        model.step()
        if model.game_over:
            break
    assert 45 * 60 < frame < 6 * 3600  # about one to two minutes without a player


@pytest.mark.slow
@pytest.mark.parametrize("values", [
    {"iterations": 1, "gravity": 0.5, "catch_force": 2.0, "relax_force": 0.5},
    {"iterations": 40, "gravity": 0.0, "catch_force": 0.0, "relax_force": 0.0},
])
def test_wild_input_at_extreme_settings_stays_finite(values):
    import random

    model = make_model(seed=9, **values)
    rng = random.Random(1)
    keys = ("left", "right", "up", "down", "w", "a", "s", "d", "space", "o")
    for frame in range(700):
        roll = rng.random()
        if roll < 0.05:
            model.input(rng.choice(("key_down", "key_up")), rng.choice(keys))
        elif roll < 0.12:
            point = (rng.uniform(-2e5, 2e5), rng.uniform(-2e5, 2e5)) if rng.random() < 0.1 \
                else (rng.uniform(0, 960), rng.uniform(0, 540))
            model.input(rng.choice(("down", "move", "up", "up")), point)
        model.hp = max(model.hp, 3)
        model.step()
    state = model.observe()
    flat = [v for node in state["nodes"] for v in node[:2]] + state["spider"]["pos"] + \
        state["camera"] + [v for e in state["enemies"] for v in e["pos"]]
    assert all(v == v and abs(v) < 1e7 for v in flat)
    json.dumps(state, allow_nan=False)
