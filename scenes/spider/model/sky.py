"""The night sky behind the web: fixed stars that twinkle and an occasional meteor (S11).

Pure state for the view to draw: stars live on a sky plane that scrolls slower than the web
(parallax), and a meteor now and then streaks across the view. The sky draws its randomness
from its own generator, seeded once from the model's, so the game's random sequence does not
depend on the sky and a seeded run stays reproducible. A still sky (reduced motion, or M)
has no meteors and its stars hold their brightness; M starts it moving again.
"""

from math import cos, pi, sin

from verlet.compact import Compact

STARS = 170
"""Stars on the sky plane."""
PARALLAX = 0.25
"""How far the sky scrolls for one pixel of camera movement."""
METEOR_GAP = (20 * 60, 45 * 60)
"""Frames from one meteor's start to the next's: very occasionally, 20 to 45 s apart."""
FIRST_METEOR = (8 * 60, 20 * 60)
"""Frames before the first meteor of a game: a reader who stays a while sees one."""
METEOR_FRAMES = 48
"""How long a meteor takes to cross, frames."""
METEOR_LENGTH = (260.0, 460.0)
"""Distance a meteor travels across the view, px."""


class Star(Compact):
    """A fixed star of the sky plane (a rewind's keyframes keep 170 of them: `Compact`)."""

    __slots__ = ("x", "y", "size", "phase", "speed")

    def __init__(self, x, y, size, phase, speed):
        self.x, self.y, self.size, self.phase, self.speed = x, y, size, phase, speed

    def brightness(self, frame):
        """0.55..1: a slow twinkle."""
        return 0.775 + 0.225 * sin(self.phase + frame * self.speed)


class Meteor:
    """A streak from (x, y) along (dx, dy) over METEOR_FRAMES; positions in view pixels."""

    __slots__ = ("x", "y", "dx", "dy", "age")

    def __init__(self, x, y, dx, dy):
        self.x, self.y, self.dx, self.dy, self.age = x, y, dx, dy, 0

    @property
    def progress(self):
        return self.age / METEOR_FRAMES

    def head(self):
        p = self.progress
        return (self.x + self.dx * p, self.y + self.dy * p)


class Sky:
    """Stars and meteors for a view of `view_size` pixels."""

    def __init__(self, view_size, rng, still=False):
        self.rng = rng
        self.still = still
        self.view_size = view_size
        width, height = view_size
        self.plane = (width * 1.6, height * 1.6)  # enough sky for the camera's whole travel
        self.stars = [Star(rng.uniform(0, self.plane[0]), rng.uniform(0, self.plane[1]),
                           rng.choice((1, 1, 1, 1, 2, 2, 3)), rng.uniform(0, 2 * pi),
                           rng.uniform(0.02, 0.08)) for _ in range(STARS)]
        self.meteor = None
        self.until_meteor = rng.randint(*FIRST_METEOR)
        self.frame = 0
        self.meteors_seen = 0

    def step(self):
        """One frame: twinkle on, move the meteor, start the next one when its time comes.

        `until_meteor` counts down through a meteor's flight too, so METEOR_GAP is the time
        from one meteor's start to the next's. A still sky does nothing.
        """
        if self.still:
            return
        self.frame += 1
        if self.meteor is not None:
            self.meteor.age += 1
            if self.meteor.age >= METEOR_FRAMES:
                self.meteor = None
        self.until_meteor -= 1
        if self.until_meteor <= 0:
            self.meteor = self._new_meteor()
            self.meteors_seen += 1
            self.until_meteor = self.rng.randint(*METEOR_GAP)

    def _new_meteor(self):
        width, height = self.view_size
        rightward = self.rng.random() < 0.5
        angle = self.rng.uniform(0.35, 0.75)
        length = self.rng.uniform(*METEOR_LENGTH)
        dx = cos(angle) * length * (1 if rightward else -1)
        dy = sin(angle) * length
        x = self.rng.uniform(0.1, 0.6 if rightward else 0.9) * width
        if not rightward:
            x = max(x, 0.4 * width)
        y = self.rng.uniform(0.02, 0.3) * height
        return Meteor(x, y, dx, dy)

    def star_positions(self, camera):
        """(x, y, star) for the stars in view, scrolled by `camera` with parallax."""
        width, height = self.view_size
        ox = (camera[0] * PARALLAX) % self.plane[0]
        oy = (camera[1] * PARALLAX) % self.plane[1]
        for star in self.stars:
            x = (star.x - ox) % self.plane[0]
            y = (star.y - oy) % self.plane[1]
            if x < width and y < height:
                yield x, y, star
