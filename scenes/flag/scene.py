"""The flag scene: the flag model with its wind, iterations and tear sliders, and its view; the
wind button and the right-drag knife are every sheet demo's (`scenes.kit.sheet_scene`)."""

from scenes.kit.sheet_scene import SheetScene

from . import model, view


class FlagScene(SheetScene):
    name = "flag"
    help = model.HELP
    params = model.PARAMS
    model_class = model.FlagModel
    view = view
    panel_params = ("wind", "iterations", "tear", "gravity")
    moment_lines = {
        "torn": ("깃발이 찢어졌어요, {links}곳", "flag torn, {links} links"),
        "cut": ("깃발을 잘랐어요, {links}곳", "flag cut, {links} links"),
        "wind-on": ("바람이 불어요", "wind on"),
        "wind-off": ("바람이 멎었어요", "wind off"),
    }
    readout_corner = (12, 150)  # the wind dial takes the bottom left
