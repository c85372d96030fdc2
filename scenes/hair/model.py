"""A head of hair that follows the pointer: strands with bend limits, so it never folds like string.

Pure Python on `verlet/`: every strand is a `verlet.Strand`, a chain rooted on the
head (a pinned particle the model puts back on the scalp every frame), its points falling with
the world's gravity and damping. Follow-the-leader from the root: each point is put back one
segment from the one before and turned into its bend range (`verlet.AngleRange`, as Takopi's
knees and feet are): the first from the scalp's outward direction, each next one from the
segment before it. With no limits a strand is string and hangs straight down; with them it
arches out of the scalp and curves over, and a whipped head makes it swing in arcs.

The head eases towards the pointer while it is pressed (a critically damped spring, so it
swings the hair without overshooting); let go, it drifts back home at a gentle pace. The
arrows or WASD nudge it at a walking pace, and it drifts home from there too once the keys are
let go. The head stays on the canvas and below the toolbar's row. Hair lies on the head, never
in it: in the same root-to-tip pass, right after its bend range, a point inside the head slides
out onto it on its circle about its pivot (as a strand's `bounds` keep it inside a box).

The frame is the world's: before the integration the head moves and the roots go back onto the
scalp; the strands are the world's one solver pass ("after_iteration": the world itself holds
no constraints). A fresh model has already hung its hair into its rest shape: the frames it
takes to settle are run silently at construction (the same every time, no randomness in them).
"""

from math import atan2, cos, hypot, radians, sin, sqrt

from scenes.kit.model.measures import Measure, worst_bend_share
from scenes.kit.model.params import Param, ParamTable
from verlet import Strand, World, chain
from verlet.solver import move_now
from verlet.strand import set_distance

HELP = ("hair that follows the pointer: drag the head, arrows nudge it, let go and it drifts "
        "home; bend limits keep its shape")
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
"""Where the head sits when nobody moves it (its home), px."""
TOOLBAR_BOTTOM = 52.0
"""Lower edge of the app's toolbar row, px from the canvas top (`app.toolbar`: TOP 12 + BUTTON
40): the row spans the top right, so the head stays below this whole band."""
MARGIN = 6.0
"""Space kept between the head and the canvas edge (or the toolbar band), px."""
NUDGE = 2.0
"""How far a held arrow key moves the head's target per frame, px (120 px a second)."""
HOME_EASE = 0.04
HOME_SPEED = 4.0
"""Let go, the target drifts home by HOME_EASE of the way a frame, at most HOME_SPEED px."""
REACH = HEAD_RADIUS + 3.0
"""No strand point comes nearer the head's centre than this, px: hair lies on the head."""
SETTLE_FRAMES = 600
SETTLE_STILL = 0.01
SETTLE_DAMPING = 0.85
"""A fresh model runs up to SETTLE_FRAMES frames silently (damped at least SETTLE_DAMPING),
until no point moves SETTLE_STILL px in one."""
KEYS = {"left": (-1, 0), "a": (-1, 0), "right": (1, 0), "d": (1, 0), "up": (0, -1),
        "w": (0, -1), "down": (0, 1), "s": (0, 1)}


