"""Builders of the standard shapes: ring, chain, sheet.

Each one adds a shape's particles and links to a `World` and hands back what it made, so a
scene says what it wants ("a ring of 16 points, 70 px") instead of placing points by hand.
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
