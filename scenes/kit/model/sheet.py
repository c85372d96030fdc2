"""A woven sheet that tears, the one the cloth and the flag both hang (`Sheet`).

Pure Python on `verlet/`: a grid of particles joined to their right and lower neighbours by
`verlet.Breakable` links (`verlet.sheet` builds it; optionally a diagonal per cell, for shear),
solved Gauss-Seidel. Each cell is two triangles: what the wind pushes (`verlet.TriangleWind`)
and what the view fills. The sheet keeps its own graph tidy when links go, as the spider's web
does:

- `tear()`        after a solve, links stretched past their limit break (`snap_overstretched`)
- `cut(p, q)`     a knife stroke severs exactly the links it crosses (`cut_links`)
- `clear_fallen()` points no longer hanging on a pin (`verlet.Connectivity`) that fall off the
  canvas go

- `slip()`       after the tearing, a hand pulling a link past its grip lets go (unless it yanks)

A triangle lives while all its links do. Optionally the sheet has a body (`verlet.Spacer`s
across each cell's diagonals and across two cells along rows and columns, pushing apart after
every solver pass but the last, kept while the cells they span are whole) and tethers
(`verlet.tethers`, after every pass, worked out again whenever links go). `hold(pos)` grabs
the points near a press and `move_hand` / `let_go` drag and release them (`verlet.Hand`,
placing them in the world's frame): held points are pinned while held, and keep the hand's
last motion when let go, so a flick throws the cloth.
"""

from math import sqrt

from verlet import (Breakable, Connectivity, Grip, Hand, Spacer, TriangleWind, cut_links,
                    move_now, sheet, tethers)
from verlet.fast_passes import (pull_tethers, push_apart_fields, reach_fields, snap_by_fields,
                                spacer_fields, tether_fields)
from verlet.solver import passes

from .net import graph_state

GRAB_RADIUS = 20.0
"""A press grabs every point this close to it, px (a fingertip's patch of cloth)."""
HAND_SPEED = 40.0
"""Fastest a held point follows the hand, and leaves it when let go, px per frame (a hand that
leaps across the canvas leaves the cloth behind and it catches up over the next frames)."""
YANK = 2.0
"""A hand that moves in a frame this many times what takes a link at it from its slip stretch
to its tear limit, or farther, is yanking (the cloak's: 15.3 px, 918 px/s): the cloth does not
slip out of it, so what it pulls too far tears, downward, sideways or upward alike (a slip in
the yank's first frame had made sideways yanks below 3,000 px/s tear nothing); a stronger
cloth needs a faster yank."""
TEARS_PER_FRAME = 2
"""At most this many links give way a frame, the worst first: a tear runs like a crack."""
CLEAR_MARGIN = 60.0
"""A torn-off point this far outside the canvas is forgotten, px."""
KEPT = ("_kept_links", "_kept_spacers", "_kept_tethers", "_kept_reach")
"""The fields a sheet keeps for its passes, each with what it was read from: left out of a
copy (a pickle, a rewind's keyframe), whose points are others, and made again at its first
frame."""


