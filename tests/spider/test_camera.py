"""Issue 13: the game never loses the spider off-screen, and no place is safe from the ramp.

Before: the camera was clamped to the 1800 x 1100 world while riding, but a spider can hang below
it (a rescue shot late in a fall, threads that sag): then it was off-screen, bugs could find no
place in view to appear, and a game sat at full HP for ever. Now the camera follows it there,
anchors shot into space stay inside the world, and bugs are placed around the spider.
"""

import random
from math import cos, pi, sin

import pytest

from scenes.spider.model.camera import COMFORT, KEEP, camera_target, follow, in_view
from scenes.spider.model.director import CROWDED_CLEARANCE, SPAWN_CLEARANCE, choose_place
from scenes.spider.model import WORLD
from scenes.spider.model.spider import SHOT_RANGE, Spider, plan_shot
from scenes.spider.model.web import Web

from tests.support.spider import SIZE, long_game, make_model, run
from tests.support.spider_players import Bot


def spider_edge(model):
    """How far the spider's centre is inside the view's nearest edge (negative: outside), px."""
    x, y = model.spider.x - model.camera[0], model.spider.y - model.camera[1]
    return min(x, y, SIZE[0] - x, SIZE[1] - y)


def hang_below_the_world(seed=0, depth=150.0):
    """A game whose spider, cut loose at the web's bottom, fell and hung on by a late shot: it
    rides a thread whose lower end hangs `depth` px below the world's floor."""
    model = make_model(seed)
    for _ in range(200):
        model.step()
    lowest = max((k for k in model.web.knots if not k.pinned), key=lambda k: k.y)
    model.spider.place(lowest.threads[0], 0.0 if lowest.threads[0].a is lowest else 1.0)
    model.spider.let_go()
    model.spider.x, model.spider.y = lowest.x, WORLD[1] + depth
    model.spider.vx, model.spider.vy = 0.0, 6.0
    assert model.shoot((lowest.x, 0.0))  # straight up, into the web or the sky
    return model


def test_a_spider_hanging_below_the_world_stays_in_view_and_bugs_keep_coming():
    model = hang_below_the_world()
    assert model.spider.riding and model.spider.y > WORLD[1]
    spawned = model.director.spawned
    edges, depths = [], []
    for frame in range(1800):  # an idle player: the spider just hangs there
        model.step()
        edges.append(spider_edge(model))
        depths.append(model.spider.y - WORLD[1])
        if model.game_over:
            break
    # it hung below the world, and the world's edges drew its thread back in (issue 34)
    assert depths[0] > 100.0 and max(depths[150:]) <= 0.0
    assert min(edges) >= KEEP - 1e-6  # the spider's centre never nearer the view's edge
    assert model.director.spawned - spawned >= 2  # the ramp reaches it there ...
    assert model.game_over and model.cause in ("bitten", "starved")  # ... an idle game ends


def test_a_careful_player_climbs_back_from_below_the_world_in_view():
    model = hang_below_the_world(seed=1)
    bot = Bot(model)
    for _ in range(1200):
        bot.act()
        model.step()
        assert spider_edge(model) >= KEEP - 1e-6
    assert model.spider.y < WORLD[1] and model.director.spawned >= 4


def test_the_camera_is_on_the_world_while_it_can_and_on_the_spider_always():
    inside = camera_target((900.0, 540.0), "riding", SIZE, WORLD)
    assert inside == (900.0 - SIZE[0] / 2, 540.0 - SIZE[1] / 2)
    corner = camera_target((300.0, 900.0), "riding", SIZE, WORLD)
    assert corner == (0.0, WORLD[1] - SIZE[1])  # near the world's corner: the world fills it
    edge = camera_target((30.0, 1080.0), "riding", SIZE, WORLD)
    assert edge == (30.0 - COMFORT, 1080.0 - SIZE[1] + COMFORT)  # but never hides the spider
    below = camera_target((900.0, WORLD[1] + 200.0), "riding", SIZE, WORLD)
    assert in_view((900.0, WORLD[1] + 200.0), below, SIZE, margin=99.0)
    # a spider moving far faster than the easing is still held inside the view
    camera = inside
    for step in range(60):
        spider = (900.0 + 40.0 * step, 540.0 + 25.0 * step)
        camera = follow(camera, camera_target(spider, "falling", SIZE, WORLD), spider, SIZE)
        assert in_view(spider, camera, SIZE, margin=KEEP - 1e-6)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_long_bot_games_never_lose_the_spider_and_bugs_keep_coming(seed):
    # A player who explores the whole world and reacts to a fall only after a second.
    stats = long_game(seed, 3600, rescue_delay=60)
    assert stats["outside"] == 0 and stats["closest_edge"] >= KEEP - 1e-6
    assert stats["spawns"][0] >= 10  # about one every 5 s at the start, 2 at most in flight


