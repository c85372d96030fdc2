"""The Takopi scene: the model, its sliders, its drawing and its overlay (T1-T17)."""

from scenes.base import Scene

from . import model, view, view_overlay


class TakopiScene(Scene):
    name = "takopi"
    help = model.HELP
    params = model.PARAMS
    model_class = model.TakopiModel
    panel_params = ("iterations", "area_ratio", "gravity", "push_radius", "upright_rate",
                    "damping")

    def render(self, surface):
        view.draw(surface, self.model, self.touch, self.quality)

    def render_overlay(self, surface):
        view_overlay.draw_overlay(surface, self.model)
