"""The web never grows without bound: idle split knots merge back, strands and old silk go."""

from math import cos, radians, sin

import pytest

from scenes.spider.model import MAX_THREADS
from scenes.spider.model.spider import Spider
from scenes.spider.model.upkeep import BUDGET, MERGE_AFTER, STRAND_LIFETIME, recycle, tidy
from scenes.spider.model.web import Web

from tests.support.spider import ladder_web, make_model, quiet_model
from tests.support.spider_players import Bot


def test_an_idle_straight_split_knot_is_merged_back():
    web, knots, threads = ladder_web()
    knot, _, _ = web.split(threads[1], 0.5)
    tidy(web, 1000)
    assert knot.alive  # not idle long enough yet
    web.frame += MERGE_AFTER
    tidy(web, 1000)
    assert not knot.alive and len(web.threads) == 4


def test_busy_or_bent_knots_stay():
    web, knots, threads = ladder_web()
    busy, _, _ = web.split(threads[1], 0.5)
    bent, _, _ = web.split(threads[3], 0.5)
    bent.y += 30  # a kink: something still pulls on it
    web.frame += MERGE_AFTER
    tidy(web, 1000, busy=[busy])
    assert busy.alive and bent.alive


def test_dangling_strands_are_taken_in_after_a_while():
    web, knots, threads = ladder_web()
    left, right = web.cut(threads[1], 0.5)
    web.frame += MERGE_AFTER
    tidy(web, 1000)
    assert left in web.threads and right in web.threads
    web.frame += STRAND_LIFETIME
    tidy(web, 1000)
    assert left not in web.threads and right not in web.threads
    assert all(k.threads for k in web.knots)  # no knot left without a thread


def test_recycling_takes_old_idle_silk_but_never_the_spiders_support():
    web = Web(gravity=0.0)
    wall, sky = web.add_knot(0, 0, pinned=True), web.add_knot(300, -200, pinned=True)
    perch, beyond = web.add_knot(100, 0), web.add_knot(150, 40)
    web.connect(wall, perch, kind="spoke")
    ridden = web.connect(perch, beyond, kind="spoke")
    web.frame = 10
    lifeline = web.connect(perch, sky, kind="silk")
    web.frame = 20
    spare = web.connect(web.add_knot(400, 0, pinned=True), web.add_knot(400, 90, pinned=True))
    web.riders.append(Spider(ridden, 0.5))
    held = lambda: web.reaches_anchor(beyond)  # noqa: E731
    assert recycle(web, still_held=held, budget=0) is lifeline  # the oldest silk goes first ...
    web.frame = 5
    web.connect(perch, sky, kind="silk")  # spun again, now the oldest silk of all ...
    web.remove_thread(web.threads[0])  # ... and the only hold
    before = len(web.threads)
    assert recycle(web, still_held=held, budget=0) is spare
    assert held() and len(web.threads) == before - 1
    assert recycle(web, still_held=held, budget=0) is None and held()


@pytest.mark.slow
def test_web_stays_bounded_under_a_shooting_spree():
    model = quiet_model(iterations=3)
    counts = []
    for frame in range(4200):
        if frame % 12 == 0:
            model.silk = 100.0
            angle = radians(frame * 37 % 360)
            spider = model.spider
            model.shoot((spider.x + cos(angle) * 200, spider.y + sin(angle) * 200))
            # back and forth (issue 34: the world's edge now stops a spider that only ever
            # goes right, and every shot from the one knot it stands on keeps that knot busy)
            way = "right" if frame % 960 < 480 else "left"
            model.input("key_down" if frame % 240 < 120 else "key_up", way)
        model.step()
        counts.append((len(model.web.knots), len(model.web.threads)))
    assert model.counts["shots"] > 100
    assert max(threads for _, threads in counts) <= MAX_THREADS
    assert max(threads for _, threads in counts[-1500:]) <= BUDGET + 12
    assert max(knots for knots, _ in counts[-1500:]) <= 260


@pytest.mark.slow
def test_web_stays_bounded_over_a_long_game():
    # A game that has it all: catches, shots and cuts (seed 6 meets a dozen cuts in these two
    # minutes; the game of seed 4 met only 4 once the sliders' defaults changed, issue 13).
    model = make_model(seed=6, iterations=4)
    bot = Bot(model)
    peak = 0
    for _ in range(7200):
        model.hp = max(model.hp, 5)  # the bot must not die: this is about the web
        bot.act()
        model.step()
        peak = max(peak, len(model.web.threads))
        assert model.spider.state != "dead"
    assert model.counts["caught"] > 15 and model.counts["cuts"] > 5
    assert peak <= MAX_THREADS and len(model.web.threads) <= BUDGET + 12
    assert len(model.web.knots) < 2 * 145
