"""Solids (`verlet.solids`) and the hand that leads instead of holding (`Hand(..., lead=...)`)."""

from math import hypot

import pytest

from verlet import Distance, Hand, Particle, World
from verlet.solids import ConvexSolid, square_overlap

ROCK = [(0.0, 100.0), (100.0, 100.0), (80.0, 300.0), (0.0, 300.0)]
"""A cliff: flat top at y = 100 from x = 0 to 100, its face leaning back to x = 80 at y = 300."""


@pytest.mark.parametrize("corners", [ROCK, list(reversed(ROCK))])
def test_a_point_inside_goes_to_the_nearest_edge_and_stops_moving_into_it(corners):
    rock = ConvexSolid(corners)
    p = Particle(95.0, 110.0)  # 10 px below the top, ~4 px inside the face
    p.px, p.py = 97.0, 100.0  # it was moving down and left, into the rock
    assert rock.push_out([p]) == 1
    depth, nx, ny = rock.depth(p.x, p.y)
    assert abs(depth) < 1e-9  # on the outline
    assert nx > 0.9  # out through the face, the nearer edge
    into = (p.x - p.px) * nx + (p.y - p.py) * ny
    assert into >= -1e-9  # no motion into the rock is left
    assert p.y - p.py > 9.0  # it keeps sliding down along the face


def test_points_outside_or_pinned_are_left_alone():
    rock = ConvexSolid(ROCK)
    outside, pinned = Particle(150.0, 200.0), Particle(50.0, 200.0, pinned=True)
    assert rock.push_out([outside, pinned]) == 0
    assert (outside.x, outside.y, pinned.x, pinned.y) == (150.0, 200.0, 50.0, 200.0)


def test_a_square_is_moved_out_the_shortest_way():
    rock = ConvexSolid(ROCK)
    assert rock.square_exit(50.0, 80.0, 10.0) is None  # resting on the top: touching only
    assert rock.square_exit(50.0, 50.0, 10.0) is None
    dx, dy = rock.square_exit(50.0, 95.0, 10.0)  # sunk 5 px into the top
    assert dx == pytest.approx(0.0, abs=1e-9) and dy == pytest.approx(-5.0)
    dx, dy = rock.square_exit(100.0, 200.0, 10.0)  # against the face, below the top
    assert dx > 0.0 and abs(dy) < dx  # out through the face, not up 110 px
    assert rock.square_exit(100.0 + dx, 200.0 + dy, 10.0 - 1e-6) is None


def test_a_solid_needs_an_area():
    with pytest.raises(ValueError):
        ConvexSolid([(0.0, 0.0), (1.0, 1.0)])
    with pytest.raises(ValueError):
        ConvexSolid([(0.0, 0.0), (1.0, 1.0), (2.0, 2.0)])


def test_square_overlap_parts_along_the_shallower_axis():
    assert square_overlap(0.0, 0.0, 10.0, 25.0, 0.0, 10.0) is None
    assert square_overlap(0.0, 0.0, 10.0, 18.0, 5.0, 10.0) == (2.0, 0.0)
    assert square_overlap(0.0, 0.0, 10.0, 3.0, -17.0, 10.0) == (0.0, -3.0)
    assert square_overlap(0.0, 0.0, 10.0, 0.0, 0.0, 5.0) == (0.0, -15.0)  # same centre: on top


def rope_world(lead):
    """A rope of 10 links of 10 px hanging from a pin at (0, 0), straight down."""
    world = World(gravity=(0.0, 0.0), iterations=20)
    points = [world.add_particle(0.0, 10.0 * i, pinned=(i == 0)) for i in range(11)]
    for a, b in zip(points, points[1:]):
        world.add(Distance(a, b, max_only=True))
    hand = Hand(world, 5.0, lead=lead)
    return world, points, hand


def test_a_leading_hand_moves_a_point_at_most_lead_px_a_frame_and_leaves_it_free():
    world = World(gravity=(0.0, 0.0))
    hand = Hand(world, 5.0, lead=3.0)
    point = world.add_particle(100.0, 100.0)
    hand.grab([point], (100.0, 100.0))
    assert not point.pinned
    hand.move((100.0 - 30.0, 100.0 - 40.0))  # 50 px away
    steps = []
    for _ in range(20):
        before = (point.x, point.y)
        world.step()
        steps.append(hypot(point.x - before[0], point.y - before[1]))
    assert steps[:16] == pytest.approx([3.0] * 16)  # 16 frames of 3 px, then the last 2 px
    assert steps[16] == pytest.approx(2.0) and max(steps[17:]) < 1e-12
    assert (point.x, point.y) == pytest.approx((70.0, 60.0))
    hand.let_go()
    world.step()
    assert point.speed < 1e-12  # let go, it has none of the hand's motion


def test_a_leading_hand_cannot_stretch_a_taut_rope_and_a_holding_one_can():
    for lead, longest in ((3.0, 101.0), (None, 180.0)):
        world, points, hand = rope_world(lead)
        tip = points[-1]
        hand.grab([tip], (tip.x, tip.y))
        for k in range(1, 31):
            hand.move((0.0, 100.0 + 3.0 * k))  # straight down, past the rope's length
            world.step()
        reach = hypot(tip.x, tip.y)
        if lead is None:
            assert reach == pytest.approx(190.0)  # pinned at the hand: the links give
        else:
            assert reach < longest  # the rope holds it back within its length
        hand.let_go()
        assert not tip.pinned
