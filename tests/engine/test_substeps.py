"""World(substeps=n): a frame as n smaller steps, scaled so it falls as one frame of one step.

Tolerances: the substepped frame turns each speed into px per substep and back (one
multiplication and two subtractions per coordinate) and adds n smaller gravity steps, where one
step adds one; every such operation rounds at the last bit of a coordinate of a few hundred px
(about 6e-14 px). A few dozen of them over a frame stay far below 1e-10 px, the tolerance used
for "equal within rounding" below; anything the scaling got wrong shows at 1e-3 px or more.
"""

from math import hypot

import pytest

from verlet import PHASE_HOOKS, Distance, Hand, World
from verlet.particle import integrate

ROUNDING = 1e-10
"""px: what rounding may leave between a substepped frame and its one-step twin (see above)."""
GRAVITY = 0.4


def falling(substeps, speed=(1.5, -3.0), damping=1.0, gravity=(0.0, GRAVITY)):
    world = World(gravity=gravity, damping=damping, iterations=3, substeps=substeps)
    p = world.add_particle(300.0, 200.0)
    p.px, p.py = p.x - speed[0], p.y - speed[1]
    return world, p


def speed(p):
    return (p.x - p.px, p.y - p.py)


def test_one_substep_is_the_plain_frame_to_the_bit():
    plain, one = falling(1)[0], falling(1)[0]
    bare = falling(1)[1]
    for _ in range(120):
        plain.step()
        one.step()
        integrate(bare, 1.0, 0.0, GRAVITY)  # the articles' integration, by hand
        assert (one.particles[0].x, one.particles[0].y, one.particles[0].px,
                one.particles[0].py) == (bare.x, bare.y, bare.px, bare.py)
    assert World().substeps == 1


def test_four_substeps_gain_one_frames_speed_and_fall_the_ramp_inside_it():
    for frames in (1, 60):
        one, p1 = falling(1)
        four, p4 = falling(4)
        for _ in range(frames):
            one.step()
            four.step()
        # speed per frame: exactly the same gain, g per frame
        assert speed(p4)[0] == pytest.approx(speed(p1)[0], abs=ROUNDING)
        assert speed(p4)[1] == pytest.approx(speed(p1)[1], abs=ROUNDING)
        assert speed(p1)[1] == pytest.approx(-3.0 + frames * GRAVITY, abs=ROUNDING)
        # distance: each frame of 4 substeps falls g (n - 1) / (2n) = 3g/8 less than one step,
        # the speed growing inside the frame instead of all at its start
        assert p1.x - p4.x == pytest.approx(0.0, abs=ROUNDING)
        assert p1.y - p4.y == pytest.approx(frames * GRAVITY * 3 / 8, abs=ROUNDING)


def test_damping_per_substep_keeps_the_frames_share_of_the_speed():
    one, p1 = falling(1, speed=(6.0, -4.0), damping=0.99, gravity=(0.0, 0.0))
    four, p4 = falling(4, speed=(6.0, -4.0), damping=0.99, gravity=(0.0, 0.0))
    for _ in range(30):
        one.step()
        four.step()
    assert speed(p4)[0] == pytest.approx(6.0 * 0.99 ** 30, abs=ROUNDING)
    assert speed(p4)[0] == pytest.approx(speed(p1)[0], abs=ROUNDING)
    assert speed(p4)[1] == pytest.approx(speed(p1)[1], abs=ROUNDING)


class SteadyPush:
    """A force (the `World.forces` protocol) giving every particle the same px/s^2."""

    def __init__(self, particles, ax, ay):
        self.particles, self.ax, self.ay = particles, ax, ay

    def add_accelerations(self):
        for p in self.particles:
            p.force_x += self.ax
            p.force_y += self.ay


def pushed(substeps):
    world = World(iterations=1, substeps=substeps)
    points = [world.add_particle(100.0 + 30.0 * i, 100.0) for i in range(3)]
    world.forces.append(SteadyPush(points, 120.0, -300.0))
    return world, points


def test_forces_use_the_substeps_time_step():
    # 300 px/s^2 is 300 / 3600 px per frame squared: n substeps of (dt/n)^2 each gain that speed
    # a frame, as one step does
    one, points1 = pushed(1)
    four, points4 = pushed(4)
    for _ in range(20):
        one.step()
        four.step()
    for p1, p4 in zip(points1, points4):
        assert speed(p1)[1] == pytest.approx(-20 * 300.0 / 3600.0, abs=ROUNDING)
        assert speed(p4)[1] == pytest.approx(speed(p1)[1], abs=ROUNDING)
        assert speed(p4)[0] == pytest.approx(speed(p1)[0], abs=ROUNDING)
        assert (p4.force_x, p4.force_y) == (0.0, 0.0)


def chain(iterations, substeps, links=40):
    world = World(gravity=(0.0, GRAVITY), damping=0.99, iterations=iterations, substeps=substeps)
    points = [world.add_particle(480.0, 20.0 + 10.0 * i, pinned=(i == 0)) for i in range(links + 1)]
    for a, b in zip(points, points[1:]):
        world.add(Distance(a, b, 10.0))
    return world


