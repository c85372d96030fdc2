"""Takopi's drawing, checked on screenshots from main.py's headless mode (T9, T14-T17).

Screenshots and states come from `main.main([... "--headless" ...])` run in this process (the
same code path as `python main.py`), pixels are read with pygame.surfarray and numpy.
"""

import asyncio
import json
import subprocess
import sys
from math import atan2, degrees, hypot, pi

import numpy
import pygame
import pytest

import main
from scenes.kit.context import ViewContext
from scenes.takopi import view, view_canvas, view_face, view_overlay
from scenes.takopi.scene import TakopiScene
from scenes.kit.widgets import font
from verlet.geometry import catmull_rom_closed, catmull_rom_open

FRAMES = 240


def headless(tmp_path, name, *extra, events=None, frames=FRAMES):
    """Run main.py headless; return (pixels as an (x, y, rgb) int array, state dict)."""
    shot, state = tmp_path / f"{name}.png", tmp_path / f"{name}.json"
    argv = ["--scene", "takopi", "--headless", "--frames", str(frames), "--screenshot", str(shot),
            "--state", str(state), *extra]
    if events is not None:
        script = tmp_path / f"{name}-events.json"
        script.write_text(json.dumps(events))
        argv += ["--input", str(script)]
    assert asyncio.run(main.main(argv)) == 0
    pixels = pygame.surfarray.array3d(pygame.image.load(str(shot))).astype(int)
    return pixels, json.loads(state.read_text())


def near(pixels, color, tolerance=14):
    """Boolean (x, y) mask of pixels within `tolerance` of `color` in every channel."""
    return numpy.all(numpy.abs(pixels - numpy.array(color[:3])) <= tolerance, axis=2)


def luminance(pixels, x, y):
    r, g, b = pixels[round(x), round(y)]
    return 0.299 * r + 0.587 * g + 0.114 * b


def press_events(state):
    """A press 50 px into the crown from above, held to the end of the run."""
    cx, top = state["body"][0]
    return [{"frame": 200, "type": "down", "pos": [cx, top - 100]}] + [
        {"frame": 200 + i, "type": "move", "pos": [cx, top - 100 + 5 * i]} for i in range(1, 11)]


@pytest.fixture(scope="module")
def rest(tmp_path_factory):
    return headless(tmp_path_factory.mktemp("takopi"), "rest")


def test_t17_rest_screenshot_shows_a_pink_round_body(rest):
    pixels, state = rest
    assert state["scene"] == "takopi" and state["face"] == "normal"
    pink = near(pixels, view.PINK)
    assert pink.sum() > 0.5 * state["area"]  # most of the body is body-coloured
    xs, ys = numpy.nonzero(pink)
    cx, cy = state["center"]
    assert abs(xs.mean() - cx) < 15 and abs(ys.mean() - cy) < 25  # ... and it is where the body is
    dark = near(pixels, view.OUTLINE, 30)
    left = round(min(x for x, _ in state["body"]))
    assert dark[left - 3:left + 1, round(cy)].any()  # a dark outline on the body's edge


def test_t16_shade_band_is_darker_on_the_lower_right_than_the_upper_left(rest):
    pixels, state = rest
    cx, cy = state["center"]

    def inward(point, step=3.0):
        dx, dy = cx - point[0], cy - point[1]
        length = hypot(dx, dy)
        return point[0] + dx / length * step, point[1] + dy / length * step

    lower_right = [luminance(pixels, *inward(p)) for p in state["body"] if p[0] > cx + 5 and p[1] > cy + 5]
    upper_left = [luminance(pixels, *inward(p)) for p in state["body"] if p[0] < cx - 5 and p[1] < cy - 5]
    assert lower_right and upper_left
    assert sum(lower_right) / len(lower_right) < sum(upper_left) / len(upper_left) - 20
    shade = near(pixels, view.SHADE)
    xs, ys = numpy.nonzero(shade)
    assert len(xs) > 300 and xs.mean() > cx and ys.mean() > cy  # the band sits lower right


