"""S2: riding the web with held keys or a held pointer; junctions, facing and the camera."""

from math import atan2, hypot

import pytest

from scenes.spider.model.controls import HOLD_FRAMES
from scenes.spider.model import WORLD
from scenes.spider.model.route import follow_route, plan_route
from scenes.spider.model.spider import Spider, steer
from scenes.spider.model.web import Web
from verlet.geometry import distance_to_segment, wrap_angle

from tests.support.spider import quiet_model


def on_its_thread(model):
    spider = model.spider
    thread = spider.thread
    return distance_to_segment(spider.position, thread.a.position, thread.b.position)


def hold_key(model, key, frames, check=None):
    model.input("key_down", key)
    for _ in range(frames):
        model.step()
        if check:
            check(model)
    model.input("key_up", key)


def test_s2_holding_an_arrow_key_rides_along_threads_and_changes_thread_at_junctions():
    model = quiet_model()
    start = model.spider.position
    threads = []

    def check(m):
        assert m.spider.state == "riding"
        assert on_its_thread(m) < 1.0
        assert 0.0 <= m.spider.t <= 1.0
        if not threads or threads[-1] is not m.spider.thread:
            threads.append(m.spider.thread)

    hold_key(model, "right", 150, check)
    moved = model.spider.x - start[0]
    assert moved > 150  # rides right, about SPEED px a frame less the turns
    assert len(threads) >= 3  # it passed junctions and switched threads
    hold_key(model, "up", 100, check)
    assert model.spider.y < start[1] - 100


@pytest.mark.parametrize("arrow, letter", [("left", "a"), ("right", "d"), ("up", "w"),
                                           ("down", "s")])
def test_s2_wasd_rides_like_the_arrows(arrow, letter):
    one, other = quiet_model(), quiet_model()
    hold_key(one, arrow, 80)
    hold_key(other, letter, 80)
    assert one.spider.position == other.spider.position


def test_s2_junction_takes_the_thread_that_best_matches_the_input():
    web = Web(gravity=0.0)
    west = web.add_knot(0, 0, pinned=True)
    middle = web.add_knot(100, 0)
    ends = {"north-east": web.add_knot(160, -80, pinned=True),
            "east": web.add_knot(200, 10, pinned=True),
            "south": web.add_knot(110, 100, pinned=True)}
    road = web.connect(west, middle)
    branches = {name: web.connect(middle, knot) for name, knot in ends.items()}
    for pressed, expected in (((1, 0), "east"), ((0.6, -0.8), "north-east"), ((0, 1), "south")):
        spider = Spider(road, 0.8)
        for _ in range(30):
            steer(spider, pressed)
        assert spider.thread is branches[expected], pressed


def test_s2_square_on_input_heads_for_the_end_with_the_better_turn():
    web = Web(gravity=0.0)
    a, b = web.add_knot(0, 0, pinned=True), web.add_knot(100, 0, pinned=True)
    up = web.add_knot(100, -100, pinned=True)
    road = web.connect(a, b)
    climb = web.connect(b, up)
    spider = Spider(road, 0.5)
    for _ in range(40):
        steer(spider, (0, -1))  # straight up, square to the road
    assert spider.thread is climb and spider.thread.point(spider.t)[1] < -5


def test_s2_no_way_on_means_waiting_at_the_knot():
    web = Web(gravity=0.0)
    a, b = web.add_knot(0, 0, pinned=True), web.add_knot(100, 0, pinned=True)
    road = web.connect(a, b)
    spider = Spider(road, 0.5)
    for _ in range(60):
        steer(spider, (1, 0))
    assert spider.thread is road and spider.t == 1.0


def test_s2_facing_turns_smoothly_toward_the_direction_of_travel():
    model = quiet_model()
    hold_key(model, "right", 40)
    assert abs(wrap_angle(model.spider.facing - 0.0)) < 0.6
    model.input("key_down", "left")
    steps = []
    for _ in range(40):
        before = model.spider.facing
        model.step()
        steps.append(abs(wrap_angle(model.spider.facing - before)))
    model.input("key_up", "left")
    assert max(steps) < 0.7  # eased, never a snap to the new direction
    assert abs(wrap_angle(model.spider.facing - atan2(0, -1))) < 0.6  # now faces left


