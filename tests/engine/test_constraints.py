"""verlet constraints and solvers with hand-computed numbers (T2-T7, T12, T13, S1)."""

from math import cos, isclose, isfinite, pi, radians, sin, sqrt

import pytest

from verlet.geometry import signed_area
from verlet import (
    AngleRange,
    Area,
    Box,
    Distance,
    Particle,
    World,
    move_now,
    rotate_rigidly,
    solve_gauss_seidel,
    solve_jacobi,
)


def at(particle):
    return (round(particle.x, 9), round(particle.y, 9))


# -- distance (S1 exact, T3 max-only) ---------------------------------------------------------

def test_S1_stretched_pair_ends_at_rest_length_with_midpoint_unmoved():
    a, b = Particle(0, 0), Particle(12, 0)
    Distance(a, b, 10).project(move_now)
    assert at(a) == (1.0, 0.0) and at(b) == (11.0, 0.0)


def test_S1_exact_distance_pushes_a_compressed_pair_apart():
    a, b = Particle(0, 0), Particle(6, 0)
    Distance(a, b, 10).project(move_now)
    assert at(a) == (-2.0, 0.0) and at(b) == (8.0, 0.0)


def test_T3_max_only_leaves_a_compressed_pair_alone_and_pulls_a_stretched_one():
    a, b = Particle(0, 0), Particle(6, 0)
    Distance(a, b, 10, max_only=True).project(move_now)
    assert at(a) == (0.0, 0.0) and at(b) == (6.0, 0.0)
    c, d = Particle(0, 0), Particle(0, 16)
    Distance(c, d, 10, max_only=True).project(move_now)
    assert at(c) == (0.0, 3.0) and at(d) == (0.0, 13.0)


def test_pinned_end_never_moves_and_the_free_end_takes_the_whole_correction():
    anchor, free = Particle(0, 0, pinned=True), Particle(12, 0)
    Distance(anchor, free, 10).project(move_now)
    assert at(anchor) == (0.0, 0.0) and at(free) == (10.0, 0.0)
    both = Particle(0, 0, pinned=True), Particle(12, 0, pinned=True)
    Distance(*both, 10).project(move_now)
    assert at(both[1]) == (12.0, 0.0)


def test_stiffness_scales_the_correction():
    a, b = Particle(0, 0), Particle(12, 0)
    Distance(a, b, 10, stiffness=0.5).project(move_now)
    assert at(a) == (0.5, 0.0) and at(b) == (11.5, 0.0)


def test_coincident_pair_is_pushed_apart_along_x_without_nan():
    a, b = Particle(5, 5), Particle(5, 5)
    Distance(a, b, 4).project(move_now)
    assert at(a) == (3.0, 5.0) and at(b) == (7.0, 5.0)


def test_rest_length_defaults_to_the_current_distance():
    assert Distance(Particle(0, 0), Particle(3, 4)).rest == 5.0


# -- area (T4) --------------------------------------------------------------------------------

def square(side=2.0):
    return [Particle(0, 0), Particle(side, 0), Particle(side, side), Particle(0, side)]


def test_T4_square_below_target_grows_along_its_outward_normals():
    ring = square()
    area = Area(ring, target=8.0)
    assert area.area() == 4.0
    area.project(move_now)  # deficit 4 / perimeter 8 = 0.5 px along each diagonal normal
    step = 0.5 / sqrt(2.0)
    assert at(ring[0]) == (round(-step, 9), round(-step, 9))
    assert at(ring[2]) == (round(2 + step, 9), round(2 + step, 9))
    assert isclose(area.area(), (2.0 + 2.0 * step) ** 2)


def test_T4_area_at_or_above_target_does_nothing():
    ring = square()
    Area(ring, target=3.0).project(move_now)
    assert [at(p) for p in ring] == [(0, 0), (2, 0), (2, 2), (0, 2)]


def test_T4_collapsed_ring_stays_finite():
    ring = [Particle(7, 7) for _ in range(16)]
    area = Area(ring, target=100.0)
    for _ in range(10):
        area.project(move_now)
    assert all(p.is_finite() for p in ring)


