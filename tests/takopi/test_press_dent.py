"""Takopi's press is a dent, never a kick (T7, issue 25): a press held still on the body or near
it (on it, off-centre, 12 px beside it, just above it, below it) dents it from that side and the
body's centre moves at most 30 px, at the defaults, at 40 random slider settings and at each
slider's ends; a drag still carries it; after the release it comes back to its rest.

What is measured is the centre's full move, hypot(x - x0, y - y0), every frame, downward
included: a squash from above lowers the centre of the 16 points by about half of what it
squashes, so the dent itself must stay shallow enough (`press.deepest_dent`). With the rim let
down to the fingertip a press at the very centre sank it 35 px, one low in the body 64 px, and
one at the side's middle half way in moved it 34.5 px; now no press on a grid over the body's
box and 20 px round it moves it more than 21 px at defaults (24-25 px at random slider
settings and weightless, the most found). Issue 25 saw the body shoved along the floor (142 px,
51-371 over random settings) and thrown up and away (17 px a frame, 350 px across the floor).
"""

import random
from math import hypot

import pytest

from tests.support.takopi import body_floor, release, run, settled

from scenes.takopi.model import PARAMS

HELD = 180
"""Frames a press is held still: three seconds."""
MOST = 30.0
"""The furthest the body's centre may move while a press is held still, px (T7)."""


def presses(model):
    """Where a reader presses, named: on the body, off-centre, beside it, above it, below it."""
    body = model.body
    cx, cy = body.center()
    r = body.mean_radius()
    xs = [p.x for p in body.points]
    ys = [p.y for p in body.points]
    below = min(max(ys) + 12.0, model.ground - 1.0)
    return {
        "centre": (cx, cy),
        "off-centre, upper left": (cx - 0.5 * r, cy - 0.5 * r),
        "off-centre, right": (cx + 0.7 * r, cy - 0.2 * r),
        "12 px beside, left": (min(xs) - 12.0, cy),
        "12 px beside, right": (max(xs) + 12.0, cy),
        "12 px beside, low": (min(xs) - 12.0, cy + 0.6 * r),
        "just above": (cx, min(ys) - 12.0),
        "just above, off-centre": (cx + 0.4 * r, min(ys) - 12.0),
        "below": (cx + 0.3 * r, below),
        "below, left": (cx - 0.7 * r, below),
    }


def held_move(values, at):
    """(largest move of the centre, px, the full 2-D distance; least area / rest area) while a
    press at `at` is held still for HELD frames."""
    model = settled(**values)
    x0, y0 = model.body.center()
    rest = model.body.area()
    model.input("down", at)
    moved, least = 0.0, 1.0
    for _ in range(HELD):
        model.step()
        x, y = model.body.center()
        moved = max(moved, hypot(x - x0, y - y0))
        least = min(least, model.body.area() / rest)
    return moved, least


def worst_moves(values):
    return {name: held_move(values, at) for name, at in presses(settled(**values)).items()}


@pytest.mark.slow
def test_a_press_held_still_near_or_on_the_body_dents_it_and_moves_it_at_most_30_px():
    moves = worst_moves({})
    for name, (moved, least) in moves.items():
        assert moved <= MOST, (name, round(moved, 1))
    # It is a dent: pressed on it, from above or beside it, the body gives some area up.
    for name in ("centre", "off-centre, upper left", "12 px beside, left", "just above"):
        assert moves[name][1] < 0.995, (name, moves[name][1])
    assert moves["centre"][1] < 0.985  # 0.976 (0.89 when the dent reached the centre)


def slider_settings():
    """40 random settings of every slider (fixed seeds), then each slider at each of its ends."""
    settings = []
    rng = random.Random(25)
    for _ in range(40):
        settings.append({p.name: (rng.randint(p.lo, p.hi) if p.integer else rng.uniform(p.lo, p.hi))
                         for p in PARAMS})
    for p in PARAMS:
        settings += [{p.name: p.lo}, {p.name: p.hi}]
    return settings


