"""Takopi's render tiers and its reused picture (issue 14): what each tier draws, that none of
them touches the physics, and that a body at rest is copied, not repainted, only while copying
shows the same picture.

Pictures are drawn straight from the view onto offscreen surfaces and read with numpy; no
timing here (that is in benchmarks/).
"""

import copy
from math import acos, hypot, pi, sqrt

import numpy
import pygame
import pytest

from app.quality import TIERS
from scenes.kit.context import ViewContext
from scenes.takopi import view, view_face
from scenes.takopi.scene import TakopiScene
from scenes.takopi.view_curves import vertex_normals
from scenes.takopi.view_paint import ellipse_points
from verlet.geometry import catmull_rom_closed
from tests.support.takopi import press_from_above, settled

SIZE = (960, 540)
BAND_SAMPLES = 12


def picture(model, quality, touch=False):
    """The model drawn at `quality` onto a fresh canvas, as an (x, y, rgb) int array."""
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface(SIZE)
    view.draw(surface, model, ViewContext(touch=touch, tier=quality))
    return pygame.surfarray.array3d(surface).astype(int)


def fresh_picture(model, quality="high"):
    """`picture` with the kept picture of a body at rest forgotten first (a full repaint)."""
    view._still.__init__()
    return picture(model, quality)


def near(pixels, color, tolerance=14):
    return numpy.all(numpy.abs(pixels - numpy.array(color[:3])) <= tolerance, axis=2)


@pytest.fixture(scope="module")
def rest():
    return settled()


@pytest.fixture(scope="module")
def pressed():
    model = settled()
    press_from_above(model, depth=40, frames=20)
    return model


@pytest.fixture(scope="module")
def pictures(rest):
    return {tier: fresh_picture(rest, tier) for tier in TIERS}


def rim_band(model, reach=1.5):
    """Canvas pixels within `reach` of the outline's outer edge on the body's upper half
    (against the sky: no legs, shadow or text there), as an (x, y) boolean mask. The spline is
    sampled densely here (BAND_SAMPLES), whatever the view samples it at, so the band follows
    the whole edge and not just the view's vertices."""
    curve = catmull_rom_closed(model.body.positions(), BAND_SAMPLES)
    normals = vertex_normals(curve, 1.0)
    cy = model.body.center()[1]
    mask = numpy.zeros(SIZE, dtype=bool)
    for (x, y), (nx, ny) in zip(curve, normals):
        if y > cy - 10:
            continue
        ex, ey = x + nx * view.OUTLINE_WIDTH, y + ny * view.OUTLINE_WIDTH
        for px in range(int(ex - 3), int(ex + 4)):
            for py in range(int(ey - 3), int(ey + 4)):
                if hypot(px + 0.5 - ex, py + 0.5 - ey) <= reach:
                    mask[px, py] = True
    return mask


def blended_edge_pixels(pixels, mask):
    """How many pixels of `mask` are neither the outline colour nor the sky of their row:
    the in-between shades an anti-aliased edge has and a plain polygon edge does not."""
    xs, ys = numpy.nonzero(mask)
    sky = pixels[40, ys]  # the sky is a vertical gradient: column 40 is sky on these rows
    colors = pixels[xs, ys]
    off_outline = numpy.abs(colors - numpy.array(view.OUTLINE)).max(axis=1) > 24
    off_sky = numpy.abs(colors - sky).max(axis=1) > 24
    return int((off_outline & off_sky).sum())


def test_every_tier_draws_the_same_body_in_the_same_place(rest, pictures):
    """Pink body, dark outline, shade band lower right, four legs, at every tier."""
    area = rest.body.area()
    cx, cy = rest.body.center()
    high_pink = near(pictures["high"], view.PINK)
    for tier in TIERS:
        pixels = pictures[tier]
        pink = near(pixels, view.PINK)
        assert pink.sum() > 0.5 * area, tier
        xs, ys = numpy.nonzero(pink)
        assert abs(xs.mean() - cx) < 15 and abs(ys.mean() - cy) < 25, tier
        # the tiers agree on where the body colour is, but for edge pixels and the gloss
        assert (pink ^ high_pink).sum() < 0.08 * area, tier
        shade = near(pixels, view.SHADE)
        sxs, sys_ = numpy.nonzero(shade)
        assert len(sxs) > 300 and sxs.mean() > cx and sys_.mean() > cy, tier  # T16
        dark = near(pixels, view.OUTLINE, 30)
        for root, knee, foot in ([p.position for p in leg.particles()] for leg in rest.legs):
            mid = ((knee[0] + foot[0]) / 2, (knee[1] + foot[1]) / 2)
            assert pink[round(mid[0]), round(mid[1])], tier  # T15: pink on the leg's centre line
            dx, dy = foot[0] - knee[0], foot[1] - knee[1]
            nx, ny = -dy / hypot(dx, dy), dx / hypot(dx, dy)
            edge = view.LEG_OUTER / 2 - 1.5
            for side in (-1, 1):  # ... and a dark rim either side
                assert dark[round(mid[0] + side * nx * edge), round(mid[1] + side * ny * edge)], tier


def test_only_high_and_medium_smooth_the_outline_and_low_keeps_it_plain(rest, pictures):
    band = rim_band(rest)
    assert band.sum() > 150
    blended = {tier: blended_edge_pixels(pictures[tier], band) for tier in TIERS}
    assert blended["low"] < 0.03 * band.sum()  # plain polygon edges: outline or sky, nothing between
    assert blended["high"] > 0.25 * band.sum()  # supersampled: a soft edge all round
    assert blended["medium"] > 0.12 * band.sum()  # the anti-aliased line along the rim


