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

from math import acos, asin, atan2, cos, hypot, radians, sin, sqrt

from scenes.kit.model.measures import Measure, bend_reading
from scenes.kit.model.params import Param, ParamTable, downward
from verlet import Strand, World, chain
from verlet.solver import move_now
from verlet.geometry import wrap_angle
from verlet.strand import set_distance
from scenes.kit.model.prepare import BuiltInStages

HELP = ("hair that follows the pointer: drag the head, arrows nudge it, let go and it drifts "
        "home; bend limits keep its shape")
PARAMS = ParamTable(
    # bend and follow live in the run's values only: the joints ease to the bend a frame at a
    # time (`_ease_bend`), the head reads follow every frame (`_move_head`)
    Param("bend", 20, 2, 60, "largest bend at each joint of a strand, degrees"),
    Param("gravity", 0.35, 0.0, 1.2, "downward acceleration, px per frame squared",
          sets="world.gravity", to=downward),
    Param("follow", 0.12, 0.02, 0.5, "how quickly the head moves to the pointer, per frame"),
    Param("damping", 0.93, 0.8, 1.0, "velocity hair keeps per frame: lower is calmer",
          sets="world.damping"),
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
HEAD_SPEED = 16.0
"""The fastest the head moves, px a frame (960 px a second): a press across the canvas at
follow 0.5 jumped it 94-390 px in one frame, its hair with it."""
HEAD_ACCELERATION = 2.0
"""The most the head's speed changes in a frame, px a frame per frame: a head that went from
still to full speed, or back the other way, in one frame whipped its hair into a tangle
(bend 60: 176 strand crossings at rest, 254 after a whip of the pointer across the canvas; at
2 the hair ends the whip as it began, 176)."""
BEND_RATE = 1.0
"""How fast the bend limit follows its slider, degrees a frame: moved from 20 to 2 at once on
resting hair it straightened every joint in one frame and a tip jumped 127 px."""
MAX_POINT_MOVE = 90.0
"""The farthest any point of the hair (or the head) moves in one frame, px, under any input: the
head moves at most HEAD_SPEED (16 px), a slider eases (BEND_RATE: 7-19 px a frame while the
bend eases from 20 to 2 or 2 to 60), but a strand's tip, 112 px out from its root, still snaps
through from one side of its bend limits to the other as the head drags it about: 53-75 px
in a frame in random play with random sliders (16 runs of 900 frames). Before, a slider
move jumped a point 127 px and a press at follow 0.5 the head 94-390 px in one frame."""
REACH = HEAD_RADIUS + 3.0
"""No strand point comes nearer the head's centre than this, px: hair lies on the head."""
DIP = 5.0
"""Where a strand stands on end against the head, the whole bend range of its next joint lies
nearer than REACH: then the bend limit wins as long as the point stays within DIP px inside
the drawn head's rim (under the strand's own 7-12 px wide stroke); only deeper does the joint
give (`keep_outside`). With the head's rim winning always, a whip at bend 60 bent joints up
to 16 degrees past their limit; with DIP, at most a few."""
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


class HairModel(BuiltInStages):
    """The head, its target, the strands."""

    max_point_move = MAX_POINT_MOVE
    """The farthest any point moves in one frame under any input, px (the cross-scene property
    test reads it): see MAX_POINT_MOVE."""

    def _construct(self, size, values, rng):
        self.size = size
        self.values = values  # the run's: the slider's bend and follow are read from it
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
        self.bend = values["bend"]
        """The bend limit the joints have now, degrees: it eases to the slider's (BEND_RATE)."""
        self._set_bend(self.bend)
        self.world.on("before_integrate", self._ease_bend)
        self.world.on("before_integrate", self._move_head, name="hair.move_head")
        self.world.on("before_integrate", self._root_on_scalp, after="hair.move_head")
        self.world.on("after_iteration", self._solve_strands)
        yield from self._settle()

    def _settle(self):
        """Hang the hair into its rest shape before anyone sees it. The rest shape does not
        depend on damping, so the silent frames are damped at least SETTLE_DAMPING (an
        undamped head of hair would swing for ever before it got there). A generator: it
        yields after every silent frame (`building`)."""
        damping = self.world.damping
        self.world.damping = min(damping, SETTLE_DAMPING)
        for _ in range(SETTLE_FRAMES):
            before = [(p.x, p.y) for p in self.world.particles]
            self.world.step()
            yield
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

    def _ease_bend(self):
        """Before the integration: the joints' bend limit one BEND_RATE step nearer the
        slider's."""
        goal = self.values["bend"]
        if self.bend != goal:
            self.bend = min(goal, self.bend + BEND_RATE) if goal > self.bend else max(
                goal, self.bend - BEND_RATE)
            self._set_bend(self.bend)

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
        # a critically damped spring: pulled by k, braked by 2 sqrt(k), but never more than
        # the whole speed (past 1 the brake reversed the head every frame: at follow 0.5 it
        # rang), and never faster than HEAD_SPEED
        brake = min(1.0, 2.0 * sqrt(k))
        ax = (tx - self.head[0]) * k - vx * brake
        ay = (ty - self.head[1]) * k - vy * brake
        push = hypot(ax, ay)
        if push > HEAD_ACCELERATION:
            ax, ay = ax * HEAD_ACCELERATION / push, ay * HEAD_ACCELERATION / push
        vx += ax
        vy += ay
        speed = hypot(vx, vy)
        if speed > HEAD_SPEED:
            vx, vy = vx * HEAD_SPEED / speed, vy * HEAD_SPEED / speed
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
                keep_outside(pivot, point, strand.segment, (hx, hy), REACH, reference,
                             limit.lo, limit.hi, HEAD_RADIUS - DIP)
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
        """How far past its range the most bent joint is, degrees (0 while every joint keeps
        its limit: the frame's violation), and how much of their range the joints use on
        average (1.0: every joint at its edge). The fullest bend alone said nothing: resting
        hair leans on its limits, so it read 100 % at rest and in a whip alike."""
        past, share = bend_reading(self.strands)
        return [Measure("past", "초과 past range", past, 0.0, "한계 range", 0.0, 10.0),
                Measure("bend", "굽힘 bend", share, 1.0, "한계 range", 0.0, 1.2)]

    def observe(self):
        return {
            "strands": [[[p.x, p.y] for p in strand.chain] for strand in self.strands],
            "head": list(self.head),
        }


def keep_outside(pivot, point, length, centre, radius, reference, lo, hi, least=None):
    """Slide `point` out of the disc (`centre`, `radius`) on its circle of `length` about
    `pivot`, without bending its joint out of its range: its direction from the pivot stays
    within [lo, hi] of `reference` (radians), as the bend limit just left it.

    Of the places on that circle within the range and outside the disc (where the circle
    meets the disc's rim, or the range's ends) the point goes to the one nearest it: sliding
    out to the nearer crossing regardless bent joints 11-83 degrees past their limit in a whip
    at bend 60. When the whole range lies inside the disc the point goes to the end
    of the range farthest out, if that is at least `least` from the centre; only nearer in
    does the joint give: the point goes to the crossing nearest the range (or, if the pivot's whole circle is in
    the disc, as far out as it reaches). The point always stays `length` from the pivot.
    """
    cx, cy = centre
    rr = radius * radius
    if (point.x - cx) ** 2 + (point.y - cy) ** 2 >= rr:
        return
    px, py = pivot.x, pivot.y
    now = wrap_angle(atan2(point.y - py, point.x - px) - reference)

    def place(relative):
        angle = reference + relative
        return px + cos(angle) * length, py + sin(angle) * length

    def outside(relative):
        x, y = place(relative)
        return (x - cx) ** 2 + (y - cy) ** 2 >= rr - 1e-9

    candidates = [end for end in (lo, hi) if outside(end)]
    crossings = []
    ox, oy = px - cx, py - cy
    d = hypot(ox, oy)
    if d > 1e-9 and abs(radius - length) <= d <= radius + length:
        # the pivot's circle meets the rim at `half` either side of the pivot-to-centre line
        cosine = (length * length + d * d - rr) / (2.0 * length * d)
        half = acos(max(-1.0, min(1.0, cosine)))
        inward = atan2(-oy, -ox)
        crossings = [wrap_angle(inward + side - reference) for side in (-half, half)]
    inside = [relative for relative in crossings if lo <= relative <= hi]
    # a crossing the segment meets too steeply leaves the next joint (as wide as this one) no
    # way out of the disc: taken only when nothing else is left
    shallow = [relative for relative in inside if steepness(place(relative), reference + relative,
                                                             centre) < hi]
    candidates += shallow or inside
    if candidates:
        chosen = min(candidates, key=lambda relative: abs(wrap_angle(relative - now)))
    elif least is not None and max(hypot(place(end)[0] - cx, place(end)[1] - cy)
                                   for end in (lo, hi)) >= least:
        # the whole range is within `radius`, but an end still clears `least`: there
        chosen = max((lo, hi), key=lambda end: hypot(place(end)[0] - cx, place(end)[1] - cy))
    elif crossings:  # the whole range is in the head: the crossing nearest the range
        chosen = min(crossings, key=lambda relative: min(abs(wrap_angle(relative - lo)),
                                                         abs(wrap_angle(relative - hi))))
    else:  # the pivot's whole circle is in the head: straight out, as far as it reaches
        chosen = max((lo, hi, wrap_angle(atan2(oy, ox) - reference)),
                     key=lambda relative: hypot(place(relative)[0] - cx, place(relative)[1] - cy))
    point.x, point.y = place(chosen)


def steepness(at, direction, centre):
    """The angle at which a segment heading `direction` (radians) at point `at` on a circle
    about `centre` heads into it, radians from its tangent (0: along the rim; negative:
    outwards)."""
    nx, ny = at[0] - centre[0], at[1] - centre[1]
    length = hypot(nx, ny)
    if length < 1e-9:
        return 0.0
    return asin(max(-1.0, min(1.0, -(cos(direction) * nx + sin(direction) * ny) / length)))
