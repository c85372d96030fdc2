"""A world: particles, constraints, and the one frame loop every scene steps through (T2, T5, S1).

One call to `step()` is one 1/60 s frame, the unit the articles' gravity and damping are given
in. A frame has three phases, and a scene adds its own work at named points of them instead of
writing its own loop (as matter-js's `Engine.update` calls its events):

    integrate   hooks "before_integrate"; every free particle moves by its implied velocity,
                damped, plus gravity and forces; hooks "after_integrate"
    iteration   one pass of the solver over every constraint (k = 1 .. iterations), then the
                hooks "after_iteration" (hard projections that must win: a push circle, walls)
    finish      hooks "after_solve" (friction, tearing, what the scene does with the result)

There is one frame skeleton, `frame()`, and two policies change what its phases do without
changing their shape (matter-js's `Engine.update` likewise runs one loop whatever is enabled):

    substeps  (`World(..., substeps=n)`, `verlet.substeps`) the frame is n smaller steps: the
              integrate phase is the first substep's integration, the iteration phase every
              pass of every substep, and the hooks "before_substep" run before each substep but
              the first (what moves within a frame, such as a held point on its way to the hand)
    sleeping  (`World(..., sleeping=verlet.sleeping.Sleeping())`, enabled) the same phases
              integrate only the awake particles and solve only the links with an awake end;
              the policy brings its lists up to date after the "before_integrate" hooks and
              counts still frames after the "after_solve" hooks (see `verlet.sleeping`)

Both may be on at once. `frame()` is a generator that stops after each phase, so a tool can show
the state between them; running it to its end is exactly `step()`.

The hooks at one point run in the order they were added, except where a hook names its place
(`on(phase, hook, name=..., after=..., before=...)`, `verlet.hooks`). `version` is the world's one
change signal for caches of its links and pins.

Units: positions in px, one step a frame. `gravity` is an acceleration in px per frame squared
(added to every free particle's velocity each frame, as the articles write it); `forces`
(`verlet.forces`) give accelerations in px per second squared, which the integration turns into
px per frame squared with `dt` (1/60 s).
"""

from .hooks import Hook, in_order
from .particle import Particle
from .solver import PASSES, SOLVERS
from .substeps import check_substeps, scale_speeds, substep_scales

PHASE_HOOKS = ("before_integrate", "after_integrate", "before_substep", "after_iteration",
               "after_solve")
"""The points of a frame where a scene's own work runs, in frame order."""


