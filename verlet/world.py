"""A world: particles, constraints, and the frame step that ties them together (T2, T5, S1).

One call to `step()` is one 1/60 s frame, the unit the articles' gravity and damping are given
in: integrate every particle once, then solve the constraints `iterations` times.
"""

from .particle import Particle
from .solver import SOLVERS


class World:
    """Particles and constraints under one gravity, damping and solver.

    gravity     (gx, gy) added to every free particle's velocity each frame, px/frame^2.
    damping     velocity kept per frame, 1.0 = none lost (T2 uses 0.99).
    iterations  constraint passes per frame: the stiffness of everything in the world (T5).
    solver      "gauss-seidel" (moves applied at once) or "jacobi" (averaged), see `verlet.solver`.
    """

    def __init__(self, gravity=(0.0, 0.0), damping=1.0, iterations=10, solver="gauss-seidel"):
        if solver not in SOLVERS:
            raise ValueError(f"unknown solver {solver!r}; choose one of {', '.join(SOLVERS)}")
        self.gravity = gravity
        self.damping = damping
        self.iterations = iterations
        self.solver = solver
        self.particles = []
        self.constraints = []
        self.forces = []  # area forces (verlet.forces): their accelerations go into `integrate`
        self.dt = 1.0 / 60.0  # seconds per step: forces are per second, gravity per step

    def add_particle(self, x, y, pinned=False):
        """Create a particle at rest at (x, y), add it and return it."""
        particle = Particle(x, y, pinned)
        self.particles.append(particle)
        return particle

    def add(self, constraint):
        """Add a constraint (solved in the order added) and return it."""
        self.constraints.append(constraint)
        return constraint

    def remove(self, constraint):
        """Take a constraint out of the world; nothing happens if it is not there."""
        if constraint in self.constraints:
            self.constraints.remove(constraint)

    def integrate(self, particles=None):
        """Move every free particle (or those of `particles`, e.g. the awake part of a web) by
        its implied velocity, damped, plus gravity."""
        gx, gy = self.gravity
        damping = self.damping
        if particles is None:
            particles = self.particles
        if self.forces:
            self._integrate_pushed(particles, gx, gy, damping)
            return
        for p in particles:  # `integrate(p, damping, gx, gy)` written inline: same numbers
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

    def _integrate_pushed(self, particles, gx, gy, damping):
        """`integrate` plus the accelerations (px/s^2) every force gives this frame, times dt^2
        (issue 15); each particle's are cleared once applied."""
        for force in self.forces:
            force.add_accelerations()
        scale = self.dt * self.dt
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

    def solve(self, iterations=None, after_iteration=None):
        """Solve all constraints `iterations` times (the world's count by default)."""
        count = self.iterations if iterations is None else iterations
        SOLVERS[self.solver](self.constraints, count, after_iteration)

    def step(self, after_iteration=None):
        """One frame: integrate, then solve."""
        self.integrate()
        self.solve(after_iteration=after_iteration)
