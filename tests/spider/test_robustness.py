"""Spider game robustness (issue #7): degenerate shots, cuts and catches, and nothing that leaves
the world for good (a corpse on cut-off silk, bugs flying on after the spider is gone)."""

import random
from math import hypot, isfinite

import pytest

from scenes.spider.model.enemies import LOST_DISTANCE, Enemy, Swarm
from scenes.spider.model import WORLD
from scenes.spider.model.spider import Spider
from scenes.spider.model.upkeep import FALL_OUT_MARGIN
from scenes.spider.model.web import YIELD_STRETCH, Web
from tests.support.spider import across, far_thread, ladder_web, launch, quiet_model, tap
from tests.support.robustness import MARGIN


def all_finite(model):
    return all(isfinite(x) and isfinite(y) for x, y in model.points())


def test_a_corpse_on_a_cut_off_piece_is_dropped_once_it_falls_out_of_the_world():
    """Before: the corpse's knot was 'busy', so upkeep never forgot it and it fell for ever."""
    model = quiet_model(gravity=0.06)
    web = model.web
    a = web.add_knot(300.0, 900.0)
    b = web.add_knot(360.0, 900.0)
    web.connect(a, b)  # a piece hanging on no anchor: debris
    corpse = model.swarm.add(Enemy("walker", a.x, a.y, 1.0, 0))
    corpse.state, corpse.knot, corpse.life = "dead", a, 1.0
    lowest = 0.0
    for _ in range(600):
        model.step()
        lowest = max([lowest] + [y for _, y in model.points()])
    assert corpse not in model.swarm.enemies and not a.alive and not b.alive
    assert lowest <= WORLD[1] + FALL_OUT_MARGIN + 100.0  # forgotten within a frame of the line


def test_bugs_flying_when_the_spider_is_gone_leave_the_game():
    """Before: with no riding spider to chase, a flying bug flew straight on for ever."""
    model = quiet_model()
    start = (1500.0, 100.0)  # outside the web, flying away up and right: nothing to hit
    bug = launch(model, "walker", start, (start[0] + 100.0, start[1] - 100.0))
    model._end("bitten")
    for _ in range(int(LOST_DISTANCE / 1.5) + 200):
        model.step()
    assert bug not in model.swarm.enemies
    assert all(hypot(x - model.spider.x, y - model.spider.y) <= LOST_DISTANCE + 5.0
               for x, y in model.points()[len(model.web.knots) + 1:])


@pytest.mark.parametrize("where", ["spider", "knot", "far"])
def test_shooting_exactly_at_the_spider_or_a_knot_or_far_outside(where):
    model = quiet_model()
    threads = len(model.web.threads)
    spider = model.spider
    if where == "spider":
        target = spider.position
    elif where == "knot":
        target = spider.thread.a.position
    else:
        target = (-1e6, 1e6)
    tap(model, target)
    for _ in range(120):
        model.step()
        assert all_finite(model)
    if where == "spider":
        assert model.counts["shots"] == 0 and len(model.web.threads) == threads
    left, top, right, bottom = model.bounds()
    for knot in model.web.knots:
        assert left <= knot.x <= right and top - 1 <= knot.y <= bottom + 50


def test_shooting_at_the_far_end_knot_of_the_spiders_own_thread_fails_cleanly():
    model = quiet_model()
    spider = model.spider
    far = spider.thread.b.position
    tap(model, far)  # along its own thread: the only way a shot fails (S3)
    model.step()
    assert model.counts["failed_shots"] == 1 and model.counts["shots"] == 0
    assert all_finite(model)


@pytest.mark.parametrize("u", [0.0, 1.0, 0.5])
def test_cutting_the_thread_the_spider_is_on(u):
    model = quiet_model()
    spider = model.spider
    thread = spider.thread
    spider.t = u if u != 0.5 else spider.t
    model.web.cut(thread, u)
    for _ in range(200):
        model.step()
        assert all_finite(model)
    assert spider.state in ("riding", "falling", "dead")
    if spider.riding:
        assert spider.thread in model.web.threads and 0.0 <= spider.t <= 1.0


@pytest.mark.parametrize("end", ["a", "b"])
def test_catching_a_bug_exactly_at_a_threads_endpoint(end):
    model = quiet_model(gravity=0.0)
    thread = far_thread(model)
    knot = getattr(thread, end)
    start, _ = across(thread)
    bug = launch(model, "walker", start, knot.position)
    model.swarm.catch(bug, model.web, thread, 0.0 if end == "a" else 1.0)
    for _ in range(400):
        model.step()
        assert all_finite(model)
    assert bug.knot is not None and bug.knot.alive and not bug.knot.pinned


def test_spider_margin_covers_its_longest_fall():
    """The invariant's margin is the fall the game allows, not a number picked to pass."""
    model = quiet_model()
    model.spider.let_go()
    deepest = 0.0
    while not model.game_over:
        model.step()
        deepest = max(deepest, model.spider.y - WORLD[1])
    assert deepest <= MARGIN["spider"]


