"""The hair scene: the hair model with its sliders, and its view."""

from scenes.kit.scene import Scene

from . import model, view


class HairScene(Scene):
    name = "hair"
    help = model.HELP
    params = model.PARAMS
    model_class = model.HairModel
    panel_params = ("bend", "gravity", "follow", "damping")

    def render(self, surface):
        view.draw(surface, self.model, self.touch, self.quality)

    def render_overlay(self, surface):
        view.draw_overlay(surface, self.model)
