"""Distance links: keep two particles at a rest length (S1), or within it (T3).

`Distance` is a constraint like the others of `verlet.constraints` (its `project(move)` asks
`move` for the correction), and the one that ropes, rings, cloths and webs are made of, so it
also has the hot path of a solve: `one_pass` reads each link's fields once per solve and projects
the whole run with the moves written inline, Gauss-Seidel (`_project_now`) or Jacobi
(`_project_pending`), the same numbers as projecting link by link. `project_taped` is that
Gauss-Seidel pass for a world with sleeping particles (`verlet.sleeping`): sleeping ends replay
where they stood, ends about to sleep record it.
"""

from math import hypot

from .compact import Compact
from .geometry import EPSILON
from .solver import move_now, move_pending


class Distance(Compact):
    """Keep particles `a` and `b` at `rest` apart (S1), or at most `rest` apart with `max_only` (T3).

    The error (current length - rest) is split between the ends, half each, or all of it on the
    free end when the other is pinned; `stiffness` in (0, 1] scales the correction per iteration.
    With `max_only` nothing happens while the pair is closer than `rest`: a ring of such links can
    be squashed freely but not stretched. Two coincident particles under an exact constraint are
    pushed apart along +x, so no direction is ever taken from a zero-length vector.
    """

    __slots__ = ("a", "b", "rest", "stiffness", "max_only")

    def __init__(self, a, b, rest=None, stiffness=1.0, max_only=False):
        self.a = a
        self.b = b
        self.rest = hypot(b.x - a.x, b.y - a.y) if rest is None else float(rest)
        self.stiffness = stiffness
        self.max_only = max_only

    def __repr__(self):
        kind = "max" if self.max_only else "exact"
        return f"Distance({self.a!r}, {self.b!r}, rest={self.rest:.2f}, {kind})"

    @property
    def particles(self):
        """The two ends: what a Jacobi average counts this link among (`verlet.solver`)."""
        return (self.a, self.b)

    def length(self):
        """Current distance between the two ends."""
        return hypot(self.b.x - self.a.x, self.b.y - self.a.y)

    def project(self, move):
        Distance.project_all((self,), move)

    @staticmethod
    def project_all(links, move):
        """Project each link in turn: the solver's hot loop over a rope, a ring or a whole web.

        The same as one call of the pass `one_pass(links, move)` returns.
        """
        Distance.one_pass(links, move)()

    @staticmethod
    def one_pass(links, move):
        """A function projecting these links once each with `move`, for a solver to call once
        per pass: the links' fields are read here, once per solve (what runs between passes
        moves particles, but never pins one or changes a link).

        The maths of one link is written as a loop, so a large web pays no Python call per
        link. With `move_now` (Gauss-Seidel) the moves are written to the particles directly
        (`_project_now`), with `move_pending` (Jacobi) to their pending totals
        (`_project_pending`); any other `move` is called for each correction (`_project_with`).
        """
        if move is move_now:
            fields = _fields(links)
            return lambda: _project_now(fields)
        if move is move_pending:
            fields = _fields(links)
            return lambda: _project_pending(fields)
        return lambda: _project_with(links, move)


def _fields(links):
    """(link, a, b, rest, stiffness, simple) of each link, for `_project_now`.

    `simple` marks the common case the loop does in the fewest steps: both ends free and the
    link exact (not max-only). A link between two pinned particles moves nothing and is left out.
    """
    return [(link, link.a, link.b, link.rest, link.stiffness,
             not (link.max_only or link.a.pinned or link.b.pinned))
            for link in links if not (link.a.pinned and link.b.pinned)]


def _project_with(links, move):
    """Project links one after another, asking `move` for every correction."""
    for link in links:
        a = link.a
        b = link.b
        dx = b.x - a.x
        dy = b.y - a.y
        length = hypot(dx, dy)
        error = length - link.rest
        if error <= 0.0 and link.max_only:
            continue
        if length < EPSILON:
            ux, uy = 1.0, 0.0
        else:
            ux = dx / length
            uy = dy / length
        step = error * link.stiffness
        if a.pinned:
            if b.pinned:
                continue
            share_a, share_b = 0.0, step
        elif b.pinned:
            share_a, share_b = step, 0.0
        else:
            share_a = share_b = step * 0.5
        if share_a:
            move(a, ux * share_a, uy * share_a)
        if share_b:
            move(b, -ux * share_b, -uy * share_b)


