"""A woven sheet's printed pattern, cut along its cells: a coarse sheet, a fine print.

The cloth and the flag solve a coarse grid (a phone has time for a few hundred links), but a
flag's disc or a cloak's hem should not look like a staircase of cells. So a pattern is given
as regions in the sheet's own cell units (x across, y down, from its top-left point), each a
polygon with a colour, later ones painted over earlier ones. `cell_layers` cuts every region
along the cell squares once; the view then maps each piece into the cell as it is now bent
(bilinear: `map_piece`), so the print follows the cloth. Pure Python, no pygame.
"""

from math import cos, pi, sin


def rectangle(x0, y0, x1, y1):
    """A region's outline: the axis-aligned rectangle from (x0, y0) to (x1, y1), cell units."""
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def circle(cx, cy, radius, sides=48):
    """A region's outline: a circle as a polygon of `sides` sides, cell units."""
    return [(cx + radius * cos(2.0 * pi * k / sides), cy + radius * sin(2.0 * pi * k / sides))
            for k in range(sides)]


def _clip(polygon, inside, cross):
    """Sutherland-Hodgman against one edge: keep the part where `inside(point)` holds;
    `cross(p, q)` is where segment p-q meets the edge."""
    kept = []
    for i, point in enumerate(polygon):
        last = polygon[i - 1]
        if inside(point):
            if not inside(last):
                kept.append(cross(last, point))
            kept.append(point)
        elif inside(last):
            kept.append(cross(last, point))
    return kept


def _at_x(x):
    return lambda p, q: (x, p[1] + (q[1] - p[1]) * (x - p[0]) / (q[0] - p[0]))


def _at_y(y):
    return lambda p, q: (p[0] + (q[0] - p[0]) * (y - p[1]) / (q[1] - p[1]), y)


def clip_to_unit_square(polygon):
    """The part of a convex polygon inside [0, 1] x [0, 1] (empty list if none)."""
    for inside, cross in ((lambda p: p[0] >= 0.0, _at_x(0.0)), (lambda p: p[0] <= 1.0, _at_x(1.0)),
                          (lambda p: p[1] >= 0.0, _at_y(0.0)), (lambda p: p[1] <= 1.0, _at_y(1.0))):
        polygon = _clip(polygon, inside, cross)
        if not polygon:
            break
    return polygon


def _area(polygon):
    return 0.5 * abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1)
                         in zip(polygon, polygon[1:] + polygon[:1])))


def cell_layers(columns, rows, regions, least=1e-4):
    """For each cell of a sheet `columns` x `rows` cells (row by row): its colour if one region
    covers it whole, else [(colour, piece, depth), ...] bottom up, the first the cell's ground;
    a piece is the region's polygon in the cell's own units ([0, 1] across and down), `depth`
    its region's place in `regions` (a view paints every cell's pieces of one depth before the
    next depth's, so where two regions' edges meet at a cell's edge the upper one wins).

    `regions` is [(colour, convex polygon in cell units), ...], painted in order, the first
    covering the whole sheet; a piece smaller than `least` of the cell is left out.
    """
    cells = []
    for row in range(rows):
        for column in range(columns):
            layers = []
            for depth, (color, polygon) in enumerate(regions):
                piece = clip_to_unit_square([(x - column, y - row) for x, y in polygon])
                area = _area(piece) if len(piece) >= 3 else 0.0
                if area >= 1.0 - least:
                    layers = [(color, None, depth)]  # covers the cell: what lay below is hidden
                elif area >= least:
                    layers.append((color, piece, depth))
            cells.append(layers)
    return [_seamless(cells, index, columns, regions) for index in range(len(cells))]


UNIT_SQUARE = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]


def _seamless(cells, index, columns, regions):
    """A cell's entry: its colour when one region covers it and nothing is printed beside it.

    A covered cell next to one with a print is given as its ground plus itself as a whole
    piece: a view draws the grounds first and the pieces after, so the neighbour's ground
    cannot cover the edge this cell's colour meets the neighbour's piece along.
    """
    layers = cells[index]
    if len(layers) > 1:
        return layers
    color, _, depth = layers[0]
    row, column = divmod(index, columns)
    beside = [cells[index + step] for step, ok in ((-1, column > 0), (1, column + 1 < columns),
                                                   (-columns, row > 0), (columns, True))
              if ok and 0 <= index + step < len(cells)]
    if depth == 0 or all(len(other) == 1 for other in beside):
        return color
    return [(regions[0][0], None, 0), (color, UNIT_SQUARE, depth)]


def centre_colors(columns, rows, regions):
    """Each cell's colour at its centre (the topmost region there): one flat colour a cell,
    for a render tier that draws no print."""
    colors = []
    for row in range(rows):
        for column in range(columns):
            centre = (column + 0.5, row + 0.5)
            colors.append(next((color for color, polygon in reversed(regions)
                                if _inside(centre, polygon)), regions[0][0]))
    return colors


def _inside(point, polygon):
    """True if `point` lies inside the convex `polygon` (either winding)."""
    x, y = point
    signs = set()
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        cross = (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)
        if cross:
            signs.add(cross > 0.0)
    return len(signs) <= 1


def map_piece(piece, tl, tr, br, bl):
    """A piece in cell units mapped into the cell whose corners are now at tl, tr, br, bl
    ((x, y) each): the bilinear blend of the four, so straight print lines bend with the cell."""
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = tl, tr, br, bl
    ex, ey = ax - bx + cx - dx, ay - by + cy - dy  # how far the cell is from a parallelogram
    return [(ax + (bx - ax) * s + (dx - ax) * t + ex * s * t,
             ay + (by - ay) * s + (dy - ay) * t + ey * s * t) for s, t in piece]
