"""Issue 34 item 2 (S9): a rescue the falling spider's hint offers is always there.

Before: the spider could ride (and be carried) anywhere a thread hung, below the world's floor
too; every fatal fall seen began 64-681 px below it, where no shot can pin an anchor in the
world, and yet the hint said "shoot silk and hang on" for the whole 110-frame fall (even a fall
from inside the world ends ~1,700 px down: its last ~40-60 frames offered a rescue none could
make). Now the world's edges (x 0..1800, y 0..1100: `model.bounds()`) keep every knot that
hangs on an anchor, so the riding spider and every dangling thread stay inside; a falling
spider can hang on while it is within RESCUE_REACH of the world and has the silk for a full
shot (`model.hang_on()`), the hint offers the rescue only then, and the fall ends as soon as it
is out of reach.
"""

import random

from scenes.spider.model import WORLD
from scenes.spider.model.spider import RESCUE_REACH, outside_by
from scenes.spider.model.edges import LIFT
from scenes.spider.view_hud import FALLING, falling_words

from tests.support.spider import (cut_around, holding_direction, holding_directions, quiet_model,
                                  run, tap)

FALLS = 24
"""Seeded falls: the even ones from a random thread of the web, the odd ones from the bottom of
a piece of web left dangling on one thread (cut loose by cutting that thread)."""


def _hanging_piece(start, keep):
    """The threads reachable from `start` without crossing `keep`."""
    seen, todo, threads = {id(start)}, [start], []
    while todo:
        knot = todo.pop()
        for thread in knot.threads:
            if thread is keep or thread in threads:
                continue
            threads.append(thread)
            other = thread.other(knot)
            if id(other) not in seen:
                seen.add(id(other))
                todo.append(other)
    return threads


def seeded_fall(seed):
    """A game in which the spider is cut loose; returns (model, rng, kind)."""
    rng = random.Random(f"fall:{seed}")
    kind = ("web", "dangling")[seed % 2]
    gravity = rng.choice([0.3, rng.uniform(0.0, 1.5)]) if kind == "web" else rng.uniform(0.6, 1.5)
    model = quiet_model(seed, gravity=gravity, iterations=rng.choice([1, 4, 12]))
    web = model.web
    if kind == "dangling":
        center = (rng.uniform(780.0, 1020.0), rng.uniform(560.0, 700.0))
        nearest_anchor = min(((k.x - center[0]) ** 2 + (k.y - center[1]) ** 2) ** 0.5
                             for k in web.knots if k.pinned)
        radius = min(rng.uniform(170.0, 260.0), nearest_anchor - 20.0)
        inside = [k for k in web.knots
                  if (k.x - center[0]) ** 2 + (k.y - center[1]) ** 2 < radius * radius]
        # keep the one thread that leaves the circle highest up: the piece hangs on it
        leaving = [t for t in web.threads if (t.a in inside) != (t.b in inside)]
        keep = min(leaving, key=lambda t: min(t.a.y, t.b.y))
        inner = keep.b if keep.b in inside else keep.a
        model.spider.place(keep, 0.0 if keep.a is inner else 1.0)  # not on the piece yet
        cut_around(model, center, radius, keep=keep)
        run(model, 300)  # the piece swings down and comes to rest on the floor
        lowest = max(_hanging_piece(inner, keep), key=lambda t: t.a.y + t.b.y)
        model.spider.place(lowest, 0.5)  # the spider went down to its lowest thread
        run(model, 20)
        web.cut(keep, 0.5)  # a cutter cuts the one thread the piece hangs on
    else:
        threads = [t for t in web.threads if t.length() > 20.0]
        model.spider.place(rng.choice(threads), rng.uniform(0.1, 0.9))
        run(model, 30)
        nearest_anchor = min(((k.x - model.spider.x) ** 2 + (k.y - model.spider.y) ** 2) ** 0.5
                             for k in web.knots if k.pinned)
        cut_around(model, model.spider.position, min(rng.uniform(40.0, 110.0),
                                                     nearest_anchor - 10.0))
    return model, rng, kind


def test_whenever_the_hint_offers_a_rescue_a_shot_holds_and_the_spider_stays_in_the_world():
    offered = offered_without_hold = 0
    kinds = {"web": 0, "dangling": 0}
    started_outside = rescued = died = 0
    windows = []  # frames the rescue was offered in each fall left to run its course
    for seed in range(FALLS):
        model, rng, kind = seeded_fall(seed)
        model.step()  # the spider notices it hangs on nothing
        assert model.spider.state == "falling", (seed, kind)
        kinds[kind] += 1
        started_outside += outside_by(model.spider.position, model.bounds()) > 0.0
        rescue_at = rng.randint(1, 30) if seed % 4 < 2 else None
        frame = 0
        offered_before = offered
        while model.spider.state == "falling":
            assert outside_by(model.spider.position, model.bounds()) <= RESCUE_REACH + 22.0
            if falling_words(model) == FALLING:
                offered += 1
                offered_without_hold += holding_directions(model, stop_at=1) == 0
                if frame == rescue_at:
                    tap(model, holding_direction(model))
                    assert model.spider.state == "riding", (seed, frame)
                    break
            frame += 1
            model.step()
        if model.spider.state == "riding":
            rescued += 1
            depth = outside_by(model.spider.position, model.bounds())
            for _ in range(int(RESCUE_REACH / LIFT) + 60):
                model.step()
                now = outside_by(model.spider.position, model.bounds())
                assert now <= depth + 1e-6, seed  # drawn back, never farther out
                depth = now
            assert depth == 0.0, (seed, depth)  # back inside the world
        else:
            died += 1
            assert model.game_over and model.cause == "fell"
            windows.append(offered - offered_before)
    assert offered_without_hold == 0
    assert started_outside == 0  # every fall began inside the world's edges
    assert min(windows) >= 36  # even from the floor, 0.6 s to hang on (from the hub, 1.2 s)
    assert kinds == {"web": FALLS // 2, "dangling": FALLS // 2}
    assert rescued == FALLS // 2 and died == FALLS // 2


def test_a_piece_dangling_on_one_thread_rests_on_the_floor_and_the_spider_cannot_crawl_out():
    model = quiet_model(3, gravity=1.5, iterations=1)
    web = model.web
    center, radius = (900.0, 640.0), 250.0
    inside = [k for k in web.knots if (k.x - 900.0) ** 2 + (k.y - 640.0) ** 2 < radius * radius]
    leaving = [t for t in web.threads if (t.a in inside) != (t.b in inside)]
    keep = min(leaving, key=lambda t: min(t.a.y, t.b.y))
    cut_around(model, center, radius, keep=keep)
    lowest = 0.0
    for _ in range(600):
        model.step()
        held = [k for k in web.knots if web.reaches_anchor(k)]
        lowest = max(lowest, max(k.y for k in held))
        assert all(outside_by(k.position, model.bounds()) == 0.0 for k in held)
    assert lowest == WORLD[1]  # it reached the floor and lies on it
    # hold the pointer far below the floor: the spider crawls to the floor, never past it
    model.spider.place(keep, 0.5)
    goal = (model.spider.x, WORLD[1] + 600.0)
    model.input("down", (goal[0] - model.camera[0], goal[1] - model.camera[1]))
    deepest = 0.0
    for _ in range(900):
        model.step()
        deepest = max(deepest, model.spider.y)
        assert outside_by(model.spider.position, model.bounds()) == 0.0
    assert deepest > WORLD[1] - 5.0  # it got down to the floor
