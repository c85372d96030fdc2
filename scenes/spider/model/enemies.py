"""Enemies: red bugs that blink in, fly at the spider over the web, get caught, struggle and die.

Implements S4-S7, S9 (cutters) and S13. An enemy's life:

- "spawning"  it blinks where it appeared, near the spider, harmless (S4);
- "moving"    it flies at the spider, turning at most TURN_RATE a frame, so it can be dodged and
              lured; a bug that reaches the spider bites and backs off, to come again;
- "caught"    it touched a thread: a knot is inserted there (the thread splits in two) and pulled
              gently along the bug's flight by the catch force, under strong damping (S5); it
              struggles, red fading to white, and slowly dies; if the spider comes close, the
              bug drags its thread to the spider and hurts it (S6);
- "dead"      a grey-purple corpse hanging on its knot, which relaxes toward its neighbours'
              midpoint (S13) until the spider passes over it and collects it (S7).

Walkers are caught by any thread. Cutters sever the old threads they fly into (S9): only fresh
silk (younger than FRESH_FRAMES) catches them, or any thread once they have cut CUTTER_BLADES
times. So a thin old web lets them through and a freshly spun one stops them. Fresh silk also
glistens: a flying bug that comes within LURE_RADIUS of it turns to it. That is the game's
"widen the web to lure them in and trap them": a thread shot toward a bug, or across its way,
draws it in and catches it away from the spider. Pure Python.
"""

from math import atan2, cos, hypot, sin

from verlet.geometry import closest_point_on_segment, wrap_angle

from .web import SNAP

RADIUS = 6.0
"""Body radius of a bug: it touches a thread this close, px."""
BITE_RADIUS = 15.0
"""A flying bug this close to the riding spider bites it, px."""
BITE_DAMAGE = 2
"""HP a bite takes."""
TURN_RATE = 0.035
"""Largest change of a flying bug's heading per frame, radians: it swings wide, so a thread
between it and the spider is in its way."""
RETREAT_FRAMES = 45
"""After a bite the bug flies straight away this long before it turns to come again."""
CATCH_PULL_FRAMES = 50
"""Frames the catch force pulls, fading to nothing, like a weight settling."""
CATCH_DAMPING = 0.86
"""Velocity the caught knot keeps per frame: strong damping, so the wobble dies down smoothly."""
STRUGGLE_FRAMES = 330
"""Frames a caught bug struggles before it dies (5.5 s)."""
STRUGGLE_SHOVE = 0.35
"""Largest random shove of a fresh catch per frame, px; it fades as the bug weakens."""
DRAG_RADIUS = 90.0
"""A struggling bug this close to the spider drags its thread toward it, px."""
DRAG_SPEED = 1.2
"""How fast the dragged knot closes in on the spider, px per frame."""
HURT_RADIUS = 12.0
"""The dragged knot hurts the spider when it is this close, px."""
DRAG_DAMAGE = 1
"""HP a dragged thread takes when it reaches the spider."""
COLLECT_RADIUS = 13.0
"""The riding spider collects a corpse this close, px."""
FRESH_FRAMES = 300
"""Silk younger than this (5 s) glistens: it lures bugs and is sticky enough to catch a cutter."""
LURE_RADIUS = 130.0
"""A flying bug this close to fresh silk turns to it instead of the spider, px: shooting silk
toward a bug (or across its way) traps it away from the spider."""
CUTTER_BLADES = 3
"""Cuts a cutter makes before its jaws are gummed up and any thread catches it."""
CHEW_FRAMES = 14
"""A cutter stops this long at each cut."""
LOST_DISTANCE = 1200.0
"""A flying bug this far from the spider has left the game, px."""


class Enemy:
    """One bug; `kind` is "walker" or "cutter"."""

    __slots__ = ("kind", "state", "x", "y", "hx", "hy", "speed", "timer", "knot", "life",
                 "cuts", "skip", "retreat", "pull")

    def __init__(self, kind, x, y, speed, blink_frames):
        self.kind = kind
        self.state = "spawning"
        self.x, self.y = float(x), float(y)
        self.hx, self.hy = 1.0, 0.0
        self.speed = speed
        self.timer = blink_frames
        self.knot = None
        self.life = 0.0  # struggle progress: 0 fresh catch .. 1 dead
        self.cuts = 0
        self.skip = []  # strands of its own last cut, not to be bumped into again at once
        self.retreat = 0
        self.pull = (0.0, 0.0)

    @property
    def position(self):
        if self.knot is not None:
            return (self.knot.x, self.knot.y)
        return (self.x, self.y)

    @property
    def flying(self):
        return self.state in ("spawning", "moving")


def aim_at(enemy, target):
    """Point a bug straight at `target` (used when it starts to move)."""
    dx, dy = target[0] - enemy.x, target[1] - enemy.y
    length = hypot(dx, dy)
    if length > 1e-9:
        enemy.hx, enemy.hy = dx / length, dy / length


