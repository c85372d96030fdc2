"""Takopi's legs and standing back up, on the pure model (T11, T12, T13)."""

from math import atan2, degrees, hypot, pi

from tests.support.takopi import (SETTLE_FRAMES, make_model, press_from_above, release, run,
                                  set_param, settled)

from scenes.takopi.model.legs import RANGE_WIDTH
from scenes.takopi.model.press import TOUCH
from scenes.takopi.model import BOTTOM_INDEX

ANGLE_SLACK = 1e-6


def inside_ranges(leg):
    knee = leg.knee_range.relative_angle()
    foot = leg.foot_range.relative_angle()
    return (leg.knee_range.lo - ANGLE_SLACK <= knee <= leg.knee_range.hi + ANGLE_SLACK
            and leg.foot_range.lo - ANGLE_SLACK <= foot <= leg.foot_range.hi + ANGLE_SLACK)


def equal_segments(leg, tolerance=0.01):
    upper, lower = leg.lengths()
    segment = leg.shape.segment
    return abs(upper - segment) <= tolerance * segment and abs(lower - upper) <= tolerance * upper


def test_t11_four_legs_of_three_points_with_equal_segments_at_rest():
    model = settled()
    assert len(model.legs) == 4
    assert all(len(leg) == 3 for leg in model.observe()["legs"])
    for leg in model.legs:
        upper, lower = leg.lengths()
        assert abs(upper - lower) <= 0.01 * upper
        assert abs(upper - leg.shape.segment) <= 0.01 * leg.shape.segment


def test_t11_roots_are_interpolated_between_ring_points_near_the_bottom():
    model = settled()
    points = model.body.positions()
    roots = [leg.root.position for leg in model.legs]
    for leg, root in zip(model.legs, roots):
        index = leg.shape.ring_index
        assert index != int(index)  # between two points, not on one
        a, b = points[int(index)], points[int(index) + 1]
        t = index - int(index)
        expected = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        assert hypot(root[0] - expected[0], root[1] - expected[1]) < 1e-9
        assert abs(index - BOTTOM_INDEX) < 1.5  # on the lower part of the ring
    # The two middle roots are closer together than the ring's spacing.
    assert hypot(roots[1][0] - roots[2][0], roots[1][1] - roots[2][1]) < model.body.spacing


def test_rest_legs_below_the_body_on_the_floor_and_inside_their_ranges():
    """Rest (T11, T12): knees below roots, feet below the body's lowest point, on the floor."""
    model = settled()
    lowest = max(p.y for p in model.body.points)
    for leg in model.legs:
        assert leg.knee.y > leg.root.y
        assert leg.foot.y > lowest
        assert abs(leg.foot.y - model.ground) < 1.0  # standing on the floor
        assert inside_ranges(leg)
    xs = [p.x for p in model.body.points]
    middle, half_width = (min(xs) + max(xs)) / 2, (max(xs) - min(xs)) / 2
    assert all(abs(leg.foot.x - middle) < 0.75 * half_width for leg in model.legs)  # gathered


def test_t12_same_range_width_outer_legs_longer_and_more_splayed():
    model = make_model()
    outer = (model.legs[0], model.legs[3])
    inner = (model.legs[1], model.legs[2])
    for leg in model.legs:
        assert abs(leg.knee_range.hi - leg.knee_range.lo - RANGE_WIDTH) < 1e-12
        assert abs(leg.foot_range.hi - leg.foot_range.lo - RANGE_WIDTH) < 1e-12
    assert min(leg.shape.segment for leg in outer) > max(leg.shape.segment for leg in inner)
    assert min(abs(leg.shape.splay) for leg in outer) > max(abs(leg.shape.splay) for leg in inner)
    # Mirrored: left legs splay left (positive, clockwise from down), right legs right.
    assert model.legs[0].shape.splay > 0 > model.legs[3].shape.splay


def test_t12_ranges_are_measured_from_the_body_axis_and_the_upper_segment():
    model = settled()
    model.turn(0.6)
    tilt = model.body.tilt()
    for leg in model.legs:
        assert abs(leg.knee_range.reference() - (pi / 2 + tilt)) < 1e-12
        expected = atan2(leg.knee.y - leg.root.y, leg.knee.x - leg.root.x)
        assert abs(leg.foot_range.reference() - expected) < 1e-12


