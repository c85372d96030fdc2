"""Keeping the web bounded: a web that catches, gets cut and is re-spun must not grow for ever.

Every catch inserts a knot, every shot adds a thread and up to two knots, every cut leaves two
dangling strands. `tidy` undoes what no longer carries anything:

- a split knot that has held nothing for MERGE_AFTER frames and lies nearly straight between
  its two threads is merged back into one thread (the catch is over, S13 has straightened it);
- a dangling strand (a free knot on a single thread) older than STRAND_LIFETIME is taken in;
- knots with no thread left are removed, and loose pieces that have fallen far below the world
  are forgotten every frame (`drop_fallen`), whatever they carry;
- a thread pulled past `web.YIELD_STRETCH` x its rest yields (`Web.give_overstretched`);
- over BUDGET threads, the oldest silk thread that holds nothing is taken in (`recycle`), the
  way a real spider eats old silk; never one whose loss would cut the spider loose.

"Busy" knots (the ends of the spider's thread, knots holding an enemy or a corpse) are never
touched: the caller marks them every frame with `mark_busy`. Pure Python.
"""

from math import hypot

MERGE_AFTER = 90
"""Frames a split knot must carry nothing before it is merged back into one thread."""
MERGE_STRAIGHTNESS = -0.94
"""Cosine of the angle between a split knot's two threads at or below which it counts as
straight (about 160 degrees or flatter)."""
STRAND_LIFETIME = 420
"""Frames a dangling strand hangs before it is taken in (7 s)."""
BUDGET = 330
"""Threads above which old idle silk is recycled: the woven web has about 250."""
FALL_OUT_MARGIN = 300.0
"""A loose knot this far below the world's floor is forgotten, px."""


def mark_busy(web, knots):
    """Note that these knots carry something this frame."""
    for knot in knots:
        if knot is not None:
            knot.quiet = web.frame


def _straight(knot):
    first, second = knot.threads
    a, b = first.other(knot), second.other(knot)
    ax, ay = a.x - knot.x, a.y - knot.y
    bx, by = b.x - knot.x, b.y - knot.y
    lengths = hypot(ax, ay) * hypot(bx, by)
    if lengths < 1e-9:
        return True
    return (ax * bx + ay * by) / lengths <= MERGE_STRAIGHTNESS


def drop_fallen(web, floor_y):
    """Forget every loose knot that has fallen FALL_OUT_MARGIN below the floor; return how many.

    Run every frame, and busy or not: a piece that hangs on no anchor can never come back, so a
    corpse or a struggling bug on it goes with it (the swarm forgets a bug whose knot is gone)
    instead of falling for ever.
    """
    line = floor_y + FALL_OUT_MARGIN
    fallen = [k for k in web.loose_knots() if k.y > line]
    for knot in fallen:
        web.remove_knot(knot)
    return len(fallen)


def tidy(web, floor_y, busy=()):
    """One round of upkeep; returns how many knots were removed or merged.

    `floor_y` is the bottom of the world; `busy` knots are left alone whatever their state.
    """
    web.give_overstretched()
    busy_ids = {id(k) for k in busy if k is not None}
    now = web.frame
    removed = 0
    for knot in list(web.knots):
        if not knot.alive or id(knot) in busy_ids or now - knot.quiet < MERGE_AFTER:
            continue
        degree = len(knot.threads)
        if degree == 0:
            web.remove_knot(knot)
            removed += 1
        elif not knot.pinned and knot.y > floor_y + FALL_OUT_MARGIN:
            web.remove_knot(knot)
            removed += 1
        elif degree == 1 and not knot.pinned and now - knot.threads[0].born > STRAND_LIFETIME:
            web.remove_knot(knot)
            removed += 1
        elif degree == 2 and knot.kind == "split" and not knot.pinned and _straight(knot):
            if web.merge(knot) is not None:
                removed += 1
    for knot in list(web.knots):
        if knot.alive and not knot.threads and id(knot) not in busy_ids:
            web.remove_knot(knot)
            removed += 1
    return removed


def recycle(web, busy=(), still_held=lambda: True, budget=BUDGET):
    """Over `budget` threads, take in the oldest idle silk thread; return it or None.

    A thread is idle when no rider is on it and neither end is busy. `still_held()` is asked
    after the removal; if it says the spider lost its support, the thread is put back and the
    next oldest is tried.
    """
    if len(web.threads) <= budget:
        return None
    busy_ids = {id(k) for k in busy if k is not None}
    ridden = {id(rider.thread) for rider in web.riders}
    silk = sorted((t for t in web.threads if t.kind == "silk" and id(t) not in ridden
                   and id(t.a) not in busy_ids and id(t.b) not in busy_ids),
                  key=lambda t: t.born)
    for thread in silk[:8]:
        web.remove_thread(thread)
        if still_held():
            return thread
        again = web.connect(thread.a, thread.b, thread.rest, thread.kind)
        again.born = thread.born
    return None
