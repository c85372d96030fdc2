"""The flag scene: the flag model with its wind, stiffness and tear sliders, and its view."""

from scenes.cloth.scene import ClothScene

from . import model, view


class FlagScene(ClothScene):
    """The cloth scene's wind button and right-drag knife, with the flag's model and view."""

    name = "flag"
    help = model.HELP
    params = model.PARAMS
    model_class = model.FlagModel
    panel_params = ("wind", "stiffness", "tear", "gravity")
    view = view
