"""How big the chrome must be drawn for the size the canvas is shown at.

The canvas is always 960 x 540 logical px, and the page shows it at some CSS size: at full size
one canvas px is one CSS px, in a 390 px phone column it is 0.406 CSS px, in a 320 px frame a
third. A 40 px button would then be 16 or 13 CSS px, too small for a thumb, and 20 px text 8 CSS
px, too small to read. `UiScale` says, for one such scale, how large a control or a line of text
must be on the canvas so that the reader sees at least:

- a control (button, slider row, menu row) of 32 CSS px on a touch screen, 24 on a mouse
  (WCAG 2.5.8's minimum target);
- text as tall as 12 CSS px of a browser's sans-serif text (measured as ink).

Every size only ever grows from the one a scene was designed with, so at scale 1 (and larger)
everything is exactly as designed. Pure code: the host (`app.chrome`) and the views read it from
their context (`ViewContext.ui`).
"""

from dataclasses import dataclass
from math import ceil, floor

TOUCH_TARGET_CSS = 32
"""Least side of a control on a touch screen, CSS px."""
POINTER_TARGET_CSS = 32
"""Least side of a control under a mouse, CSS px: as for a finger (WCAG 2.5.8 asks 24; a
320 x 180 desktop window or a narrow column is read from further away than a phone)."""
TEXT_CSS = 12
"""Least text size, CSS px: every line inks (ascender to descender) at least as tall as 12 px
of a browser's sans-serif text does."""
TEXT_EM_CSS = 13
"""The em, CSS px, the bundled face (`scenes.kit.lettering`) needs for TEXT_CSS: NanumGothic
inks a line 11/12 of its em tall, Chromium's sans-serif (DejaVu Sans on Debian) 12 px at
12 px (`tests/browser/test_word_ink.py` measures both)."""
EM_PER_SIZE = 0.70
"""The em of a line of design size 1, canvas px. The scenes' sizes were chosen in pygame's own
font, whose size-N line is as wide as the bundled face's at an em of 0.70 N (0.94 to 1.04 of
it over the scenes' lines), so every designed layout still fits; the bundled face inks it a
little taller (ascender to descender: "drag the rope" at 20 spans 12 px in pygame's font, 13
in ours)."""
ROOM_CSS = 6
"""Least margin around and gap between controls, CSS px."""


def em_of(size):
    """The em, canvas px, of a line of design size `size`: EM_PER_SIZE of it, rounded up to a
    whole px (a font's size is whole)."""
    return max(1, ceil(size * EM_PER_SIZE - 1e-6))


def _canvas_px(css_px, css_scale):
    """Canvas px that show as at least `css_px` CSS px (whole px; no float noise rounds up)."""
    return ceil(css_px / css_scale - 1e-6)


@dataclass(frozen=True)
class UiScale:
    """css_scale  CSS px per canvas px the page shows the canvas at (1: full size)
    touch      whether the reader's main pointer is a finger (a coarse pointer)"""

    css_scale: float = 1.0
    touch: bool = False

    def __post_init__(self):
        if not (isinstance(self.css_scale, (int, float)) and 0.05 <= self.css_scale <= 20):
            raise ValueError(f"css scale {self.css_scale!r} is not a number from 0.05 to 20")

    @property
    def target_css(self):
        """The least side of a control here, CSS px."""
        return TOUCH_TARGET_CSS if self.touch else POINTER_TARGET_CSS

    def side(self, designed):
        """Side of a control designed `designed` canvas px wide, here: never less than that."""
        return max(designed, _canvas_px(self.target_css, self.css_scale))

    def text(self, designed):
        """Design size of text designed at `designed`, here: never less than that, and the
        least that large enough that its em (`em_of`) shows as TEXT_EM_CSS CSS px."""
        em = _canvas_px(TEXT_EM_CSS, self.css_scale)
        return max(designed, floor((em - 1) / EM_PER_SIZE) + 1)

    def room(self, designed):
        """A margin or gap designed `designed` px, here: never less than ROOM_CSS CSS px."""
        return max(designed, _canvas_px(ROOM_CSS, self.css_scale))

    def grow(self, designed, by):
        """`designed` times `by` (a size's growth, at least 1), rounded: what sits inside a
        grown control (a padding, an icon) grows with it."""
        return round(designed * max(1.0, by))

    def css(self, canvas_px):
        """How many CSS px `canvas_px` canvas px are shown as."""
        return canvas_px * self.css_scale


FULL_SIZE = UiScale()
"""The canvas shown at its own size under a mouse: everything as designed."""
