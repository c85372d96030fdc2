"""Sleeping knots (issue 14, S1): a still web sleeps, every wake rule wakes what it should, and
sleeping changes neither determinism nor what the player sees (the rest and the sway)."""

from math import hypot

import pytest

from verlet import sleeping as sleep
from scenes.spider.model.web import LOOSE_FALL

from tests.support.spider import (IDLE_FRAMES, across, asleep_share, far_thread, free_knots, idle,
                                  ladder_web, launch, make_model, positions, quiet_model, run,
                                  set_param, tap)
from tests.support.spider_players import Bot


def farthest(model, point, share=0.5):
    """The free knots farther than the median distance from `point`."""
    knots = sorted(free_knots(model), key=lambda k: hypot(k.x - point[0], k.y - point[1]))
    return knots[int(len(knots) * share):]


# --- a still web sleeps -----------------------------------------------------------------------

def test_a_web_left_alone_falls_asleep_and_solves_next_to_nothing():
    model = idle()
    assert asleep_share(model) > 0.9
    model.step()
    assert model.web.sleep.solved_count() < 0.1 * len(model.web.threads)


def test_a_sleeping_knot_stands_still_and_keeps_its_state():
    model = idle()
    sleeper = next(k for k in free_knots(model) if k.asleep)
    state = (sleeper.x, sleeper.y, sleeper.px, sleeper.py)
    assert hypot(sleeper.x - sleeper.px, sleeper.y - sleeper.py) < 0.01  # at rest
    run(model, 60)
    assert sleeper.asleep and (sleeper.x, sleeper.y, sleeper.px, sleeper.py) == state


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_web_left_alone_comes_to_the_same_rest_asleep_or_awake(seed):
    slept, awake = quiet_model(seed), quiet_model(seed)
    awake.web.sleeping = False
    run(slept, 1200)
    run(awake, 1200)
    assert asleep_share(slept) > 0.9
    gaps = [hypot(x0 - x1, y0 - y1) for (x0, y0), (x1, y1) in zip(positions(slept),
                                                                      positions(awake))]
    assert max(gaps) < 0.5


# --- the switch and determinism --------------------------------------------------------------

@pytest.mark.slow
def test_sleeping_off_is_the_plain_step_and_sleeping_with_nobody_asleep_matches_it(monkeypatch):
    """With nothing asleep, the sleeping step solves with the numbers of `verlet.Distance`:
    a game with bugs, a catch, shots and a cutter stays equal bit for bit."""
    monkeypatch.setattr(sleep, "SLEEP_FRAMES", 10**9)
    games = [make_model(seed=5), make_model(seed=5)]
    games[1].web.sleeping = False
    assert not games[1].web.sleeping
    for model in games:
        bot = Bot(model)
        for _ in range(900):
            bot.act()
            model.step()
    first, second = (model.observe() for model in games)
    assert first["counts"]["caught"] + first["counts"]["shots"] > 0
    assert first == second


@pytest.mark.slow
def test_sleeping_is_deterministic_same_seed_same_input_same_state():
    states = []
    slept = 0
    for _ in range(2):
        model = make_model(seed=7)
        bot = Bot(model, roam_seed=7)
        for frame in range(2400):
            bot.act()
            model.step()
            slept = max(slept, model.web.sleep.asleep_count())
        states.append((model.observe(), [(k.x, k.y, k.px, k.py, k.asleep) for k in model.web.knots]))
    assert slept > 10  # knots did sleep along the way: the test is about sleeping
    assert states[0] == states[1]


# --- wake rules ----------------------------------------------------------------------------------

def test_a_moving_neighbour_wakes_its_sleeping_knots_and_the_web_sleeps_again_after():
    model = idle()
    web = model.web
    spider = model.spider
    poked = max(free_knots(model), key=lambda k: hypot(k.x - spider.x, k.y - spider.y))
    web.sleep.wake_around(poked)  # as the game wakes a knot it moves
    poked.x += 6.0  # a shove: it and its neighbours now move
    ring = {id(t.other(poked)) for t in poked.threads}
    second = [t.other(k) for k in free_knots(model) if id(k) in ring for t in k.threads]
    second = [k for k in second if not k.pinned and id(k) not in ring and k is not poked]
    assert second and all(k.asleep for k in second)
    run(model, 3)
    assert sum(not k.asleep for k in second) > 0.5 * len(second)  # the motion spread to them
    run(model, 900)
    assert asleep_share(model) > 0.9  # and once it died down, the web slept again


