"""The web as a graph on verlet (S1, and the graph operations behind S3, S5, S9, S13)."""

from math import hypot

import pytest

from scenes.spider.model import PARAMS
from scenes.spider.model.web import LOOSE_FALL, SNAP, Web
from scenes.spider.model.weave import SPOKES, TURNS
from verlet.geometry import distance_to_segment

from tests.support.spider import ladder_web, quiet_model, set_param


def consistent(web):
    """The solver's constraint list and the graph's adjacency describe the same threads."""
    listed = {id(t) for t in web.world.constraints}
    adjacent = {id(t) for k in web.knots for t in k.threads}
    knots = {id(k) for k in web.knots}
    ends_known = all(id(t.a) in knots and id(t.b) in knots for t in web.threads)
    each_once = all(t in t.a.threads and t in t.b.threads for t in web.threads)
    return listed == adjacent and ends_known and each_once and web.threads is web.world.constraints


class Rider:
    def __init__(self, thread, t):
        self.thread, self.t = thread, t


# --- graph operations -------------------------------------------------------------------------

def test_split_inserts_a_knot_on_the_thread_and_keeps_its_rest_length():
    web, knots, threads = ladder_web()
    target = threads[1]
    before = len(web.threads)
    knot, first, second = web.split(target, 0.3)
    assert len(web.threads) == before + 1
    assert target not in web.threads and target not in web.world.constraints
    assert distance_to_segment(knot.position, knots[1].position, knots[2].position) < 1e-9
    assert hypot(knot.x - knots[1].x, knot.y - knots[1].y) == pytest.approx(15.0)
    assert first.rest + second.rest == pytest.approx(target.rest)
    assert {first.other(knot), second.other(knot)} == {knots[1], knots[2]}
    assert consistent(web)


def test_split_near_an_end_reuses_the_end_knot():
    web, knots, threads = ladder_web()
    knot, first, second = web.split(threads[0], (SNAP - 1) / 50.0)
    assert knot is knots[0] and first is None and second is None
    assert len(web.threads) == 4


def test_connect_to_a_new_pinned_anchor_in_empty_space():
    web, knots, _ = ladder_web()
    anchor = web.add_knot(200, 300, pinned=True)
    thread = web.connect(knots[2], anchor)
    assert anchor.pinned and thread.rest == pytest.approx(200.0)
    for _ in range(200):
        web.step()
    assert anchor.position == (200.0, 300.0)
    assert consistent(web)


def test_piece_threads_are_the_threads_a_crawl_can_reach_and_follow_every_cut():
    web, knots, threads = ladder_web()
    assert web.piece_threads(knots[2]) == threads  # one piece, in web order
    web.remove_thread(threads[1])
    assert web.piece_threads(knots[2]) == [threads[2], threads[3]]
    assert web.piece_threads(knots[0]) == [threads[0]]
    lone = web.add_knot(500, 500)
    assert web.piece_threads(lone) == []
    joined = web.connect(knots[1], knots[2])  # the gap spun over again
    assert web.piece_threads(lone) == []
    assert web.piece_threads(knots[0]) == [threads[0], threads[2], threads[3], joined]


def brute_nearest(web, point, max_distance=float("inf")):
    """`Web.nearest` the slow way: every thread measured, the first of equals kept."""
    best = None
    for thread in web.threads:
        distance = distance_to_segment(point, thread.a.position, thread.b.position)
        if distance <= max_distance and (best is None or distance < best[1]):
            best = (thread, distance)
    return best


def test_nearest_passes_over_far_threads_and_still_finds_the_nearest_point():
    """`nearest` skips threads whose box is farther than the best so far: the same thread and
    distance as measuring every one, on a woven web, with a thread of zero length among them
    and the point on a knot (equal distances: the first thread in web order wins)."""
    model = quiet_model(seed=3)
    web = model.web
    knot = next(k for k in web.knots if len(k.threads) >= 3 and not k.pinned)
    web.connect(knot, web.add_knot(knot.x, knot.y))  # zero length
    rng = __import__("random").Random(5)
    points = [(rng.uniform(-200, 1200), rng.uniform(-200, 800)) for _ in range(300)]
    points += [knot.position, (knot.x + 0.3, knot.y - 0.2)]
    for point in points:
        for limit in (float("inf"), 40.0, 5.0):
            found, expected = web.nearest(point, limit), brute_nearest(web, point, limit)
            if expected is None:
                assert found is None
                continue
            thread, u, distance = found
            assert thread is expected[0] and distance == pytest.approx(expected[1], abs=1e-9)
            assert hypot(*(thread.point(u)[i] - point[i] for i in (0, 1))) == pytest.approx(
                distance, abs=1e-9)


def test_remove_thread_keeps_graph_and_solver_in_step():
    web, knots, threads = ladder_web()
    web.remove_thread(threads[2])
    assert threads[2] not in web.world.constraints
    assert threads[2] not in knots[2].threads and threads[2] not in knots[3].threads
    assert consistent(web)


def test_component_and_reaching_an_anchor():
    web, knots, threads = ladder_web()
    assert web.component(knots[2]) == [knots[2], knots[1], knots[3], knots[0], knots[4]]
    assert web.reaches_anchor(knots[2])
    web.remove_thread(threads[1])
    assert web.reaches_anchor(knots[1]) and web.reaches_anchor(knots[2])  # each half has a pin
    web.remove_thread(threads[2])
    assert not web.reaches_anchor(knots[2])
    assert web.loose_knots() == [knots[2]]


