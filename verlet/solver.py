"""The two ways of applying constraint corrections: Gauss-Seidel (S1) and Jacobi (T6).

A constraint never writes positions; it calls `move(particle, dx, dy)`. The solver decides what
that does:

- Gauss-Seidel: apply the move at once, so the next constraint already sees it. Converges fast
  along chains (ropes, webs) and is what the spider web uses.
- Jacobi: add the move to the particle's pending total, and after every constraint has spoken,
  move each particle by the average of what it was asked. Constraints that disagree about a point
  (spacing pulls in, area pushes out) meet half way instead of the last one winning; the result
  does not depend on the order of the constraints. This is what the Takopi body uses.

Both repeat the pass `iterations` times: more iterations, stiffer material (T5). Moves of pinned
particles are ignored here, in one place.
"""

from itertools import groupby


def move_now(particle, dx, dy):
    """Gauss-Seidel move: shift the particle immediately (pinned particles stay)."""
    if not particle.pinned:
        particle.x += dx
        particle.y += dy


class JacobiAccumulator:
    """Per-particle running totals of requested moves, applied as averages."""

    __slots__ = ("pending",)

    def __init__(self):
        self.pending = {}

    def move(self, particle, dx, dy):
        """Record a requested move (pinned particles are ignored)."""
        if particle.pinned:
            return
        total = self.pending.get(particle)
        if total is None:
            self.pending[particle] = [dx, dy, 1]
        else:
            total[0] += dx
            total[1] += dy
            total[2] += 1

    def apply(self):
        """Move every particle by the mean of its requests, then forget them."""
        for particle, (sum_x, sum_y, count) in self.pending.items():
            particle.x += sum_x / count
            particle.y += sum_y / count
        self.pending.clear()


def _project_each(constraints, move):
    for constraint in constraints:
        constraint.project(move)


def batches(constraints):
    """The constraints as runs of one class, in order: [(project_all, [constraint, ...]), ...].

    A class may offer a static `project_all(constraints, move)` that projects a whole run in one
    loop (`Distance` does: it is the hot path of ropes and webs); others are projected one by one.
    Grouping only consecutive constraints keeps the order, and so the Gauss-Seidel result.
    """
    return [(getattr(kind, "project_all", _project_each), list(run))
            for kind, run in groupby(constraints, type)]


def solve_gauss_seidel(constraints, iterations, after_iteration=None):
    """Project every constraint in turn, `iterations` times, applying each move at once.

    When the constraints are one run of a class with a static `solve_all(run, iterations)` and
    no hook runs between the passes, that class does all the passes itself (`Distance` reads
    each link once per solve instead of once per pass: a cloth or a web, the common case).
    """
    runs = batches(constraints)
    if after_iteration is None and len(runs) == 1:
        solve_all = getattr(type(constraints[0]), "solve_all", None)
        if solve_all is not None:
            solve_all(runs[0][1], iterations)
            return
    for _ in range(iterations):
        for project_all, run in runs:
            project_all(run, move_now)
        if after_iteration is not None:
            after_iteration()


def solve_jacobi(constraints, iterations, after_iteration=None):
    """Project every constraint against the same positions, then apply the averaged moves.

    `after_iteration`, if given, runs after each averaged application: the place for hard
    projections that must win over the averaged ones (T7's push-out).
    """
    accumulator = JacobiAccumulator()
    runs = batches(constraints)
    for _ in range(iterations):
        for project_all, run in runs:
            project_all(run, accumulator.move)
        accumulator.apply()
        if after_iteration is not None:
            after_iteration()


SOLVERS = {"gauss-seidel": solve_gauss_seidel, "jacobi": solve_jacobi}
"""Solving styles by name, as `World(solver=...)` accepts them."""
