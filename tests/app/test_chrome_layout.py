"""The chrome laid out for the size the frame is shown at, measured in CSS px.

The canvas is 960 x 540 logical px; a 390 px phone column shows it at 0.406 CSS px per canvas
px, a 320 px frame at a third. Laid out for such a frame (`--frame-width`, the page's frame
size in the browser) with a finger, every toolbar button, menu row, slider row and panel button
must be at least 32 CSS px, every word the chrome draws at least 12 CSS px, all of it on the
canvas and no two buttons over each other; the items the row cannot hold live in a "more"
menu whose rows do what the buttons did. At 960 px under a mouse nothing moves.
"""

import pygame
import pytest

import main
from app.toolbar import ITEMS
from scenes.kit import widgets
from tests.support.frame_host import CANVAS, css, make, press

WIDTHS = (320, 390, 960)
SCENES = ("takopi", "rope", "spider", "cloth")
"""The most sliders (takopi: six), the fewest (rope), a scene with its own button in the row
(the spider's restart), a sheet."""


@pytest.fixture(autouse=True)
def fonts():
    pygame.display.init()
    pygame.font.init()


def hover(host, pos):
    host.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(pos), rel=(0, 0),
                                   buttons=(0, 0, 0), touch=False))


def chrome_texts(monkeypatch, host):
    """[(text, size, rect)] of every word the chrome draws in one frame (the scene's own
    picture and overlay left out: those are the views' words)."""
    seen = []
    original = widgets.draw_text

    def spy(surface, text, pos, size=20, *args, **kwargs):
        rect = original(surface, text, pos, size, *args, **kwargs)
        seen.append((text, size, rect))
        return rect

    monkeypatch.setattr(widgets, "draw_text", spy)
    for module in ("scenes.kit.scene", "scenes.kit.param_panel", "app.toolbar", "app.chrome"):
        monkeypatch.setattr(f"{module}.draw_text", spy)
    monkeypatch.setattr(host.scene, "render", lambda surface: None)
    monkeypatch.setattr(host.scene, "render_overlay", lambda surface: None)
    host.draw(host.window.surface)
    monkeypatch.undo()
    return seen


def controls(host):
    """{name: rect} of every control a reader can press now."""
    found = {f"toolbar {item}": button.rect for item, button in host.toolbar.buttons.items()}
    found.update({f"slot {item}": rect for item, rect in host.toolbar.free_slots.items()})
    for own in ("help_button", "wind_button"):  # a scene's own buttons (the spider's "?")
        if hasattr(host.scene, own):
            found[own] = getattr(host.scene, own).rect
    panel = host.scene.panel
    if panel is not None:
        found["panel toggle"] = panel.toggle.rect
        if panel.open:
            found.update({f"slider {s.param.name}": s.rect for s in panel.sliders})
            found.update({f"panel {b.label}": b.rect for b in panel.buttons})
    if host.menu.open:
        found.update({f"menu {item}": host.menu.row_rect(i) for i, item in enumerate(host.menu.items)})
    if host.scene_list.open:
        found.update({f"list {name}": host.scene_list.row_rect(i)
                      for i, (name, _) in enumerate(host.scene_list.entries)})
    return found


def assert_controls_fit(host, names=None):
    found = controls(host)
    for name, rect in found.items():
        assert min(css(host, rect.width), css(host, rect.height)) >= 32, (name, rect)
        assert CANVAS.contains(rect), (name, rect)
    return found


def assert_apart(rects):
    rects = list(rects.items())
    for i, (a, first) in enumerate(rects):
        for b, second in rects[i + 1:]:
            assert not first.colliderect(second), f"{a} {first} overlaps {b} {second}"


def assert_words_readable(texts, host):
    assert texts, "the chrome drew no words"
    for text, size, rect in texts:
        assert css(host, size) >= 12, (text, size)
        assert CANVAS.contains(rect), (text, rect)


@pytest.mark.parametrize("scene", SCENES)
@pytest.mark.parametrize("width", WIDTHS)
def test_every_control_is_a_thumb_wide_on_the_canvas_and_apart(scene, width):
    host = make(scene, width)
    assert host.ui.css_scale == pytest.approx(width / 960)
    row = assert_controls_fit(host)
    assert_apart(row)  # the toolbar row, the slider button and the scene's own buttons
    press(host, host.scene.panel.toggle.rect.center)
    assert host.scene.panel.open
    opened = assert_controls_fit(host)
    assert_apart({name: rect for name, rect in opened.items()
                  if name.startswith(("slider", "panel"))})
    body = host.scene.panel.body
    assert CANVAS.contains(body)
    if host.scene.panel.covers_row:  # the panel is over the row: the row steps aside
        assert host._row_covered()
    else:
        assert not any(body.colliderect(rect) for name, rect in row.items()
                       if name.startswith(("toolbar", "slot")))


