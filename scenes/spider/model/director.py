"""Difficulty and spawning: when, where and what kind the next bug is (S4, the ramp).

The pressure grows with play time, from 0 at the start to 1 after RAMP_FRAMES (three minutes)
and on to MAX_PRESSURE: bugs come more often, more at once, faster, blink for a shorter time, and
cutters join after CUTTER_FROM. A new bug appears near the spider, inside the view, in open air
away from threads, where the player can see it blink before it moves. Places are chosen around
the spider and inside the view the camera shows (never from the world's rectangle), so no corner
of the world, nor the air below it, is out of the ramp's reach; in a thicket of silk with no open
air near, the most open place found will do. Some spawns are "aimed":
chosen so nothing lies between the bug and the spider, and the player must act (move behind a
thread, or spin one). Every random choice uses the model's generator. Pure Python.
"""

from math import cos, hypot, pi, sin

from .enemies import BITE_RADIUS, RADIUS, Enemy

RAMP_FRAMES = 3 * 60 * 60
"""Frames until the pressure reaches 1 (three minutes of play)."""
MAX_PRESSURE = 2.5
"""The ramp goes on past three minutes, slower, so even a flawless game ends."""
FIRST_SPAWN = 150
"""Frames before the first bug (2.5 s to look around)."""
CUTTER_FROM = 40 * 60
"""No cutters before this frame (40 s)."""
SPAWN_NEAR, SPAWN_FAR = 130.0, 270.0
"""Distance from the spider at which a bug may appear, px."""
SPAWN_CLEARANCE = 16.0
"""A bug appears at least this far from every thread, px."""
CROWDED_CLEARANCE = RADIUS + 4.0
"""... or, when no place that open was found, at least this far (it must not touch one), px."""
VIEW_MARGIN = 40.0
"""... and at least this far inside the view."""
CANDIDATES = 16
"""Places tried per spawn."""
RETRY_FRAMES = 20
"""Wait before trying again when no place was found."""


def pressure(frame):
    """Difficulty at a play frame: 0 at the start, 1 at three minutes, at most MAX_PRESSURE."""
    return min(MAX_PRESSURE, max(0, frame) / RAMP_FRAMES)


def _capped(x):
    return min(1.0, x)


def spawn_interval(p):
    """Frames between spawns: 5 s at the start, 2 s at three minutes, 1.25 s at the end."""
    return 300.0 - 180.0 * _capped(p) - 30.0 * max(0.0, p - 1.0)


def max_active(p):
    """Bugs blinking or flying at once."""
    return 2 + int(3.0 * p)


def flight_speed(p):
    """Flying speed, px per frame (the spider rides at 2.6)."""
    return 0.8 + 0.7 * p


def blink_frames(p):
    """How long a new bug blinks before it moves."""
    return round(110 - 40 * _capped(p))


def cutter_chance(frame):
    """Share of cutters among new bugs."""
    if frame < CUTTER_FROM:
        return 0.0
    return 0.15 + 0.25 * _capped(pressure(frame))


def aimed_chance(p):
    """Share of spawns placed with a clear line to the spider."""
    return 0.3 + 0.45 * _capped(p)


class Director:
    """Decides, frame by frame, whether and where the next bug appears."""

    def __init__(self):
        self.countdown = FIRST_SPAWN
        self.spawned = 0  # bugs placed so far this game

    def step(self, frame, swarm, web, spider, view_rect, rng):
        """Maybe spawn a bug; returns it or None."""
        self.countdown -= 1
        if self.countdown > 0 or not spider.riding:
            return None
        p = pressure(frame)
        active = sum(1 for e in swarm.enemies if e.flying)
        if active >= max_active(p):
            self.countdown = RETRY_FRAMES
            return None
        kind = "cutter" if rng.random() < cutter_chance(frame) else "walker"
        aimed = rng.random() < aimed_chance(p)
        place = choose_place(web, spider.position, view_rect, rng, aimed)
        if place is None:
            self.countdown = RETRY_FRAMES
            return None
        self.countdown = spawn_interval(p) * rng.uniform(0.8, 1.2)
        self.spawned += 1
        return swarm.add(Enemy(kind, place[0], place[1], flight_speed(p), blink_frames(p)))


def clear_line(web, start, target, among=None):
    """True when a bug flying straight from `start` would reach `target` without a thread (of
    `among`, if given)."""
    dx, dy = target[0] - start[0], target[1] - start[1]
    length = hypot(dx, dy)
    if length <= BITE_RADIUS:
        return True
    short = (start[0] + dx * (1 - BITE_RADIUS / length), start[1] + dy * (1 - BITE_RADIUS / length))
    return web.touching(start, short, 0.0, among=among) is None


def choose_place(web, spider_at, view_rect, rng, aimed):
    """A spawn point near the spider, in view and in open air; an aimed one if asked and found.

    With no place in open air, the most open place tried (at least CROWDED_CLEARANCE from every
    thread), or None.
    """
    left, top, right, bottom = view_rect
    fallback = None
    crowded = None  # (clearance, place): the most open of the places that were not clear
    # Every place tried, and its line to the spider, lies within SPAWN_FAR of the spider: only
    # the threads there can be in the way (a busy web has a quarter of its threads there).
    near = web.threads_near(spider_at, SPAWN_FAR + SPAWN_CLEARANCE)
    for _ in range(CANDIDATES):
        angle = rng.uniform(0.0, 2.0 * pi)
        distance = rng.uniform(SPAWN_NEAR, SPAWN_FAR)
        x = spider_at[0] + cos(angle) * distance
        y = spider_at[1] + sin(angle) * distance
        if not (left + VIEW_MARGIN <= x <= right - VIEW_MARGIN
                and top + VIEW_MARGIN <= y <= bottom - VIEW_MARGIN):
            continue
        if not web.clear_of_threads((x, y), SPAWN_CLEARANCE, among=near):
            nearest = web.nearest((x, y), SPAWN_CLEARANCE, among=near)
            gap = SPAWN_CLEARANCE if nearest is None else nearest[2]
            if gap >= CROWDED_CLEARANCE and (crowded is None or gap > crowded[0]):
                crowded = (gap, (x, y))
            continue
        if not aimed or clear_line(web, (x, y), spider_at, among=near):
            return (x, y)
        if fallback is None:
            fallback = (x, y)
    if fallback is None and crowded is not None:
        return crowded[1]
    return fallback
