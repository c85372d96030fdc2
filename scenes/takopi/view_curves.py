"""Outline helpers for Takopi's view (T14, T15; no pygame): normals at the vertices of a
sampled closed curve, and a curve moved along them (the outline and the shade band).

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
