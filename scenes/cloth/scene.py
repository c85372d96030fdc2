"""The cloth scene: the tearing cloak, its sliders and view; the wind button and the right-drag
knife are every sheet demo's (`scenes.kit.sheet_scene`)."""

from scenes.kit.sheet_scene import SheetScene

from . import model, view


class ClothScene(SheetScene):
    name = "cloth"
    help = model.HELP
    params = model.PARAMS
    model_class = model.ClothModel
    view = view
    panel_params = ("tear", "wind", "iterations", "gravity")
