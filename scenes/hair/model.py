"""A head of hair that follows the pointer: strands with bend limits, so it never folds like string.

Pure Python on `verlet/`: every strand is a `verlet.Strand`, a chain rooted on the
head (a pinned particle the model puts back on the scalp every frame), its points falling with
the world's gravity and damping. Follow-the-leader from the root: each point is put back one
segment from the one before and turned into its bend range (`verlet.AngleRange`, as Takopi's
knees and feet are): the first from the scalp's outward direction, each next one from the
segment before it. With no limits a strand is string and hangs straight down; with them it
arches out of the scalp and curves over, and a whipped head makes it swing in arcs.

The head eases towards the pointer while it is pressed (a critically damped spring, so it
swings the hair without overshooting) and back to its rest place when let go. The arrows or
WASD nudge it too. Strand points are pushed out of the head so hair lies on it, not in it.

The frame is the world's: before the integration the head moves and the roots go back onto the
scalp; the strands are the world's one solver pass ("after_iteration": the world itself holds
no constraints), each solved root to tip, pushed out of the head, and solved again if it was.
"""

from math import cos, radians, sin, sqrt

from scenes.kit.model.params import Param, ParamTable
from verlet import Strand, World, chain

HELP = "hair that follows the pointer: drag the head, arrows nudge it; bend limits keep its shape"
PARAMS = ParamTable(
    Param("bend", 20, 2, 60, "largest bend at each joint of a strand, degrees"),
    Param("gravity", 0.35, 0.0, 1.2, "downward acceleration, px per frame squared"),
    Param("follow", 0.12, 0.02, 0.5, "how quickly the head moves to the pointer, per frame"),
    Param("damping", 0.93, 0.8, 1.0, "velocity hair keeps per frame: lower is calmer"),
)

STRANDS = 21
SEGMENTS = 8
SEGMENT = 14.0
"""21 strands of 8 segments, 14 px each."""
HEAD_RADIUS = 56.0
SCALP = (radians(-175), radians(-5))
"""Where on the head the roots sit: from the left side over the top to the right (y down)."""
REST = (480.0, 250.0)
"""Where the head sits when nobody moves it, px."""
MARGIN = 6.0
NUDGE = 6.0
"""How far a held arrow key moves the head's target per frame, px."""
KEYS = {"left": (-1, 0), "a": (-1, 0), "right": (1, 0), "d": (1, 0), "up": (0, -1),
        "w": (0, -1), "down": (0, 1), "s": (0, 1)}


class HairModel:
    """The head, its target, the strands."""

    def __init__(self, size, values, rng):
        self.size = size
        self.values = dict(values)
        self.world = World(gravity=(0.0, values["gravity"]), damping=values["damping"],
                           iterations=1)
        self.head = list(REST)
        self.head_velocity = [0.0, 0.0]
        self.target = None   # the pointer while pressed
        self.keys = set()
        self.nudged = list(REST)
        self.strands = []
        for k in range(STRANDS):
            angle = SCALP[0] + (SCALP[1] - SCALP[0]) * k / (STRANDS - 1)
            angle += rng.uniform(-0.03, 0.03)
            self.strands.append(self._grow(angle))
        self._set_bend(values["bend"])
        self.world.on("before_integrate", self._move_head)
        self.world.on("before_integrate", self._root_on_scalp)
        self.world.on("after_iteration", self._solve_strands)

    def _grow(self, angle):
        step = (cos(angle) * SEGMENT, sin(angle) * SEGMENT)
        (root, *points), _ = chain(self.world, self._on_scalp(angle), step, SEGMENTS, link=None)
        strand = Strand(root, points, SEGMENT, [(0.0, 0.0)] * SEGMENTS,
                        lambda: angle)
        strand.scalp_angle = angle
        return strand

    def _on_scalp(self, angle):
        return (self.head[0] + HEAD_RADIUS * cos(angle), self.head[1] + HEAD_RADIUS * sin(angle))

    def _set_bend(self, degrees):
        limit = radians(degrees)
        for strand in self.strands:
            for joint in strand.limits:
                joint.lo, joint.hi = -limit, limit

    def set_param(self, name, value):
        self.values[name] = value
        if name == "bend":
            self._set_bend(value)
        elif name == "gravity":
            self.world.gravity = (0.0, value)
        elif name == "damping":
            self.world.damping = value

    def input(self, kind, value):
        if kind == "key_down" and value in KEYS:
            self.keys.add(value)
        elif kind == "key_up":
            self.keys.discard(value)
        elif kind == "down":
            self.target = self._inside(value)
        elif kind == "move" and self.target is not None:
            self.target = self._inside(value)
        elif kind == "up":
            self.target = None
            self.nudged = list(self.head)

    def _inside(self, pos):
        return (min(self.size[0] - MARGIN, max(MARGIN, pos[0])),
                min(self.size[1] - MARGIN, max(MARGIN, pos[1])))

    def _move_head(self):
        for key in self.keys:
            dx, dy = KEYS[key]
            self.nudged[0] += dx * NUDGE
            self.nudged[1] += dy * NUDGE
        self.nudged = list(self._inside(self.nudged))
        tx, ty = self.target if self.target is not None else self.nudged
        k = self.values["follow"]
        vx, vy = self.head_velocity
        # a critically damped spring: pulled by k, braked by 2 sqrt(k)
        brake = 2.0 * sqrt(k)
        vx += (tx - self.head[0]) * k - vx * brake
        vy += (ty - self.head[1]) * k - vy * brake
        self.head_velocity = [vx, vy]
        self.head = list(self._inside((self.head[0] + vx, self.head[1] + vy)))

    def step(self):
        """One frame of the world (its hooks move the head and solve the strands)."""
        self.world.step()

    def _root_on_scalp(self):
        """Before the integration: every root back on the scalp where the head is now."""
        for strand in self.strands:
            strand.chain[0].place(*self._on_scalp(strand.scalp_angle))

    def _solve_strands(self):
        """The frame's pass: each strand root to tip, out of the head, and again if it was in."""
        for strand in self.strands:
            strand.solve()
            if self._push_out_of_head(strand):
                strand.solve()

    def _push_out_of_head(self, strand):
        """Points inside the head go to its surface; True if any moved."""
        hx, hy = self.head
        reach = HEAD_RADIUS + 3.0
        moved = False
        for p in strand.chain[1:]:
            dx, dy = p.x - hx, p.y - hy
            distance_sq = dx * dx + dy * dy
            if distance_sq < reach * reach:
                distance = sqrt(distance_sq)
                if distance == 0.0:
                    dx, dy, distance = 0.0, -1.0, 1.0
                p.x, p.y = hx + dx / distance * reach, hy + dy / distance * reach
                moved = True
        return moved

    def points(self):
        return [(p.x, p.y) for p in self.world.particles] + [tuple(self.head)]

    def bounds(self):
        return (0.0, 0.0, float(self.size[0]), float(self.size[1]))

    def observe(self):
        return {
            "strands": [[[p.x, p.y] for p in strand.chain] for strand in self.strands],
            "head": list(self.head),
        }
