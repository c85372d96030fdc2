"""Curve sampling for Takopi's view, fast enough to run every frame (T14, T15; no pygame).

The same uniform Catmull-Rom curves as `verlet.geometry.catmull_rom_closed` / `_open` (equal to
within float rounding), but with the four blend weights of every sample position worked out once
per sample count instead of once per point, and the x and y sums written out. The view draws
about 180 curve points a frame; this keeps their cost small next to the pixels.
"""

from math import hypot

_weights = {}


def blend_weights(samples):
    """The Catmull-Rom weights (w0, w1, w2, w3) of p0..p3 at t = 0, 1/samples, ... (cached)."""
    weights = _weights.get(samples)
    if weights is None:
        weights = []
        for step in range(samples):
            t = step / samples
            t2, t3 = t * t, t * t * t
            weights.append((0.5 * (-t + 2.0 * t2 - t3), 0.5 * (2.0 - 5.0 * t2 + 3.0 * t3),
                            0.5 * (t + 4.0 * t2 - 3.0 * t3), 0.5 * (t3 - t2)))
        weights = _weights[samples] = tuple(weights)
    return weights


def _sample(curve, weights, a, b, c, d):
    """Append the samples of one segment (from b towards c) to `curve`."""
    ax, ay = a
    bx, by = b
    cx, cy = c
    dx, dy = d
    for w0, w1, w2, w3 in weights:
        curve.append((w0 * ax + w1 * bx + w2 * cx + w3 * dx, w0 * ay + w1 * by + w2 * cy + w3 * dy))


def closed_curve(points, samples):
    """A smooth closed curve through every point: `len(points) * samples` points."""
    count = len(points)
    if count < 3:
        return [tuple(p) for p in points]
    weights = blend_weights(samples)
    curve = []
    for i in range(count):
        _sample(curve, weights, points[i - 1], points[i], points[(i + 1) % count],
                points[(i + 2) % count])
    return curve


def open_curve(points, samples):
    """A smooth curve from the first point to the last through every point (ends repeated):
    `(len(points) - 1) * samples + 1` points."""
    count = len(points)
    if count < 2:
        return [tuple(p) for p in points]
    weights = blend_weights(samples)
    padded = [points[0], *points, points[-1]]
    curve = []
    for i in range(1, count):
        _sample(curve, weights, padded[i - 1], padded[i], padded[i + 1], padded[i + 2])
    curve.append(tuple(points[-1]))
    return curve


def vertex_normals(curve, orientation):
    """Unit outward normal at every vertex of a closed curve, square to the chord joining the
    vertex's neighbours (as `verlet.geometry.outward_normals`). `orientation` is +1 for a ring
    running clockwise on screen, -1 otherwise. A vertex whose neighbours coincide gets (0, 0)."""
    if len(curve) < 3:
        return [(0.0, 0.0)] * len(curve)
    normals = []
    for (px, py), (nx, ny) in zip(curve[-1:] + curve[:-1], curve[1:] + curve[:1]):
        ux, uy = nx - px, ny - py  # previous neighbour to next
        length = hypot(ux, uy)
        if length > 1e-9:
            scale = orientation / length
            normals.append((uy * scale, -ux * scale))
        else:
            normals.append((0.0, 0.0))
    return normals


def offset(curve, normals, distance):
    """Every point moved `distance` along its normal."""
    return [(x + nx * distance, y + ny * distance) for (x, y), (nx, ny) in zip(curve, normals)]