def test_cut_leaves_two_dangling_strands():
    web, knots, threads = ladder_web()
    left, right = web.cut(threads[1], 0.5)
    assert left.kind == right.kind == "strand"
    assert left.a is knots[1] and right.a is knots[2]
    assert left.b.kind == right.b.kind == "end" and left.b is not right.b
    assert left.rest + right.rest == pytest.approx(threads[1].rest)
    assert knots[2] not in web.component(knots[1])
    assert consistent(web)


def test_merge_undoes_a_split():
    web, knots, threads = ladder_web()
    knot, _, _ = web.split(threads[1], 0.5)
    merged = web.merge(knot)
    assert not knot.alive and knot not in web.knots
    assert {merged.a, merged.b} == {knots[1], knots[2]}
    assert len(web.threads) == 4 and consistent(web)


def test_riders_follow_splits_and_cuts():
    web, knots, threads = ladder_web()
    rider = Rider(threads[1], 0.75)
    web.riders.append(rider)
    point = threads[1].point(0.75)
    web.split(threads[1], 0.5)
    assert rider.thread.point(rider.t) == pytest.approx(point)
    left, right = web.cut(rider.thread, 0.2)
    assert rider.thread is right or rider.thread is left
    assert rider.thread.point(rider.t) == pytest.approx(point)
    web.remove_thread(rider.thread)
    assert rider.thread is None


def test_loose_pieces_fall_away():
    web, knots, threads = ladder_web(gravity=0.0)
    web.remove_thread(threads[1])
    web.remove_thread(threads[2])
    y0 = knots[2].y
    for _ in range(10):
        web.step()
    assert knots[2].y - y0 == pytest.approx(LOOSE_FALL * 55, rel=0.05)  # 1+2+...+10 frames
    assert knots[1].y == pytest.approx(100.0)  # still held, no gravity


def test_first_hit_passes_through_flat_threads_and_skips_own():
    web = Web()
    a, b = web.add_knot(0, -50, pinned=True), web.add_knot(0, 50, pinned=True)
    square = web.connect(a, b)  # square across the ray at x = 0
    c, d = web.add_knot(-100, 5, pinned=True), web.add_knot(-20, -3, pinned=True)
    flat = web.connect(c, d)  # crosses the ray at about 6 degrees
    hit = web.first_hit((-200, 0), (1, 0), 400, pass_angle=0.25)
    assert hit[0] is square and hit[2] == pytest.approx(200)
    assert web.first_hit((-200, 0), (1, 0), 400, pass_angle=0.05)[0] is flat
    assert web.first_hit((-200, 0), (1, 0), 400, 0.25, skip=[square]) is None
    assert web.first_hit((-200, 0), (1, 0), 150, 0.25) is None  # out of reach


def test_touching_finds_crossings_and_near_contacts():
    web, knots, threads = ladder_web()
    thread, u = web.touching((160, 80), (160, 120), 3.0)  # crosses at x = 160
    assert thread is threads[1] and u == pytest.approx(0.2)
    assert web.touching((160, 80), (160, 95), 3.0) is None
    assert web.touching((160, 80), (160, 98), 3.0)[0] is threads[1]
    assert web.clear_of_threads((160, 60), 30) and not web.clear_of_threads((160, 80), 30)


def test_degenerate_geometry_stays_finite():
    web = Web()
    a = web.add_knot(10, 10, pinned=True)
    b = web.add_knot(10, 10)
    thread = web.connect(a, b)
    assert thread.rest > 0
    web.split(thread, 0.5)
    web.cut(thread, 0.5) if thread in web.threads else None
    for _ in range(20):
        web.step()
    assert all(k.is_finite() for k in web.knots)
    assert web.first_hit((10, 10), (0, 0), 100, 0.2) is None


# --- S1 ---------------------------------------------------------------------------------------

def test_woven_orb_web_has_spokes_spiral_and_a_pinned_frame():
    model = quiet_model()
    web = model.web
    kinds = [t.kind for t in web.threads]
    assert kinds.count("spiral") == SPOKES * TURNS - 1
    assert kinds.count("spoke") == SPOKES * (TURNS + 1)
    assert kinds.count("frame") == SPOKES
    assert 200 <= len(web.threads) <= 300
    anchors = [k for k in web.knots if k.pinned]
    assert len(anchors) == SPOKES
    hub = (900, 540)
    free_reach = max(hypot(k.x - hub[0], k.y - hub[1]) for k in web.knots if not k.pinned)
    assert all(hypot(k.x - hub[0], k.y - hub[1]) > free_reach for k in anchors)  # the rim
    assert consistent(web)


def test_s1_without_input_anchors_stay_and_threads_keep_their_length():
    model = quiet_model()
    anchors = [k.position for k in model.web.knots if k.pinned]
    for _ in range(600):
        model.step()
    assert [k.position for k in model.web.knots if k.pinned] == anchors
    stretch = [abs(t.length() / t.rest - 1.0) for t in model.web.threads]
    assert max(stretch) < 0.03
    assert model.web.stiffness == PARAMS.lookup("iterations").default
    assert model.web.world.solver == "gauss-seidel"


@pytest.mark.slow
@pytest.mark.parametrize("gravity", [0.06, 0.3])
def test_s1_more_stiffness_means_less_stretch_under_the_same_load(gravity):
    worst = {}
    for stiffness in (2, 10, 30):
        model = quiet_model(iterations=stiffness, gravity=gravity)
        for _ in range(300):
            model.step()
        worst[stiffness] = max(abs(t.length() / t.rest - 1.0) for t in model.web.threads)
    assert worst[2] > 2 * worst[10] > 4 * worst[30] > 0


def test_s1_stiffness_and_gravity_change_live():
    model = quiet_model()
    set_param(model, "iterations", 25)
    set_param(model, "gravity", 0.2)
    assert model.web.world.iterations == 25 and model.web.world.gravity == (0.0, 0.2)