def loose_kinked_corpse(relax_force):
    """A cut-off piece of web (no anchor) bent into a V that opens to the right, with a
    corpse on the knot at its tip, and the swarm that relaxes it; no gravity."""
    web = Web(gravity=0.0, iterations=10)
    web.speed_limit = float("inf")  # the relax alone: in 10 s it falls past the web's top speed
    upper = web.add_knot(160.0, 100.0)
    tip = web.add_knot(100.0, 140.0, kind="split")
    lower = web.add_knot(160.0, 180.0)
    web.connect(upper, tip)
    web.connect(tip, lower)
    swarm = Swarm(catch_force=0.0, relax_force=relax_force)
    corpse = Enemy("walker", tip.x, tip.y, 1.0, 1)
    corpse.state, corpse.knot = "dead", tip
    swarm.add(corpse)
    return web, swarm, (upper, tip, lower)


@pytest.mark.parametrize("relax_force", [0.05, 0.5])
def test_s13_straightening_a_loose_corpse_does_not_propel_its_piece(relax_force):
    # The soak once found a cut-off V of silk with a corpse on its tip flying off at 60 px a
    # frame: the relax moved the knot alone, a push toward the inside of the V every frame.
    web, swarm, knots = loose_kinked_corpse(relax_force)
    start_x = sum(k.x for k in knots) / 3
    spider = Spider(web.threads[0])
    spider.state = "dead"  # nobody around to drag the thread
    for _ in range(600):
        swarm.step(web, spider, random.Random(0))
        web.step()
    centre_x = sum(k.x for k in knots) / 3
    upper, tip, lower = knots
    drift = sum(k.x - k.px for k in knots) / 3
    assert abs(centre_x - start_x) < 1e-6  # momentum kept: the piece only falls (LOOSE_FALL)
    assert abs(drift) < 1e-9
    straightness = (hypot(lower.x - upper.x, lower.y - upper.y)
                    / (hypot(tip.x - upper.x, tip.y - upper.y) + hypot(lower.x - tip.x, lower.y - tip.y)))
    assert straightness > 0.99  # the kink is gone (the V's arms were 0.55 of straight)


def test_s13_a_corpse_between_two_anchors_moves_its_knot_alone():
    web, knots, threads = ladder_web(gravity=0.0)
    knot, _, _ = web.split(threads[0], 0.5)  # between the pinned anchor and a free knot
    knot.y += 20.0
    swarm = Swarm(catch_force=0.0, relax_force=0.25)
    corpse = Enemy("walker", knot.x, knot.y, 1.0, 1)
    corpse.state, corpse.knot = "dead", knot
    swarm.add(corpse)
    anchor, free = (t.other(knot) for t in knot.threads)
    gap_before = 20.0
    before = (free.x, free.y)
    swarm._relax(corpse)
    # one pinned and one free neighbour: knot share 0.25 / (1 + 1/4) = 0.2 of the gap,
    # the free neighbour moves back 0.1 of it, and the midpoint gap closes by 0.25
    assert knot.y == pytest.approx(120.0 - 0.2 * gap_before, abs=1e-9)
    assert free.y == pytest.approx(before[1] + 0.1 * gap_before, abs=1e-9)
    assert (anchor.x, anchor.y) == (100.0, 100.0)
    mid_y = (anchor.y + free.y) / 2
    assert knot.y - mid_y == pytest.approx((1 - 0.25) * gap_before, abs=1e-9)


def test_a_thread_held_past_its_yield_gives_way_and_a_sound_web_does_not():
    # Two anchors 120 px apart joined through a knot by threads of rest 20: no solve can
    # reach that. Gauss-Seidel leaves the last thread solved at its rest and the other at 100
    # px, 5 x its rest, for good without the give.
    web = Web(gravity=0.0, iterations=40)
    left, right = web.add_knot(100.0, 100.0, pinned=True), web.add_knot(220.0, 100.0, pinned=True)
    middle = web.add_knot(160.0, 100.0)
    pulled = [web.connect(left, middle, 20.0), web.connect(middle, right, 20.0)]
    for _ in range(60):
        web.step()
    assert [round(t.length() / t.rest, 3) for t in pulled] == [5.0, 1.0]
    assert web.give_overstretched() == 1
    assert [round(t.rest, 3) for t in pulled] == [round(100.0 / YIELD_STRETCH, 3), 20.0]
    for _ in range(60):
        web.step()
    assert web.give_overstretched() == 0
    assert max(t.length() / t.rest for t in pulled) <= YIELD_STRETCH + 1e-9

    model = quiet_model()  # the woven web at its defaults is nowhere near its yield
    for _ in range(120):
        model.step()
    rests = [t.rest for t in model.web.threads]
    assert model.web.give_overstretched() == 0
    assert [t.rest for t in model.web.threads] == rests
