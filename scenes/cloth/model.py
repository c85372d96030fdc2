"""A cloak on a rod that tears where it is pulled too far, and that a knife stroke cuts.

Pure Python on `verlet/` through the kit's sheet (`scenes.kit.model.sheet`) and sheet demo
(`scenes.kit.model.sheet_demo`: the hand, the knife, the wind switch): a grid of breakable
distance links hanging from a rod, Gauss-Seidel solved, with a body (spacers across its cells,
so a strip cut from it keeps its width) and tethers to its nails. After each solve every link
longer than `tear` x its rest length gives up; torn-off pieces fall and are forgotten once off
the canvas. The hand grips it only so hard (GRIP): a slow drag pulls the cloak along until it
slips out of the hand, and a hard fast yank, in any direction, holds on and tears it. A steady
wind with gusts blows on it when Space turns it on.
"""

from math import sin

from scenes.kit.model.params import Param, ParamTable, downward
from scenes.kit.model.sheet import Sheet
from scenes.kit.model.sheet_demo import DAMPING, LONG_PRESS, SheetDemo
from verlet import World

__all__ = ["COLUMNS", "DAMPING", "HELP", "LONG_PRESS", "PARAMS", "ROD_Y", "ROWS", "SPACING",
           "ClothModel", "GustField", "gust_field"]

HELP = ("a cloak that tears: yank it hard and fast (a slow drag slips out of the hand), "
        "swipe across it to cut, Space for wind")
PARAMS = ParamTable(
    Param("tear", 1.6, 1.15, 4.0, "a link breaks past this many times its rest length",
          calls="sheet.set_limit"),
    Param("wind", 700, 0, 2500, "strength of the wind when it blows (Space), px/s^2",
          calls="set_wind"),
    Param("iterations", 3, 1, 20, "constraint passes per frame: more is stiffer", integer=True,
          sets="world.iterations"),
    Param("gravity", 0.3, 0.0, 1.0, "downward acceleration, px per frame squared",
          sets="world.gravity", to=downward),
)

COLUMNS = 13
ROWS = 10
SPACING = 25.5
"""The cloak: 13 x 10 points 25.5 px apart (306 x 230 px), sized to a phone's step budget
(237 links x 3 passes; the 19 x 15 sheet of 536 links x 6 took 20 ms a step on a 4x slower
CPU). Tethers (`verlet.tethers`) keep it at its rest length with any number of passes; its
print is drawn finer than its cells (`scenes.kit.model.sheet_pattern`)."""
ROD_Y = 70.0
"""Height of the rod, px."""
NAIL_EVERY = 3
"""Every third point of the top row is nailed to the rod ..."""
GATHER = 0.85
"""... the nails set closer than the cloth is wide (this share), so it hangs in swags."""
BODY = 0.7
"""The cloth's body: two points across a cell's diagonal, or two cells along a row or a
column, never come closer than this share of their woven length (`Sheet(body=...)`), so a
strip cut from it keeps its width instead of folding edge-on."""
GRIP = 1.3
"""The hand's grip: the cloak slips out of it once a link at the hand is stretched past this
(or past halfway to the tear limit, if that is lower), so a slow drag pulls the cloak along
and lets it go, while a hard fast yank holds on (`scenes.kit.model.sheet.YANK`) and tears it,
down, sideways or up alike: a 6-frame yank tears from 1,000-1,200 px/s in every direction
(`Sheet(grip=...)`)."""


class GustField:
    """Wind at (x, y): a steady blow from the left with gusts travelling across the cloth.

    A plain object rather than a closure, so a model that holds it can be copied and kept
    (the timeline pickles the whole run)."""

    def __init__(self, model):
        self.model = model

    def __call__(self, x, y):
        model = self.model
        strength, t = model.values["wind"], model.time
        wave = sin(0.021 * x - 2.3 * t + model.phase) * sin(0.017 * y + 1.3 * t)
        return strength * (0.7 + 0.3 * wave), strength * 0.35 * sin(0.03 * x + 2.9 * t)


def gust_field(model):
    """The cloak's wind field for `model` (a `GustField`)."""
    return GustField(model)


class ClothModel(SheetDemo):
    """The cloak, the hand that may hold a patch of it, and the knife (`SheetDemo`)."""

    def build(self, size, values, rng):
        """The world and the cloak hanging in it."""
        world = World(gravity=(0.0, values["gravity"]), damping=DAMPING,
                      iterations=values["iterations"])
        x0 = (size[0] - (COLUMNS - 1) * SPACING) / 2.0
        sheet = Sheet(world, size, COLUMNS, ROWS, SPACING, (x0, ROD_Y),
                      lambda c, r: r == 0 and c % NAIL_EVERY == 0, values["tear"],
                      body=BODY, grip=GRIP, tether=True)
        middle = size[0] / 2.0
        for p in sheet.grid[:COLUMNS]:  # gathered on the rod: the top edge hangs in swags
            if p.pinned:
                p.place(middle + (p.x - middle) * GATHER, p.y)
        sheet.wind.field = gust_field(self)
        return world, sheet
