"""Links that give up: breaking past a stretch, cutting along a stroke.

`Breakable` is a `Distance` that breaks past `limit` x its rest; `snap_overstretched` and
`cut_links` remove links from a list and return them, so the scene can keep its own graph
(triangles, planks) tidy. What still hangs on a pin after a tear is `verlet.connectivity`'s
(`anchored`, kept here under its old address too).
"""

from .connectivity import anchored
from .distance import Distance
from .geometry import segment_crossing


class Breakable(Distance):
    """A distance link that breaks once longer than `limit` x `rest` (a ratio, e.g. 1.6).

    Solved exactly like `Distance` (it is one, for the solvers' fast path); only
    `snap_overstretched` reads `limit`. `broken` is set once it has given up.
    """

    __slots__ = ("limit", "broken")

    def __init__(self, a, b, rest=None, limit=2.0, stiffness=1.0, max_only=False):
        super().__init__(a, b, rest, stiffness, max_only)
        self.limit = limit
        self.broken = False


def snap_overstretched(links, most=None):
    """Remove from the list `links` each Breakable past its limit; return those, worst first.

    Call after the solve: what the constraints could not pull back within the limit breaks.
    With `most`, only that many of the worst go this time: the load they carried moves to
    their neighbours, and a tear runs along a line instead of a whole row giving way at once
    (a link past twice its limit goes anyway: it is long gone).
    """
    over = []
    for link in links:
        limit = getattr(link, "limit", None)
        if limit is None:
            continue
        a = link.a
        b = link.b
        dx = b.x - a.x
        dy = b.y - a.y
        reach = link.rest * limit
        length_sq = dx * dx + dy * dy
        if length_sq > reach * reach:  # squared lengths: a sound link costs no root
            over.append((length_sq / (reach * reach), len(over), link))
    return break_worst(links, over, most) if over else []


def break_worst(links, over, most=None):
    """Break the links of `over` ((stretch ratio squared, order, link) each): the worst `most`
    of them (all with None) and any past twice its limit; remove them from `links` and return
    them, worst first (`snap_overstretched`'s second half)."""
    over.sort(key=lambda item: (-item[0], item[1]))
    broken = [link for rank, (ratio, _, link) in enumerate(over)
              if most is None or rank < most or ratio > 4.0]
    for link in broken:
        link.broken = True
    if broken:
        links[:] = [link for link in links if not getattr(link, "broken", False)]
    return broken


def cut_links(links, start, end):
    """Remove from the list `links` exactly the links the segment start-end crosses; return them."""
    crossed = [link for link in links
               if segment_crossing(start, end, (link.a.x, link.a.y), (link.b.x, link.b.y))]
    if crossed:
        gone = set(map(id, crossed))
        links[:] = [link for link in links if id(link) not in gone]
        for link in crossed:
            if isinstance(link, Breakable):
                link.broken = True
    return crossed
