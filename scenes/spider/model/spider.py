"""The spider: riding threads, choosing a way at junctions, falling, and aiming silk (S2, S3, S9).

While riding, the spider's place is a thread plus t in 0..1 (0 at the thread's first knot), so it
moves with the web as the web swings. It is steered two ways:

- a direction (held arrow keys / WASD): it runs along its thread the way that matches, and at a
  junction takes the thread that best matches the direction (S2);
- a goal point (a finger held on the web): it follows the shortest way along the threads to the
  thread point nearest the goal (`scenes.spider.model.route`) and stops there.

Its facing turns smoothly toward where it really moved. Cut off from every anchor it falls freely
(S9). `plan_shot` decides where a shot toward a point would go (S3) without changing anything, so
the overlay can show the same answer the shot will use. Pure Python.
"""

from math import atan2, cos, hypot, radians

from verlet.geometry import wrap_angle

SPEED = 2.6
"""Riding speed along a thread, px per frame."""
TURN_MIN_DOT = 0.15
"""At a junction the best thread must point at least this much along the input (cosine), or the
spider waits at the knot."""
SEEK_DOT = 0.3
"""Input this close to square-on to the thread (cosine below it) makes the spider head for the
end offering the better turn, at SEEK_SPEED of its pace."""
SEEK_SPEED = 0.7
"""Share of the riding speed used while seeking a turn."""
SEEK_DISTANCE_COST = 0.004
"""When seeking, a turn 100 px away counts 0.4 (in cosine) worse than one at hand."""
FACING_EASE = 0.2
"""Share of the gap to the travel direction the facing closes each frame."""
FALL_GRAVITY = 0.35
"""Downward acceleration of a falling spider, px/frame^2."""
FALL_FRAMES = 110
"""Frames a fall is shown before the spider dies of it (about 1.8 s)."""
MAX_FALL_SPEED = 22.0
"""Terminal speed of a falling spider, px/frame (whatever way it falls)."""
SHOT_RANGE = 320.0
"""Longest thread the spider can shoot; a shot meeting nothing pins an anchor this far away, px."""
FAIL_ANGLE = radians(15.0)
"""A shot within this angle of the spider's own thread fails (S3): the only way a shot fails."""
PASS_ANGLE = radians(14.0)
"""A shot meeting a thread flatter than this slides past it instead of sticking (S3)."""
MIN_SHOT = 8.0
"""Threads nearer than this along the ray are too close to stick to, px."""
RESCUE_REACH = 0.9 * SHOT_RANGE
"""A falling spider this near the world (or in it) can still hang on, px: a full-length shot
into empty space pins an anchor inside the world from here within 25 degrees of the way back
(cos 25.8 deg = 0.9). Farther out nothing can save it: the fall ends (S9)."""


class Spider:
    """Where the spider is and how it is moving."""

    def __init__(self, thread, t=0.5):
        self.state = "riding"  # "riding" | "falling" | "dead"
        self.thread = thread
        self.t = t
        self.x, self.y = thread.point(t)
        self.vx = self.vy = 0.0
        self.facing = 0.0
        self.fall_frames = 0
        self.route = None  # knots still to pass on the way to a goal, see plan_route
        self.goal = None  # (thread, t) where a route ends

    @property
    def position(self):
        return (self.x, self.y)

    @property
    def riding(self):
        return self.state == "riding"

    def place(self, thread, t):
        """Put the spider on `thread` at t (riding)."""
        self.state = "riding"
        self.thread = thread
        self.t = min(1.0, max(0.0, t))
        self.fall_frames = 0
        self.forget_route()
        self.sync()

    def sync(self):
        """Recompute the position from thread and t (after the web moved)."""
        if self.state == "riding" and self.thread is not None:
            x, y = self.thread.point(self.t)
            self.vx, self.vy = x - self.x, y - self.y
            self.x, self.y = x, y

    def forget_route(self):
        self.route = None
        self.goal = None

    def knots_held(self):
        """The knots the spider's weight hangs on: its thread's two ends."""
        if self.state != "riding" or self.thread is None:
            return ()
        return (self.thread.a, self.thread.b)

    def at_knot(self, tolerance=0.5):
        """The knot the spider stands on (within `tolerance` px), or None."""
        if self.thread is None:
            return None
        length = self.thread.length()
        if self.t * length <= tolerance:
            return self.thread.a
        if (1.0 - self.t) * length <= tolerance:
            return self.thread.b
        return None

    def let_go(self):
        """Lose the web: keep the current velocity and start falling (S9)."""
        self.state = "falling"
        self.thread = None
        self.fall_frames = 0
        self.forget_route()

    def fall(self):
        """One frame of free fall; returns True when the fall has lasted long enough to kill."""
        self.vy = min(MAX_FALL_SPEED, self.vy + FALL_GRAVITY)
        speed = hypot(self.vx, self.vy)
        if speed > MAX_FALL_SPEED:  # thrown sideways off a swinging web: the same top speed
            self.vx *= MAX_FALL_SPEED / speed
            self.vy *= MAX_FALL_SPEED / speed
        self.x += self.vx
        self.y += self.vy
        self.fall_frames += 1
        self.face(self.vx, self.vy)
        return self.fall_frames >= FALL_FRAMES

    def face(self, dx, dy):
        """Turn the facing a step toward the direction (dx, dy) (S2)."""
        if dx * dx + dy * dy > 0.01:
            self.facing = wrap_angle(self.facing + wrap_angle(atan2(dy, dx) - self.facing)
                                     * FACING_EASE)