def _turn_toward(enemy, target):
    angle = atan2(enemy.hy, enemy.hx)
    wanted = atan2(target[1] - enemy.y, target[0] - enemy.x)
    angle += max(-TURN_RATE, min(TURN_RATE, wrap_angle(wanted - angle)))
    enemy.hx, enemy.hy = cos(angle), sin(angle)


class Swarm:
    """All bugs, and the rules they live by. `step` reports what happened this frame."""

    def __init__(self, catch_force, relax_force):
        self.enemies = []
        self.catch_force = catch_force
        self.relax_force = relax_force

    def add(self, enemy):
        self.enemies.append(enemy)
        return enemy

    def busy_knots(self):
        return [e.knot for e in self.enemies if e.knot is not None]

    def step(self, web, spider, rng):
        """One frame for every bug; returns a dict of events: caught, cuts, bites, damage.

        `damage` is the one hurt the spider would take this frame: the worst single bite or
        drag, never their sum (S6: however many bugs reach it at once, the spider is hurt once,
        and then not again until its cooldown is over, `model.hurt`).
        """
        events = {"caught": 0, "cuts": 0, "damage": 0, "bites": 0}
        target = spider.position if spider.riding else None
        self._fresh = ()  # the silk that lures, as the frame begins: only a flying bug asks
        if any(enemy.state == "moving" for enemy in self.enemies):
            self._fresh = [t for t in web.threads
                           if t.kind == "silk" and web.frame - t.born < FRESH_FRAMES]
        for enemy in list(self.enemies):
            if enemy.state == "spawning":
                enemy.timer -= 1
                if enemy.timer <= 0:
                    enemy.state = "moving"
                    if target is not None:
                        aim_at(enemy, target)
            elif enemy.state == "moving":
                self._fly(enemy, web, spider, target, events)
            elif enemy.state == "caught":
                self._struggle(enemy, spider, rng, events)
            elif enemy.state == "dead":
                self._relax(enemy, web.sleep)
            if enemy.knot is not None and not enemy.knot.alive:
                self.enemies.remove(enemy)
        return events

    # --- flying -----------------------------------------------------------------------------
    _fresh = ()

    def lure(self, enemy):
        """The point of fresh silk that draws this bug, or None: the nearest within LURE_RADIUS."""
        best, best_gap = None, LURE_RADIUS
        position = (enemy.x, enemy.y)
        for thread in self._fresh:
            (cx, cy), _ = closest_point_on_segment(position, thread.a.position, thread.b.position)
            gap = hypot(cx - enemy.x, cy - enemy.y)
            if gap < best_gap:
                best, best_gap = (cx, cy), gap
        return best

    def _fly(self, enemy, web, spider, target, events):
        if enemy.retreat > 0:
            enemy.retreat -= 1
        else:
            goal = self.lure(enemy) or target
            if goal is not None:
                _turn_toward(enemy, goal)
        start = (enemy.x, enemy.y)
        end = (enemy.x + enemy.hx * enemy.speed, enemy.y + enemy.hy * enemy.speed)
        if enemy.timer > 0:  # a cutter chewing through a thread
            enemy.timer -= 1
            return
        if target is not None and enemy.retreat == 0 and \
                hypot(end[0] - target[0], end[1] - target[1]) < BITE_RADIUS:
            events["damage"] = max(events["damage"], BITE_DAMAGE)
            events["bites"] += 1
            enemy.hx, enemy.hy = -enemy.hx, -enemy.hy
            enemy.retreat = RETREAT_FRAMES
            return
        contact = web.touching(start, end, RADIUS, skip=enemy.skip)
        if contact is not None:
            thread, u = contact
            if self._sticks(enemy, thread, web.frame):
                self.catch(enemy, web, thread, u)
                events["caught"] += 1
                return
            left, right = web.cut(thread, u)
            enemy.cuts += 1
            enemy.skip = [s for s in (left, right) if s is not None]
            enemy.timer = CHEW_FRAMES
            events["cuts"] += 1
        enemy.x, enemy.y = end
        # Measured from the spider whatever its state: with no riding spider to chase (falling,
        # dead) a bug flies straight on, and must still leave the game.
        if hypot(enemy.x - spider.x, enemy.y - spider.y) > LOST_DISTANCE:
            self.enemies.remove(enemy)

    @staticmethod
    def _sticks(enemy, thread, frame):
        """Whether this thread catches this bug (walkers always; cutters see FRESH_FRAMES)."""
        if enemy.kind != "cutter" or enemy.cuts >= CUTTER_BLADES:
            return True
        return thread.kind == "silk" and frame - thread.born < FRESH_FRAMES

    def catch(self, enemy, web, thread, u):
        """Caught on `thread` at u (S5): a knot is inserted there and the bug hangs on it."""
        knot, _, _ = web.split(thread, u)
        if knot.pinned:  # caught right at an anchor: hang on a fresh knot just off it instead
            inward = min(0.5, 2.0 * SNAP / max(thread.length(), 1e-9))
            knot, _, _ = web.split(thread, inward if knot is thread.a else 1.0 - inward)
        enemy.state = "caught"
        enemy.knot = knot
        enemy.timer = 0
        enemy.pull = (enemy.hx, enemy.hy)

    # --- caught -----------------------------------------------------------------------------
    def _struggle(self, enemy, spider, rng, events):
        knot = enemy.knot
        enemy.timer += 1
        if not knot.pinned:
            fade = max(0.0, 1.0 - enemy.timer / CATCH_PULL_FRAMES)
            knot.x += enemy.pull[0] * self.catch_force * fade
            knot.y += enemy.pull[1] * self.catch_force * fade
            knot.px += (knot.x - knot.px) * (1.0 - CATCH_DAMPING)
            knot.py += (knot.y - knot.py) * (1.0 - CATCH_DAMPING)
            shove = STRUGGLE_SHOVE * (1.0 - enemy.life)
            knot.x += rng.uniform(-shove, shove)
            knot.y += rng.uniform(-shove, shove)
            if spider.riding:
                self._drag(knot, spider, events)
        enemy.life = min(1.0, enemy.timer / STRUGGLE_FRAMES)
        if enemy.life >= 1.0:
            enemy.state = "dead"

    @staticmethod
    def _drag(knot, spider, events):
        """Pull the thread to a spider that came too close (S6); report a hurt on contact."""
        dx, dy = spider.x - knot.x, spider.y - knot.y
        distance = hypot(dx, dy)
        if distance > DRAG_RADIUS or distance < 1e-9:
            return
        if distance < HURT_RADIUS:
            events["damage"] = max(events["damage"], DRAG_DAMAGE)
            return
        step = min(DRAG_SPEED, distance)
        knot.move_to(knot.x + dx / distance * step, knot.y + dy / distance * step)
        for thread in knot.threads:  # the bug pulls silk out: the threads give instead of snapping back
            thread.rest = max(thread.rest, thread.length())

    def _relax(self, enemy, sleep=None):
        """S13: straighten a corpse's kink, closing `relax_force` of the gap between its knot
        and the midpoint of its neighbours each frame.

        The gap is closed with the least movement, like any constraint: the knot moves toward
        the midpoint and its free neighbours move back a little, so the piece's momentum is
        kept. Moving the knot alone would push the whole piece toward the inside of the kink
        every frame, and a piece that hangs on no anchor would fly off like a rocket. Pinned
        neighbours do not move (the anchor takes the reaction): then it is the knot alone.
        Positions only, not velocities: the nudge is also a gentle pull on the velocity.

        Once the kink has come to rest against the threads' pull, the knot and its neighbours
        fall asleep (`web.sleep`, the world's `verlet.Sleeping`) like the rest of the web, the
        nudge being part of that rest, and it is left out; while any of them is awake, all of
        them are (roused, keeping their count of still frames, so that they fall asleep
        together).
        """
        knot = enemy.knot
        if knot.pinned or len(knot.threads) < 2:
            return
        neighbours = [thread.other(knot) for thread in knot.threads]
        if sleep is not None:  # `web.sleep`
            if knot.asleep and all(n.asleep or n.pinned for n in neighbours):
                return
            for held in [knot] + neighbours:
                sleep.rouse(held)
        count = len(neighbours)
        gap_x = gap_y = 0.0
        for neighbour in neighbours:  # a plain loop, not sum(): 3.12+ sums floats differently
            gap_x += neighbour.x
            gap_y += neighbour.y
        gap_x = gap_x / count - knot.x
        gap_y = gap_y / count - knot.y
        free = [n for n in neighbours if not n.pinned]
        # The midpoint moves 1/count of a neighbour's move; weighting every free point alike,
        # the knot's share of the gap is 1 / (1 + free / count^2).
        knot_share = self.relax_force / (1.0 + len(free) / (count * count))
        knot.x += gap_x * knot_share
        knot.y += gap_y * knot_share
        neighbour_share = knot_share / count
        for neighbour in free:
            neighbour.x -= gap_x * neighbour_share
            neighbour.y -= gap_y * neighbour_share

    def collect_near(self, point, radius=COLLECT_RADIUS):
        """Take every corpse within `radius` of `point` (S7); return how many."""
        taken = [e for e in self.enemies if e.state == "dead"
                 and hypot(e.knot.x - point[0], e.knot.y - point[1]) <= radius]
        for enemy in taken:
            self.enemies.remove(enemy)
        return len(taken)
