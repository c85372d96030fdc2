"""The bridge scene: the rope bridge model with its sliders, and its view."""

from scenes.kit.scene import Scene

from . import model, view


class BridgeScene(Scene):
    name = "bridge"
    help = model.HELP
    params = model.PARAMS
    model_class = model.BridgeModel
    panel_params = ("weight", "strength", "iterations", "gravity")

    def render(self, surface):
        view.draw(surface, self.model, self.touch, self.quality)

    def render_overlay(self, surface):
        view.draw_overlay(surface, self.model)
