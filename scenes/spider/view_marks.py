"""What the last moments did, said before anything about the next: a shot's success mark and
the "no thread that way" note.

A successful shot puts the spider at the start of the new silk, so the pointer that made it
still rests at the far end, straight along the spider's thread: the very aim a next shot
cannot take. Showing that preview at once (a red cross, "along your thread") made every good
shot look like a failure. So after a successful shot the new silk glows and a "stuck!" mark
rings where it attached for SUCCESS_FRAMES, no preview is drawn meanwhile, and a preview comes
back only once the pointer moves (`ShotMarks.preview_allowed`).

An arrow key held where no thread goes that way leaves the spider standing still; after
STALL_FRAMES of that the view says so beside the spider (`Stall`).

Both follow the model from frame to frame in notes kept in the view context's `memory` (the
view's own); neither changes the model. Labels are placed with `place_label` so they stay on
the canvas and off the HUD's boxes (the hint, the controls line).
"""

import pygame

from scenes.kit.ui_scale import FULL_SIZE
from scenes.kit.widgets import rendered

SUCCESS_FRAMES = 45
"""How long a successful shot's mark shows (0.75 s), and the least time before any preview."""
SUCCESS = (150, 255, 170)
"""The success mark's colour: a bright, clearly-not-red green."""
STALL_FRAMES = 12
"""Frames an arrow must push without moving the spider before the view says why (0.2 s)."""
STALL_TEXT = "no thread that way"
STALL_COLOR = (255, 214, 130)
LABEL_MARGIN = 4
"""Least gap between a label and the canvas edge or a box it keeps off, px."""


def place_label(image_size, wanted, canvas_size, avoid=()):
    """The top-left corner for a label of `image_size` wanted at top-left `wanted`: the first of
    a few placements around it (as wanted, mirrored left, above, both), each pushed onto the
    canvas, that lies off every rect of `avoid`; failing those, the nearest clear one straight
    above or below; failing all, the wanted one pushed onto the canvas."""
    width, height = image_size
    x, y = wanted
    tries = [(x, y), (x - width - 28, y), (x, y - height - 20), (x - width - 28, y - height - 20)]
    tries += [(x, y + sign * step) for step in range(8, canvas_size[1], 8) for sign in (-1, 1)]
    bounds = pygame.Rect(0, 0, *canvas_size).inflate(-2 * LABEL_MARGIN, -2 * LABEL_MARGIN)
    blocks = [pygame.Rect(rect).inflate(2 * LABEL_MARGIN, 2 * LABEL_MARGIN) for rect in avoid]
    for tx, ty in tries:
        rect = pygame.Rect(round(tx), round(ty), width, height).clamp(bounds)
        if rect.collidelist(blocks) < 0:
            return rect.topleft
    return pygame.Rect(round(x), round(y), width, height).clamp(bounds).topleft


def draw_label(surface, text, wanted, size, color, avoid=()):
    """One line of text with a shadow, placed by `place_label`; returns its rect."""
    image = rendered(text, size, color)
    at = place_label(image.get_size(), wanted, surface.get_size(), avoid)
    surface.blit(rendered(text, size, (0, 0, 0)), (at[0] + 1, at[1] + 1))
    surface.blit(image, at)
    return pygame.Rect(at, image.get_size())


