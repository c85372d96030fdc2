"""The finger on Takopi (T7, T8): the push circle, how a press comes in, and the keyboard's poke.

Pure Python on `verlet/`. The press is a hard projection (T7): after every averaged pass no body
point is left inside the circle. What makes it a dent and not a kick is how the circle touches
what it pushes (`PushCircle`):

- A point the circle moves gets no speed from being moved: its previous position moves with
  it. The Verlet step would otherwise turn every px of push-out into a px a frame of velocity,
  and a circle coming in or a body pressing back against it was flung off the circle.
- At the rim the point keeps only what takes it off the circle: its speed into the circle is
  taken away (the finger does not give way) and so is its speed along the rim (a finger grips
  the skin it presses; without the grip a held press was a slope the body slid off, and a body
  pressed at its very centre squirted out sideways after two seconds).

A press held still also holds the body on its floor (`Body._grip_floor`): nothing else stops a
press from the side sliding it along. Dragged, the finger keeps gripping (at any speed), the
skin just off its rim too (TOUCH): the circle keeps its offset from the pointer and carries the
body along, at most CIRCLE_SPEED px a frame. A press or a poke begun while another circle is in
the body starts afresh where it is planned, never swept over from the other's place
(`TakopiModel._update_push`).

How a press comes in (`plan_press`): far from the body it is the article's circle centred on
the pointer. Straight beneath the underside it comes from below and dents the underside
(DENT_UP: a press between the legs once dented the crown). Elsewhere on the body or
near it the circle comes in from outside along the line from the body's centre through the
pointer, never from below at a slant (PRESS_SLOPE), from where it first touches
the body, and stops with its rim past the pointer (on the body) or at most NEAR_DENT past first
touch (beside it), so the finger dents the body from the side it presses and the body never has
to make room for the whole circle. However deep the pointer, the dent (how far the rim comes in
past first touch) is bounded (`deepest_dent`: DENT_DOWN, DENT_ACROSS, DENT_SHARE), so a press
held still anywhere on or near the body moves its centre (the mean of its 16 points) at most
about 21 px at defaults, downward squash included, and 24-25 px over random slider settings
and the sliders' ends (weightless the most; 30 px is T7's most): a deeper dent can only be made
by shoving or crushing the whole body (before the bound: 68 px, a press low in the body
crushing it flat against its floor).
"""

from math import hypot, sqrt

from verlet.geometry import EPSILON, closest_point_on_segment
from verlet.substeps import stride

