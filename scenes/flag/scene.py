"""The flag scene: the flag model with its wind, stiffness and tear sliders, and its view; the
wind button and the right-drag knife are every sheet demo's (`scenes.kit.sheet_scene`)."""

from scenes.kit.sheet_scene import SheetScene

from . import model, view


class FlagScene(SheetScene):
    name = "flag"
    help = model.HELP
    params = model.PARAMS
    model_class = model.FlagModel
    view = view
    panel_params = ("wind", "stiffness", "tear", "gravity")
    readout_corner = (12, 150)  # the wind dial takes the bottom left
