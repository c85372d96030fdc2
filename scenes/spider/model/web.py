"""The web as a dynamic graph on `verlet`: knots, threads and the operations that reshape them.

Owns S1 (web physics) and the graph side of S3, S5, S9 and S13. Knots are `verlet.Particle`s and
threads are exact `verlet.Distance` constraints living in one `verlet.World` (Gauss-Seidel, slight
gravity); `iterations` of that world is the web's stiffness. Every operation here changes the graph
and the solver's lists together, so the solver never sees a thread the graph has forgotten:

- `split(thread, u)`     insert a knot at a point of a thread (a catch, the end of a shot)
- `connect(a, b)`        add a thread; with `add_knot(..., pinned=True)` a new anchor in empty space
- `remove_thread`, `cut` remove a thread, or sever it into two dangling strands (cutters)
- `component(knot)`, `reaches_anchor(knot)`, `loose_knots()`  what still hangs on an anchor
- `piece_threads(knot)`  the threads a crawl from `knot` can reach
- `merge(knot)`          undo a split (used by `upkeep` to keep the web bounded)

After each frame's solve every knot is held in step and in place: no faster than
`speed_limit`, and inside the world's `bounds` if it hangs on an anchor (`edges`).

What hangs on what is `verlet.Connectivity`'s, worked out once per `version`. Still knots
sleep under the world's `verlet.Sleeping` policy (`sleep`); besides a moving neighbour (the
policy's own rule), a sleeping knot wakes when:

- the web changes at it: a thread is spun to it or taken off it (a shot, a catch, a cut, a
  split or a merge all do that through `connect` and `remove_thread`), or a thread on it yields;
- the game moves it: the knots under the spider when it moves or lets go, a struggling bug's
  or a corpse's knot (`SpiderModel`, `enemies`), the knots of a piece that no longer hangs on
  an anchor (they fall, `_drop_loose`);
- a slider changes (every knot wakes: the game's parameters end in `sleep.wake_all`), among
  them the gravity and the iterations.

Queries (`first_hit`, `touching`, `nearest`, in `web_queries`) answer where a ray, a moving
body or a point meets the threads. Pure Python: runs in Pyodide.
"""

from math import hypot
from operator import attrgetter

from verlet import Connectivity, Sleeping, SleepingParticle, TapedDistance, World
from verlet.compact import slot_names, state_getter, state_setter
from verlet.geometry import EPSILON, closest_point_on_segment

from .edges import KNOT_SPEED, keep_in_step
from .web_queries import WebQueries

DAMPING = 0.99
"""Velocity a thread keeps per frame (the articles' 0.99)."""
LOOSE_FALL = 0.3
"""Extra downward pull on knots that no longer reach any anchor, px/frame^2: cut-off pieces
drop away even when the gravity slider is at zero."""
SNAP = 5.0
"""A split this close to a thread's end uses that end knot instead of making a new one, px."""
YIELD_STRETCH = 2.0
"""Silk yields: a thread held longer than this times its rest length gives way, its rest
growing to length / YIELD_STRETCH (`give_overstretched`). Anchors are fixed and silk is spun
short, so a web can hold a thread where no amount of solving reaches its rest (two knots held
apart by other taut threads); without the give such a thread would stay pulled to several
times its rest for good."""
class Knot(SleepingParticle):
    """A web node: a particle that knows its threads (and can sleep, `verlet.sleeping`).

    threads  the threads on it (the same list as its `links`)
    kind   "web" (woven), "anchor" (pinned), "split" (inserted on a thread), "end" (a dangling end)
    born   frame it was made; `quiet` is the last frame something needed it (see `upkeep`)
    alive  False once removed from the web (holders of a knot check this)
    """

    __slots__ = ("threads", "kind", "born", "quiet", "alive", "fx", "fy")

    def __init__(self, x, y, pinned=False, kind="web", born=0):
        super().__init__(x, y, pinned)
        self.fx, self.fy = x, y  # where it stood when the frame began (`Web._keep_in_step`)
        self.threads = self.links
        self.kind = kind
        self.born = born
        self.quiet = born
        self.alive = True

    def __getstate__(self):
        """What a copy (pickle) of a live knot keeps of itself, as one tuple: everything but
        its threads and the neighbours it watches while asleep (`near`), which its `Web` keeps
        for it as flat lists. Left in, they would make a pickle walk the whole web thread by
        thread, one level deeper per knot, past any recursion limit; a removed knot keeps them
        (it is in no web)."""
        return _read_live_knot(self) if self.alive else _read_knot(self)

    def __setstate__(self, state):
        if len(state) == len(_KNOT_FIELDS):  # a live knot: its web gives them back
            _write_live_knot(self, state)
            self.links, self.near = [], ()
        else:
            _write_knot(self, state)
        self.threads = self.links


