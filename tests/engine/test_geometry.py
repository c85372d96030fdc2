"""verlet.geometry: exact hand-computed cases and degenerate input (T4, T13, T14, T15, S3, S5)."""

from math import isclose, isfinite, pi, sqrt

import pytest

from verlet.geometry import (
    catmull_rom_closed,
    catmull_rom_open,
    centroid,
    closest_point_on_segment,
    distance_to_segment,
    normalize,
    outward_normals,
    perimeter,
    ray_segment_hit,
    rotate_point,
    signed_area,
    wrap_angle,
)

SQUARE = [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]  # clockwise on screen (y down)


def test_shoelace_area_of_a_square_is_signed_by_orientation():
    assert signed_area(SQUARE) == 4.0
    assert signed_area(SQUARE[::-1]) == -4.0


def test_area_and_perimeter_of_degenerate_rings_are_zero():
    assert signed_area([]) == 0.0
    assert signed_area([(1.0, 1.0)] * 5) == 0.0
    assert perimeter([(1.0, 1.0)] * 5) == 0.0
    assert perimeter(SQUARE) == 8.0


def test_outward_normals_of_a_square_point_away_from_its_centre():
    half = sqrt(0.5)
    expected = [(-half, -half), (half, -half), (half, half), (-half, half)]
    for ring in (SQUARE, SQUARE[::-1]):
        normals = outward_normals(ring)
        wanted = expected if ring is SQUARE else expected[::-1]
        for (nx, ny), (ex, ey) in zip(normals, wanted):
            assert isclose(nx, ex) and isclose(ny, ey)


def test_fixed_orientation_keeps_normals_outward_for_an_inverted_ring():
    # The same clockwise orientation applied to the reversed ring flips every normal inward,
    # which is what pushes a folded ring back the right way.
    normals = outward_normals(SQUARE[::-1], orientation=1.0)
    assert all(isclose(nx * (x - 1.0) + ny * (y - 1.0), -sqrt(2.0))
               for (nx, ny), (x, y) in zip(normals, SQUARE[::-1]))


def test_normal_of_a_vertex_with_coincident_neighbours_is_zero():
    ring = [(0.0, 0.0), (1.0, 1.0), (0.0, 0.0), (5.0, 5.0)]
    assert outward_normals(ring)[1] == (0.0, 0.0)
    assert normalize(0.0, 0.0) == (0.0, 0.0)


def test_rotation_quarter_turn_is_clockwise_on_screen():
    x, y = rotate_point((2.0, 1.0), (1.0, 1.0), pi / 2)
    assert isclose(x, 1.0) and isclose(y, 2.0)  # right of centre -> below it


def test_wrap_angle_folds_into_minus_pi_to_pi():
    assert isclose(wrap_angle(3 * pi / 2), -pi / 2)
    assert isclose(wrap_angle(-3 * pi / 2), pi / 2)
    assert wrap_angle(0.25) == 0.25


def test_centroid():
    assert centroid(SQUARE) == (1.0, 1.0)
    assert centroid([]) == (0.0, 0.0)


def test_closest_point_on_segment_interior_ends_and_degenerate():
    assert closest_point_on_segment((1.0, 5.0), (0.0, 0.0), (4.0, 0.0)) == ((1.0, 0.0), 0.25)
    assert closest_point_on_segment((-3.0, 1.0), (0.0, 0.0), (4.0, 0.0)) == ((0.0, 0.0), 0.0)
    assert closest_point_on_segment((9.0, 1.0), (0.0, 0.0), (4.0, 0.0)) == ((4.0, 0.0), 1.0)
    assert closest_point_on_segment((3.0, 4.0), (1.0, 1.0), (1.0, 1.0)) == ((1.0, 1.0), 0.0)
    assert distance_to_segment((1.0, 5.0), (0.0, 0.0), (4.0, 0.0)) == 5.0


def test_ray_hits_segment_square_on():
    distance, u, angle = ray_segment_hit((0.0, 0.0), (1.0, 0.0), (3.0, -1.0), (3.0, 3.0))
    assert distance == 3.0 and u == 0.25 and isclose(angle, pi / 2)


def test_ray_hit_reports_acute_angle_for_a_slanted_segment():
    hit = ray_segment_hit((0.0, 0.0), (2.0, 0.0), (1.0, -1.0), (3.0, 1.0))
    assert hit is not None
    distance, u, angle = hit
    assert isclose(distance, 2.0) and isclose(u, 0.5) and isclose(angle, pi / 4)


@pytest.mark.parametrize("origin, direction, a, b", [
    ((0.0, 0.0), (1.0, 0.0), (-3.0, -1.0), (-3.0, 1.0)),  # behind the origin
    ((0.0, 0.0), (1.0, 0.0), (3.0, 1.0), (3.0, 2.0)),  # misses the segment's span
    ((0.0, 0.0), (1.0, 0.0), (1.0, 0.0), (5.0, 0.0)),  # parallel (collinear)
    ((0.0, 0.0), (0.0, 0.0), (3.0, -1.0), (3.0, 1.0)),  # zero direction
    ((0.0, 0.0), (1.0, 0.0), (3.0, 0.0), (3.0, 0.0)),  # zero-length segment
])
def test_ray_misses(origin, direction, a, b):
    assert ray_segment_hit(origin, direction, a, b) is None


def test_catmull_rom_closed_passes_through_every_point_and_closes():
    ring = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    curve = catmull_rom_closed(ring, 5)
    assert len(curve) == 20
    assert [curve[i * 5] for i in range(4)] == ring
    # the sample after the last point heads back toward the first: no seam, no jump
    assert max(abs(a - b) for a, b in zip(curve[-1], ring[0])) < 10.0


def test_catmull_rom_open_starts_and_ends_on_the_polyline_ends():
    leg = [(0.0, 0.0), (5.0, 5.0), (0.0, 10.0)]
    curve = catmull_rom_open(leg, 4)
    assert len(curve) == 9
    assert curve[0] == leg[0] and curve[4] == leg[1] and curve[-1] == leg[2]


def test_catmull_rom_midpoints_follow_the_uniform_spline_formula():
    # halfway between p1 and p2 a uniform Catmull-Rom spline is (-p0 + 9 p1 + 9 p2 - p3) / 16
    ring = [(0.0, 0.0), (40.0, -8.0), (52.0, 30.0), (6.0, 44.0), (-20.0, 18.0)]
    curve = catmull_rom_closed(ring, 4)
    for i in range(len(ring)):
        p0, p1, p2, p3 = (ring[(i + k) % len(ring)] for k in (-1, 0, 1, 2))
        expected = [(-a + 9 * b + 9 * c - d) / 16 for a, b, c, d in zip(p0, p1, p2, p3)]
        assert curve[4 * i + 2] == pytest.approx(expected, abs=1e-12)


def test_catmull_rom_of_coincident_points_stays_finite():
    curve = catmull_rom_closed([(3.0, 3.0)] * 16)
    assert all(isfinite(v) for point in curve for v in point)
    assert catmull_rom_open([(1.0, 2.0)]) == [(1.0, 2.0)]
