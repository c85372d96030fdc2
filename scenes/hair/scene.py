"""The hair scene: the hair model with its sliders, and its view."""

from scenes.kit.scene import Scene

from . import model, view


class HairScene(Scene):
    name = "hair"
    help = model.HELP
    params = model.PARAMS
    model_class = model.HairModel
    view = view
    panel_params = ("bend", "gravity", "follow", "damping")