class World:
    """Particles and constraints under one gravity, damping and solver.

    gravity     (gx, gy) added to every free particle's velocity each frame, px/frame^2.
    damping     velocity kept per frame, 1.0 = none lost (T2 uses 0.99).
    iterations  constraint passes per frame: the stiffness of everything in the world (T5).
    solver      "gauss-seidel" (moves applied at once) or "jacobi" (averaged), see `verlet.solver`.
    sleeping    None, or a policy that lets still particles sleep (`verlet.sleeping.Sleeping`,
                Gauss-Seidel only; it combines with substeps)
    substeps    smaller steps a frame is cut into, each an integration and `iterations` passes
                (1 = the plain frame; `verlet.substeps` says how gravity and damping scale).
    """

    def __init__(self, gravity=(0.0, 0.0), damping=1.0, iterations=10, solver="gauss-seidel",
                 sleeping=None, substeps=1):
        if solver not in SOLVERS:
            raise ValueError(f"unknown solver {solver!r}; choose one of {', '.join(SOLVERS)}")
        check_substeps(substeps)
        self.substeps = substeps
        self.substep = 0
        """The substep the frame is at, 0 .. substeps - 1 (0 between frames)."""
        self.gravity = gravity
        self.damping = damping
        self.iterations = iterations
        self.solver = solver
        self.particles = []
        self.constraints = []
        self.forces = []  # area forces (verlet.forces): their accelerations go into `integrate`
        self.dt = 1.0 / 60.0  # seconds per step: forces are per second, gravity per step
        self.version = 0
        """The world's one change signal: a count of changes to what is joined or held, bumped
        by `add_particle`, `add`, `remove` and `changed()`. A cache of anything worked out from
        the links and the pins (a sleeping policy's lists, `verlet.Connectivity`'s answers, a
        kept solver plan) keeps the version it was made at and is made again when it differs."""
        self.hooks = {name: [] for name in PHASE_HOOKS}
        """Each phase's hooks in the order they run (`on` keeps it)."""
        self._registered = {name: [] for name in PHASE_HOOKS}  # each phase's `Hook`s, as added
        self.jacobi_plan = None
        """For the Jacobi solver: None (the plan is worked out every solve) or a function that
        returns the constraints' `verlet.solver.jacobi_plan`, for an owner that keeps one."""
        self.gauss_seidel_plan = None
        """For the Gauss-Seidel solver: None (each solve reads the links' fields anew) or a
        function that returns `verlet.solver.passes(constraints, move_now)` for the constraints
        as they are, for an owner that keeps them while its graph and its pins stay."""
        self._sleeping = None
        self.sleeping = sleeping

    @property
    def sleeping(self):
        """The sleeping policy (`verlet.sleeping.Sleeping`) or None; setting one binds it to
        this world."""
        return self._sleeping

    @sleeping.setter
    def sleeping(self, policy):
        if policy is not None:
            if self.solver != "gauss-seidel":
                raise ValueError("sleeping particles need the gauss-seidel solver")
            policy.bind(self)
        self._sleeping = policy

    # --- building -------------------------------------------------------------------------
    def add_particle(self, x, y, pinned=False):
        """Create a particle at rest at (x, y), add it and return it."""
        particle = Particle(x, y, pinned)
        self.particles.append(particle)
        self.version += 1
        return particle

    def add(self, constraint):
        """Add a constraint (solved in the order added) and return it."""
        self.constraints.append(constraint)
        self.version += 1
        return constraint

    def remove(self, constraint):
        """Take a constraint out of the world; nothing happens if it is not there."""
        if constraint in self.constraints:
            self.constraints.remove(constraint)
            self.version += 1

    def changed(self):
        """Say that the links or the pins changed by another way than `add` and `remove` (a
        particle pinned, freed or taken away, the constraints list edited in place): every
        cache that compares against `version` is made again."""
        self.version += 1

    def on(self, phase, hook, name=None, after=(), before=()):
        """Run `hook()` at `phase` (one of PHASE_HOOKS) of every frame and return it. Where its
        place among that phase's hooks matters, say so: `name` it, and give the names of the
        hooks it must run `after` or `before` (a name or a tuple of names, `verlet.hooks`);
        the order then holds whatever order the hooks are registered in. Hooks that declare
        nothing about each other run in the order they were registered."""
        if phase not in self.hooks:
            raise ValueError(f"unknown phase {phase!r}; choose one of {', '.join(PHASE_HOOKS)}")
        registered = self._registered[phase]
        registered.append(Hook(hook, name, after, before))
        try:
            self.hooks[phase] = [entry.run for entry in in_order(registered)]
        except ValueError:
            registered.pop()
            raise
        return hook

    # --- the frame ------------------------------------------------------------------------
    def step(self):
        """One frame: integrate, solve `iterations` times, finish."""
        for _ in self.frame():
            pass

    def frame(self):
        """One frame, phase by phase: yields ("integrate", None, n) after the integration,
        ("iteration", k, n) after the k-th solver pass and ("finish", None, n) at the end, with
        n = substeps x iterations, every pass of the frame. Exhausting it is `step()`.

        This is the one frame skeleton; its two policies change what it does, not its shape:
        `substeps` (`verlet.substeps`: speeds in px per substep inside the frame, each substep
        an integration and `iterations` passes) and `sleeping` (`verlet.sleeping`: integrate
        the awake particles only, solve the links with an awake end, count still frames at the
        end). Both may be on at once."""
        sleeping = self._sleeping
        if sleeping is not None:
            sleeping.frame += 1
            if not sleeping.enabled:
                sleeping = None
        substeps = self.substeps
        iterations = self.iterations
        count = substeps * iterations
        hooks = self.hooks
        if substeps == 1:
            gravity = damping = dt = None  # the world's own: one step is the whole frame
        else:
            gravity, damping, dt = substep_scales(self)
        self.substep = 0
        for hook in hooks["before_integrate"]:
            hook()
        particles = self.particles if sleeping is None else sleeping.prepare(count)
        if substeps != 1:
            scale_speeds(particles, 1.0 / substeps)
        self.integrate(particles, gravity, damping, dt)
        for hook in hooks["after_integrate"]:
            hook()
        yield ("integrate", None, count)
        after_iteration = hooks["after_iteration"]
        done = 0
        for substep in range(substeps):
            if substep:
                self.substep = substep
                for hook in hooks["before_substep"]:
                    hook()
                self.integrate(particles, gravity, damping, dt)
            for _ in (self.passes(iterations) if sleeping is None
                      else sleeping.passes(iterations, done)):
                for hook in after_iteration:
                    hook()
                done += 1
                yield ("iteration", done, count)
        self.substep = 0
        if substeps != 1:
            scale_speeds(particles, float(substeps))
        for hook in hooks["after_solve"]:
            hook()
        if sleeping is not None:
            sleeping.settle()
        yield ("finish", None, count)

    def passes(self, count):
        """The solver's `count` passes over the constraints, as a generator yielding 1..count."""
        if self.solver == "jacobi":
            plan = self.jacobi_plan() if self.jacobi_plan is not None else None
            return PASSES["jacobi"](self.constraints, count, plan=plan)
        if self.gauss_seidel_plan is not None:
            return PASSES[self.solver](self.constraints, count, runs=self.gauss_seidel_plan())
        return PASSES[self.solver](self.constraints, count)

    def integrate(self, particles=None, gravity=None, damping=None, dt=None):
        """Move every free particle (or those of `particles`) by its implied velocity, damped,
        plus gravity and the forces' accelerations. `gravity`, `damping` and `dt` default to
        the world's; a substep (`verlet.substeps`) passes its own."""
        gx, gy = self.gravity if gravity is None else gravity
        damping = self.damping if damping is None else damping
        if particles is None:
            particles = self.particles
        if self.forces:
            self._integrate_pushed(particles, gx, gy, damping, self.dt if dt is None else dt)
            return
        for p in particles:  # `verlet.particle.integrate(p, damping, gx, gy)` inline: same numbers
            if p.pinned:
                continue
            x = p.x
            y = p.y
            vx = (x - p.px) * damping + gx
            vy = (y - p.py) * damping + gy
            p.px = x
            p.py = y
            p.x = x + vx
            p.y = y + vy

    def _integrate_pushed(self, particles, gx, gy, damping, dt):
        """`integrate` plus the accelerations (px/s^2) every force gives this frame, times dt^2;
        each particle's are cleared once applied."""
        for force in self.forces:
            force.add_accelerations()
        scale = dt * dt
        for p in particles:
            ax = p.force_x
            ay = p.force_y
            p.force_x = p.force_y = 0.0
            if p.pinned:
                continue
            x, y = p.x, p.y
            vx = (x - p.px) * damping + gx + ax * scale
            vy = (y - p.py) * damping + gy + ay * scale
            p.px, p.py = x, y
            p.x, p.y = x + vx, y + vy

    def solve(self, iterations=None):
        """Solve all constraints `iterations` times (the world's count by default), outside a
        frame and without its hooks (to settle a shape before the first frame)."""
        for _ in self.passes(self.iterations if iterations is None else iterations):
            pass
