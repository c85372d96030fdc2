"""The labels' bundled font writes every Korean character the scenes' labels use.

The browser build has no system fonts, so a Hangul label added without making the font again
(`python -m web.hangul_font`) would show boxes there: this test catches it.
"""

import pygame

from scenes.kit.strip_chart import LABEL_FONT, label_font
from web.hangul_font import HANGUL, used_characters


def test_the_font_is_bundled_with_its_license():
    assert LABEL_FONT.is_file() and LABEL_FONT.stat().st_size < 200_000
    assert "SIL Open Font License" in (LABEL_FONT.parent / "OFL.txt").read_text()


def test_every_hangul_character_of_the_labels_has_a_glyph():
    pygame.font.init()
    font = label_font(15)
    hangul = [c for c in used_characters() if HANGUL.match(c)]
    assert len(hangul) > 20  # the labels are bilingual
    missing = [c for c in hangul if font.metrics(c)[0][1] <= 0]
    assert not missing, f"no glyph for {''.join(missing)}: run python -m web.hangul_font"
    assert font.metrics("\ubdc1")[0][1] == 0  # a syllable no label uses is not in the subset