@pytest.mark.parametrize("orientation", (1.0, -1.0))
def test_T4_ring_crushed_onto_one_point_spreads_out_the_way_it_was_built(orientation):
    """A press can crush a body into a corner, every point on one spot: no chord gives a
    direction there, and without a fresh start the ring would stay a point for ever."""
    ring = [Particle(8, 452) for _ in range(16)]
    area = Area(ring, target=1000.0, orientation=orientation)
    area.project(move_now)
    positions = [p.position for p in ring]
    assert len(set(positions)) == 16
    assert signed_area(positions) * orientation > 0.0  # the built way round, not inside out
    assert abs(sum(x for x, _ in positions) / 16 - 8.0) < 1e-9  # pushed out evenly about it
    assert abs(sum(y for _, y in positions) / 16 - 452.0) < 1e-9


def test_T4_area_is_counted_the_way_the_ring_was_built():
    ring = square()
    area = Area(ring, target=8.0)
    assert area.area() == 4.0 and area.orientation == 1.0
    ring[1].place(0, 2)  # swap two corners: the same square, traversed the other way
    ring[3].place(2, 0)
    assert area.area() == -4.0  # inside out counts against the area


def test_T4_ring_turned_inside_out_comes_back_the_right_way_round():
    """A taut ring of max-only links and an unreachable area (Takopi's body, T1-T6), mirrored
    as a whole: it is pulled in through itself and inflates the right way round again, where
    counting the area unsigned would have kept it inflated inside out for ever."""
    world = World(damping=0.99, iterations=10, solver="jacobi")
    ring = [world.add_particle(100 + 70 * cos(2 * pi * i / 16), 100 + 70 * sin(2 * pi * i / 16))
            for i in range(16)]
    spacing = sqrt((ring[1].x - ring[0].x) ** 2 + (ring[1].y - ring[0].y) ** 2)
    for a, b in zip(ring, ring[1:] + ring[:1]):
        world.add(Distance(a, b, spacing, max_only=True))
    area = world.add(Area(ring))
    area.target *= 1.5
    for _ in range(300):
        world.step()
    balance = area.area()
    for p in ring:  # mirror left-right about x = 100: the same round ring, inside out
        p.x, p.px = 200 - p.x, 200 - p.px
    assert isclose(area.area(), -balance)
    for _ in range(300):
        world.step()
    assert isclose(area.area(), balance, rel_tol=1e-3)
    assert all(p.is_finite() for p in ring)


def test_T4_folded_vertex_is_pushed_back_out():
    ring = [Particle(x, y) for x, y in ((0, 0), (4, 0), (4, 4), (2, 5), (0, 4))]
    area = Area(ring, target=area_of(ring) * 1.2)
    ring[3].place(2, 3)  # the apex folded in below its neighbours' chord (y = 4)
    area.project(move_now)
    assert ring[3].y > 3.0  # moved outward (down on screen for this clockwise ring)


def dented_ring(count=16, seed=5):
    """A ring built on a circle, then dented and stretched unevenly (a pressed body)."""
    import random
    rng = random.Random(seed)
    return [Particle(100 + (60 + rng.uniform(-25, 10)) * cos(2 * pi * i / count),
                     100 + (60 + rng.uniform(-25, 10)) * sin(2 * pi * i / count))
            for i in range(count)]


def net_move_and_turn(before, ring):
    """(net displacement, net turn about the first centroid) of a ring's points."""
    count = len(ring)
    cx = sum(x for x, _ in before) / count
    cy = sum(y for _, y in before) / count
    net_x = sum(p.x - x for p, (x, _) in zip(ring, before))
    net_y = sum(p.y - y for p, (_, y) in zip(ring, before))
    turn = sum((x - cx) * (p.y - y) - (y - cy) * (p.x - x) for p, (x, y) in zip(ring, before))
    return net_x, net_y, turn


