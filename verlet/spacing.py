"""Spacers, tethers and a speed limit: what keeps a sheet from folding flat, from sagging with
the solver's passes, and from snapping like a whip.

`Spacer` keeps two particles at least `rest` apart and never pulls them together (a min-only
distance link). Across the diagonals of a cell and across two cells of a row or a column they
give a coarse sheet the resistance to shearing and folding that woven cloth has: a strip of it
hanging from one point keeps its width instead of collapsing edge-on into a line, while the
sheet still bends, drapes and gathers freely down to `rest`. `push_apart(spacers)` projects a
list of them once (Gauss-Seidel), for a world hook after every solver pass.

`tethers(particles, links)` are long-range attachments: for every free particle a max-only
`Distance` to the pinned particle nearest to it along the links, as long as that path's rest
lengths add up to. A few solver passes leave a hanging sheet longer than its rest (the weight of
the rows below reaches the top a pass at a time); a tether holds each point within its woven
distance of a nail directly, whatever the passes, and does nothing while the sheet is slack.

`cap_speed(particles, top)` limits how far any free particle moves in one frame: a point that
the solve threw farther is put back along its path to `top` px from where it was, so a sheet
let go while stretched eases back over a few frames instead of snapping across the canvas in
one. Both are standard library only.
"""

from heapq import heappop, heappush
from math import sqrt

from .compact import Compact
from .distance import Distance
from .geometry import EPSILON


class Spacer(Compact):
    """Keep particles `a` and `b` at least `rest` px apart (`rest` None: as far as they are)."""

    __slots__ = ("a", "b", "rest")

    def __init__(self, a, b, rest=None):
        self.a = a
        self.b = b
        self.rest = sqrt((b.x - a.x) ** 2 + (b.y - a.y) ** 2) if rest is None else float(rest)

    @property
    def particles(self):
        return (self.a, self.b)

    def project(self, move):
        """Push the ends apart to `rest` if they are closer (half each, or all on the free
        end when one is pinned), through `move(particle, dx, dy)`."""
        a, b = self.a, self.b
        dx, dy = b.x - a.x, b.y - a.y
        length = sqrt(dx * dx + dy * dy)
        if length >= self.rest or (a.pinned and b.pinned):
            return
        ux, uy = (dx / length, dy / length) if length >= EPSILON else (1.0, 0.0)
        step = length - self.rest  # negative: they are too close
        share_a = 0.0 if a.pinned else (step if b.pinned else 0.5 * step)
        share_b = 0.0 if b.pinned else (step if a.pinned else 0.5 * step)
        if share_a:
            move(a, ux * share_a, uy * share_a)
        if share_b:
            move(b, -ux * share_b, -uy * share_b)


def push_apart(spacers):
    """One Gauss-Seidel pass over `spacers`: every pair closer than its rest is pushed apart
    to it (the same numbers as `Spacer.project` with moves written at once). A pair that is
    far enough, the common case, costs a squared length and a comparison."""
    for spacer in spacers:
        a = spacer.a
        b = spacer.b
        dx = b.x - a.x
        dy = b.y - a.y
        rest = spacer.rest
        length_sq = dx * dx + dy * dy
        if length_sq >= rest * rest:
            continue
        a_free, b_free = not a.pinned, not b.pinned
        if not (a_free or b_free):
            continue
        length = sqrt(length_sq)
        if length < EPSILON:
            ux, uy = 1.0, 0.0
        else:
            ux, uy = dx / length, dy / length
        step = length - rest
        if a_free and b_free:
            step *= 0.5
        if a_free:
            a.x += ux * step
            a.y += uy * step
        if b_free:
            b.x -= ux * step
            b.y -= uy * step


def cap_speed(particles, top):
    """Every free particle that moved more than `top` px since its previous position (this
    frame's motion, which is also its velocity into the next) is put back along that motion
    to exactly `top` px."""
    top_sq = top * top
    for p in particles:
        if p.pinned:
            continue
        vx = p.x - p.px
        vy = p.y - p.py
        speed_sq = vx * vx + vy * vy
        if speed_sq > top_sq:
            keep = top / sqrt(speed_sq)
            p.x = p.px + vx * keep
            p.y = p.py + vy * keep


def tethers(particles, links):
    """For each free particle of `particles` joined through `links` to a pinned one: a max-only
    `Distance` from the pinned particle nearest along the links (the shortest sum of rest
    lengths, Dijkstra) to it, that sum its rest; a list, in the order of `particles`."""
    neighbours = {}
    for link in links:
        neighbours.setdefault(id(link.a), []).append((link.b, link.rest))
        neighbours.setdefault(id(link.b), []).append((link.a, link.rest))
    best = {}
    queue = []
    for order, p in enumerate(particles):
        if p.pinned:
            best[id(p)] = (0.0, p)
            heappush(queue, (0.0, order, p, p))
    count = len(particles)
    while queue:
        distance, _, p, nail = heappop(queue)
        if best[id(p)][0] < distance:
            continue
        for q, rest in neighbours.get(id(p), ()):
            through = distance + rest
            known = best.get(id(q))
            if known is None or through < known[0]:
                best[id(q)] = (through, nail)
                count += 1
                heappush(queue, (through, count, q, nail))
    made = []
    for p in particles:
        found = best.get(id(p))
        if found is not None and not p.pinned:
            made.append(Distance(found[1], p, found[0], max_only=True))
    return made