@pytest.mark.slow
def test_no_slider_setting_lets_a_held_press_shove_or_launch_the_body():
    worst = {}
    for values in slider_settings():
        for name, (moved, _) in worst_moves(values).items():
            worst[name] = max(worst.get(name, 0.0), moved)
            assert moved <= MOST, (name, values, round(moved, 1))
    assert max(worst.values()) > 3.0  # the presses did touch it


def test_a_weightless_body_stands_on_its_floor_so_a_press_squashes_it_there():
    """Weightless, a body dropped from above hovered where it was let go, 40 px over its floor,
    and a press only pushed it away (42-147 px): it starts on its floor instead."""
    model = settled(gravity=0.0)
    assert max(p.y for p in model.body.points) == body_floor(model)
    assert held_move({"gravity": 0.0}, presses(model)["12 px beside, left"])[0] <= MOST


def test_a_small_finger_pressed_deep_into_a_soft_body_never_rolls_it_over():
    """A 64 px circle pressed to the centre of a soft (1 iteration), puffy body: with its centre
    let in past the surface, the body wrapped up round it and after 2.4 s rolled over the top
    (61 px, upside down). The circle's centre stops at the surface."""
    values = {"iterations": 1, "area_ratio": 2.17, "damping": 0.985, "gravity": 0.71,
              "push_radius": 63.5, "upright_rate": 0.18}
    model = settled(**values)
    moved, _ = held_move(values, model.body.center())
    assert moved <= MOST
    model.input("down", model.body.center())
    run(model, HELD)
    assert abs(model.body.tilt()) < 0.1  # still upright


def test_a_drag_still_carries_the_body_along():
    model = settled()
    cx, cy = model.body.center()
    model.input("down", (cx - 40.0, cy - 30.0))
    for i in range(90):
        model.input("move", (cx - 40.0 + 2.0 * i, cy - 30.0))
        model.step()
    assert model.body.center()[0] > cx + 60.0


@pytest.mark.slow
def test_after_the_release_the_body_comes_back_to_its_rest():
    base = settled()
    rest_area, rest_perimeter = base.body.area(), base.body.perimeter()
    for name, at in presses(base).items():
        model = settled()
        model.input("down", at)
        run(model, 90)
        release(model)
        run(model, 420)
        assert abs(model.body.area() / rest_area - 1.0) < 0.005, name
        assert abs(model.body.perimeter() / rest_perimeter - 1.0) < 0.005, name
        assert max(p.y for p in model.body.points) == body_floor(model), name


def grid(model, step):
    """Press positions every `step` px over the body's box widened by 20 px each side, inside
    the canvas and not below the ground."""
    xs = [p.x for p in model.body.points]
    ys = [p.y for p in model.body.points]
    bottom = min(max(ys) + 20.0, model.ground - 1.0)
    width, height = model.size
    at = []
    x = min(xs) - 20.0
    while x <= max(xs) + 20.0:
        y = min(ys) - 20.0
        while y <= bottom:
            if 0.0 < x < width and 0.0 < y < height:
                at.append((x, y))
            y += step
        x += step
    return at


def worst_on_grid(values, step):
    worst, where = 0.0, None
    for at in grid(settled(**values), step):
        moved, _ = held_move(values, at)
        if moved > worst:
            worst, where = moved, at
    return worst, where


@pytest.mark.slow
def test_a_press_held_anywhere_on_a_grid_over_the_body_moves_it_at_most_30_px():
    """Every 12 px over the body and 20 px round it, at defaults (measured: at most 21 px; 68 px
    before the dent was bounded, a press low in the body crushing it flat on its floor)."""
    worst, where = worst_on_grid({}, 12.0)
    assert worst <= MOST, (round(worst, 1), where)
    assert worst > 10.0  # the grid did press it


@pytest.mark.slow
def test_at_the_sliders_ends_a_press_held_anywhere_moves_it_at_most_30_px():
    """A coarser grid at the settings that move it most: weightless (nothing flattens it before
    the finger does), the puffiest, the stiffest, the largest circle, and two random ones."""
    settings = [{"gravity": 0.0}, {"area_ratio": 3.0}, {"iterations": 40}, {"push_radius": 220},
                slider_settings()[0], slider_settings()[5]]
    for values in settings:
        worst, where = worst_on_grid(values, 28.0)
        assert worst <= MOST, (values, round(worst, 1), where)
