"""What a sheet demo does with its sheet: the hand, the knife, the wind switch, the frame.

`SheetDemo` is the model the cloth and the flag share; each gives its own `build` (the world
and the `Sheet` hanging in it, with its wind field) and its own constants. The frame is the
world's: the hand steers what it holds and the clock advances before the integration (the
wind's gusts read the clock), and after the solve the sheet tears, no point of it moves more
than TOP_SPEED px in the frame (`verlet.cap_speed`), it stays in the room and forgets what
fell off the canvas. A demo opens at rest: before its first frame is shown the sheet is
settled for SETTLE_FRAMES frames under strong damping (the same frames every time, so R opens
it the same way).

Input (the model protocol of `scenes.kit.model.run`):
- "down" near the sheet grabs the patch under the finger, "move" drags it, "up" lets go (a
  flick throws it). A press held still (within LONG_PRESS_SLOP px of where it went down, from
  the press on) for LONG_PRESS frames turns the hand into a knife; a drag never does.
- "down" away from the sheet starts a knife stroke: each "move" cuts the links the stroke
  crosses. "cut_down" / "cut_move" / "cut_up" (the scene's right-drag) cut from anywhere.
- "key_down" "space" turns the wind on or off.
- The keyboard's hand (`scenes.kit.model.key_hand`): the arrows move a cursor, Enter grabs
  the patch under it (or, off the sheet, starts a stroke) and Enter again lets go, X held
  cuts along the cursor's path. A key grab never turns into a knife by being held still.

Moments (`Run.take_moments`): ("torn", {"links": n}) in a frame links tore,
("cut", {"links": n}) when a knife stroke severed some, ("wind-on", {}) / ("wind-off", {}).
Built calm (reduced motion, `calm=True`), a demo whose wind blows at the start opens calm.
"""

from math import hypot, pi

from verlet import Breakable

from .key_hand import KeyHand
from .measures import Measure, worst_stretch
from .prepare import BuiltInStages
from .sheet import HAND_SPEED

DAMPING = 0.99
"""Velocity a sheet keeps per frame."""
MARGIN = 6.0
"""The hand and the knife stay this far inside the canvas, px."""
LONG_PRESS = 36
"""Frames a hand must hold still (0.6 s) before it becomes a knife."""
LONG_PRESS_SLOP = 2.0
"""How far a held hand may wander from its press and still count as still, px: a drag of
4 px/s or faster leaves it within LONG_PRESS frames, and once it has it is a drag for good."""
TOP_SPEED = 24.0
"""Fastest a point of a sheet moves in a frame, px (1440 px/s): a sheet let go while stretched
eases back over a few frames instead of whipping across the canvas in one."""
SETTLE_FRAMES = 240
"""Frames a sheet hangs, unseen, before its demo's first frame (4 s of its world) ..."""
SETTLE_MORE = 960
"""... and, with no wind blowing, at most this many more while any point still moves more than
SETTLED px a frame (a weightless cloak creeps out of its gathers slowly). The whole settling
costs a few hundred ms natively and several times that on a phone, so it is bounded, and a
calm sheet's settled shape is kept for its parameters (`SETTLED_SHAPES`): R opens it at once."""
SETTLED_SHAPES = {}
"""{(demo class, parameter values): (the wind clock, settled (x, y) of every point)} for sheets
that settle with no wind: the numbers the settling gives, so a restart with the same values
reuses them (tests/fabric check a reused shape runs on exactly as a settled one)."""
SETTLED_SHAPES_KEPT = 32
"""At most this many settled shapes are kept (a slider swept end to end makes a new one each)."""
SETTLED = 0.002
"""Fastest a point of a settled sheet moves, px per frame."""
SETTLE_DAMPING = 0.9
"""Velocity kept per frame while it settles: it comes to rest within those frames."""
CUT_FRAMES = 20
"""Frames a knife stroke stays drawn, fading."""


