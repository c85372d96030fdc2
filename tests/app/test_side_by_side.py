"""Side by side: copies of a scene in a grid that differ in one parameter and share the input.

Driven through the host with the pygame events live input makes, on a headless window; the
copies are checked against plain single runs of the pure models fed the same input.
"""

import json
import subprocess
import sys
from math import hypot

import pygame
import pytest

import main
from app.side_by_side import CELL_SCALE, CompareView, grid
from app.options import Options, UsageError, parse_cli, parse_query
from app.window import HeadlessWindow
from scenes.catalog import DEFAULT_SCENE, SCENES
from scenes.kit.model import side_by_side
from scenes.kit.model.run import record, restart_record, Run, set_record
from scenes.kit.scene import script_event


@pytest.fixture(autouse=True)
def fonts():
    pygame.display.init()
    pygame.font.init()


def host_for(scene, compare=None, **values):
    options = Options(scene=scene, values=dict(values))
    if compare is not None:
        options.compare = side_by_side.parse(compare, scene, SCENES[scene].params, options.values)
    return main.make_host(options, HeadlessWindow((960, 540)))


def pointer(host, kind, pos):
    host.handle(script_event({"type": kind, "pos": list(pos)}, kind != "up"))


def run(host, frames):
    for _ in range(frames):
        host.frame(1)


def worst_stretch(points, rest):
    return max(hypot(b[0] - a[0], b[1] - a[1]) / rest - 1.0 for a, b in zip(points, points[1:]))


def in_cell(host, index, pos):
    """The canvas position inside cell `index` that is `pos` on that copy's own canvas."""
    cell = host.scene.cells[index]
    return (cell.x + pos[0] * CELL_SCALE, cell.y + pos[1] * CELL_SCALE)


def rope_drag(host, cell, frames=40):
    """Press the rope's lowest point in `cell` and pull it right and down, `frames` frames."""
    tip = host.scene.copies[cell].model.points()[-1]
    pointer(host, "down", in_cell(host, cell, tip))
    for k in range(1, frames + 1):
        pointer(host, "move", in_cell(host, cell, (tip[0] + 9 * k, tip[1] + 2 * k)))
        host.frame(1)


# -- what a compare is -----------------------------------------------------------------------

def test_the_values_are_read_checked_and_labelled():
    table = SCENES["rope"].params
    compare = side_by_side.parse("iterations=2, 10,40", "rope", table, {})
    assert compare.param == "iterations" and compare.values == (2, 10, 40)
    assert [compare.label(v) for v in compare.values] == ["iterations 2", "iterations 10",
                                                          "iterations 40"]
    solver = side_by_side.parse("solver:Gauss-Seidel,jacobi", "rope", table, {}, ":")
    assert solver.values == ("gauss-seidel", "jacobi")
    steps = side_by_side.parse("substeps=1,4,20", "rope", table, {"iterations": 20})
    assert (steps.passes, [steps.label(v) for v in steps.values]) == (
        20, ["1 step x 20 passes", "4 substeps x 5 passes", "20 substeps x 1 pass"])
    for bad, words in (("iterations=2", "2 to 4 values"), ("iterations=1,2,3,4,5", "2 to 4"),
                       ("iterations=2,99", "out of range"), ("stiffness=2,3", "choose one of"),
                       ("solver=jacobi,euler", "not one of"), ("substeps=1,3", "must divide"),
                       ("iterations", "NAME=V1,V2"), ("gravity=0.1,x", "not a number")):
        with pytest.raises(side_by_side.CompareError, match=words):
            side_by_side.parse(bad, "rope", table, {"iterations": 20})
    with pytest.raises(side_by_side.CompareError, match="stays single"):
        side_by_side.parse("stiffness=2,8", "spider", SCENES["spider"].params, {})


def test_the_grid_has_one_half_size_cell_a_copy():
    for count in (2, 3, 4):
        cells = grid(count, (960, 540))
        assert len(cells) == count and all(c.size == (480, 270) for c in cells)
        assert all(a.clip(b).width * a.clip(b).height == 0 for a in cells for b in cells
                   if a is not b)
        assert all(pygame.Rect(0, 0, 960, 540).contains(c) for c in cells)


# -- the command line and the page -----------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("value, words", [("iterations=2", "2 to 4 values"),
                                          ("iterations=2,400", "out of range"),
                                          ("speed=1,2", "cannot compare"),
                                          ("substeps=3,7", "must divide")])
