"""A flag on a pole in gusty wind: wind pushes each triangle of it along its sides' normals.

Pure Python on `verlet/` through the kit's sheet (`scenes.kit.model.sheet`) and sheet demo
(`scenes.kit.model.sheet_demo`: the hand, the knife, the wind switch): a grid of breakable
links, its hoist edge laced to the pole. Every point is tethered within its woven distance of
the pole (`verlet.tethers`), so the flag hangs at its rest length whatever the passes, and a
light body (`verlet.Spacer`, BODY) keeps it from folding flat: without wind it hangs down the
pole in folds. The wind is `verlet.TriangleWind` with a field of gusts that run along the flag
from the pole to the fly and swell and ease over seconds (seeded); with no diagonal links the
cloth passes those gusts on cell by cell, so waves travel down the flag instead of the whole
flag swinging as a board. Its links stand up to about 1.08x their rest in the default wind and
1.2x in the strongest, so the default tear limit of 2.0 holds in any wind, and at STORM_TEAR
(the slider's lowest) the strongest wind rips it within seconds while the default wind and a
calm do not.

Input as every sheet demo's: drag grabs, a stroke from outside cuts, Space turns the wind off
and on; the keyboard's hand: arrows move a cursor, Enter grabs and lets go, X held cuts. Under
reduced motion the flag opens calm, hanging down the pole, until Space starts the wind.
"""

from math import pi, sin, sqrt

from scenes.kit.model.params import Param, ParamTable
from scenes.kit.model.sheet import Sheet
from scenes.kit.model.sheet_demo import DAMPING, TOP_SPEED, SheetDemo
from verlet import World

HELP = "a flag in gusty wind: wind and iterations sliders; tear 1.15 and full wind rip it"


def world_gravity(gravity):
    """The world's gravity for the slider's value: scaled to the flag's size (SCALE)."""
    return 0.0, gravity * SCALE


PARAMS = ParamTable(
    Param("wind", 1300, 0, 5000, "mean wind strength, px/s^2 on a flag of 31.5 px cells (a storm "
          "from about 3500)", calls="set_wind"),
    Param("iterations", 2, 1, 20, "constraint passes per frame: a stiffer or a softer flag",
          integer=True, sets="world.iterations"),
    Param("tear", 2.0, 1.15, 4.0, "a link breaks past this many times its rest length",
          calls="sheet.set_limit"),
    Param("gravity", 0.3, 0.0, 1.0, "downward acceleration, px per frame squared on a flag of "
          "31.5 px cells", sets="world.gravity", to=world_gravity),
    aliases={"stiffness": "iterations"},  # its name until the knob got one name in every demo
)

COLUMNS = 11
ROWS = 7
SPACING = 25.0
"""The flag: 11 x 7 points 25 px apart (250 x 150 px), sized to a phone's step budget (136
links x 2 passes and 120 wind triangles; the spacers and tethers cost a comparison each while
slack) and to its pole: hanging calm, no point of it lies farther below its lowest nail than
its woven distance from that nail (the tethers), so its fly corner stays above
POLE_TOP + (ROWS - 1 + COLUMNS - 1) x SPACING = 470 px, over the grass (at 31.5 px cells it
hung to y 563 on the 540 px canvas). Its disc and bands are drawn finer than its cells
(`scenes.kit.model.sheet_pattern`)."""
DESIGNED_SPACING = 31.5
"""The cell the wind, gravity and their sliders were tuned on, px ..."""
SCALE = SPACING / DESIGNED_SPACING
"""... and the flag's size against it: gravity, the wind and the wind's ripples act on the flag
scaled by SCALE (`world_gravity`, `FlagModel.wind_at`), so it flies, stretches and tears
exactly as the 31.5 px flag it was tuned as, drawn smaller (a stretch is a ratio to a link's
rest: unscaled, gravity 1.0 at one pass tore the smaller flag at the storm limit)."""
POLE_X = 230.0
POLE_TOP = 70.0
"""The pole's x and the height of the flag's top corner, px."""
HILL = (60.0, 260.0, 200.0)
"""The grass the pole stands in: an ellipse whose top lies this many px above the canvas
bottom, this tall, reaching this far past each side of the canvas (the view draws it)."""
POLE_DEPTH = 40.0
"""How far above the canvas bottom the pole's foot is drawn, px (planted in the grass)."""
BODY = 0.25
"""The flag's light body: across a cell's diagonal, or two cells along a row or a column, two
points stay at least this share of their woven length apart (`Sheet(body=...)`), so a calm
flag hangs in folds instead of vanishing edge-on behind the pole."""
STORM_TEAR = 1.15
"""The tear limit (the slider's lowest) at which the strongest wind (5000) rips the flag and
the default wind does not: links peak at about 1.08x their rest in the default wind and 1.2x
in a wind of 5000; a calm flag hangs at 1.04x (1.1x at gravity 1.0 and one pass)."""


