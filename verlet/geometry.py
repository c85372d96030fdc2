"""Plane geometry on (x, y) tuples: the helpers every constraint and scene leans on.

Owns: shoelace area and perimeter of a closed ring (T4), outward vertex normals (T4), rotation
about a centre (T13), closest point on a segment and ray-segment hits (S3, S5), and Catmull-Rom
sampling for closed loops and open polylines (T14, T15).

Conventions: screen coordinates, y pointing down. Floats are added up in plain loops, never with
`sum()`, whose float algorithm changed in Python 3.12: the same code must give the same bits in
CPython 3.11 and in Pyodide. Every function is total: degenerate input
(coincident points, zero-length segments, empty rings) returns a finite answer, never NaN and
never a ZeroDivisionError.
"""

from math import atan2, cos, hypot, pi, sin

EPSILON = 1e-9
"""Lengths below this are treated as zero (no direction can be taken from them)."""


def signed_area(points):
    """Shoelace area of the closed ring through `points`.

    Positive when the ring runs clockwise on screen (y down), negative when anticlockwise.
    """
    total = 0.0
    count = len(points)
    for i in range(count):
        x0, y0 = points[i]
        x1, y1 = points[(i + 1) % count]
        total += x0 * y1 - x1 * y0
    return 0.5 * total


def perimeter(points):
    """Length of the closed ring through `points`."""
    total = 0.0
    previous_x, previous_y = points[-1] if points else (0.0, 0.0)
    for x, y in points:
        total += hypot(x - previous_x, y - previous_y)
        previous_x, previous_y = x, y
    return total


def normalize(dx, dy):
    """Unit vector along (dx, dy), or (0.0, 0.0) when the vector is too short to have a direction."""
    length = hypot(dx, dy)
    if length < EPSILON:
        return 0.0, 0.0
    return dx / length, dy / length


def outward_normals(points, orientation=None):
    """Unit outward normal at every vertex of a closed ring.

    The normal at a vertex is perpendicular to the chord joining its two neighbours. `orientation`
    is +1 for a clockwise ring (positive `signed_area`) and -1 for an anticlockwise one; by
    default it is taken from the ring itself. Passing the orientation a ring was built with keeps
    "outward" meaning the same even where the ring has folded over itself. A vertex whose
    neighbours coincide gets (0, 0).
    """
    if orientation is None:
        orientation = 1.0 if signed_area(points) >= 0.0 else -1.0
    count = len(points)
    normals = []
    for i in range(count):
        px, py = points[i - 1]
        nx, ny = points[(i + 1) % count]
        ux, uy = normalize(nx - px, ny - py)
        normals.append((uy * orientation, -ux * orientation))
    return normals


def centroid(points):
    """Mean of the points (the centre used for rotations); (0, 0) for no points."""
    if not points:
        return 0.0, 0.0
    total_x = total_y = 0.0
    for x, y in points:  # a plain loop, not sum(): Python 3.12+ sums floats differently
        total_x += x
        total_y += y
    return total_x / len(points), total_y / len(points)


def rotate_point(point, center, angle):
    """`point` turned by `angle` radians about `center` (positive = clockwise on screen)."""
    c, s = cos(angle), sin(angle)
    dx, dy = point[0] - center[0], point[1] - center[1]
    return center[0] + dx * c - dy * s, center[1] + dx * s + dy * c


def wrap_angle(angle):
    """`angle` folded into [-pi, pi)."""
    return (angle + pi) % (2.0 * pi) - pi


def direction_angle(origin, target):
    """Angle of the direction from `origin` to `target` (atan2 convention, 0 for coincident points)."""
    return atan2(target[1] - origin[1], target[0] - origin[0])


def closest_point_on_segment(point, a, b):
    """The point of segment a-b nearest to `point`, and its parameter u in [0, 1] (0 at a)."""
    abx, aby = b[0] - a[0], b[1] - a[1]
    length_sq = abx * abx + aby * aby
    if length_sq < EPSILON * EPSILON:
        return (a[0], a[1]), 0.0
    u = ((point[0] - a[0]) * abx + (point[1] - a[1]) * aby) / length_sq
    u = min(1.0, max(0.0, u))
    return (a[0] + abx * u, a[1] + aby * u), u


def distance_to_segment(point, a, b):
    """Distance from `point` to the segment a-b."""
    (cx, cy), _ = closest_point_on_segment(point, a, b)
    return hypot(point[0] - cx, point[1] - cy)


