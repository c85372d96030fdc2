"""The engine-overhead cloth: the same hanging cloth solved by `verlet` and by a bare loop.

A grid of COLUMNS x ROWS particles SPACING px apart, top row pinned, joined to their right and
lower neighbours by exact distance links (Gauss-Seidel, ITERATIONS passes a frame, T2's gravity
and damping). `engine_cloth` builds it from `verlet.World`; `minimal_cloth` is the same maths
written out by hand (bare points, link tuples, no solver, no pinned checks: each link carries
the share of the correction each end takes). Both apply every floating-point operation
in the same order, so they must end at the same positions to the bit (the benchmark checks it,
and so does tests/benchmarks/test_engine_overhead_parity.py on a small cloth).
"""

from math import hypot

from verlet import Distance, World

COLUMNS = 30
ROWS = 20
SPACING = 10.0
ITERATIONS = 10
GRAVITY = 0.5
DAMPING = 0.99
ORIGIN = (330.0, 40.0)


def grid_links(columns, rows):
    """(i, j) index pairs of the links, in solving order: right neighbour, then lower one."""
    links = []
    for row in range(rows):
        for column in range(columns):
            i = row * columns + column
            if column + 1 < columns:
                links.append((i, i + 1))
            if row + 1 < rows:
                links.append((i, i + columns))
    return links


def start_positions(columns, rows):
    """Rest positions, row by row, with a slight shear so the cloth starts to swing."""
    x0, y0 = ORIGIN
    return [(x0 + column * SPACING + row * 0.7, y0 + row * SPACING)
            for row in range(rows) for column in range(columns)]


def engine_cloth(columns=COLUMNS, rows=ROWS, iterations=ITERATIONS):
    """A `verlet.World` holding the cloth, ready to `step()`."""
    world = World(gravity=(0.0, GRAVITY), damping=DAMPING, iterations=iterations)
    for index, (x, y) in enumerate(start_positions(columns, rows)):
        world.add_particle(x, y, pinned=index < columns)
    particles = world.particles
    for i, j in grid_links(columns, rows):
        world.add(Distance(particles[i], particles[j], SPACING))
    return world


def engine_positions(world):
    return [(p.x, p.y) for p in world.particles]


class Point:
    """A bare point: current and previous position, nothing else."""

    __slots__ = ("x", "y", "px", "py")

    def __init__(self, x, y):
        self.x = self.px = x
        self.y = self.py = y


class MinimalCloth:
    """The same cloth as bare points, link tuples and one hand-written loop per phase.

    A plain, branch-free form: points as slotted objects read into locals (flat float lists
    indexed by number were ~15% slower). Pinned points are simply not integrated, and each
    link tuple carries the share of the correction each end takes (0, 0.5 or 1), so the loop
    has no branch. The engine's own loop now beats it (about 0.9x): for the common
    link (both ends free) it checks one flag and computes each end's shift once, where this
    loop multiplies for both ends.
    """

    def __init__(self, columns=COLUMNS, rows=ROWS, iterations=ITERATIONS):
        self.points = [Point(x, y) for x, y in start_positions(columns, rows)]
        self.free = self.points[columns:]
        self.iterations = iterations
        pinned = set(range(columns))
        self.links = []
        for i, j in grid_links(columns, rows):
            share_i = 0.0 if i in pinned else (1.0 if j in pinned else 0.5)
            share_j = 0.0 if j in pinned else (1.0 if i in pinned else 0.5)
            self.links.append((self.points[i], self.points[j], SPACING, share_i, share_j))

    def step(self):
        for p in self.free:
            x = p.x
            y = p.y
            vx = (x - p.px) * DAMPING + 0.0
            vy = (y - p.py) * DAMPING + GRAVITY
            p.px = x
            p.py = y
            p.x = x + vx
            p.y = y + vy
        links = self.links
        for _ in range(self.iterations):
            for a, b, rest, share_a, share_b in links:
                ax = a.x
                ay = a.y
                bx = b.x
                by = b.y
                dx = bx - ax
                dy = by - ay
                length = hypot(dx, dy)
                ux = dx / length
                uy = dy / length
                error = length - rest
                move_a = error * share_a
                move_b = error * share_b
                a.x = ax + ux * move_a
                a.y = ay + uy * move_a
                b.x = bx - ux * move_b
                b.y = by - uy * move_b

    def positions(self):
        return [(p.x, p.y) for p in self.points]


def run_both(frames, columns=COLUMNS, rows=ROWS, iterations=ITERATIONS):
    """Step both cloths `frames` times; (engine positions, minimal positions)."""
    world = engine_cloth(columns, rows, iterations)
    minimal = MinimalCloth(columns, rows, iterations)
    for _ in range(frames):
        world.step()
        minimal.step()
    return engine_positions(world), minimal.positions()
