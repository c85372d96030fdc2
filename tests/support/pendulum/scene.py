"""The pendulum scene: its model, its view and two sliders; the kit does the rest."""

from scenes.kit.scene import Scene

from . import model, view


class PendulumScene(Scene):
    name = "pendulum"
    help = model.HELP
    params = model.PARAMS
    model_class = model.PendulumModel
    view = view
    panel_params = ("length", "gravity")