def test_t11_t12_legs_keep_lengths_and_ranges_through_squash_roll_and_drop():
    model = settled()
    press_from_above(model, 60, 30)
    cx, cy = model.body.center()
    model.input("move", (cx - 160, cy))
    for i in range(40):
        model.input("move", (cx - 160 + 4 * i, cy + 10))
        model.step()
        for leg in model.legs:
            assert equal_segments(leg)
    release(model)
    for _ in range(300):
        model.step()
        for leg in model.legs:
            assert equal_segments(leg)
    run(model, SETTLE_FRAMES)
    assert all(inside_ranges(leg) for leg in model.legs)


def test_t12_a_leg_flipped_over_the_body_is_put_back_in_its_range():
    model = settled()
    leg = model.legs[1]
    leg.knee.place(leg.root.x, leg.root.y - leg.shape.segment)  # straight up, into the body
    leg.foot.place(leg.root.x, leg.root.y - 2 * leg.shape.segment)
    model.step()
    assert inside_ranges(leg) and equal_segments(leg)
    assert leg.knee.y > leg.root.y


def tilt_history(start_angle, frames=300):
    model = settled()
    model.turn(start_angle)
    history = []
    for _ in range(frames):
        model.step()
        history.append(model.body.tilt())
    return model, history


def test_t13_stands_up_from_90_degrees_without_a_bounce():
    for sign in (1.0, -1.0):
        model, tilts = tilt_history(sign * pi / 2)
        assert abs(tilts[0]) > 1.4  # it really started on its side
        assert abs(tilts[-1]) < 0.01  # upright again
        overshoot = max(-t * sign for t in tilts)
        assert degrees(overshoot) < 2.0  # no swing through to the other side
        rises = [abs(b) - abs(a) for a, b in zip(tilts, tilts[1:])]
        # The tilt only ever shrinks, but for the small swing through upright that the stance
        # (body.py) adds to the article's own one (overshoot 1.64 deg, largest rise 0.22 deg a
        # frame; 0.78 and 0.08 without the stance, which let stiff settings walk: issue 13;
        # 3.7 deg when it held within two ring steps without the legs' calming).
        assert degrees(max(rises)) < 0.25
        assert abs(tilts[30]) < 0.5 * abs(tilts[0])  # ~4% a frame: fast enough
        lowest = max(p.y for p in model.body.points)
        assert all(leg.foot.y > lowest for leg in model.legs)  # legs back beneath it


def test_t13_correction_turns_positions_and_previous_together():
    model = settled()
    model.turn(0.8)
    speeds = [p.speed for p in model.body.points]
    model.stand_up()
    assert max(abs(p.speed - s) for p, s in zip(model.body.points, speeds)) < 1e-9
    assert abs(model.body.tilt() - 0.8 * (1 - 0.04)) < 1e-9


def test_t13_tilt_is_the_crown_lines():
    model = settled()
    points = model.body.positions()
    left, right = points[15], points[1]
    assert abs(model.body.tilt() - atan2(right[1] - left[1], right[0] - left[0])) < 1e-12
    model.turn(-0.3)
    assert abs(model.observe()["tilt"] + 0.3) < 1e-9


def test_rolled_body_comes_back_upright_with_legs_below():
    model = settled()
    cx, cy = model.body.center()
    model.input("down", (cx - 160, cy + 20))
    for i in range(40):
        model.input("move", (cx - 160 + 5 * i, cy + 20))
        model.step()
    release(model)
    run(model, 3 * SETTLE_FRAMES)
    assert abs(model.body.tilt()) < 0.01
    lowest = max(p.y for p in model.body.points)
    assert all(leg.foot.y > lowest for leg in model.legs)
    assert all(inside_ranges(leg) and equal_segments(leg) for leg in model.legs)
    assert make_model().is_finite()


def test_the_legs_range_projection_is_the_engines_to_the_last_bit():
    """`AngleRange.project_from` with the reference given (the legs' per-frame projection,
    issue 14) moves a point exactly as `AngleRange.project(move_now)` does: points all round the
    pivot, inside and outside ranges about references all round the circle, and a point on its
    pivot."""
    import random

    from verlet import AngleRange, Particle, move_now

    rng = random.Random(14)
    moved = 0
    for _ in range(2000):
        pivot = Particle(rng.uniform(-50, 50), rng.uniform(-50, 50))
        place = (pivot.x + rng.uniform(-20, 20), pivot.y + rng.uniform(-20, 20))
        if rng.random() < 0.01:
            place = pivot.position
        lo = rng.uniform(-pi, pi)
        hi = lo + rng.uniform(0.0, 1.5)
        reference = rng.uniform(-4.0, 4.0)
        engine, ours = Particle(*place), Particle(*place)
        AngleRange(pivot, engine, lo, hi, reference=lambda: reference).project(move_now)
        AngleRange(pivot, ours, lo, hi).project_from(reference, move_now)
        assert (ours.x, ours.y) == (engine.x, engine.y)
        moved += (engine.x, engine.y) != place
    assert 500 < moved < 1990  # both kinds of case were met


