"""A world's sleeping policy: a still net falls asleep and stays exactly where it was, waking
spreads along links that move, the taped pass is the plain distance pass to the bit while
nothing sleeps (exact, soft, max-only and pinned links alike), and the phases stay the same."""

import random

import pytest

from verlet import Distance, Sleeping, SleepingParticle, TapedDistance, World
from verlet import sleeping as sleeping_module
from verlet.distance import A_HELD, B_HELD, SOFT, project_taped
from verlet.solver import move_now


def net(sleeping=True, iterations=6, soft=False, columns=6, rows=4):
    """A small net hung from its top row, as sleeping particles and taped links; `soft` gives
    some links a stiffness below 1 and makes some max-only."""
    world = World(gravity=(0.0, 0.05), damping=0.99, iterations=iterations,
                  sleeping=Sleeping() if sleeping else None)
    grid = []
    for r in range(rows):
        for c in range(columns):
            p = SleepingParticle(40.0 + 20.0 * c + 3.0 * r, 30.0 + 18.0 * r, pinned=(r == 0))
            world.particles.append(p)
            grid.append(p)
    for i, p in enumerate(grid):
        c, r = i % columns, i // columns
        for j, other in ((i + 1, c + 1 < columns), (i + columns, r + 1 < rows)):
            if other:
                stiffness = 0.7 if soft and i % 3 == 0 else 1.0
                max_only = soft and i % 4 == 1
                link = world.add(TapedDistance(p, grid[j], 19.0, stiffness, max_only))
                p.links.append(link)
                grid[j].links.append(link)
    return world


def state(world):
    return [(p.x, p.y, p.px, p.py) for p in world.particles]


@pytest.mark.parametrize("soft", [False, True])
def test_with_nobody_asleep_the_sleeping_frame_is_the_plain_frame_to_the_bit(monkeypatch, soft):
    monkeypatch.setattr(sleeping_module, "SLEEP_FRAMES", 10**9)
    slept, plain = net(soft=soft), net(sleeping=False, soft=soft)
    for _ in range(200):
        slept.step()
        plain.step()
        assert state(slept) == state(plain)
    moving = [link for link in slept.constraints if not (link.a.pinned and link.b.pinned)]
    assert slept.sleeping.solved_count() == len(moving)


def test_switched_off_the_policy_leaves_the_plain_frame(monkeypatch):
    slept, plain = net(), net(sleeping=False)
    slept.sleeping.switch(False)
    for _ in range(400):
        slept.step()
        plain.step()
    assert state(slept) == state(plain)
    assert slept.sleeping.asleep_count() == 0


def test_a_still_net_falls_asleep_and_stands_exactly_still():
    world = net()
    for _ in range(1500):
        world.step()
    policy = world.sleeping
    free = [p for p in world.particles if not p.pinned]
    assert policy.asleep_count() == len(free)
    assert policy.solved_count() == 0
    before = state(world)
    for _ in range(100):
        world.step()
    assert state(world) == before


def test_a_poke_wakes_the_neighbours_the_motion_spreads_and_the_net_sleeps_again():
    world = net()
    for _ in range(1500):
        world.step()
    policy = world.sleeping
    poked = world.particles[-3]
    poked.x += 4.0
    policy.wake_around(poked)
    neighbours = [link.b if link.a is poked else link.a for link in poked.links]
    assert not poked.asleep and all(not n.asleep for n in neighbours if not n.pinned)
    woken = set()
    for _ in range(30):
        world.step()
        woken |= {id(p) for p in world.particles if not p.pinned and not p.asleep}
    free = [p for p in world.particles if not p.pinned]
    assert len(woken) > len(free) // 2  # the motion reached most of the net
    for _ in range(1500):
        world.step()
    assert policy.asleep_count() == len(free)


def test_a_sleeping_frame_taken_phase_by_phase_is_one_step_to_the_bit():
    stepped, phased = net(iterations=4), net(iterations=4)
    slept = 0
    for frame in range(1600):
        slept = max(slept, stepped.sleeping.asleep_count())
        if frame == 1400:  # nudge a part that sleeps by now, in both
            for world in (stepped, phased):
                world.sleeping.wake_around(world.particles[-1])
                world.particles[-1].x += 2.0
        stepped.step()
        phases = list(phased.frame())
        assert state(stepped) == state(phased)
    assert [name for name, _, _ in phases] == ["integrate"] + ["iteration"] * 4 + ["finish"]
    assert slept > 10


def test_the_hooks_run_around_the_policy():
    world = net()
    seen = []
    world.on("before_integrate", lambda: seen.append(world.sleeping.frame))
    world.on("after_solve", lambda: seen.append("solved"))
    world.step()
    world.step()
    assert seen == [1, "solved", 2, "solved"]


def test_attach_and_detach_keep_the_ends_links_and_wake_them():
    world = net()
    for _ in range(1500):
        world.step()
    policy = world.sleeping
    a, b = world.particles[-1], world.particles[-8]
    assert a.asleep and b.asleep
    link = world.add(TapedDistance(a, b))
    policy.attach(link)
    assert link in a.links and link in b.links and not a.asleep and not b.asleep
    world.step()
    world.remove(link)
    policy.detach(link)
    assert link not in a.links and link not in b.links
    world.step()  # the lists are made again without it
    assert all(entry[0] is not link for entry in policy._fields)


def test_sleeping_needs_gauss_seidel_and_distance_links():
    with pytest.raises(ValueError, match="gauss-seidel"):
        World(solver="jacobi", sleeping=Sleeping())
    world = World(sleeping=Sleeping())
    p, q = SleepingParticle(0, 0), SleepingParticle(5, 0)
    world.particles += [p, q]

    class Other:
        particles = (p, q)

        def project(self, move):
            pass

    world.add(Other())
    with pytest.raises(TypeError, match="Distance"):
        world.step()


def test_the_taped_pass_without_tapes_is_the_distance_pass_to_the_bit():
    rng = random.Random(7)
    for trial in range(50):
        ends = [SleepingParticle(rng.uniform(0, 100), rng.uniform(0, 100), rng.random() < 0.2)
                for _ in range(12)]
        twins = [SleepingParticle(p.x, p.y, p.pinned) for p in ends]
        pairs = [(i, j) for i in range(12) for j in range(i + 1, 12) if rng.random() < 0.3]
        if trial == 0:
            twins[1].x, twins[1].y = ends[1].x, ends[1].y = ends[0].x, ends[0].y  # coincident
            pairs.append((0, 1))

        def links(points):
            made = []
            for n, (i, j) in enumerate(pairs):
                made.append(Distance(points[i], points[j], 10.0 + n % 7,
                                     0.5 if n % 5 == 0 else 1.0, n % 6 == 0))
            return made

        taped, plain = links(ends), links(twins)
        fields = []
        for link in taped:
            if link.a.pinned and link.b.pinned:
                continue
            mode = (A_HELD if link.a.pinned else 0) | (B_HELD if link.b.pinned else 0)
            fields.append((link, link.a, link.b,
                           mode | (SOFT if link.max_only or link.stiffness != 1.0 else 0)))
        for k in range(5):
            project_taped(fields, 2 * k)
            Distance.project_all(plain, move_now)
        assert [(p.x, p.y) for p in ends] == [(p.x, p.y) for p in twins]
