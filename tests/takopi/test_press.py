"""Takopi's press on the body (T7, issue 13): a press that starts on the body squashes it from
the side it is pressed and never inflates it; a press that starts outside is the article's
circle centred on the pointer, as before, sliding in from its side where it would already
cut into the body; no press or drag turns the ring inside out."""

import random
from math import cos, hypot, pi, sin

import pytest
from tests.support.takopi import body_floor, mean_radius, release, run, set_param, settled

from scenes.takopi.model import CENTRE_PRESS, FINGERTIP, NEAR_DENT, PRESS_IN
from scenes.takopi.model import press
from scenes.takopi.model.press import DENT_DOWN, clearing_reach, deepest_dent
from verlet.geometry import signed_area


def hold_press(model, at, frames):
    """Press at `at` and hold still; per frame (area, centre, pressed)."""
    model.input("down", at)
    history = []
    for _ in range(frames):
        model.step()
        history.append((model.body.area(), model.body.center(), model.pressed))
    return history


AREA_HELD = 0.98
"""The most area a press held at the body's centre leaves at defaults, as a share of the rest
area (measured 0.976): ours, not T7's, which asks for a dent and gives no figure."""


def test_press_at_the_centre_squashes_from_above_and_never_lifts_the_body():
    model = settled()
    rest_area, target = model.body.area(), model.body.target_area
    cx, cy = model.body.center()
    radius = model.values["push_radius"]
    touching = clearing_reach(model.body.points, (cx, cy), (0.0, -1.0), radius)
    history = hold_press(model, (cx, cy), 60)
    (px, py), r = model.push_circle()
    # From above, its rim DENT_DOWN past where it first touched the crown: short of the
    # pointer (at the fingertip it was 85 px deep and sank the body's centre 35 px).
    assert (px, py) == (cx, cy - touching + DENT_DOWN) and r == radius
    assert py + radius < cy - 30.0
    areas = [area for area, _, _ in history]
    assert all(area < target for area in areas)
    assert all(area <= rest_area for area in areas)  # never inflated, not even coming in
    # The finger comes in over PRESS_IN frames; from frame 20 the area measures AREA_HELD of
    # the rest area (0.884-0.892 with the rim at the fingertip, 85 px deep).
    assert max(areas[20:]) <= AREA_HELD * rest_area
    assert all(cy - y <= 5.0 for _, (_, y), _ in history)  # the centre does not rise
    assert all(pressed for _, _, pressed in history)  # it cries while pressed (T9)
    assert model.face == "crying"
    release(model)
    model.step()
    assert model.face == "normal"


@pytest.mark.slow
def test_a_press_anywhere_on_the_body_never_inflates_it():
    """Sixteen directions, three depths: the area never swells past the rest area."""
    base = settled()
    cx, cy = base.body.center()
    radius = mean_radius(base.body.positions())
    rest_area, target = base.body.area(), base.body.target_area
    tried = 0
    for depth in (0.35, 0.65, 0.9):
        for k in range(16):
            angle = 2 * pi * k / 16
            model = settled()
            at = (cx + depth * radius * cos(angle), cy + depth * radius * sin(angle))
            if not model.body.contains(at):  # the flat underside: below the body's floor
                continue
            tried += 1
            history = hold_press(model, at, 45)
            worst = max(area for area, _, _ in history)
            # Before issue 13 such a press swelled the body to 1.26-1.62 x the target; now the
            # most is a 0.3 % wobble over the rest area as the body is shoved aside.
            assert worst < 1.01 * rest_area < target, (depth, k, worst / rest_area)
            if sin(angle) < -0.5 and depth < 0.9:  # well in from above: squashed on the floor
                assert min(area for area, _, _ in history) < 0.99 * rest_area, (depth, k)
            # (Pressed from the side, the body is dented and shoved along the floor.)
            assert any(pressed for _, _, pressed in history)
    assert tried >= 45


