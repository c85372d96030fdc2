"""Outline helpers for Takopi's view (T14, T15; no pygame): normals at the vertices of a
sampled closed curve, and a curve moved along them (the outline and the shade band), one at a
time or all the paths a frame needs in one pass (`outline_paths`).

The curves themselves come from `verlet.geometry.catmull_rom_closed` / `catmull_rom_open`.
"""

from math import hypot


def vertex_normals(curve, orientation):
    """Unit outward normal at every vertex of a closed curve, square to the chord joining the
    vertex's neighbours (as `verlet.geometry.outward_normals`). `orientation` is +1 for a ring
    running clockwise on screen, -1 otherwise. A vertex whose neighbours coincide gets (0, 0)."""
    if len(curve) < 3:
        return [(0.0, 0.0)] * len(curve)
    normals = []
    for (px, py), (nx, ny) in zip(curve[-1:] + curve[:-1], curve[1:] + curve[:1]):
        ux, uy = nx - px, ny - py  # previous neighbour to next
        length = hypot(ux, uy)
        if length > 1e-9:
            scale = orientation / length
            normals.append((uy * scale, -ux * scale))
        else:
            normals.append((0.0, 0.0))
    return normals


def offset(curve, normals, distance):
    """Every point moved `distance` along its normal."""
    return [(x + nx * distance, y + ny * distance) for (x, y), (nx, ny) in zip(curve, normals)]


def outline_paths(curve, orientation, rim, slack, move, shift):
    """The three paths the body's outline is drawn with at the "high" and "medium" tiers, from
    one pass over a closed curve (layer px; as `vertex_normals` and `offset` would give them):

    - the curve moved `rim` along its outward normals (the dark outline's outer edge),
    - the curve moved by `move` and then `slack` along its normals (the clip, in the shade
      layer's pixels), and
    - the curve moved by `move` plus `shift` (the body colour, in the shade layer's pixels).
    """
    if len(curve) < 3:
        return list(curve), list(curve), list(curve)
    mx, my = move
    px, py = mx + shift[0], my + shift[1]
    outer, clip, shifted = [], [], []
    add_outer, add_clip, add_shifted = outer.append, clip.append, shifted.append
    for (bx, by), (x, y), (ax, ay) in zip(curve[-1:] + curve[:-1], curve, curve[1:] + curve[:1]):
        ux, uy = ax - bx, ay - by  # previous neighbour to next
        length = hypot(ux, uy)
        if length > 1e-9:
            scale = orientation / length
            nx, ny = uy * scale, -ux * scale
        else:
            nx = ny = 0.0
        add_outer((x + nx * rim, y + ny * rim))
        add_clip((x + mx + nx * slack, y + my + ny * slack))
        add_shifted((x + px, y + py))
    return outer, clip, shifted
