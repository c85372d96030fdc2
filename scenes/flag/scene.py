"""The flag scene: the flag model with its wind, stiffness and tear sliders, and its view."""

from scenes.cloth.scene import ClothScene

from . import model, view


class FlagScene(ClothScene):
    """The cloth scene's wind button and right-drag knife, with the flag's model and view."""

    name = "flag"
    help = model.HELP
    params = model.PARAMS
    model_class = model.FlagModel
    panel_params = ("wind", "stiffness", "tear", "gravity")

    def render(self, surface):
        view.draw(surface, self.model, self.touch)
        self.wind_button.label = "wind on" if self.model.wind_on else "wind off"
        self.wind_button.draw(surface)

    def render_overlay(self, surface):
        view.draw_overlay(surface, self.model)
