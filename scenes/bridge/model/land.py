"""The land the bridge spans: two cliffs of rock with grass on top, over a chasm.

Side view. Each cliff is a `verlet.ConvexSolid`: a flat top at CLIFF_TOP from the canvas's edge
to the cliff's inner edge, and a face that leans back CLIFF_LEAN px by the canvas's bottom (the
chasm widens downward). Crates rest on the tops, nothing sits inside the rock, and what hangs
from a post after the bridge tears lies along the face instead of inside it.
"""

from verlet.solids import ConvexSolid

CLIFF_LEFT, CLIFF_RIGHT, CLIFF_TOP = 150.0, 810.0, 250.0
"""Inner edges of the two cliffs and the height of their tops, px."""
CLIFF_LEAN = 30.0
"""How far each face leans back from its inner edge by the canvas's bottom, px."""


def cliff_outlines(size):
    """The corners of the left and the right cliff on a canvas of `size`, px."""
    width, height = size
    left = [(0.0, CLIFF_TOP), (CLIFF_LEFT, CLIFF_TOP), (CLIFF_LEFT - CLIFF_LEAN, height),
            (0.0, height)]
    right = [(CLIFF_RIGHT, CLIFF_TOP), (float(width), CLIFF_TOP), (float(width), height),
             (CLIFF_RIGHT + CLIFF_LEAN, height)]
    return left, right


def cliffs(size):
    """The two cliffs as solids (reaching a canvas below the bottom, so nothing slips under)."""
    width, height = size
    deep = (width, height + 400.0)
    lean = CLIFF_LEAN * (deep[1] - CLIFF_TOP) / (height - CLIFF_TOP)
    left = [(-400.0, CLIFF_TOP), (CLIFF_LEFT, CLIFF_TOP), (CLIFF_LEFT - lean, deep[1]),
            (-400.0, deep[1])]
    right = [(CLIFF_RIGHT, CLIFF_TOP), (width + 400.0, CLIFF_TOP), (width + 400.0, deep[1]),
             (CLIFF_RIGHT + lean, deep[1])]
    return [ConvexSolid(left), ConvexSolid(right)]


def on_a_cliff_top(x):
    """True when x lies over one of the cliffs' tops."""
    return x <= CLIFF_LEFT or x >= CLIFF_RIGHT
