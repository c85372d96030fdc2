"""A pendulum: a bob on a rod from a pin, that a press pushes toward the pointer. Pure Python."""

from scenes.kit.model.params import Param, ParamTable, downward
from verlet import Distance, World

HELP = "a pendulum: press to push the bob toward the pointer"
PARAMS = ParamTable(
    Param("length", 160.0, 40.0, 240.0, "rod length, px", sets="rod.rest"),
    Param("gravity", 0.4, 0.0, 1.5, "downward acceleration, px per frame squared",
          sets="world.gravity", to=downward),
)
PIVOT = (480.0, 120.0)
PUSH = 0.05
"""Share of the way to the pointer the bob is moved each frame while pressed."""


class PendulumModel:
    def __init__(self, size, values, rng):
        self.world = World(gravity=(0.0, values["gravity"]), damping=0.995, iterations=4)
        self.pivot = self.world.add_particle(*PIVOT, pinned=True)
        self.bob = self.world.add_particle(PIVOT[0] + values["length"], PIVOT[1])
        self.rod = self.world.add(Distance(self.pivot, self.bob, values["length"]))
        self.pointer = None
        self.world.on("before_integrate", self._push)

    def input(self, kind, value):
        if kind in ("down", "move") and (kind == "down" or self.pointer is not None):
            self.pointer = value
        elif kind == "up":
            self.pointer = None

    def _push(self):
        if self.pointer is not None:
            self.bob.x += (self.pointer[0] - self.bob.x) * PUSH
            self.bob.y += (self.pointer[1] - self.bob.y) * PUSH

    def step(self):
        self.world.step()

    def observe(self):
        return {"bob": [self.bob.x, self.bob.y], "pressed": self.pointer is not None}