def ray_segment_hit(origin, direction, a, b):
    """Where the ray from `origin` along `direction` crosses the segment a-b.

    Returns (distance, u, angle) or None. `distance` is measured along the normalised direction,
    `u` is the parameter on the segment (0 at a, 1 at b) and `angle` the acute angle between ray
    and segment in radians (0 = parallel, pi/2 = square on). A parallel or zero-length segment, a
    zero direction, or a crossing behind the origin gives None.
    """
    dx, dy = normalize(direction[0], direction[1])
    ex, ey = b[0] - a[0], b[1] - a[1]
    seg_length = hypot(ex, ey)
    if (dx == 0.0 and dy == 0.0) or seg_length < EPSILON:
        return None
    denom = dx * ey - dy * ex  # cross(direction, segment)
    if abs(denom) < EPSILON * seg_length:
        return None
    ox, oy = a[0] - origin[0], a[1] - origin[1]
    distance = (ox * ey - oy * ex) / denom
    u = (ox * dy - oy * dx) / denom
    if distance < 0.0 or u < 0.0 or u > 1.0:
        return None
    sine = min(1.0, abs(denom) / seg_length)
    angle = atan2(sine, abs(dx * ex + dy * ey) / seg_length)
    return distance, u, angle


_blend_weights = {}


def catmull_rom_weights(samples):
    """The uniform Catmull-Rom weights (w0, w1, w2, w3) of p0..p3 at t = 0, 1/samples, ...

    Worked out once per sample count: a curve point is then four products per coordinate.
    """
    weights = _blend_weights.get(samples)
    if weights is None:
        weights = []
        for step in range(samples):
            t = step / samples
            t2, t3 = t * t, t * t * t
            weights.append((0.5 * (-t + 2.0 * t2 - t3), 0.5 * (2.0 - 5.0 * t2 + 3.0 * t3),
                            0.5 * (t + 4.0 * t2 - 3.0 * t3), 0.5 * (t3 - t2)))
        weights = _blend_weights[samples] = tuple(weights)
    return weights


def _catmull_rom_run(controls, segments, samples):
    """`samples` points of each of `segments` consecutive segments, segment i running from
    controls[i + 1] (t = 0) toward controls[i + 2] (controls[i] and controls[i + 3] shape it).
    One pass sliding along the controls: the curves are drawn every frame."""
    weights = catmull_rom_weights(samples)
    curve = []
    (ax, ay), (bx, by), (cx, cy) = controls[0], controls[1], controls[2]
    for dx, dy in controls[3:3 + segments]:
        curve += [(w0 * ax + w1 * bx + w2 * cx + w3 * dx, w0 * ay + w1 * by + w2 * cy + w3 * dy)
                  for w0, w1, w2, w3 in weights]
        ax, ay, bx, by, cx, cy = bx, by, cx, cy, dx, dy
    return curve


def catmull_rom_closed(points, samples_per_segment=8):
    """A smooth closed curve through every point of the ring (T14).

    Returns `len(points) * samples_per_segment` points; the curve passes through each input
    point and closes on itself without a seam.
    """
    count = len(points)
    if count < 3:
        return [tuple(p) for p in points]
    return _catmull_rom_run([points[-1], *points, points[0], points[1]], count,
                            samples_per_segment)


def catmull_rom_open(points, samples_per_segment=8):
    """A smooth curve through every point of an open polyline, from the first to the last (T15).

    The ends are extended by repeating the end points, so the curve starts and stops exactly on
    them. Returns `(len(points) - 1) * samples_per_segment + 1` points.
    """
    count = len(points)
    if count < 2:
        return [tuple(p) for p in points]
    curve = _catmull_rom_run([points[0], *points, points[-1]], count - 1, samples_per_segment)
    curve.append(tuple(points[-1]))
    return curve


def segment_crossing(p, q, a, b):
    """Where segment p-q crosses segment a-b: (s, u), s on p-q and u on a-b, both in [0, 1];
    None when they miss, are parallel or one has no length (a knife stroke across a link)."""
    rx, ry = q[0] - p[0], q[1] - p[1]
    ex, ey = b[0] - a[0], b[1] - a[1]
    denom = rx * ey - ry * ex
    if abs(denom) < EPSILON:
        return None
    ox, oy = a[0] - p[0], a[1] - p[1]
    s = (ox * ey - oy * ex) / denom
    u = (ox * ry - oy * rx) / denom
    if 0.0 <= s <= 1.0 and 0.0 <= u <= 1.0:
        return s, u
    return None
