"""A coarse sheet with a fine print (issue 14): scenes.kit.model.sheet_pattern and the flag's and the
cloak's prints as drawn.

The cloth and the flag now solve fewer, longer links (a phone's step budget); their prints are
cut along the cells and drawn bent with them, so the flag's disc is as round as its outline
and not a staircase of 25 px cells.
"""

from math import isclose, pi, sin

import pygame
import pytest

from scenes.catalog import SCENES
from scenes.kit.model.sheet_pattern import (UNIT_SQUARE, cell_layers, centre_colors, circle,
                                   clip_to_unit_square, map_piece, rectangle)

RED, BLUE, WHITE = (255, 0, 0), (0, 0, 255), (255, 255, 255)


def area(polygon):
    return 0.5 * abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1)
                         in zip(polygon, polygon[1:] + polygon[:1])))


def test_clipping_keeps_exactly_the_part_inside_the_cell():
    assert area(clip_to_unit_square(rectangle(-1.0, 0.25, 0.5, 2.0))) == pytest.approx(0.375)
    assert clip_to_unit_square(rectangle(2.0, 2.0, 3.0, 3.0)) == []
    assert area(clip_to_unit_square(rectangle(-5.0, -5.0, 5.0, 5.0))) == pytest.approx(1.0)


def test_a_disc_cut_along_the_cells_keeps_its_area_and_the_cells_it_covers_are_plain():
    columns, rows = 8, 6
    regions = ((BLUE, rectangle(0, 0, columns, rows)), (RED, circle(4.0, 3.0, 2.2)))
    cells = cell_layers(columns, rows, regions)
    red = 0.0
    for entry in cells:
        if entry == RED:
            red += 1.0
        elif isinstance(entry, list):
            assert entry[0][0] == BLUE and entry[0][1] is None  # the ground comes first
            red += sum(area(piece) for color, piece, _ in entry[1:] if color == RED)
    polygon_area = 0.5 * 48 * 2.2 ** 2 * sin(2.0 * pi / 48)  # the 48-gon, not a staircase
    assert red == pytest.approx(polygon_area, rel=1e-9)
    assert cells[0] == BLUE and cells[columns * rows - 1] == BLUE  # far corners: plain ground
    # the cell at (3, 2) is covered whole, but its left neighbour is cut by the disc's edge:
    # it comes as its ground and itself as one whole piece (see the next test)
    assert cells[2 * columns + 3] == [(BLUE, None, 0), (RED, UNIT_SQUARE, 1)]


def test_a_covered_cell_beside_a_printed_one_is_drawn_as_a_piece_too():
    # a band covering row 1 whole, and a disc edge cutting the cell below one of its cells:
    regions = ((BLUE, rectangle(0, 0, 3, 3)), (WHITE, rectangle(0, 1, 3, 2)),
               (RED, rectangle(1.0, 2.0, 2.0, 2.5)))
    cells = cell_layers(3, 3, regions)
    assert cells[3] == WHITE and cells[5] == WHITE  # white cells with plain neighbours
    beside = cells[4]  # above the red piece: its white must be drawn after the neighbour's ground
    assert beside == [(BLUE, None, 0), (WHITE, UNIT_SQUARE, 1)]
    assert [(color, depth) for color, _, depth in cells[7]] == [(BLUE, 0), (RED, 2)]


def test_a_piece_maps_onto_the_cell_as_it_is_bent():
    square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    corners = ((10.0, 10.0), (40.0, 12.0), (44.0, 50.0), (8.0, 41.0))
    flat = [c for point in map_piece(square, *corners) for c in point]
    assert flat == pytest.approx([c for point in corners for c in point])
    middle = map_piece([(0.5, 0.5)], *corners)[0]
    assert middle == pytest.approx((sum(x for x, _ in corners) / 4, sum(y for _, y in corners) / 4))
    # an edge's midpoint stays on that edge: neighbouring cells' pieces meet
    top = map_piece([(0.5, 0.0)], *corners)[0]
    assert top == pytest.approx((25.0, 11.0))


def test_centre_colours_take_the_topmost_region_at_each_centre():
    regions = ((BLUE, rectangle(0, 0, 4, 2)), (RED, rectangle(1.0, 0.0, 1.6, 2.0)))
    assert centre_colors(4, 2, regions) == [BLUE, RED, BLUE, BLUE] * 2


@pytest.fixture()
def display():
    pygame.display.init()
    pygame.font.init()


def red_mask(scene, tier):
    """The pixels of the flag's red (at any of the cells' lights), the scene drawn at `tier`."""
    scene.context.tier = tier
    surface = pygame.Surface(scene.size)
    scene.render(surface)
    return pygame.mask.from_threshold(surface, (190, 40, 50), (70, 40, 40, 255))


def mismatch_with_a_disc(red, radius, size):
    """Pixels in `red` or in a disc of `radius` at red's centroid but not both, over the disc's."""
    disc = pygame.Surface(size)
    pygame.draw.circle(disc, (255, 255, 255), red.centroid(), radius)
    ideal = pygame.mask.from_threshold(disc, (255, 255, 255), (1, 1, 1, 255))
    return (red.count() + ideal.count() - 2 * red.overlap_area(ideal, (0, 0))) / ideal.count()


def test_the_flags_disc_is_drawn_as_round_as_its_outline_on_a_still_flag(display):
    from scenes.flag import model as flag_model
    from scenes.flag import view as flag_view

    scene = SCENES["flag"](seed=1)
    scene.model.input("key_down", "space")  # no wind
    columns = flag_model.COLUMNS
    for i, p in enumerate(scene.model.sheet.grid):  # laid out flat on its woven grid
        r, c = divmod(i, columns)
        p.place(flag_model.POLE_X + c * flag_model.SPACING,
                flag_model.POLE_TOP + r * flag_model.SPACING)
    # its rest grid, so the print is a disc of r px on screen
    radius = flag_view.EMBLEM_RADIUS * (flag_model.ROWS - 1) * flag_model.SPACING
    assert mismatch_with_a_disc(red_mask(scene, "high"), radius, scene.size) < 0.06  # 0.037
    # the "low" tier paints whole cells by their centres: a staircase 25 px a step
    assert mismatch_with_a_disc(red_mask(scene, "low"), radius, scene.size) > 0.12  # 0.17
