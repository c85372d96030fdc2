"""Sleeping knots (issue 14, S1): a still part of the web costs nothing until something moves it.

Modelled on the sleeping islands of Box2D and Bullet, but knot by knot, because the whole web
is one island and the spider is always somewhere on it. A free knot that stays within
SLEEP_DRIFT of one spot for SLEEP_FRAMES frames falls asleep: it keeps its position and its
previous position as they are (a knot under the spider's weight rests with a "velocity" that
just cancels the weight each frame, so on waking it goes on exactly as it would have), it is no
longer integrated, and a thread between two sleeping-or-pinned knots is no longer solved. On a thread between an awake knot and
a sleeping one, the sleeping end replays where it stood in each pass of its last awake frame
(its tape) and takes no correction: a web at rest stays exactly at rest when part of it sleeps.

A sleeping knot wakes when:

- a thread to it moves: the knot at its other end has moved more than WAKE_MOVE from where it
  was when this knot fell asleep (it then wakes its own neighbours too, so the next ring is
  awake before the motion reaches it); the sleeping knots next to an awake part of the web are
  checked every frame, so waking spreads along threads that move and stops where they do not;
- the web changes at it: a thread is spun to it or taken off it (a shot, a catch, a cut, a split
  or a merge all do that through `Web.connect` and `Web.remove_thread`), or a thread on it yields;
- the game moves it: the knots under the spider when it moves or lets go, a struggling bug's or
  a corpse's knot (see `SpiderModel`), knots of a piece that no longer hangs on an anchor;
- a slider changes (every knot wakes) or the gravity or the stiffness changes (`Web`).

(The sky's meteors are drawn in view pixels and never touch the web, so they wake nothing.)

With `enabled` False nothing sleeps and `Web.step` is the plain `World.step` it always was: the
benchmarks put both side by side. Everything here walks lists in web order, so a game is as
deterministic with sleeping as without (same seed and input, same state). Pure Python.
"""

from math import hypot

from verlet.geometry import EPSILON

SLEEP_FRAMES = 60
"""Frames (a second) a knot must stay within SLEEP_DRIFT of one spot before it sleeps. Half a
second let knots of a busy web fall asleep and wake again so often that remaking the lists
cost more than the threads it saved (measured in a busy game: 0.92x the plain step with
sleeping, 0.85x with the same solver and nothing asleep; at a second, 0.84x and 0.81x)."""
SLEEP_BATCH = 15
"""Knots fall asleep together on every SLEEP_BATCH-th frame only (four times a second), so
the lists of what to solve are remade a few times a second rather than whenever a knot comes
to rest."""
SLEEP_DRIFT = 0.05
"""How far a knot may wander and still count as still, px (a settled web creeps far less)."""
WAKE_MOVE = 0.01
"""How far a sleeping knot's neighbour may move from where it was when the knot fell asleep
before the knot wakes (with its own neighbours, one ring ahead of the motion), px. Waking at
the first hundredth of a pixel keeps a woken web's sway within a fraction of a pixel of a web
that never slept (tests/test_spider_sleep.py); 0.05 px let a strong catch's sway differ by up
to 1.4 px in 10."""