class FixedAngle:
    """A strand's root direction that never changes (the `base_angle` of `verlet.Strand`): the
    angle it grows out of the scalp at. A plain object, not a lambda, so the model pickles
    (the timeline keeps copies of the run)."""

    def __init__(self, angle):
        self.angle = angle

    def __call__(self):
        return self.angle


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
        self.anchor = list(REST)   # where the head goes when nobody drags it
        self.strands = []
        for k in range(STRANDS):
            angle = SCALP[0] + (SCALP[1] - SCALP[0]) * k / (STRANDS - 1)
            angle += rng.uniform(-0.03, 0.03)
            self.strands.append(self._grow(angle))
        self._set_bend(values["bend"])
        self.world.on("before_integrate", self._move_head)
        self.world.on("before_integrate", self._root_on_scalp)
        self.world.on("after_iteration", self._solve_strands)
        self._settle()

    def _settle(self):
        """Hang the hair into its rest shape before anyone sees it. The rest shape does not
        depend on damping, so the silent frames are damped at least SETTLE_DAMPING (an
        undamped head of hair would swing for ever before it got there)."""
        damping = self.world.damping
        self.world.damping = min(damping, SETTLE_DAMPING)
        for _ in range(SETTLE_FRAMES):
            before = [(p.x, p.y) for p in self.world.particles]
            self.world.step()
            if all(abs(p.x - x) + abs(p.y - y) < SETTLE_STILL
                   for p, (x, y) in zip(self.world.particles, before)):
                break
        self.world.damping = damping
        for p in self.world.particles:
            p.px, p.py = p.x, p.y   # at rest: no velocity left over

    def _grow(self, angle):
        step = (cos(angle) * SEGMENT, sin(angle) * SEGMENT)
        (root, *points), _ = chain(self.world, self._on_scalp(angle), step, SEGMENTS, link=None)
        strand = Strand(root, points, SEGMENT, [(0.0, 0.0)] * SEGMENTS, FixedAngle(angle))
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
            self.anchor = list(self.head)   # it drifts home from where it was let go

    def room(self):
        """(left, top, right, bottom) the head's centre stays in: the whole head on the canvas,
        below the toolbar's band."""
        edge = HEAD_RADIUS + MARGIN
        return (edge, TOOLBAR_BOTTOM + edge, self.size[0] - edge, self.size[1] - edge)

    def _inside(self, pos):
        left, top, right, bottom = self.room()
        return (min(right, max(left, pos[0])), min(bottom, max(top, pos[1])))

    def _move_anchor(self):
        """Held keys nudge the anchor; with no key held it drifts home."""
        if self.keys:
            for key in self.keys:
                dx, dy = KEYS[key]
                self.anchor[0] += dx * NUDGE
                self.anchor[1] += dy * NUDGE
        else:
            dx, dy = REST[0] - self.anchor[0], REST[1] - self.anchor[1]
            distance = hypot(dx, dy)
            if distance > 0.0:
                step = min(distance, max(0.5, min(HOME_SPEED, distance * HOME_EASE)))
                self.anchor[0] += dx / distance * step
                self.anchor[1] += dy / distance * step
        self.anchor = list(self._inside(self.anchor))

    def _move_head(self):
        self._move_anchor()
        tx, ty = self.target if self.target is not None else self.anchor
        k = self.values["follow"]
        vx, vy = self.head_velocity
        # a critically damped spring: pulled by k, braked by 2 sqrt(k)
        brake = 2.0 * sqrt(k)
        vx += (tx - self.head[0]) * k - vx * brake
        vy += (ty - self.head[1]) * k - vy * brake
        x, y = self._inside((self.head[0] + vx, self.head[1] + vy))
        # at the room's edge the head stops there: it keeps no speed into the edge
        self.head_velocity = [x - self.head[0], y - self.head[1]]
        self.head = [x, y]

    def step(self):
        """One frame of the world (its hooks move the head and solve the strands)."""
        self.world.step()

    def _root_on_scalp(self):
        """Before the integration: every root back on the scalp where the head is now."""
        for strand in self.strands:
            strand.chain[0].place(*self._on_scalp(strand.scalp_angle))

    def _solve_strands(self):
        """The frame's pass: each strand root to tip, its bend range, then out of the head."""
        hx, hy = self.head
        for strand in self.strands:
            chain = strand.chain
            reference = strand.base_angle()
            for i, limit in enumerate(strand.limits):
                pivot, point = chain[i], chain[i + 1]
                set_distance(pivot, point, strand.segment, reference)
                limit.project_from(reference, move_now)
                keep_outside(pivot, point, strand.segment, (hx, hy), REACH)
                reference = atan2(point.y - pivot.y, point.x - pivot.x)

    def phase_links(self):
        """(pivot, point) of every segment in the order the frame's pass solves them: strand
        by strand, root to tip (`_solve_strands`; the world holds no constraints)."""
        return [(strand.chain[i], strand.chain[i + 1]) for strand in self.strands
                for i in range(len(strand.limits))]

    def points(self):
        return [(p.x, p.y) for p in self.world.particles] + [tuple(self.head)]

    def bounds(self):
        return (0.0, 0.0, float(self.size[0]), float(self.size[1]))

    def measures(self):
        """The worst bend of any joint as a share of its range (1.0: at its edge)."""
        return [Measure("bend", "굽힘 bend", worst_bend_share(self.strands), 1.0, "한계 range",
                        0.0, 1.2)]

    def observe(self):
        return {
            "strands": [[[p.x, p.y] for p in strand.chain] for strand in self.strands],
            "head": list(self.head),
        }


def keep_outside(pivot, point, length, centre, radius):
    """Slide `point` out of the disc (`centre`, `radius`) on its circle of `length` about
    `pivot`, to the nearer of the two places where that circle meets the disc's rim.

    The point stays exactly `length` from the pivot whenever the two circles cross (they do
    whenever the pivot is outside or on the rim, or inside by less than `length`); otherwise
    it goes straight out to the rim.
    """
    cx, cy = centre
    dx, dy = point.x - cx, point.y - cy
    if dx * dx + dy * dy >= radius * radius:
        return
    ox, oy = pivot.x - cx, pivot.y - cy
    d = hypot(ox, oy)
    if d < 1e-9 or not (abs(radius - length) <= d <= radius + length):
        distance = hypot(dx, dy)
        if distance < 1e-9:
            dx, dy, distance = ox, oy, d
        if distance < 1e-9:
            dx, dy, distance = 0.0, -1.0, 1.0
        point.x, point.y = cx + dx / distance * radius, cy + dy / distance * radius
        return
    # along the centre-to-pivot line the crossing chord sits at `a` from the centre
    a = (radius * radius - length * length + d * d) / (2.0 * d)
    h = sqrt(max(0.0, radius * radius - a * a))
    ux, uy = ox / d, oy / d
    bx, by = cx + ux * a, cy + uy * a
    first = (bx - uy * h, by + ux * h)
    second = (bx + uy * h, by - ux * h)
    nearer = min((first, second), key=lambda q: (q[0] - point.x) ** 2 + (q[1] - point.y) ** 2)
    point.x, point.y = nearer
