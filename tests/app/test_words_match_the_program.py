"""Every word a reader is given matches what the program does: the number keys and the scene
count, the toolbar's and the slider button's hints, the wind button and Space, the bridge's
pointer word, the flag's wind arrow, overlay text clear of every button, `./build.sh help` and
the README's quick tier and the layout in docs/house.md."""

import re
import subprocess

import pygame
import pytest

import main
from app.options import _parser
from app.window import HeadlessWindow
from scenes.bridge import view as bridge_view
from scenes.catalog import DEFAULT_SCENE, SCENES
from scenes.cloth import view as cloth_view
from scenes.flag import view as flag_view
from scenes.kit import param_panel, widgets
from scenes.kit.scene import script_event
from scenes.kit.model.run import set_record


@pytest.fixture(autouse=True)
def fonts():
    pygame.display.init()
    pygame.font.init()


def host_for(name):
    window = HeadlessWindow((960, 540))
    return main.Host(SCENES, lambda n: SCENES[n](), name, window)


def hover(target, pos):
    target.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0),
                                     touch=False))


def texts_drawn(monkeypatch, module, draw):
    """(text, rect) of every `draw_text` made through `module` while `draw()` runs, and of
    every line of an overlay's readout it draws (`draw_readout`, a line or several)."""
    seen = []
    original = module.draw_text

    def spy(surface, text, *args, **kwargs):
        rect = original(surface, text, *args, **kwargs)
        seen.append((text, rect))
        return rect

    monkeypatch.setattr(module, "draw_text", spy)
    readout = getattr(module, "draw_readout", None)
    if readout is not None:
        def readout_spy(surface, text, *args, **kwargs):
            rects = readout(surface, text, *args, **kwargs)
            seen.extend((text, rect) for rect in rects)
            return rects
        monkeypatch.setattr(module, "draw_readout", readout_spy)
    draw()
    monkeypatch.setattr(module, "draw_text", original)
    if readout is not None:
        monkeypatch.setattr(module, "draw_readout", readout)
    return seen


# --- the number keys ---------------------------------------------------------------------------

def test_help_tooltip_and_readme_name_the_number_keys_there_are(repo_root):
    """Before: the README said `1` `2` `3`, --help 1-9, the tooltip 1-7, for 7 scenes."""
    count = len(SCENES)
    assert f"1-{count} or Tab" in _parser(SCENES, DEFAULT_SCENE).format_help()
    host = host_for("rope")
    assert host.toolbar.hint("scenes") == f"scenes (Tab, 1-{count})"
    readme = (repo_root / "README.md").read_text()
    assert f"| `1` to `{count}`, `Tab`" in readme
    layout = (repo_root / "docs" / "house.md").read_text().split("## The layout")[1]
    for name in SCENES:  # the layout names every demo's folder
        assert re.search(rf"\b{name}/", layout), name


def test_the_pause_hint_says_go_on_while_paused():
    host = host_for("rope")
    assert host.toolbar.hint("pause") == "pause (P)"
    host.toggle_pause()
    assert host.toolbar.hint("pause") == "go on (P)"
    hover(host, host.toolbar.rect("pause").center)
    surface = pygame.Surface((960, 540))
    host.draw(surface)  # and the host's repaint area holds the longer of the two hints
    area = host._toolbar_area()
    words = widgets.rendered("go on (P)", 18, widgets.TEXT).get_rect(
        midtop=(host.toolbar.rect("pause").centerx, host.toolbar.rect("pause").bottom + 6))
    assert area.contains(words)


def test_the_slider_button_has_a_hint_on_the_canvas(monkeypatch):
    """Before: hovering the slider button showed nothing."""
    scene = SCENES["cloth"]()
    toggle = scene.panel.toggle.rect
    hover(scene, toggle.center)
    surface = pygame.Surface(scene.size)
    seen = texts_drawn(monkeypatch, param_panel, lambda: scene.draw(surface))
    hints = [rect for text, rect in seen if text == "parameters"]
    assert len(hints) == 1 and pygame.Rect(0, 0, *scene.size).contains(hints[0])
    assert hints[0].top >= toggle.bottom
    hover(scene, (100, 300))
    seen = texts_drawn(monkeypatch, param_panel, lambda: scene.draw(surface))
    assert "parameters" not in [text for text, _ in seen]
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=toggle.center, rel=(0, 0),
                                    buttons=(0, 0, 0), touch=True))
    seen = texts_drawn(monkeypatch, param_panel, lambda: scene.draw(surface))
    assert "parameters" not in [text for text, _ in seen]  # a finger does not hover


# --- the wind button and Space -----------------------------------------------------------------

@pytest.mark.parametrize("name, view", [("cloth", cloth_view), ("flag", flag_view)])
def test_the_wind_button_and_the_help_name_what_a_press_does(name, view):
    """Before: "Space: wind off" on a calm cloak, where Space turns the wind on."""
    scene = SCENES[name]()
    surface = pygame.Surface(scene.size)
    for _ in range(2):
        blowing = scene.model.wind_on
        scene.draw(surface)
        action = "stop wind" if blowing else "start wind"
        assert scene.wind_button.label == action
        assert f"Space: {action}" in view.help_line(scene.model)
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode="",
                                        scancode=0))
        assert scene.model.wind_on is not blowing  # the action named is the one done


