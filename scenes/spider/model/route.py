"""The spider's way to a goal point (S2, a finger held on the web): the shortest way along the
threads to the thread point nearest the goal (`plan_route`), one frame of crawling along it
(`follow_route`), choosing at each junction the thread the plan names, and when a held
crawl plans again (`Crawl`). Pure Python.
"""

import heapq
from math import hypot, inf

from verlet.geometry import closest_point_on_segment

from .spider import SPEED, travel

ROUTE_ARRIVAL = 2.0
"""A goal on the spider's own thread counts as reached this close, px."""
REPLAN_FRAMES = 12
"""A held crawl re-plans its way at most this often when the web changes."""
REPLAN_SHIFT = 10.0
"""... and when the finger has slid this far from the point it planned for, px."""


def plan_route(web, spider, goal):
    """Shortest way along the threads from the spider to the thread point nearest `goal`.

    Only threads the spider can reach are considered. Sets `spider.route` (knots to pass, in
    order) and `spider.goal` (thread, t); returns False when there is no way.
    """
    start = spider.thread
    if start is None:
        return False
    threads = web.piece_threads(start.a)
    nearest = web.nearest(goal, among=threads)
    if nearest is None:
        return False
    goal_thread, goal_u, _ = nearest
    if goal_thread is start:
        spider.route, spider.goal = [], (goal_thread, goal_u)
        return True
    length = start.length()
    best = {id(start.a): spider.t * length, id(start.b): (1.0 - spider.t) * length}
    came = {id(start.a): None, id(start.b): None}
    heap = [(best[id(start.a)], 0, start.a), (best[id(start.b)], 1, start.b)]
    order = 2
    unsettled = {id(goal_thread.a), id(goal_thread.b)}  # done once both are popped: final
    while heap and unsettled:
        cost, _, knot = heapq.heappop(heap)
        if cost > best[id(knot)]:
            continue
        unsettled.discard(id(knot))
        for thread in knot.threads:  # `other` and `length` of the thread, written inline
            a, b = thread.a, thread.b
            other = b if knot is a else a
            total = cost + hypot(b.x - a.x, b.y - a.y)
            if total < best.get(id(other), inf):
                best[id(other)] = total
                came[id(other)] = knot
                heapq.heappush(heap, (total, order, other))
                order += 1
    glen = goal_thread.length()
    via_a = best.get(id(goal_thread.a), inf) + goal_u * glen
    via_b = best.get(id(goal_thread.b), inf) + (1.0 - goal_u) * glen
    end = goal_thread.a if via_a <= via_b else goal_thread.b
    if id(end) not in best:
        return False
    path = []
    knot = end
    while knot is not None:
        path.append(knot)
        knot = came[id(knot)]
    path.reverse()
    spider.route, spider.goal = path, (goal_thread, goal_u)
    return True


def follow_route(spider, speed=SPEED):
    """One frame along the planned route; returns False when arrived (or the route broke)."""
    if spider.goal is None:
        return False
    goal_thread, goal_t = spider.goal
    if not spider.route:
        if spider.thread is not goal_thread:
            return False
        gap = (goal_t - spider.t) * goal_thread.length()
        if abs(gap) <= ROUTE_ARRIVAL:
            return False
        step = min(speed, abs(gap))
        travel(spider, 1 if gap > 0 else -1, step, lambda knot, thread: None)
        return True
    target = spider.route[0]
    thread = spider.thread
    if target is not thread.a and target is not thread.b:
        return False

    def choose(knot, arriving):
        if spider.route and knot is spider.route[0]:
            spider.route.pop(0)
        following = spider.route[0] if spider.route else None
        for candidate in knot.threads:
            if following is not None and candidate.other(knot) is following:
                return candidate
            if following is None and candidate is goal_thread:
                return candidate
        return None

    travel(spider, 1 if target is thread.b else -1, speed, choose)
    return True


class Crawl:
    """A held finger's crawl: the way is planned when it starts, and again when the web has
    changed (at most every REPLAN_FRAMES) or the finger has slid REPLAN_SHIFT px from where it
    was planned for; each frame the spider goes one step along it."""

    def __init__(self):
        self.version = -1  # the web's version, the frame and the goal of the last plan
        self.frame = -REPLAN_FRAMES
        self.goal = (0.0, 0.0)

    def step(self, web, spider, goal, frame):
        since = frame - self.frame
        stale = self.version != web.version and since >= REPLAN_FRAMES
        moved = hypot(goal[0] - self.goal[0], goal[1] - self.goal[1])
        if spider.goal is None or stale or (moved > REPLAN_SHIFT and since >= 4):
            plan_route(web, spider, goal)
            self.version, self.frame, self.goal = web.version, frame, goal
        if spider.goal is not None and spider.goal[0] is spider.thread:
            # On the goal's thread: aim at its point nearest the finger now, as the thread
            # sways and sags under the spider's own weight.
            thread = spider.thread
            spider.goal = (thread, closest_point_on_segment(goal, thread.a.position,
                                                            thread.b.position)[1])
        follow_route(spider)  # a broken way stops it until the next plan
