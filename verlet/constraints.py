"""Constraints: each one finds the smallest movement of its particles that satisfies it.

Every constraint has one method, `project(move)`. It measures how far the condition is broken and
asks `move(particle, dx, dy)` to shift particles by the correction. It never writes positions
itself: where the moves go decides the solving style (see `verlet.solver`). Gauss-Seidel applies
each move at once (S1); Jacobi collects them, averages per particle and applies them once per
iteration (T6). The same constraint object serves both.

Pinned particles are immovable: a two-particle constraint gives the whole correction to the free
end, and the solvers' `move` functions ignore moves of pinned particles.

- `Distance`   exact (S1) or max-only (T3): in `verlet.distance`, with its fast passes.
- `Area`       pressure that pushes a closed ring outward while its area is below a target (T4).
- `AngleRange` keeps a point's direction from a pivot within [lo, hi] of a reference (T12).
- `Box`        keeps particles inside a rectangle (walls and floor).
- `rotate_rigidly` turns a set of particles about a centre without giving them velocity (T13).
"""

from math import atan2, cos, hypot, pi, sin, sqrt

from .geometry import EPSILON, signed_area, wrap_angle
from .solver import move_pending


class Area:
    """Push a closed ring outward while its area is below `target` (T4).

    The area is measured with the shoelace formula. The deficit becomes one outward distance,
    deficit / perimeter: moving every edge outward by it would add the missing area, to first
    order. Each point is pushed along its outward normal (square to the chord joining its two
    neighbours), by that distance times its chord's share: chord / mean chord, scaled by
    `stiffness`. On a regular ring every share is 1. Weighted by the chord, the pushes are the
    area's own gradient, which sums to nothing and turns nothing about the centre: like gas
    pressure, the push can swell a ring but never move or spin it (equal pushes on a
    dented ring added up to a sideways shove, and a ring on the floor walked). Above the target
    nothing happens.

    "Outward" is the ring's orientation as built (`orientation`: +1 clockwise on screen, -1
    anticlockwise), and the area is counted with that sign. So a vertex folded across its
    neighbours is pushed back out, a figure-eight untwists (its wrong-way lobe counts against
    the area and is pushed in), and a ring turned inside out (by a press that threw its points
    through it) has a negative area: it is pulled in through itself and comes out the right way
    round, instead of inflating inside out for ever.
    """

    __slots__ = ("particles", "target", "stiffness", "orientation")

    def __init__(self, particles, target=None, stiffness=1.0, orientation=None):
        if len(particles) < 3:
            raise ValueError("an area constraint needs a ring of at least 3 particles")
        self.particles = list(particles)
        if orientation is None:
            orientation = 1.0 if signed_area([p.position for p in self.particles]) >= 0 else -1.0
        self.orientation = orientation
        self.target = self.area() if target is None else float(target)
        self.stiffness = stiffness

    def area(self):
        """Current enclosed area, counted positive the way the ring was built."""
        return signed_area([p.position for p in self.particles]) * self.orientation

    def project(self, move):
        Area.one_pass((self,), move)()

    @staticmethod
    def one_pass(areas, move):
        """A function projecting these areas once each with `move`, for a solver to call once
        per pass (as `Distance.one_pass`): each ring's order (every point and the point after
        it) is read here, once per solve, not once per pass."""
        rings = [(area, area.particles, area.particles[1:] + area.particles[:1]) for area in areas]

        def project_all():
            for area, particles, following in rings:
                area._project_ring(particles, following, move)
        return project_all

    def _project_ring(self, particles, following, move):
        """The projection of `project`: `following[i]` is the point after `particles[i]`."""
        # One walk round the ring carrying each point's neighbours (point i-1 and point i+1).
        # The chord at point i runs from point i-1 to point i+1; turned a quarter outward it is
        # the push's direction and, by its length, its weight (2 x the area's gradient).
        chords = []
        add_chord = chords.append
        twice_area = ring_length = chord_total = 0.0
        last = particles[-1]
        last_x = last.x
        last_y = last.y
        here = particles[0]
        x = here.x
        y = here.y
        for after in following:
            next_x = after.x
            next_y = after.y
            cx = next_x - last_x
            cy = next_y - last_y
            add_chord((cx, cy))
            twice_area += last_x * y - x * last_y
            ring_length += hypot(x - last_x, y - last_y)
            chord_total += hypot(cx, cy)
            last_x = x
            last_y = y
            x = next_x
            y = next_y
        deficit = self.target - twice_area * 0.5 * self.orientation
        if deficit <= 0.0:
            return
        count = len(particles)
        if chord_total < EPSILON:  # crushed onto a point (into a corner): no shape to read
            chords, chord_total, ring_length = self._fresh_start(count)
        push = deficit / ring_length * self.stiffness * count / chord_total * self.orientation
        if move is move_pending:
            for particle, (cx, cy) in zip(particles, chords):
                if not particle.pinned:
                    particle.pending_x += cy * push
                    particle.pending_y -= cx * push
            return
        for particle, (cx, cy) in zip(particles, chords):
            move(particle, cy * push, -cx * push)

    def _fresh_start(self, count):
        """(chords, their total, ring length) to push a ring crushed onto one point with: those
        of a regular ring the way this one was built (point i at 1/count of a turn each, with
        `orientation`), the length that of the target's circle. It spreads out again as it was
        made, the pushes still summing to nothing; unpushed, it would stay a point for ever."""
        sign = self.orientation
        chords = []
        for i in range(count):
            angle = sign * 2.0 * pi * i / count
            chords.append((-sign * sin(angle), sign * cos(angle)))
        return chords, float(count), 2.0 * sqrt(pi * self.target)