def test_the_bridge_says_click_to_a_mouse_and_tap_to_a_finger():
    model = SCENES["bridge"]().model
    assert bridge_view.help_line(model, touch=False).startswith("click to drop a crate")
    assert bridge_view.help_line(model, touch=True).startswith("tap to drop a crate")


@pytest.mark.parametrize("name, view", [("cloth", cloth_view), ("flag", flag_view)])
def test_overlay_text_never_covers_a_button(monkeypatch, name, view):
    """Before: the overlay's numbers started at (12, 36), across the wind button (12-112,
    40-80). Now no text the scene draws with the overlay on meets the wind button, the
    toolbar's buttons or the slider button."""
    host = host_for(name)
    host.toggle_overlay()
    surface = pygame.Surface((960, 540))
    host.frame(1)
    from scenes.kit import sheet_view
    seen = texts_drawn(monkeypatch, sheet_view, lambda: host.draw(surface))
    if hasattr(view, "draw_text"):  # the cloak's overlay words are all the sheet view's
        seen += texts_drawn(monkeypatch, view, lambda: host.draw(surface))
    scene = host.scene
    buttons = [scene.wind_button.rect, scene.panel.toggle.rect, *scene.context.chrome]
    assert any("worst stretch" in text for text, _ in seen)
    for text, rect in seen:
        assert rect.collidelist(buttons) < 0, (text, rect)
        assert rect.right <= min(b.left for b in scene.context.chrome) - 4, (text, rect)


@pytest.mark.slow
@pytest.mark.parametrize("angle", range(0, 360, 15))
def test_the_flags_wind_arrow_is_labelled_and_stays_on_the_canvas(monkeypatch, angle):
    """Before: at (40, 480) and up to 120 px long, a wind blowing down drew it to y 600, below
    the 540 px canvas, with no word saying what it was."""
    from math import cos, radians, sin
    scene = SCENES["flag"]()
    wind = (5000 * cos(radians(angle)), 5000 * sin(radians(angle)))
    monkeypatch.setattr(type(scene.model), "observe_wind", lambda self: wind)
    tail, tip = flag_view.wind_arrow(scene.model, scene.size)
    canvas = pygame.Rect(0, 0, *scene.size).inflate(-16, -16)  # the tip's disc and a margin
    assert canvas.collidepoint(tail) and canvas.collidepoint(tip)
    assert abs((tip[0] - tail[0]) ** 2 + (tip[1] - tail[1]) ** 2 - 120 ** 2) < 1
    surface = pygame.Surface(scene.size)
    seen = texts_drawn(monkeypatch, flag_view, lambda: scene.draw(surface))
    labels = [rect for text, rect in seen if text == "wind"]
    assert len(labels) == 1 and canvas.contains(labels[0])


# --- build.sh help and the README --------------------------------------------------------------

def test_build_help_says_what_the_commands_do_without_issue_numbers(repo_root):
    result = subprocess.run(["bash", "build.sh", "help"], cwd=repo_root, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0
    assert "issue" not in result.stdout.lower()
    for command in ("run", "test", "quick", "setup", "shots", "web", "site", "serve", "itch",
                    "audit", "bench", "soak"):
        assert f"./build.sh {command}" in result.stdout
    assert "npm." in result.stdout  # the whole comment block, to its last line


def test_the_readme_names_the_quick_tier_and_no_stale_suite_time(repo_root):
    """Before: the README promised "about 15 minutes" for a suite that ran 20 to 67."""
    readme = (repo_root / "README.md").read_text()
    assert "./build.sh quick" in readme and "about a minute" in readme
    assert not re.search(r"about \d+ minutes", readme)


def test_a_scripted_right_press_is_the_right_button():
    event = script_event({"type": "down", "pos": (1, 2), "button": 3}, 3)
    assert event.button == 3
    assert script_event({"type": "move", "pos": (1, 2)}, 3).buttons == (0, 0, 1)
    assert script_event({"type": "move", "pos": (1, 2)}, True).buttons == (1, 0, 0)


@pytest.mark.parametrize("iterations,words", [(1, "17 points · 1 iteration · "),
                                              (2, "17 points · 2 iterations · ")])
def test_the_rope_readout_counts_its_iterations_in_good_english(monkeypatch, iterations, words):
    """Before: a rope of one pass a frame (its copy of 20 substeps x 1 pass side by side) read
    "1 iterations"."""
    from scenes.rope import view as rope_view
    host = host_for("rope")
    host.scene.apply(set_record("iterations", iterations))
    host.toggle_overlay()
    host.frame(1)
    surface = pygame.Surface((960, 540))
    seen = texts_drawn(monkeypatch, rope_view, lambda: host.draw(surface))
    assert any(text.startswith(words) for text, _ in seen), [text for text, _ in seen]
