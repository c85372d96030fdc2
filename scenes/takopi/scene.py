"""The Takopi scene: the model, its sliders, its drawing and its overlay (T1-T17).

Its view paints a frame over the last one where it can: the context tells it what else was
painted since (`kept`), and it keeps its own `view_canvas.CanvasMemory` in the context's memory.
"""

from scenes.kit.scene import Scene

from . import model, view


class TakopiScene(Scene):
    name = "takopi"
    help = model.HELP
    params = model.PARAMS
    model_class = model.TakopiModel
    moment_lines = {"pressed": ("타코피를 눌렀어요", "Takopi pressed")}
    view = view
    panel_params = ("iterations", "area_ratio", "gravity", "push_radius", "upright_rate",
                    "damping")
