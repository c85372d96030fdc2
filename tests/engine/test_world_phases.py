"""World.step is the one frame loop: its phases, its hooks, and the frame taken phase by phase."""

import pytest

from verlet import PHASE_HOOKS, Distance, World


def chain(solver="gauss-seidel", iterations=5):
    world = World(gravity=(0.0, 0.4), damping=0.99, iterations=iterations, solver=solver)
    points = [world.add_particle(100 + 17 * i, 50 + 3 * i, pinned=(i == 0)) for i in range(8)]
    for a, b in zip(points, points[1:]):
        world.add(Distance(a, b, 15.0, max_only=(solver == "jacobi")))
    return world


def positions(world):
    return [(p.x, p.y, p.px, p.py) for p in world.particles]


@pytest.mark.parametrize("solver", ["gauss-seidel", "jacobi"])
def test_a_frame_taken_phase_by_phase_is_one_step_to_the_bit(solver):
    stepped, phased = chain(solver), chain(solver)
    for _ in range(30):
        stepped.step()
        phases = list(phased.frame())
        assert positions(stepped) == positions(phased)
    assert [name for name, _, _ in phases] == ["integrate"] + ["iteration"] * 5 + ["finish"]
    assert [k for name, k, _ in phases if name == "iteration"] == [1, 2, 3, 4, 5]
    assert {n for _, _, n in phases} == {5}


def test_hooks_run_in_frame_order_once_each():
    world = chain(iterations=3)
    seen = []
    for phase in PHASE_HOOKS:
        world.on(phase, lambda phase=phase: seen.append(phase))
    world.step()
    assert seen == ["before_integrate", "after_integrate"] + ["after_iteration"] * 3 + [
        "after_solve"]


def test_a_hook_declared_before_another_runs_before_it_though_added_later():
    world = chain(iterations=1)
    seen = []
    world.on("before_integrate", lambda: seen.append("late"), name="late")
    world.on("before_integrate", lambda: seen.append("early"), before="late")
    world.on("after_solve", lambda: seen.append("last"))
    world.step()
    assert seen == ["early", "late", "last"]


def test_a_hook_sees_the_state_of_its_phase():
    world = chain(iterations=4)
    free = world.particles[-1]
    before = (free.x, free.y)
    moved_by_integration = []
    world.on("before_integrate", lambda: moved_by_integration.append((free.x, free.y)))
    world.on("after_integrate", lambda: moved_by_integration.append((free.x, free.y)))
    world.step()
    assert moved_by_integration[0] == before and moved_by_integration[1] != before


def test_an_unknown_phase_is_refused_with_the_names():
    with pytest.raises(ValueError, match="before_integrate"):
        chain().on("after_everything", lambda: None)


def test_solve_outside_a_frame_runs_no_hooks():
    world = chain()
    calls = []
    world.on("after_iteration", lambda: calls.append(1))
    world.solve(iterations=7)
    assert calls == []


def test_the_worlds_integration_is_the_particles_verlet_step_to_the_bit():
    """World.integrate is the loop form of `verlet.particle.integrate` (T2), not a second rule."""
    import random

    from verlet.particle import Particle, integrate

    rng = random.Random(3)
    world = World(gravity=(0.013, 0.41), damping=0.987)
    loose = []
    for _ in range(200):
        x, y = rng.uniform(-500, 500), rng.uniform(-500, 500)
        p = world.add_particle(x, y, pinned=rng.random() < 0.1)
        p.px, p.py = x + rng.uniform(-9, 9), y + rng.uniform(-9, 9)
        twin = Particle(p.x, p.y, p.pinned)
        twin.px, twin.py = p.px, p.py
        loose.append(twin)
    for _ in range(5):
        world.integrate()
        for twin in loose:
            integrate(twin, world.damping, *world.gravity)
    assert [(p.x, p.y, p.px, p.py) for p in world.particles] == [
        (t.x, t.y, t.px, t.py) for t in loose]
