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
  each other cannot move the body as a whole (a share that changed with how many
  links happened to be taut let a ring push itself along the floor).

Both repeat the pass `iterations` times: more iterations, stiffer material (T5). Moves of pinned
particles are ignored here, in one place.
"""

from functools import partial
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


def passes(constraints, move):
    """One function per run of constraints of one class, in order, each projecting its run
    once with `move`: call them all for one pass. A class may offer a static
    `one_pass(run, move)` that makes that function itself (`Distance` does: it reads each
    link's fields once per solve, the hot path of ropes, rings, cloths and webs); the others
    are projected one by one. Grouping only consecutive constraints keeps the order, and so
    the Gauss-Seidel result.
    """
    made = []
    for kind, run in groupby(constraints, type):
        run = list(run)
        one_pass = getattr(kind, "one_pass", None)
        made.append(one_pass(run, move) if one_pass else partial(_project_each, run, move))
    return made


def _project_each(constraints, move):
    for constraint in constraints:
        constraint.project(move)


def gauss_seidel_passes(constraints, iterations, runs=None):
    """Gauss-Seidel as a generator: project every constraint in turn, applying each move at
    once; yields k after the k-th pass (1 .. iterations). `runs` is `passes(constraints,
    move_now)`, if the caller keeps it; else it is made here."""
    if runs is None:
        runs = passes(constraints, move_now)
    for k in range(1, iterations + 1):
        for one_pass in runs:
            one_pass()
        yield k


def solve_gauss_seidel(constraints, iterations, after_iteration=None):
    """Project every constraint in turn, `iterations` times, applying each move at once."""
    for _ in gauss_seidel_passes(constraints, iterations):
        if after_iteration is not None:
            after_iteration()


def jacobi_plan(constraints):
    """(shares, runs): what `solve_jacobi` works out from the constraints before its passes:
    each free particle's share (`jacobi_shares`) and the pass of each run (`passes`).

    A caller whose constraints stay as they are between frames (none added or removed, no
    particle pinned or freed, no link's rest or stiffness changed) may make it once and hand
    it to every solve: the same numbers, without counting holders and reading fields again.
    """
    return jacobi_shares(constraints), passes(constraints, move_pending)


def jacobi_passes(constraints, iterations, plan=None):
    """Jacobi as a generator: project every constraint against the same positions, then apply
    the averaged moves; yields k after the k-th averaged application. `plan` is these
    constraints' `jacobi_plan`, if the caller keeps one; else it is made here."""
    shares, runs = jacobi_plan(constraints) if plan is None else plan
    for k in range(1, iterations + 1):
        for one_pass in runs:
            one_pass()
        apply_pending(shares)
        yield k


def solve_jacobi(constraints, iterations, after_iteration=None, plan=None):
    """Project every constraint against the same positions, then apply the averaged moves.

    `after_iteration`, if given, runs after each averaged application: the place for hard
    projections that must win over the averaged ones (T7's push-out).
    """
    for _ in jacobi_passes(constraints, iterations, plan):
        if after_iteration is not None:
            after_iteration()


SOLVERS = {"gauss-seidel": solve_gauss_seidel, "jacobi": solve_jacobi}
"""Solving styles by name, as `World(solver=...)` accepts them."""
PASSES = {"gauss-seidel": gauss_seidel_passes, "jacobi": jacobi_passes}
"""The same solvers as generators of their passes (`World.frame` stops after each)."""