class AngleRange:
    """Keep the direction from `pivot` to `point` within [lo, hi] radians of a reference (T12).

    `reference` is a function returning the reference angle (atan2 convention, y down); it is
    called at every projection, so a range measured from a moving body tilts with it. A point
    outside the range is moved to the nearer boundary angle at its current distance; the pivot
    never moves. A point sitting on its pivot has no direction and is left alone.
    """

    __slots__ = ("pivot", "point", "lo", "hi", "reference")

    def __init__(self, pivot, point, lo, hi, reference=lambda: 0.0):
        if not lo <= hi:
            raise ValueError(f"angle range needs lo <= hi, got lo={lo}, hi={hi}")
        self.pivot = pivot
        self.point = point
        self.lo = lo
        self.hi = hi
        self.reference = reference

    @property
    def particles(self):
        """The one particle this constraint moves (the pivot never moves)."""
        return (self.point,)

    def relative_angle(self):
        """Direction of pivot -> point relative to the reference, in [-pi, pi)."""
        angle = atan2(self.point.y - self.pivot.y, self.point.x - self.pivot.x)
        return wrap_angle(angle - self.reference())

    def project(self, move):
        self.project_from(self.reference(), move)

    def project_from(self, reference, move):
        """`project` with the reference angle given (a caller that has it already, such as a
        leg that measures its body's down axis once a frame, saves asking for it)."""
        pivot, point = self.pivot, self.point
        dx, dy = point.x - pivot.x, point.y - pivot.y
        radius = hypot(dx, dy)
        if radius < EPSILON:
            return
        relative = wrap_angle(atan2(dy, dx) - reference)
        if self.lo <= relative <= self.hi:
            return
        to_lo = abs(wrap_angle(relative - self.lo))
        to_hi = abs(wrap_angle(relative - self.hi))
        angle = reference + (self.lo if to_lo <= to_hi else self.hi)
        move(point, pivot.x + radius * cos(angle) - point.x, pivot.y + radius * sin(angle) - point.y)


class Box:
    """Keep particles inside the rectangle [left, right] x [top, bottom] (walls and floor).

    A particle outside is moved straight back to the nearest point of the rectangle. With
    `friction` in [0, 1], a particle touching a wall also loses that fraction of its velocity
    along the wall, so bodies stop sliding instead of skating on the floor for ever.
    """

    __slots__ = ("particles", "left", "top", "right", "bottom", "friction")

    def __init__(self, particles, left, top, right, bottom, friction=0.0):
        if left > right or top > bottom:
            raise ValueError("box needs left <= right and top <= bottom")
        self.particles = particles
        self.left, self.top, self.right, self.bottom = left, top, right, bottom
        self.friction = friction

    def project(self, move):
        left, top, right, bottom = self.left, self.top, self.right, self.bottom
        for p in self.particles:
            x, y = p.x, p.y
            if left <= x <= right and top <= y <= bottom:
                continue  # the common case, answered without a call
            move(p, min(right, max(left, x)) - x, min(bottom, max(top, y)) - y)

    def apply_friction(self):
        """Slow the along-wall motion of every particle touching a wall (call once per frame)."""
        keep = 1.0 - self.friction
        for p in self.particles:
            if p.pinned:
                continue
            if p.y >= self.bottom or p.y <= self.top:
                p.px = p.x - (p.x - p.px) * keep
            if p.x <= self.left or p.x >= self.right:
                p.py = p.y - (p.y - p.py) * keep


def rotate_rigidly(particles, center, angle):
    """Turn particles by `angle` radians about `center`, position and previous alike (T13).

    Rotating both positions by the same angle turns the particles' velocities with them but adds
    none: a body corrected this way rights itself without being flung. The numbers are
    `geometry.rotate_point`'s, with the angle's cosine and sine taken once for all particles
    (Takopi's upright correction turns its whole figure every frame).
    """
    cx, cy = center
    c, s = cos(angle), sin(angle)
    for p in particles:
        dx = p.x - cx
        dy = p.y - cy
        p.x = cx + dx * c - dy * s
        p.y = cy + dx * s + dy * c
        dx = p.px - cx
        dy = p.py - cy
        p.px = cx + dx * c - dy * s
        p.py = cy + dx * s + dy * c
