"""A cloak on a rod that tears where it is pulled too far, and that a knife stroke cuts (issue 15).

Pure Python on `verlet/` through `scenes.kit.model.sheet`: a grid of breakable distance links hanging from
a rod, Gauss-Seidel solved. After each solve every link longer than `tear` x its rest length
gives up; torn-off pieces fall and are forgotten once off the canvas.

Input (the model protocol of `scenes.kit.model.simulation`):
- "down" near the cloth grabs the patch under the finger, "move" drags it, "up" lets go (a
  flick throws it). Holding still for LONG_PRESS frames turns the hand into a knife.
- "down" away from the cloth starts a knife stroke: each "move" cuts the links the stroke
  crosses. "cut_down" / "cut_move" / "cut_up" (the scene's right-drag) cut from anywhere.
- "key_down" "space" turns the wind on or off.
"""

from math import hypot, pi, sin

from scenes.kit.model.sheet import Fabric
from scenes.kit.model.params import Param, ParamTable
from verlet import World

HELP = "a cloak that tears: drag it hard, swipe across it to cut, Space for wind"
PARAMS = ParamTable(
    Param("tear", 1.6, 1.15, 4.0, "a link breaks past this many times its rest length"),
    Param("wind", 700, 0, 2500, "strength of the wind when it blows (Space), px/s^2"),
    Param("iterations", 3, 1, 20, "constraint passes per frame: more is stiffer", integer=True),
    Param("gravity", 0.3, 0.0, 1.0, "downward acceleration, px per frame squared"),
)

COLUMNS = 13
ROWS = 10
SPACING = 25.5
"""The cloak: 13 x 10 points 25.5 px apart (306 x 230 px), sized to a phone's step budget
(issue 14: 237 links x 3 passes; the 19 x 15 sheet of 536 links x 6 took 20 ms a step on a
4x slower CPU). Fewer rows need fewer passes for the same stiffness: at 3 passes it hangs
2.0% longer than its rest, as the old sheet did at 6 (2.2%); its print is drawn finer than
its cells (`scenes.kit.model.sheet_pattern`)."""
ROD_Y = 70.0
"""Height of the rod, px."""
NAIL_EVERY = 3
"""Every third point of the top row is nailed to the rod ..."""
GATHER = 0.85
"""... the nails set closer than the cloth is wide (this share), so it hangs in swags."""
DAMPING = 0.99
MARGIN = 6.0
"""The hand and the knife stay this far inside the canvas, px."""
LONG_PRESS = 36
"""Frames a hand must hold still (0.6 s) before it becomes a knife."""
LONG_PRESS_SLOP = 6.0
"""How far a held hand may wander and still count as still, px."""


def gust_field(model):
    """Wind at (x, y): a steady blow from the left with gusts travelling across the cloth."""
    def field(x, y):
        strength, t = model.values["wind"], model.time
        wave = sin(0.021 * x - 2.3 * t + model.phase) * sin(0.017 * y + 1.3 * t)
        return strength * (0.7 + 0.3 * wave), strength * 0.35 * sin(0.03 * x + 2.9 * t)
    return field


class ClothModel:
    """The cloak, the hand that may hold a patch of it, and the knife."""

    wind_at_start = False

    def __init__(self, size, values, rng):
        self.size = size
        self.values = dict(values)
        self.phase = rng.uniform(0.0, 2.0 * pi)
        self.time = 0.0
        self.wind_on = self.wind_at_start
        self.world, self.fabric = self.build(size, values, rng)
        self.fabric.blow(self.wind_on and values["wind"] > 0.0)
        self.knife = None   # last knife position, or None
        self.cuts = []      # recent knife strokes, for the drawing: [start, end, age]
        self.pressed_at = None
        self.still = 0

    def build(self, size, values, rng):
        """The world and the cloak hanging in it."""
        world = World(gravity=(0.0, values["gravity"]), damping=DAMPING,
                      iterations=values["iterations"])
        x0 = (size[0] - (COLUMNS - 1) * SPACING) / 2.0
        fabric = Fabric(world, size, COLUMNS, ROWS, SPACING, (x0, ROD_Y),
                        lambda c, r: r == 0 and c % NAIL_EVERY == 0, values["tear"])
        middle = size[0] / 2.0
        for p in fabric.grid[:COLUMNS]:  # gathered on the rod: the top edge hangs in swags
            if p.pinned:
                p.place(middle + (p.x - middle) * GATHER, p.y)
        fabric.wind.field = gust_field(self)
        return world, fabric

    def set_param(self, name, value):
        self.values[name] = value
        if name == "iterations":
            self.world.iterations = value
        elif name == "gravity":
            self.world.gravity = (0.0, value)
        elif name == "tear":
            self.fabric.set_limit(value)
        elif name == "wind":
            self.fabric.blow(self.wind_on and value > 0.0)

    def _inside(self, pos):
        return (min(self.size[0] - MARGIN, max(MARGIN, pos[0])),
                min(self.size[1] - MARGIN, max(MARGIN, pos[1])))

    def input(self, kind, value):
        if kind == "key_down":
            if value == "space":
                self.wind_on = not self.wind_on
                self.fabric.blow(self.wind_on and self.values["wind"] > 0.0)
            return
        if kind == "key_up":
            return
        pos = self._inside(value)
        if kind == "down":
            self.release()
            if self.fabric.hold(pos):
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
                self.fabric.move_hand(pos)
        elif kind in ("up", "cut_up"):
            self.release()

    def slice_to(self, pos):
        """Cut along the knife's stroke from its last position to `pos`."""
        self.fabric.cut(self.knife, pos)
        self.cuts.append([self.knife, pos, 0])
        self.knife = pos

    def release(self):
        self.fabric.let_go()
        self.knife = None
        self.pressed_at = None

    def step(self):
        fabric = self.fabric
        if fabric.held and self.pressed_at is not None:
            hx, hy = fabric.hand
            if hypot(hx - self.pressed_at[0], hy - self.pressed_at[1]) > LONG_PRESS_SLOP:
                self.pressed_at = None  # it moved: a drag, never a long press
            else:
                self.still += 1
                if self.still >= LONG_PRESS:
                    fabric.let_go()
                    self.knife, self.pressed_at = (hx, hy), None
        fabric.place_held()
        self.time += self.world.dt
        self.world.step()
        fabric.tear()
        fabric.keep_in_room()
        fabric.clear_fallen()
        for cut in self.cuts:
            cut[2] += 1
        self.cuts = [cut for cut in self.cuts if cut[2] < 20]

    def points(self):
        return [(p.x, p.y) for p in self.world.particles]

    def bounds(self):
        return (0.0, 0.0, float(self.size[0]), float(self.size[1]))

    def observe(self):
        state = self.fabric.observe()
        state["wind_on"] = self.wind_on
        state["knife"] = list(self.knife) if self.knife is not None else None
        return state
