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

A frame works from three lists: the awake knots to integrate, the threads to solve (in web
order, each with how its ends take part) and the sleeping knots to watch. They are kept, not
remade: a knot that wakes or falls asleep marks its threads, and the next frame puts only those
back in their place (`_update`); the lists are made afresh only when the web itself changes (a
thread spun, split, cut or taken in: `Web.version`), every knot wakes, or the web is a copy.
Remade after every wake or sleep instead (a walk over every thread, a new tuple for each), the
sleeping step cost 1.7x the plain one in Pyodide at 4x throttling in a busy game's mostly awake
frames. Kept or made afresh, the lists are the same, so the numbers are the same bit for bit
(tests/spider/test_sleep_lists.py checks the kept lists against fresh ones at every frame).

With `enabled` False nothing sleeps and `Web.step` is the plain `World.step` it always was: the
benchmarks put both side by side. The threads are solved and the sleeping knots watched in web
order, and the awake knots (integrated and counted each on its own, in the order they woke)
are keyed by identity but never ordered by it, so a game is as deterministic with sleeping as
without (same seed and input, same state). Pure Python.
"""

from bisect import bisect_left
from math import hypot

from verlet.geometry import EPSILON

SLEEP_FRAMES = 60
"""Frames (a second) a knot must stay within SLEEP_DRIFT of one spot before it sleeps. Half a
second let knots of a busy web fall asleep and wake again so often that remaking the lists
cost more than the threads it saved (measured in a busy game: 0.92x the plain step with
sleeping, 0.85x with the same solver and nothing asleep; at a second, 0.84x and 0.81x)."""
SLEEP_BATCH = 15
"""Knots fall asleep together on every SLEEP_BATCH-th frame only (four times a second): the
knots still long enough wait for it in `_ready`. Staggering them instead (each knot on its own
frame of the fifteen, by its place in the web) would spread the work of falling asleep, but
neighbours then freeze a few frames apart, and a strong catch on the sleeping web swayed 0.84 px
off a never-sleeping web's 9.6 px sway, against 0.23 px batched (the test allows 0.57).
Batched, a frame on which knots fall asleep costs what those knots' threads cost (their tapes
and their places in the lists), no longer a remaking of every list: natively, in the busy game,
about 0.4 ms more than its neighbours when 30 knots fall asleep at once, a few times a game."""
SLEEP_DRIFT = 0.05
"""How far a knot may wander and still count as still, px (a settled web creeps far less)."""
WAKE_MOVE = 0.01
"""How far a sleeping knot's neighbour may move from where it was when the knot fell asleep
before the knot wakes (with its own neighbours, one ring ahead of the motion), px. Waking at
the first hundredth of a pixel keeps a woken web's sway within a fraction of a pixel of a web
that never slept (tests/spider/test_sleep.py); 0.05 px let a strong catch's sway differ by up
to 1.4 px in 10."""


class Sleep:
    """Which knots of one web sleep, and the frame step that skips them.

    enabled  the switch (`Web.sleeping`): False = every knot integrated, every thread solved

    The lists of what a frame does are kept up to date as knots wake and fall asleep (only the
    threads of a knot that changed are looked at again); they are made afresh only when the web
    itself changes (`Web.version`) or every knot wakes.
    """

    def __init__(self, web):
        self.web = web
        self.enabled = True
        self._awake = {}  # id -> free knot that is awake (integrated, counting its still frames)
        self._fields = []  # (thread, a, b, mode) of each thread with a moving end, in web order
        self._places = []  # each of _fields' threads' place in web.threads (ascending)
        self._place = {}  # id(thread) -> its place in web.threads
        self._edge = []  # sleeping knots with a thread to a moving knot (watched), in order
        self._changed = {}  # id -> thread with an end that woke, slept or records since
        self._ready = []  # awake knots nearly still long enough to sleep (see _recorders_now)
        self._recording = {}  # id -> knot recording its tapes this frame (it may fall asleep)
        self._version = -1  # web.version the lists were made for (-1: make them again)

    def __getstate__(self):
        """A copy (pickle: the benchmarks hand a game to Pyodide so) makes its lists afresh on
        its first step: they are keyed by identities, which a copy does not keep."""
        state = self.__dict__.copy()
        state["_version"] = -1
        return state

    # --- waking -----------------------------------------------------------------------------
    def wake(self, knot):
        """Wake `knot` (if asleep) and start its count of still frames again."""
        knot.still = 0
        knot.sx, knot.sy = knot.x, knot.y
        if knot.asleep:
            self._woken(knot)

    def rouse(self, knot):
        """Wake `knot` if it sleeps, keeping its count of still frames: for a knot that some
        steady nudge keeps awake only while its neighbours are (a corpse's, see `enemies`)."""
        if knot.asleep:
            self._woken(knot)
            if knot.still >= SLEEP_FRAMES - 1:
                self._ready.append(knot)  # still long enough: it sleeps again next batch

    def _woken(self, knot):
        """`knot` was asleep and is awake: its threads move again, its sleeping neighbours are
        watched."""
        knot.asleep = False
        knot.near = ()
        if not knot.pinned:
            self._awake[id(knot)] = knot
        changed = self._changed
        for thread in knot.threads:
            changed[id(thread)] = thread

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
            knot.asleep = False
            knot.near = ()
            knot.still = 0
            knot.sx, knot.sy = knot.x, knot.y
        self._version = -1  # every list changes: make them again

    def switch(self, on):
        """Turn sleeping on or off (`Web.sleeping`); a change wakes every knot, setting it to
        what it already is changes nothing (the web goes on as it was)."""
        on = bool(on)
        if on != self.enabled:
            self.enabled = on
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
        if self._version != self.web.version:
            self._make_lists()
        self._recorders_now()
        if self._changed:
            self._update()
        world.integrate(self._awake.values())
        fields = self._fields
        for index in range(0, 2 * world.iterations, 2):
            _solve(fields, index)
        self._settle()

    def _make_lists(self):
        """Make every list afresh from the knots' states (the web changed, or every knot woke)."""
        web = self.web
        self._place = {id(thread): place for place, thread in enumerate(web.threads)}
        self._awake = {id(k): k for k in web.knots if not k.pinned and not k.asleep}
        self._ready = [k for k in self._awake.values() if k.still >= SLEEP_FRAMES - 1]
        self._recording = {}  # none yet: `_entry` written out for speed (a third of a frame)
        fields, places = [], []
        for place, thread in enumerate(web.threads):
            a = thread.a
            b = thread.b
            mode = A_HELD if a.pinned else A_PLAY if a.asleep else 0
            if b.pinned:
                mode |= B_HELD
            elif b.asleep:
                mode |= B_PLAY
            if mode & (A_HELD | A_PLAY) and mode & (B_HELD | B_PLAY):
                continue
            fields.append((thread, a, b, mode))
            places.append(place)
        self._fields, self._places = fields, places
        self._changed = {}
        self._edge = _edge(fields)
        self._version = web.version

    def _entry(self, thread):
        """(thread, a, b, mode) for the solve, or None when neither end moves; a recording end
        starts a fresh tape."""
        a, b = thread.a, thread.b
        recording = self._recording
        mode = 0
        if a.pinned:
            mode = A_HELD
        elif a.asleep:
            mode = A_PLAY
        elif id(a) in recording:
            mode = A_RECORD
            thread.tape_a = []
        if b.pinned:
            mode |= B_HELD
        elif b.asleep:
            mode |= B_PLAY
        elif id(b) in recording:
            mode |= B_RECORD
            thread.tape_b = []
        if mode & (A_HELD | A_PLAY) and mode & (B_HELD | B_PLAY):
            return None  # both ends stand still: nothing to solve
        return (thread, a, b, mode)

    def _update(self):
        """Put each changed thread in its place in the solve (in web order), change how it is
        solved or take it out."""
        fields, places, place_of = self._fields, self._places, self._place
        for key, thread in self._changed.items():
            place = place_of[key]
            entry = self._entry(thread)
            at = bisect_left(places, place)
            there = at < len(places) and places[at] == place
            if entry is None:
                if there:
                    del fields[at]
                    del places[at]
            elif there:
                fields[at] = entry
            else:
                fields.insert(at, entry)
                places.insert(at, place)
        self._changed = {}
        self._edge = _edge(fields)

    def _recorders_now(self):
        """On every SLEEP_BATCH-th frame the knots still for a frame short of SLEEP_FRAMES record
        where they stand in this frame's passes on each of their threads (their tapes); at its
        end they fall asleep if still (see `_settle`). Between batches they wait in `_ready`."""
        if self.web.frame % SLEEP_BATCH:
            return
        nearly = SLEEP_FRAMES - 1
        recording = {id(k): k for k in self._ready if not k.asleep and k.still >= nearly}
        self._ready = []
        self._recording = recording
        changed = self._changed
        for knot in recording.values():
            for thread in knot.threads:
                changed[id(thread)] = thread

    def _settle(self):
        """After the solve: count still frames, wake the watched knots whose neighbours moved, and
        put the recorders that have been still long enough to sleep."""
        drift = SLEEP_DRIFT * SLEEP_DRIFT
        nearly = SLEEP_FRAMES - 1
        ready = self._ready
        for knot in self._awake.values():
            dx = knot.x - knot.sx
            dy = knot.y - knot.sy
            if dx * dx + dy * dy > drift:
                knot.sx = knot.x
                knot.sy = knot.y
                knot.still = 0
            else:
                knot.still += 1
                if knot.still == nearly:
                    ready.append(knot)
        limit = WAKE_MOVE * WAKE_MOVE
        for knot in self._edge:
            if knot.asleep:
                for other, x, y in knot.near:
                    if (other.x - x) ** 2 + (other.y - y) ** 2 > limit:
                        self.wake_around(knot)
                        break
        recording = self._recording
        if recording:
            awake, changed = self._awake, self._changed
            for key, knot in recording.items():
                for thread in knot.threads:
                    changed[id(thread)] = thread  # it stops recording, asleep or not
                if knot.still >= SLEEP_FRAMES:  # still, and not woken by a neighbour just now
                    knot.asleep = True
                    knot.near = [(other, other.x, other.y) for other in _neighbours(knot)]
                    del awake[key]
            self._recording = {}


A_HELD, B_HELD, A_PLAY, B_PLAY, A_RECORD, B_RECORD = 1, 2, 4, 8, 16, 32
"""How a thread's ends take part in a pass (bits of its mode; 0 = both ends free, the common
case): HELD a pinned end stands still and the other takes the whole correction; PLAY a sleeping
end stands where its tape says, takes no correction, and the other end takes half, as it did
when both were awake; RECORD a free end that may fall asleep writes where it stood on its tape."""


def _edge(fields):
    """The sleeping knots to watch: each sleeping end of a thread whose other end moves, once,
    in the order of the threads (the order they are checked in matters: a knot woken as a
    neighbour is not checked again, so its own neighbours stay asleep until they move)."""
    edge = {}
    for _, a, b, mode in fields:
        if mode & A_PLAY:
            edge[id(a)] = a
        elif mode & B_PLAY:
            edge[id(b)] = b
    return list(edge.values())


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