class Sleep:
    """Which knots of one web sleep, and the frame step that skips them.

    enabled  the switch (`Web.sleeping`): False = every knot integrated, every thread solved
    """

    def __init__(self, web):
        self.web = web
        self.enabled = True
        self._awake = []  # free knots that are awake, in web order
        self._fields = []  # (thread, a, b, mode) of each thread with an awake free end, in order
        self._edge = []  # sleeping knots with a thread to an awake free knot
        self._recorders = []  # knots recording their tapes this frame (they may fall asleep)
        self._version = -1  # web.version the lists were made for
        self._dirty = True  # a knot fell asleep or woke since the lists were made
        self._record = False  # the next frame is one on which knots may fall asleep

    # --- waking -----------------------------------------------------------------------------
    def wake(self, knot):
        """Wake `knot` (if asleep) and start its count of still frames again."""
        knot.still = 0
        knot.sx, knot.sy = knot.x, knot.y
        self.rouse(knot)

    def rouse(self, knot):
        """Wake `knot` if it sleeps, keeping its count of still frames: for a knot that some
        steady nudge keeps awake only while its neighbours are (a corpse's, see `enemies`)."""
        if knot.asleep:
            knot.asleep = False
            knot.near = ()
            self._dirty = True

    def wake_ends(self, thread):
        """Wake both ends of `thread` (it was spun, taken away or changed)."""
        self.wake(thread.a)
        self.wake(thread.b)

    def wake_around(self, knot):
        """Wake `knot` and the other end of each of its threads."""
        self.wake(knot)
        for other in _neighbours(knot):
            self.wake(other)

    def wake_all(self):
        """Wake every knot (a slider moved, the gravity or the stiffness changed)."""
        for knot in self.web.knots:
            self.wake(knot)

    def switch(self, on):
        """Turn sleeping on or off (`Web.sleeping`); either way every knot starts awake."""
        self.enabled = bool(on)
        self.wake_all()

    def asleep_count(self):
        """How many knots sleep now."""
        return sum(1 for knot in self.web.knots if knot.asleep)

    def solved_count(self):
        """How many threads the last frame solved (all of them with `enabled` False)."""
        return len(self._fields) if self.enabled else len(self.web.threads)

    # --- the frame --------------------------------------------------------------------------
    def step(self, world):
        """One frame of `world` (the web's) with sleeping knots left out: integrate the awake
        knots, solve the threads that have an awake end, then let still knots fall asleep and
        wake the sleeping knots whose threads moved."""
        if self._dirty or self._version != self.web.version:
            self._sort()
        self._integrate(world)
        fields = self._fields
        for index in range(0, 2 * world.iterations, 2):
            _solve(fields, index)
        self._settle()

    def _sort(self):
        """Make the lists: awake knots, the threads to solve (each with how its ends take part,
        see `_solve`) and the sleeping knots to watch.

        On a frame before which knots may fall asleep, the awake knots still long enough record
        on each of their threads where they stand in each pass (a fresh tape per thread).
        """
        nearly = SLEEP_FRAMES - 1 if self._record else float("inf")
        self._awake = awake = [k for k in self.web.knots if not k.pinned and not k.asleep]
        self._recorders = [k for k in awake if k.still >= nearly]
        fields, edge = [], []
        for link in self.web.threads:
            a, b = link.a, link.b
            mode = 0
            if a.pinned:
                mode = A_HELD
            elif a.asleep:
                mode = A_PLAY
            elif a.still >= nearly:
                mode = A_RECORD
                link.tape_a = []
            if b.pinned:
                mode |= B_HELD
            elif b.asleep:
                mode |= B_PLAY
            elif b.still >= nearly:
                mode |= B_RECORD
                link.tape_b = []
            if mode & (A_HELD | A_PLAY) and mode & (B_HELD | B_PLAY):
                continue  # both ends stand still: nothing to solve
            fields.append((link, a, b, mode))
            if mode & A_PLAY:
                edge.append(a)
            elif mode & B_PLAY:
                edge.append(b)
        self._fields = fields
        self._edge = list({id(knot): knot for knot in edge}.values())  # once each, in order
        self._version = self.web.version
        self._dirty = False

    def _integrate(self, world):
        """`World.integrate` over the awake knots only (the same numbers for each of them)."""
        world.integrate(self._awake)

    def _settle(self):
        """After the solve: count still frames, wake the watched knots whose neighbours moved, and
        put the recorders that have been still long enough to sleep."""
        drift = SLEEP_DRIFT * SLEEP_DRIFT
        for knot in self._awake:
            dx = knot.x - knot.sx
            dy = knot.y - knot.sy
            if dx * dx + dy * dy > drift:
                knot.sx = knot.x
                knot.sy = knot.y
                knot.still = 0
            else:
                knot.still += 1
        limit = WAKE_MOVE * WAKE_MOVE
        for knot in self._edge:
            if knot.asleep:
                for other, x, y in knot.near:
                    if (other.x - x) ** 2 + (other.y - y) ** 2 > limit:
                        self.wake_around(knot)
                        break
        if self._recorders:
            for knot in self._recorders:
                if knot.still >= SLEEP_FRAMES:  # still, and not woken by a neighbour just now
                    knot.asleep = True
                    knot.near = [(other, other.x, other.y) for other in _neighbours(knot)]
            self._dirty = True  # the tapes are done: solve without recording again
        self._record = (self.web.frame + 1) % SLEEP_BATCH == 0
        if self._record and any(k.still >= SLEEP_FRAMES - 1 for k in self._awake):
            self._dirty = True


A_HELD, B_HELD, A_PLAY, B_PLAY, A_RECORD, B_RECORD = 1, 2, 4, 8, 16, 32
"""How a thread's ends take part in a pass (bits of its mode; 0 = both ends free, the common
case): HELD a pinned end stands still and the other takes the whole correction; PLAY a sleeping
end stands where its tape says, takes no correction, and the other end takes half, as it did
when both were awake; RECORD a free end that may fall asleep writes where it stood on its tape."""


def _neighbours(knot):
    """The knot at the other end of each of `knot`'s threads."""
    return [thread.b if thread.a is knot else thread.a for thread in knot.threads]


def _solve(fields, index):
    """One Gauss-Seidel pass: for free and pinned ends the numbers of `verlet.Distance`'s pass
    (threads are exact, of stiffness 1), plus the two modes of sleeping, PLAY and RECORD (see
    above); `index` is 2 x the pass number, where this pass's (x, y) lies on a tape.

    A sleeping knot replays where it stood, pass by pass, in the last frame it was awake, and
    its neighbour gets the half correction it got then: a web at rest stays exactly at rest
    when part of it sleeps, and where it was not quite at rest the sleeping knot still pulls as
    it did. The rest length is read on every pass: the game changes it (a bug drags silk out).
    Two ends closer than EPSILON are pushed apart along +x, as `Distance` does.
    """
    length_of, epsilon = hypot, EPSILON
    for link, a, b, mode in fields:
        ax = a.x
        ay = a.y
        bx = b.x
        by = b.y
        if mode > B_HELD:
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
