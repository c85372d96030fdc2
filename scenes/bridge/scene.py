"""The bridge scene: the rope bridge model with its sliders, and its view."""

from scenes.kit.scene import Scene

from . import model, view


class BridgeScene(Scene):
    name = "bridge"
    help = model.HELP
    params = model.PARAMS
    model_class = model.BridgeModel
    view = view
    panel_params = ("weight", "strength", "iterations", "gravity")