def _project_now(fields):
    """`_project_with(links, move_now)` with the moves written inline: the same numbers.

    This is the hottest loop of the project (a cloth's or a web's links x iterations), so it
    iterates tuples of each link's fields (`_fields`), reads the ends' coordinates, `hypot` and
    `EPSILON` into locals, and takes a short path for the common link (both ends free, exact):
    each end moves half the error along the link. Ends closer than EPSILON (or one particle at
    both ends) take the general path, which handles them.
    """
    length_of, epsilon = hypot, EPSILON
    for link, a, b, rest, stiffness, simple in fields:
        ax = a.x
        ay = a.y
        bx = b.x
        by = b.y
        dx = bx - ax
        dy = by - ay
        length = length_of(dx, dy)
        if simple and length >= epsilon:
            step = (length - rest) * stiffness * 0.5
            shift_x = dx / length * step
            shift_y = dy / length * step
            a.x = ax + shift_x
            a.y = ay + shift_y
            b.x = bx - shift_x
            b.y = by - shift_y
            continue
        error = length - rest
        if error <= 0.0 and link.max_only:
            continue
        if length < epsilon:
            _project_with((link,), move_now)
            continue
        ux = dx / length
        uy = dy / length
        step = error * stiffness
        if a.pinned:
            b.x = bx - ux * step
            b.y = by - uy * step
        elif b.pinned:
            a.x = ax + ux * step
            a.y = ay + uy * step
        else:
            step *= 0.5
            a.x = ax + ux * step
            a.y = ay + uy * step
            b.x = bx - ux * step
            b.y = by - uy * step


def _project_pending(fields):
    """`_project_with(links, move_pending)` with the moves added inline: the same numbers.

    The Jacobi twin of `_project_now` (T6): a ring's links are projected 10 times a frame.
    """
    length_of, epsilon = hypot, EPSILON
    for link, a, b, rest, stiffness, simple in fields:
        dx = b.x - a.x
        dy = b.y - a.y
        length = length_of(dx, dy)
        error = length - rest
        if not simple:
            if error <= 0.0 and link.max_only:
                continue
            if length < epsilon or a.pinned or b.pinned:
                _project_with((link,), move_pending)
                continue
        elif length < epsilon:
            _project_with((link,), move_pending)
            continue
        step = error * stiffness * 0.5
        shift_x = dx / length * step
        shift_y = dy / length * step
        a.pending_x += shift_x
        a.pending_y += shift_y
        b.pending_x -= shift_x
        b.pending_y -= shift_y


# --- the pass of a world with sleeping particles (`verlet.sleeping`) ----------------------------

A_HELD, B_HELD, A_PLAY, B_PLAY, A_RECORD, B_RECORD, SOFT = 1, 2, 4, 8, 16, 32, 64
"""How a link's ends take part in a taped pass (bits of its mode; 0 = both ends free and
awake and the link exact of stiffness 1, the common case): HELD a pinned end stands still and
the other takes the whole correction; PLAY a sleeping end stands where its tape says, takes no
correction, and the other end takes half, as it did when both were awake; RECORD a free end
that may fall asleep writes where it stood on its tape; SOFT the link is max-only or of a
stiffness other than 1."""


def project_taped(fields, index):
    """One Gauss-Seidel pass over (link, a, b, mode) fields with sleeping ends.

    For free and pinned ends the numbers of `Distance`'s pass (`_project_now`), plus the two
    modes of sleeping, PLAY and RECORD (see the mode bits above); `index` is 2 x the pass
    number, where this pass's (x, y) lies on a tape.

    A sleeping particle replays where it stood, pass by pass, in the last frame it was awake,
    and its neighbour gets the half correction it got then: a body at rest stays exactly at
    rest when part of it sleeps, and where it was not quite at rest the sleeping end still
    pulls as it did. The rest length is read on every pass (an owner may change it between
    frames without telling the policy). Two ends closer than EPSILON are pushed apart along
    +x, as `Distance` does.
    """
    length_of, epsilon, plain = hypot, EPSILON, B_HELD  # modes up to B_HELD: no tape
    for link, a, b, mode in fields:
        ax = a.x
        ay = a.y
        bx = b.x
        by = b.y
        if not mode:  # both ends free and awake, the common case: half the error each
            dx = bx - ax
            dy = by - ay
            length = length_of(dx, dy)
            if length >= epsilon:
                step = (length - link.rest) * 0.5
                shift_x = dx / length * step
                shift_y = dy / length * step
                a.x = ax + shift_x
                a.y = ay + shift_y
                b.x = bx - shift_x
                b.y = by - shift_y
                continue
        if mode > plain:
            if mode & A_PLAY:
                tape = link.tape_a
                ax = tape[index]
                ay = tape[index + 1]
            elif mode & A_RECORD:
                link.tape_a += (ax, ay)
            if mode & B_PLAY:
                tape = link.tape_b
                bx = tape[index]
                by = tape[index + 1]
            elif mode & B_RECORD:
                link.tape_b += (bx, by)
        dx = bx - ax
        dy = by - ay
        length = length_of(dx, dy)
        step = length - link.rest
        if mode >= SOFT:
            if step <= 0.0 and link.max_only:
                continue
            step *= link.stiffness
        if length < epsilon:
            ux, uy = 1.0, 0.0
        else:
            ux = dx / length
            uy = dy / length
        if mode == 0:
            step *= 0.5
            a.x = ax + ux * step
            a.y = ay + uy * step
            b.x = bx - ux * step
            b.y = by - uy * step
        elif mode & A_HELD:
            b.x = bx - ux * step
            b.y = by - uy * step
        elif mode & B_HELD:
            a.x = ax + ux * step
            a.y = ay + uy * step
        else:
            step *= 0.5
            if not mode & A_PLAY:
                a.x = ax + ux * step
                a.y = ay + uy * step
            if not mode & B_PLAY:
                b.x = bx - ux * step
                b.y = by - uy * step