def test_the_circle_comes_in_from_the_pressed_side_with_its_rim_at_the_pointer():
    model = settled()
    cx, cy = model.body.center()
    radius = model.values["push_radius"]
    at = (cx + 70.0, cy - 10.0)  # on the body, right of its centre, near its surface
    model.input("down", at)
    model.step()
    (px, py), _ = model.push_circle()
    surface = model.body.depth_along(at, ((px - at[0]) / radius, (py - at[1]) / radius))
    assert hypot(px - at[0], py - at[1]) > radius + 0.5 * surface  # still coming in
    for _ in range(PRESS_IN - 1):
        model.step()
    (px, py), r = model.push_circle()
    assert r == radius
    # Now the rim is at the fingertip's far edge, FINGERTIP px past the pointer.
    assert abs(hypot(px - at[0], py - at[1]) - (radius - FINGERTIP)) < 1e-9
    side = ((px - cx) * (at[0] - cx) + (py - cy) * (at[1] - cy)) / hypot(at[0] - cx, at[1] - cy)
    assert side > radius - FINGERTIP  # beyond the pointer, on the line from the centre
    offset = (px - at[0], py - at[1])
    for i in range(1, 25):  # the drag keeps the offset: the circle follows without a jump
        pointer = (at[0] - 2.0 * i, at[1] + 0.5 * i)
        model.input("move", pointer)
        model.step()
        (qx, qy), _ = model.push_circle()
        assert abs(qx - pointer[0] - offset[0]) < 1e-9 and abs(qy - pointer[1] - offset[1]) < 1e-9
    # Deep on the body the rim stops `deepest_dent` past first touch, short of the pointer.
    model = settled()
    deep = (cx + 30.0, cy - 10.0)
    model.input("down", deep)
    run(model, PRESS_IN)
    (px, py), _ = model.push_circle()
    side = ((px - deep[0]) / hypot(px - deep[0], py - deep[1]),
            (py - deep[1]) / hypot(px - deep[0], py - deep[1]))
    touching = clearing_reach(settled().body.points, deep, side, radius)
    reach = hypot(px - deep[0], py - deep[1])
    assert abs(reach - (touching - deepest_dent(side, radius))) < 1e-9
    assert reach > radius + 10.0  # the rim is well short of the pointer
    # Pressing deeper squashes more.
    model = settled()
    areas = []
    model.input("down", (cx, cy - 60.0))
    for step in range(6):
        model.input("move", (cx, cy - 60.0 + 10.0 * step))
        for _ in range(25):
            model.step()
        areas.append(model.body.area())
    assert all(b < a for a, b in zip(areas, areas[1:])), areas


def test_near_the_centre_the_press_comes_from_above():
    model = settled()
    cx, cy = model.body.center()
    near = CENTRE_PRESS * mean_radius(model.body.positions()) * 0.9
    model.input("down", (cx + near, cy))
    for _ in range(PRESS_IN):
        model.step()
    (px, py), radius = model.push_circle()
    touching = clearing_reach(settled().body.points, (cx + near, cy), (0.0, -1.0), radius)
    assert (px, py) == (cx + near, cy - touching + DENT_DOWN)


def test_a_press_on_the_body_and_a_drag_push_takopi_along():
    model = settled()
    cx, cy = model.body.center()
    start = (cx - 60.0, cy)  # on its left side
    model.input("down", start)
    faces = []
    for i in range(60):
        model.input("move", (start[0] + 3.0 * i, cy))
        model.step()
        faces.append(model.face)
    assert faces[:PRESS_IN] == ["crying"] * PRESS_IN  # it cries while the finger is on it (T9)
    release(model)
    for _ in range(60):
        model.step()
    assert model.body.center()[0] > cx + 60.0


def test_a_press_that_starts_outside_is_the_circle_centred_on_the_pointer():
    model = settled()
    top = min(p.y for p in model.body.points)
    far_above = (model.body.center()[0], top - 130.0)  # the 100 px circle misses the body
    model.input("down", far_above)
    model.step()
    assert model.push_circle()[0] == far_above
    cx, cy = model.body.center()
    model.input("move", (cx + 60.0, cy))  # dragged onto the body: still centred on the pointer
    model.step()
    # jumped there 214 px in one frame, the circle follows CIRCLE_SPEED px a frame
    assert hypot(model.push_circle()[0][0] - far_above[0],
                 model.push_circle()[0][1] - far_above[1]) == pytest.approx(press.CIRCLE_SPEED)
    run(model, 7)
    assert model.push_circle()[0] == (cx + 60.0, cy)