@pytest.mark.parametrize("width", WIDTHS)
def test_every_word_of_the_chrome_reads_at_12_css_px(monkeypatch, width):
    host = make("takopi", width)
    host.scene.add_note("a note from the page")
    host.scene.context.overlay = True  # the fps and tier label
    assert_words_readable(chrome_texts(monkeypatch, host), host)
    press(host, host.scene.panel.toggle.rect.center)
    texts = chrome_texts(monkeypatch, host)
    assert {"iterations", "defaults", "copy link", "copy embed"} <= {t for t, _, _ in texts}
    assert_words_readable(texts, host)
    press(host, host.scene.panel.toggle.rect.center)
    host.paused = True
    texts = chrome_texts(monkeypatch, host)
    assert "paused" in [t for t, _, _ in texts]
    assert_words_readable(texts, host)
    host.paused = False
    for button in host.toolbar.buttons.values():  # a mouse over each button: its hint
        hover(host, button.rect.center)
        assert_words_readable(chrome_texts(monkeypatch, host), host)


@pytest.mark.parametrize("width", (320, 390))
def test_the_row_keeps_what_fits_and_the_more_menu_holds_the_rest(monkeypatch, width):
    host = make("rope", width)
    row = [item for item in host.toolbar.buttons if item != "more"]
    assert "more" in host.toolbar.buttons and "pause" in row
    assert sorted(row + host.menu.items) == sorted(ITEMS)  # every item somewhere, once
    left = min(button.rect.x for button in host.toolbar.buttons.values())
    assert left >= 960 * 0.55  # the row leaves the canvas's left part to the help line
    press(host, host.toolbar.rect("more").center)
    assert host.menu.open
    assert_apart(assert_controls_fit(host))
    texts = chrome_texts(monkeypatch, host)
    assert_words_readable(texts, host)
    assert {host.menu.words(item) for item in host.menu.items} <= {t for t, _, _ in texts}
    press(host, (40, 400))  # outside: only closes
    assert not host.menu.open and not host.paused


def choose(host, item):
    """Open the "more" menu (when the item is there) and press the item's row, else its button."""
    if item in host.menu.items:
        press(host, host.toolbar.rect("more").center)
        press(host, host.menu.row_rect(host.menu.items.index(item)).center)
        assert not host.menu.open
    else:
        press(host, host.toolbar.rect(item).center)


@pytest.mark.parametrize("width", (320, 390, 960))
def test_menu_rows_do_what_the_buttons_do(width):
    host = make("rope", width)
    for _ in range(20):
        host.frame(1)
    choose(host, "overlay")
    assert host.scene.context.overlay
    choose(host, "fullscreen")
    assert host.window.fullscreen
    choose(host, "pause")
    assert host.paused
    press(host, (300, 300))  # a tap resumes
    assert not host.paused
    restarts = host.scene.run.restarts
    choose(host, "restart")
    assert host.scene.run.restarts == restarts + 1
    choose(host, "scenes")
    assert host.scene_list.open
    assert_controls_fit(host)
    press(host, host.scene_list.row_rect(host.scene_list.entries.index(
        next(e for e in host.scene_list.entries if e[0] == "cloth"))).center)
    assert host.scene.name == "cloth"


def test_at_960_under_a_mouse_the_layout_is_the_designed_one():
    designed = make("takopi", None, touch=False)
    full = make("takopi", 960, touch=False)
    for item in ITEMS:
        assert full.toolbar.rect(item) == designed.toolbar.rect(item) is not None
    assert full.scene.panel.toggle.rect == designed.scene.panel.toggle.rect == (908, 12, 40, 40)
    assert [s.rect for s in full.scene.panel.sliders] == [s.rect for s in designed.scene.panel.sliders]
    assert full.menu.items == [] and "more" not in full.toolbar.buttons
    assert designed.toolbar.rect("restart") == (860, 12, 40, 40)


def test_the_spiders_own_restart_keeps_its_slot_in_a_short_row():
    host = make("spider", 320)
    slot = host.toolbar.free_slots["restart"]
    assert "restart" not in host.menu.items and css(host, slot.width) >= 32
    assert host.scene.restart_button.rect == slot