class ShotMarks:
    """Follows the model's last shot: which successful shot to mark, and for how long the hover
    preview waits. `follow` once per drawn frame; the rest reads what it found."""

    def __init__(self):
        self.model = None  # the game followed (a restart brings a new one)
        self.seen = None  # the model's `last_shot` record last looked at
        self.frame = None  # model frame of the last successful shot
        self.thread = None  # its new silk
        self.pointer = None  # where the pointer rested when it was marked

    def follow(self, model, hover):
        if model is not self.model:
            self.__init__()
            self.model = model
        shot = model.last_shot
        if shot is self.seen:
            return
        self.seen = shot
        if shot is None or shot[2]:
            return  # a failed shot says so itself (the HUD's "x reason")
        self.frame = shot[0]
        self.thread = _newest_silk(model.web)
        self.pointer = hover

    def age(self, model):
        """Frames since the last successful shot, or None."""
        return None if self.frame is None else model.frame - self.frame

    def marking(self, model):
        """True while the last successful shot's mark shows."""
        age = self.age(model)
        return age is not None and 0 <= age < SUCCESS_FRAMES

    def preview_allowed(self, model, hover):
        """False during the mark, and after it while the pointer rests where it shot from."""
        if self.frame is None:
            return True
        if self.marking(model):
            return False
        if hover is not None and hover == self.pointer:
            return False
        self.frame = None  # the pointer moved on: previews as usual from now on
        return True

    def _ends(self, model):
        """Canvas (a, b) of the marked silk while its mark shows, else None."""
        thread = self.thread
        if not self.marking(model) or thread is None or thread not in thread.a.threads:
            return None
        cx, cy = model.camera
        return (thread.a.x - cx, thread.a.y - cy), (thread.b.x - cx, thread.b.y - cy)

    def _glow_color(self, model):
        fade = 1.0 - self.age(model) / SUCCESS_FRAMES
        return tuple(round(c * (0.45 + 0.55 * fade)) for c in SUCCESS)

    def draw_glow(self, surface, model):
        """The glow along the new silk and the ring where it attached (under the spider)."""
        ends = self._ends(model)
        if ends is None:
            return
        a, b = ends
        age = self.age(model)
        glow = self._glow_color(model)
        pygame.draw.line(surface, glow, a, b, 5 if age < SUCCESS_FRAMES // 2 else 3)
        pygame.draw.aaline(surface, (235, 255, 240), a, b)
        ring = 7 + age * 0.35
        pygame.draw.circle(surface, glow, (round(b[0]), round(b[1])), round(ring), 2)
        pygame.draw.circle(surface, SUCCESS, (round(b[0]), round(b[1])), 3)

    def draw_label(self, surface, model, avoid=(), ui=FULL_SIZE):
        """"stuck!" beside where the new silk attached; returns its rect (None when not shown)."""
        ends = self._ends(model)
        if ends is None:
            return None
        b = ends[1]
        lift = 28 + self.age(model) * 0.2
        return draw_label(surface, "stuck!", (b[0] + 10, b[1] - lift), ui.text(20),
                          self._glow_color(model), avoid)


def _newest_silk(web):
    """The thread the last successful shot spun: the newest silk in the web."""
    for thread in reversed(web.threads):
        if thread.kind == "silk":
            return thread
    return None


class Stall:
    """Counts frames an arrow key pushes while the spider stays where it is on its thread."""

    def __init__(self):
        self.frame = None
        self.where = None
        self.frames = 0

    def follow(self, model):
        if model.frame == self.frame:
            return
        passed = 1 if self.frame is None else model.frame - self.frame
        self.frame = model.frame
        spider = model.spider
        pushing = model.controls.direction() is not None and spider.riding
        where = (id(spider.thread), spider.t) if pushing else None
        if where is not None and where == self.where:
            self.frames += passed
        else:
            self.frames = 0
        self.where = where

    def stalled(self):
        return self.frames >= STALL_FRAMES

    def draw(self, surface, model, avoid=(), ui=FULL_SIZE):
        """The note beside a spider an arrow cannot move."""
        if not self.stalled() or model.game_over:
            return
        x, y = model.spider.x - model.camera[0], model.spider.y - model.camera[1]
        size = ui.text(20)
        width = rendered(STALL_TEXT, size, STALL_COLOR).get_width()
        draw_label(surface, STALL_TEXT, (x - width / 2, y + 18), size, STALL_COLOR, avoid)


def draw_world_marks(surface, model, context):
    """What goes into the world picture under the bugs and the spider: a shot's glow."""
    marks(context)[0].draw_glow(surface, model)


def marks(context):
    """The (ShotMarks, Stall) pair kept in the view context's memory."""
    memory = context.memory
    if "spider_marks" not in memory:
        memory["spider_marks"] = (ShotMarks(), Stall())
    return memory["spider_marks"]
