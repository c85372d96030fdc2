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
    moment_lines = {
        "crate": ("상자를 떨어뜨렸어요", "crate dropped"),
        "snapped": ("밧줄이 끊어졌어요, {ropes}개", "ropes snapped: {ropes}"),
    }
