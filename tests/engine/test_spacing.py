"""Spacers push two particles apart only when closer than their rest; tethers hold each free
particle within its path length of the nearest pin; cap_speed limits a frame's motion."""

from math import hypot

from verlet import Spacer, World, cap_speed, chain, move_now, push_apart, sheet, tethers


def test_a_spacer_pushes_apart_only_when_too_close():
    world = World()
    a, b = world.add_particle(0.0, 0.0), world.add_particle(4.0, 0.0)
    spacer = Spacer(a, b, 10.0)
    push_apart([spacer])
    assert (a.x, b.x) == (-3.0, 7.0)
    push_apart([spacer])  # now exactly at rest: nothing
    assert (a.x, b.x) == (-3.0, 7.0)
    b.x = 30.0
    push_apart([spacer])  # farther than rest: a spacer never pulls
    assert (a.x, b.x) == (-3.0, 30.0)


def test_a_spacer_moves_only_the_free_end_and_matches_project():
    world = World()
    a, b = world.add_particle(0.0, 0.0, pinned=True), world.add_particle(3.0, 4.0)
    push_apart([Spacer(a, b, 10.0)])
    assert (a.x, a.y) == (0.0, 0.0) and abs(hypot(b.x, b.y) - 10.0) < 1e-9
    c, d = world.add_particle(0.0, 0.0), world.add_particle(3.0, 4.0)
    Spacer(c, d, 10.0).project(move_now)
    e, f = world.add_particle(0.0, 0.0), world.add_particle(3.0, 4.0)
    push_apart([Spacer(e, f, 10.0)])
    assert (c.x, c.y, d.x, d.y) == (e.x, e.y, f.x, f.y)


def test_coincident_ends_are_pushed_apart_along_x():
    world = World()
    a, b = world.add_particle(5.0, 5.0), world.add_particle(5.0, 5.0)
    push_apart([Spacer(a, b, 2.0)])
    assert (a.x, b.x, a.y, b.y) == (4.0, 6.0, 5.0, 5.0)


def test_tethers_reach_the_nearest_pin_along_the_links():
    world = World()
    points, right, down = sheet(world, 4, 3, 10.0, (0.0, 0.0), lambda c, r: r == 0 and c == 0)
    made = tethers(world.particles, world.constraints)
    assert len(made) == 11 and all(t.max_only and t.a is points[0] for t in made)
    rests = {id(t.b): t.rest for t in made}
    assert rests[id(points[3])] == 30.0 and rests[id(points[11])] == 50.0


def test_a_tether_holds_a_sagging_chain_at_its_rest_length_with_one_pass():
    def hang(with_tethers):
        world = World(gravity=(0.0, 1.0), damping=0.9, iterations=1)
        points, _ = chain(world, (0.0, 0.0), (0.0, 10.0), 20)
        ties = tethers(world.particles, world.constraints) if with_tethers else []
        for _ in range(600):
            world.step()
            for t in ties:
                t.project(move_now)
        return points[-1].y

    assert hang(False) > 260.0  # one pass a frame: 20 links of 10 px hang far longer
    assert hang(True) <= 200.0 + 1e-6


def test_a_pin_unreachable_along_the_links_gives_no_tether():
    world = World()
    world.add_particle(0.0, 0.0, pinned=True)
    world.add_particle(50.0, 0.0)
    assert tethers(world.particles, world.constraints) == []


def test_cap_speed_puts_a_fast_point_back_along_its_path():
    world = World()
    fast, slow, pinned = (world.add_particle(0.0, 0.0), world.add_particle(0.0, 0.0),
                          world.add_particle(0.0, 0.0, pinned=True))
    fast.x, fast.y = 30.0, 40.0
    slow.x = 3.0
    pinned.x = 100.0
    cap_speed(world.particles, 10.0)
    assert abs(fast.x - 6.0) < 1e-12 and abs(fast.y - 8.0) < 1e-12
    assert slow.x == 3.0 and pinned.x == 100.0
    assert abs(hypot(fast.x - fast.px, fast.y - fast.py) - 10.0) < 1e-12
