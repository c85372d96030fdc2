"""Takopi's frame kept cheap (issue 14): a poked or dragged body drawn at every tier, frame after
frame on one canvas, shows what a fresh canvas shows (no ghost of the last position), the press
circle and the finger stay on top, and the coarser spline sampling keeps to the curve.

Pictures are drawn straight from the view onto offscreen surfaces and read with numpy; no
timing here (that is in benchmarks/).
"""

from math import hypot

import numpy
import pygame
import pytest

from app.quality import TIERS
from scenes.kit.context import ViewContext
from scenes.takopi import view, view_canvas
from scenes.takopi.model.press import PushCircle
from tests.support.takopi import dragged_frames, make_model, poked_frames, run, settled
from verlet.geometry import catmull_rom_closed
from scenes.kit.model.run import record

SIZE = (960, 540)
POKE_FRAMES = 40
"""A poke (T8) lasts 10 + 18 + 12 frames: down, held, lifted."""


def canvas():
    pygame.display.init()
    pygame.font.init()
    return pygame.Surface(SIZE)


def pixels(surface):
    return pygame.surfarray.array3d(surface).astype(int)


def forget_kept_picture():
    view._still.__init__()


@pytest.fixture(scope="module")
def poke():
    return poked_frames()


@pytest.mark.parametrize("tier", TIERS)
def test_every_tier_draws_a_poke_and_a_drag_frame_by_frame(poke, tier):
    """Each drawn frame has the body colour around the body's centre and the dark outline
    above the crown, at every tier, whatever the squash."""
    surface = canvas()
    for model in [m for _, m in poke] + dragged_frames():
        view.draw(surface, model, ViewContext(touch=False, tier=tier))
        image = pixels(surface)
        ring = model.body.positions()
        xs = [x for x, _ in ring]
        ys = [y for _, y in ring]
        box = image[int(min(xs)) + 10:int(max(xs)) - 10, int(min(ys)) + 10:int(max(ys)) - 10]
        pink = numpy.all(numpy.abs(box - numpy.array(view.PINK)) <= 14, axis=2)
        assert pink.mean() > 0.3, tier
        crown_x, crown_y = ring[0]
        column = image[round(crown_x), max(0, round(crown_y) - 6):round(crown_y) + 1]
        assert (numpy.abs(column - numpy.array(view.OUTLINE)).max(axis=1) <= 40).any(), tier


@pytest.mark.parametrize("tier", TIERS)
def test_a_moving_body_leaves_no_ghost_on_a_canvas_drawn_every_frame(poke, tier):
    """One canvas drawn frame after frame (as the live loop does) ends with the picture a
    fresh canvas gets for the last frame: nothing of the earlier positions stays."""
    forget_kept_picture()
    reused = canvas()
    for _, model in poke:
        view.draw(reused, model, ViewContext(touch=False, tier=tier))
    last = poke[-1][1]
    forget_kept_picture()
    fresh = canvas()
    view.draw(fresh, last, ViewContext(touch=False, tier=tier))
    assert numpy.array_equal(pixels(reused), pixels(fresh))
    # ... and the last frame does differ from the first: the body did move
    first = canvas()
    forget_kept_picture()
    view.draw(first, poke[0][1], ViewContext(touch=False, tier=tier))
    assert not numpy.array_equal(pixels(first), pixels(fresh))


def test_the_press_circle_and_the_finger_are_drawn_while_a_poke_holds(poke):
    """While the poke holds (pressed), the finger dot is drawn at the circle's centre (T8) and
    the circle's light rim shows in the sky beside the body."""
    held = [m for frame, m in poke if 12 <= frame <= 26]
    assert held
    surface = canvas()
    for model in held:
        assert model.pressed
        view.draw(surface, model, ViewContext(touch=False, tier="high"))
        image = pixels(surface)
        (x, y), radius = model.push_circle()
        dot = image[round(x), round(y)]
        # the dot (120, 110, 150) at 150/255 over the sky or the body: bluish grey, not pink
        assert dot[2] > dot[1] and dot[0] < 200, dot
        rim = image[round(x - radius) + 1, round(y)]
        bare = pixels(view_background(model))[round(x - radius) + 1, round(y)]
        assert rim.sum() > bare.sum() + 6  # the rim lightens the sky


def view_background(model):
    surface = canvas()
    view_canvas.draw_background(surface, model)
    return surface


def test_the_overlay_is_drawn_over_a_poked_body(poke):
    from scenes.takopi.scene import TakopiScene

    scene = TakopiScene()
    surface = canvas()
    scene.run.apply(record("key_down", "return"))
    scene.run.apply(record("key_up", "return"))
    for _ in range(15):
        scene.step()
    scene.draw(surface)
    plain = pixels(surface)
    scene.context.overlay = True
    scene.draw(surface)
    shown = pixels(surface)
    changed = numpy.abs(shown - plain).max(axis=2) > 40
    ring = scene.model.body.positions()
    # the overlay marks every ring point: changes right at the points, not only in its panel
    near_points = sum(changed[round(x) - 3:round(x) + 4, round(y) - 3:round(y) + 4].any()
                      for x, y in ring)
    assert near_points >= 12


@pytest.mark.slow
def test_the_sampled_outline_keeps_to_the_spline(poke):
    """CURVE_SAMPLES samples a segment: the polygon through them strays from the smooth curve
    by under a third of a canvas pixel (two thirds of a supersampled one), at rest, squashed
    and dragged (T14)."""
    models = [m for _, m in poke] + dragged_frames()
    dense = 8 * view.CURVE_SAMPLES
    worst = 0.0
    for model in models:
        ring = model.body.positions()
        polygon = catmull_rom_closed(ring, view.CURVE_SAMPLES)
        for point in catmull_rom_closed(ring, dense):
            worst = max(worst, distance_to_polygon(point, polygon))
    assert worst < 1 / 3


