"""S3 (and the silk side of S9): a click shoots silk toward it; silk is limited and refills."""

from math import atan2, cos, hypot, radians, sin

import pytest

from scenes.spider.model import SHOT_COST, SHOT_COST_PER_PX, SILK_MAX, SILK_REFILL
from scenes.spider.model.spider import FAIL_ANGLE, PASS_ANGLE, SHOT_RANGE, Spider, plan_shot
from scenes.spider.model.web import Web
from verlet.geometry import distance_to_segment

from tests.support.spider import quiet_model, tap


def thread_angle(spider):
    a, b = spider.thread.a, spider.thread.b
    return atan2(b.y - a.y, b.x - a.x)


def aim(spider, angle, distance=150.0):
    return (spider.x + cos(angle) * distance, spider.y + sin(angle) * distance)


def silk_threads(model):
    return [t for t in model.web.threads if t.kind == "silk"]


def test_s3_a_click_at_a_thread_in_reach_adds_a_thread_ending_on_that_thread():
    model = quiet_model()
    spider = model.spider
    target = aim(spider, thread_angle(spider) - radians(90))
    plan = model.preview_shot(target)
    assert plan.ok and plan.hit is not None and plan.length < SHOT_RANGE
    hit_a, hit_b = plan.hit.a, plan.hit.b
    silk_before = model.silk
    threads_before = len(model.web.threads)
    tap(model, target)
    (shot,) = silk_threads(model)
    end = shot.b
    assert not end.pinned
    assert distance_to_segment(end.position, hit_a.position, hit_b.position) < 1.0
    assert {t.other(end) for t in end.threads} == {hit_a, hit_b, shot.a}
    assert hypot(shot.a.x - plan.origin[0], shot.a.y - plan.origin[1]) < 1.0
    assert len(model.web.threads) == threads_before + 3  # new thread + both ends split
    assert spider.thread is shot and spider.t == 0.0
    assert model.silk == pytest.approx(silk_before - SHOT_COST - SHOT_COST_PER_PX * plan.length)


def rim_model():
    """A quiet game with the spider on the frame thread farthest right, facing open sky."""
    model = quiet_model()
    frame = max((t for t in model.web.threads if t.kind == "frame"),
                key=lambda t: t.a.x + t.b.x)
    model.spider.place(frame, 0.5)
    return model


def test_s3_a_click_into_empty_space_pins_a_new_anchor_at_the_maximum_length():
    model = rim_model()
    spider = model.spider
    origin = spider.position
    anchors_before = sum(k.pinned for k in model.web.knots)
    tap(model, (origin[0] + 40, origin[1]))  # to the right: nothing out there
    (shot,) = silk_threads(model)
    assert shot.b.pinned and sum(k.pinned for k in model.web.knots) == anchors_before + 1
    assert hypot(shot.b.x - origin[0], shot.b.y - origin[1]) == pytest.approx(SHOT_RANGE)
    assert shot.b.y == pytest.approx(origin[1])
    for _ in range(120):
        model.step()
    assert shot.b.position == pytest.approx((origin[0] + SHOT_RANGE, origin[1]))


@pytest.mark.parametrize("offset_degrees", [0, 10, -14, 180, 172, -166])
def test_s3_a_click_along_the_current_thread_fails_and_changes_nothing(offset_degrees):
    model = quiet_model()
    spider = model.spider
    before = model.observe()
    tap(model, aim(spider, thread_angle(spider) + radians(offset_degrees)))
    after = model.observe()
    for key in ("nodes", "edges", "spider", "silk", "hp", "score"):
        assert after[key] == before[key], key
    assert model.counts["failed_shots"] == 1 and model.last_shot[2] == "along your thread"


@pytest.mark.parametrize("offset_degrees", [20, -20, 160, 200])
def test_s3_just_outside_fifteen_degrees_the_shot_goes(offset_degrees):
    model = quiet_model()
    spider = model.spider
    assert FAIL_ANGLE == pytest.approx(radians(15))
    tap(model, aim(spider, thread_angle(spider) + radians(offset_degrees)))
    assert model.counts["shots"] == 1 and len(silk_threads(model)) == 1


def test_s3_threads_too_parallel_to_the_ray_are_passed_through():
    web = Web(gravity=0.0)
    base_a, base_b = web.add_knot(0, -20, pinned=True), web.add_knot(0, 20, pinned=True)
    spider = Spider(web.connect(base_a, base_b), 0.5)  # on a vertical thread at (0, 0)
    grazing = web.connect(web.add_knot(40, 4, pinned=True), web.add_knot(120, -4, pinned=True))
    wall = web.connect(web.add_knot(200, -50, pinned=True), web.add_knot(200, 50, pinned=True))
    plan = plan_shot(web, spider, (100, 0))
    assert PASS_ANGLE > radians(6)  # the grazing thread meets the ray at about 5.7 degrees
    assert plan.ok and plan.hit is wall and plan.length == pytest.approx(200)
    assert grazing in web.threads


def test_s3_a_falling_spider_can_shoot_in_any_direction():
    web = Web(gravity=0.0)
    wall = web.connect(web.add_knot(-100, -50, pinned=True), web.add_knot(100, -50, pinned=True))
    spider = Spider(wall, 0.5)
    spider.let_go()
    spider.x, spider.y = 0.0, 0.0
    for angle in range(0, 360, 15):
        plan = plan_shot(web, spider, (cos(radians(angle)) * 50, sin(radians(angle)) * 50))
        assert plan.ok, angle


def test_s3_silk_is_limited_and_refills():
    model = rim_model()
    spider = model.spider
    shots = 0
    for i in range(12):  # fan out into the open sky on the right
        angle = radians(-50 + 9 * i)
        if model.shoot(aim(spider, angle)):
            shots += 1
    assert 0 < shots < 12
    assert model.last_shot[2] == "out of silk"
    assert model.silk < SHOT_COST + SHOT_COST_PER_PX * SHOT_RANGE
    low = model.silk
    for _ in range(60):
        model.step()
    assert model.silk == pytest.approx(low + 60 * SILK_REFILL)
    for _ in range(900):
        model.step()
    assert model.silk == SILK_MAX


def test_s3_the_aim_preview_names_the_thread_the_shot_will_stick_to():
    model = quiet_model()
    target = aim(model.spider, thread_angle(model.spider) + radians(100))
    before = model.observe()
    plan = model.preview_shot(target)
    assert model.observe() == before  # previewing changes nothing
    hit_ends = (plan.hit.a, plan.hit.b)
    tap(model, target)
    (shot,) = silk_threads(model)
    end = shot.b  # on the previewed thread, or one of its ends when the hit was that close
    assert end in hit_ends or {t.other(end) for t in end.threads} >= set(hit_ends)
    assert hypot(end.x - plan.end[0], end.y - plan.end[1]) < 6.0
