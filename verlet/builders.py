"""Builders of the standard shapes: ring, chain, sheet.

Each one adds a shape's particles and links to a `World` and hands back what it made, so a
scene says what it wants ("a ring of 16 points, 70 px", "a chain of 16 links from the pin", "a
sheet of 13 x 10 points") instead of placing points by hand.
"""

from math import cos, hypot, pi, sin

from .distance import Distance


def circle_points(center, radius, count, start_angle=-pi / 2):
    """`count` points on a circle, the first at `start_angle` (straight up by default), the rest
    clockwise on screen (y down), evenly spaced."""
    cx, cy = center
    return [(cx + radius * cos(start_angle + 2 * pi * i / count),
             cy + radius * sin(start_angle + 2 * pi * i / count)) for i in range(count)]


def ring(world, center, radius, count, max_only=False, stiffness=1.0, start_angle=-pi / 2):
    """A closed ring of `count` particles on a circle (`circle_points`), each linked to the next
    and the last to the first by a `Distance`; returns (points, links).

    Every link gets the same rest length, the longest of the chords between neighbours: they
    differ in their last bits, and taking the longest leaves no link a rounding error too
    long, so a solve of the ring starts as symmetric as the circle. `max_only` links only pull
    (T3: a ring that can go slack).
    """
    points = [world.add_particle(x, y) for x, y in circle_points(center, radius, count,
                                                                 start_angle)]
    spacing = max(hypot(b.x - a.x, b.y - a.y) for a, b in zip(points, points[1:] + points[:1]))
    links = [world.add(Distance(a, points[(i + 1) % count], spacing, stiffness=stiffness,
                                max_only=max_only))
             for i, a in enumerate(points)]
    return points, links


def chain(world, start, step, links, rest=None, pinned=(0,), link=Distance):
    """A chain of `links` + 1 particles from `start`, each `step` (dx, dy) further than the
    one before (point i at start + i * step); the points whose index is in `pinned` are
    pinned. Each point is joined to the next by `link(a, b, rest)` (rest None: the distance
    they start at), or by nothing when `link` is None; returns (points, links).
    """
    x, y = start
    dx, dy = step
    points = [world.add_particle(x + i * dx, y + i * dy, pinned=(i in pinned))
              for i in range(links + 1)]
    made = [] if link is None else [world.add(link(a, b, rest))
                                    for a, b in zip(points, points[1:])]
    return points, made


def sheet(world, columns, rows, spacing, origin, pinned=None, link=Distance):
    """A `columns` x `rows` grid of particles `spacing` px apart from `origin` (its top-left
    point), added row by row; `pinned(column, row)` says which are pinned. Each point is joined
    to its right neighbour and then to the one below by `link(a, b, spacing)`, point by point
    in the grid's order; returns (points, right, down), `right[i]` and `down[i]` the links
    leaving point i (absent on the last column and the last row).
    """
    x0, y0 = origin
    points = [world.add_particle(x0 + c * spacing, y0 + r * spacing,
                                 pinned(c, r) if pinned is not None else False)
              for r in range(rows) for c in range(columns)]
    right, down = {}, {}
    for i, p in enumerate(points):
        c, r = i % columns, i // columns
        if c + 1 < columns:
            right[i] = world.add(link(p, points[i + 1], spacing))
        if r + 1 < rows:
            down[i] = world.add(link(p, points[i + columns], spacing))
    return points, right, down
