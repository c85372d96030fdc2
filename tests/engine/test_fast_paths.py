"""The fast paths of `verlet`'s distance links give the numbers of the plain one.

`Distance.one_pass` (a pass over a run of links with their fields read once per solve) and
`Distance.project_all`, with `move_now` (Gauss-Seidel) and `move_pending` (Jacobi), must match
the general loop that calls a `move` for each correction, to the bit, including pinned ends,
max-only links, stiffness, coincident ends and a link from a particle to itself.
"""

import random

from verlet import Distance, World, move_now
from verlet.solver import move_pending
from verlet.distance import _project_with


def mixed_links(seed):
    rng = random.Random(seed)
    points = [World().add_particle(rng.uniform(0, 100), rng.uniform(0, 100),
                                   pinned=rng.random() < 0.2) for _ in range(30)]
    points[5].x, points[5].y = points[6].x, points[6].y  # coincident ends
    links = []
    for _ in range(80):
        a, b = rng.choice(points), rng.choice(points)
        links.append(Distance(a, b, rng.uniform(0, 40), stiffness=rng.choice((1.0, 0.5, 0.9)),
                              max_only=rng.random() < 0.3))
    links.append(Distance(points[5], points[6], 4.0))
    links.append(Distance(points[7], points[7], 3.0))  # one particle at both ends
    return points, links


def snapshot(points):
    return [(p.x, p.y) for p in points]


def general_move(particle, dx, dy):  # move_now's maths, but not move_now: the general loop
    move_now(particle, dx, dy)


def test_fast_paths_match_the_general_loop_to_the_bit():
    for seed in range(5):
        reference_points, reference_links = mixed_links(seed)
        for _ in range(7):
            _project_with(reference_links, general_move)
        for run in ("project_all", "one_pass"):
            points, links = mixed_links(seed)
            assert snapshot(points) == snapshot(mixed_links(seed)[0])
            one_pass = Distance.one_pass(links, move_now)
            for _ in range(7):
                if run == "project_all":
                    Distance.project_all(links, move_now)
                else:
                    one_pass()
            assert snapshot(points) == snapshot(reference_points), (seed, run)
        moved = sum(a != b for a, b in zip(snapshot(reference_points), snapshot(mixed_links(seed)[0])))
        assert moved > 10, "the links must actually move particles"


def pending_move(particle, dx, dy):  # move_pending's maths, but not move_pending
    move_pending(particle, dx, dy)


def test_the_jacobi_pass_adds_the_pending_moves_of_the_general_loop_to_the_bit():
    for seed in range(5):
        reference_points, reference_links = mixed_links(seed)
        _project_with(reference_links, pending_move)
        points, links = mixed_links(seed)
        Distance.one_pass(links, move_pending)()
        pending = [(p.pending_x, p.pending_y) for p in points]
        assert pending == [(p.pending_x, p.pending_y) for p in reference_points], seed
        assert sum(x != 0.0 or y != 0.0 for x, y in pending) > 10


def test_a_hook_runs_after_every_pass_and_the_solve_holds():
    world = World(gravity=(0, 0.5), iterations=4)
    top = world.add_particle(0, 0, pinned=True)
    bob = world.add_particle(30, 0)
    world.add(Distance(top, bob, 20))
    calls = []
    world.on("after_iteration", lambda: calls.append(bob.x))
    world.step()
    assert len(calls) == 4, "a hook must run after every pass"
    world.step()
    assert len(calls) == 8
    assert abs(bob.x ** 2 + bob.y ** 2 - 400) < 1e-6 and not top.x and not top.y
