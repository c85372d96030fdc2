"""The hand: grab points near a press, hold them where the pointer is, let them go with its motion.

A press grabs the nearest point within a radius (`grab_nearest`), every point within it, each
at its offset from the press (`grab_within`, a fingertip's patch of cloth), or points the caller
chose, each at its offset (`grab`, both ends of a plank the press fell on). While held a point
is pinned, so integration and the constraints leave it alone, and at the start of every frame
(the world's "before_integrate" hook) it is put at the hand: its previous position becomes
where it was, so the hand's last move is its velocity and letting go throws it. With
`top_speed`, a hand that leaps across the canvas still moves the points there, but they leave
it at most that fast (a flick, not a teleport's speed).

With `lead` the hand leads instead of holding fast: a held point stays free, and at the start
of every frame it moves toward the hand (plus its offset) by at most `lead` px and is still
(its previous position is where it now is). The solve then pulls it back wherever its links
are taut, so such a hand pulls a rope bridge as far as its ropes give and never tears it: the
hand's pull is at most `lead` px a frame, as a weight hung there would pull.

With `pace` a held point follows the hand at most that far a frame: a hand that leaps leaves
it behind, and it catches up over the next frames (its speed, and so a flick's, is at most
`pace`). With a `grip` (`verlet.grip.Grip`) what the hand holds slips out of it when the body
pulls too hard: `slip()` after the frame's solve lets go and says so.

In a world of n substeps (`verlet.substeps`) a held point goes to the hand in n equal strides,
one each substep ("before_substep"), so the constraints meet the hand's move spread over the
frame as they would a real hand's, not as one leap in the first substep; the frame ends with
it at the hand, as with one step.
"""

from math import hypot

from .grip import Grip
from .substeps import stride


