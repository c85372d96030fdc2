"""A Verlet rope pinned at the top, that a pointer can grab and swing (the foundation's demo).

Pure Python on `verlet/`: a chain of particles joined by exact distance constraints, solved
Gauss-Seidel from the pin down (S1's technique in its smallest form, as in Selstad's "Verlet
Rope"). The grabbed particle is held like a pin while held, following the pointer at most
HAND_PACE px a frame, and let go with the velocity of its last move, so a flick throws the
rope; pulled past its reach the rope slips out of the hand (its grip, `verlet.Grip`), and no
point moves more than TOP_SPEED px a frame. The keyboard plays it as a pointer would
(`scenes.kit.model.key_hand`): the arrows move a cursor that waits at the rope's free end,
Enter grabs the point under it and Enter again lets go. Moments: ("grabbed", {"point": i})
and ("let-go", {"point": i}, also when the rope slips).
"""

from math import hypot

from scenes.kit.model.key_hand import KeyHand
from scenes.kit.model.measures import Measure, worst_stretch
from scenes.kit.model.params import Param, ParamTable, downward
from verlet import Box, Distance, Grip, Hand, World, cap_speed, chain

HELP = "a Verlet rope pinned at the top: grab it and swing it (arrows and Enter too)"
PARAMS = ParamTable(
    Param("iterations", 20, 1, 40, "distance-constraint passes per frame: more is stiffer",
          integer=True, sets="world.iterations"),
    Param("gravity", 0.3, 0.0, 1.5, "downward acceleration, px per frame squared",
          sets="world.gravity", to=downward),
)

SEGMENTS = 16
"""Links in the rope."""
SEGMENT_LENGTH = 22.0
"""Rest length of one link, px."""
ANCHOR = (480.0, 60.0)
"""Where the rope is pinned, px."""
START_ANGLE_STEP = 0.35
"""Initial sideways lay-out of each link, px per px of drop: the rope starts swinging in."""
GRAB_RADIUS = 36.0
"""A press this close to a rope point (px) grabs it: about a fingertip."""
DAMPING = 0.985
"""Velocity kept per frame: a little heavier than T2's 0.99, so a flung rope calms in seconds."""
MARGIN = 6.0
"""Distance the rope keeps from the canvas edges, px."""
HAND_PACE = 20.0
"""Farthest the held point follows the pointer in a frame, px (1200 px/s): a pointer that leaps
leaves it behind, and it catches up over the next frames (`verlet.Hand(pace=...)`)."""
TOP_SPEED = 40.0
"""Fastest a rope point moves in a frame, px (2400 px/s; `verlet.cap_speed` after the solve): a
rope left stretched at one pass and stiffened to forty at once, or whipped, eases back over a
few frames instead of leaping (it had leapt 77 px)."""
GRIP = 1.15
"""The hand's grip: the rope slips out of it once a link is stretched past this (of its rest,
or of its length when taken, if the rope sagged longer): pulled past its reach the rope slips
from the fingers instead of stretching like rubber (`verlet.Grip`)."""


class RopeModel:
    """The rope and the hand that may hold one of its points."""

    max_point_move = TOP_SPEED
    """The farthest a point of the rope moves in a frame, px, whatever the input."""

    def __init__(self, size, values, rng):
        self.size = size
        self.world = World(gravity=(0.0, values["gravity"]), damping=DAMPING,
                           iterations=values["iterations"])
        dx = SEGMENT_LENGTH * START_ANGLE_STEP / hypot(1.0, START_ANGLE_STEP)
        dy = SEGMENT_LENGTH / hypot(1.0, START_ANGLE_STEP)
        self.particles, _ = chain(self.world, ANCHOR, (dx, dy), SEGMENTS, SEGMENT_LENGTH)
        self.world.add(Box(self.particles, MARGIN, MARGIN, size[0] - MARGIN, size[1] - MARGIN))
        self.hand = Hand(self.world, GRAB_RADIUS, pace=HAND_PACE,
                         grip=Grip(GRIP, whole=True))
        self.keys = KeyHand(self.input, size, self.particles[-1].position)
        self.world.on("before_integrate", self._move_keys, before="hand.place")  # moves the hand
        self.world.on("after_solve", self._finish)
        self.moments = []

    def input(self, kind, value):
        """Pointer down grabs, move drags, up lets go; keys go to the keyboard's hand."""
        if self.keys.input(kind, value):
            return
        if kind == "down":
            self.press(value)
        elif kind == "move":
            self.drag(value)
        elif kind == "up":
            self.release()

    @property
    def grabbed(self):
        """Index of the rope point the hand holds, or None."""
        point = self.hand.point
        return None if point is None else self.particles.index(point)

    def nearest_point(self, pos):
        """Index of the rope point nearest `pos` within GRAB_RADIUS, or None."""
        point = self.hand.nearest(self.particles, pos)
        return None if point is None else self.particles.index(point)

    def press(self, pos):
        """Grab the point under `pos`, if any, letting go of one still held.

        A second press without a release (a lost pointer-up: the button let go outside the
        window, a second finger) must not leave the first point pinned where it was.
        """
        self.release()
        if self.hand.grab_nearest(self.particles, pos) is not None:
            self.moments.append(("grabbed", {"point": self.grabbed}))
            self.drag(pos)

    def drag(self, pos):
        """Move the hand (kept on the canvas, so a drag off the edge pins the point at the edge)."""
        self.hand.move((min(self.size[0] - MARGIN, max(MARGIN, pos[0])),
                        min(self.size[1] - MARGIN, max(MARGIN, pos[1]))))

    def release(self):
        """Let go; the point keeps the velocity of the last frame's hand movement."""
        if self.grabbed is not None:
            self.moments.append(("let-go", {"point": self.grabbed}))
        self.hand.let_go()

    def _finish(self):
        """After the solve: a rope pulled too far slips out of the hand; no point outruns
        TOP_SPEED."""
        point = self.grabbed
        if self.hand.slip():
            self.moments.append(("let-go", {"point": point}))
        cap_speed(self.particles, TOP_SPEED)

    def step(self):
        """One frame of the world: its hooks move the keyboard's hand and place what the hand
        holds, then the rope is integrated and solved, and what the hand holds may slip."""
        self.world.step()

    def _move_keys(self):
        """The frame's start: the keyboard's hand moves (until a key is used it waits at the
        rope's free end, so Enter grabs the rope wherever it swung) and holds on only while the
        rope is in it."""
        self.keys.rest_at(self.particles[-1].position)
        if self.keys.grabbing and self.hand.point is None:
            self.keys.grabbing = False  # the rope slipped, or Enter found none: Enter grabs
        self.keys.step()

    def points(self):
        """(x, y) of every simulated point (the robustness tests check them all)."""
        return [(p.x, p.y) for p in self.particles]

    def bounds(self):
        """(left, top, right, bottom) of the world: the canvas."""
        return (0.0, 0.0, float(self.size[0]), float(self.size[1]))

    def segment_lengths(self):
        return [c.length() for c in self.world.constraints if isinstance(c, Distance)]

    def measures(self):
        """The rope's worst stretch (length / rest of its longest link) against its rest."""
        links = [c for c in self.world.constraints if isinstance(c, Distance)]
        return [Measure("stretch", "늘어남 stretch", worst_stretch(links), 1.0, "길이 rest",
                        0.95, 1.25)]

    def observe(self):
        return {"points": [[p.x, p.y] for p in self.particles], "grabbed": self.grabbed,
                "keys": self.keys.observe()}