def test_a_knot_woken_where_nothing_moves_wakes_no_neighbour():
    model = idle()
    knot = next(k for k in free_knots(model) if k.asleep and len(k.threads) >= 3)
    neighbours = [t.other(knot) for t in knot.threads if not t.other(knot).pinned]
    model.web.sleep.wake(knot)  # woken, not moved: it replays its rest with its neighbours
    run(model, 20)
    assert all(k.asleep for k in neighbours)


def test_a_shot_wakes_the_knots_of_the_new_thread_and_the_thread_it_hit():
    model = idle()
    target = far_thread(model, distance=120.0)
    assert target.a.asleep or target.b.asleep
    tap(model, target.point(0.5))
    new = model.spider.thread
    assert new.kind == "silk" and model.counts["shots"] == 1
    hit = new.b  # the knot split into the target thread
    assert not new.a.asleep and not hit.asleep
    assert all(not t.other(hit).asleep for t in hit.threads if not t.other(hit).pinned)


def test_a_catch_wakes_the_thread_it_lands_on():
    model = idle()
    target = far_thread(model)
    ends = (target.a, target.b)
    start, middle = across(target)
    bug = launch(model, "walker", start, middle)
    while bug.state != "caught":
        model.step()
    assert not any(k.asleep for k in ends if not k.pinned)
    run(model, 60)  # struggling: its knot is shoved about every frame and never sleeps
    assert not bug.knot.asleep and model.web.sleep.solved_count() > 0


def test_a_cut_wakes_both_sides_of_the_severed_thread():
    model = idle()
    target = far_thread(model)
    ends = [k for k in (target.a, target.b) if not k.pinned]
    start, middle = across(target)
    cutter = launch(model, "cutter", start, middle)
    while model.counts["cuts"] == 0:
        model.step()
    assert ends and not any(k.asleep for k in ends)
    assert cutter.cuts == 1


def test_the_spider_crawling_wakes_its_thread_and_standing_still_lets_it_sleep():
    model = idle()
    thread = model.spider.thread
    assert thread.a.asleep or thread.a.pinned
    run(model, 20, {0: [("key_down", "right")]})
    held = [k for k in model.spider.knots_held() if not k.pinned]
    assert held and not any(k.asleep for k in held)
    run(model, IDLE_FRAMES, {0: [("key_up", "right")]})
    assert all(k.asleep for k in model.spider.knots_held() if not k.pinned)


@pytest.mark.slow
@pytest.mark.parametrize("name, value", [("gravity", 0.6), ("iterations", 10),
                                         ("catch_force", 1.0), ("relax_force", 0.2)])
def test_any_slider_wakes_the_whole_web(name, value):
    model = idle()
    set_param(model, name, value)
    assert not any(k.asleep for k in model.web.knots)


@pytest.mark.slow
def test_gravity_set_on_the_web_wakes_it_and_it_sags_as_an_awake_web_would():
    slept, awake = idle(), idle()
    awake.web.sleeping = False
    for model in (slept, awake):
        model.web.gravity = 1.2
    assert not any(k.asleep for k in slept.web.knots)
    run(slept, 600)
    run(awake, 600)
    gaps = [hypot(x0 - x1, y0 - y1) for (x0, y0), (x1, y1) in zip(positions(slept),
                                                                      positions(awake))]
    assert max(gaps) < 0.5


def test_a_piece_cut_loose_never_sleeps_while_it_falls():
    model = idle()
    web = model.web
    target = far_thread(model)
    piece = target.a if not target.a.pinned else target.b
    for thread in list(piece.threads):
        web.remove_thread(thread)
    web.connect(piece, web.add_knot(piece.x + 20, piece.y))  # a two-knot scrap on no anchor
    heights = []
    for _ in range(SLEEPY := sleep.SLEEP_FRAMES * 3):
        model.step()
        heights.append(piece.y)
        assert not piece.asleep
    assert heights[-1] - heights[0] > LOOSE_FALL * SLEEPY  # it fell all the while


def test_a_corpse_at_rest_sleeps_and_wakes_with_its_thread():
    model = quiet_model()
    target = far_thread(model)
    start, middle = across(target)
    bug = launch(model, "walker", start, middle)
    while bug.state != "dead":
        model.step()
    run(model, 900)
    assert bug.knot.asleep
    where = (bug.knot.x, bug.knot.y)
    run(model, 60)
    assert (bug.knot.x, bug.knot.y) == where  # asleep, the relax nudge is not applied
    set_param(model, "relax_force", 0.3)
    model.step()
    assert not bug.knot.asleep and (bug.knot.x, bug.knot.y) != where


# --- the sway is the same ------------------------------------------------------------------------

@pytest.mark.slow
def test_a_catch_on_a_sleeping_web_sways_like_one_on_a_web_that_never_slept():
    """The same bug caught on the same thread of a sleeping and a never-sleeping web (the
    strongest catch force): each knot's motion from where it rested, over three seconds,
    differs by a small part of the motion itself (measured: at most 0.2 px in a 9.6 px sway)."""
    games = [idle(catch_force=2.0), idle(catch_force=2.0)]
    games[1].web.sleeping = False
    run(games[1], IDLE_FRAMES)  # as settled as the sleeping one
    index = games[0].web.threads.index(far_thread(games[0], distance=120.0))
    start, middle = across(games[0].web.threads[index])
    starts, paths = [], []
    for model in games:
        launch(model, "walker", start, middle)
        starts.append(positions(model))
        paths.append([])
        for _ in range(180):
            model.step()
            paths[-1].append(positions(model))
    assert model.counts["caught"] == 1 and len(games[0].web.knots) == len(games[1].web.knots)
    largest = worst = 0.0
    for frame_a, frame_b in zip(*paths):
        for (xa, ya), (xb, yb), (sxa, sya), (sxb, syb) in zip(frame_a, frame_b, *starts):
            dxa, dya, dxb, dyb = xa - sxa, ya - sya, xb - sxb, yb - syb
            largest = max(largest, hypot(dxb, dyb))
            worst = max(worst, hypot(dxa - dxb, dya - dyb))
    assert largest > 8.0  # the catch really shook the web
    assert worst < 0.06 * largest


def sleeping_ladder():
    """The helpers' ladder (two anchors, a thread of four links) hung until it sleeps."""
    web, knots, threads = ladder_web(gravity=0.3, iterations=4)
    for _ in range(IDLE_FRAMES):
        web.step()
    assert all(k.asleep for k in knots if not k.pinned)
    return web, knots, threads


def test_every_change_of_the_graph_wakes_the_knots_it_touches():
    web, knots, threads = sleeping_ladder()
    knot, _, _ = web.split(threads[1], 0.5)
    assert not knot.asleep and not knots[1].asleep and not knots[2].asleep
    assert knots[3].asleep  # no thread of it changed

    web, knots, threads = sleeping_ladder()
    web.merge(knots[2])
    assert not knots[1].asleep and not knots[3].asleep

    web, knots, threads = sleeping_ladder()
    web.remove_thread(threads[2])
    assert not knots[2].asleep and not knots[3].asleep and knots[1].asleep

    web, knots, threads = sleeping_ladder()
    web.connect(knots[1], knots[3])
    assert not knots[1].asleep and not knots[3].asleep and knots[2].asleep

    web, knots, threads = sleeping_ladder()
    threads[1].rest /= 3.0  # held far past its stretch limit: it yields
    assert web.give_overstretched() == 1
    assert not knots[1].asleep and not knots[2].asleep and knots[3].asleep


def test_the_switch_wakes_everything_and_off_means_nothing_sleeps():
    web, knots, threads = sleeping_ladder()
    web.sleeping = False
    assert not web.sleeping and not any(k.asleep for k in knots)
    for _ in range(IDLE_FRAMES):
        web.step()
    assert not any(k.asleep for k in knots)
    assert web.sleep.solved_count() == len(web.threads)
