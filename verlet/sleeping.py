"""Sleeping particles: a still part of a world costs nothing until something moves it.

Modelled on the sleeping islands of Box2D and Bullet, but particle by particle, because a
world such as a web is one island with something always moving somewhere on it. Set a
`Sleeping` policy on a `World` (`World(..., sleeping=Sleeping())`) whose particles are
`SleepingParticle`s and whose constraints are `TapedDistance`s (or any `Distance` that has
their two tape slots); the owner keeps each particle's `links` (the links on it), with
`attach` and `detach` or by hand.

A free particle that stays within SLEEP_DRIFT of one spot for SLEEP_FRAMES frames falls asleep:
it keeps its position and its previous position as they are (one at rest under a steady load
rests with a "velocity" that just cancels the load each frame, so on waking it goes on exactly
as it would have), it is no longer integrated, and a link between two sleeping-or-pinned
particles is no longer solved. On a link between an awake particle and a sleeping one, the
sleeping end replays where it stood in each pass of its last awake frame (its tape) and takes
no correction: a body at rest stays exactly at rest when part of it sleeps.

A sleeping particle wakes when a link to it moves: the particle at its other end has moved more
than WAKE_MOVE from where it was when this one fell asleep (it then wakes its own neighbours
too, so the next ring is awake before the motion reaches it). The sleeping particles next to an
awake part are checked every frame, so waking spreads along links that move and stops where
they do not. Everything else that wakes a particle is the owner's to say, through `wake`,
`rouse`, `wake_ends`, `wake_around` and `wake_all` (a link spun or cut, a load that moves, a
setting changed).

A frame works from three lists: the awake particles to integrate, the links to solve (in world
order, each with how its ends take part) and the sleeping particles to watch. They are kept,
not remade: a particle that wakes or falls asleep marks its links, and the next frame puts only
those back in their place (`_update`); the lists are made afresh only when the world's change
signal moves (`World.version`: a link added or removed, `relinked`), every particle wakes, or
the world is a copy. Kept or made afresh, the lists are the same, so the numbers are the same
bit for bit.

With `enabled` False nothing sleeps and the world's frame is the plain one. The links are
solved and the sleeping particles watched in world order, and the awake particles
(integrated and counted each on its own, in the order they woke) are keyed by identity but
never ordered by it, so a world is as deterministic with sleeping as without (same start and
input, same state). The solve is Gauss-Seidel (`verlet.distance.project_taped`).
"""

from bisect import bisect_left

from .distance import (A_HELD, A_PLAY, A_RECORD, B_HELD, B_PLAY, B_RECORD, SOFT, Distance,
                       project_taped)
from .particle import Particle

SLEEP_FRAMES = 60
"""Frames (a second) a particle must stay within SLEEP_DRIFT of one spot before it sleeps. At
half a second the particles of a busy web fell asleep and woke again so often that keeping the
lists cost more than the links it saved."""
SLEEP_BATCH = 15
"""Particles fall asleep together on every SLEEP_BATCH-th frame only (four times a second): the
particles still long enough wait for it in `_ready`. Staggered instead (each on its own frame of
the fifteen), neighbours freeze a few frames apart, and a strong pull on a sleeping web swayed
several times further from a never-sleeping web's sway than batched. Batched, a frame on which
particles fall asleep costs what their links cost (their tapes and their places in the lists),
not a remaking of every list."""
SLEEP_DRIFT = 0.05
"""How far a particle may wander and still count as still, px (a settled web creeps far less)."""
WAKE_MOVE = 0.01
"""How far a sleeping particle's neighbour may move from where it was when the particle fell
asleep before the particle wakes (with its own neighbours, one ring ahead of the motion), px.
Waking at the first hundredth of a pixel keeps a woken web's sway within a fraction of a pixel
of a web that never slept; 0.05 px let a strong catch's sway differ by over a pixel in 10."""


