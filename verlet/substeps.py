"""Substeps: a frame cut into n smaller steps, each an integration and a solve (Macklin et al.).

Macklin, Storey, Lu, Terdiman, Chentanez, Jeschke and Müller, "Small Steps in Physics
Simulation" (2019), found that n steps of 1/n of a frame with one solver pass each make a
stiffer material than one step with n passes, for about the same work: a constraint's error
grows with the square of the step, so small steps leave less to correct. `World(substeps=n)`
runs its frame that way (this module gives `World.frame` the scaling); with substeps = 1 the
frame is the plain one of `verlet.world`.

The scaling, so that one frame of n substeps falls as one frame of one:

    gravity   g / n^2 per substep (px per substep squared): n substeps gain g of speed per frame
    damping   d^(1/n) per substep: n of them keep d of the speed per frame
    forces    their px/s^2 accelerations times (dt/n)^2, read again at every substep

Between frames a particle's implied velocity `x - px` means what it always means, px per frame,
whatever n is (scene code that reads speeds, and a change of n between frames, need nothing
else): the frame starts by turning it into px per substep (divided by n) and ends by turning the
last substep's back (times n). Free fall over a frame then gains exactly g of speed, as one step
does; the distance fallen in the frame is u + g (n + 1) / (2n) for a speed u at its start against
u + g for one step, because the substeps let the speed grow inside the frame, where one step
adds the frame's whole gain before it moves.

Phases and hooks, so a tool stepping through a frame (`World.frame()`) sees every pass:

    integrate   "before_integrate" hooks, the first substep's integration, "after_integrate"
                hooks: once a frame (the scene's input and per-frame work)
    iteration   k = 1 .. n x iterations, every solver pass of every substep in order, each
                followed by the "after_iteration" hooks (hard projections win in every
                substep); the first pass of substeps 2..n starts with the "before_substep"
                hooks and that substep's integration
    finish      speeds back to px per frame, then the "after_solve" hooks, once a frame

so the `n` a phase reports is substeps x iterations, and n + 2 phases are a whole frame.
Between the integrate and the finish phase, `x - px` is the speed over the last substep.
"""


def check_substeps(substeps):
    """Refuse a substep count that is not a whole number >= 1."""
    if isinstance(substeps, bool) or not isinstance(substeps, int) or substeps < 1:
        raise ValueError(f"substeps must be a whole number >= 1, got {substeps!r}")


def substep_scales(world):
    """(gravity, damping, dt) of one of `world.substeps` substeps: g / n^2, d^(1/n), dt / n."""
    substeps = world.substeps
    gx, gy = world.gravity
    return ((gx / (substeps * substeps), gy / (substeps * substeps)),
            world.damping ** (1.0 / substeps), world.dt / substeps)


def stride(start, end, world):
    """Where something that goes from `start` to `end` over the frame, (x, y) each, stands
    for the substep `world` is at: one n-th further each substep, exactly at `end` in the
    last (and in a frame of one step)."""
    left = 1.0 - (world.substep + 1) / world.substeps
    return (end[0] - (end[0] - start[0]) * left, end[1] - (end[1] - start[1]) * left)


def scale_speeds(particles, factor):
    """Multiply every free particle's implied velocity by `factor` (its position stays)."""
    for p in particles:
        if p.pinned:
            continue
        x = p.x
        y = p.y
        p.px = x - (x - p.px) * factor
        p.py = y - (y - p.py) * factor