def worst_stretch(world):
    return max(hypot(c.b.x - c.a.x, c.b.y - c.a.y) / c.rest - 1.0 for c in world.constraints)


@pytest.mark.parametrize("passes, one_step_stretch, substep_stretch", [
    (4, 0.386, 0.105), (10, 0.147, 0.0156), (20, 0.0726, 0.0039)])
def test_substeps_stretch_a_stiff_chain_less_for_the_same_passes(passes, one_step_stretch,
                                                                  substep_stretch):
    # 40 links of 10 px hanging for 5 s: one step of n passes against n substeps of one pass.
    # Both project every link n times a frame (counted); the substepped chain stretches 4 to 19
    # times less (Macklin et al. 2019)
    many_passes, many_steps = chain(passes, 1), chain(1, passes)
    counted = {id(many_passes): 0, id(many_steps): 0}
    for world in (many_passes, many_steps):
        world.on("after_iteration", lambda w=world: counted.__setitem__(id(w), counted[id(w)] + 1))
        for _ in range(300):
            world.step()
    assert counted[id(many_passes)] == counted[id(many_steps)] == 300 * passes
    assert worst_stretch(many_passes) == pytest.approx(one_step_stretch, rel=0.02)
    assert worst_stretch(many_steps) == pytest.approx(substep_stretch, rel=0.02)
    assert worst_stretch(many_steps) < worst_stretch(many_passes) / 3


def positions(world):
    return [(p.x, p.y, p.px, p.py) for p in world.particles]


@pytest.mark.parametrize("solver", ["gauss-seidel", "jacobi"])
def test_a_substepped_frame_phase_by_phase_is_one_step_to_the_bit(solver):
    def build():
        world = World(gravity=(0.0, GRAVITY), damping=0.99, iterations=3, substeps=4,
                      solver=solver)
        points = [world.add_particle(100 + 17 * i, 50 + 3 * i, pinned=(i == 0)) for i in range(8)]
        for a, b in zip(points, points[1:]):
            world.add(Distance(a, b, 15.0, max_only=(solver == "jacobi")))
        return world
    stepped, phased = build(), build()
    for _ in range(30):
        stepped.step()
        phases = list(phased.frame())
        assert positions(stepped) == positions(phased)
    assert [name for name, _, _ in phases] == ["integrate"] + ["iteration"] * 12 + ["finish"]
    assert [k for name, k, _ in phases if name == "iteration"] == list(range(1, 13))
    assert {n for _, _, n in phases} == {12}


def test_integrate_and_finish_hooks_run_once_a_frame_iteration_hooks_every_pass():
    world = chain(3, 4, links=5)
    seen = []
    for phase in PHASE_HOOKS:
        world.on(phase, lambda phase=phase: seen.append(phase))
    world.step()
    substep = ["after_iteration"] * 3  # 4 substeps of 3 passes
    assert seen == (["before_integrate", "after_integrate"] + substep
                    + (["before_substep"] + substep) * 3 + ["after_solve"])
    seen.clear()
    world.substeps = 1
    world.step()
    assert "before_substep" not in seen


@pytest.mark.parametrize("substeps", [1, 4])
def test_a_held_point_strides_to_the_hand_over_the_substeps(substeps):
    world = World(gravity=(0.0, 0.0), iterations=1, substeps=substeps)
    points = [world.add_particle(100.0 + 10.0 * i, 100.0) for i in range(4)]
    for a, b in zip(points, points[1:]):
        world.add(Distance(a, b))
    hand = Hand(world, radius=5.0)
    hand.grab_nearest(points, (130.0, 100.0))
    hand.move((130.0, 140.0))  # 40 px down in one frame
    seen = []
    world.on("after_iteration", lambda: seen.append(points[3].y))
    world.step()
    assert seen == [100.0 + 40.0 * k / substeps for k in range(1, substeps + 1)]
    assert (points[3].x, points[3].y) == (130.0, 140.0)  # at the hand when the frame ends
    assert speed(points[3]) == (0.0, 40.0)  # the hand's move a frame: letting go throws it
    world.step()  # the hand stands still: nothing strides
    assert seen[substeps:] == [140.0] * substeps


def test_finish_hooks_and_the_next_frame_see_speeds_in_px_per_frame():
    world, p = falling(5, speed=(2.0, 0.0), gravity=(0.0, 0.0))
    seen = []
    world.on("after_solve", lambda: seen.append(speed(p)))
    world.step()
    assert seen[0][0] == pytest.approx(2.0, abs=ROUNDING)
    world.substeps = 1  # a change between frames carries the motion on unchanged
    world.step()
    assert speed(p)[0] == pytest.approx(2.0, abs=ROUNDING)
    assert p.x == pytest.approx(300.0 + 4.0, abs=ROUNDING)


@pytest.mark.parametrize("bad", [0, -2, 1.5, True, "4"])
def test_a_substep_count_must_be_a_whole_number_from_one(bad):
    with pytest.raises(ValueError, match="substeps"):
        World(substeps=bad)