def test_T4_area_push_swells_a_dented_ring_without_moving_or_turning_it():
    """The pushes are the area's gradient: like gas pressure they sum to nothing and turn
    nothing about the centre (equal pushes on a dented ring shoved it sideways)."""
    ring = dented_ring()
    area = Area(ring, target=area_of(ring) * 1.5)
    before = [p.position for p in ring]
    area.project(move_now)
    net_x, net_y, turn = net_move_and_turn(before, ring)
    assert abs(net_x) < 1e-9 and abs(net_y) < 1e-9 and abs(turn) < 1e-7
    assert area.area() > area_of([Particle(x, y) for x, y in before]) + 100  # it did swell


def test_T6_jacobi_ring_of_taut_and_slack_links_keeps_its_centre():
    """A Jacobi average counts every constraint that holds a point, taut or slack, so a link's
    pull is shared alike by its ends and the ring's own corrections never move its centre."""
    ring = dented_ring()
    constraints = [Distance(a, b, 30.0, max_only=True) for a, b in zip(ring, ring[1:] + ring[:1])]
    assert any(c.length() < 30.0 for c in constraints) and any(c.length() > 30.0 for c in constraints)
    constraints.append(Area(ring, target=area_of(ring) * 1.5))
    for _ in range(10):  # one averaged pass at a time: a pass's moves turn nothing either
        before = [p.position for p in ring]
        solve_jacobi(constraints, 1)
        net_x, net_y, turn = net_move_and_turn(before, ring)
        assert abs(net_x) < 1e-9 and abs(net_y) < 1e-9 and abs(turn) < 1e-7
        assert max(abs(p.x - x) + abs(p.y - y) for p, (x, y) in zip(ring, before)) > 0.1


def area_of(ring):
    return Area(ring).area()


def test_area_needs_a_ring():
    with pytest.raises(ValueError):
        Area([Particle(0, 0), Particle(1, 1)])


# -- angle range (T12) -----------------------------------------------------------------------

def test_T12_point_outside_the_range_lands_on_the_nearest_bound():
    pivot, point = Particle(0, 0), Particle(0, 10)  # 90 degrees
    AngleRange(pivot, point, radians(-30), radians(30)).project(move_now)
    assert isclose(point.x, 10 * cos(radians(30))) and isclose(point.y, 5.0)
    low = Particle(10 * cos(radians(-100)), 10 * sin(radians(-100)))
    AngleRange(pivot, low, radians(-30), radians(30)).project(move_now)
    assert isclose(low.x, 10 * cos(radians(30))) and isclose(low.y, -5.0)
    assert at(pivot) == (0.0, 0.0)


def test_T12_range_is_measured_from_a_moving_reference():
    pivot, point = Particle(0, 0), Particle(10, 0)  # 0 degrees
    reference = [pi / 2]
    limit = AngleRange(pivot, point, -0.1, 0.1, reference=lambda: reference[0])
    limit.project(move_now)  # allowed: 90 +- 5.7 degrees -> pulled to 90 - 5.7
    assert isclose(point.x, 10 * cos(pi / 2 - 0.1)) and isclose(point.y, 10 * sin(pi / 2 - 0.1))
    assert isclose(limit.relative_angle(), -0.1)


def test_T12_point_inside_the_range_or_on_the_pivot_is_left_alone():
    pivot, inside = Particle(0, 0), Particle(10, 1)
    AngleRange(pivot, inside, -0.5, 0.5).project(move_now)
    assert at(inside) == (10.0, 1.0)
    on_pivot = Particle(0, 0)
    AngleRange(pivot, on_pivot, 1.0, 2.0).project(move_now)
    assert at(on_pivot) == (0.0, 0.0)
    with pytest.raises(ValueError):
        AngleRange(pivot, inside, 1.0, -1.0)


# -- box, rotation --------------------------------------------------------------------------

def test_box_moves_outside_particles_to_the_nearest_inside_point_and_friction_slows_sliding():
    inside, left, corner = Particle(50, 50), Particle(-5, 50), Particle(120, 130)
    box = Box([inside, left, corner], 0, 0, 100, 100, friction=0.5)
    box.project(move_now)
    assert at(inside) == (50, 50) and at(left) == (0, 50) and at(corner) == (100, 100)
    slider = Particle(50, 100)
    slider.px = 46.0  # moving right at 4 px/frame along the floor
    Box([slider], 0, 0, 100, 100, friction=0.5).apply_friction()
    assert slider.velocity == (2.0, 0.0)


