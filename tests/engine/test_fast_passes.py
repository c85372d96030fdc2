"""`verlet.fast_passes` gives the numbers of the plain passes it stands for, to the bit.

Random sheets, crumpled and stretched, some of them torn, with pinned points and points pinned
and freed between frames: the spacers (`push_apart`), the tethers (`Distance.project_all`
with `move_now`) and the tear check (`snap_overstretched`) against their fast twins, frame
after frame (tests/fabric/test_sheet_fields.py checks a sheet that keeps them across frames).
"""

import random

from verlet import Distance, Spacer, World, move_now, push_apart, sheet, snap_overstretched, tethers
from verlet.fast_passes import (pull_tethers, push_apart_fields, reach_fields, snap_by_fields,
                                spacer_fields, tether_fields)


def random_sheet(seed, columns=9, rows=7, torn=False):
    """A crumpled sheet hanging from its top corners and middle, its spacers (at 0.8 of the
    woven lengths, so many of them push) and its tethers; torn: a quarter of its links gone."""
    rng = random.Random(seed)
    world = World(gravity=(0.0, 0.4), damping=0.98, iterations=3)
    pins = {0, columns // 2, columns - 1}
    grid, _, _ = sheet(world, columns, rows, 10.0, (100.0, 50.0),
                       lambda c, r: r == 0 and c in pins)
    if torn:
        world.constraints[:] = [link for link in world.constraints if rng.random() > 0.25]
    for p in grid:
        if not p.pinned:
            p.x += rng.uniform(-6.0, 6.0)
            p.y += rng.uniform(-6.0, 6.0)
            p.px, p.py = p.x - rng.uniform(-2.0, 2.0), p.y - rng.uniform(-2.0, 2.0)
    spacers = []
    for r in range(rows):
        for c in range(columns):
            i = r * columns + c
            if c + 2 < columns:
                spacers.append(Spacer(grid[i], grid[i + 2], 16.0))
            if r + 2 < rows:
                spacers.append(Spacer(grid[i], grid[i + 2 * columns], 16.0))
            if c + 1 < columns and r + 1 < rows:
                spacers.append(Spacer(grid[i], grid[i + columns + 1], 11.3))
                spacers.append(Spacer(grid[i + 1], grid[i + columns], 11.3))
    spacers.append(Spacer(grid[10], grid[10], 5.0))  # coincident ends: pushed along +x
    return world, grid, spacers, tethers(world.particles, world.constraints)


def positions(grid):
    return [(p.x, p.y) for p in grid]


def test_the_spacers_fast_pass_pushes_as_push_apart_does():
    for seed in range(6):
        plain, fast = random_sheet(seed, torn=seed % 2 == 1), random_sheet(seed, torn=seed % 2 == 1)
        fields = spacer_fields(fast[2])
        pushed = 0
        for _ in range(40):
            for world, grid, spacers, _ in (plain, fast):
                world.step()
            before = positions(plain[1])
            push_apart(plain[2])
            push_apart_fields(fields)
            pushed += sum(a != b for a, b in zip(before, positions(plain[1])))
            assert positions(plain[1]) == positions(fast[1]), seed
        assert pushed > 100, "the spacers must actually push"


def test_the_tethers_fast_pass_pulls_as_project_all_does_with_pins_changing():
    for seed in range(6):
        plain, fast = random_sheet(seed, torn=seed % 2 == 1), random_sheet(seed, torn=seed % 2 == 1)
        fields = tether_fields(fast[3])
        rng = random.Random(seed)
        pulled = 0
        for frame in range(60):
            if frame % 7 == 3:  # the hand pins a point, and frees it again
                at = rng.randrange(len(plain[1]))
                for _, grid, _, _ in (plain, fast):
                    if grid[at] is not grid[0]:
                        grid[at].pinned = not grid[at].pinned
            for world, _, _, _ in (plain, fast):
                world.step()
            before = positions(plain[1])
            Distance.project_all(plain[3], move_now)
            pull_tethers(fields)
            pulled += sum(a != b for a, b in zip(before, positions(plain[1])))
            assert positions(plain[1]) == positions(fast[1]), (seed, frame)
        assert pulled > 50, "the tethers must actually pull"


def test_the_tear_check_breaks_what_snap_overstretched_breaks():
    from verlet import Breakable

    for seed in range(6):
        rng = random.Random(seed)
        sheets = []
        for _ in range(2):
            world = World()
            grid, _, _ = sheet(world, 8, 6, 10.0, (0.0, 0.0), lambda c, r: r == 0,
                               lambda a, b, rest: Breakable(a, b, rest, 1.3))
            sheets.append((world, grid))
        for (_, one), (_, two) in [sheets]:
            for p, q in zip(one, two):
                if not p.pinned:
                    p.x = q.x = p.x * rng.uniform(0.9, 1.5)
                    p.y = q.y = p.y * rng.uniform(0.9, 1.6)
        (plain, _), (fast, _) = sheets
        most = None if seed % 2 else 2
        for _ in range(4):
            fields = reach_fields(fast.constraints)
            broken_plain = snap_overstretched(plain.constraints, most)
            broken_fast = snap_by_fields(fast.constraints, fields, most)
            assert ([(k.a.x, k.a.y, k.b.x, k.b.y) for k in broken_plain]
                    == [(k.a.x, k.a.y, k.b.x, k.b.y) for k in broken_fast])
            assert ([(k.a.x, k.b.x, k.broken) for k in plain.constraints]
                    == [(k.a.x, k.b.x, k.broken) for k in fast.constraints])
        assert len(plain.constraints) < 82, "links must actually break"


def test_only_max_only_links_are_tethers():
    world = World()
    a, b = world.add_particle(0.0, 0.0), world.add_particle(3.0, 0.0)
    try:
        tether_fields([Distance(a, b, 1.0)])
    except ValueError as error:
        assert "max-only" in str(error)
    else:
        raise AssertionError("an exact link was taken for a tether")


def plain_wind(wind, triangles, patches):
    """The wind's pushes as a loop over each triangle's three sides (what `TriangleWind`
    writes out): {id(particle): (force x, force y)}."""
    from math import sqrt

    forces = {}
    wx, wy = wind.wind
    last = None
    for (a, b, c), patch in zip(triangles, patches):
        if wind.field is not None and patch != last:
            wx, wy = wind.field((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0)
            last = patch
        clockwise = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y) > 0.0
        turn = wind.per_length if clockwise else -wind.per_length
        for p, q in ((a, b), (b, c), (c, a)):
            nx, ny = (q.y - p.y) * turn, (p.x - q.x) * turn
            facing = nx * wx + ny * wy
            length_sq = nx * nx + ny * ny
            if facing >= 0.0 or length_sq <= 1e-18:
                continue
            share = facing * 0.5 / sqrt(length_sq)
            for end in (p, q):
                fx, fy = forces.get(id(end), (0.0, 0.0))
                forces[id(end)] = (fx + nx * share, fy + ny * share)
    return forces


def test_the_wind_pushes_each_side_as_the_plain_loop_does():
    from math import sin

    from verlet import TriangleWind

    for seed in range(4):
        world, grid, _, _ = random_sheet(seed)
        columns = 9
        triangles, patches = [], []
        for i, p in enumerate(grid[:-columns]):
            if (i + 1) % columns:
                triangles += [(p, grid[i + 1], grid[i + columns + 1]),
                              (p, grid[i + columns + 1], grid[i + columns])]
                patches += [i, i]
        triangles.append((grid[3], grid[3], grid[4]))  # a side of no length
        patches.append(-1)
        def gusts(x, y):
            return 700.0 + 300.0 * sin(0.05 * x), 200.0 * sin(0.07 * y)

        field = gusts if seed % 2 else None
        wind = TriangleWind(triangles, (650.0, -120.0), 0.1, field, patches)
        for _ in range(5):
            world.step()
        expected = plain_wind(wind, triangles, patches)
        wind.add_accelerations()
        pushed = [(p.force_x, p.force_y) for p in grid]
        assert pushed == [expected.get(id(p), (0.0, 0.0)) for p in grid], seed
        assert sum(f != (0.0, 0.0) for f in pushed) > 40
