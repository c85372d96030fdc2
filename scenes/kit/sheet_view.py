"""Drawing a `scenes.kit.model.sheet.Sheet`: its cells as shaded quads, links coloured by strain.

Shared by the cloth and flag views. A cell whose four sides all hold is one quad; a cell with a
side gone shows only the triangles that still live, so a tear opens as a ragged hole. Each cell
is shaded by how its area compares with its rest area (bunched cloth darker, stretched lighter)
and a cell turned over (folded past its neighbours) shows the darker back of the cloth. A cell a
printed pattern crosses (a flag's disc on a coarse sheet) is drawn in layers that bend with it
(`scenes.kit.model.sheet_pattern`), so the print is as fine as its outline, not as coarse as the sheet
the physics solves.
A sheet demo's knife strokes and hand are drawn here too (`draw_cuts_and_hand`). The strain
overlay (the teaching view) draws every live link green at rest, through yellow, to
red at the tear limit (`scenes.kit.strain`). At the "low" render tier the views ask
for coarser shading drawn in row strips (`draw_sheet(levels=..., merge=True)`).
"""

import pygame

from scenes.kit.draw import disc, key_cursor
from scenes.kit.model.sheet_pattern import map_piece
from scenes.kit.strain import strain_color
from scenes.kit.widgets import draw_readout, draw_text


def shade(color, factor):
    return (min(255, max(0, round(color[0] * factor))), min(255, max(0, round(color[1] * factor))),
            min(255, max(0, round(color[2] * factor))))


_shades = {}


def draw_sheet(surface, sheet, colors, back, sheen=0.0, levels=32, merge=False):
    """Fill every living cell: in `colors[cell_index]` on its front, in `back` on its back.

    A cell's entry in `colors` is one colour, or a list of layers where a printed pattern
    crosses it (`scenes.kit.model.sheet_pattern.cell_layers`), drawn bent with the cell; a half-torn
    cell takes the first layer's colour.

    With `sheen`, a cell whose top edge tilts down (a wave's far side) is darker and one that
    tilts up lighter, as if lit from above: a flag's ripples read as bands of light. Shades
    come in `levels` steps from a cache, so a cell costs one polygon and a little arithmetic.
    `merge` (the "low" render tier) draws each run of whole, front-facing cells of one shade
    along a row as a single polygon: with coarse `levels` most of a calm sheet is a few strips.
    """
    alive = sheet.alive
    rest_area = sheet.spacing * sheet.spacing
    polygon = pygame.draw.polygon
    per_row = sheet.columns - 1
    run_cells, run_color, run_end = [], None, -1  # the strip being gathered (merge only)
    prints = []  # (corners, layers, light) of the cells a print crosses
    if sheen:  # tilts are measured against the sheet's own: its top edge from end to end
        first, last = sheet.grid[0], sheet.grid[sheet.columns - 1]
        run = last.x - first.x
        level = (last.y - first.y) / run if run > sheet.spacing else 0.0
    for index, (tl, tr, br, bl, t1, t2) in enumerate(sheet.cells):
        first, second = alive[t1], alive[t2]
        if not (first or second):
            continue
        # the quad's signed area (shoelace over its diagonals), positive when it faces us
        ratio = 0.5 * ((tl.x - br.x) * (tr.y - bl.y) - (tr.x - bl.x) * (tl.y - br.y)) / rest_area
        base = colors[index] if ratio > 0.0 else back
        layers = None
        if isinstance(base, list):
            layers, base = base, base[0][0]
        light = 0.55 + 0.45 * min(1.3, abs(ratio))
        if sheen:
            run = tr.x - tl.x
            tilt = (tr.y - tl.y) / run if abs(run) > 1e-6 else 0.0
            light *= min(1.25, max(0.6, 1.0 - sheen * (tilt - level)))
        # merged strips round to the nearest shade: a calm sheet sits at light 1.0, on a step
        step = round(light * levels) if merge else int(light * levels)
        color = _shade_of(base, step, levels)
        if merge:
            whole_front = first and second and ratio > 0.0 and layers is None
            joins = (whole_front and color == run_color and index == run_end + 1
                     and index % per_row != 0)
            if joins:
                run_cells.append((tl, tr, br, bl))
                run_end = index
                continue
            if run_cells:
                _fill_strip(surface, run_color, run_cells)
            run_cells, run_color, run_end = [], None, -1
            if whole_front:
                run_cells, run_color, run_end = [(tl, tr, br, bl)], color, index
                continue
        if first and second:
            polygon(surface, color, ((tl.x, tl.y), (tr.x, tr.y), (br.x, br.y), (bl.x, bl.y)))
            if layers is not None:
                prints.append(((tl, tr, br, bl), layers, step, levels))
        else:
            a, b, c, _ = sheet.triangles[t1 if first else t2]
            polygon(surface, color, ((a.x, a.y), (b.x, b.y), (c.x, c.y)))
    if run_cells:
        _fill_strip(surface, run_color, run_cells)
    _print_on(surface, prints)


