"""The cloth scene: the tearing cloak, its sliders, a wind button and the right-drag knife."""

import pygame

from scenes.kit.scene import Scene
from scenes.kit.widgets import Button

from . import model, view

WIND_BUTTON = (12, 40, 100, 40)
"""Where the wind on/off button sits, px (x, y, width, height): a thumb's height."""
CUT_KINDS = {pygame.MOUSEBUTTONDOWN: "cut_down", pygame.MOUSEMOTION: "cut_move",
             pygame.MOUSEBUTTONUP: "cut_up"}


class ClothScene(Scene):
    name = "cloth"
    help = model.HELP
    params = model.PARAMS
    model_class = model.ClothModel
    panel_params = ("tear", "wind", "iterations", "gravity")
    view = view  # the drawing module: the flag scene has its own

    def __init__(self, seed=0, values=None, overlay=False):
        super().__init__(seed, values, overlay)
        # under the help line at the top left: the top right holds the toolbar and the sliders
        self.wind_button = Button(WIND_BUTTON, "wind",
                                  lambda: self.sim.input("key_down", "space"))

    def handle(self, event):
        """The wind button, then the right button as a knife, then the common routing."""
        if self.wind_button.handle(event):
            return
        right = (event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
                 and event.button == 3)
        if right or (event.type == pygame.MOUSEMOTION and event.buttons[2]
                     and not event.buttons[0]):
            self.sim.input(CUT_KINDS[event.type], tuple(event.pos))
            return
        super().handle(event)

    def render(self, surface):
        self.view.draw(surface, self.model, self.touch, self.quality)
        self.wind_button.label = "wind on" if self.model.wind_on else "wind off"
        self.wind_button.draw(surface)

    def render_overlay(self, surface):
        self.view.draw_overlay(surface, self.model)