# --- riding ---------------------------------------------------------------------------------

def _unit_from(knot, thread):
    """Unit direction from `knot` along `thread`."""
    other = thread.other(knot)
    dx, dy = other.x - knot.x, other.y - knot.y
    length = hypot(dx, dy)
    return (0.0, 0.0) if length < 1e-9 else (dx / length, dy / length)


def best_turn(knot, arriving, direction):
    """The thread at `knot` (other than `arriving`) best matching `direction`, and its cosine."""
    best, best_dot = None, -2.0
    for thread in knot.threads:
        if thread is arriving:
            continue
        ux, uy = _unit_from(knot, thread)
        dot = ux * direction[0] + uy * direction[1]
        if dot > best_dot:
            best, best_dot = thread, dot
    return best, best_dot


def travel(spider, sign, distance, choose):
    """Move `distance` px along the thread (sign +1 toward b, -1 toward a), through junctions.

    At each knot reached, `choose(knot, thread)` names the next thread or None to stop there.
    """
    for _ in range(8):
        thread = spider.thread
        length = max(thread.length(), 1e-6)
        room = (1.0 - spider.t) * length if sign > 0 else spider.t * length
        if distance <= room:
            spider.t = min(1.0, max(0.0, spider.t + sign * distance / length))
            return
        distance -= room
        spider.t = 1.0 if sign > 0 else 0.0
        knot = thread.b if sign > 0 else thread.a
        nxt = choose(knot, thread)
        if nxt is None:
            return
        spider.thread = nxt
        spider.t, sign = (0.0, 1) if nxt.a is knot else (1.0, -1)


def steer(spider, direction, speed=SPEED):
    """Ride along the thread following an input direction, turning at junctions (S2)."""
    thread = spider.thread
    ux, uy = _unit_from(thread.a, thread)
    along = ux * direction[0] + uy * direction[1]
    pace = speed
    if abs(along) < SEEK_DOT:
        _, at_b = best_turn(thread.b, thread, direction)
        _, at_a = best_turn(thread.a, thread, direction)
        if max(at_a, at_b) < TURN_MIN_DOT:
            return
        length = thread.length()
        score_b = at_b - SEEK_DISTANCE_COST * (1.0 - spider.t) * length
        score_a = at_a - SEEK_DISTANCE_COST * spider.t * length
        if at_b < TURN_MIN_DOT or (at_a >= TURN_MIN_DOT and score_a > score_b):
            sign = -1
        else:
            sign = 1
        pace = speed * SEEK_SPEED
    else:
        sign = 1 if along > 0 else -1

    def choose(knot, arriving):
        nxt, dot = best_turn(knot, arriving, direction)
        return nxt if dot >= TURN_MIN_DOT else None

    travel(spider, sign, pace, choose)


# --- shooting -------------------------------------------------------------------------------

class ShotPlan:
    """Where a shot toward a point would go (S3): computed without changing anything.

    ok       whether the shot can be made
    reason   why not ("along your thread", "no direction"), or "" when ok
    origin   where the thread starts (the spider)
    end      where it ends: on `hit` at parameter `u`, or a new anchor when `hit` is None
    """

    __slots__ = ("ok", "reason", "origin", "end", "hit", "u", "direction")

    def __init__(self, ok, reason, origin, end=None, hit=None, u=0.0, direction=(0.0, 0.0)):
        self.ok, self.reason, self.origin, self.end = ok, reason, origin, end
        self.hit, self.u, self.direction = hit, u, direction

    @property
    def length(self):
        if self.end is None:
            return 0.0
        return hypot(self.end[0] - self.origin[0], self.end[1] - self.origin[1])


