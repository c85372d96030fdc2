"""One frame skeleton, two policies: sleeping and substeps combine in one World.frame, and one
change signal (World.version) keeps the caches of links and pins fresh."""

import pytest

from verlet import Connectivity, Distance, Sleeping, SleepingParticle, TapedDistance, World
from verlet import sleeping as sleeping_module


def net(sleeping=True, substeps=1, columns=6, rows=4):
    """A small net hung from its top row, of sleeping particles and taped links."""
    world = World(gravity=(0.0, 0.05), damping=0.99, iterations=3, substeps=substeps,
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
                link = world.add(TapedDistance(p, grid[j], 19.0))
                p.links.append(link)
                grid[j].links.append(link)
    return world


def state(world):
    return [(p.x, p.y, p.px, p.py) for p in world.particles]


def substepped_net(substeps, sleeping=True):
    return net(sleeping=sleeping, substeps=substeps)


def test_with_nobody_asleep_a_sleeping_substepped_frame_is_the_substepped_frame(monkeypatch):
    monkeypatch.setattr(sleeping_module, "SLEEP_FRAMES", 10**9)
    slept, plain = substepped_net(4), substepped_net(4, sleeping=False)
    for _ in range(120):
        slept.step()
        plain.step()
        assert state(slept) == state(plain)
    assert slept.sleeping.asleep_count() == 0


def test_a_substepped_net_falls_asleep_and_stands_exactly_still():
    world = substepped_net(3)
    for _ in range(1500):
        world.step()
    free = [p for p in world.particles if not p.pinned]
    assert world.sleeping.asleep_count() == len(free)
    before = state(world)
    for _ in range(100):
        world.step()
    assert state(world) == before


def test_both_policies_taken_phase_by_phase_are_one_step_to_the_bit():
    stepped, phased = substepped_net(2), substepped_net(2)
    for frame in range(1300):
        if frame == 1200:  # a poke of a sleeping net: some of it wakes
            assert stepped.sleeping.asleep_count() > 0
            for world in (stepped, phased):
                world.particles[-1].x += 4.0
                world.sleeping.wake_around(world.particles[-1])
        stepped.step()
        phases = list(phased.frame())
        assert state(stepped) == state(phased)
    assert [name for name, _, _ in phases] == ["integrate"] + ["iteration"] * 6 + ["finish"]


def test_a_change_of_the_passes_wakes_the_sleepers_instead_of_reading_past_their_tapes():
    world = substepped_net(1)
    for _ in range(1500):
        world.step()
    assert world.sleeping.asleep_count() > 0
    world.substeps = 3  # three times the passes a frame: the tapes hold a third of them
    world.step()
    assert world.sleeping.asleep_count() == 0


def test_the_world_version_moves_with_every_change_of_links_and_pins():
    world = World()
    seen = [world.version]
    a = world.add_particle(0.0, 0.0, pinned=True)
    b = world.add_particle(10.0, 0.0)
    link = world.add(Distance(a, b))
    seen.append(world.version)
    world.remove(link)
    world.remove(link)  # not there: nothing changed
    seen.append(world.version)
    b.pinned = True
    world.changed()
    seen.append(world.version)
    assert seen == [0, 3, 4, 5]


def test_a_connectivity_on_the_signal_is_worked_out_again_only_when_it_moves():
    world = World()
    a = world.add_particle(0.0, 0.0, pinned=True)
    b = world.add_particle(10.0, 0.0)
    c = world.add_particle(20.0, 0.0)
    world.add(Distance(a, b))
    hanging = Connectivity(world.particles, world.constraints, signal=world)
    assert hanging.loose() == [c]
    world.constraints.append(Distance(b, c))  # behind the signal's back: the answer is kept
    assert hanging.loose() == [c]
    world.changed()
    assert hanging.loose() == []
    hanging.relinked()  # an owner's relinked is the world's change
    assert hanging.version == world.version == 6
    with pytest.raises(ValueError, match="signal"):
        hanging.version = 0


def test_a_sleeping_policy_relinked_moves_the_world_signal():
    world = net()
    version = world.version
    world.sleeping.relinked()
    assert world.version == version + 1