def test_t9_pressed_frame_differs_in_the_face_region(rest, tmp_path):
    pixels, state = rest
    pressed, pressed_state = headless(tmp_path, "pressed", events=press_events(state))
    assert pressed_state["pressed"] is True and pressed_state["face"] == "crying"
    tears = near(pressed, view_face.TEAR, 10)
    assert tears.sum() > 40 and near(pixels, view_face.TEAR, 10).sum() == 0
    xs, ys = numpy.nonzero(tears)
    cx, _ = pressed_state["center"]
    assert (xs < cx).any() and (xs > cx).any()  # a streak under each eye


def test_t9_only_the_face_changes_with_the_pressed_flag():
    """Same body, pressed flag flipped: the difference is confined to the face region."""
    pygame.display.init()
    pygame.font.init()
    scene = TakopiScene()
    for _ in range(FRAMES):
        scene.step()
    model = scene.model
    frames = []
    for flag in (False, True):
        model.pressed = flag
        surface = pygame.Surface(scene.size)
        view.draw(surface, model, ViewContext())
        frames.append(pygame.surfarray.array3d(surface).astype(int))
    changed = numpy.any(frames[0] != frames[1], axis=2)
    xs, ys = numpy.nonzero(changed)
    assert len(xs) > 100
    fx, fy = view_face.face_center(model)
    reach = view_face.face_radius(model) * 1.65  # the tear streaks run down the cheeks
    assert max(numpy.hypot(xs - fx, ys - fy)) < reach


def test_t9_face_stays_on_the_body_under_a_lopsided_squash(tmp_path):
    """A low press that shoves the body sideways: the crown slides off centre, the face may not."""
    events = [{"frame": 90, "type": "down", "pos": [470, 300]},
              {"frame": 100, "type": "move", "pos": [450, 300]}]
    pixels, state = headless(tmp_path, "lopsided", events=events, frames=106)
    assert state["face"] == "crying"
    body = pygame.Surface((960, 540))
    pygame.draw.polygon(body, (255, 255, 255), catmull_rom_closed(state["body"], view.CURVE_SAMPLES))
    inside = pygame.surfarray.array3d(body)[:, :, 0] > 0
    alpha = view_face.CHEEK[3] / 255
    cheek = [round(b * (1 - alpha) + c * alpha) for b, c in zip(view.PINK, view_face.CHEEK)]
    for color in (view_face.TEAR, cheek, view_face.MOUTH_FILL):
        found = near(pixels, color, 10)
        assert found.sum() > 10
        assert not (found & ~inside).any(), color


def test_t14_silhouette_is_a_closed_spline_through_every_point_without_corners():
    model = TakopiScene().model
    for _ in range(FRAMES):
        model.step()
    curve = view.silhouette(model)
    points = model.body.positions()
    samples = view.CURVE_SAMPLES
    assert len(curve) == 16 * samples
    for i, point in enumerate(points):
        assert hypot(curve[i * samples][0] - point[0], curve[i * samples][1] - point[1]) < 1e-9
    turns = []
    for i in range(len(curve)):
        (x0, y0), (x1, y1), (x2, y2) = curve[i - 2], curve[i - 1], curve[i]
        turn = atan2(y2 - y1, x2 - x1) - atan2(y1 - y0, x1 - x0)
        turns.append((turn + pi) % (2 * pi) - pi)
    assert degrees(max(abs(t) for t in turns)) < 12  # no corner anywhere, the seam included
    assert abs(sum(turns) - 2 * pi) < 1e-6  # one closed loop, once round


def test_t15_legs_are_dark_strokes_with_pink_on_top_under_the_body(rest):
    pixels, state = rest
    dark = near(pixels, view.OUTLINE, 30)
    pink = near(pixels, view.PINK)
    for root, knee, foot in state["legs"]:
        mid = ((knee[0] + foot[0]) / 2, (knee[1] + foot[1]) / 2)
        assert pink[round(mid[0]), round(mid[1])]  # pink on the centre line
        dx, dy = foot[0] - knee[0], foot[1] - knee[1]
        length = hypot(dx, dy)
        nx, ny = -dy / length, dx / length
        edge = view.LEG_OUTER / 2 - 1.2
        for side in (-1, 1):  # a dark rim either side
            assert dark[round(mid[0] + side * nx * edge), round(mid[1] + side * ny * edge)]
        # The root cap is drawn before the body, so just inside the body no leg rim shows.
        inside = (root[0], root[1] - view.LEG_OUTER / 2 - 2)
        assert not dark[round(inside[0]), round(inside[1])]


