"""S1, S12 and issue 13: the gravity and stiffness sliders show, and the web is still an orb web.

Before (stiffness 10, gravity 0.06 in 0..0.5): gravity from 0 to 0.5 lowered the free knots
1.8 px on average after 5 s, and stiffness 1 against 40 moved them 2.5 px: sliders a reader
could not see. Measured here exactly as the issue asks: the mean height of the free knots after
5 s (300 frames) with no bugs, the spider resting where it starts.
"""

import re
from math import atan2, hypot, isfinite

import pytest

from scenes.spider.model import PARAMS, WEB_CENTER
from scenes.spider.model.web import YIELD_STRETCH

from tests.support.spider import quiet_model

GRAVITY = PARAMS.lookup("gravity")
STIFFNESS = PARAMS.lookup("iterations")


def settled(seed, frames=300, **values):
    model = quiet_model(seed, **values)
    for _ in range(frames):
        model.step()
    return model


def mean_free_y(model):
    free = [k for k in model.web.knots if not k.pinned]
    return sum(k.y for k in free) / len(free)


@pytest.mark.parametrize("seed", [0, 3])
def test_gravity_from_its_minimum_to_its_maximum_sags_the_web_20_px(seed):
    low = mean_free_y(settled(seed, gravity=GRAVITY.lo))
    high = mean_free_y(settled(seed, gravity=GRAVITY.hi))
    assert high - low >= 20.0  # measured ~25 px at stiffness 4


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 3])
def test_stiffness_1_against_40_differs_by_15_px(seed):
    soft = mean_free_y(settled(seed, iterations=1))
    stiff = mean_free_y(settled(seed, iterations=40))
    assert STIFFNESS.lo == 1 and STIFFNESS.hi == 40
    assert soft - stiff >= 15.0  # measured ~19.5 px at gravity 0.3


def spokes(model):
    """Each spoke's free knots from the hub outward (the woven chain hub -> anchor)."""
    hub = model.web.knots[0]
    chains = []
    for thread in hub.threads:
        chain, previous, knot = [], hub, thread.other(hub)
        while not knot.pinned:
            chain.append(knot)
            onward = [t.other(knot) for t in knot.threads if t.kind == "spoke"
                      and t.other(knot) is not previous]
            previous, knot = knot, onward[0]
        chains.append(chain)
    return hub, chains


def test_at_the_defaults_the_web_still_hangs_as_an_orb_web():
    model = settled(0)
    hub, chains = spokes(model)
    assert len(chains) == 16
    assert abs(hub.x - WEB_CENTER[0]) < 2.0 and 0.0 < hub.y - WEB_CENTER[1] < 10.0  # a slight sag
    for chain in chains:  # spokes run straight out: each knot farther from the hub, same bearing
        distances = [hypot(k.x - hub.x, k.y - hub.y) for k in chain]
        assert all(b > a + 10.0 for a, b in zip(distances, distances[1:]))
        bearings = [atan2(k.y - hub.y, k.x - hub.x) for k in chain]
        assert max(bearings) - min(bearings) < 0.12 or max(bearings) - min(bearings) > 6.1
    stretch = max(t.length() / t.rest for t in model.web.threads)
    assert stretch < 1.05


@pytest.mark.slow
@pytest.mark.parametrize("corner", [(1, GRAVITY.hi), (40, GRAVITY.hi), (1, 0.0), (40, 0.0)])
def test_at_the_slider_corners_the_web_sags_or_holds_but_never_breaks(corner):
    stiffness, gravity = corner
    model = settled(1, frames=600, iterations=stiffness, gravity=gravity)
    assert all(isfinite(k.x) and isfinite(k.y) for k in model.web.knots)
    assert all(t.length() <= YIELD_STRETCH * t.rest + 1e-6 for t in model.web.threads)
    hub, chains = spokes(model)
    assert len(chains) == 16 and model.spider.riding
    assert WEB_CENTER[1] - 1.0 < hub.y < WEB_CENTER[1] + 200.0


def test_slider_help_speaks_to_the_reader_without_spec_labels():
    for param in PARAMS:
        assert not re.search(r"\(?\bS\d+\b\)?", param.help), param.help
        assert param.lo <= param.default <= param.hi
