"""A strip chart for the overlay: the last seconds of one or two quantities against their limit.

    chart = StripChart((20, 380, 300, 130), [Series("넓이 area", (120, 220, 255))],
                       limit=Limit(1.0, "목표 target"), low=0.0, high=1.2)
    chart.push(area)       # once a frame
    chart.draw(surface)    # when the overlay is drawn

The newest value is at the right edge; the chart scrolls left as frames come. Values outside
[low, high] are drawn at the edge they passed. Labels are short and bilingual, Korean then
English, in the bundled font (`label_font`), at an em of 15 px or more so they read at the
960 x 540 canvas.
"""

from collections import deque

import pygame

from . import lettering
from .widgets import panel_surface

FILL = (14, 16, 28, 190)
OUTLINE = (90, 96, 130)
LIMIT_COLOR = (255, 120, 110)
LABEL_COLOR = (226, 228, 240)
LABEL_SIZE = 15
"""px: the smallest text the chart draws."""

_fonts = {}
_labels = {}


def label_font(size):
    """The font the labels are written in, at an em of `size` px (`scenes.kit.lettering`: it
    writes Korean, in the window and in the browser build alike)."""
    return lettering.at_em(size)


def label_image(text, size, color):
    """The rendered label, kept (labels do not change from frame to frame)."""
    key = (text, size, color)
    if key not in _labels:
        _labels[key] = label_font(size).render(text, True, color)
    return _labels[key]


class Series:
    """One named quantity: its bilingual label and line colour."""

    def __init__(self, label, color):
        self.label = label
        self.color = tuple(color)


class Limit:
    """A horizontal line at `value`, labelled (the tear limit, an unreachable target)."""

    def __init__(self, value, label):
        self.value = value
        self.label = label


class StripChart:
    """The last `seconds` of up to two series in `rect`, on a fixed scale from `low` to `high`."""

    def __init__(self, rect, series, limit=None, low=0.0, high=1.0, seconds=4.0, fps=60,
                 history=0):
        """`history`: values kept beyond the `seconds` shown, so the chart can be drawn ending
        that many values before the newest (`draw(behind=...)`, a rewound moment)."""
        if not 1 <= len(series) <= 2:
            raise ValueError(f"a strip chart shows one or two series, got {len(series)}")
        if not high > low:
            raise ValueError(f"high must be above low, got {low!r} .. {high!r}")
        self.rect = pygame.Rect(rect)
        self.series = list(series)
        self.limit = limit
        self.low = low
        self.high = high
        self.capacity = max(2, int(seconds * fps))
        self.values = [deque(maxlen=self.capacity + max(0, history)) for _ in self.series]
        self.plot = self.rect.inflate(-16, -(2 * LABEL_SIZE + 14)).move(0, LABEL_SIZE // 2)

    def push(self, *values):
        """Add one frame's value of each series, in the order they were given."""
        if len(values) != len(self.series):
            raise ValueError(f"expected {len(self.series)} values, got {len(values)}")
        for kept, value in zip(self.values, values):
            kept.append(float(value))

    def drop_newest(self):
        """Forget the newest value of each series (a frame taken again on a new branch)."""
        for kept in self.values:
            if kept:
                kept.pop()

    def clear(self):
        """Forget every value (a restart, a rewind)."""
        for kept in self.values:
            kept.clear()

    def y_of(self, value):
        """The pixel row of `value` in the plot (clamped to its edges)."""
        plot = self.plot
        share = (value - self.low) / (self.high - self.low)
        share = min(max(share, 0.0), 1.0)
        return plot.bottom - 1 - share * (plot.height - 1)

    def x_of(self, age):
        """The pixel column of the value `age` frames before the newest (0 = right edge)."""
        plot = self.plot
        return plot.right - 1 - age * (plot.width - 1) / (self.capacity - 1)

    def draw(self, surface, behind=0):
        """The chart, its newest value `behind` values before the newest kept one."""
        rect, plot = self.rect, self.plot
        surface.blit(panel_surface(rect.size, FILL, OUTLINE, radius=8), rect.topleft)
        if self.limit is not None:
            y = round(self.y_of(self.limit.value))
            pygame.draw.line(surface, LIMIT_COLOR, (plot.left, y), (plot.right - 1, y), 1)
            image = label_image(self.limit.label, LABEL_SIZE, LIMIT_COLOR)
            above = y - image.get_height() - 1
            surface.blit(image, (plot.right - image.get_width(),
                                 above if above >= rect.top + 2 else y + 2))
        x = rect.left + 8
        for series, kept in zip(self.series, self.values):
            image = label_image(series.label, LABEL_SIZE, series.color)
            surface.blit(image, (x, rect.top + 4))
            x += image.get_width() + 14
            end = len(kept) - behind
            shown = [kept[i] for i in range(max(0, end - self.capacity), max(0, end))]
            count = len(shown)
            if count >= 2:
                points = [(self.x_of(count - 1 - i), self.y_of(v)) for i, v in enumerate(shown)]
                pygame.draw.lines(surface, series.color, False, points, 2)
        scale = f"{self.low:g} .. {self.high:g}"
        image = label_image(scale, LABEL_SIZE, LABEL_COLOR)
        surface.blit(image, (rect.left + 8, rect.bottom - image.get_height() - 3))
