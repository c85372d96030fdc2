"""A shot of silk (S3): what it costs, when it is refused, and the thread it spins.

`SpiderModel.shoot` plans a shot with `spider.plan_shot` (where the ray sticks, or why the aim
fails), asks `refusal` whether the gland and the web allow it, and lets `spin` make the thread.
The hover preview (`aim.preview`) asks the same `refusal`, so it is red exactly when a click
would fail. Pure Python.
"""

from math import hypot

from .spider import SHOT_RANGE

SHOT_COST = 6.0
"""Silk every shot costs, whatever its length."""
SHOT_COST_PER_PX = 0.06
"""A shot costs SHOT_COST plus this much per px of thread (a full-length shot about 25)."""
SILK_TENSION = 0.97
"""A new thread is spun this much shorter than the gap it spans, so it pulls taut."""
MAX_THREADS = 400
"""A riding spider cannot spin more once the web has this many threads (a hard cap)."""


RESCUE_COST = SHOT_COST + SHOT_COST_PER_PX * SHOT_RANGE
"""The silk a full-length shot takes: with this much a falling spider in reach can always hang
on (`SpiderModel.hang_on`)."""


def cost(plan):
    """The silk a shot along `plan` takes."""
    return SHOT_COST + SHOT_COST_PER_PX * plan.length


def refusal(model, plan):
    """Why a shot whose aim is fine is refused ("" when it is not): the gland holds less than
    it costs, or a riding spider's web has no room left."""
    if model.silk < cost(plan):
        return "out of silk"
    if model.spider.riding and len(model.web.threads) + 3 > MAX_THREADS:
        return "the web is full"
    return ""


def spin(web, spider, plan):
    """Spin the thread `plan` aims: from the knot under a riding spider (or a new one where a
    falling spider is) to the thread it hits or a new anchor; the spider rides it from its
    start. Returns the thread, or None when both ends are the same knot."""
    start = _start_knot(web, spider)
    if plan.hit is not None:
        end = web.split(plan.hit, plan.u)[0]
    else:
        end = web.add_knot(plan.end[0], plan.end[1], pinned=True)
    if end is start:
        return None
    gap = hypot(end.x - start.x, end.y - start.y)
    thread = web.connect(start, end, gap * SILK_TENSION, "silk")
    spider.place(thread, 0.0)
    return thread


def _start_knot(web, spider):
    """The knot a new thread starts from: under the riding spider, or a new one if falling."""
    if spider.riding:
        knot = spider.at_knot(5.0)
        if knot is None:
            knot = web.split(spider.thread, spider.t)[0]
        return knot
    knot = web.add_knot(spider.x, spider.y, kind="end")
    knot.px, knot.py = spider.x - spider.vx, spider.y - spider.vy
    return knot
