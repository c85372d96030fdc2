"""Every word a scene draws on a phone-sized frame inks at least as tall as the same words set
at 12 px of sans-serif in Chromium: both measured as ink (ascender to descender) in pixels, the
app's in the very images it blits (times the frame's CSS scale), the page's in a screenshot.

Before: pygame's own font drew the hint line at a 320 px frame 22 canvas px tall = 7.3 CSS px,
where 12 px text spans 11.3. Now every word is drawn in the bundled face at an em of at least
TEXT_EM_CSS (`scenes.kit.lettering`, `scenes.kit.ui_scale`).
"""

import html
import io

import pygame
import pytest

import main
from app.options import Options
from app.window import HeadlessWindow
from scenes.catalog import SCENES
from scenes.kit import lettering, strip_chart, widgets
from scenes.takopi import view_canvas

pytestmark = pytest.mark.browser

WIDTHS = (320, 390)
TEXT_CSS = 12


def ink_span(rows_with_ink):
    rows = [y for y, inked in enumerate(rows_with_ink) if inked]
    return rows[-1] - rows[0] + 1 if rows else 0


def alpha_ink(image):
    """Ink rows of a rendered line (its alpha, so the colour does not matter)."""
    alpha = pygame.surfarray.pixels_alpha(image)
    return ink_span((alpha > 96).any(axis=0))


class RenderSpy:
    """A font that records every line it renders: (text, image)."""

    def __init__(self, font, seen):
        self._font, self._seen = font, seen

    def render(self, text, *args, **kwargs):
        image = self._font.render(text, *args, **kwargs)
        self._seen.append((text, image))
        return image

    def __getattr__(self, name):
        return getattr(self._font, name)


def lines_drawn(monkeypatch, scene, width):
    """{text: ink height in CSS px} of every line one frame of `scene` renders at `width`."""
    pygame.display.init()
    pygame.font.init()
    host = main.make_host(Options(scene=scene, frame_width=width, touch=True),
                          HeadlessWindow((960, 540)))
    for _ in range(30):
        host.frame(1)
    seen = []
    real = lettering.at_em
    with monkeypatch.context() as patch:
        patch.setattr(lettering, "at_em", lambda em: RenderSpy(real(em), seen))
        widgets._rendered.clear()
        strip_chart._labels.clear()
        host.scene.context.memory.clear()
        view_canvas._backgrounds.clear()
        host.draw(host.window.surface)
    scale = host.ui.css_scale
    inks = {}
    for text, image in seen:
        if text.strip() and image.get_width() > 1:
            inks[text] = min(inks.get(text, 1e9), alpha_ink(image) * scale)
    return inks


FACE = f"{TEXT_CSS}px/2 sans-serif"
"""What "12 px CSS text" is here: the browser's own sans-serif at 12 px."""


def page_inks(page, texts, face):
    """{text: ink height, px} of each text set in `face`, black on white, at 1 device px."""
    rows = "".join(f'<div data-i="{i}">{html.escape(text)}</div>' for i, text in enumerate(texts))
    page.set_viewport_size({"width": 1400, "height": 900})
    page.set_content(f'<body style="margin:0;background:#fff;color:#000;font:{face}">'
                     f'<style>div{{display:inline-block;clear:both;float:left;white-space:pre;'
                     f'padding:0 2px}}</style>{rows}</body>')
    page.evaluate("document.fonts.ready")
    inks = {}
    for i, text in enumerate(texts):
        shot = page.locator(f'div[data-i="{i}"]').screenshot()
        image = pygame.image.load(io.BytesIO(shot))
        darkest = pygame.surfarray.pixels3d(image).min(axis=2)
        inks[text] = ink_span((darkest < 160).any(axis=0))
    return inks


@pytest.mark.parametrize("width", WIDTHS)
def test_every_scene_word_inks_as_tall_as_12px_page_text(monkeypatch, page, repo_root, width):
    face = FACE
    short = []
    for scene in sorted(SCENES):
        app = lines_drawn(monkeypatch, scene, width)
        assert len(app) >= 2, f"{scene}: no words drawn"
        css = page_inks(page, sorted(app), face)
        for text, ink in app.items():
            if css[text] and ink < css[text] - 0.75:
                short.append((scene, text, round(ink, 1), css[text]))
    assert not short, short