def test_a_bad_compare_on_the_command_line_is_one_line_and_exit_2(value, words, repo_root):
    done = subprocess.run([sys.executable, "main.py", "--scene", "rope", "--headless",
                           "--frames", "1", "--compare", value], cwd=repo_root,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "--compare" in lines[0] and words in lines[0]


@pytest.mark.slow
def test_the_command_line_compare_reaches_the_host_and_the_state_file(repo_root, tmp_path):
    options = parse_cli(["--scene", "takopi", "--compare", "iterations=2,10"], SCENES,
                        DEFAULT_SCENE)
    assert options.compare.values == (2, 10)
    with pytest.raises(UsageError, match="stays single"):
        parse_cli(["--scene", "spider", "--compare", "stiffness=2,4"], SCENES, DEFAULT_SCENE)
    state_path = tmp_path / "s.json"
    subprocess.run([sys.executable, "main.py", "--scene", "cloth", "--headless", "--frames",
                    "5", "--compare", "substeps=1,3", "--state", str(state_path)],
                   cwd=repo_root, check=True, timeout=180)
    state = json.loads(state_path.read_text())
    compare = state["compare"]
    assert compare["param"] == "substeps" and compare["values"] == [1, 3]
    assert [(s["substeps"], s["passes"]) for s in compare["states"]] == [(1, 3), (3, 1)]
    assert all(s["frame"] == 5 and "torn" in s for s in compare["states"])


def test_the_page_query_opens_side_by_side_and_a_bad_value_is_a_note():
    options, notes = parse_query("?scene=rope&compare=iterations:2,40&gravity=0.5", SCENES,
                                 DEFAULT_SCENE)
    assert notes == [] and options.compare.values == (2, 40)
    host = main.make_host(options, HeadlessWindow((960, 540)))
    state = host.state()
    assert [s["params"] for s in state["compare"]["states"]] == [
        {"iterations": 2, "gravity": 0.5}, {"iterations": 40, "gravity": 0.5}]
    options, _ = parse_query("scene=rope&compare=solver=jacobi,gauss-seidel", SCENES,
                             DEFAULT_SCENE)
    assert options.compare.values == ("jacobi", "gauss-seidel")
    options, notes = parse_query("scene=rope&compare=iterations:2,400", SCENES, DEFAULT_SCENE)
    assert options.compare is None and len(notes) == 1 and "out of range" in notes[0]
    host = main.make_host(options, HeadlessWindow((960, 540)))
    for note in notes:
        host.scene.add_note(note)
    assert host.state()["compare"] is None and host.scene.notes[0][0] == notes[0]


# -- the copies ------------------------------------------------------------------------------

def test_every_copy_is_the_single_scene_run_with_its_value_under_the_same_input():
    host = host_for("rope", "iterations=2,10,40")
    run(host, 20)
    tip = host.scene.copies[1].model.points()[-1]  # pressed in cell 2, on its lowest point
    rope_drag(host, 1)
    pointer(host, "up", in_cell(host, 1, (700.0, 420.0)))
    run(host, 10)
    copies = host.state()["compare"]["states"]
    for value, state in zip((2, 10, 40), copies):
        sim = Run("rope", SCENES["rope"].model_class, SCENES["rope"].params, (960, 540),
                         0, {"iterations": value})
        for _ in range(20):
            sim.step()
        sim.apply(record("down", tip))
        for k in range(1, 41):
            sim.apply(record("move", (tip[0] + 9 * k, tip[1] + 2 * k)))
            sim.step()
        sim.apply(record("up", (700.0, 420.0)))
        for _ in range(10):
            sim.step()
        single = sim.state()
        assert state["points"] == single["points"] and state["params"] == single["params"]
    assert len({json.dumps(s["points"]) for s in copies}) == 3  # and they differ


def test_a_press_in_cell_two_presses_every_copy_at_the_same_model_position():
    host = host_for("rope", "iterations=2,10,40,20")
    run(host, 30)
    view = host.scene
    tip = view.copies[1].model.points()[-1]
    pointer(host, "down", in_cell(host, 1, tip))
    hands = [copy.model.hand for copy in view.copies]
    assert all(hand.point is not None for hand in hands)
    target = (tip[0] - 15.0, tip[1] - 10.0)  # within a frame's pace of the hand
    pointer(host, "move", in_cell(host, 1, target))
    host.frame(1)
    for copy in view.copies:
        held = copy.model.hand.point
        assert (held.x, held.y) == pytest.approx(target, abs=1e-9)
    # A drag stays with its cell when it leaves it; a press between cells of a pair does nothing.
    pointer(host, "move", (470, 500))  # (-20, 1000) on cell 2's canvas: the hand at its corner
    assert all(copy.model.hand.at == pytest.approx((6.0, 534.0), abs=1e-9)
               for copy in view.copies)
    pointer(host, "up", (470, 500))
    assert all(c.model.hand.point is None for c in view.copies)
    pair = host_for("rope", "iterations=2,40")
    pointer(pair, "down", (300, 40))  # above the middle row: no cell
    assert all(c.model.hand.point is None for c in pair.scene.copies)


def rope_fling(host, cell=0):
    """Press the rope's lowest point in `cell`, throw it up and right over 20 frames, let go;
    each copy's worst stretch (share of a link's rest length) over the swing's next second."""
    run(host, 20)
    tip = host.scene.copies[cell].model.points()[-1]
    pointer(host, "down", in_cell(host, cell, tip))
    for k in range(1, 21):
        end = in_cell(host, cell, (tip[0] + 5 * k, tip[1] - 5 * k))
        pointer(host, "move", end)
        host.frame(1)
    pointer(host, "up", end)
    worst = [0.0] * len(host.scene.copies)
    for _ in range(60):
        host.frame(1)
        worst = [max(w, worst_stretch(c.model.points(), 22.0))
                 for w, c in zip(worst, host.scene.copies)]
    return worst


def test_forty_iterations_keep_the_thrown_rope_stiffer_than_two():
    soft, stiff = rope_fling(host_for("rope", "iterations=2,40"))
    assert stiff < 0.01 and soft > 10 * stiff, (soft, stiff)  # measured 0.155 against 0.0047


def test_jacobi_leaves_the_same_rope_softer_than_gauss_seidel():
    host = host_for("rope", "solver=gauss-seidel,jacobi")
    assert [c.model.world.solver for c in host.scene.copies] == ["gauss-seidel", "jacobi"]
    seidel, jacobi = rope_fling(host)
    assert jacobi > 3 * seidel, (seidel, jacobi)  # measured 0.0098 against 0.077
    host.scene.apply(restart_record())  # a restart builds the model again: the choice stays
    assert [c.model.world.solver for c in host.scene.copies] == ["gauss-seidel", "jacobi"]


@pytest.mark.parametrize("scene, steps", [("rope", "1,20"), ("takopi", "1,10"),
                                          ("cloth", "1,3")])
def test_substeps_of_one_pass_cost_what_one_step_of_as_many_passes_does(scene, steps):
    host = host_for(scene, f"substeps={steps}")
    single, split = host.scene.copies
    n = int(steps.split(",")[1])
    for copy, (substeps, passes) in ((single, (1, n)), (split, (n, 1))):
        world = copy.model.world
        assert (world.substeps, world.iterations) == (substeps, passes)
        assert len(list(world.frame())) == n + 2  # the same n passes a frame: equal cost


def test_a_cloak_of_small_steps_is_spaced_as_often_as_one_of_many_passes(monkeypatch):
    from scenes.kit.model import sheet
    pushes = []
    monkeypatch.setattr(sheet, "push_apart_fields", lambda fields: pushes.append(len(fields)))
    host = host_for("cloth", "substeps=1,3")
    per_copy = []
    for copy in host.scene.copies:
        pushes.clear()
        copy.model.step()
        per_copy.append(len(pushes))
    assert per_copy == [3, 3]  # before the first pass and after each but the frame's last


def test_small_steps_keep_the_thrown_rope_stiffer_at_equal_cost():
    one_step, small_steps = rope_fling(host_for("rope", "substeps=1,20"))
    assert small_steps < 0.4 * one_step, (one_step, small_steps)  # measured 0.0016 vs 0.0098


# -- the host --------------------------------------------------------------------------------

def test_the_compare_button_opens_side_by_side_and_brings_the_single_scene_back():
    host = host_for("takopi")
    run(host, 12)
    single = host.scene
    button = host.toolbar.rect("compare")
    assert button is not None and host.state()["compare"] is None
    pointer(host, "down", button.center)
    pointer(host, "up", button.center)
    assert isinstance(host.scene, CompareView)
    state = host.state()
    assert state["compare"]["values"] == list(side_by_side.DEFAULTS["takopi"][1])
    assert host.toolbar.rect("compare") == button  # the row stays where it was
    run(host, 5)
    assert [s["frame"] for s in host.state()["compare"]["states"]] == [5, 5, 5]
    pointer(host, "down", button.center)
    pointer(host, "up", button.center)
    assert host.scene is single and single.frame == 12 and host.state()["compare"] is None


def test_the_spider_stays_single_and_says_so():
    host = host_for("spider")
    assert host.toolbar.rect("compare") is None
    host.toggle_compare()
    assert host.scene.notes and "stays single" in host.scene.notes[-1][0]
    assert host.state()["compare"] is None


@pytest.mark.slow
@pytest.mark.parametrize("scene", [name for name in SCENES if side_by_side.offers(name)])
def test_every_other_scene_runs_its_default_compare_and_draws_each_copy(scene):
    host = host_for(scene)
    host.toggle_compare()
    view = host.scene
    run(host, 3)
    surface = pygame.Surface((960, 540))
    host.draw(surface)
    for cell, canvas in zip(view.cells, view.canvases):
        small = pygame.transform.scale(canvas, cell.size)
        inner = cell.inflate(-40, -120)
        # the cell shows its copy's picture (away from its label and the toolbar)
        assert any(surface.get_at((x, y)) == small.get_at((x - cell.x, y - cell.y))
                   for x in range(inner.left, inner.right, 17)
                   for y in range(inner.top, inner.bottom, 13))
    assert len(host.state()["compare"]["states"]) == len(view.copies) >= 2


@pytest.mark.parametrize("scene", [name for name in SCENES if side_by_side.offers(name)])
def test_no_words_a_scene_draws_reach_the_compare_button(monkeypatch, scene):
    """The button sits left of the row, where a long help line could run under it."""
    window = HeadlessWindow((960, 540))
    window.fullscreen_available = True  # the longest row, as in a browser
    host = main.Host(SCENES, lambda n: SCENES[n](), scene, window)
    button = host.toolbar.rect("compare")
    seen = []
    for module in [m for name, m in list(sys.modules.items())
                   if name.startswith((f"scenes.{scene}.", "scenes.kit.")) and m is not None
                   and hasattr(m, "draw_text")]:
        def spy(surface, text, *args, _original=module.draw_text, **kwargs):
            rect = _original(surface, text, *args, **kwargs)
            seen.append((text, rect))
            return rect
        monkeypatch.setattr(module, "draw_text", spy)
    surface = pygame.Surface((960, 540))
    for overlay in (False, True):
        host.scene.context.overlay = overlay
        host.frame(1)
        host.draw(surface)
    assert seen
    for text, rect in seen:
        assert not rect.colliderect(button.inflate(8, 8)), (text, rect)


def test_a_parameter_set_from_outside_reaches_every_copy_but_the_compared_one():
    host = host_for("rope", "substeps=1,4")
    host.scene.apply(set_record("gravity", 0.9))
    host.scene.apply(set_record("iterations", 3))  # the passes the copies split: kept
    states = host.state()["compare"]["states"]
    assert [s["params"]["gravity"] for s in states] == [0.9, 0.9]
    assert [(s["substeps"], s["passes"]) for s in states] == [(1, 20), (4, 5)]
    host = host_for("rope", "iterations=2,40")
    host.scene.apply(set_record("iterations", 10))
    assert [c.model.world.iterations for c in host.scene.copies] == [2, 40]


def test_a_right_drag_in_one_cell_cuts_every_cloak_along_the_same_stroke():
    host = host_for("cloth", "iterations=2,3")
    run(host, 5)
    left, right = (480 - 300, 220), (480 + 300, 220)  # across the cloak, on a copy's canvas
    events = [{"type": "down", "pos": list(in_cell(host, 1, left)), "button": 3}]
    events += [{"type": "move", "pos": list(in_cell(host, 1, (x, 220)))}
               for x in range(200, 781, 20)]
    events.append({"type": "up", "pos": list(in_cell(host, 1, right)), "button": 3})
    for entry in events:
        host.handle(script_event(entry, 0 if entry["type"] == "up" else 3))
    torn = [s["torn"] for s in host.state()["compare"]["states"]]
    assert torn[0] == torn[1] >= 10, torn


@pytest.mark.slow
@pytest.mark.parametrize("scene, values", [("rope", "2,10"), ("rope", "2,10,40"),
                                           ("rope", "2,5,10,40"), ("cloth", "1,2,5,10"),
                                           ("takopi", "2,5,20")])
def test_the_overlay_s_fps_line_keeps_clear_of_every_copy_s_charts_and_the_toolbar(scene, values):
    from app.side_by_side import CELL_SCALE
    host = host_for(scene, f"iterations={values}")
    host.toggle_overlay()
    run(host, 5)
    surface = host.window.surface
    host.draw(surface)
    pill = host._draw_quality_label(surface)
    grid = host.scene
    assert surface.get_rect().contains(pill)
    for copy, cell in zip(grid.copies, grid.cells):
        for _, chart in copy.instruments.charts:
            r = chart.rect
            shown = pygame.Rect(cell.x + r.x * CELL_SCALE, cell.y + r.y * CELL_SCALE,
                                r.width * CELL_SCALE, r.height * CELL_SCALE)
            assert not pill.colliderect(shown), (cell, shown, pill)
    assert not any(pill.colliderect(button) for button in host.scene.context.chrome or ())