@pytest.mark.parametrize("depth", [0.0, 120.0, 300.0, 600.0])
def test_anchors_shot_into_space_stay_inside_the_world(depth):
    web = Web(gravity=0.0)
    knot = web.add_knot(0.0, 0.0, pinned=True)  # a web far away: every shot meets open sky
    web.connect(knot, web.add_knot(5.0, 0.0, pinned=True))
    bounds = (0.0, 0.0) + WORLD
    rng = random.Random(depth)
    made = 0
    for _ in range(300):
        spider = Spider(web.threads[0])
        spider.let_go()  # falling, at a random place along the floor, `depth` below it
        spider.x, spider.y = rng.uniform(50.0, WORLD[0] - 50.0), WORLD[1] + depth
        angle = rng.uniform(-pi, pi)
        target = (spider.x + cos(angle) * 100.0, spider.y + sin(angle) * 100.0)
        plan = plan_shot(web, spider, target, bounds)
        if not plan.ok:
            assert plan.reason in ("nothing to hold on to", "no room")
            continue
        made += 1
        x, y = plan.end
        assert 0.0 <= x <= WORLD[0] and 0.0 <= y <= WORLD[1]
        assert plan.length <= SHOT_RANGE + 1e-6
    if depth < SHOT_RANGE - 100.0:
        assert made >= 50  # shots upward still hang on
    if depth > SHOT_RANGE:
        assert made == 0  # too far below: the world is out of reach


@pytest.mark.slow
@pytest.mark.parametrize("where", [(60.0, 60.0), (1740.0, 80.0), (80.0, 1060.0),
                                   (1750.0, 1050.0), (900.0, 1100.0)])
def test_no_corner_of_the_world_or_below_it_is_safe_from_bugs(where):
    """(Below the world's floor the spider no longer rides, issue 34: the floor itself is the
    last place to try; a thread pinned below it is drawn back in once a bug splits it.)"""
    model = make_model(seed=5)
    web = model.web
    left = web.add_knot(where[0] - 40.0, where[1], pinned=True)
    right = web.add_knot(where[0] + 40.0, where[1], pinned=True)
    model.spider.place(web.connect(left, right), 0.5)
    spawned = []
    for _ in range(600):
        model.step()
        if model.director.spawned > len(spawned):
            spawned.append(model.swarm.enemies[-1].position)
    assert len(spawned) >= 2  # the first after 2.5 s, the next about 5 s later
    for x, y in spawned:
        assert in_view((x, y), model.camera, SIZE, margin=0.0)


def test_a_spider_in_a_thicket_of_silk_still_gets_bugs():
    """Threads every 28 px leave no place SPAWN_CLEARANCE from all of them: the most open will do
    (before, no bug ever came to a spider hidden in such a thicket)."""
    web = Web(gravity=0.0)
    spider_at = (900.0, 540.0)
    for k in range(-12, 13):
        y = spider_at[1] + 28.0 * k + 14.0
        web.connect(web.add_knot(300.0, y, pinned=True), web.add_knot(1500.0, y, pinned=True))
    view = (420.0, 270.0, 420.0 + SIZE[0], 270.0 + SIZE[1])
    rng = random.Random(1)
    places = [choose_place(web, spider_at, view, rng, aimed) for aimed in (False, True) * 10]
    assert all(p is not None for p in places)
    for place in places:
        gap = web.nearest(place)[2]
        assert CROWDED_CLEARANCE <= gap < SPAWN_CLEARANCE  # not touching, and no open air near
        assert in_view(place, (420.0, 270.0), SIZE)


def test_the_spawn_search_near_the_spider_chooses_what_a_search_of_every_thread_would(monkeypatch):
    """A spawn only looks at the threads within its reach of the spider (`Web.threads_near`):
    over a played web, with plain, aimed and crowded searches, the places chosen are the ones a
    search over every thread chooses, from the same random numbers."""
    model = make_model(seed=4)
    run(model, 1800)
    web = model.web
    spots = [(k.x, k.y) for k in web.knots[::7]] + [model.spider.position]
    view = (-200.0, -200.0, 2200.0, 1400.0)
    searches = [(spot, seed, aimed) for spot in spots for seed in range(3) for aimed in (False, True)]

    def places():
        return [choose_place(web, spot, view, random.Random(seed), aimed)
                for spot, seed, aimed in searches]

    near = places()
    assert len(web.threads_near(spots[0], 286.0)) < len(web.threads)  # it did leave some out
    monkeypatch.setattr(type(web), "threads_near", lambda self, point, reach: self.threads)
    assert near == places()
    assert sum(place is None for place in near) < len(near)
