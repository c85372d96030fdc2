"""The particle: a point that remembers where it was instead of how fast it moves (T2, S1).

Verlet integration keeps no velocity variable. A particle's velocity is implied by the
difference between `position` and `previous`, so a constraint that moves a particle changes its
velocity for the next frame automatically, and nothing else ever needs correcting.
"""

from math import hypot, isfinite

from .compact import Compact


class Particle(Compact):
    """A point mass with a current and a previous position.

    `x, y` is the current position and `px, py` the previous one; `pinned` particles never move
    (they are anchors: integration skips them and every constraint treats them as immovable).
    `pending_x, pending_y` hold the moves a Jacobi pass has asked of it so far (`verlet.solver`);
    `force_x, force_y` the accelerations the world's forces gave it this frame, px/s^2
    (`verlet.forces`), which `World.integrate` applies and clears.
    """

    __slots__ = ("x", "y", "px", "py", "pinned", "pending_x", "pending_y", "force_x", "force_y")

    def __init__(self, x, y, pinned=False):
        self.x = float(x)
        self.y = float(y)
        self.px = self.x
        self.py = self.y
        self.pinned = pinned
        self.pending_x = self.pending_y = 0.0
        self.force_x = self.force_y = 0.0

    def __repr__(self):
        pin = ", pinned" if self.pinned else ""
        return f"Particle(({self.x:.2f}, {self.y:.2f}){pin})"

    @property
    def position(self):
        """Current position as an (x, y) tuple."""
        return (self.x, self.y)

    @property
    def previous(self):
        """Position one frame ago as an (x, y) tuple."""
        return (self.px, self.py)

    @property
    def velocity(self):
        """Displacement per frame implied by the two positions."""
        return (self.x - self.px, self.y - self.py)

    @property
    def speed(self):
        """Length of `velocity`, in pixels per frame."""
        return hypot(self.x - self.px, self.y - self.py)

    def move_to(self, x, y):
        """Put the particle at (x, y) keeping its velocity."""
        self.px += x - self.x
        self.py += y - self.y
        self.x = x
        self.y = y

    def place(self, x, y):
        """Put the particle at rest at (x, y): position and previous both, no velocity."""
        self.x = self.px = float(x)
        self.y = self.py = float(y)

    def is_finite(self):
        """True when neither position holds NaN or infinity."""
        return isfinite(self.x) and isfinite(self.y) and isfinite(self.px) and isfinite(self.py)


def integrate(particle, damping, gravity_x, gravity_y):
    """One Verlet step, exactly as T2 and S1 write it.

    v = (position - previous) * damping; v += gravity; previous = position; position += v.
    """
    if particle.pinned:
        return
    vx = (particle.x - particle.px) * damping + gravity_x
    vy = (particle.y - particle.py) * damping + gravity_y
    particle.px = particle.x
    particle.py = particle.y
    particle.x += vx
    particle.y += vy