class Sheet:
    """A columns x rows sheet in `world`, built at `origin`, `spacing` px between points.

    pinned(column, row) -> True for the points nailed in place (a rod, a pole, two corners).
    limit   stretch ratio past which a link breaks
    shear   stiffness of the diagonal links (0 = none: a soft drape)
    body    None, or the share of its woven length below which two points across a cell's
            diagonal, or two cells along a row or a column, are pushed apart (`verlet.Spacer`,
            after every solver pass): the cloth then folds and shears only so far, and a
            strip of it keeps its width
    tether  True: every point is held within its woven distance of its nearest nail
            (`verlet.tethers`, after every solver pass, worked out again when links go), so
            the sheet hangs at its rest length with any number of passes
    grip    None (the hand holds on whatever the pull), or the stretch at which the cloth
            slips out of the hand (`verlet.grip.Grip`): after a frame's tearing, a link from a
            held point to a free one stretched past the lower of `grip` and halfway to the tear
            limit makes the hand let go (`slip`, which the demo skips in a frame that tore
            something: a tear that has begun runs on while the hand pulls), unless the hand
            moved far enough in that frame to be yanking (YANK). A slow drag reaches that
            stretch and the cloth slides out of the fingers; a yank holds on, in whatever
            direction, and what it pulls past the limit tears.
    """

    def __init__(self, world, size, columns, rows, spacing, origin, pinned, limit, shear=0.0,
                 body=None, grip=None, tether=False):
        self.world = world
        self.size = size
        self.columns, self.rows, self.spacing = columns, rows, spacing
        grid, right, down = sheet(world, columns, rows, spacing, origin, pinned,
                                  lambda a, b, rest: Breakable(a, b, rest, limit))
        self.grid = grid
        self.nails = [p for p in grid if p.pinned]  # the points nailed in place
        self.link_triangles = {}  # link -> indices of the triangles it borders
        self.triangles = []       # (a, b, c, links)
        self.alive = []           # per triangle
        self.cells = []           # (top-left, top-right, bottom-right, bottom-left, t1, t2)
        self.torn = 0
        self.spacers = []         # (spacer, indices of the cells it spans)
        self.live_spacers = []
        for r in range(rows - 1):
            for c in range(columns - 1):
                self._weave_cell(r, c, right, down, limit, shear)
        # Solved from the free edge toward the nails: what a pass cannot fix then stays near
        # the pull (a hand, a gust) instead of piling up under the nails, so a hard pull rips
        # the cloth around the hand rather than peeling it off its rod.
        world.constraints.reverse()
        self.wind = TriangleWind([t[:3] for t in self.triangles], per_length=1.0 / spacing,
                                 patches=[t // 2 for t in range(len(self.triangles))])
        if body is not None:
            self._space(body)
        self.tether = tether
        self.tethers = []
        self._tie()
        self._passes_left = 0
        self._forget_kept()
        world.gauss_seidel_plan = self._link_passes
        if body is not None or tether:
            world.on("after_integrate", self._start_passes)
            world.on("after_iteration", self.keep_apart)
        self.hand = Hand(world, GRAB_RADIUS, top_speed=HAND_SPEED, pace=HAND_SPEED,
                         grip=None if grip is None else Grip(grip))
        self.grip = grip
        self.limit = limit
        self._hanging = Connectivity(world.particles, world.constraints, signal=world)

    def __getstate__(self):
        """A copy (pickle, a rewind's keyframe) keeps each spacer as a tuple of its ends, its
        rest and the cells it spans, and the live ones as their places among them: hundreds
        of spacers pickled one object at a time were a quarter of a cloak's keyframe."""
        state = self.__dict__.copy()
        place = {id(spacer): at for at, (spacer, _) in enumerate(self.spacers)}
        state["spacers"] = [(spacer.a, spacer.b, spacer.rest, spans)
                            for spacer, spans in self.spacers]
        state["live_spacers"] = [place[id(spacer)] for spacer in self.live_spacers]
        for name in KEPT:
            state[name] = None
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self.spacers = [(Spacer(a, b, rest), spans) for a, b, rest, spans in state["spacers"]]
        self.live_spacers = [self.spacers[at][0] for at in state["live_spacers"]]

    def _weave_cell(self, r, c, right, down, limit, shear):
        cols, grid = self.columns, self.grid
        i = r * cols + c
        tl, tr, bl, br = grid[i], grid[i + 1], grid[i + cols], grid[i + cols + 1]
        top, left, bottom, side = right[i], down[i], right[i + cols], down[i + 1]
        diagonal = None
        rising = (r + c) % 2 == 1  # diagonals alternate, so a flat sheet gets no sideways lift
        if shear > 0.0:
            a, b = (tr, bl) if rising else (tl, br)
            diagonal = self.world.add(Breakable(a, b, self.spacing * sqrt(2.0), limit, shear))
        if rising:
            shapes = ((tl, tr, bl, (top, left)), (tr, br, bl, (side, bottom)))
        else:
            shapes = ((tl, tr, br, (top, side)), (tl, br, bl, (bottom, left)))
        first = len(self.triangles)
        for a, b, c3, links in shapes:
            links = links + ((diagonal,) if diagonal else ())
            for link in links:
                self.link_triangles.setdefault(link, []).append(len(self.triangles))
            self.triangles.append((a, b, c3, links))
            self.alive.append(True)
        self.cells.append((tl, tr, br, bl, first, first + 1))

    def _space(self, body):
        """The spacers: both diagonals of every cell, and every point to the one two along its
        row and its column, each at `body` x its woven length."""
        cols, rows, grid, s = self.columns, self.rows, self.grid, self.spacing
        cells = cols - 1

        def add(a, b, length, spans):
            self.spacers.append((Spacer(a, b, body * length), spans))

        for r in range(rows - 1):
            for c in range(cells):
                i = r * cols + c
                cell = r * cells + c
                add(grid[i], grid[i + cols + 1], s * sqrt(2.0), (cell,))
                add(grid[i + 1], grid[i + cols], s * sqrt(2.0), (cell,))
        for r in range(rows):
            for c in range(cols - 2):
                above = min(r, rows - 2)  # the row of cells along this row of points
                add(grid[r * cols + c], grid[r * cols + c + 2], 2.0 * s,
                    (above * cells + c, above * cells + c + 1))
        for r in range(rows - 2):
            for c in range(cols):
                beside = min(c, cells - 1)
                add(grid[r * cols + c], grid[(r + 2) * cols + c], 2.0 * s,
                    (r * cells + beside, (r + 1) * cells + beside))
        self.live_spacers = [spacer for spacer, _ in self.spacers]

    def _tie(self):
        """The tethers of the links as they are now (none without `tether`)."""
        if self.tether:
            self.tethers = tethers(self.world.particles, self.world.constraints)

    # --- the passes' kept fields ------------------------------------------------------------
    def _forget_kept(self):
        """Drop the fields kept for the passes (`KEPT`): each is made again when first needed."""
        for name in KEPT:
            setattr(self, name, None)

    def _link_passes(self):
        """The world's Gauss-Seidel passes over the links (`World.gauss_seidel_plan`): the
        links' fields read once and kept while the world's `version` stays (it moves when a
        grab pins or a letting go frees, a tear, a cut or a piece that fell off changes the
        links). The sheet never changes a link's ends, rest or stiffness, the other fields."""
        world = self.world
        kept = self._kept_links
        if kept is None or kept[0] != world.version:
            kept = self._kept_links = (world.version, passes(world.constraints, move_now))
        return kept[1]

    def _spacer_fields(self):
        """`spacer_fields` of the live spacers, kept while they stay (every change to them
        makes a new list)."""
        kept = self._kept_spacers
        if kept is None or kept[0] is not self.live_spacers:
            kept = self._kept_spacers = (self.live_spacers, spacer_fields(self.live_spacers))
        return kept[1]

    def _tether_fields(self):
        """`tether_fields` of the tethers, kept while they stay (`_tie` makes a new list)."""
        kept = self._kept_tethers
        if kept is None or kept[0] is not self.tethers:
            kept = self._kept_tethers = (self.tethers, tether_fields(self.tethers))
        return kept[1]

    def _start_passes(self):
        """Before the frame's first pass: the spacers push apart once. The passes counted are
        the frame's, every substep's (`verlet.substeps`), so n substeps of one pass push as
        often as one step of n passes."""
        self._passes_left = self.world.iterations * self.world.substeps
        if self.live_spacers:
            push_apart_fields(self._spacer_fields())

    def keep_apart(self):
        """After every solver pass but the last: the spacers of the cells still whole push
        apart (the links have the last word, so crushing a fold never stretches a link past
        its limit); after every pass the tethers pull what hangs too far from its nail back.
        The tight passes of `verlet.fast_passes` on kept fields: the numbers of `push_apart`
        and of `Distance.project_all(tethers, move_now)`, to the bit; the tethers' ends are
        read as pinned or free at every pass."""
        self._passes_left -= 1
        if self.live_spacers and self._passes_left > 0:
            push_apart_fields(self._spacer_fields())
        if self.tethers:
            pull_tethers(self._tether_fields())

    def blow(self, on):
        """Let the wind act (it costs a pass over the triangles each frame) or not."""
        if on and self.wind not in self.world.forces:
            self.world.forces.append(self.wind)
        elif not on and self.wind in self.world.forces:
            self.world.forces.remove(self.wind)

    # --- the graph ------------------------------------------------------------------------
    def set_limit(self, limit):
        self.limit = limit
        for link in self.world.constraints:
            link.limit = limit

    def _forget(self, links):
        for link in links:
            for t in self.link_triangles.get(link, ()):
                self.alive[t] = False
        live = [t for t, alive in enumerate(self.alive) if alive]
        if self.spacers:
            whole = self.alive
            self.live_spacers = [spacer for spacer, spans in self.spacers
                                 if all(whole[2 * cell] and whole[2 * cell + 1]
                                        for cell in spans)]
        self.wind.triangles = [self.triangles[t][:3] for t in live]
        self.wind.patches = [t // 2 for t in live]  # a cell's two triangles share a gust
        self.torn += len(links)
        self.world.changed()
        self._tie()

    def tear(self):
        """Break the links stretched past their limit; return them (`snap_overstretched`'s
        numbers, with each link's reach kept while the world's `version` and the limit stay)."""
        world = self.world
        constraints = world.constraints
        kept = self._kept_reach
        if kept is None or kept[1] != self.limit or kept[0] != world.version:
            kept = self._kept_reach = (world.version, self.limit, reach_fields(constraints))
        broken = snap_by_fields(constraints, kept[2], TEARS_PER_FRAME)
        if broken:
            self._forget(broken)
        return broken

    def cut(self, start, end):
        """Sever the links the stroke start-end crosses; return them."""
        crossed = cut_links(self.world.constraints, start, end)
        if crossed:
            self._forget(crossed)
        return crossed

    def slip_stretch(self):
        """The stretch of a held link at which the cloth slips from the hand (`grip`)."""
        return min(self.grip, 0.5 * (1.0 + self.limit))

    def slip(self):
        """After the tearing: let go if a link between a held point and a free one is stretched
        past `slip_stretch()` and the hand is not yanking (`Hand.slip`); True if it slipped."""
        if self.grip is None:
            return False
        stretch = self.slip_stretch()
        if not self.hand.slip(stretch, yank=YANK * (self.limit - stretch) * self.spacing):
            return False
        self.world.changed()
        return True

    def loose(self):
        """The points that no longer hang on a nail (or on the hand), worked out once per
        change of the links or the hand (the world's `version`)."""
        return list(self._hanging.loose())

    def keep_in_room(self, top_speed=None):
        """After the solve: walls at the canvas's sides and top (the floor is open, so torn
        pieces fall out). A point past a wall stops there, its speed into the wall gone.
        With `top_speed`, each free point is first slowed to it (`verlet.cap_speed`, the
        same numbers, in the same loop: each point's work touches only that point)."""
        width = self.size[0]
        top_sq = None if top_speed is None else top_speed * top_speed
        root = sqrt
        for p in self.world.particles:
            x = p.x
            if top_sq is not None and not p.pinned:
                vx = x - p.px
                vy = p.y - p.py
                speed_sq = vx * vx + vy * vy
                if speed_sq > top_sq:
                    keep = top_speed / root(speed_sq)
                    x = p.x = p.px + vx * keep
                    p.y = p.py + vy * keep
            if x < 0.0 or x > width:
                p.x = p.px = min(width, max(0.0, x))
            if p.y < 0.0:
                p.y = p.py = 0.0

    def clear_fallen(self):
        """Forget torn-off points that have left the canvas, with their links and triangles."""
        width, height = self.size
        gone = {id(p) for p in self.loose()
                if p.y > height + CLEAR_MARGIN or p.x < -CLEAR_MARGIN
                or p.x > width + CLEAR_MARGIN or p.y < -CLEAR_MARGIN}
        if not gone:
            return
        world = self.world
        world.particles[:] = [p for p in world.particles if id(p) not in gone]
        links = [k for k in world.constraints if id(k.a) in gone or id(k.b) in gone]
        world.constraints[:] = [k for k in world.constraints
                                if not (id(k.a) in gone or id(k.b) in gone)]
        for t, (a, b, c, _) in enumerate(self.triangles):
            if id(a) in gone or id(b) in gone or id(c) in gone:
                self.alive[t] = False
        self._forget(links)
        self.torn -= len(links)  # forgotten with their piece, not torn
        self.held = [h for h in self.held if id(h[0]) not in gone]
        if self.spacers:
            self.spacers = [(spacer, spans) for spacer, spans in self.spacers
                            if id(spacer.a) not in gone and id(spacer.b) not in gone]
            self.live_spacers = [spacer for spacer in self.live_spacers
                                 if id(spacer.a) not in gone and id(spacer.b) not in gone]

    # --- the hand -------------------------------------------------------------------------
    @property
    def held(self):
        """[(particle, dx, dy)]: the points the hand holds, at their offsets from it."""
        return self.hand.held

    @held.setter
    def held(self, held):
        self.hand.held = held

    def hold(self, pos):
        """Grab the free points within GRAB_RADIUS of `pos`; True if there were any."""
        if self.hand.let_go():
            self.world.changed()
        grabbed = self.hand.grab_within(self.world.particles, pos, lambda p: not p.pinned)
        if grabbed:
            self.world.changed()
        return grabbed

    def move_hand(self, pos):
        self.hand.move(pos)

    def let_go(self):
        if self.hand.let_go():
            self.world.changed()

    # --- reading --------------------------------------------------------------------------
    def stretch(self, link):
        """Length over rest of a link."""
        return link.length() / link.rest

    def observe(self):
        """points [[x, y, nailed]], live links [[i, j, rest]] and torn (`graph_state`)."""
        nailed = {id(p) for p in self.nails}
        return graph_state(self.world.particles, self.world.constraints, nailed, self.torn)