_KNOT_SLOTS = slot_names(Knot)
"""Every field of a knot (its classes' slots)."""
_KNOT_FIELDS = tuple(slot for slot in _KNOT_SLOTS if slot not in ("links", "threads", "near"))
"""The fields a live knot's pickle keeps (see `Knot.__getstate__`)."""
_read_knot, _write_knot = state_getter(_KNOT_SLOTS), state_setter(_KNOT_SLOTS)
_read_live_knot, _write_live_knot = state_getter(_KNOT_FIELDS), state_setter(_KNOT_FIELDS)


class Thread(TapedDistance):
    """An exact distance constraint that is also a graph edge.

    kind   "spoke", "spiral", "frame" (woven), "silk" (shot by the spider), "strand" (cut end)
    born   frame it was made: fresh silk is what catches cutters
    """

    __slots__ = ("kind", "born")

    def __init__(self, a, b, rest=None, kind="silk", born=0):
        super().__init__(a, b, rest)
        self.kind = kind
        self.born = born

    def other(self, knot):
        """The end that is not `knot`."""
        return self.b if knot is self.a else self.a

    def point(self, u):
        """The point at parameter u (0 at a, 1 at b)."""
        return (self.a.x + (self.b.x - self.a.x) * u, self.a.y + (self.b.y - self.a.y) * u)