def test_overlay_shows_points_crown_line_ranges_and_table(tmp_path):
    frames = 90
    plain, state = headless(tmp_path, "plain", frames=frames)
    with_overlay, _ = headless(tmp_path, "overlay", "--overlay", frames=frames)
    assert near(with_overlay, view_overlay.CROWN_COLOR, 12).sum() > 60
    assert near(plain, view_overlay.CROWN_COLOR, 12).sum() < 5
    for x, y in state["body"]:  # a marker on each of the 16 points
        assert numpy.any(with_overlay[round(x) - 2:round(x) + 3, round(y) - 2:round(y) + 3]
                         != plain[round(x) - 2:round(x) + 3, round(y) - 2:round(y) + 3])
    for root, knee, _ in state["legs"]:  # a range wedge beside every leg
        x, y = round(2 * knee[0] - root[0]), round(2 * knee[1] - root[1])
        assert numpy.any(with_overlay[x - 3:x + 4, y - 3:y + 4] != plain[x - 3:x + 4, y - 3:y + 4])
    toggled, _ = headless(tmp_path, "toggled", frames=frames,
                          events=[{"frame": 5, "type": "key_down", "key": "o"}])
    assert numpy.array_equal(toggled, with_overlay)  # key o is the same overlay


def test_help_line_fits_the_canvas_beside_the_panel_button():
    pygame.font.init()
    width, _ = font(22).size(view_canvas.HELP_LINE)
    assert 14 + width < 960 - 12 - 40 - 10
    assert "Enter" in view_canvas.HELP_LINE and "Space" in view_canvas.HELP_LINE and "drag" in view_canvas.HELP_LINE