class SleepingParticle(Particle):
    """A particle that can sleep: it knows its links and carries its sleeping state.

    links   the links (constraints) on it, kept by the owner (`Sleeping.attach` / `detach`)
    asleep  True while it sleeps: held where it is, neither integrated nor solved
    still, sx, sy  its count of still frames and the spot it counts them from
    near    (neighbour, x, y) of each neighbour when it fell asleep (what wakes it)
    """

    __slots__ = ("links", "asleep", "still", "sx", "sy", "near")

    def __init__(self, x, y, pinned=False):
        super().__init__(x, y, pinned)
        self.links = []
        self.asleep = False
        self.still = 0
        self.sx, self.sy = self.x, self.y
        self.near = ()


class TapedDistance(Distance):
    """A `Distance` with the tapes of its ends: where each stood in each pass of the frame
    before it fell asleep (`tape_a`, `tape_b`, flat x, y lists)."""

    __slots__ = ("tape_a", "tape_b")

    def __init__(self, a, b, rest=None, stiffness=1.0, max_only=False):
        super().__init__(a, b, rest, stiffness, max_only)
        self.tape_a = self.tape_b = None


class Sleeping:
    """Which particles of one world sleep, and the frame work that skips them.

    enabled  the switch (`switch`): False = every particle integrated, every link solved
    frame    frames the world has run with this policy (falling asleep happens on every
             SLEEP_BATCH-th)

    The world calls `prepare` (returns the awake particles to integrate), `passes` and `settle`
    (see `World.frame`).
    """

    def __init__(self):
        self.world = None
        self.enabled = True
        self.frame = 0
        self._awake = {}  # id -> free particle that is awake (integrated, counting still frames)
        self._fields = []  # (link, a, b, mode) of each link with a moving end, in world order
        self._places = []  # each of _fields' links' place in the world's constraints (ascending)
        self._place = {}  # id(link) -> its place in the world's constraints
        self._edge = []  # sleeping particles with a link to a moving one (watched), in order
        self._changed = {}  # id -> link with an end that woke, slept or records since
        self._ready = []  # awake particles nearly still long enough to sleep (_recorders_now)
        self._recording = {}  # id -> particle recording its tapes this frame (it may sleep)
        self._stale = True  # the lists must be made afresh before the next frame
        self.frame_passes = None  # the passes of the frames the tapes were recorded in
        self._version = -1  # the world's `version` the lists were made at

    _BY_IDENTITY = ("_awake", "_changed", "_recording")
    """The tables keyed by the identity of the object each holds (id(x) -> x)."""

    def __getstate__(self):
        """A copy (pickle) keeps every table as it is, so it runs on exactly as the original:
        a table keyed by identities (which a copy does not keep) goes as a list of what it
        holds, in its order, and is keyed again by `__setstate__`."""
        state = self.__dict__.copy()
        for name in self._BY_IDENTITY:
            state[name] = list(state[name].values())
        place = self._place
        state["_place"] = [(link, place[id(link)]) for link in self.world.constraints
                           if id(link) in place] if self.world is not None else []
        return state

    def __setstate__(self, state):
        state.setdefault("frame_passes", None)
        state.setdefault("_version", -1)
        self.__dict__.update(state)
        for name in self._BY_IDENTITY:
            setattr(self, name, {id(x): x for x in state[name]})
        self._place = {id(link): place for link, place in state["_place"]}

    def bind(self, world):
        """Be the sleeping policy of `world` (`World` calls this when it is set)."""
        self.world = world
        self._stale = True

    # --- the owner's changes ----------------------------------------------------------------
    def relinked(self):
        """The links changed (one added, removed, or a particle pinned or freed): the world's
        change signal (`World.changed`), after which the lists are made afresh on the next
        frame."""
        self.world.changed()

    def attach(self, link):
        """`link` (already added to the world) is on its two ends: note it in their `links`
        and wake them."""
        link.a.links.append(link)
        link.b.links.append(link)
        self.wake_ends(link)
        self._stale = True

    def detach(self, link):
        """`link` (taken or about to be taken out of the world) is no longer on its ends:
        wake them."""
        if link in link.a.links:
            link.a.links.remove(link)
        if link in link.b.links:
            link.b.links.remove(link)
        self.wake_ends(link)
        self._stale = True

    # --- waking -----------------------------------------------------------------------------
    def wake(self, particle):
        """Wake `particle` (if asleep) and start its count of still frames again."""
        particle.still = 0
        particle.sx, particle.sy = particle.x, particle.y
        if particle.asleep:
            self._woken(particle)

    def rouse(self, particle):
        """Wake `particle` if it sleeps, keeping its count of still frames: for a particle that
        some steady nudge keeps awake only while its neighbours are."""
        if particle.asleep:
            self._woken(particle)
            if particle.still >= SLEEP_FRAMES - 1:
                self._ready.append(particle)  # still long enough: it sleeps again next batch

    def _woken(self, particle):
        """`particle` was asleep and is awake: its links move again, its sleeping neighbours
        are watched."""
        particle.asleep = False
        particle.near = ()
        if not particle.pinned:
            self._awake[id(particle)] = particle
        changed = self._changed
        for link in particle.links:
            changed[id(link)] = link

    def wake_ends(self, link):
        """Wake both ends of `link` (it was added, taken away or changed)."""
        self.wake(link.a)
        self.wake(link.b)

    def wake_around(self, particle):
        """Wake `particle` and the other end of each of its links."""
        self.wake(particle)
        for other in _neighbours(particle):
            self.wake(other)

    def wake_all(self):
        """Wake every particle (a setting of the whole world changed)."""
        for particle in self.world.particles:
            particle.asleep = False
            particle.near = ()
            particle.still = 0
            particle.sx, particle.sy = particle.x, particle.y
        self._stale = True  # every list changes: make them again

    def switch(self, on):
        """Turn sleeping on or off; a change wakes every particle, setting it to what it
        already is changes nothing."""
        on = bool(on)
        if on != self.enabled:
            self.enabled = on
            self.wake_all()

    def asleep_count(self):
        """How many particles sleep now."""
        return sum(1 for particle in self.world.particles if particle.asleep)

    def solved_count(self):
        """How many links the last frame solved (all of them with `enabled` False)."""
        return len(self._fields) if self.enabled else len(self.world.constraints)

    # --- the frame (called by `World.frame`) --------------------------------------------------
    def prepare(self, count):
        """Before the integration of a frame of `count` passes: bring the lists up to date;
        return the awake particles, the only ones the frame integrates. A tape holds one spot
        a pass, so a change of the frame's passes (its iterations or substeps) wakes every
        sleeping particle before a tape is read at a pass it does not have."""
        if count != self.frame_passes:
            if any(particle.asleep for particle in self.world.particles):
                self.wake_all()
            self.frame_passes = count
        if self._stale or self._version != self.world.version:
            self._make_lists()
        self._recorders_now()
        if self._changed:
            self._update()
        return self._awake.values()

    def passes(self, count, done=0):
        """`count` passes over the links with a moving end, after `done` passes of the same
        frame (an earlier substep's), as a generator yielding 1..count (the sleeping ends
        replay their tapes at the frame's pass, see `project_taped`)."""
        fields = self._fields
        for k in range(1, count + 1):
            project_taped(fields, 2 * (done + k) - 2)
            yield k

    def _make_lists(self):
        """Make every list afresh from the particles' states (the links changed, or every
        particle woke)."""
        world = self.world
        links = world.constraints
        self._place = {id(link): place for place, link in enumerate(links)}
        self._awake = {id(p): p for p in world.particles if not p.pinned and not p.asleep}
        self._ready = [p for p in self._awake.values() if p.still >= SLEEP_FRAMES - 1]
        self._recording = {}  # none yet: `_entry` written out for speed (a third of a frame)
        fields, places = [], []
        for place, link in enumerate(links):
            if not isinstance(link, Distance):
                raise TypeError(f"a sleeping world solves Distance links only, not {link!r}")
            a = link.a
            b = link.b
            mode = A_HELD if a.pinned else A_PLAY if a.asleep else 0
            if b.pinned:
                mode |= B_HELD
            elif b.asleep:
                mode |= B_PLAY
            if mode & (A_HELD | A_PLAY) and mode & (B_HELD | B_PLAY):
                continue
            if link.max_only or link.stiffness != 1.0:
                mode |= SOFT
            fields.append((link, a, b, mode))
            places.append(place)
        self._fields, self._places = fields, places
        self._changed = {}
        self._edge = _edge(fields)
        self._stale = False
        self._version = world.version

    def _entry(self, link):
        """(link, a, b, mode) for the solve, or None when neither end moves; a recording end
        starts a fresh tape."""
        a, b = link.a, link.b
        recording = self._recording
        mode = 0
        if a.pinned:
            mode = A_HELD
        elif a.asleep:
            mode = A_PLAY
        elif id(a) in recording:
            mode = A_RECORD
            link.tape_a = []
        if b.pinned:
            mode |= B_HELD
        elif b.asleep:
            mode |= B_PLAY
        elif id(b) in recording:
            mode |= B_RECORD
            link.tape_b = []
        if mode & (A_HELD | A_PLAY) and mode & (B_HELD | B_PLAY):
            return None  # both ends stand still: nothing to solve
        if link.max_only or link.stiffness != 1.0:
            mode |= SOFT
        return (link, a, b, mode)

    def _update(self):
        """Put each changed link in its place in the solve (in world order), change how it is
        solved or take it out."""
        fields, places, place_of = self._fields, self._places, self._place
        for key, link in self._changed.items():
            place = place_of[key]
            entry = self._entry(link)
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
        """On every SLEEP_BATCH-th frame the particles still for a frame short of SLEEP_FRAMES
        record where they stand in this frame's passes on each of their links (their tapes); at
        its end they fall asleep if still (see `settle`). Between batches they wait in
        `_ready`."""
        if self.frame % SLEEP_BATCH:
            return
        nearly = SLEEP_FRAMES - 1
        recording = {id(p): p for p in self._ready if not p.asleep and p.still >= nearly}
        self._ready = []
        self._recording = recording
        changed = self._changed
        for particle in recording.values():
            for link in particle.links:
                changed[id(link)] = link

    def settle(self):
        """After the solve: count still frames, wake the watched particles whose neighbours
        moved, and put to sleep the recorders that have been still long enough."""
        drift = SLEEP_DRIFT * SLEEP_DRIFT
        nearly = SLEEP_FRAMES - 1
        ready = self._ready
        for particle in self._awake.values():
            dx = particle.x - particle.sx
            dy = particle.y - particle.sy
            if dx * dx + dy * dy > drift:
                particle.sx = particle.x
                particle.sy = particle.y
                particle.still = 0
            else:
                particle.still += 1
                if particle.still == nearly:
                    ready.append(particle)
        limit = WAKE_MOVE * WAKE_MOVE
        for particle in self._edge:
            if particle.asleep:
                for other, x, y in particle.near:
                    if (other.x - x) ** 2 + (other.y - y) ** 2 > limit:
                        self.wake_around(particle)
                        break
        recording = self._recording
        if recording:
            awake, changed = self._awake, self._changed
            for key, particle in recording.items():
                for link in particle.links:
                    changed[id(link)] = link  # it stops recording, asleep or not
                if particle.still >= SLEEP_FRAMES:  # still, and not woken by a neighbour now
                    particle.asleep = True
                    particle.near = [(other, other.x, other.y) for other in _neighbours(particle)]
                    del awake[key]
            self._recording = {}


def _edge(fields):
    """The sleeping particles to watch: each sleeping end of a link whose other end moves,
    once, in the order of the links (the order they are checked in matters: a particle woken
    as a neighbour is not checked again, so its own neighbours sleep on until they move)."""
    edge = {}
    for _, a, b, mode in fields:
        if mode & A_PLAY:
            edge[id(a)] = a
        elif mode & B_PLAY:
            edge[id(b)] = b
    return list(edge.values())


def _neighbours(particle):
    """The particle at the other end of each of `particle`'s links."""
    return [link.b if link.a is particle else link.a for link in particle.links]
