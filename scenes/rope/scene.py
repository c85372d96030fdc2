"""The rope scene: the rope model with sliders for its two parameters, and its view.

Its help line says "tap" once the last pointer event was a touch (`Scene.pointer_word`).
"""

from scenes.kit.scene import Scene

from . import model, view


class RopeScene(Scene):
    name = "rope"
    help = model.HELP
    params = model.PARAMS
    model_class = model.RopeModel
    panel_params = ("iterations", "gravity")

    def render(self, surface):
        view.draw(surface, self.model, self.pointer_word, self.quality)

    def render_overlay(self, surface):
        view.draw_overlay(surface, self.model, self.quality)