def _print_on(surface, prints):
    """The printed pieces of the cells a print crosses (`scenes.kit.model.sheet_pattern.cell_layers`;
    each cell's ground is already filled), each mapped into its cell as it is bent now, at the
    cell's light, and outlined in its own colour so that pieces meeting at a cell's edge leave
    no seam. Drawn after every cell's ground and region by region (all cells' bands before any
    disc), so no piece is covered by a neighbour's ground or a lower region."""
    pieces = []
    for corners, layers, step, levels in prints:
        corners = [(p.x, p.y) for p in corners]
        pieces += [(depth, base, piece, corners, step, levels)
                   for base, piece, depth in layers[1:]]
    pieces.sort(key=lambda item: item[0])  # stable: cells keep their order within a region
    polygon = pygame.draw.polygon
    for _, base, piece, corners, step, levels in pieces:
        color = _shade_of(base, step, levels)
        points = map_piece(piece, *corners)
        polygon(surface, color, points)
        polygon(surface, color, points, 1)


def _shade_of(base, step, levels):
    """`base` at light step / levels, from the cache."""
    key = (base, step, levels)
    color = _shades.get(key)
    if color is None:
        color = _shades[key] = shade(base, step / levels)
    return color


def _fill_strip(surface, color, cells):
    """One polygon around a run of neighbouring cells of a row: along their tops, back along
    their bottoms."""
    top = [(tl.x, tl.y) for tl, _, _, _ in cells]
    top.append((cells[-1][1].x, cells[-1][1].y))
    bottom = [(bl.x, bl.y) for _, _, _, bl in reversed(cells)]
    bottom.insert(0, (cells[-1][2].x, cells[-1][2].y))
    pygame.draw.polygon(surface, color, top + bottom)


def draw_cuts_and_hand(surface, model, smooth):
    """A sheet demo's recent knife strokes, fading, the hand while it holds the sheet, and the
    keyboard's cursor once a key moved it."""
    for start, end, age in model.cuts:
        fade = max(0, 255 - age * 12)
        pygame.draw.line(surface, (fade, fade, fade), start, end, 3)
    hand = model.sheet.hand.at
    if hand is not None:
        disc(surface, (255, 255, 255), hand, 9, smooth)
        disc(surface, (255, 150, 190), hand, 6, smooth)
    key_cursor(surface, model.keys, smooth)


def draw_strain(surface, sheet, limit, context, corner=(12, 36), avoid=()):
    """Every live link coloured by its stretch against `limit`, with the numbers in words
    (clear of the picture's rects `avoid` when shown small, `draw_readout`)."""
    worst = 1.0
    line = pygame.draw.line
    for link in sheet.world.constraints:
        a, b = link.a, link.b
        stretch = link.length() / link.rest
        worst = max(worst, stretch)
        line(surface, strain_color(stretch, limit), (a.x, a.y), (b.x, b.y), 2)
    for p in sheet.world.particles:
        if p.pinned:
            pygame.draw.circle(surface, (255, 90, 90), (p.x, p.y), 3)
    draw_readout(surface, f"{len(sheet.world.constraints)} links · {sheet.torn} torn · worst "
                 f"stretch {worst:.2f}x (tears at {limit:.2f}x)", context, corner, (190, 230, 190),
                 avoid=avoid)
    return worst
