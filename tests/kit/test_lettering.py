"""The canvas's one font (`scenes.kit.lettering`): bundled with its licence, holding every
character the shipped code writes, and sized so a line's em is CSS's font-size.

The browser build has no system fonts, so a character added to a string without making the font
again (`python -m web.font_subset`) would show a box there: this test catches it.
"""

import pygame
import pytest

from scenes.kit import lettering, strip_chart, widgets
from scenes.kit.ui_scale import TEXT_EM_CSS, UiScale, em_of
from web.font_subset import HANGUL, used_characters, written_characters


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()


def test_the_font_is_bundled_with_its_license():
    assert lettering.FONT_FILE.is_file() and lettering.FONT_FILE.stat().st_size < 200_000
    assert "SIL Open Font License" in (lettering.FONT_FILE.parent / "OFL.txt").read_text()


def test_every_character_the_code_writes_has_a_glyph():
    font = lettering.at_em(15)
    written = written_characters()
    assert len([c for c in written if HANGUL.match(c)]) > 20  # the labels are bilingual
    assert {"·", "×", "°"} <= written
    missing = [c for c in used_characters() if c != " " and font.metrics(c)[0][1] <= 0]
    assert not missing, f"no glyph for {''.join(missing)}: run python -m web.font_subset"
    assert font.metrics("\ubdc1")[0][1] == 0  # a syllable no string uses is not in the subset


def test_every_word_and_label_is_drawn_in_the_bundled_font():
    """Before: the scenes' words were pygame's own font, which has no Hangul and inks a
    size-20 line 12 px tall where CSS's font-size 20 inks about 19."""
    assert widgets.font(20) is lettering.at_em(em_of(20))
    assert strip_chart.label_font(15) is lettering.at_em(15)


def ink_height(font, text):
    image = font.render(text, True, (255, 255, 255), (0, 0, 0))
    rows = [y for y in range(image.get_height())
            if any(image.get_at((x, y)).r > 96 for x in range(image.get_width()))]
    return rows[-1] - rows[0] + 1


LINES = ("click and drag the rope to swing it  ·  arrows, Enter: grab, let go  ·  R: restart",
         "yank to tear · swipe or right-drag: cut", "GAME OVER", "score", "drag the rope, Hg")


@pytest.mark.parametrize("size", [18, 20, 22, 26, 40])
def test_a_designed_line_is_as_wide_as_in_the_old_font_and_inks_no_smaller(size):
    """The scenes were laid out in pygame's own font: at full size their lines keep their
    width (within 5%), so every designed layout still fits, and ink as tall (within a px)."""
    old, new = pygame.font.Font(None, size), widgets.font(size)
    widths = sum(new.size(line)[0] for line in LINES) / sum(old.size(line)[0] for line in LINES)
    assert 0.93 <= widths <= 1.05, (size, widths)
    for line in LINES:
        assert ink_height(new, line) >= ink_height(old, line) - 1, (size, line)


@pytest.mark.parametrize("css_scale", [1.0, 390 / 960, 320 / 960, 0.2])
def test_a_line_grown_for_a_small_frame_has_the_em_that_inks_as_12_px_text(css_scale):
    ui = UiScale(css_scale, touch=True)
    for designed in (14, 17, 18, 20, 26):
        size = ui.text(designed)
        assert size >= designed
        assert em_of(size) * css_scale >= TEXT_EM_CSS - 1e-9
        if size > designed:  # grown no further than needed
            assert em_of(size - 1) * css_scale < TEXT_EM_CSS