def test_python_main_default_scene_is_takopi(tmp_path, repo_root):
    state = tmp_path / "default.json"
    result = subprocess.run([sys.executable, "main.py", "--headless", "--frames", "3", "--state",
                             str(state)], cwd=repo_root, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(state.read_text())["scene"] == "takopi"


# --- the fast drawing path: curves, strokes, clip and pooled surfaces -------------------------

def test_view_normals_match_the_engine_normals():
    from verlet.geometry import catmull_rom_closed, outward_normals
    from scenes.takopi.view_curves import vertex_normals

    model = TakopiScene().model
    for _ in range(FRAMES):
        model.step()
    ring = model.body.positions()
    for samples in (4, 6, 8):
        curve = catmull_rom_closed(ring, samples)
        assert len(curve) == 16 * samples
        normals = vertex_normals(curve, 1.0)
        assert max(hypot(a[0] - b[0], a[1] - b[1])
                   for a, b in zip(normals, outward_normals(curve))) < 1e-9


def _alpha(layer):
    return pygame.surfarray.array_alpha(layer.surface).astype(int)


def _distance_to_polygon_edge(points, width, height):
    """Per pixel centre of a (width, height) grid: distance to the nearest polygon edge."""
    xs, ys = numpy.meshgrid(numpy.arange(width) + 0.5, numpy.arange(height) + 0.5, indexing="ij")
    best = numpy.full((width, height), numpy.inf)
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
        dx, dy = x1 - x0, y1 - y0
        t = numpy.clip(((xs - x0) * dx + (ys - y0) * dy) / (dx * dx + dy * dy), 0.0, 1.0)
        best = numpy.minimum(best, numpy.hypot(xs - x0 - t * dx, ys - y0 - t * dy))
    return best


def test_clip_clears_outside_the_polygon_and_keeps_inside():
    from scenes.takopi.view_paint import Layer, ellipse_points

    pygame.display.init()
    layer = Layer(0, 0, 100, 80, slot="test-clip", fill=(200, 100, 50, 255))
    blob = [(x * 2, y * 2) for x, y in ellipse_points((50, 42), 38, 26, 0.3, count=40)]
    layer.clip_to_px(blob)
    alpha = _alpha(layer)
    width, height = layer.surface.get_size()
    mask = pygame.Surface((width, height))
    pygame.draw.polygon(mask, (255, 255, 255), blob)
    inside = pygame.surfarray.array3d(mask)[:, :, 0] > 0
    edge = _distance_to_polygon_edge(blob, width, height) < 1.5
    assert (alpha[inside & ~edge] == 255).all()  # the inside stays, to its edge
    assert (alpha[~inside & ~edge] == 0).all()  # everything else is cleared: rows above and
    assert alpha[:, :4].sum() == 0 and alpha[:, -4:].sum() == 0  # below it too
    colors = pygame.surfarray.array3d(layer.surface)
    assert (colors[alpha == 0] == 0).all()  # cleared means (0, 0, 0, 0): premultiplied-safe


def test_a_sharply_bent_stroke_has_no_gap_at_the_bend():
    from scenes.takopi.view_paint import Layer

    pygame.display.init()
    layer = Layer(0, 0, 60, 60, slot="test-stroke")
    hairpin = [(20.0, 10.0), (30.0, 40.0), (40.0, 10.0)]  # canvas px, a tight V
    curve = [(x * 2, y * 2) for x, y in catmull_rom_open(hairpin, 6)]
    half = 9.0  # layer px
    layer.strokes_px(curve, [((255, 255, 255), 2 * half)])
    alpha = _alpha(layer)
    width, height = layer.surface.get_size()
    xs, ys = numpy.meshgrid(numpy.arange(width) + 0.5, numpy.arange(height) + 0.5, indexing="ij")
    near_line = numpy.full((width, height), numpy.inf)
    for (x0, y0), (x1, y1) in zip(curve, curve[1:]):
        dx, dy = x1 - x0, y1 - y0
        t = numpy.clip(((xs - x0) * dx + (ys - y0) * dy) / max(1e-9, dx * dx + dy * dy), 0, 1)
        near_line = numpy.minimum(near_line, numpy.hypot(xs - x0 - t * dx, ys - y0 - t * dy))
    assert (alpha[near_line < half - 1.5] == 255).all()  # covered through the bend and caps
    assert (alpha[near_line > half + 1.5] == 0).all()  # and no wider than the pen


def test_pooled_layers_come_back_clear_and_shrink_after_a_big_box():
    from scenes.takopi import view_paint
    from scenes.takopi.view_paint import Layer

    pygame.display.init()
    big = Layer(0, 0, 400, 300, slot="test-pool")
    big.surface.fill((255, 0, 0, 255))
    pool = view_paint._pool["test-pool"]
    assert pool.get_width() >= 800 and pool.get_height() >= 600
    small = Layer(10, 10, 60, 50, slot="test-pool")
    assert _alpha(small).sum() == 0  # nothing left from the big one
    shrunk = view_paint._pool["test-pool"]
    assert shrunk.get_width() < 800 and shrunk.get_height() < 600  # memory follows the box
    assert shrunk.get_width() >= small.surface.get_width()


def test_shadow_and_press_circle_images_are_cached_per_size_and_bounded():
    pygame.display.init()
    first = view_canvas._stamp(view_canvas._shadows, (120, 60), view_canvas._paint_shadow)
    assert view_canvas._stamp(view_canvas._shadows, (120, 60), view_canvas._paint_shadow) is first
    assert first.get_size() == (120, 22)
    assert pygame.surfarray.array_alpha(first).max() == 60
    fainter = view_canvas._stamp(view_canvas._shadows, (120, 30), view_canvas._paint_shadow)
    assert pygame.surfarray.array_alpha(fainter).max() == 30
    for width in range(view_canvas.STAMPS_LIMIT * 2):
        view_canvas._stamp(view_canvas._shadows, (10 + width, 60), view_canvas._paint_shadow)
    assert len(view_canvas._shadows) <= view_canvas.STAMPS_LIMIT
    ring = view_canvas._stamp(view_canvas._pushes, 100, view_canvas._paint_push)
    assert ring.get_size() == (206, 206)
