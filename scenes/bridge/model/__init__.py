"""The rope bridge's model: pure Python on `verlet/`, no pygame.

`bridge` builds the bridge and runs its frame (the hand, the keys, snapping ropes), `hanging`
its ropes and the shape it settles in, `crates` the weights dropped on it, `land` the cliffs it
spans. A light crate the bridge carries; a heavy one
stretches the ropes past their limit and the bridge comes apart. Pieces that no longer hang on a
post fall, and everything that leaves the canvas is forgotten.
"""

from scenes.kit.model.params import Param, ParamTable, downward

from .bridge import DAMPING, FALL_MARGIN, GRAB_RADIUS, PLANK_NEVER_BREAKS, BridgeModel, deck_height
from .crates import Crate
from .hanging import SETTLED_SHAPES, Rope
from .land import CLIFF_LEFT, CLIFF_RIGHT, CLIFF_TOP, cliff_outlines

HELP = ("a rope bridge: drop crates on it (press above it, or Space), heavy ones snap it; "
        "drag a plank to swing it")
PARAMS = ParamTable(
    # weight lives in the run's values only: the next crate reads it
    Param("weight", 3.0, 0.5, 40.0, "mass of the next crate, in planks (a plank weighs 1)"),
    Param("strength", 1.1, 1.05, 3.0, "a rope snaps past this many times the length it hangs at",
          calls="set_strength"),
    # new passes or a new pull: the ropes measure their hang again (`BridgeModel.hang_anew`),
    # and the passes change the stretch a rope snaps at
    Param("iterations", 12, 1, 30, "constraint passes per frame: more is stiffer", integer=True,
          sets="world.iterations", then=("hang_anew", "renew_strength")),
    Param("gravity", 0.3, 0.05, 1.0, "downward acceleration, px per frame squared",
          sets="world.gravity", to=downward, then="hang_anew"),
)

__all__ = ["CLIFF_LEFT", "CLIFF_RIGHT", "CLIFF_TOP", "DAMPING", "FALL_MARGIN", "GRAB_RADIUS",
           "HELP", "PARAMS", "PLANK_NEVER_BREAKS", "SETTLED_SHAPES", "BridgeModel", "Crate",
           "Rope", "cliff_outlines", "deck_height"]