SWEEP_STEP = 4.0
"""Longest move of the push circle between two projections, px (`PushCircle.project`)."""
CIRCLE_SPEED = 30.0
"""Fastest the push circle follows the pointer, px a frame (1,800 px a second): a faster flick
leaves it behind for a frame or two, so nothing it pushes is thrown farther than this in a
frame. The finger grips at any speed (`PushCircle.grip`): a drag carries the body along."""
TOUCH = 10.0
"""How far outside the circle's rim a point still lies under a dragged finger, px: it is gripped
along the rim as the points inside are (`PushCircle.grip`), never pulled in. A dragged body lags
the finger and its skin slides off the rim: gripping only the points inside, a drag at 120 px a
second for 1.5 s carried the body 73 px of the finger's 180 (2 px, the finger sliding over it,
with 40 iterations) and tipped it 0.58 rad; with TOUCH 123 px (130 px), tipped 0.16 rad."""
PRESS_IN = 8
"""Frames a press near or on the body takes to come in: the circle's rim travels from where it
first touches the body to its place (past the pointer, or as deep as `deepest_dent` lets it),
as a finger presses in, instead of appearing deep inside."""
FINGERTIP = 6.0
"""Radius of the fingertip drawn at the pointer, px. A press on the body comes in until the
circle's rim is this far past the pointer, so the whole drawn fingertip is in the dent, its far
edge on the body's surface, unless that is deeper than `deepest_dent` allows: then the rim
stops there, short of the pointer. Held at the body's centre at defaults the rim stops
DENT_DOWN below the crown and the area is about 0.978 of the rest area (with the rim taken all
the way down, FINGERTIP past the centre, it was 0.89, but the body's centre sank 35 px)."""
NEAR_DENT = 30.0
"""The deepest dent a press outside the body makes, px: how far the circle's rim comes in past
where it first touches the body (`plan_press`). The article's circle, centred on a pointer 12 px
beside the body, would cut 88 px into it, more than half its width, and had to shove the whole
body out of the way (it launched it at 17 px a frame); now that press dents it from that side,
coming in at 45 degrees, where `deepest_dent` bounds it a little further (29 px), and the
body's centre moves at most 17 px (counting its sinking too)."""
PRESS_SLOPE = 1.0
"""The steepest a press comes in from the side: tan of its angle from straight down (1 = 45
degrees). A finger squashes the body against its floor; pressed straight from the side it can
only shove it, since nothing but the floor's friction holds it there (a press at the side's
middle, half way to the centre, moved the body's centre 41 px), and from below at a slant it
lifts the body off its floor onto the round of the circle, off which it rolls away (51-250
px). So a press on the left side comes from the upper left; only a press straight beneath
the underside comes from below (`beneath`, DENT_UP)."""
DENT_DOWN = 40.0
"""The deepest a press coming straight down dents the body, px past where its rim first
touches it (`deepest_dent`). Pressed from above the body squashes against its floor and its
centre sinks by about half the dent: with the rim let down to the fingertip at the centre (a dent
of some 90 px) it sank 35 px, and a press low in the body crushed it flat (64 px). 40 px is a
quarter of the body's height at defaults: pressed at its centre it sinks 15 px held, 19 px at
the peak as the finger comes in; weightless (nothing has flattened it against its floor first)
24-25 px at the peak, which is what bounds this: a 44 px dent sank a weightless body 27 px, a
48 px one 28.5 px."""
DENT_ACROSS = 24.0
"""The deepest a press dents the body along its floor, px: the half-axis across of the ellipse
`deepest_dent` keeps the dent in. A push along the floor is held only by the floor's grip, so
the body gives way: a press half way to the centre at the side's middle, a 55 px dent at 45
degrees, moved the centre 34.5 px. At 45 degrees (PRESS_SLOPE) the ellipse gives a 29 px dent
(21 px across, 21 down): that press now moves the centre 18 px."""
UNDERSIDE = 12.0
"""A press comes from beneath (`beneath`) when the pointer is straight below the body's
underside: within the span of the ring points no more than this many px above its lowest."""
BELOW_WEIGHT = 0.15
"""The least gravity, px a frame squared, at which a press comes from beneath: lighter, there
is no weight to hold the body down on the circle and it floated off it (weightless: 123 px);
it is pressed from above as before."""
DENT_UP = 10.0
"""The deepest a press from beneath dents the body, px past first touch (`deepest_dent`):
nothing but the body's weight holds it down on the circle, so it is lifted about as far as it
is dented and then some (a 20 px dent lifted it 31 px; 10 px lifts it 14 px, and the lower
half, on its legs, keeps its x so it cannot roll off the round of the circle:
`Body._grip_floor`)."""
DENT_SHARE = 0.6
"""The deepest a press dents the body as a share of the push circle's radius: a small circle
pressed in nearly its own radius had a soft body (5 iterations, 45 px circle) close round it and
squirt away over three seconds (42 px); at 0.6 of its radius the dent stays a dent (11 px)."""
CENTRE_PRESS = 0.2
"""A press on the body closer to its centre than this share of its mean radius comes from above
(like the poke, T8): so near the centre the side it would come from is only noise."""

POKE_DESCEND = 10
"""Frames the T8 finger takes to come down onto the crown."""
POKE_HOLD = 18
"""Frames it stays pressed."""
POKE_LIFT = 12
"""Frames it takes to lift off again."""
POKE_DEPTH = 0.35
"""How deep the finger presses, as a share of the body's height when the poke starts."""
POKE_CLEARANCE = 20.0
"""How far above the crown the finger's circle starts and ends, px."""


