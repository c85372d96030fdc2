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
    moment_lines = {
        "torn": ("망토가 찢어졌어요, {links}곳", "cloth torn, {links} links"),
        "cut": ("망토를 잘랐어요, {links}곳", "cloth cut, {links} links"),
        "wind-on": ("바람이 불어요", "wind on"),
        "wind-off": ("바람이 멎었어요", "wind off"),
    }
