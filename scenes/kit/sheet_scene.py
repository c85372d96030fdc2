"""The scene every sheet demo shares: a wind button and the right mouse button as a knife.

A demo's scene subclasses `SheetScene` and names its model, parameters and view; the base
routes a press on the wind button (labelled with what it does: "start wind", "stop wind",
"wind at 0") to
the model's Space, hands a right-button press, drag and release to the run ahead of the
panel (the run decodes them as the model's knife, "cut_down" / "cut_move" / "cut_up",
`scenes.kit.model.sheet_demo`), and draws the button over the view's picture.
"""

import pygame

from .scene import Scene, event_record
from .widgets import HELP_SIZE, Button, help_line_bottom

WIND_BUTTON = (12, 40, 100, 40)
"""Where the wind button sits, px (x, y, width, height): a thumb's height, under the
help line at the top left (the top right holds the toolbar and the sliders)."""


class SheetScene(Scene):
    """A sheet demo's scene: its wind button and right-drag knife."""

    def __init__(self, seed=0, values=None, overlay=False, calm=False):
        super().__init__(seed, values, overlay, calm)
        self.wind_button = Button(WIND_BUTTON, "wind",
                                  lambda: self.run.apply({"type": "key_down", "key": "space"}))

    def lay_out(self, ui):
        """The panel and notes as every scene's; the wind button grown for a finger, and on a
        small canvas placed below the help line (`place_wind_button`)."""
        super().lay_out(ui)
        _, _, width, height = WIND_BUTTON
        label = ui.text(Button.LABEL_SIZE)
        if label > Button.LABEL_SIZE:
            width = round(width * label / Button.LABEL_SIZE)
        self.wind_button.rect = pygame.Rect(WIND_BUTTON[:2], (width, ui.side(height)))
        self.wind_button.label_size = label
        self.context.buttons = (self.wind_button.rect,)
        self.place_wind_button()

    def place_wind_button(self):
        """Shown small, the help line wraps to as many lines as its words need now (a touch
        changes them, so does the wind): the button goes just below the last of them."""
        ui, rect = self.context.ui, self.wind_button.rect
        if ui.text(HELP_SIZE) > HELP_SIZE or rect.height > WIND_BUTTON[3]:
            words = self.view.help_line(self.model, self.context.touch)
            rect.top = help_line_bottom(words, self.context, self.size[0]) + ui.room(8)
        else:
            rect.top = WIND_BUTTON[1]

    def handle(self, event):
        """The wind button, then the right button as a knife, then the common routing."""
        if self.wind_button.handle(event):
            return
        right = (event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
                 and event.button == 3)
        if right or (event.type == pygame.MOUSEMOTION and event.buttons[2]
                     and not event.buttons[0]):
            self.run.apply(event_record(event))  # the knife, past the panel
            return
        super().handle(event)

    def render(self, surface):
        """The view's picture, and the wind button over it naming what a press does ("stop
        wind" while it blows, "start wind" while off, "wind at 0" while on at a slider of 0:
        `SheetDemo.wind_word`; the help line says which it is now)."""
        self.place_wind_button()  # before the view draws its readout below it
        super().render(surface)
        self.wind_button.label = self.model.wind_word()
        self.wind_button.draw(surface)