def test_only_low_leaves_out_the_gloss(rest, pictures):
    """The gloss is a translucent white spot high on the left: pixels lighter than the body
    colour there at high and medium (white over pink lifts green and blue by ~30), none at low."""
    xs = [p.x for p in rest.body.points]
    ys = [p.y for p in rest.body.points]
    half_width, half_height = (max(xs) - min(xs)) / 2, (max(ys) - min(ys)) / 2
    spot = ((max(xs) + min(xs)) / 2 - 0.46 * half_width, (max(ys) + min(ys)) / 2 - 0.6 * half_height)
    region = (slice(round(spot[0]) - 8, round(spot[0]) + 9), slice(round(spot[1]) - 4, round(spot[1]) + 5))
    for tier in TIERS:
        green_blue = pictures[tier][region][:, :, 1:]  # red is near full in the body colour
        lighter = (green_blue > numpy.array(view.PINK[1:]) + 15).all(axis=2).sum()
        if tier == "low":
            assert lighter == 0
        else:
            assert lighter > 40, tier


@pytest.mark.parametrize("tier", TIERS)
def test_a_pressed_body_cries_at_every_tier(pressed, tier):
    pixels = fresh_picture(pressed, tier)
    tears = near(pixels, view_face.TEAR, 10)
    assert tears.sum() > 30
    xs, _ = numpy.nonzero(tears)
    cx, _ = pressed.body.center()
    assert (xs < cx).any() and (xs > cx).any()  # a streak under each eye


def test_tiers_never_touch_the_physics():
    """The same run drawn at each tier (and the tier switched mid-run) ends in the same state."""
    states = []
    for tiers in (("high",), ("medium",), ("low",), TIERS):
        scene = TakopiScene(seed=3)
        surface = pygame.Surface(scene.size)
        for frame in range(90):
            if frame == 40:
                scene.model.input("down", (480, 300))
            if frame == 60:
                scene.model.input("up", (480, 300))
            scene.context.tier = tiers[frame % len(tiers)]
            scene.step()
            scene.draw(surface)
        states.append(scene.state())
    assert all(state == states[0] for state in states[1:])


def test_a_tier_the_view_does_not_know_draws_as_high(rest, pictures):
    assert numpy.array_equal(fresh_picture(rest, "ultra"), pictures["high"])


def test_the_scene_draws_at_its_quality(rest):
    scene = TakopiScene()
    scene.run.model = copy.deepcopy(rest)
    for tier in TIERS:
        scene.context.tier = tier
        surface = pygame.Surface(scene.size)
        scene.render(surface)
        assert numpy.array_equal(pygame.surfarray.array3d(surface).astype(int),
                                 fresh_picture(rest, tier)), tier


# --- the reused picture of a body at rest -----------------------------------------------------

def nudged(model, dx):
    """A copy of the model with every body and leg point moved `dx` px to the right."""
    moved = copy.deepcopy(model)
    for point in moved.body.points + [p for leg in moved.legs for p in leg.particles()]:
        point.x += dx
    return moved


def test_a_copied_picture_is_the_picture_a_repaint_gives(rest):
    painted = fresh_picture(rest)
    copied = picture(rest, "high")  # nothing moved: the kept picture is copied
    assert view._still.image is not None
    assert numpy.array_equal(copied, painted)


def test_a_body_that_moves_is_repainted_and_a_still_one_is_not(rest):
    fresh_picture(rest)
    kept = view._still.image
    barely = nudged(rest, view.STILL_TOLERANCE / 2)
    picture(barely, "high")
    assert view._still.image is kept  # within the tolerance: copied
    moved = nudged(rest, 1.0)
    shifted = picture(moved, "high")
    assert view._still.image is not kept  # past it: painted again, one pixel to the right
    assert numpy.array_equal(shifted, fresh_picture(moved))
    assert not numpy.array_equal(shifted, fresh_picture(rest))


def test_the_face_changing_repaints_the_still_body(rest):
    fresh_picture(rest)
    crying = copy.deepcopy(rest)
    crying.pressed = True
    pixels = picture(crying, "high")  # same points, another face: not the kept picture
    assert near(pixels, view_face.TEAR, 10).sum() > 30
    assert numpy.array_equal(pixels, fresh_picture(crying))


def test_the_kept_picture_is_only_used_at_the_high_tier(rest, pictures):
    fresh_picture(rest)  # keeps the high picture
    assert numpy.array_equal(picture(rest, "low"), pictures["low"])
    assert numpy.array_equal(picture(rest, "medium"), pictures["medium"])


# --- the low tier's shade band, worked out without a clip -------------------------------------

def lens_area(radius, distance):
    """Area of the overlap of two circles of `radius` whose centres are `distance` apart."""
    return (2 * radius * radius * acos(distance / (2 * radius))
            - distance / 2 * sqrt(4 * radius * radius - distance * distance))


def polygon_area(points):
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))) / 2


def test_inset_towards_is_the_overlap_of_a_body_and_its_shifted_copy():
    radius, shift = 70.0, view.SHADE_OFFSET
    circle = ellipse_points((0.0, 0.0), radius, radius, 0.0, count=96)  # clockwise on screen
    inset = view.inset_towards(circle, vertex_normals(circle, 1.0), shift)
    sampled = polygon_area(circle) / (pi * radius * radius)  # a 96-gon is a bit under a circle
    expected = lens_area(radius, hypot(*shift)) * sampled
    assert abs(polygon_area(inset) - expected) < 0.01 * expected
    assert polygon_area(inset) < polygon_area(circle) - 0.1 * (polygon_area(circle) - expected)
    for x, y in inset:  # every point inside (or within a pixel of) the shifted circle
        assert hypot(x - shift[0], y - shift[1]) < radius + 1.0
        assert hypot(x, y) < radius + 1e-9  # and never outside the body itself
