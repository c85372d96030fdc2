"""Degenerate geometry at scene level: presses, shots and cuts exactly where the math
is singular (on a point, on an endpoint, on the spider itself) stay finite and sensible."""

from math import hypot, isfinite, pi

import pytest

from tests.support.robustness import make_simulation
from verlet.strand import keep_inside
from verlet import Particle
from scenes.kit.model.run import record


def all_finite(model):
    return all(isfinite(x) and isfinite(y) for x, y in model.points())


# --- rope -----------------------------------------------------------------------------------------

def test_rope_second_press_without_release_lets_go_of_the_first_point():
    """A lost pointer-up (released outside the window) then a new press: no stray pin remains."""
    sim = make_simulation("rope")
    rope = sim.model
    tip = rope.particles[-1]
    sim.apply(record("down", (tip.x, tip.y)))
    assert rope.grabbed == len(rope.particles) - 1
    sim.apply(record("move", (700.0, 300.0)))
    sim.step()
    middle = rope.particles[8]
    sim.apply(record("down", (middle.x, middle.y)))  # no "up" in between
    sim.apply(record("up", (middle.x, middle.y)))
    assert [p.pinned for p in rope.particles] == [True] + [False] * (len(rope.particles) - 1)
    for _ in range(600):
        sim.step()
    lengths = rope.segment_lengths()
    assert max(lengths) < 22.0 * 1.05  # hangs from its pin again, no link held stretched


@pytest.mark.parametrize("index", [0, 8, 16])
def test_rope_press_exactly_on_a_point(index):
    sim = make_simulation("rope")
    point = sim.model.particles[index]
    sim.apply(record("down", (point.x, point.y)))
    assert sim.model.grabbed == index
    for _ in range(30):
        sim.step()
    sim.apply(record("up", (point.x, point.y)))
    for _ in range(60):
        sim.step()
    assert all_finite(sim.model)


# --- takopi ---------------------------------------------------------------------------------------

def test_leg_point_past_the_top_edge_slides_on_its_circle():
    pivot = Particle(100.0, 10.0)
    point = Particle(110.0, -3.0)
    keep_inside(pivot, point, 17.0, (8.0, 8.0, 952.0, 478.0))
    assert point.y == pytest.approx(8.0)
    assert hypot(point.x - pivot.x, point.y - pivot.y) == pytest.approx(17.0, abs=1e-9)
    assert point.x > pivot.x  # stays on the side it was on


def test_takopi_on_its_back_at_the_ceiling_keeps_its_legs_whole():
    """Upright rate 0, no gravity, turned over and thrown up: legs press on the top edge."""
    sim = make_simulation("takopi", values={"upright_rate": 0.0, "gravity": 0.0})
    model = sim.model
    model.turn(pi)
    for p in model.body.points:
        p.py = p.y + 12.0  # moving up 12 px a frame
    worst, highest = 0.0, float("inf")
    for _ in range(400):
        sim.step()
        highest = min(highest, min(p.y for p in model.body.points))
        for leg in model.legs:
            for length in leg.lengths():
                worst = max(worst, abs(length - leg.shape.segment))
    assert highest < 12.0  # it did reach the ceiling
    assert worst < 1e-6


@pytest.mark.parametrize("spot", ["crown", "center"])
def test_takopi_press_exactly_on_a_body_point_or_its_centre(spot):
    sim = make_simulation("takopi")
    for _ in range(120):
        sim.step()
    model = sim.model
    target = model.body.points[0].position if spot == "crown" else model.body.center()
    sim.apply(record("down", target))
    for _ in range(60):
        sim.step()
        assert all_finite(model)
    assert model.pressed


def test_takopi_press_bigger_than_the_body_then_release_recovers_its_shape():
    """A 220 px press centred on a 170 px body blows it up to the circle; released, T10 holds."""
    rest = make_simulation("takopi")
    sim = make_simulation("takopi", values={"push_radius": 220})
    for _ in range(240):
        rest.step()
        sim.step()
    sim.apply(record("down", sim.model.body.center()))
    for _ in range(120):
        sim.step()
        assert all_finite(sim.model)
        left, top, right, bottom = sim.model.bounds()
        assert all(left <= x <= right and top <= y <= bottom for x, y in sim.model.points())
    sim.apply(record("up", (0.0, 0.0)))
    for _ in range(600):
        rest.step()
        sim.step()
    assert sim.model.body.area() == pytest.approx(rest.model.body.area(), rel=0.02)
    assert sim.model.body.perimeter() == pytest.approx(rest.model.body.perimeter(), rel=0.02)
