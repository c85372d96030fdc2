"""The ring builder: points on a circle from the top, clockwise on screen, each linked to the
next with one rest length, the longest chord; the same bits as placing them by hand."""

from math import cos, hypot, pi, sin

from verlet import Distance, World
from verlet.builders import circle_points, ring
from verlet.geometry import signed_area


def test_a_ring_is_the_hand_built_ring_to_the_last_bit():
    for center, radius, count in (((480.0, 300.0), 70.0, 16), ((0.0, 0.0), 3.5, 5),
                                  ((12.25, -7.0), 210.0, 64)):
        cx, cy = center
        by_hand = World()
        points = [by_hand.add_particle(cx + radius * cos(-pi / 2 + 2 * pi * i / count),
                                       cy + radius * sin(-pi / 2 + 2 * pi * i / count))
                  for i in range(count)]
        spacing = max(hypot(b.x - a.x, b.y - a.y)
                      for a, b in zip(points, points[1:] + points[:1]))
        for i, a in enumerate(points):
            by_hand.add(Distance(a, points[(i + 1) % count], spacing, max_only=True))

        built = World()
        made, links = ring(built, center, radius, count, max_only=True)
        assert made == built.particles and links == built.constraints
        assert [p.position for p in made] == [p.position for p in by_hand.particles]
        assert [(made.index(link.a), made.index(link.b), link.rest, link.max_only,
                 link.stiffness) for link in links] == [
            (points.index(link.a), points.index(link.b), link.rest, link.max_only,
             link.stiffness) for link in by_hand.constraints]


def test_a_ring_starts_at_the_top_and_runs_clockwise_on_screen():
    points = circle_points((100.0, 100.0), 10.0, 8)
    assert abs(points[0][0] - 100.0) < 1e-12 and abs(points[0][1] - 90.0) < 1e-12
    assert points[2][0] > 109.9  # a quarter turn on: to the right, clockwise with y down
    assert signed_area(points) > 0.0
    turned = circle_points((0.0, 0.0), 1.0, 4, start_angle=0.0)
    assert abs(turned[0][0] - 1.0) < 1e-12 and abs(turned[1][1] - 1.0) < 1e-12


def test_ring_links_are_exact_or_pull_only_as_asked():
    world = World()
    _, links = ring(world, (0.0, 0.0), 20.0, 6, stiffness=0.5)
    assert all(not link.max_only and link.stiffness == 0.5 for link in links)
    assert len({link.rest for link in links}) == 1 and abs(links[0].rest - 20.0) < 1e-9
