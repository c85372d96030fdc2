"""Tight passes for a sheet's extras: its spacers, its tethers and its tear check.

Each is the plain pass of another module written as one loop over tuples of fields read once
(as `verlet.distance`'s `_project_now` does for the links), for an owner that keeps the fields
while its graph stays as it is and makes them again when it changes. Each gives the same
floats, to the bit, as the plain pass it stands for:

- `spacer_fields(spacers)` / `push_apart_fields(fields)`: `verlet.spacing.push_apart`
- `tether_fields(links)` / `pull_tethers(fields)`: `Distance.project_all(links, move_now)` for
  max-only links (`verlet.spacing.tethers`); a tether far enough inside its rest, the common
  case, costs a squared length and a comparison, no root
- `reach_fields(links)` / `snap_by_fields(links, fields, most)`:
  `verlet.tearing.snap_overstretched(links, most)`

Ends pinned or freed between passes are read at every pass: only the links, their rests and
their limits are kept in the fields.
"""

from math import hypot, sqrt

from .distance import _project_with
from .geometry import EPSILON
from .solver import move_now
from .tearing import break_worst

SLACK = 1.0 - 1e-9
"""A tether whose squared length is below this share of its squared rest is surely slack (the
root of it is below the rest whatever the rounding), so it is passed over without one."""


def spacer_fields(spacers):
    """(a, b, rest, rest squared) of each spacer, for `push_apart_fields`."""
    return [(spacer.a, spacer.b, spacer.rest, spacer.rest * spacer.rest) for spacer in spacers]


def push_apart_fields(fields):
    """`push_apart` over `spacer_fields`: every pair closer than its rest is pushed apart."""
    root, epsilon = sqrt, EPSILON
    for a, b, rest, rest_sq in fields:
        ax = a.x
        ay = a.y
        dx = b.x - ax
        dy = b.y - ay
        length_sq = dx * dx + dy * dy
        if length_sq >= rest_sq:
            continue
        a_free = not a.pinned
        b_free = not b.pinned
        if not (a_free or b_free):
            continue
        length = root(length_sq)
        if length < epsilon:
            ux, uy = 1.0, 0.0
        else:
            ux, uy = dx / length, dy / length
        step = length - rest
        if a_free and b_free:
            step *= 0.5
        if a_free:
            a.x = ax + ux * step
            a.y = ay + uy * step
        if b_free:
            b.x -= ux * step
            b.y -= uy * step


def tether_fields(links):
    """(link, a, b, rest, stiffness, slack bound) of each max-only link, for `pull_tethers`."""
    if not all(link.max_only for link in links):
        raise ValueError("pull_tethers projects max-only links only")
    return [(link, link.a, link.b, link.rest, link.stiffness, link.rest * link.rest * SLACK)
            for link in links]


def pull_tethers(fields):
    """`Distance.project_all(links, move_now)` over `tether_fields`: each link longer than its
    rest is pulled back to it (all on the free end when the other is pinned, half each when
    both are free)."""
    length_of, epsilon = hypot, EPSILON
    for link, a, b, rest, stiffness, slack_sq in fields:
        ax = a.x
        ay = a.y
        bx = b.x
        by = b.y
        dx = bx - ax
        dy = by - ay
        if dx * dx + dy * dy < slack_sq:
            continue
        a_pinned = a.pinned
        b_pinned = b.pinned
        if a_pinned and b_pinned:
            continue
        length = length_of(dx, dy)
        error = length - rest
        if error <= 0.0:
            continue
        if length < epsilon:
            _project_with((link,), move_now)
            continue
        ux = dx / length
        uy = dy / length
        step = error * stiffness
        if a_pinned:
            b.x = bx - ux * step
            b.y = by - uy * step
        elif b_pinned:
            a.x = ax + ux * step
            a.y = ay + uy * step
        else:
            step *= 0.5
            a.x = ax + ux * step
            a.y = ay + uy * step
            b.x = bx - ux * step
            b.y = by - uy * step


def reach_fields(links):
    """(link, a, b, squared reach) of each link with a `limit` (`verlet.Breakable`): the
    squared length past which it breaks, for `snap_by_fields`."""
    made = []
    for link in links:
        limit = getattr(link, "limit", None)
        if limit is not None:
            reach = link.rest * limit
            made.append((link, link.a, link.b, reach * reach))
    return made


def snap_by_fields(links, fields, most=None):
    """`snap_overstretched(links, most)` with the reaches of `reach_fields(links)`: remove
    from `links` the links past their limit and return them, worst first."""
    over = []
    for link, a, b, reach_sq in fields:
        dx = b.x - a.x
        dy = b.y - a.y
        length_sq = dx * dx + dy * dy
        if length_sq > reach_sq:
            over.append((length_sq / reach_sq, len(over), link))
    return break_worst(links, over, most) if over else []