def test_a_press_beside_the_body_slides_its_circle_in_from_that_side():
    """Where the circle centred on the pointer would already cut into the body, it starts with
    its rim on the body and slides in over PRESS_IN frames (issue 13: placed at once, it threw
    the near points through the body and turned the ring inside out), from at most 45 degrees
    off straight down, and stops NEAR_DENT past where it first touched (issue 25: centred on
    the pointer it cut 55 px into the body here and shoved it away)."""
    model = settled()
    cx, cy = model.body.center()
    beside = (cx + 130.0, cy - 20.0)
    assert not model.body.contains(beside)
    radius = model.values["push_radius"]
    before = model.body.positions()
    assert min(hypot(x - beside[0], y - beside[1]) for x, y in before) < radius - 40.0
    model.input("down", beside)
    model.step()
    (x, y), _ = model.push_circle()
    assert x > beside[0] + 35.0 and abs((y - beside[1]) / (x - beside[0]) - (-1.0)) < 1e-9
    # The first frame only touches the body: no point was pushed more than a few px.
    assert max(hypot(x1 - x0, y1 - y0) for (x0, y0), (x1, y1)
               in zip(before, model.body.positions())) < 8.0
    side = (2 ** -0.5, -(2 ** -0.5))
    touching = clearing_reach(settled().body.points, beside, side, radius)
    for _ in range(PRESS_IN - 1):
        model.step()
    (x, y), _ = model.push_circle()
    dent = min(NEAR_DENT, deepest_dent(side, radius))
    assert abs(hypot(x - beside[0], y - beside[1]) - (touching - dent)) < 1e-9


@pytest.mark.slow
@pytest.mark.parametrize("push_radius", (100, 160, 220))
def test_presses_and_fast_drags_never_turn_the_ring_inside_out(push_radius):
    """A ring turned inside out stands on its head for good (T13 rights the mirrored crown
    line): before the slide-in, 1 press in 4 did it at push radius 160-220. A press this
    large can also crush the body into a corner, all 16 points on one spot: it must come back."""
    model = settled(push_radius=push_radius)
    rest_area = model.body.area()
    rng = random.Random(push_radius)
    for _ in range(12):
        cx, cy = model.body.center()
        angle = rng.uniform(0.0, 2.0 * pi)
        x, y = cx + 140.0 * cos(angle), min(cy + 140.0 * sin(angle), body_floor(model))
        model.input("down", (x, y))
        for k in range(12):  # then a fast sweep across the body, 25 px a frame
            model.input("move", (x - (x - cx) * k / 6.0, y - (y - cy) * k / 6.0))
            model.step()
            # never inside out (crushed flat into a corner by a huge press, it may be 0, to
            # rounding: a flat ring's sum of cross products leaves some 1e-11 px^2 either way)
            assert signed_area(model.body.positions()) >= -1e-6
        release(model)
        run(model, 240)
        assert abs(model.body.area() / rest_area - 1.0) < 0.01  # blown up the right way again


def test_with_substeps_the_circle_strides_its_move_one_share_a_substep():
    from scenes.takopi.model.press import PushCircle
    from verlet import World
    world = World(substeps=4)
    circle = PushCircle((140.0, 100.0), 20.0, came_from=(100.0, 100.0))
    sweeps = []
    for substep in range(4):  # each substep sweeps from where the last one left the circle
        world.substep = substep
        circle.stride(world)
        sweeps.append((circle.came_from, circle.center))
        circle.came_from = None  # what the substep's first projection does
    assert sweeps == [((100.0, 100.0), (110.0, 100.0)), ((110.0, 100.0), (120.0, 100.0)),
                      ((120.0, 100.0), (130.0, 100.0)), ((130.0, 100.0), (140.0, 100.0))]
    assert circle.origin == (100.0, 100.0)  # the grip measures the move from the frame's start
    fresh = PushCircle((50.0, 60.0), 20.0)  # a press's first frame: it appears where it is
    world.substep = 0
    fresh.stride(world)
    assert (fresh.came_from, fresh.center) == ((50.0, 60.0), (50.0, 60.0))


def test_a_press_keeps_the_radius_it_began_with_and_the_next_press_takes_the_new_one():
    """The radius slider moved during a press is for the next press: grown from 20 to 220 px
    under a finger already in the body, the circle had thrown the points it swallowed 184-190
    px in a frame (soak seeds 0 and 5)."""
    model = settled()
    set_param(model, "push_radius", 20)
    cx, cy = model.body.center()
    model.input("down", (cx, cy))
    run(model, 12)
    before = [(p.x, p.y) for p in model.body.points]
    set_param(model, "push_radius", 220)
    model.step()
    assert model.push_circle()[1] == 20
    assert max(hypot(p.x - x, p.y - y)
               for p, (x, y) in zip(model.body.points, before)) < 10.0
    release(model)
    run(model, 60)
    model.input("down", (cx, cy - 300.0))
    model.step()
    assert model.push_circle()[1] == 220
