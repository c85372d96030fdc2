"""Weaving the starting orb web: spokes from a hub, one capture spiral, a frame of anchors (S1).

A real orb web in miniature: SPOKES radial threads run from a free hub out to pinned anchors
that sit on a slightly irregular frame; the capture spiral winds outward across them, crossing
every spoke at a knot, its radius growing by one PITCH per turn so it is a true spiral and not
rings. Frame threads join neighbouring anchors so the rim can be walked. About 250 threads.
Pure Python; the small irregularities come from the model's generator.
"""

from math import cos, pi, sin

SPOKES = 16
"""Radial threads (and anchors on the frame)."""
TURNS = 7
"""Turns of the capture spiral."""
HUB_RADIUS = 26.0
"""Radius at which the spiral starts, px."""
FLATTEN = 0.9
"""Vertical squash of the web: orb webs are a little wider than tall."""
ANGLE_JITTER = 0.1
"""Random turn of each spoke from the even spacing, radians."""
FRAME_JITTER = (0.9, 1.06)
"""Range of each anchor's distance from the hub, as a fraction of the web's radius."""
SPIRAL_REACH = 0.9
"""The spiral stops at this fraction of the nearest anchor's distance."""


def weave_orb(web, center, radius, rng, spokes=SPOKES, turns=TURNS):
    """Add an orb web to `web`; return (hub knot, anchors, spiral knots by spoke)."""
    cx, cy = center
    angles = [2.0 * pi * k / spokes + rng.uniform(-ANGLE_JITTER, ANGLE_JITTER)
              for k in range(spokes)]
    reach = [radius * rng.uniform(*FRAME_JITTER) for _ in range(spokes)]

    def at(k, r):
        return cx + cos(angles[k]) * r, cy + sin(angles[k]) * r * FLATTEN

    hub = web.add_knot(cx, cy)
    anchors = [web.add_knot(*at(k, reach[k]), pinned=True) for k in range(spokes)]
    pitch = (min(reach) * SPIRAL_REACH - HUB_RADIUS) / turns
    rows = [[] for _ in range(spokes)]
    previous = None
    for turn in range(turns):
        for k in range(spokes):
            r = HUB_RADIUS + (turn + k / spokes) * pitch
            knot = web.add_knot(*at(k, r))
            rows[k].append(knot)
            if previous is not None:
                web.connect(previous, knot, kind="spiral")
            previous = knot
    for k in range(spokes):
        chain = [hub, *rows[k], anchors[k]]
        for a, b in zip(chain, chain[1:]):
            web.connect(a, b, kind="spoke")
        web.connect(anchors[k], anchors[(k + 1) % spokes], kind="frame")
    return hub, anchors, rows
