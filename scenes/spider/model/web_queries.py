"""Where rays, moving bodies and points meet the web's threads (S3, S5): the queries of `Web`.

A mixin so that `web.first_hit(...)`, `web.touching(...)`, `web.nearest(...)` and
`web.clear_of_threads(...)` read as questions to the web; it reads only `self.threads`. Pure
Python: runs in Pyodide.
"""

from math import hypot

from verlet.geometry import EPSILON, ray_segment_hit, segment_crossing


class WebQueries:
    """Thread queries over `self.threads` (each a `Thread` with ends `a` and `b`)."""

    def first_hit(self, origin, direction, max_length, pass_angle, skip=(), min_distance=0.0):
        """The first thread a ray meets that it can stick to: (thread, u, distance) or None.

        Threads meeting the ray at less than `pass_angle` radians are passed through, as are the
        threads in `skip` (the shooter's own) and those nearer than `min_distance`.
        """
        best = None
        ox, oy = origin
        for thread in self.threads:
            if thread in skip:
                continue
            a, b = thread.a, thread.b
            if max(a.x, b.x) < ox - max_length or min(a.x, b.x) > ox + max_length:
                continue
            if max(a.y, b.y) < oy - max_length or min(a.y, b.y) > oy + max_length:
                continue
            hit = ray_segment_hit(origin, direction, (a.x, a.y), (b.x, b.y))
            if hit is None:
                continue
            distance, u, angle = hit
            if distance > max_length or distance < min_distance or angle < pass_angle:
                continue
            if best is None or distance < best[2]:
                best = (thread, u, distance)
        return best

    def touching(self, start, end, radius, skip=(), among=None):
        """The first thread a body of `radius` touches moving from `start` to `end` (of all
        threads, or of those in `among`).

        Returns (thread, u) with u the contact point's parameter on the thread, or None. The
        body touches a thread when its path crosses it or when it ends within `radius` of it.
        """
        sx, sy = start
        ex, ey = end
        lo_x, hi_x = min(sx, ex) - radius, max(sx, ex) + radius
        lo_y, hi_y = min(sy, ey) - radius, max(sy, ey) + radius
        best = None
        for thread in self.threads if among is None else among:
            a, b = thread.a, thread.b
            if a.x < lo_x and b.x < lo_x or a.x > hi_x and b.x > hi_x:
                continue
            if a.y < lo_y and b.y < lo_y or a.y > hi_y and b.y > hi_y:
                continue
            if thread in skip:
                continue
            contact = _contact(sx, sy, ex, ey, a, b, radius)
            if contact is not None and (best is None or contact[0] < best[0]):
                best = (contact[0], thread, contact[1])
        return None if best is None else (best[1], best[2])

    def nearest(self, point, max_distance=float("inf"), among=None):
        """The thread point closest to `point`: (thread, u, distance), or None beyond max_distance.

        A crawl plans its route over every thread it can reach, and a spawn looks for open air
        among all of them, so the loop is written for speed, with the numbers of
        `closest_point_on_segment`: a thread whose box lies farther along x or y than the best
        distance so far (or `max_distance`) cannot be nearer and is passed over unmeasured.
        """
        best = None
        bound = max_distance  # a thread must come at least this close to count
        px, py = point
        shortest = EPSILON * EPSILON
        for thread in self.threads if among is None else among:
            a, b = thread.a, thread.b
            ax, ay, bx, by = a.x, a.y, b.x, b.y
            low, high = (ax, bx) if ax < bx else (bx, ax)
            if px + bound < low or px - bound > high:
                continue
            low, high = (ay, by) if ay < by else (by, ay)
            if py + bound < low or py - bound > high:
                continue
            abx, aby = bx - ax, by - ay
            length_sq = abx * abx + aby * aby
            u = 0.0
            if length_sq >= shortest:
                u = ((px - ax) * abx + (py - ay) * aby) / length_sq
                if u < 0.0:
                    u = 0.0
                elif u > 1.0:
                    u = 1.0
            distance = hypot(px - (ax + abx * u), py - (ay + aby * u))
            if distance <= bound and (best is None or distance < bound):
                best = (thread, u, distance)
                bound = distance
        return best

    def clear_of_threads(self, point, radius, among=None):
        """True when no thread (of `among`, if given) passes within `radius` of `point`."""
        return self.touching(point, point, radius, among=among) is None

    def threads_near(self, point, reach):
        """The threads whose box comes within `reach` of `point` along x and y, in web order:
        every thread that may pass within `reach` of it (a prefilter for many queries in one
        area, such as a spawn's candidate places around the spider)."""
        px, py = point
        near = []
        for thread in self.threads:
            a, b = thread.a, thread.b
            if a.x < px - reach and b.x < px - reach or a.x > px + reach and b.x > px + reach:
                continue
            if a.y < py - reach and b.y < py - reach or a.y > py + reach and b.y > py + reach:
                continue
            near.append(thread)
        return near


def _contact(sx, sy, ex, ey, a, b, radius):
    """(s, u) where a body moving from s to e first touches segment a-b, or None.

    s in [0, 1] is how far along its move, u the parameter on a-b. A crossing gives the crossing
    point; otherwise the end position within `radius` of the segment touches at its closest point.
    """
    crossing = segment_crossing((sx, sy), (ex, ey), (a.x, a.y), (b.x, b.y))
    if crossing is not None:
        return crossing
    ax, ay = a.x, a.y
    tx, ty = b.x - ax, b.y - ay
    length_sq = tx * tx + ty * ty
    if length_sq < EPSILON:
        return None
    u = min(1.0, max(0.0, ((ex - ax) * tx + (ey - ay) * ty) / length_sq))
    cx, cy = ax + tx * u, ay + ty * u
    if (ex - cx) ** 2 + (ey - cy) ** 2 <= radius * radius:
        return 1.0, u
    return None
