"""The strip chart draws its series where the data is: it crosses the limit line where the data does."""

import pygame
import pytest

from scenes.kit.strip_chart import LABEL_SIZE, Limit, Series, StripChart

BLUE = (120, 220, 255)
LIMIT = 0.5


@pytest.fixture()
def chart():
    pygame.font.init()
    chart = StripChart((20, 300, 320, 150), [Series("변형 strain", BLUE)],
                       limit=Limit(LIMIT, "한계 limit"), low=0.0, high=1.0, seconds=4.0)
    for i in range(chart.capacity):  # a ramp from 0.2 to 0.8: it crosses 0.5 half way
        chart.push(0.2 + 0.6 * i / (chart.capacity - 1))
    return chart


def near(color, wanted, tolerance=40):
    return all(abs(a - b) <= tolerance for a, b in zip(color[:3], wanted))


def test_the_series_crosses_the_limit_line_where_the_data_does(chart):
    surface = pygame.Surface((960, 540))
    chart.draw(surface)
    row = round(chart.y_of(LIMIT))
    crossing = round(chart.x_of((chart.capacity - 1) / 2))
    on_row = [x for x in range(chart.plot.left, chart.plot.right)
              if near(surface.get_at((x, row)), BLUE)]
    # a 2 px line rising ~0.2 px a column covers a row for ~10 columns, centred on the crossing
    # (pygame widens a 2 px line to one side: up to 1 px in y, 5 columns at this slope)
    assert on_row and abs(sum(on_row) / len(on_row) - crossing) <= 5
    assert max(on_row) - min(on_row) <= 14
    # the data is below the limit on the left and above it on the right
    left, right = chart.plot.left + 4, chart.plot.right - 5
    column = lambda x: [y for y in range(chart.plot.top, chart.plot.bottom)  # noqa: E731
                        if near(surface.get_at((x, y)), BLUE)]
    assert min(column(left)) > row and max(column(right)) < row


def test_it_keeps_only_the_last_seconds_and_starts_again_when_cleared(chart):
    chart.push(0.9)
    assert len(chart.values[0]) == chart.capacity == 240
    assert chart.values[0][-1] == 0.9
    chart.clear()
    assert len(chart.values[0]) == 0
    chart.draw(pygame.Surface((960, 540)))  # nothing to draw but the frame and labels


def test_labels_are_legible_and_values_outside_the_scale_stay_on_its_edges(chart):
    assert LABEL_SIZE >= 14
    assert chart.y_of(5.0) == chart.plot.top and chart.y_of(-5.0) == chart.plot.bottom - 1


def test_one_or_two_series_and_a_scale_that_rises():
    with pytest.raises(ValueError):
        StripChart((0, 0, 100, 60), [])
    with pytest.raises(ValueError):
        StripChart((0, 0, 100, 60), [Series("a", BLUE)], low=1.0, high=1.0)
