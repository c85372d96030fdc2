"""Takopi stands still at every slider value (issue 13): no creeping to a wall, no leaning.

The cause, found with the runs in the closing note: a 16-point ring on a flat floor rolls half a
ring step onto the flat between two points unless its weight flattens three points under it,
as it does at the article's settings. Stiffer, lighter or puffier, upright was a balance on one
point; the upright correction (T13) takes back angle but never the rolling, so it kept lifting
the body back and the body walked. The stance (`Body._stand_level`) holds the underside level
near upright. These tests perturb the rest and check that it comes back, at sampled values of
every slider and at the corners of the parameter box; two full 6,000-frame runs watch an
untouched body, and random presses and drags must end in the same rest shape.
"""

import itertools
import random
from math import degrees

import pytest
from takopi_helpers import (SETTLE_FRAMES, aligned_error, drift_and_tilt, press_sequence, run,
                            settled)

from scenes.takopi.model import PARAMS

NUDGE = 0.02
"""Turn given to a body at rest, radians (about 1.1 degrees): an unstable rest shows within a
few hundred frames what rounding errors alone take 5-70 s to start."""
WATCH = 900
"""Frames watched after the nudge."""
SWEEP = {
    "iterations": (1, 2, 3, 4, 5, 13, 14, 20, 40),
    "area_ratio": (1.0, 1.75, 2.0, 3.0),
    "damping": (0.9, 1.0),
    "gravity": (0.0, 0.1, 0.2, 0.7, 0.9, 1.2),
    "push_radius": (20, 220),
    "upright_rate": (0.0, 0.2),
}
"""Values tried for each slider, the others at their defaults: both ends of every range, and
values where the body used to walk (before the stance: iterations 1, 3 and 13-40, gravity 0.1-0.2
and 0.7-1.0, area ratio 1.75 and up)."""


def nudged_and_watched(values):
    """(drift px, largest tilt in the last third, degrees) of a rest body turned by NUDGE."""
    model = settled(**values)
    model.turn(NUDGE)
    drift, _ = drift_and_tilt(model, 2 * WATCH // 3)
    more, tilt = drift_and_tilt(model, WATCH // 3)
    return drift + more, tilt


def assert_stands(values):
    drift, tilt = nudged_and_watched(values)
    # Weightless and without the upright correction nothing turns a body back: it keeps the
    # nudge (T13: a turned body stays turned), and must not move either.
    keeps = values.get("gravity", 0.3) == 0.0 and values.get("upright_rate", 0.04) == 0.0
    expected = degrees(NUDGE) if keeps else 0.0
    assert drift < 3.0 and abs(tilt - expected) < 0.1, (values, round(drift, 2), round(tilt, 3))


def test_a_nudged_body_comes_back_where_it_used_to_walk():
    for values in ({"iterations": 20}, {"iterations": 3}, {"gravity": 0.1},
                   {"area_ratio": 2.0}, {"iterations": 20, "upright_rate": 0.0}):
        assert_stands(values)


@pytest.mark.slow
def test_a_nudged_body_comes_back_at_every_slider_value():
    for name, values in SWEEP.items():
        for value in values:
            assert_stands({name: value})


CORNER_NAMES = ("iterations", "area_ratio", "damping", "gravity", "upright_rate")
"""The parameters of the box's corners (push_radius changes nothing while nobody presses)."""
CORNERS = [dict(zip(CORNER_NAMES, corner)) for corner in
           itertools.product(*[(PARAMS[n].lo, PARAMS[n].hi) for n in CORNER_NAMES])]
NOT_HELD = [corner for corner in CORNERS if corner["area_ratio"] == PARAMS["area_ratio"].hi and (
    corner["damping"] == 1.0 or (corner["gravity"] > 0.0 and corner["upright_rate"] == 0.0))]
"""The 10 corners the stance does not hold (measured, issue 13 closing note): the puffiest body
(area ratio 3) with no damping at all (damping 1.0 keeps every motion for ever; weightless it
drifts about, heavy it walks under the upright correction), or heavy without the upright
correction (the cogging of the puffiest, heaviest body beats the stance: it leans 8-11 deg).

Measured again with the fingertip press (issue 13, second pass), the nudge of these tests:
- Damping 1.0 with any area ratio above 1 is perpetual motion when weightless: the ring touches
  the floor as it inflates during the drop and then bounces between floor and ceiling for ever
  (1 iteration, area 1.5, upright 0.2: centre y 80-384 px, drift 522 px).
- The failures are not only at these corners. At the default damping 0.99: area 2.0 with
  1 iteration, gravity 0.9 and upright 0.2 walks 660 px; area 3.0 with 40 iterations, gravity
  1.2 and upright 0.2 walks 356 px; at area 1.5 the weightless 1-iteration body drifts 5.5 px.
  Heavy without the upright correction leans 7-11 deg at area 2.0 as at 3.0. Lowering damping's
  top to 0.995, or raising upright's bottom to 0.01, does not hold them; a stance share of 0.12
  (not 0.03) holds heavy 40-iteration bodies without the correction, not 1-iteration ones.
  Averaging the Jacobi moves over one count for the whole ring changes none of them; taking
  the net translation out of the area push (its unit normals do not sum to zero on a dented
  ring) holds the 660 px walk (2.1 px) and none of the others."""


@pytest.mark.slow
def test_a_nudged_body_comes_back_at_the_corners_of_the_parameter_box():
    assert len(CORNERS) == 32 and len(NOT_HELD) == 10
    for corner in CORNERS:
        if corner not in NOT_HELD:
            assert_stands(corner)


@pytest.mark.slow
@pytest.mark.parametrize("corner", NOT_HELD, ids=lambda c: ",".join(f"{v:g}" for v in c.values()))
@pytest.mark.xfail(strict=True, reason="a corner the stance does not hold yet (issue 13 note)")
def test_the_corners_still_not_held(corner):
    assert_stands(corner)


@pytest.mark.slow
def test_an_untouched_body_stays_put_for_6000_frames():
    """The issue's own measure, where the body walked: under 3 px and 0.5 degrees."""
    for values in ({"iterations": 20}, {"gravity": 0.1}):
        drift, tilt = drift_and_tilt(settled(**values), 6000)
        assert drift < 3.0 and tilt < 0.5, (values, drift, tilt)


@pytest.mark.slow
def test_moving_a_slider_live_does_not_start_a_walk():
    for name, value in (("iterations", 20), ("gravity", 0.1), ("area_ratio", 2.0)):
        model = settled()
        model.set_param(name, value)
        run(model, SETTLE_FRAMES)  # the body changes shape and settles
        drift, tilt = drift_and_tilt(model, 2400)
        assert drift < 3.0 and tilt < 0.5, (name, value, drift, tilt)


def returns_to_its_rest_shape(sequences, **values):
    """After each of `sequences` random presses and drags, the body settles back to its own
    rest shape (within 0.5 px after removing position and turn) and stands upright."""
    model = settled(**values)
    rest = model.body.positions()
    rng = random.Random(13)
    for i in range(sequences):
        press_sequence(model, rng)
        run(model, 600)
        error = aligned_error(rest, model.body.positions())
        assert error < 0.5, (values, i, error)
        assert abs(degrees(model.body.tilt())) < 0.5, (values, i)


def test_after_presses_and_drags_the_same_rest_shape_at_20_iterations():
    returns_to_its_rest_shape(3, iterations=20)


@pytest.mark.slow
def test_after_twelve_presses_and_drags_the_same_rest_shape():
    for values in ({"iterations": 20}, {}, {"gravity": 0.1}, {"iterations": 3}):
        returns_to_its_rest_shape(12, **values)
