"""The scene every sheet demo shares: a wind button and the right mouse button as a knife.

A demo's scene subclasses `SheetScene` and names its model, parameters and view; the base
routes a press on the wind button (labelled with what it does: "start wind", "stop wind") to
the model's Space and a right-drag to its knife
("cut_down" / "cut_move" / "cut_up", `scenes.kit.model.sheet_demo`), and draws the button over
the view's picture.
"""

import pygame

from .scene import Scene
from .widgets import HELP_SIZE, Button, font

WIND_BUTTON = (12, 40, 100, 40)
"""Where the wind button sits, px (x, y, width, height): a thumb's height, under the
help line at the top left (the top right holds the toolbar and the sliders)."""
CUT_EVENTS = {pygame.MOUSEBUTTONDOWN: "down", pygame.MOUSEMOTION: "move",
              pygame.MOUSEBUTTONUP: "up"}


class SheetScene(Scene):
    """A sheet demo's scene: its wind button and right-drag knife."""

    def __init__(self, seed=0, values=None, overlay=False, calm=False):
        super().__init__(seed, values, overlay, calm)
        self.wind_button = Button(WIND_BUTTON, "wind",
                                  lambda: self.timeline.input("key_down", "space"))

    HELP_LINES = 2
    """How many lines a help line wraps to on a small canvas, at most (the button sits below)."""

    def lay_out(self, ui):
        """The panel and notes as every scene's; the wind button grown for a finger and moved
        below the help line, which wraps on a small canvas (`draw_help_line`)."""
        super().lay_out(ui)
        x, y, width, height = WIND_BUTTON
        label = ui.text(Button.LABEL_SIZE)
        if label > Button.LABEL_SIZE or ui.side(height) > height:
            y = 12 + self.HELP_LINES * font(ui.text(HELP_SIZE)).get_linesize() + ui.room(8)
            width = round(width * label / Button.LABEL_SIZE)
        self.wind_button.rect = pygame.Rect(x, y, width, ui.side(height))
        self.wind_button.label_size = label
        self.context.buttons = (self.wind_button.rect,)

    def handle(self, event):
        """The wind button, then the right button as a knife, then the common routing."""
        if self.wind_button.handle(event):
            return
        right = (event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
                 and event.button == 3)
        if right or (event.type == pygame.MOUSEMOTION and event.buttons[2]
                     and not event.buttons[0]):
            kind = self.model_class.right_button[CUT_EVENTS[event.type]]  # the knife
            self.timeline.input(kind, tuple(event.pos))
            return
        super().handle(event)

    def render(self, surface):
        """The view's picture, and the wind button over it naming what a press does ("stop
        wind" while it blows, "start wind" while calm; the help line says which it is now)."""
        super().render(surface)
        self.wind_button.label = "stop wind" if self.model.wind_on else "start wind"
        self.wind_button.draw(surface)