def test_keep_inside_leaves_a_point_inside_exactly_where_it_is():
    from verlet.strand import keep_inside
    from verlet import Particle

    bounds = (8.0, 8.0, 952.0, 478.0)
    for x, y in ((8.0, 100.0), (952.0, 478.0), (500.25, 8.0), (300.1, 300.2)):
        point = Particle(x, y)
        keep_inside(Particle(480.0, 300.0), point, 17.0, bounds)
        assert (point.x, point.y) == (x, y)
    outside = Particle(500.0, 490.0)
    keep_inside(Particle(500.0, 470.0), outside, 17.0, bounds)
    assert outside.y == 478.0 and abs(hypot(outside.x - 500.0, outside.y - 470.0) - 17.0) < 1e-9


def _plain_frame(model):
    """One frame of the model as it is written out plainly: press and upright turn, the
    body's integration, stance, averaged solve with the hard projections and wall friction,
    then each leg re-rooted, integrated with the body's damping and gravity and solved."""
    from verlet.particle import integrate
    from verlet.solver import solve_jacobi
    from verlet.strand import keep_inside, set_distance
    from verlet import move_now

    model._update_push()
    model.stand_up()
    body = model.body
    last, model.last_pointer = model.last_pointer, model.pointer
    dragged = 0.0 if model.pointer is None or last is None else hypot(
        model.pointer[0] - last[0], model.pointer[1] - last[1])
    if body.push is not None:  # the finger grips at any speed, dragged the skin it rests on
        body.push.grip(body.points, TOUCH if dragged > 0.0 else 0.0)
    body.floor_grip = model.pointer is not None and dragged == 0.0
    world = body.world
    world.integrate(body.points)
    body._stand_level()
    solve_jacobi(world.constraints, world.iterations, body._hard_projections)
    body._floor_friction()
    gravity, damping = model.values["gravity"], model.values["damping"]
    model.down = down = model.down_angle()
    bounds = model.leg_bounds
    for leg in model.legs:
        root, knee, foot, shape = leg.root, leg.knee, leg.foot, leg.shape
        root.place(*body.point_at(shape.ring_index))
        integrate(knee, damping, 0.0, gravity)
        integrate(foot, damping, 0.0, gravity)
        segment = shape.segment
        for _ in range(3):
            set_distance(root, knee, segment, down + shape.splay)
            leg.knee_range.project_from(down, move_now)
            keep_inside(root, knee, segment, bounds)
            upper = atan2(knee.y - root.y, knee.x - root.x)
            set_distance(knee, foot, segment, upper + shape.curl)
            leg.foot_range.project_from(upper, move_now)
            keep_inside(knee, foot, segment, bounds)
        for point in (knee, foot):
            if point.y >= bounds[3]:
                point.px = point.x - (point.x - point.px) * (1.0 - 0.35)
    push = body.push
    model.pressed = push is not None and push.touches(body.points)


def test_a_frame_in_the_world_with_strand_legs_is_the_plain_frame_to_the_last_bit():
    """The frame through `World.step` (hooks for the press, the turn, the stance, the hard
    projections, the friction and the legs; knees and feet integrated as the world's
    particles) gives the bits of the frame written out by hand, through a poke, a drag across
    the body, a fall against the wall and live changes of gravity, damping and stiffness."""
    stepped, plain = make_model(), make_model()
    assert [leg.knee in stepped.world.particles for leg in stepped.legs] == [True] * 4

    def state(model):
        return [(p.x, p.y, p.px, p.py) for p in model.body.points] + [
            (p.x, p.y, p.px, p.py) for leg in model.legs for p in leg.particles()] + [
            model.pressed]

    for frame in range(520):
        for model in (stepped, plain):
            if frame == 30:
                model.input("key_down", "space")
            if frame == 120:
                model.input("down", (470.0, 400.0))
            if 120 < frame < 200:
                model.input("move", (470.0 + 6 * (frame - 120), 400.0 - (frame - 120)))
            if frame == 200:
                model.input("up", None)
            if frame == 260:
                set_param(model, "gravity", 1.1)
                set_param(model, "damping", 0.93)
            if frame == 330:
                set_param(model, "iterations", 31)
                model.turn(2.5)
        stepped.step()
        _plain_frame(plain)
        assert state(stepped) == state(plain), frame
