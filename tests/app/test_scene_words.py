"""Every word a scene draws in a whole frame, measured in CSS px on a phone-sized frame.

`test_chrome_layout` measures the chrome's words; here the scenes' own are measured too (the
help lines, Takopi's credit, the spider's HUD, hint box, footer and game-over panel, the
bridge's crate weights), in the states a reader sees: the start, the spider's hint box shown
and its game over, Takopi pressed. At 320 and 390 CSS px under a finger every word must read
at 12 CSS px (the size `draw_text` is given times the CSS scale), lie on the canvas, and keep
off the toolbar row, the scene's own buttons and every other word. The overlay is off.
"""

import pygame
import pytest

from scenes.catalog import SCENES
from scenes.kit import widgets
from scenes.takopi import view_canvas
from tests.support.frame_host import CANVAS, css, make, press


@pytest.fixture(autouse=True)
def fonts():
    pygame.display.init()
    pygame.font.init()


MODULES = ("scenes.kit.scene", "scenes.kit.param_panel", "scenes.kit.sheet_view",
           "scenes.kit.instruments", "app.toolbar", "app.chrome", "scenes.bridge.view",
           "scenes.hair.view", "scenes.rope.view", "scenes.flag.view", "scenes.takopi.view_canvas",
           "scenes.spider.scene", "scenes.spider.view_buttons", "scenes.spider.view_hud",
           "scenes.spider.view_panel", "scenes.spider.view_score")


def frame_texts(monkeypatch, host):
    """[(text, size, rect)] of every line of text one whole frame draws (scene included)."""
    seen = []
    original = widgets.draw_text

    def spy(surface, text, pos, size=20, *args, **kwargs):
        rect = original(surface, text, pos, size, *args, **kwargs)
        if surface.get_size() == CANVAS.size:  # not an icon drawn small and scaled up
            seen.append((text, size, rect))
        return rect

    with monkeypatch.context() as patch:
        patch.setattr(widgets, "draw_text", spy)
        for module in MODULES:
            patch.setattr(f"{module}.draw_text", spy)
        host.scene.context.memory.clear()  # Takopi prints its lines on a fresh background
        view_canvas._backgrounds.clear()
        host.draw(host.window.surface)
    return seen


def own_buttons(host):
    """Rects of the scene's own buttons (the spider's ↺ and ?, the sheets' wind button)."""
    scene = host.scene
    found = [getattr(scene, name).rect for name in ("help_button", "restart_button", "wind_button")
             if hasattr(scene, name)]
    if getattr(scene, "model", None) is not None and getattr(scene.model, "game_over", False):
        found.append(scene.play_again.rect)
    return found


def assert_words_fit(host, texts, state):
    assert texts, f"{state}: no words drawn"
    row = [pygame.Rect(rect) for rect in host.scene.context.chrome]
    row += [button.rect for button in host.toolbar.buttons.values()]
    buttons = own_buttons(host)
    for text, size, rect in texts:
        assert css(host, size) >= 12, (state, text, size)
        assert CANVAS.contains(rect), (state, text, rect)
    words = [(text, rect) for text, _, rect in texts if text.strip()]
    scene_words = [(text, rect) for text, rect in words
                   if not any(button.contains(rect) for button in row + buttons)]
    for text, rect in scene_words:  # a button's own label lies inside it; nothing else does
        for other in row + buttons:
            assert not rect.colliderect(other), (state, text, rect, other)
    for i, (text, rect) in enumerate(words):
        for other, second in words[i + 1:]:
            assert not rect.colliderect(second), f"{state}: {text!r} {rect} over {other!r} {second}"


def sizes(texts):
    return sorted({size for _, size, _ in texts})


