"""How a knot of the web may move in a frame: the web's speed limit and the world's edges.

After each frame's solve (`Web._keep_in_step`, `keep_in_step`) two rules hold every knot in step
and in place:

- no knot ends a frame farther than the web's `speed_limit` (KNOT_SPEED) from where it began
  it: debris falls at most that fast, and a slider thrown to its end (stiffness 1 to 40 on a
  stretched web) moves the web at that pace instead of in one jump;
- with `bounds` (the world's edges, left, top, right, bottom), a knot that hangs on an anchor
  stays inside them: one that reaches an edge stops there, its motion into the edge lost, and
  slides along it with EDGE_FRICTION (so a thread dangling to the floor lies on it); one that
  was already outside (the start of a rescue shot taken below the world) is drawn back at
  least LIFT px a frame, its threads reeled in as it comes. Loose pieces fall through.

Pure Python: runs in Pyodide.
"""

from math import sqrt

from verlet.geometry import EPSILON

KNOT_SPEED = 20.0
"""The most a knot may move in a frame, px (1200 px/s, a little under a falling spider's top
speed): the web's speed limit (`Web.speed_limit`)."""
EDGE_FRICTION = 0.5
"""Share of its along-the-edge speed a knot on the world's edge loses each frame."""
LIFT = 4.0
"""A knot hanging on an anchor but outside the world is drawn back at least this far a frame,
px (a rescue from 288 px below the floor is back in the world in about 1.2 s)."""


def keep_in_step(web):
    """After the solve: every awake knot of `web` ends the frame within its `speed_limit`
    of where it began it, and inside its `bounds` if it hangs on an anchor (`bring_in`)."""
    limit = web.speed_limit
    limit_sq = limit * limit
    bounds = web.bounds
    outside = None
    for knot in web.knots:
        if knot.pinned or knot.asleep:
            continue
        x, y = knot.x, knot.y
        dx, dy = x - knot.fx, y - knot.fy
        gap_sq = dx * dx + dy * dy
        if gap_sq > limit_sq:
            share = limit / sqrt(gap_sq)
            x = knot.x = knot.fx + dx * share
            y = knot.y = knot.fy + dy * share
        if bounds is not None and not (bounds[0] <= x <= bounds[2]
                                       and bounds[1] <= y <= bounds[3]):
            if outside is None:
                outside = []
            outside.append(knot)
        else:
            knot.fx, knot.fy = x, y
    if outside is not None:
        bring_in(web, outside)

def bring_in(web, knots):
    """Put these knots of `web` (outside its `bounds`) back inside, unless their piece is loose."""
    left, top, right, bottom = web.bounds
    for knot in knots:
        if web.reaches_anchor(knot):
            x, px, x_in = _into(knot.x, knot.px, knot.fx, left, right)
            y, py, y_in = _into(knot.y, knot.py, knot.fy, top, bottom)
            if y_in is not None:  # on the floor or the ceiling: slides along it
                px = x - (x - px) * (1.0 - EDGE_FRICTION)
            if x_in is not None:
                py = y - (y - py) * (1.0 - EDGE_FRICTION)
            knot.x, knot.y, knot.px, knot.py = x, y, px, py
            if x_in is False or y_in is False:  # drawn back from outside: reel its threads in
                for thread in knot.threads:
                    thread.rest = max(min(thread.rest, thread.length()), EPSILON)
        knot.fx, knot.fy = knot.x, knot.y


def _into(value, previous, start, low, high):
    """One coordinate of a knot brought inside [low, high]: (value, previous, how) with how
    None when it was inside, True when it reached the edge this frame (it stops on the edge,
    its motion into it lost), False when it began the frame outside (it comes back at least
    LIFT, or onto the edge)."""
    if value > high:
        if start <= high:
            return high, high, True
        return max(high, min(value, start - LIFT)), previous, False
    if value < low:
        if start >= low:
            return low, low, True
        return min(low, max(value, start + LIFT)), previous, False
    return value, previous, None
