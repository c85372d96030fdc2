"""Shared helpers of the Takopi tests: building, settling and measuring the pure model."""

import copy
import random
from math import atan2, cos, hypot, pi, sin

from scenes.takopi.model import PARAMS, STANCE, TakopiModel

SIZE = (960, 540)
SETTLE_FRAMES = 420
"""Frames after which a dropped or released body is at rest (damping 0.99 and floor friction)."""


def make_model(**values):
    """A fresh model with default parameters, some overridden."""
    table = PARAMS.defaults()
    table.update(values)
    return TakopiModel(SIZE, table, random.Random(0))


def set_param(model, name, value):
    """A live change of a bare model, as its run makes it (`ParamTable.apply` on the values it
    keeps, the ones it was built with)."""
    return PARAMS.apply(model, model.values, name, value)


def run(model, frames):
    for _ in range(frames):
        model.step()
    return model


_settled = {}


def settled(**values):
    """A model at rest after SETTLE_FRAMES (computed once per parameter set, then copied)."""
    key = tuple(sorted(values.items()))
    if key not in _settled:
        _settled[key] = run(make_model(**values), SETTLE_FRAMES)
    return copy.deepcopy(_settled[key])


def roundness(model):
    """Isoperimetric quotient 4 pi A / P^2: 1 for a circle, about 0.99 for a regular 16-gon."""
    return 4.0 * pi * model.body.area() / model.body.perimeter() ** 2


def mean_radius(points):
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    return sum(hypot(x - cx, y - cy) for x, y in points) / len(points)


def aligned_error(reference, points):
    """Largest point distance after removing translation and the best rotation (Procrustes)."""
    count = len(reference)
    rx = sum(x for x, _ in reference) / count
    ry = sum(y for _, y in reference) / count
    px = sum(x for x, _ in points) / count
    py = sum(y for _, y in points) / count
    a = [(x - rx, y - ry) for x, y in reference]
    b = [(x - px, y - py) for x, y in points]
    cross = sum(bx * ay - by * ax for (ax, ay), (bx, by) in zip(a, b))
    dot = sum(bx * ax + by * ay for (ax, ay), (bx, by) in zip(a, b))
    angle = atan2(cross, dot)  # turning b by this angle best matches a
    c, s = cos(angle), sin(angle)
    return max(hypot(bx * c - by * s - ax, bx * s + by * c - ay)
               for (ax, ay), (bx, by) in zip(a, b))


def crown(model):
    return model.body.points[0]


def height(model):
    ys = [p.y for p in model.body.points]
    return max(ys) - min(ys)


def press_from_above(model, depth, frames, descent=10):
    """Press down onto the crown like a finger: the push circle's lowest edge comes down from
    the crown to `depth` px below it over `descent` frames, then stays for `frames` frames."""
    top = crown(model)
    radius = model.values["push_radius"]
    x, y = top.x, top.y - radius
    model.input("down", (x, y))
    for i in range(1, descent + 1):
        model.input("move", (x, y + depth * i / descent))
        model.step()
    run(model, frames)


def release(model):
    model.input("up", (0.0, 0.0))


def body_floor(model):
    return model.ground - STANCE


def press_sequence(model, rng, hold=40):
    """One random press-and-drag on or near the body, as a reader would do it: down somewhere
    within 1.6 body radii of its centre (inside the body or outside it), a drag of up to 80 px
    over `hold` frames, release."""
    cx, cy = model.body.center()
    radius = mean_radius(model.body.positions())
    angle = rng.uniform(0.0, 2.0 * pi)
    reach = rng.uniform(0.0, 1.6) * radius
    x, y = cx + reach * cos(angle), min(cy + reach * sin(angle), body_floor(model))
    dx, dy = rng.uniform(-80.0, 80.0), rng.uniform(-40.0, 40.0)
    model.input("down", (x, y))
    for i in range(1, hold + 1):
        model.input("move", (x + dx * i / hold, y + dy * i / hold))
        model.step()
    release(model)


def drift_and_tilt(model, frames, every=10):
    """Run `frames` untouched frames; the largest move of the body's centre (px) and the largest
    tilt (degrees, measured from upright) seen on every `every`-th frame."""
    x0, y0 = model.body.center()
    drift = tilt = 0.0
    for frame in range(1, frames + 1):
        model.step()
        if frame % every == 0 or frame == frames:
            x, y = model.body.center()
            drift = max(drift, hypot(x - x0, y - y0))
            tilt = max(tilt, abs(model.body.tilt()))
    return drift, tilt * 180.0 / pi


def poked_frames(frames=70, every=3):
    """(frame, model) copies along a poke from rest and the sway after it, every few frames."""
    model = settled()
    model.input("key_down", "return")
    model.input("key_up", "return")
    shots = []
    for frame in range(frames):
        model.step()
        if frame % every == 0:
            shots.append((frame, copy.deepcopy(model)))
    return shots


def dragged_frames():
    """Copies of a body pressed on its side and dragged: a lopsided squash, tilted."""
    model = settled()
    cx, cy = model.body.center()
    model.input("down", (cx + 80, cy + 30))
    shots = []
    for i in range(36):
        model.input("move", (cx + 80 - 3 * i, cy + 30 - i))
        model.step()
        if i % 6 == 5:
            shots.append(copy.deepcopy(model))
    return shots