@pytest.mark.parametrize("width", (320, 390))
@pytest.mark.parametrize("scene", sorted(SCENES))
def test_every_word_of_every_scene_reads_at_12_css_px_apart(monkeypatch, scene, width):
    host = make(scene, width)
    for _ in range(30):
        host.frame(1)
    assert_words_fit(host, frame_texts(monkeypatch, host), f"{scene} start")
    if scene == "takopi":
        model = host.scene.model
        down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(480, 380), button=1, touch=True)
        host.handle(down)
        for _ in range(20):
            host.frame(1)
        assert model.pressed
        assert_words_fit(host, frame_texts(monkeypatch, host), "takopi pressed")
        from scenes.takopi.view_canvas import CREDIT
        drawn = [t for t, _, _ in frame_texts(monkeypatch, host)]
        words = CREDIT.split()
        runs = [drawn[i:j] for i in range(len(drawn)) for j in range(i + 1, min(len(drawn), i + 4) + 1)
                if " ".join(drawn[i:j]).split() == words]
        assert runs, drawn  # quoted whole, on three lines at most, one after another
    if scene == "bridge":
        press(host, (480, 200))  # a crate with its weight printed on it
        for _ in range(5):
            host.frame(1)
        assert_words_fit(host, frame_texts(monkeypatch, host), "bridge with a crate")


@pytest.mark.parametrize("width", (320, 390))
def test_the_spiders_hint_box_and_game_over_read_at_12_css_px(monkeypatch, width):
    host = make("spider", width)
    for _ in range(10):
        host.frame(1)
    host.scene.toggle_hint()
    host.frame(1)
    texts = frame_texts(monkeypatch, host)
    assert any("Bugs fly at you" in t for t, _, _ in texts)
    assert_words_fit(host, texts, "spider hint")
    model = host.scene.model
    model.score, model.counts["caught"], model.frame = 12, 23, 60 * 600  # a long game's lines
    model._end("bitten")  # as the last bite ends it (an idle spider takes minutes)
    host.frame(1)
    assert model.game_over
    texts = frame_texts(monkeypatch, host)
    assert "GAME OVER" in [t for t, _, _ in texts] and "play again" in [t for t, _, _ in texts]
    assert_words_fit(host, texts, "spider game over")
    panel = host.scene.play_again.rect
    assert css(host, panel.height) >= 32 and CANVAS.contains(panel)


def test_at_full_size_the_scenes_words_are_as_designed(monkeypatch):
    """As designed: the spider's HUD, its "?" and panel, Takopi's help line and credit."""
    host = make("spider", None, touch=False)
    texts = frame_texts(monkeypatch, host)
    assert {("HP", 20), ("silk", 20), ("score", 18), ("best", 18)} <= {(t, s) for t, s, _ in texts}
    assert host.scene.help_button.rect == (354, 12, 40, 40)
    assert host.scene.play_again.rect == (390, 324, 180, 50)
    takopi = make("takopi", None, touch=False)
    sizes_seen = {t: s for t, s, _ in frame_texts(monkeypatch, takopi)}
    from scenes.takopi.view_canvas import CREDIT, HELP_LINE
    assert sizes_seen[CREDIT] == 18 and sizes_seen[HELP_LINE] == 22


@pytest.mark.parametrize("scene", ("rope", "cloth", "flag", "bridge", "hair"))
@pytest.mark.parametrize("width", (320, 390))
def test_an_overlay_s_readout_line_reads_at_12_css_px_below_the_help_line(monkeypatch, scene,
                                                                            width):
    """The overlay's line of numbers grows with the help line: below it (it wraps there), below
    the sheets' wind button, breaking between its parts left of the toolbar row. Drawn at its
    designed place at full size it ran into the wrapped help line on a phone."""
    host = make(scene, width)
    host.scene.context.overlay = True
    for _ in range(5):
        host.frame(1)
    texts = frame_texts(monkeypatch, host)
    readout = [(text, size, rect) for text, size, rect in texts
               if any(part in text for part in ("links", "points", "strands", "torn", "load"))
               and "·" not in text[:1]]
    readout = [entry for entry in readout if entry[2].top > 12 and entry[2].x == 12]
    assert readout, [text for text, _, _ in texts]
    lines = [(text, size, rect) for text, size, rect in texts if rect.x == 12 and rect.top < 200]
    assert_words_fit(host, lines, f"{scene} overlay")
    help_bottom = min(rect.top for _, _, rect in readout)
    assert all(rect.bottom <= help_bottom for text, _, rect in lines
               if (text, _, rect) not in readout and rect.top < help_bottom)