def distance_to_polygon(point, polygon):
    px, py = point
    best = float("inf")
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1]):
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
        best = min(best, hypot(ax + t * dx - px, ay + t * dy - py))
    return best


def test_a_point_on_the_press_circles_very_centre_goes_out_away_from_the_body_centre():
    """T7's fallback: a point with no direction of its own from the circle's centre is pushed
    out along the line from the body's centre, onto the circle."""
    model = run(make_model(), 5)
    points = model.body.points
    cx, cy = model.body.center()
    target = points[3]
    circle = PushCircle((target.x, target.y), 30.0)
    circle.project(points, model.body.center)
    out_x, out_y = target.x - circle.center[0], target.y - circle.center[1]
    assert abs(hypot(out_x, out_y) - 30.0) < 1e-9
    away_x, away_y = circle.center[0] - cx, circle.center[1] - cy
    assert out_x * away_x + out_y * away_y > 0.99 * hypot(out_x, out_y) * hypot(away_x, away_y)
    assert all(hypot(p.x - circle.center[0], p.y - circle.center[1]) >= 30.0 - 1e-9
               for p in points)


# --- the "high" tier's body without a clipping layer ----------------------------------------

def body_layer(model, clipped):
    """The character's layer (legs and body, layer pixels) drawn with the ring or the clip."""
    from scenes.takopi.view_paint import Layer

    ring = model.body.positions()
    legs = [[p.position for p in leg.particles()] for leg in model.legs]
    base = Layer(*view.character_box(ring, legs), slot="test-" + ("clip" if clipped else "ring"))
    outline = catmull_rom_closed(base.map_all(ring), view.CURVE_SAMPLES)
    orientation = view._orientation(ring)
    shift = (view.SHADE_OFFSET[0] * base.scale, view.SHADE_OFFSET[1] * base.scale)
    if clipped:
        view.clipped_body(base, model, ring, outline, orientation, shift)
        drawn = True
    else:
        drawn = view.ringed_body(base, model, outline, orientation, shift)
    rgb = pygame.surfarray.array3d(base.surface).astype(int)
    alpha = pygame.surfarray.array_alpha(base.surface).astype(int)
    return drawn, numpy.dstack([rgb, alpha])


def test_the_ring_draws_the_picture_the_clip_draws(poke):
    """At rest, poked and dragged: the same layer but for a layer pixel here and there along
    the outline's inner edge (pygame rounds the ring's edges its own way): under 1 % of the
    layer's pixels differ, and the mean difference is far under 1/255 a channel."""
    for model in [m for _, m in poke[::4]] + dragged_frames()[:4]:
        drawn, ringed = body_layer(model, clipped=False)
        if not drawn:
            continue
        _, clipped = body_layer(model, clipped=True)
        differing = (numpy.abs(ringed - clipped).max(axis=2) > 0).mean()
        assert differing < 0.01
        assert numpy.abs(ringed - clipped).mean() < 0.5


def test_a_face_at_the_edge_is_clipped_as_before(monkeypatch):
    """A body dragged against the wall turns its face to the edge: a cheek would reach past the
    outline, so the ring is not used and the picture is the clip's, pixel for pixel."""
    model = settled()
    cx, cy = model.body.center()
    model.input("down", (cx + 80, cy + 30))
    found = None
    for i in range(120):
        model.input("move", (cx + 80 - 6 * i, cy + 30 - 2 * i))
        model.step()
        if not body_layer(model, clipped=False)[0]:
            found = model
            break
    assert found is not None  # the drag does bring the face to the edge
    forget_kept_picture()
    drawn = canvas()
    view.draw(drawn, found, ViewContext(touch=False, tier="high"))
    monkeypatch.setattr(view, "ringed_body", lambda *args: False)  # the clip, always
    forget_kept_picture()
    clipped = canvas()
    view.draw(clipped, found, ViewContext(touch=False, tier="high"))
    assert numpy.array_equal(pixels(drawn), pixels(clipped))


def test_the_body_colour_never_runs_past_the_outline(poke):
    """`ring_paths`: the body colour's points lie at most halfway into the outline's ring
    (plus the sampling's error) outside the silhouette, and inside it they are the shifted
    curve's points exactly."""
    from scenes.takopi.view_curves import ring_paths

    rim, slack = view.OUTLINE_WIDTH * 2, view.CLIP_SLACK
    shift = (view.SHADE_OFFSET[0] * 2, view.SHADE_OFFSET[1] * 2)
    for model in [m for _, m in poke] + dragged_frames():
        ring = [(2 * x, 2 * y) for x, y in model.body.positions()]
        curve = catmull_rom_closed(ring, view.CURVE_SAMPLES)
        dense = catmull_rom_closed(ring, 8 * view.CURVE_SAMPLES)
        _, _, pink, _ = ring_paths(curve, view._orientation(ring), rim, slack, shift)
        for (x, y), (px, py) in zip(curve, pink):
            outside = inside_polygon((px, py), dense) is False
            if outside:
                assert distance_to_polygon((px, py), dense) < rim - 1.0
            if (px, py) != (x + shift[0], y + shift[1]):  # pulled back: it was outside
                assert not inside_polygon((x + shift[0], y + shift[1]), dense)


def inside_polygon(point, polygon):
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside
