"""Spider game robustness (issue #7): degenerate shots, cuts and catches, and nothing that leaves
the world for good (a corpse on cut-off silk, bugs flying on after the spider is gone)."""

from math import hypot, isfinite

import pytest

from scenes.spider.enemies import LOST_DISTANCE, Enemy
from scenes.spider.model import WORLD
from scenes.spider.upkeep import FALL_OUT_MARGIN
from spider_helpers import across, far_thread, launch, quiet_model, tap
from robustness_helpers import MARGIN


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