class Web(WebQueries):
    """Knots and threads in one Verlet world, with the graph operations that keep them in step.

    `sleeping` (default True) lets still knots sleep (`sleep`, the world's `verlet.Sleeping`);
    False solves every thread every frame, exactly as before sleeping existed. `bounds` (None:
    none) are the world's edges and `speed_limit` the most a knot moves in a frame (see the
    module docstring).
    """

    bounds = None
    speed_limit = KNOT_SPEED

    def __init__(self, gravity=0.05, iterations=10, damping=DAMPING, bounds=None):
        self.sleep = Sleeping()
        self.world = World(gravity=(0.0, gravity), damping=damping, iterations=iterations,
                           solver="gauss-seidel", sleeping=self.sleep)
        self.knots = self.world.particles
        self.threads = self.world.constraints
        self.frame = 0
        self.connectivity = Connectivity(self.knots, self.threads, attrgetter("threads"),
                                         signal=self.world)
        self.riders = []  # objects with .thread and .t (the spider) kept on the right thread
        self.world.on("before_integrate", self._count_frame, name="web.count_frame")
        self.world.on("before_integrate", self._drop_loose, name="web.drop_loose",
                      after="web.count_frame")
        self.world.on("after_solve", self._keep_in_step, name="web.keep_in_step")
        self.bounds = bounds

    def __getstate__(self):
        """A copy (pickle) keeps the graph flat: each knot's threads and watched neighbours
        as lists beside the knots (see `Knot.__getstate__`)."""
        state = self.__dict__.copy()
        state["_woven"] = [(knot.links, knot.near) for knot in self.knots]
        return state

    def __setstate__(self, state):
        woven = state.pop("_woven")
        self.__dict__.update(state)
        for knot, (links, near) in zip(self.knots, woven):
            knot.links = knot.threads = links
            knot.near = near

    @property
    def version(self):
        """The count of changes of topology (a knot or a thread added or taken away): the
        world's one change signal (`World.version`), which the connectivity and the sleeping
        lists follow."""
        return self.world.version

    def _relinked(self):
        self.world.changed()

    @property
    def sleeping(self):
        return self.sleep.enabled

    @sleeping.setter
    def sleeping(self, on):
        self.sleep.switch(on)

    # --- building -------------------------------------------------------------------------
    def add_knot(self, x, y, pinned=False, kind="web"):
        knot = Knot(x, y, pinned, "anchor" if pinned and kind == "web" else kind, self.frame)
        self.knots.append(knot)
        self._relinked()
        return knot

    def connect(self, a, b, rest=None, kind="silk"):
        """A new thread between two different knots (rest = their distance unless given)."""
        if a is b:
            raise ValueError("a thread needs two different knots")
        thread = Thread(a, b, rest, kind, self.frame)
        thread.rest = max(thread.rest, EPSILON)
        self.world.add(thread)  # the world's change signal moves
        self.sleep.attach(thread)
        return thread

    def remove_thread(self, thread):
        """Take a thread out of the graph and the solver (its knots stay).

        A rider still on it loses its thread (`thread` becomes None).
        """
        for rider in self.riders:
            if rider.thread is thread:
                rider.thread = None
        self.sleep.detach(thread)
        self.world.remove(thread)  # the world's change signal moves

    def remove_knot(self, knot):
        """Take a knot and every thread on it away."""
        for thread in list(knot.threads):
            self.remove_thread(thread)
        if knot.alive:
            self.knots.remove(knot)
            knot.alive = False
        self._relinked()

    def split(self, thread, u, kind="split"):
        """Insert a knot at parameter u of `thread`; return (knot, thread to a, thread to b).

        The thread is replaced by two whose rest lengths add up to the old one, so the web keeps
        its tension; the knot starts with the velocity of that point of the thread. Near an end
        (closer than SNAP) the end knot itself is returned and nothing changes (threads None).
        """
        u = min(1.0, max(0.0, u))
        length = thread.length()
        a, b = thread.a, thread.b
        if u * length < SNAP:
            return a, None, None
        if (1.0 - u) * length < SNAP:
            return b, None, None
        knot = self.add_knot(*thread.point(u), kind=kind)
        knot.px = a.px + (b.px - a.px) * u
        knot.py = a.py + (b.py - a.py) * u
        first = self.connect(a, knot, thread.rest * u, thread.kind)
        second = self.connect(knot, b, thread.rest * (1.0 - u), thread.kind)
        first.born = second.born = thread.born
        self._reseat(thread, (first, second))
        self.remove_thread(thread)
        return knot, first, second

    def cut(self, thread, u):
        """Sever `thread` at u: it becomes two strands with free ends at the cut (S9).

        Returns (strand on a's side or None, strand on b's side or None); a piece shorter than
        SNAP is dropped instead of left as a stub.
        """
        u = min(1.0, max(0.0, u))
        a, b = thread.a, thread.b
        x, y = thread.point(u)
        pieces = []
        for near, share in ((a, u), (b, 1.0 - u)):
            if thread.rest * share < SNAP:
                pieces.append(None)
                continue
            end = self.add_knot(x, y, kind="end")
            end.px = end.x - (near.x - near.px)
            end.py = end.y - (near.y - near.py)
            pieces.append(self.connect(near, end, thread.rest * share, "strand"))
        self._reseat(thread, pieces, on_line_only=True)
        self.remove_thread(thread)
        return pieces[0], pieces[1]

    def merge(self, knot):
        """Undo a split: a free knot with exactly two threads becomes one thread between the ends.

        The new rest length is the ends' current distance, so a straightened thread stays as it
        is. Returns the new thread, or None when the knot cannot be merged.
        """
        if knot.pinned or len(knot.threads) != 2:
            return None
        first, second = knot.threads
        a, b = first.other(knot), second.other(knot)
        if a is b:
            return None
        kind = "silk" if "silk" in (first.kind, second.kind) else first.kind
        born = max(first.born, second.born)
        thread = self.connect(a, b, hypot(b.x - a.x, b.y - a.y), kind)
        thread.born = born
        self._reseat(first, (thread,))
        self._reseat(second, (thread,))
        self.remove_knot(knot)
        return thread

    def _reseat(self, old, pieces, on_line_only=False):
        """Move riders of `old` onto the piece passing closest to where they were.

        With `on_line_only`, a rider farther than SNAP from every piece (its part of the thread
        is gone) keeps `old` and loses it when `old` is removed.
        """
        for rider in self.riders:
            if rider.thread is not old:
                continue
            point = old.point(rider.t)
            best = None
            for piece in pieces:
                if piece is None:
                    continue
                (cx, cy), u = closest_point_on_segment(point, piece.a.position, piece.b.position)
                gap = hypot(point[0] - cx, point[1] - cy)
                if best is None or gap < best[0]:
                    best = (gap, piece, u)
            if best is not None and (not on_line_only or best[0] <= SNAP):
                rider.thread, rider.t = best[1], best[2]

    # --- connectivity -----------------------------------------------------------------------
    def component(self, knot):
        """Every knot joined to `knot` by threads, in breadth-first order (deterministic)."""
        return self.connectivity.component(knot)

    def piece_threads(self, knot):
        """The threads of the piece of web `knot` is on (those a walk along threads from it can
        reach), in web order; each piece is worked out once per topology (a crawl re-plans its
        way every few frames while the web stays the same)."""
        return self.connectivity.component_links(knot)

    def reaches_anchor(self, knot):
        """True when some chain of threads joins `knot` to a pinned anchor (worked out once per
        topology: the spider asks after every change whether it still hangs)."""
        return self.connectivity.hangs(knot)

    def loose_knots(self):
        """Knots of every piece that no longer hangs on any anchor, in web order (a falling
        piece is looked for every frame)."""
        return self.connectivity.loose()

    # --- physics ----------------------------------------------------------------------------
    @property
    def stiffness(self):
        """The passes a frame (the game's `iterations` slider sets them on the world)."""
        return self.world.iterations

    @property
    def gravity(self):
        return self.world.gravity[1]

    @gravity.setter
    def gravity(self, value):
        self.world.gravity = (0.0, float(value))
        self.sleep.wake_all()

    def step(self):
        """One frame (S1): the world's frame, which integrates every knot and solves every
        thread `stiffness` times (with `sleeping`, only the awake knots and the threads that
        have an awake end); the frame is counted and loose pieces get their extra fall first
        (`_count_frame`, `_drop_loose`)."""
        self.world.step()

    def _count_frame(self):
        """Before the integration: one more frame of this web (`frame`)."""
        self.frame += 1

    def _drop_loose(self):
        """Before the integration: the knots of a piece that hangs on no anchor fall faster,
        and a falling piece never sleeps."""
        wake = self.sleep.wake
        for knot in self.loose_knots():
            wake(knot)
            knot.py -= LOOSE_FALL  # one frame's worth of extra downward speed

    def _keep_in_step(self):
        """After the solve: the speed limit and the world's edges (`edges.keep_in_step`)."""
        keep_in_step(self)

    def give_overstretched(self):
        """Let every thread longer than YIELD_STRETCH x its rest yield to that stretch; return
        how many gave (run by upkeep a few times a second: silk creeps, it does not snap)."""
        gave = 0
        for thread in self.threads:
            a, b = thread.a, thread.b
            dx, dy = b.x - a.x, b.y - a.y
            reach = YIELD_STRETCH * thread.rest
            if dx * dx + dy * dy > reach * reach:
                thread.rest = hypot(dx, dy) / YIELD_STRETCH
                self.sleep.wake_ends(thread)
                gave += 1
        return gave

    def index(self):
        """{knot: position in `knots`} for reporting threads as index pairs."""
        return {id(knot): i for i, knot in enumerate(self.knots)}