class PushCircle:
    """The pointer's press (T7): no body point may stay within `radius` of `center`.

    `project` puts every point inside the circle onto it, straight away from the centre, and
    makes it a contact (the module's docstring): the move gives the point no speed, and of the
    speed it had it keeps only the part leaving the circle. A point sitting exactly on the
    centre has no direction of its own; it is pushed away from the body's centre instead (or
    straight up if that coincides too), so nothing ever divides by zero.

    `came_from` is where the circle was last frame. A fast drag moves it tens of px in one frame,
    and a circle put straight at its new place would find points deep inside, some already
    behind its centre, and throw them out on the wrong side: the ring turned inside out. So the
    first projection of a frame sweeps the circle from there in steps of at most SWEEP_STEP px,
    pushing the points ahead of it as a finger would; later ones project at `center` only.

    In a world of n substeps the circle makes its move in n strides, one a substep
    (`stride_to`), and each substep's first projection sweeps that stride: the push is spread
    over the frame as the substeps' time is, not made whole inside the first of them.

    `body_center` is a function giving the body's centre: it is only needed for a point on the
    circle's very centre, so it is only worked out then (as the points are at that moment), not
    ten times a frame for nothing.
    """

    def __init__(self, center, radius, came_from=None):
        self.center = center
        self.target = center
        """Where the circle is when the frame ends."""
        self.radius = radius
        self.came_from = came_from
        self.origin = center if came_from is None else came_from
        """Where the circle was when the frame began: its move this frame is from here."""
        self.held = None
        """Where each point was when the frame began (`grip`), or None: no grip."""
        self.touch = 0.0
        """How far outside the rim a point still counts as under the finger (`grip`), px."""

    def grip(self, particles, touch=0.0):
        """Take hold of the points where they are now, at the frame's start: while a point is
        pressed this frame it may move across the circle's rim only as far as the circle
        itself moves, so the finger grips the skin it presses (the module's docstring). With
        `touch` (a drag: TOUCH) a point up to that far outside the rim is still under the
        finger and gripped along it, though never pulled in: a finger drags the skin it rests
        on, but cannot lift it."""
        self.held = [(p.x, p.y) for p in particles]
        self.touch = touch

    def stride(self, world):
        """A substep's start in `world`: the circle one stride further from `origin` to
        `target` (`verlet.substeps.stride`), the next projection sweeping there from where it
        stands now."""
        self.came_from = self.center if self.came_from is None else self.came_from
        self.center = stride(self.origin, self.target, world)

    def project(self, particles, body_center):
        if self.came_from is not None:
            (fx, fy), (tx, ty) = self.came_from, self.center
            steps = int(hypot(tx - fx, ty - fy) / SWEEP_STEP)
            for k in range(1, steps + 1):
                t = k / (steps + 1)
                self._project_at((fx + (tx - fx) * t, fy + (ty - fy) * t), particles, body_center)
            self.came_from = None
        self._project_at(self.center, particles, body_center)

    def _project_at(self, center, particles, body_center):
        cx, cy = center
        r = self.radius
        held = self.held
        reach = r + self.touch if held is not None else r
        moved_x, moved_y = cx - self.origin[0], cy - self.origin[1]
        for i, p in enumerate(particles):
            dx, dy = p.x - cx, p.y - cy
            distance = hypot(dx, dy)
            if distance >= reach:
                continue
            if held is not None and distance >= EPSILON:
                # The grip: of the point's move since the frame began, less the circle's own,
                # the part along the rim is taken back.
                nx, ny = dx / distance, dy / distance
                sx, sy = held[i]
                slip = (p.x - sx - moved_x) * -ny + (p.y - sy - moved_y) * nx
                p.x += slip * ny
                p.y -= slip * nx
                dx, dy = p.x - cx, p.y - cy
                distance = hypot(dx, dy)
                if distance >= r:
                    continue  # the grip alone took it out of the circle
            if distance < EPSILON:
                bx, by = body_center()
                dx, dy = p.x - bx, p.y - by
                distance = hypot(dx, dy)
                if distance < EPSILON:
                    dx, dy, distance = 0.0, -1.0, 1.0
            nx, ny = dx / distance, dy / distance
            leaving = max(0.0, (p.x - p.px) * nx + (p.y - p.py) * ny)
            p.x = cx + nx * r
            p.y = cy + ny * r
            # The contact: of the point's speed only the part off the circle is left.
            p.px = p.x - leaving * nx
            p.py = p.y - leaving * ny

    def touches(self, particles, tolerance=0.5):
        """True when some point lies on (or within `tolerance` px of) the circle or inside it."""
        cx, cy = self.center
        reach = self.radius + tolerance
        return any(hypot(p.x - cx, p.y - cy) <= reach for p in particles)


def plan_press(body, pointer, radius, weight=BELOW_WEIGHT):
    """How the push circle comes in for a press starting at `pointer` (T7): (side, reach at
    press-down, reach once in), side a unit vector from the pointer to the circle's centre and
    a reach how far along it the centre is.

    The dent is how far the circle's rim comes in past where it first touches the body. A
    press straight beneath the underside, nearer it than the top (`beneath`), comes from
    straight below (when the body has the weight to stay on the circle: BELOW_WEIGHT, and at
    most DENT_UP deep). Any other circle comes from outside along the line from the body's
    centre through the pointer, but
    at most PRESS_SLOPE off straight down (`approach`), from where its rim first touches the
    body (`clearing_reach`: a circle started with its rim where the ray leaves the body cut
    into a slanting surface beside it and shoved the body 44 px from its lower flank). On the
    body the rim ends FINGERTIP past the pointer (from straight above near the centre), but
    the dent is never deeper than `deepest_dent` and the circle's centre never goes in past the
    surface: a circle smaller than the body, pressed in deeper than its own radius, had the
    soft body (1 iteration) wrap up round it until the ring rolled over the top of it (61-73
    px, upside down). Outside it the dent is the article's circle's (centred on the pointer,
    reach 0) as long as that is no deeper than NEAR_DENT or `deepest_dent`; deeper, the circle
    stops there. The circle never starts inside the body: placed there at once it would throw
    the near points through to the far side and turn the ring inside out.
    """
    cx, cy = body.center()
    dx, dy = pointer[0] - cx, pointer[1] - cy
    inside = body.contains(pointer)
    if inside and hypot(dx, dy) <= CENTRE_PRESS * body.mean_radius():
        side = (0.0, -1.0)
    elif weight >= BELOW_WEIGHT and beneath(body, pointer, inside):
        side = (0.0, 1.0)
    else:
        side = approach(dx, dy)
    touching = clearing_reach(body.points, pointer, side, radius)
    deepest = deepest_dent(side, radius)
    if inside:
        to_fingertip = touching - (radius - FINGERTIP)
        depth = body.depth_along(pointer, side)
        return side, touching, max(depth, touching - min(to_fingertip, deepest))
    return side, touching, touching - min(touching, NEAR_DENT, deepest)


