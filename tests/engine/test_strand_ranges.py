"""Strands with a range projection: fallback angles, the first reference read once a solve,
bounds kept on each point's circle, ground friction, passes; checked to the bit against the
arithmetic written out plainly (a two-segment leg and a bare strand, as they were solved before
they were strands of the engine)."""

import copy
import pickle
import random
from math import atan2, cos, hypot, pi, sin

from verlet import AngleRange, Particle, Strand, World, move_now
from verlet.strand import SegmentDirection, keep_inside, set_distance

BOUNDS = (8.0, 8.0, 952.0, 478.0)


def plain_leg_step(root, knee, foot, segment, splay, curl, knee_range, foot_range, down,
                   passes, bounds, friction):
    """A two-segment leg's solve written out step by step: lengths, ranges about the down
    axis and the upper segment, the canvas, then the ground's friction."""
    splay_angle = down + splay
    for _ in range(passes):
        set_distance(root, knee, segment, splay_angle)
        knee_range.project_from(down, move_now)
        keep_inside(root, knee, segment, bounds)
        upper = atan2(knee.y - root.y, knee.x - root.x)
        set_distance(knee, foot, segment, upper + curl)
        foot_range.project_from(upper, move_now)
        keep_inside(knee, foot, segment, bounds)
    ground = bounds[3]
    for point in (knee, foot):
        if point.y >= ground:
            point.px = point.x - (point.x - point.px) * (1.0 - friction)


def plain_strand_solve(chain, segment, limits, passes):
    """A bare strand's solve written out: each segment's reference asked for afresh."""
    for _ in range(passes):
        for i, limit in enumerate(limits):
            middle = limit.reference() + 0.5 * (limit.lo + limit.hi)
            set_distance(chain[i], chain[i + 1], segment, middle)
            limit.project(move_now)


def random_leg_places(rng):
    root = (rng.uniform(0.0, 960.0), rng.uniform(380.0, 540.0))
    places = []
    for _ in range(2):
        if rng.random() < 0.05:
            places.append(places[-1] if places else root)  # on its pivot: the fallback
        else:
            places.append((root[0] + rng.uniform(-40, 40), root[1] + rng.uniform(-40, 40)))
    return root, places


def test_a_strand_leg_is_the_plain_leg_arithmetic_to_the_last_bit():
    rng = random.Random(22)
    width = 0.7
    fell_back = grounded = 0
    for _ in range(3000):
        segment = rng.uniform(8.0, 20.0)
        splay, curl = rng.uniform(-1.2, 1.2), rng.uniform(-0.8, 0.8)
        down = pi / 2 + rng.uniform(-2.0, 2.0)
        friction = rng.choice((0.35, 0.1, 1.0))
        (rx, ry), places = random_leg_places(rng)
        velocity = (rng.uniform(-3, 3), rng.uniform(-3, 3))

        def particles():
            made = [Particle(rx, ry, pinned=True)] + [Particle(x, y) for x, y in places]
            for p in made[1:]:
                p.px, p.py = p.x - velocity[0], p.y - velocity[1]
            return made

        root, knee, foot = particles()
        half = width / 2.0
        knee_range = AngleRange(root, knee, splay - half, splay + half)
        foot_range = AngleRange(knee, foot, curl - half, curl + half)
        plain_leg_step(root, knee, foot, segment, splay, curl, knee_range, foot_range, down,
                       3, BOUNDS, friction)

        s_root, s_knee, s_foot = particles()
        strand = Strand(s_root, [s_knee, s_foot], segment,
                        [(splay - half, splay + half), (curl - half, curl + half)],
                        lambda: down, fallbacks=(splay, curl), bounds=BOUNDS,
                        friction=friction, passes=3)
        strand.solve()
        strand.apply_friction()
        assert [(p.x, p.y, p.px, p.py) for p in (s_root, s_knee, s_foot)] == \
            [(p.x, p.y, p.px, p.py) for p in (root, knee, foot)]
        fell_back += places[0] == (rx, ry) or places[1] == places[0]
        grounded += any(p.y >= BOUNDS[3] for p in (knee, foot))
    assert fell_back > 50 and grounded > 300  # both rare cases were met