def test_s2_camera_follows_the_spider():
    model = quiet_model()
    width, height = model.size
    for key in ("right", "up"):
        hold_key(model, key, 120)
    for _ in range(60):
        model.step()
    cx, cy = model.camera
    sx, sy = model.spider.position
    assert 0 <= cx <= WORLD[0] - width and 0 <= cy <= WORLD[1] - height
    assert abs(sx - cx - width / 2) < 20 and abs(sy - cy - height / 2) < 20


def test_s2_holding_the_pointer_crawls_to_the_web_point_under_it():
    model = quiet_model()
    goal_world = (700.0, 400.0)
    canvas = (goal_world[0] - model.camera[0], goal_world[1] - model.camera[1])
    model.input("down", canvas)
    for frame in range(400):
        model.step()
        assert on_its_thread(model) < 1.0
    model.input("up", canvas)
    nearest = model.web.nearest(goal_world)
    target = nearest[0].point(nearest[1])
    assert hypot(model.spider.x - target[0], model.spider.y - target[1]) < 6.0
    assert model.counts["shots"] == 0  # a hold never shoots


def test_s2_a_hold_starts_crawling_only_after_the_hold_time():
    model = quiet_model()
    start = model.spider.position
    model.input("down", (100, 100))
    for _ in range(HOLD_FRAMES - 2):
        model.step()
    assert hypot(model.spider.x - start[0], model.spider.y - start[1]) < 1.0
    for _ in range(30):
        model.step()
    assert hypot(model.spider.x - start[0], model.spider.y - start[1]) > 20


def test_route_is_shortest_along_threads():
    web = Web(gravity=0.0)
    a, b, c, d = (web.add_knot(x, y, pinned=True) for x, y in ((0, 0), (100, 0), (100, 100),
                                                                 (0, 100)))
    ab, bc, cd, da = web.connect(a, b), web.connect(b, c), web.connect(c, d), web.connect(d, a)
    spider = Spider(ab, 0.2)
    assert plan_route(web, spider, (0, 60))  # near the middle of d-a: go back through a
    assert spider.route == [a] and spider.goal[0] is da
    for _ in range(100):
        if not follow_route(spider):
            break
    x, y = spider.thread.point(spider.t)
    assert spider.thread is da and hypot(x - 0, y - 60) < 3.0


def test_controls_tell_a_tap_from_a_hold_and_a_slide():
    from scenes.spider.model.controls import TAP_SLOP, Controls

    to_world = lambda p: (p[0] + 1000, p[1] + 500)  # noqa: E731  (camera at 1000, 500)
    controls = Controls()
    controls.handle("down", (10, 20), to_world)
    controls.tick()
    assert controls.handle("up", (10, 20), to_world) == (1010, 520)  # a tap shoots there
    controls.handle("down", (10, 20), to_world)
    for _ in range(HOLD_FRAMES):
        controls.tick()
    assert controls.crawl_goal() == (1010, 520)
    controls.handle("move", (40, 20), to_world)
    assert controls.crawl_goal() == (1040, 520)  # the crawl follows the finger
    assert controls.handle("up", (40, 20), to_world) is None  # a hold never shoots
    controls.handle("down", (10, 20), to_world)
    controls.handle("move", (10 + TAP_SLOP + 1, 20), to_world)
    assert controls.handle("up", (10 + TAP_SLOP + 1, 20), to_world) is None  # a swipe neither
    for key in ("left", "d"):
        controls.handle("key_down", key, to_world)
    assert controls.direction() is None  # left and right cancel
    controls.handle("key_up", "left", to_world)
    controls.handle("key_down", "w", to_world)
    assert controls.direction() == pytest.approx((2 ** -0.5, -(2 ** -0.5)))