class Hand:
    """What a pointer holds in `world`: `held` [(particle, dx, dy)], `at` the hand or None.

    radius      how far from a press a point may be and still be grabbed, px
    top_speed   fastest a held point leaves the hand, px per frame (None: as fast as it moved)
    lead        None (held points are pinned at the hand), or how far a frame a held point,
                left free, is moved toward the hand (see the module docstring), px
    pace        None, or the farthest a held (pinned) point follows the hand in a frame, px
    grip        None (the hand holds on whatever the pull), a `verlet.grip.Grip`, or a
                number: `Grip(number)`, the stretch at which what is held slips
    moved       how far the hand moved over the last frame, px (0 after a grab)
    """

    def __init__(self, world, radius, top_speed=None, lead=None, pace=None, grip=None):
        self.radius = radius
        self.top_speed = top_speed
        self.lead = lead
        self.pace = pace
        self.grip = Grip(grip) if isinstance(grip, (int, float)) else grip
        self.moved = 0.0
        self._placed_at = None  # where the hand was when the last frame placed what it held
        self.held = []
        self.at = None
        self._was_pinned = {}
        self._offsets = False
        self.world = world
        self._strides = []  # [(point, where the frame found it, the hand)], for substeps
        world.on("before_integrate", self.place, name="hand.place")
        world.on("before_substep", self.stride, name="hand.stride")

    @property
    def point(self):
        """The first point held, or None."""
        return self.held[0][0] if self.held else None

    def nearest(self, points, pos, allowed=None):
        """The point of `points` nearest `pos` within the radius (the later of equals), or None;
        with `allowed`, only a point it accepts."""
        x, y = pos
        best, best_distance = None, self.radius
        for p in points:
            distance = hypot(p.x - x, p.y - y)
            if distance <= best_distance and (allowed is None or allowed(p)):
                best, best_distance = p, distance
        return best

    def grab_nearest(self, points, pos, allowed=None):
        """Let go of what is held, then hold the nearest point (`nearest`) at the hand itself;
        returns it, or None. The hand stays where it was until `move`."""
        self.let_go()
        point = self.nearest(points, pos, allowed)
        if point is not None:
            self._hold([(point, 0.0, 0.0)], offsets=False)
            self.at = self._placed_at = pos
        return point

    def grab_within(self, points, pos, allowed=None):
        """Let go of what is held, then hold every point of `points` within the radius of `pos`
        (that `allowed` accepts), each at its offset from `pos`; True if any."""
        self.let_go()
        x, y = pos
        radius = self.radius
        held = [(p, p.x - x, p.y - y) for p in points
                if (allowed is None or allowed(p)) and hypot(p.x - x, p.y - y) <= radius]
        if held:
            self._hold(held, offsets=True)
            self.at = self._placed_at = (x, y)
        return bool(held)

    def grab(self, points, pos):
        """Let go of what is held, then hold each of `points` (free or pinned) at its offset
        from `pos`: a press on a plank holds both its ends and carries it whole; True if any."""
        self.let_go()
        x, y = pos
        held = [(p, p.x - x, p.y - y) for p in points]
        if held:
            self._hold(held, offsets=True)
            self.at = self._placed_at = (x, y)
        return bool(held)

    def _hold(self, held, offsets):
        self.held = held
        self._offsets = offsets
        self._was_pinned = {p: p.pinned for p, _, _ in held}  # by the point: a copy keeps it
        if self.lead is None:
            for p, _, _ in held:
                p.pinned = True
        if self.grip is not None:
            self.grip.take([p for p, _, _ in held], self.world.constraints)
        self.moved = 0.0

    def move(self, pos):
        """The pointer moved: the held points go there next frame."""
        if self.held:
            self.at = pos

    def let_go(self):
        """Unpin what is held (a point pinned before it was grabbed stays pinned); True if
        anything was held."""
        was = self._was_pinned
        held = self.held
        for p, _, _ in held:
            p.pinned = was.get(p, False)
        self.held = []
        self.at = None
        self._was_pinned = {}
        if self.grip is not None:
            self.grip.release()
        return bool(held)

    def slip(self, stretch=None, yank=None):
        """After the frame's solve: if the body pulls harder than the grip holds (`Grip.slips`,
        with `stretch` and `yank` in place of the grip's own if given), let go; True if it
        slipped."""
        if self.grip is None or not self.held or not self.grip.slips(self.moved, stretch, yank):
            return False
        self.let_go()
        return True

    def place(self):
        """The frame's first work: every held point to the hand (plus its offset), its last
        position kept as its previous one (with `top_speed`, no farther than that behind)."""
        strides = self._strides = []
        if not self.held:
            return
        hx, hy = self.at
        last = self._placed_at
        self.moved = 0.0 if last is None else hypot(hx - last[0], hy - last[1])
        self._placed_at = self.at
        offsets = self._offsets
        top_speed = self.top_speed
        lead = self.lead
        pace = self.pace
        for p, dx, dy in self.held:
            x, y = (hx + dx, hy + dy) if offsets else (hx, hy)
            if lead is not None:
                gap = hypot(x - p.x, y - p.y)
                if gap > lead:
                    x, y = p.x + (x - p.x) * lead / gap, p.y + (y - p.y) * lead / gap
                p.x = p.px = x
                p.y = p.py = y
                continue
            if pace is not None:
                gap = hypot(x - p.x, y - p.y)
                if gap > pace:
                    x, y = p.x + (x - p.x) * pace / gap, p.y + (y - p.y) * pace / gap
            if top_speed is None:
                p.px, p.py = p.x, p.y
            else:
                jump = hypot(x - p.x, y - p.y)
                keep = min(1.0, top_speed / jump) if jump > 0.0 else 0.0
                p.px, p.py = x - (x - p.x) * keep, y - (y - p.y) * keep
            strides.append((p, (p.x, p.y), (x, y)))
            p.x, p.y = x, y
        if self.world.substeps > 1:
            self.stride()

    def stride(self):
        """A substep's start: every held point one stride of its way from where the frame
        found it to the hand (`verlet.substeps.stride`)."""
        world = self.world
        for p, start, end in self._strides:
            p.x, p.y = stride(start, end, world)
