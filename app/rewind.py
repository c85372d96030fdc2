"""Rewind: the host's control of the shown scene's timeline while paused (the bar and `[` `]`).

Every scene keeps its last 10 s on its `scenes.kit.model.run.Run` (`Scene.run`).
While the host is paused:

    [  /  ]        one frame back / forward along what is kept
    the bar        under the toolbar, as wide as its row: press or drag on it (mouse or
                   finger) to go to any kept frame; the track's bright part is what is kept
                   (the newest at its right end, 10 s back at its left), the knob where the
                   scene is now, and the line above says how far back that is

Playing on from a moment back (going on, a step with `.`, any input to the scene) is the
timeline's business: it forgets what came after that moment and the run goes on from there, a
new branch. While the scene plays, `[` and `]` do nothing (and never reach the scene).

The timeline works between frames. A scene that can stop mid-way through a frame (phase
stepping) gives itself a `finish_frame()` method, which completes a half-done frame (and
does nothing between frames): `Rewind` calls it, when the scene has one, before every move,
so a move always starts from a whole frame. The frame a phase stepper completes is kept by
`Run.step(frame=...)`, handed the function that finishes it.

A paused frame's spare time goes to the timeline (`idle`, `Run.prepare`): it fills in
keyframes around the shown frame, so a drag along the bar soon replays only a few steps.

The host calls `handle(event)` before its own keys (True: the event was the rewind's),
`idle()` on each paused frame and `draw(surface)` over the paused veil.
"""

import pygame

from scenes.kit.model.keyframes import KEEP
from scenes.kit.widgets import ACCENT, MUTED, PANEL_FILL, TEXT, TRACK, draw_text, panel_surface

BAR_TOP = 60
"""Top of the bar, px: below the toolbar's row (12 to 52)."""
BAR_SIZE = (280, 50)
"""The bar's width (the toolbar's row with the slider button: clear of the paused box and of
what scenes draw top left) and height (a line of words over the track), px."""
BAR_RIGHT = 12
"""Space between the bar and the canvas's right edge (or the open slider panel), px."""
TRACK_INSET = 18
"""Space between the track's ends and the bar's, px (the knob's radius and a little)."""
KEPT = (150, 156, 196)
"""The part of the track that holds kept frames."""
KEYS = {pygame.K_LEFTBRACKET: -1, pygame.K_RIGHTBRACKET: 1}
"""Frames each key moves along the timeline."""
FRAMES_PER_SECOND = 60
IDLE_SECONDS = 0.008
"""What a paused frame gives the timeline to fill in keyframes (`Run.prepare`): half of a
60 Hz frame (a paused frame only draws), so within a second or two every move replays at most
a few steps."""


class Rewind:
    """The timeline bar and keys of `host` (an `app.host.Host`: its `paused`, `scene`,
    `forget_canvas`)."""

    def __init__(self, host):
        self.host = host
        self.dragging = False

    @property
    def run(self):
        return self.host.scene.run

    # --- where the bar is -----------------------------------------------------------------
    def bar(self):
        """The bar's rect: under the toolbar's row at the right, left of an open slider panel."""
        scene = self.host.scene
        right = scene.size[0] - BAR_RIGHT
        panel = scene.panel
        if panel is not None and panel.open and panel.sliders:
            right = min(right, panel.body.left - BAR_RIGHT)
        return pygame.Rect(right - BAR_SIZE[0], BAR_TOP, *BAR_SIZE)

    def track(self):
        """The line the frames lie along, in the bar's lower half: the newest at its right
        end, KEEP frames (10 s) back at its left."""
        bar = self.bar()
        return pygame.Rect(bar.x + TRACK_INSET, bar.bottom - 17, bar.width - 2 * TRACK_INSET, 6)

    def frame_at(self, x):
        """The frame a press at canvas x stands for (the timeline clamps it to what is kept)."""
        track = self.track()
        share = min(1.0, max(0.0, (x - track.left) / max(1, track.width)))
        return self.run.newest - round((1.0 - share) * KEEP)

    def x_of(self, frame):
        """Canvas x of `frame` on the track."""
        track = self.track()
        back = self.run.newest - frame
        return track.left + track.width * (1.0 - back / KEEP)

    # --- input ----------------------------------------------------------------------------
    def handle(self, event):
        """Take `[`, `]` and presses on the bar while paused; True when the event was ours."""
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in KEYS:
            if event.type == pygame.KEYDOWN and self.host.paused:
                self.move_to(self.run.frame + KEYS[event.key])
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.host.paused and self.bar().collidepoint(event.pos):
                self.dragging = True
                self.move_to(self.frame_at(event.pos[0]))
                return True
            return False
        if event.type == pygame.MOUSEMOTION and self.dragging:
            if self.host.paused:
                self.move_to(self.frame_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def move_to(self, frame):
        """Put the shown scene at `frame` of its timeline (a whole frame first, see above)."""
        finish_frame = getattr(self.host.scene, "finish_frame", None)
        if finish_frame is not None:
            finish_frame()
        timeline = self.run
        if frame != timeline.frame:
            timeline.go_to(frame)
            self.host.forget_canvas()  # the picture is of another moment: paint it whole

    def idle(self):
        """A paused frame: a little of its time fills in the timeline's keyframes."""
        self.run.prepare(IDLE_SECONDS)

    # --- picture --------------------------------------------------------------------------
    def draw(self, surface):
        """The bar: its name, the track with the kept part lit, the knob, the time back."""
        timeline = self.run
        bar = self.bar()
        surface.blit(panel_surface(bar.size, PANEL_FILL, (120, 124, 160, 255)), bar)
        draw_text(surface, "rewind: drag, or [ ]", (bar.x + 12, bar.y + 7), 18,
                  ACCENT if self.dragging else TEXT)
        track = self.track()
        pygame.draw.rect(surface, TRACK, track, border_radius=3)
        oldest = round(self.x_of(timeline.oldest))
        kept = pygame.Rect(oldest, track.y, track.right - oldest, track.height)
        pygame.draw.rect(surface, KEPT, kept, border_radius=3)
        knob = (round(self.x_of(timeline.frame)), track.centery)
        pygame.draw.circle(surface, (0, 0, 0), (knob[0] + 1, knob[1] + 1), 9)
        pygame.draw.circle(surface, ACCENT, knob, 9)
        pygame.draw.circle(surface, TEXT, knob, 9, 2)
        back = timeline.back / FRAMES_PER_SECOND
        words = "live" if timeline.back == 0 else f"-{back:.2f} s"
        draw_text(surface, words, (bar.right - 12, bar.y + 7), 18,
                  TEXT if timeline.back else MUTED, anchor="topright")