def test_a_relayout_keeps_the_panel_open_and_a_bad_scale_changes_nothing(capsys):
    host = make("rope", 390)
    press(host, host.scene.panel.toggle.rect.center)
    host.lay_out(1.0, False)
    assert host.scene.panel.open and host.scene.panel.toggle.rect == (908, 12, 40, 40)
    host.lay_out("wide", True)
    assert host.ui.css_scale == 1.0
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize("scene", ("rope", "cloth", "flag", "hair"))
@pytest.mark.parametrize("width", (320, 390))
def test_a_help_line_reads_at_12_css_px_and_wraps_left_of_the_row(monkeypatch, scene, width):
    host = make(scene, width)
    seen = []
    original = widgets.draw_text

    def spy(surface, text, pos, size=20, *args, **kwargs):
        rect = original(surface, text, pos, size, *args, **kwargs)
        seen.append((text, size, rect))
        return rect

    monkeypatch.setattr(widgets, "draw_text", spy)
    host.draw(host.window.surface)
    row_left = min(rect.x for rect in host.scene.context.chrome)
    help_lines = [(size, rect) for text, size, rect in seen if rect.top < 12 + 3 * 40 and rect.x == 12]
    assert help_lines  # one line, or wrapped into several where one cannot hold it
    for size, rect in help_lines:
        assert css(host, size) >= 12 and rect.right < row_left
    if hasattr(host.scene, "wind_button"):
        wind = host.scene.wind_button.rect
        assert css(host, wind.height) >= 32
        assert all(not wind.colliderect(rect) for _, rect in help_lines)


def test_in_the_browser_the_first_layout_follows_the_pages_frame_size(monkeypatch):
    import json
    import types

    from app import page

    from app.embed import PageLink

    host = make("rope", None, touch=False)
    PageLink(host)  # no page around: the designed layout
    assert host.ui.css_scale == 1.0 and host.toolbar.rect("pause").width == 40
    verlet = types.SimpleNamespace(frameSize=lambda: {"width": 390, "height": 219,
                                                      "scale": 390 / 960, "touch": True})
    window = types.SimpleNamespace(verletPage=verlet, JSON=types.SimpleNamespace(stringify=json.dumps))
    monkeypatch.setattr(page, "page_window", lambda: window)
    PageLink(host)  # the first thing it does in the browser: ask the page the frame's size
    assert host.ui.touch and css(host, host.toolbar.rect("pause").width) >= 32
    assert "more" in host.toolbar.buttons


def test_a_frame_size_from_the_page_lays_the_chrome_out():
    host = make("cloth", None, touch=False)
    host.frame_size = {"width": 320, "height": 180, "scale": 320 / 960, "touch": True}
    assert host.ui.css_scale == pytest.approx(1 / 3) and host.ui.touch
    assert css(host, host.scene.wind_button.rect.height) >= 32
    host.frame_size = {"width": 960, "height": 540, "scale": 1.0, "touch": False}
    assert host.toolbar.rect("pause").width == 40 and "more" not in host.toolbar.buttons


def test_frame_width_takes_a_whole_css_width_and_says_what_is_allowed(capsys):
    from app.options import UsageError, parse_cli
    from scenes.catalog import DEFAULT_SCENE, SCENES as ALL

    options = parse_cli(["--frame-width", "390", "--touch"], ALL, DEFAULT_SCENE)
    assert (options.frame_width, options.touch) == (390, True)
    for bad in ("50", "wide", "390.5"):
        with pytest.raises(UsageError, match=r"--frame-width .* use 120 to 7680"):
            parse_cli(["--frame-width", bad], ALL, DEFAULT_SCENE)
    assert main.run(["--frame-width", "10", "--headless"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_headless_screenshot_at_390_shows_grown_buttons(tmp_path):
    shot = tmp_path / "phone.png"
    assert main.run(["--scene", "rope", "--headless", "--frames", "2", "--frame-width", "390",
                     "--touch", "--screenshot", str(shot)]) == 0
    picture = pygame.image.load(str(shot))
    host = make("rope", 390)
    pause = host.toolbar.rect("pause")
    inside = picture.get_at((pause.x + 4, pause.centery))  # the button's dark fill
    outside = picture.get_at((pause.x - host.ui.room(8) // 2, pause.centery))  # the gap
    assert picture.get_size() == (960, 540) and inside != outside
    assert pause.width >= 79  # 32 CSS px at 390/960
