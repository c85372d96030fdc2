"""Takopi's four legs: three points each, one bend, allowed angles (T11, T12).

Pure Python on `verlet/`. A leg is a `verlet.Strand` of two segments: a root, a knee and a foot.
The root is a pinned particle that the model puts back on the ring every frame, at a fractional
ring index (between two ring points), so the four roots can gather near the bottom centre closer
than the ring's spacing. Knee and foot are particles of the body's world and fall with its
Verlet integration; after the body's solve the knee is put back exactly one segment from the
root and the foot one segment from the knee, and each is turned back into its allowed angle
range: the knee's measured from the body's up-down axis, the foot's from the upper segment's
direction, so both ranges tilt with the body. Ground and walls keep knee and foot on the canvas
without changing the segment length (a point slides along the wall on its circle about the
pivot: `verlet.strand.keep_inside`).

The legs push nothing back onto the body: they follow it, as in the article.
"""

from math import cos, hypot, radians, sin

from verlet import Strand

RANGE_WIDTH = radians(40)
"""Width of every allowed angle range, knee and foot alike (T12: the same for all four legs)."""
LEG_PASSES = 3
"""Length / angle / ground passes per frame: the last pass leaves every length exact."""
GROUND_FRICTION = 0.35
"""Share of a foot's (or knee's) sideways velocity lost each frame it touches the ground."""


class LegShape:
    """What makes one leg different from the others (T12).

    ring_index  fractional ring index of the root (8 = the point at the bottom at rest)
    segment     length of each of the two segments, px (equal: T11)
    splay       centre of the knee's allowed range, radians from the body's down axis
                (positive = towards the body's left on screen)
    curl        centre of the foot's allowed range, radians from the upper segment's direction
    """

    def __init__(self, ring_index, segment, splay, curl):
        self.ring_index = ring_index
        self.segment = segment
        self.splay = splay
        self.curl = curl


def default_shapes(bottom_index, outer_segment, inner_segment, outer_splay, inner_splay,
                   outer_offset, inner_offset, curl):
    """Four mirrored legs, left to right on screen: outer, inner, inner, outer.

    The ring runs clockwise on screen, so a higher index below the body is further left.
    """
    return [
        LegShape(bottom_index + outer_offset, outer_segment, outer_splay, curl),
        LegShape(bottom_index + inner_offset, inner_segment, inner_splay, curl),
        LegShape(bottom_index - inner_offset, inner_segment, -inner_splay, -curl),
        LegShape(bottom_index - outer_offset, outer_segment, -outer_splay, -curl),
    ]


class Leg(Strand):
    """One leg: a two-segment `verlet.Strand` whose root sits on the ring (T11, T12).

    The root is pinned and put back on the ring by the model every frame; knee and foot are
    particles of the body's world, so its integration moves them with the body's damping and
    gravity. The knee's range is measured from `down_angle` (a function giving the body's down
    axis, atan2 convention, y down), the foot's from the upper segment's direction. A point on
    its pivot goes to the middle its shape gives (splay, curl); knee and foot stay inside
    `bounds` (the canvas and its ground) and lose GROUND_FRICTION of their sideways velocity
    on the ground.
    """

    def __init__(self, shape, root_position, down_angle, world, bounds):
        self.shape = shape
        x, y = root_position
        root = world.add_particle(x, y, pinned=True)
        knee = world.add_particle(x, y)
        foot = world.add_particle(x, y)
        half = RANGE_WIDTH / 2.0
        super().__init__(root, [knee, foot], shape.segment,
                         [(shape.splay - half, shape.splay + half),
                          (shape.curl - half, shape.curl + half)],
                         down_angle, fallbacks=(shape.splay, shape.curl), bounds=bounds,
                         friction=GROUND_FRICTION, passes=LEG_PASSES)
        self.hang()

    @property
    def root(self):
        return self.chain[0]

    @property
    def knee(self):
        return self.chain[1]

    @property
    def foot(self):
        return self.chain[2]

    @property
    def knee_range(self):
        """The knee's allowed directions about the body's down axis (T12)."""
        return self.limits[0]

    @property
    def foot_range(self):
        """The foot's allowed directions about the upper segment's direction (T12)."""
        return self.limits[1]

    def down_angle(self):
        return self.base_angle()

    def upper_angle(self):
        """Direction of the upper segment, root to knee: the foot range's reference (T12)."""
        return self.foot_range.reference()

    def hang(self):
        """Put knee and foot at rest along the middles of their ranges (a fresh leg)."""
        knee_angle = self.down_angle() + self.shape.splay
        self.knee.place(self.root.x + self.shape.segment * cos(knee_angle),
                        self.root.y + self.shape.segment * sin(knee_angle))
        foot_angle = knee_angle + self.shape.curl
        self.foot.place(self.knee.x + self.shape.segment * cos(foot_angle),
                        self.knee.y + self.shape.segment * sin(foot_angle))

    def particles(self):
        return tuple(self.chain)

    def follow(self, root_position):
        """The leg's part of a frame, after the world has moved knee and foot and solved the
        body: the root goes back on the ring, then lengths, ranges and bounds are projected
        LEG_PASSES times (the knee's range from the down axis the model measured once this
        frame, the foot's from the upper segment after the knee's last move) and the ground
        takes its friction."""
        self.root.place(*root_position)
        self.solve()
        self.apply_friction()

    def lengths(self):
        """(upper, lower) segment lengths now."""
        return (hypot(self.knee.x - self.root.x, self.knee.y - self.root.y),
                hypot(self.foot.x - self.knee.x, self.foot.y - self.knee.y))

    def is_finite(self):
        return all(p.is_finite() for p in self.chain)
