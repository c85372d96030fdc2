"""Outline helpers for Takopi's view (T14, T15; no pygame): the body's and the legs' curves
sampled straight in a layer's pixels, normals at the vertices of a sampled closed curve, and a
curve moved along them (the outline and the shade band), one at a time or all the paths a frame
needs in one pass (`outline_paths`, `ring_paths`).

The curves are `verlet.geometry.catmull_rom_closed` / `catmull_rom_open` of the points mapped
to layer pixels (`closed_curve_px`, `open_curve_px`).
"""

from math import hypot

from verlet.geometry import catmull_rom_closed, catmull_rom_open


def closed_curve_px(points, left, top, scale, samples):
    """`catmull_rom_closed` of the canvas `points` mapped to a layer's pixels ((x - left) *
    scale, (y - top) * scale), `samples` points per segment."""
    return catmull_rom_closed([((x - left) * scale, (y - top) * scale) for x, y in points],
                              samples)


def open_curve_px(points, left, top, scale, samples):
    """`catmull_rom_open` of the canvas `points` mapped to a layer's pixels, as
    `closed_curve_px`."""
    return catmull_rom_open([((x - left) * scale, (y - top) * scale) for x, y in points], samples)


def vertex_normals(curve, orientation):
    """Unit outward normal at every vertex of a closed curve, square to the chord joining the
    vertex's neighbours (as `verlet.geometry.outward_normals`). `orientation` is +1 for a ring
    running clockwise on screen, -1 otherwise. A vertex whose neighbours coincide gets (0, 0)."""
    return _normals_and_chords(curve, orientation)[0]


def _normals_and_chords(curve, orientation):
    """(`vertex_normals`, and the length of each vertex's chord: two sample steps)."""
    if len(curve) < 3:
        return [(0.0, 0.0)] * len(curve), [0.0] * len(curve)
    normals, chords = [], []
    for (px, py), (nx, ny) in zip(curve[-1:] + curve[:-1], curve[1:] + curve[:1]):
        ux, uy = nx - px, ny - py  # previous neighbour to next
        length = hypot(ux, uy)
        if length > 1e-9:
            scale = orientation / length
            normals.append((uy * scale, -ux * scale))
        else:
            normals.append((0.0, 0.0))
        chords.append(length)
    return normals, chords


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
    for (x, y), (nx, ny) in zip(curve, vertex_normals(curve, orientation)):
        add_outer((x + nx * rim, y + ny * rim))
        add_clip((x + mx + nx * slack, y + my + ny * slack))
        add_shifted((x + px, y + py))
    return outer, clip, shifted


def ring_paths(curve, orientation, rim, slack, shift):
    """(outer, inner, pink, normals): the paths of the "high" tier's body, drawn with no
    clipping layer (layer px):

    - `outer`: the curve moved `rim` along its outward normals (the outline's outer edge),
    - `inner`: the curve moved `slack` along them (the silhouette as the shade fill covers it;
      the outline is the ring between `outer` and `inner`, drawn last, over everything), and
    - `normals`: the outward unit normals at the samples, and
    - `pink`: the curve moved by `shift` (the body colour, T16), except where that lies outside
      the silhouette by more than `pull` = halfway into the outline's ring: there the point is
      pulled back along the normal of the silhouette's nearest sample, to `pull` outside it.
      Everything of the body colour outside the silhouette then lies under the outline's ring,
      which hides it, and inside it the polygon is the shifted curve's: the overlap of the body
      and its shifted copy, which a clip to the silhouette would give. The nearest sample is
      found from the shift's share along the curve (a whole shift is about two samples); its
      normal leaves an error of (half a sample step)^2 / (2 x the curve's radius): under
      2 layer px where the curve turns hardest, well inside the half ring either side of `pull`.
    """
    count = len(curve)
    if count < 3:
        return list(curve), list(curve), list(curve), [(0.0, 0.0)] * count
    normals, chords = _normals_and_chords(curve, orientation)
    sx, sy = shift
    pull = (rim + slack) / 2.0
    check = pull - 2.0 * PULL_ERROR  # a shifted point first-order this far out may be past `pull`
    outer, inner, pink = [], [], []
    add_outer, add_inner, add_pink = outer.append, inner.append, pink.append
    index = 0
    for (x, y), (nx, ny), chord in zip(curve, normals, chords):
        add_outer((x + nx * rim, y + ny * rim))
        add_inner((x + nx * slack, y + ny * slack))
        qx, qy = x + sx, y + sy
        if nx * sx + ny * sy > check:
            step = chord / 2.0  # a chord spans two sample steps
            if step > 1e-9:
                along = (sx * -ny + sy * nx) * orientation  # the shift along the curve (index order)
                nearest = (index + round(along / step)) % count
                fx, fy = curve[nearest]
                mx, my = normals[nearest]
                out = (qx - fx) * mx + (qy - fy) * my
                if out > pull:
                    qx -= mx * (out - pull)
                    qy -= my * (out - pull)
        add_pink((qx, qy))
        index += 1
    return outer, inner, pink, normals


def reaches_past(curve, normals, discs, limit):
    """True when some disc (x, y, radius) may reach more than `limit` outside the closed curve
    (layer px), or has its centre outside it: its depth inside is measured along the normal of
    the nearest sample (searched on every other sample, then beside it), which is within a
    pixel of the true depth for discs that sit well inside."""
    count = len(curve)
    if count < 3:
        return True
    every_other = curve[::2]
    for cx, cy, radius in discs:
        distances = [(x - cx) * (x - cx) + (y - cy) * (y - cy) for x, y in every_other]
        best = min(distances)
        nearest = 2 * distances.index(best)  # the first of equals, as a scan keeping the least
        for index in (nearest - 1, (nearest + 1) % count):
            x, y = curve[index]
            distance = (x - cx) * (x - cx) + (y - cy) * (y - cy)
            if distance < best:
                best, nearest = distance, index
        x, y = curve[nearest]
        nx, ny = normals[nearest]
        depth = (x - cx) * nx + (y - cy) * ny  # how far inside the curve the centre lies
        if depth < 0.0 or radius - depth > limit:
            return True
    return False


PULL_ERROR = 2.0
"""Largest error of a first-order distance from the silhouette in `ring_paths`, layer px."""
