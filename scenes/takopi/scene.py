"""The Takopi scene: the model, its sliders, its drawing and its overlay (T1-T17)."""

from scenes.kit.scene import Scene

from . import model, view, view_canvas, view_overlay


class TakopiScene(Scene):
    name = "takopi"
    help = model.HELP
    params = model.PARAMS
    model_class = model.TakopiModel
    panel_params = ("iterations", "area_ratio", "gravity", "push_radius", "upright_rate",
                    "damping")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.canvas_memory = view_canvas.CanvasMemory()  # what the last frame painted (issue 14)

    def render(self, surface):
        view.draw(surface, self.model, self.touch, self.quality, self.canvas_kept,
                  self.canvas_memory)

    def render_overlay(self, surface):
        view_overlay.draw_overlay(surface, self.model)
