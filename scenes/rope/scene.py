"""The rope scene: the rope model with sliders for its two parameters, and its view.

Its help line says "tap" once the last pointer event was a touch (the view context).
"""

from scenes.kit.scene import Scene

from . import model, view


class RopeScene(Scene):
    name = "rope"
    help = model.HELP
    params = model.PARAMS
    model_class = model.RopeModel
    view = view
    panel_params = ("iterations", "gravity")
    moment_lines = {
        "grabbed": ("밧줄을 잡았어요", "rope grabbed"),
        "let-go": ("밧줄을 놓았어요", "rope let go"),
    }
