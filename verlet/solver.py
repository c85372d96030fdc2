"""The two ways of applying constraint corrections: Gauss-Seidel (S1) and Jacobi (T6).

A constraint never writes positions; it calls `move(particle, dx, dy)`. The solver decides what
that does:

- Gauss-Seidel: apply the move at once, so the next constraint already sees it. Converges fast
  along chains (ropes, webs) and is what the spider web uses.
- Jacobi: add the move to the particle's pending total, and after every constraint has spoken,
  move each particle by the average of what it was asked. Constraints that disagree about a point
  (spacing pulls in, area pushes out) meet half way instead of the last one winning; the result
  does not depend on the order of the constraints. This is what the Takopi body uses.
  The average is over every constraint that holds the particle (its `particles`), also those
  with nothing to ask this time (a slack max-only link votes "stay"). So both ends of a link
  always take the same share of its pull, and constraints that push a body's points against
  each other cannot move the body as a whole (issue 13: a share that changed with how many
  links happened to be taut let a ring push itself along the floor).

Both repeat the pass `iterations` times: more iterations, stiffer material (T5). Moves of pinned
particles are ignored here, in one place.
"""

from itertools import groupby


def move_now(particle, dx, dy):
    """Gauss-Seidel move: shift the particle immediately (pinned particles stay)."""
    if not particle.pinned:
        particle.x += dx
        particle.y += dy


def move_pending(particle, dx, dy):
    """Jacobi move: add to the particle's pending total, applied by `apply_pending` (T6)."""
    if not particle.pinned:
        particle.pending_x += dx
        particle.pending_y += dy


def jacobi_shares(constraints):
    """[(particle, 1 / number of constraints holding it), ...] for the free particles held.

    Each constraint names what it can move in `particles`; a particle's pending total is
    averaged over all of them, whether or not they asked for a move this pass.
    """
    holders = {}
    for constraint in constraints:
        for particle in constraint.particles:
            if not particle.pinned:
                holders[particle] = holders.get(particle, 0) + 1
    return [(particle, 1.0 / count) for particle, count in holders.items()]


def apply_pending(shares):
    """Move every particle by its pending total times its share, and clear the total."""
    for particle, share in shares:
        particle.x += particle.pending_x * share
        particle.y += particle.pending_y * share
        particle.pending_x = particle.pending_y = 0.0


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
    shares = jacobi_shares(constraints)
    runs = batches(constraints)
    for _ in range(iterations):
        for project_all, run in runs:
            project_all(run, move_pending)
        apply_pending(shares)
        if after_iteration is not None:
            after_iteration()


SOLVERS = {"gauss-seidel": solve_gauss_seidel, "jacobi": solve_jacobi}
"""Solving styles by name, as `World(solver=...)` accepts them."""