def ground_y(x, size):
    """The height of the grass's top at canvas x, px (below the canvas past the hill's ends)."""
    width, height = size
    lift, tall, beyond = HILL
    half = width / 2.0 + beyond
    across = (x - width / 2.0) / half
    if abs(across) >= 1.0:
        return float(height) + tall
    return height - lift + tall / 2.0 - tall / 2.0 * sqrt(1.0 - across * across)


class FlagModel(SheetDemo):
    """The flag, its pole, the gusty wind; the sheet demo's hand and knife."""

    wind_at_start = True
    moves_by_itself = True
    def build(self, size, values, rng):
        """The world, the flag laced to its pole, and the wind's swell, worked out at the start
        of every frame before the clock moves on (`SheetDemo`)."""
        world = World(gravity=world_gravity(values["gravity"]), damping=DAMPING,
                      iterations=values["iterations"])
        sheet = Sheet(world, size, COLUMNS, ROWS, SPACING, (POLE_X, POLE_TOP),
                      lambda c, r: c == 0, values["tear"], body=BODY, tether=True)
        self.gusts = [(rng.uniform(0.25, 0.6), rng.uniform(0.0, 2.0 * pi)) for _ in range(2)]
        self.strength = values["wind"] * self.swell()
        sheet.wind.field = self.wind_at
        world.on("before_integrate", self._swell_wind, name="flag.wind",
                 after=("sheet.long_press", "hand.place"), before="sheet.clock")
        return world, sheet

    def swell(self):
        """How strong the wind blows now, 0.55 to 1.0 of the slider: slow seeded gusts."""
        total = 0.0
        for frequency, phase in self.gusts:
            total += sin(frequency * 2.0 * pi * self.time + phase)
        return 0.775 + 0.1125 * total

    def _swell_wind(self):
        self.strength = self.values["wind"] * self.swell()  # once a frame, not per triangle

    def wind_at(self, x, y):
        """The wind vector at (x, y), px/s^2: the swell, plus ripples running down the flag;
        worked out where (x, y) lies on the 31.5 px flag it was tuned on, and scaled (SCALE)."""
        strength = self.strength * SCALE
        t = self.time
        along = (x - POLE_X) / SCALE
        ripple = sin(0.035 * along - 9.0 * t)
        return (strength * (1.0 + 0.5 * ripple),
                strength * 0.8 * sin(0.045 * along - 8.0 * t
                                     + 0.01 * (POLE_TOP + (y - POLE_TOP) / SCALE)))

    def observe_wind(self):
        """The wind at the middle of the flag's rest place, px/s^2 ((0, 0) when calm)."""
        if not (self.wind_on and self.values["wind"] > 0.0):
            return 0.0, 0.0
        return self.wind_at(POLE_X + SPACING * (COLUMNS - 1) / 2.0,
                            POLE_TOP + SPACING * (ROWS - 1) / 2.0)

    def observe(self):
        state = super().observe()
        state["wind"] = list(self.observe_wind())
        return state