class SheetDemo(BuiltInStages):
    """A sheet in its world, the hand that may hold a patch of it, and the knife.

    Subclasses give `build(size, values, rng) -> (world, sheet)` and may start with the wind on
    (`wind_at_start`); their parameter tables send the wind slider to `set_wind`.
    """

    wind_at_start = False
    right_button = {"down": "cut_down", "move": "cut_move", "up": "cut_up"}
    """The right mouse button is the knife (`scenes.kit.model.run`)."""

    moves_by_itself = False
    """True for a demo whose wind blows from the start (`scenes.kit.model.run`)."""

    max_point_move = HAND_SPEED
    """The farthest a point of the sheet moves in a frame, px, whatever the input: a held one
    follows the hand at most HAND_SPEED, a free one at most TOP_SPEED (`verlet.cap_speed`)."""

    def _construct(self, size, values, rng, calm=False):
        self.size = size
        self.values = values  # the run's: the wind and the tear limit are read from it
        self.phase = rng.uniform(0.0, 2.0 * pi)  # a seeded offset for the gusts
        self.time = 0.0
        self.wind_on = self.wind_at_start and not calm
        self.moments = []
        self.world, self.sheet = self.build(size, values, rng)
        self.sheet.blow(self.wind_on and values["wind"] > 0.0)
        self.knife = None   # last knife position, or None
        self.cuts = []      # recent knife strokes, for the drawing: [start, end, age]
        self.pressed_at = None
        self.still = 0
        # after the sheet's hand (and a build's own hooks): the clock the wind reads
        self.world.on("before_integrate", self._advance_clock, name="sheet.clock",
                      after="hand.place")
        self.world.on("after_solve", self._finish_frame, name="sheet.finish")
        yield from self._settle()
        grid = self.sheet.grid  # the keyboard's cursor starts at the sheet's middle
        middle = (sum(p.x for p in grid) / len(grid), sum(p.y for p in grid) / len(grid))
        self.keys = KeyHand(self._key_pointer, size, middle, knife=True)
        # the demo's own work opens and closes every frame shown: the long press, the strokes
        self.world.on("before_integrate", self._watch_long_press, name="sheet.long_press",
                      before=("hand.place", "sheet.clock"))
        self.world.on("after_solve", self._fade_cuts, after="sheet.finish")

    def _settle(self):
        """Hang the sheet for SETTLE_FRAMES frames, damped hard, with the wind as it will blow
        and nothing tearing (it is built flat: the fall into its folds is the building, not a
        pull); then its motion is forgotten, so the first frame shown starts from rest. A
        generator: it yields after every frame it hangs (`building`)."""
        world, sheet = self.world, self.sheet
        calm = sheet.wind not in world.forces
        key = (type(self).__name__, tuple(sorted(self.values.items())))
        kept = SETTLED_SHAPES.get(key) if calm else None
        if kept is not None and len(kept[1]) == len(world.particles):
            self.time = kept[0]
            for p, (x, y) in zip(world.particles, kept[1]):
                p.x, p.y = x, y
        else:
            yield from self._settle_by_frames(calm)
            if calm:
                if len(SETTLED_SHAPES) >= SETTLED_SHAPES_KEPT:
                    SETTLED_SHAPES.pop(next(iter(SETTLED_SHAPES)))
                SETTLED_SHAPES[key] = (self.time, [(p.x, p.y) for p in world.particles])
        for p in world.particles:
            p.px, p.py = p.x, p.y

    def _settle_by_frames(self, calm):
        """The settling itself: SETTLE_FRAMES damped frames, and up to SETTLE_MORE more while
        a calm sheet still creeps."""
        world, sheet = self.world, self.sheet
        damping, world.damping = world.damping, SETTLE_DAMPING
        sheet.set_limit(float("inf"))
        for _ in range(SETTLE_FRAMES):
            world.step()
            yield
        for _ in range(SETTLE_MORE if calm else 0):
            if all(abs(p.x - p.px) < SETTLED and abs(p.y - p.py) < SETTLED
                   for p in world.particles):
                break
            world.step()
            yield
        sheet.set_limit(self.values["tear"])
        world.damping = damping

    def set_wind(self, strength):
        """The wind slider moved to `strength`: the sheet's wind blows while it is switched on
        and the slider is above 0."""
        self.sheet.blow(self.wind_on and strength > 0.0)

    def blowing(self):
        """True while the wind blows: switched on, its slider above 0."""
        return self.wind_on and self.values["wind"] > 0.0

    def wind_word(self):
        """What the wind button and Space do now, in the button's words: "stop wind" while it
        blows, "start wind" while it is off, "wind at 0" while it is on with its slider at 0
        (nothing blows to stop: a press turns it off, and the label reads "start wind")."""
        if self.blowing():
            return "stop wind"
        return "wind at 0" if self.wind_on else "start wind"

    def _inside(self, pos):
        return (min(self.size[0] - MARGIN, max(MARGIN, pos[0])),
                min(self.size[1] - MARGIN, max(MARGIN, pos[1])))

    def input(self, kind, value):
        if self.keys.input(kind, value):
            return
        if kind == "key_down":
            if value == "space":
                self.wind_on = not self.wind_on
                self.sheet.blow(self.wind_on and self.values["wind"] > 0.0)
                self.moments.append(("wind-on" if self.wind_on else "wind-off", {}))
            return
        if kind == "key_up":
            return
        pos = self._inside(value)
        if kind == "down":
            self.release()
            if self.sheet.hold(pos):
                self.pressed_at, self.still = pos, 0
            else:
                self.knife = pos
        elif kind == "cut_down":
            self.release()
            self.knife = pos
        elif kind in ("move", "cut_move"):
            if self.knife is not None:
                self.slice_to(pos)
            elif kind == "move":
                self.sheet.move_hand(pos)
        elif kind in ("up", "cut_up"):
            self.release()

    def _key_pointer(self, kind, pos):
        """The keyboard hand's pointer input: as a mouse's, but a key grab held still stays a
        grab (a long press is a finger's way to a knife; the keyboard has X)."""
        self.input(kind, pos)
        if kind == "down":
            self.pressed_at = None

    def slice_to(self, pos):
        """Cut along the knife's stroke from its last position to `pos`."""
        severed = self.sheet.cut(self.knife, pos)
        if severed:
            self.moments.append(("cut", {"links": len(severed)}))
        self.cuts.append([self.knife, pos, 0])
        self.knife = pos

    def release(self):
        self.sheet.let_go()
        self.knife = None
        self.pressed_at = None

    def step(self):
        """One frame of the world; its hooks open it (a hand held still long enough becomes a
        knife) and close it (the knife strokes fade)."""
        self.world.step()

    def _watch_long_press(self):
        """Before the integration: the keyboard's hand moves (and lets go when the sheet slipped
        out of it), and a hand held still for LONG_PRESS frames becomes a knife."""
        sheet = self.sheet
        self.keys.step()
        if self.keys.grabbing and not sheet.held and self.knife is None:
            self.keys.grabbing = False  # it slipped: Enter grabs again
        if sheet.held and self.pressed_at is not None:
            hx, hy = sheet.hand.at
            if hypot(hx - self.pressed_at[0], hy - self.pressed_at[1]) > LONG_PRESS_SLOP:
                self.pressed_at = None  # it moved: a drag, never a long press
            else:
                self.still += 1
                if self.still >= LONG_PRESS:
                    sheet.let_go()
                    self.knife, self.pressed_at = (hx, hy), None

    def _fade_cuts(self):
        """The frame's very end: the knife strokes age and the old ones go."""
        for cut in self.cuts:
            cut[2] += 1
        self.cuts = [cut for cut in self.cuts if cut[2] < CUT_FRAMES]

    def _advance_clock(self):
        self.time += self.world.dt

    def _finish_frame(self):
        """After the solve: what was pulled too far tears, a hand pulling too hard loses its
        grip, no point outruns TOP_SPEED, walls hold, fallen pieces go."""
        sheet = self.sheet
        torn = sheet.tear()
        if torn:
            self.moments.append(("torn", {"links": len(torn)}))
        elif sheet.slip():  # while it tears the hand holds on
            self.pressed_at = None
        sheet.keep_in_room(TOP_SPEED)  # `verlet.cap_speed`, then the walls
        sheet.clear_fallen()

    def points(self):
        return [(p.x, p.y) for p in self.world.particles]

    def bounds(self):
        return (0.0, 0.0, float(self.size[0]), float(self.size[1]))

    def measures(self):
        """The worst strain of a live link (length / rest) against the tear limit, and the
        links torn so far."""
        limit = self.sheet.limit
        links = [c for c in self.world.constraints if isinstance(c, Breakable) and not c.broken]
        return [Measure("strain", "변형 strain", worst_stretch(links), limit, "찢어짐 tear",
                        0.95, 1.0 + 1.2 * (limit - 1.0), satisfied=1.0),
                Measure("torn", "찢긴 곳 torn", self.sheet.torn, None, "", 0.0, 60.0)]

    def observe(self):
        state = self.sheet.observe()
        state["wind_on"] = self.wind_on
        state["knife"] = list(self.knife) if self.knife is not None else None
        state["keys"] = self.keys.observe()
        return state
