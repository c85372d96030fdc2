"""Takopi, the soft body that stores no shape: `TakopiModel`, the first article's demo (T1-T13).

Pure Python on `verlet/` (it runs in Pyodide). The body is a 16-point ring kept by two numbers,
the neighbour spacing and the target area (`body.py`, T1-T7); four three-point legs follow it
(`legs.py`, T11, T12); each frame the whole figure is turned back by a share of its crown-line
tilt, position and previous together, so it stands up again without bouncing (T13). All of it
runs inside one frame of the body's `World`: the press and the turn before the integration, the
body's hooks, then the legs after the solve; `step()` is that frame.

Input, in the model protocol of `scenes.kit.model.run`: "down"/"move"/"up" press, drag and
release the push circle (T7); "key_down" "space" or "return" is one press-and-release from above
(T8), a scripted finger that comes down onto the crown and lifts again. The finger is
`press.py`'s: a press far from the body is the circle centred on the pointer, as in the article;
the circle is larger than the body, so on the body or near it the circle comes in through the
surface from outside, along the line from the body's centre through the pointer, dents it from
that side (straight beneath the underside, from below) and keeps that side while dragged; what
it pushes gets no speed from it and grips it, so a still press is a dent and never a kick and
a drag carries the body along. A new press or poke starts its own circle afresh. The drawing learns one thing from here
about the face: whether Takopi is being pressed (T9).
"""

from math import cos, hypot, pi, sin

from scenes.kit.model.measures import Measure
from scenes.kit.model.params import Param, ParamTable, downward
from scenes.kit.model.prepare import BuiltInStages

from .body import CROWN, RING_POINTS, Body, Outline
from .legs import Leg, default_shapes
from .press import (CIRCLE_SPEED, POKE_DEPTH, PRESS_IN, TOUCH, Poke, PushCircle, clearing_reach,
                    ease, plan_press)
from .press import CENTRE_PRESS, FINGERTIP, NEAR_DENT  # noqa: F401 (what views and tests read)

HELP = "Takopi, a soft body kept by two numbers: press or drag it, Enter/Space pokes it"
PARAMS = ParamTable(
    # T5: the iteration count is the body's stiffness.
    Param("iterations", 10, 1, 40, "spacing + area passes per frame: more is stiffer",
          integer=True, sets="body.world.iterations"),
    # T4: the target area, deliberately out of reach at 1.5. At 1 or below it is within reach
    # (the built regular ring has exactly that area): the ring stops being taut and slumps into
    # a slack bag with no one rest shape, whose crown line no longer measures a turn of the
    # body, so the upright correction (T13) could only drive it round like a tank track. The
    # slider starts at 1.1, still out of reach by a tenth.
    Param("area_ratio", 1.5, 1.1, 3.0, "target area / initial circle's area: how hard it puffs",
          calls="body.set_area_ratio"),
    # T2: the body damping of the Verlet step.
    Param("damping", 0.99, 0.9, 1.0, "velocity kept per frame: lower calms it sooner",
          sets="body.world.damping"),
    Param("gravity", 0.3, 0.0, 1.2, "downward acceleration, px per frame squared",
          sets="body.world.gravity", to=downward),
    # push_radius and upright_rate live in the run's values only: read every press and frame
    # T7: the article's 100 px press.
    Param("push_radius", 100, 20, 220, "radius of the press circle, px"),
    # T13: the article's 4 %.
    Param("upright_rate", 0.04, 0.0, 0.2, "share of the tilt undone each frame"),
)

INITIAL_RADIUS = 70.0
"""Radius of the circle the ring is built on, px. With the default area ratio the taut ring
settles about 1.2 x larger: some 170 px across on the 960 x 540 canvas."""
GROUND_HEIGHT = 62.0
"""Height of the floor band at the bottom of the canvas, px."""
STANCE = 26.0
"""How far above the ground the body's own floor is, px: the height its legs stand it at. The
legs only follow the body (as in the article), so the body rests on this invisible step."""
WALL_MARGIN = 8.0
"""Distance every point keeps from the canvas's left, right and top edges, px."""
BODY_FRICTION = 0.3
"""Share of along-wall velocity a body point touching the floor or a wall loses per frame."""
DROP_HEIGHT = 40.0
"""The body starts, filled and at rest, with its lowest point this far above its floor and drops
in, px (with gravity; weightless, it starts on its floor)."""