def test_a_bare_strand_is_the_plain_strand_arithmetic_to_the_last_bit():
    rng = random.Random(7)
    for _ in range(400):
        count = rng.randint(1, 8)
        limit = rng.uniform(0.0, 1.0)
        angle = rng.uniform(-pi, pi)
        start = [(rng.uniform(-60, 60), rng.uniform(-60, 60)) for _ in range(count + 1)]
        if rng.random() < 0.2:
            start[1] = start[0]  # a point on its root: the range's middle is the fallback
        plain = [Particle(x, y) for x, y in start]
        ours = [Particle(x, y) for x, y in start]
        plain[0].pinned = ours[0].pinned = True
        limits = [AngleRange(plain[i], plain[i + 1], -limit, limit,
                             reference=(lambda: angle) if i == 0 else
                             (lambda i=i: atan2(plain[i].y - plain[i - 1].y,
                                                plain[i].x - plain[i - 1].x)))
                  for i in range(count)]
        plain_strand_solve(plain, 10.0, limits, 2)
        strand = Strand(ours[0], ours[1:], 10.0, [(-limit, limit)] * count, lambda: angle)
        strand.solve(2)
        assert [(p.x, p.y) for p in ours] == [(p.x, p.y) for p in plain]


def test_a_point_on_its_pivot_goes_to_its_fallback_angle():
    root = Particle(100.0, 100.0, pinned=True)
    knee = Particle(100.0, 100.0)  # on the root
    foot = Particle(100.0 + 10.0 * cos(pi / 2 + 0.25), 100.0 + 10.0 * sin(pi / 2 + 0.25))
    # ...and the foot where the knee goes: on its pivot once the knee is done
    strand = Strand(root, [knee, foot], 10.0, [(-0.5, 0.5), (0.0, 1.0)], lambda: pi / 2,
                    fallbacks=(0.25, 0.75))
    strand.solve()
    assert abs(atan2(knee.y - root.y, knee.x - root.x) - (pi / 2 + 0.25)) < 1e-12
    assert abs(atan2(foot.y - knee.y, foot.x - knee.x) - (pi / 2 + 0.25 + 0.75)) < 1e-12
    # without fallbacks a point on its pivot goes to the middle of its range
    middle = Strand(Particle(0.0, 0.0, pinned=True), [Particle(0.0, 0.0)], 5.0, [(0.2, 0.6)],
                    lambda: 0.0)
    middle.solve()
    tip = middle.chain[1]
    assert abs(atan2(tip.y, tip.x) - 0.4) < 1e-12 and abs(hypot(tip.x, tip.y) - 5.0) < 1e-12


def test_the_first_reference_is_read_once_a_solve_whatever_the_passes():
    calls = []

    def down():
        calls.append(1)
        return pi / 2

    strand = Strand(Particle(0.0, 0.0, pinned=True), [Particle(3.0, 9.0), Particle(9.0, 9.0)],
                    10.0, [(-0.3, 0.3)] * 2, down, passes=4)
    strand.solve()
    assert len(calls) == 1
    strand.solve(7)
    assert len(calls) == 2


def test_bounds_keep_every_point_inside_on_its_circle():
    world = World()
    root = world.add_particle(480.0, 470.0, pinned=True)
    points = [world.add_particle(480.0, 490.0 + 10 * i) for i in range(3)]
    strand = Strand(root, points, 12.0, [(-1.5, 1.5)] * 3, lambda: pi / 2, bounds=BOUNDS)
    strand.solve()
    left, top, right, bottom = BOUNDS
    for pivot, point in zip(strand.chain, strand.chain[1:]):
        assert left <= point.x <= right and top <= point.y <= bottom
        assert abs(hypot(point.x - pivot.x, point.y - pivot.y) - 12.0) < 1e-9


def test_ground_friction_slows_only_the_points_on_the_ground():
    root = Particle(100.0, 470.0, pinned=True)
    low, high = Particle(100.0, BOUNDS[3]), Particle(120.0, 400.0)
    for p in (low, high):
        p.px = p.x - 4.0
    strand = Strand(root, [low, high], 20.0, [(-pi, pi)] * 2, lambda: 0.0, bounds=BOUNDS,
                    friction=0.25)
    strand.apply_friction()
    assert low.x - low.px == 4.0 * 0.75 and high.x - high.px == 4.0
    loose = Strand(Particle(0.0, 0.0), [low], 20.0, [(-pi, pi)], lambda: 0.0, friction=0.5)
    loose.apply_friction()  # no bounds, no ground
    assert low.x - low.px == 4.0 * 0.75


def test_a_copied_or_pickled_strand_measures_its_own_points():
    root = Particle(0.0, 0.0, pinned=True)
    strand = Strand(root, [Particle(10.0, 0.0), Particle(20.0, 0.0)], 10.0,
                    [(-0.2, 0.2)] * 2, SegmentDirection(Particle(0.0, -1.0), root))
    for twin in (copy.deepcopy(strand), pickle.loads(pickle.dumps(strand))):
        twin.chain[1].place(0.0, 10.0)
        assert twin.limits[1].reference() == atan2(10.0, 0.0)
        assert strand.limits[1].reference() == 0.0