def test_T13_rigid_rotation_turns_positions_and_creates_no_velocity():
    resting = Particle(2, 1)
    moving = Particle(1, 3)
    moving.px, moving.py = 0.0, 3.0  # velocity (1, 0)
    rotate_rigidly([resting, moving], (1.0, 1.0), pi / 2)
    assert at(resting) == (1.0, 2.0) and resting.velocity == (0.0, 0.0)
    vx, vy = moving.velocity  # turned with the body, same speed
    assert isclose(vx, 0.0, abs_tol=1e-12) and isclose(vy, 1.0)


# -- solvers (S1 Gauss-Seidel, T6 Jacobi) -----------------------------------------------------

def tug_of_war():
    left, right = Particle(-10, 0, pinned=True), Particle(10, 0, pinned=True)
    middle = Particle(0, 0)
    return middle, [Distance(left, middle, 5), Distance(right, middle, 5)]


def test_T6_jacobi_averages_disagreeing_corrections():
    middle, constraints = tug_of_war()
    solve_jacobi(constraints, 1)
    assert at(middle) == (0.0, 0.0)  # -5 and +5 averaged


def test_S1_gauss_seidel_applies_each_correction_at_once():
    middle, constraints = tug_of_war()
    solve_gauss_seidel(constraints, 1)
    assert at(middle) == (5.0, 0.0)  # the last constraint wins


def test_jacobi_after_iteration_hook_runs_once_per_iteration():
    middle, constraints = tug_of_war()
    calls = []
    solve_jacobi(constraints, 7, after_iteration=lambda: calls.append(1))
    assert len(calls) == 7


def test_T5_more_iterations_leave_less_stretch():
    def stretch(iterations):
        world = World(gravity=(0.0, 0.5), iterations=iterations)
        chain = [world.add_particle(0, i * 10.0, pinned=(i == 0)) for i in range(21)]
        for a, b in zip(chain, chain[1:]):
            world.add(Distance(a, b, 10.0))
        for _ in range(200):
            world.step()
        return max(c.length() for c in world.constraints) / 10.0 - 1.0

    soft, stiff = stretch(3), stretch(30)
    assert stiff < soft / 5.0
    assert stiff < 0.03


# -- integration (T2) -------------------------------------------------------------------------

def test_T2_verlet_step_damps_velocity_then_adds_gravity():
    world = World(gravity=(0.0, 0.5), damping=0.99)
    p = world.add_particle(0, 0)
    p.px, p.py = -1.0, 0.0  # moving right at 1 px/frame
    pin = world.add_particle(5, 5, pinned=True)
    world.integrate()
    assert at(p) == (0.99, 0.5) and p.previous == (0.0, 0.0)
    assert at(pin) == (5.0, 5.0)


def test_world_rejects_an_unknown_solver_and_remove_is_safe():
    with pytest.raises(ValueError):
        World(solver="euler")
    world = World()
    link = world.add(Distance(Particle(0, 0), Particle(1, 0)))
    world.remove(link)
    world.remove(link)
    assert world.constraints == []


def test_no_nan_from_a_world_full_of_degenerate_geometry():
    world = World(gravity=(0.0, 1.0), solver="jacobi", iterations=10)
    ring = [world.add_particle(100, 100) for _ in range(16)]
    for a, b in zip(ring, ring[1:] + ring[:1]):
        world.add(Distance(a, b, 0.0))
        world.add(Distance(a, b, 10.0, max_only=True))
    world.add(Area(ring, target=500.0))
    world.add(AngleRange(ring[0], ring[1], -0.2, 0.2))
    world.add(Box(ring, 0, 0, 200, 200))
    for _ in range(200):
        world.step()
    assert all(p.is_finite() for p in ring)
    assert all(isfinite(c) for p in ring for c in p.position)