LEG_SWING = 0.35
"""Fastest the legs' down axis turns, radians a frame (`_swung_down`): the foot, 28-34 px from
its root, swings at most about 12 px a frame round it. The body righting itself turns it at
most upright_rate x its tilt a frame (0.2 x a quarter turn at the slider's end: 0.31)."""

MAX_POINT_MOVE = 45.0
"""The farthest any point of Takopi moves in one frame, px, whatever is pressed, dragged or
poked in any order: the push circle moves at most CIRCLE_SPEED (30 px) a frame and grips what
it carries, and what springs back when a press or a poke lets go moves up to about 27 px (a
poke cut short by a press). A press during a poke once moved a point 424 px."""

BOTTOM_INDEX = RING_POINTS // 2
"""Ring index of the point at the bottom at rest (the crown is index 0)."""
LEG_SHAPES = default_shapes(
    bottom_index=BOTTOM_INDEX,
    outer_segment=17.0, inner_segment=14.0,  # px: the outer legs are a little longer (T12)
    outer_splay=0.87, inner_splay=0.52,      # radians from the down axis: and splay more
    outer_offset=1.05, inner_offset=0.38,    # ring indices from the bottom point: under the middle
    curl=0.61,                               # radians from the upper segment: feet turn outwards
)

def toward(start, end, most):
    """`end`, or the point `most` px from `start` on the way to it if it is farther."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    distance = hypot(dx, dy)
    if distance <= most:
        return end
    return start[0] + dx * most / distance, start[1] + dy * most / distance


class TakopiModel(BuiltInStages):
    """The body, its legs, the press and the upright correction, one frame at a time."""

    max_point_move = MAX_POINT_MOVE
    """The farthest any point of the figure moves in one frame under any input, px (the
    cross-scene property test reads it): see MAX_POINT_MOVE."""

    def _construct(self, size, values, rng):
        self.size = tuple(size)
        self.values = values  # the run's: the press and the upright correction read it
        self.rng = rng  # nothing here is random; kept for the protocol
        width, height = self.size
        self.ground = height - GROUND_HEIGHT
        self.leg_bounds = (WALL_MARGIN, WALL_MARGIN, width - WALL_MARGIN, self.ground)
        body_bounds = (WALL_MARGIN, WALL_MARGIN, width - WALL_MARGIN, self.ground - STANCE)
        start_y = self.ground - STANCE - INITIAL_RADIUS - DROP_HEIGHT
        self.body = Body.__new__(Body)
        yield from self.body._construct((width / 2.0, start_y), INITIAL_RADIUS,
                                        values["area_ratio"], body_bounds, values["gravity"],
                                        values["damping"], values["iterations"], BODY_FRICTION)
        # Weightless it would hover where it was let go, with nothing under it to squash it
        # against: a press would only push it away. So it starts on its floor.
        drop = DROP_HEIGHT if values["gravity"] > 0.0 else 0.0
        self.body.lift_to(self.ground - STANCE - drop)
        self.down = self.down_angle()
        """The body's down axis as the legs last saw it: measured once a frame, after the body
        has moved and before the legs follow (they read it a dozen times a frame)."""
        self.world = self.body.world
        """The body's world, which also integrates the legs' knees and feet (same damping and
        gravity, one Verlet step for every moving point)."""
        self.legs = [Leg(shape, self.body.point_at(shape.ring_index), self.legs_down, self.world,
                         self.leg_bounds)
                     for shape in LEG_SHAPES]
        self.pointer = None
        self.press_side = (0.0, -1.0)
        """Unit vector from the pointer towards the push circle's centre: the outward side the
        finger comes in from (T7)."""
        self.press_reach = (0.0, 0.0, PRESS_IN)
        """(reach at press-down, reach once in, frames come in so far): how far along
        press_side from the pointer the circle's centre is. It eases from the first to the
        second over PRESS_IN frames (`_update_push`)."""
        self.poke = None
        self.press_radius = values["push_radius"]
        """The push circle's radius for the press or poke under way: the slider's value when it
        began. A new radius is for the next press: grown from 20 to 220 px under a finger
        already in the body, the circle threw the points it swallowed 184-190 px in a frame."""
        self.gesture = 0
        """Counts the presses and pokes begun: the push circle of one gesture sweeps on from
        where it was last frame, but a new gesture's first circle starts where it is planned,
        never swept from the last gesture's (`_update_push`)."""
        self.pushed_by = None
        """The gesture the push circle now in the body belongs to, or None."""
        self.pressed = False
        self.moments = []  # what a reader would name: ("pressed", {}) as a press first dents it
        self.last_pointer = None
        """Where the pointer was at the last frame's start: whether it is held still."""
        # The frame, in the body's world: the press and the upright turn before the
        # integration, the body's own hooks (stance, hard projections, wall friction), then
        # the legs follow the solved body.
        self.world.on("before_integrate", self._before_integrate)
        self.world.on("before_substep", self._stride_push)
        self.world.on("after_solve", self._legs_follow, name="takopi.legs_follow",
                      after="body.floor_friction")
        self.world.on("after_solve", self._note_press, after="takopi.legs_follow")

    # -- protocol ---------------------------------------------------------------------------

    def input(self, kind, value):
        """Pointer press/drag/release moves the push circle (T7); Enter or Space pokes (T8)."""
        if kind == "down":
            # A press begun while the poke is on the body is planned against the shape the
            # poke found: against the dent, a press just above it held the body as deep as the
            # poke had it and 30 px more (its centre moved 62 px, not 5.5 as on a fresh body).
            shape = self.body if self.poke is None else self.poke.found
            self.poke = None
            self.gesture += 1
            self.press_radius = self.values["push_radius"]
            self.pointer = (float(value[0]), float(value[1]))
            self.press_side, start, end = plan_press(shape, self.pointer, self.press_radius,
                                                     self.values["gravity"])
            if shape is not self.body:
                # It starts clear of the body as it is, too: planned against the poke's shape
                # alone, it was placed inside a body the poke had pushed on, and threw a point
                # 105 px in a frame.
                start = max(start, clearing_reach(self.body.points, self.pointer,
                                                  self.press_side, self.press_radius))
            self.press_reach = (start, end, 0)
        elif kind == "move" and self.pointer is not None:
            self.pointer = (float(value[0]), float(value[1]))
        elif kind == "up":
            self.pointer = None
        elif kind == "key_down" and value in ("space", "return"):
            self.start_poke()

    def start_poke(self):
        """One press-and-release from above (T8), unless a press is already going on."""
        if self.pointer is not None or self.poke is not None:
            return
        points = self.body.points
        xs = [p.x for p in points]
        ys = [p.y for p in points]
        depth = POKE_DEPTH * (max(ys) - min(ys))
        x, radius = (min(xs) + max(xs)) / 2.0, self.values["push_radius"]
        # The finger comes down onto the top of what lies under its circle: the crown, or a
        # part of the body standing higher than it under the circle (a tilted body's shoulder;
        # a circle placed from the crown alone started inside it and threw a point 95-176 px).
        crown_y = points[CROWN].y
        top = crown_y - max(0.0, clearing_reach(points, (x, crown_y), (0.0, -1.0), radius)
                            - radius)
        self.poke = Poke(x, top, depth, Outline.taken_from(points))
        self.press_radius = radius
        self.gesture += 1

    def step(self):
        """One frame of the world (`World.step`); its hooks do the figure's work."""
        self.world.step()

    def _note_press(self):
        """The frame's end: whether the press touches the solved body."""
        push = self.body.push
        was, self.pressed = self.pressed, push is not None and push.touches(self.body.points)
        if self.pressed and not was:
            self.moments.append(("pressed", {}))

    def _before_integrate(self):
        """The frame's start: the push circle goes where the pointer or the poke has it, and
        the figure turns back towards upright (T7, T8, T13)."""
        self._update_push()
        if self.world.substeps > 1:
            self._stride_push()
        self.stand_up()
        push, pointer, last = self.body.push, self.pointer, self.last_pointer
        self.last_pointer = pointer
        dragged = 0.0 if pointer is None or last is None else hypot(pointer[0] - last[0],
                                                                     pointer[1] - last[1])
        if push is not None:
            push.grip(self.body.points, TOUCH if dragged > 0.0 else 0.0)
        # Held still, the press holds the body on its floor; dragged, it slides the body along.
        self.body.floor_grip = pointer is not None and dragged == 0.0

    def _stride_push(self):
        """A substep's start: the push circle one stride further along its move this frame."""
        if self.body.push is not None:
            self.body.push.stride(self.world)

    def _legs_follow(self):
        """The frame's end: the down axis is measured once, then every leg follows the solved
        body (T11, T12)."""
        self.down = self._swung_down()
        point_at = self.body.point_at
        for leg in self.legs:
            leg.follow(point_at(leg.shape.ring_index))

    def _swung_down(self):
        """The legs' down axis for this frame: the body's (`down_angle`), reached by turning
        last frame's at most LEG_SWING radians, so a leg swings round with a body flung over or
        crushed out of shape (its crown line turning half a turn in a frame) at the pace of a
        leg, not in one jump."""
        down = self.down_angle()
        turn = (down - self.down + pi) % (2.0 * pi) - pi
        if abs(turn) <= LEG_SWING:
            return down
        return self.down + (LEG_SWING if turn > 0.0 else -LEG_SWING)

    def _update_push(self):
        radius = self.press_radius
        center = None
        if self.pointer is not None:
            side_x, side_y = self.press_side
            start, end, frames = self.press_reach
            if frames < PRESS_IN:  # still coming in
                frames += 1
                self.press_reach = (start, end, frames)
            reach = end + (start - end) * (1.0 - ease(frames / PRESS_IN))
            center = (self.pointer[0] + side_x * reach, self.pointer[1] + side_y * reach)
        elif self.poke is not None:
            center = self.poke.center(radius)
            self.poke.advance()
            if center is None:
                self.poke = None
        # Only the same gesture's circle sweeps on from last frame's: a press begun while a poke
        # was in the body (or a poke just after a release) swept from that circle to its own
        # through the whole body and threw it (a point moved 424 px in a frame).
        last = self.body.push
        same = last is not None and self.pushed_by == self.gesture
        came_from = last.center if same else None
        if came_from is not None and center is not None:
            center = toward(came_from, center, CIRCLE_SPEED)
        self.pushed_by = None if center is None else self.gesture
        self.body.push = None if center is None else PushCircle(center, radius, came_from)

    def stand_up(self):
        """Turn body and legs back by `upright_rate` x the crown-line tilt (T13).

        Position and previous turn together, so the correction adds no velocity: the body rights
        itself slowly and without a bounce, and the legs come back beneath it.
        """
        angle = -self.values["upright_rate"] * self.body.tilt()
        if angle:
            self.turn(angle)

    def turn(self, angle):
        """Rotate the whole figure rigidly about the body's centre (radians, + = clockwise)."""
        lag = self.down - self.down_angle()  # how far the legs' swing is behind the body's
        self.body.turn(angle, [p for leg in self.legs for p in (leg.knee, leg.foot)])
        self.down = self.down_angle() + lag
        for leg in self.legs:
            leg.root.place(*self.body.point_at(leg.shape.ring_index))

    # -- what views and tests read ----------------------------------------------------------

    def down_angle(self):
        """Direction of the body's down axis (atan2, y down): square to the crown line (T12)."""
        return pi / 2.0 + self.body.tilt()

    def legs_down(self):
        """The down axis the legs range from (T12): `down`, measured once this frame."""
        return self.down

    def down_vector(self):
        angle = self.down_angle()
        return cos(angle), sin(angle)

    @property
    def face(self):
        """"crying" while pressed, else "normal": all the face learns from the simulation (T9)."""
        return "crying" if self.pressed else "normal"

    def push_circle(self):
        """(center, radius) of the press now, or None."""
        push = self.body.push
        return None if push is None else (push.center, push.radius)

    def points(self):
        """(x, y) of every simulated point: the ring, then each leg's root, knee and foot."""
        return [(p.x, p.y) for p in self.body.points] + [
            (p.x, p.y) for leg in self.legs for p in leg.particles()]

    def bounds(self):
        """(left, top, right, bottom) of the world: the canvas."""
        return (0.0, 0.0, float(self.size[0]), float(self.size[1]))

    def is_finite(self):
        return self.body.is_finite() and all(leg.is_finite() for leg in self.legs)

    def measures(self):
        """The area as a share of its target (never reached: the ring always pushes out),
        and the perimeter as a share of the spacing's limit (16 links at their longest)."""
        body = self.body
        return [Measure("area", "넓이 area", body.area() / body.target_area, 1.0,
                        "목표 target", 0.8, 1.05, over=False),
                Measure("perimeter", "둘레 perimeter", body.perimeter() / (RING_POINTS * body.spacing),
                        1.0, "간격 한계 spacing", 0.9, 1.4)]

    def observe(self):
        body = self.body
        return {
            "body": [[p.x, p.y] for p in body.points],
            "crown": CROWN,
            "legs": [[list(p.position) for p in leg.particles()] for leg in self.legs],
            "pressed": self.pressed,
            "face": self.face,
            "area": body.area(),
            "target_area": body.target_area,
            "perimeter": body.perimeter(),
            "spacing": body.spacing,
            "tilt": body.tilt(),
            "center": list(body.center()),
        }