def beneath(body, pointer, inside):
    """True for a press whose nearest side of the body is its underside, straight above the
    pointer: the pointer within the span of the body's lowest points (those within
    UNDERSIDE px of its lowest) and nearer the ring's outline below it than above it."""
    ys = [p.y for p in body.points]
    lowest = max(ys)
    span = [p.x for p in body.points if p.y >= lowest - UNDERSIDE]
    if not min(span) <= pointer[0] <= max(span) or pointer[1] <= body.center()[1]:
        return False
    down = body.depth_along(pointer, (0.0, 1.0)) if inside else 0.0
    up = body.depth_along(pointer, (0.0, -1.0))
    return not inside or down < up


def deepest_dent(side, radius):
    """The deepest dent a press coming in along `side` (from the pointer to the circle's centre)
    may make with a circle of `radius`, px past first touch: the dent's move, split into along
    the floor and down, stays inside the ellipse of half-axes DENT_ACROSS and DENT_DOWN (DENT_UP
    for a press from below, where the circle's centre is below the pointer), and it is at most
    DENT_SHARE of the radius. The floor holds a squash from above and only grips a
    push from the side, so the body's centre moves about as far for either end of the ellipse;
    nothing in the rule depends on where the press is, only on the direction it comes from."""
    across = side[0] / DENT_ACROSS
    down = side[1] / (DENT_DOWN if side[1] <= 0.0 else DENT_UP)
    return min(DENT_SHARE * radius, 1.0 / sqrt(across * across + down * down))


def approach(dx, dy):
    """The unit vector from the pointer to the circle's centre for a press at (dx, dy) from the
    body's centre: outward along that line, but at most PRESS_SLOPE off straight up from the
    pointer (straight up where the line gives no direction)."""
    dy = min(dy, -abs(dx) * PRESS_SLOPE)
    length = hypot(dx, dy)
    return (dx / length, dy / length) if length > EPSILON else (0.0, -1.0)


def clearing_reach(points, pointer, side, radius):
    """The least distance s >= 0 along `side` from `pointer` at which a circle of `radius`
    holds none of `points`: for each point w (from the pointer), the larger root of
    |w - s side| = radius, where one exists."""
    reach = 0.0
    for p in points:
        wx, wy = p.x - pointer[0], p.y - pointer[1]
        along = wx * side[0] + wy * side[1]
        room = along * along - (wx * wx + wy * wy) + radius * radius
        if room > 0.0:
            reach = max(reach, along + sqrt(room))
    return reach


class Poke:
    """The keyboard's press-and-release from above (T8): a push circle on a short script.

    The circle stays centred above where the body's centre was when the key went down; its
    lowest edge travels from POKE_CLEARANCE above the crown to POKE_DEPTH into the body, holds,
    and goes back up. `center(radius)` is None once the poke is over. `found` is the body's
    shape (a `body.Outline`) when the poke began.
    """

    def __init__(self, x, crown_y, depth, found=None):
        self.found = found
        self.x = x
        self.crown_y = crown_y
        self.depth = depth
        self.frame = 0

    @property
    def length(self):
        return POKE_DESCEND + POKE_HOLD + POKE_LIFT

    def reach(self):
        """How far below the crown the circle's lowest edge is now (negative = above it)."""
        t = self.frame
        if t < POKE_DESCEND:
            share = ease(t / POKE_DESCEND)
        elif t < POKE_DESCEND + POKE_HOLD:
            share = 1.0
        else:
            share = 1.0 - ease((t - POKE_DESCEND - POKE_HOLD) / POKE_LIFT)
        return -POKE_CLEARANCE + (self.depth + POKE_CLEARANCE) * share

    def center(self, radius):
        if self.frame >= self.length:
            return None
        return (self.x, self.crown_y + self.reach() - radius)

    def advance(self):
        self.frame += 1


def ease(t):
    """Smooth 0 -> 1 over t in [0, 1] (slow start, slow stop)."""
    t = min(1.0, max(0.0, t))
    return t * t * (3.0 - 2.0 * t)
