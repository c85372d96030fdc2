"""The one font every word on the canvas is drawn in, and how a line's size becomes its em.

The font is bundled (`fonts/playground-labels.ttf`, a subset of NanumGothic under the SIL Open
Font License, `fonts/OFL.txt`; `web/font_subset.py` cuts it): Latin and every Korean character
the scenes write, the same in the window, the browser build (which has no system fonts) and the
tests. Its em is what CSS calls font-size; how tall a line of it inks against a browser's text
is measured (`scenes.kit.ui_scale.TEXT_EM_CSS`).

Two ways to ask for it:

- `at_em(em)`: the font at an em of `em` canvas px, what CSS calls font-size (the strip charts'
  and the phase readout's labels).
- `designed(size)`: a line of design size `size`, the size a scene gives `draw_text`. The scenes
  were laid out in pygame's own font, which inks a size-N line as tall as this font does at an
  em of about 0.65 N; `scenes.kit.ui_scale.em_of` keeps that, so every designed layout looks as it did at
  full size, and `scenes.kit.ui_scale.UiScale.text` grows a design size until it inks as 12 px
  of a browser's text does where the canvas is shown small.
"""

from pathlib import Path

import pygame

from .ui_scale import em_of

FONT_FILE = Path(__file__).resolve().parent / "fonts" / "playground-labels.ttf"
"""The bundled face: printable ASCII, the symbols the scenes write, and their Hangul."""

_fonts = {}


def at_em(em):
    """The bundled font at an em of `em` canvas px (a whole number, at least 1), cached."""
    em = max(1, int(em))
    font = _fonts.get(em)
    if font is None:
        font = _fonts[em] = pygame.font.Font(str(FONT_FILE), em)
    return font


def designed(size):
    """The font for a line of design size `size`."""
    return at_em(em_of(size))