def plan_shot(web, spider, target, bounds=None):
    """The shot a click at world point `target` would make (S3).

    It sticks to the first thread the ray meets, passing through threads flatter than PASS_ANGLE,
    the spider's own and pieces that no longer hang on an anchor; with nothing in reach it pins a
    new anchor at SHOT_RANGE, always inside `bounds` (the world: left, top, right, bottom) when
    given: at the world's edge if that comes first; from a spider fallen below the world, only if
    the ray gets back into it within range (else it fails: "nothing to hold on to"). Inside the
    world it fails only when aimed within FAIL_ANGLE of the riding spider's own thread (or at a
    wall point blank).
    """
    origin = spider.position
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    length = hypot(dx, dy)
    if length < 1e-6:
        return ShotPlan(False, "no direction", origin)
    direction = (dx / length, dy / length)
    own = ()
    if spider.riding and spider.thread is not None:
        thread = spider.thread
        ux, uy = _unit_from(thread.a, thread)
        if abs(ux * direction[0] + uy * direction[1]) >= cos(FAIL_ANGLE):
            return ShotPlan(False, "along your thread", origin, direction=direction)
        own = [thread]
        knot = spider.at_knot(SNAP_AT_KNOT)
        if knot is not None:
            own.extend(knot.threads)
    loose = web.loose_knots()
    if loose:  # falling debris is no hold: a shot passes through it
        own = list(own)
        own.extend(t for k in loose for t in k.threads)
    reach, room = SHOT_RANGE, (0.0, SHOT_RANGE)
    if bounds is not None:
        room = _span_in_bounds(origin, direction, bounds)
        if room is not None and room[0] <= 0.0:
            reach = min(reach, room[1])  # from inside: nothing past the world's edge counts
        if room is None or room[0] > SHOT_RANGE:
            room = None  # the ray never gets back into the world within range
    if reach < MIN_SHOT:
        return ShotPlan(False, "no room", origin, direction=direction)
    hit = web.first_hit(origin, direction, reach, PASS_ANGLE, skip=own, min_distance=MIN_SHOT)
    if hit is None:
        if room is None:  # a new anchor in space must lie in the world: too far below it
            return ShotPlan(False, "nothing to hold on to", origin, direction=direction)
        far = min(SHOT_RANGE, room[1])
        if far < MIN_SHOT:
            return ShotPlan(False, "no room", origin, direction=direction)
        end = (origin[0] + direction[0] * far, origin[1] + direction[1] * far)
        if bounds is not None:  # rounding must not leave the anchor a hair outside
            end = (min(max(end[0], bounds[0]), bounds[2]), min(max(end[1], bounds[1]), bounds[3]))
        return ShotPlan(True, "", origin, end, None, 0.0, direction)
    thread, u, distance = hit
    end = (origin[0] + direction[0] * distance, origin[1] + direction[1] * distance)
    return ShotPlan(True, "", origin, end, thread, u, direction)


SNAP_AT_KNOT = 5.0
"""The spider counts as standing on a knot this close to it, px (its threads are its own)."""


def outside_by(point, bounds):
    """How far `point` lies outside the rectangle `bounds` (left, top, right, bottom), px (0
    inside it)."""
    x, y = point
    return hypot(max(bounds[0] - x, 0.0, x - bounds[2]), max(bounds[1] - y, 0.0, y - bounds[3]))


def _span_in_bounds(origin, direction, bounds):
    """(enter, leave): the distances along the ray between which it is inside the rectangle
    `bounds` (enter <= 0 when it starts inside), or None when it never is."""
    enter, leave = float("-inf"), float("inf")
    for component, low, high, start in ((direction[0], bounds[0], bounds[2], origin[0]),
                                        (direction[1], bounds[1], bounds[3], origin[1])):
        if abs(component) <= 1e-9:
            if not low <= start <= high:
                return None
            continue
        near, far = (low - start) / component, (high - start) / component
        if near > far:
            near, far = far, near
        enter, leave = max(enter, near), min(leave, far)
    if leave < max(enter, 0.0):
        return None
    return (enter, leave)
