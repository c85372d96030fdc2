"""verlet.tearing, verlet.forces, verlet.strand and geometry.segment_crossing."""

from math import isclose, radians

from verlet import (Breakable, Distance, Strand, TriangleWind, World, anchored, cut_links,
                    snap_overstretched)
from verlet.geometry import segment_crossing


def test_segment_crossing_finds_the_parameters_and_refuses_misses():
    s, u = segment_crossing((0, 0), (10, 0), (4, -5), (4, 5))
    assert isclose(s, 0.4) and isclose(u, 0.5)
    assert segment_crossing((0, 0), (3, 0), (4, -5), (4, 5)) is None      # stops short
    assert segment_crossing((0, 0), (10, 0), (0, 1), (10, 1)) is None     # parallel
    assert segment_crossing((0, 0), (0, 0), (0, -1), (0, 1)) is None      # zero length


def chain(limit, count=5):
    world = World()
    points = [world.add_particle(i * 10.0, 0.0, pinned=i == 0) for i in range(count)]
    links = [world.add(Breakable(a, b, 10.0, limit)) for a, b in zip(points, points[1:])]
    return world, points, links


def test_a_link_breaks_only_past_its_limit():
    world, points, links = chain(1.5)
    points[2].x = 10.0 + 14.9  # link 1 at 1.49 x: holds
    assert snap_overstretched(world.constraints) == []
    points[2].x = 10.0 + 15.1  # 1.51 x: gives up
    broken = snap_overstretched(world.constraints)
    assert broken == [links[1]] and links[1].broken  # link 2 is now short: it stays
    assert world.constraints == [links[0], links[2], links[3]]


def test_most_breaks_the_worst_first():
    world, points, links = chain(1.2)
    points[2].x, points[4].x = 25.0, 80.0  # link 1 at 1.5, links 3 at 3.5
    assert snap_overstretched(world.constraints, most=1) == [links[3]]
    assert links[1] in world.constraints


def test_plain_distances_never_break():
    world = World()
    a, b = world.add_particle(0, 0), world.add_particle(100, 0)
    world.add(Distance(a, b, 1.0))
    assert snap_overstretched(world.constraints) == [] and len(world.constraints) == 1


def test_a_cut_severs_exactly_the_links_it_crosses():
    world, points, links = chain(9.0)
    crossed = cut_links(world.constraints, (15.0, -5.0), (25.0, 5.0))  # crosses links 1 and 2
    assert crossed == [links[1], links[2]]
    assert world.constraints == [links[0], links[3]]
    assert cut_links(world.constraints, (15.0, 1.0), (25.0, 2.0)) == []  # passes beside


def test_anchored_follows_live_links_from_the_pins():
    world, points, links = chain(9.0)
    cut_links(world.constraints, (25.0, -1.0), (25.0, 1.0))
    held = anchored(world.particles, world.constraints)
    assert held == {id(points[0]), id(points[1]), id(points[2])}


def triangle(world):
    return (world.add_particle(0, 0), world.add_particle(10, 0), world.add_particle(0, 10))


def pushes(wind):
    """The accelerations a wind gives each corner of one triangle, cleared again after."""
    world = World()
    a, b, c = triangle(world)
    TriangleWind([(a, b, c)], wind=wind, per_length=0.1).add_accelerations()
    return [(p.force_x, p.force_y) for p in (a, b, c)]


def test_wind_pushes_the_sides_that_face_it_and_not_a_side_along_it():
    # only the side a-c (x = 0, facing -x) faces a wind from the left: 10 px x 100 x 0.1
    assert pushes((100.0, 0.0)) == [(50.0, 0.0), (0.0, 0.0), (50.0, 0.0)]
    # a wind from below presses the hypotenuse only, along its normal (1, 1) / sqrt 2
    a, (fx, fy), c = pushes((0.0, -100.0))
    assert a == (0.0, 0.0) and c == (fx, fy)
    assert isclose(fx, fy) and fy < 0.0 and isclose((fx * fx + fy * fy) ** 0.5, 50.0)


def test_integrating_applies_the_wind_once_and_clears_it():
    world = World()
    a, b, c = triangle(world)
    world.forces.append(TriangleWind([(a, b, c)], wind=(3600.0, 0.0), per_length=0.1))
    world.step()  # a and c take 1800 px/s^2 (half of 10 px x 3600 x 0.1) x (1/60 s)^2 = 0.5 px
    assert isclose(a.x, 0.5) and isclose(c.x, 0.5) and b.x == 10.0
    assert all(p.force_x == p.force_y == 0.0 for p in (a, b, c))
    world.forces.clear()
    world.step()  # no wind now: they keep the speed they took, nothing more
    assert isclose(a.x, 1.0) and isclose(c.x, 1.0) and b.x == 10.0


def drift(dt, seconds=1.0):
    world = World()
    world.dt = dt
    a, b, c = triangle(world)
    world.forces.append(TriangleWind([(a, b, c)], wind=(120.0, 0.0), per_length=0.1))
    for _ in range(round(seconds / dt)):
        world.step()
    return a.x


def test_wind_is_frame_rate_independent():
    at_60, at_120 = drift(1 / 60), drift(1 / 120)
    assert at_60 > 10.0
    assert abs(at_60 - at_120) / at_60 < 0.03


def test_a_strand_keeps_its_lengths_and_its_bend_limits():
    world = World(gravity=(0.0, 0.5), damping=0.98)
    root = world.add_particle(0.0, 0.0, pinned=True)
    points = [world.add_particle(10.0 * (i + 1), 0.0) for i in range(6)]
    limit = radians(15)
    strand = Strand(root, points, 10.0, [(-limit, limit)] * 6, lambda: 0.0)
    for frame in range(200):
        root.place(40.0 * (frame % 20 < 10), 0.0)  # shaken hard
        world.integrate()
        strand.solve()
        for bend in strand.bends():
            assert -limit - 1e-9 <= bend <= limit + 1e-9
        for p, q in zip(strand.chain, strand.chain[1:]):
            assert isclose(((q.x - p.x) ** 2 + (q.y - p.y) ** 2) ** 0.5, 10.0)
    # without the limits the same strand hangs straight down; with them it cannot
    assert strand.chain[-1].x > 20.0
