"""The game's controls: held keys, and one pointer that both shoots and steers (S2, S3).

Held arrow keys or WASD give a direction to ride along (S2). The pointer (mouse, or one thumb:
touch arrives as mouse events) has two gestures, told apart by time, so they never collide:

- a quick tap or click, released within HOLD_FRAMES without sliding, shoots silk toward the
  point it pressed (S3);
- a press held longer (or sliding) is a crawl: the spider goes along the threads to the web
  point nearest the finger, and follows the finger while it slides; releasing stops it.

So a click never moves the spider and a hold never shoots. Positions arrive in canvas pixels and
are turned into world points with the camera at the moment they arrive (world = canvas + camera).
Pure Python.
"""

from math import hypot

DIRECTIONS = {"left": (-1, 0), "a": (-1, 0), "right": (1, 0), "d": (1, 0),
              "up": (0, -1), "w": (0, -1), "down": (0, 1), "s": (0, 1)}
"""Riding keys and the screen direction each one pushes toward (y down)."""
HOLD_FRAMES = 14
"""A press held this long (0.23 s) is a crawl, not a shot."""
TAP_SLOP = 24.0
"""A press that slides farther than this before release is not a tap, canvas px."""


class Press:
    """A pointer held down: where, for how long, and whether it has become a crawl."""

    __slots__ = ("canvas", "world", "frames", "slid", "holding")

    def __init__(self, canvas, world):
        self.canvas = canvas
        self.world = world
        self.frames = 0
        self.slid = False
        self.holding = False


class Controls:
    """What the player is doing right now: keys held, and the pointer's press if any."""

    def __init__(self):
        self.held = {}  # key name -> True, in the order pressed
        self.press = None
        self.pointer = None  # last pointer position, canvas px (the overlay aims from it)

    def handle(self, kind, value, to_world):
        """Take one input; returns the world point to shoot at when it completes a tap."""
        if kind == "key_down" and value in DIRECTIONS:
            self.held[value] = True
        elif kind == "key_up" and value in DIRECTIONS:
            self.held.pop(value, None)
        elif kind == "down":
            self.pointer = value
            self.press = Press(value, to_world(value))
        elif kind == "move":
            self.pointer = value
            self._slide(value, to_world)
        elif kind == "up":
            self.pointer = value
            press, self.press = self.press, None
            if press is not None and not press.holding and not press.slid:
                return press.world
        return None

    def _slide(self, value, to_world):
        press = self.press
        if press is None:
            return
        if hypot(value[0] - press.canvas[0], value[1] - press.canvas[1]) > TAP_SLOP:
            press.slid = True
        if press.holding or press.slid:
            press.world = to_world(value)
            press.holding = True

    def tick(self):
        """One frame passes: a press held long enough becomes a crawl."""
        if self.press is not None:
            self.press.frames += 1
            if self.press.frames >= HOLD_FRAMES:
                self.press.holding = True

    def direction(self):
        """Unit direction of the held keys, or None (no key, or keys that cancel out)."""
        dx = sum(DIRECTIONS[k][0] for k in self.held)
        dy = sum(DIRECTIONS[k][1] for k in self.held)
        length = hypot(dx, dy)
        return None if length == 0 else (dx / length, dy / length)

    def crawl_goal(self):
        """The world point a held press crawls toward, or None."""
        press = self.press
        return press.world if press is not None and press.holding else None
