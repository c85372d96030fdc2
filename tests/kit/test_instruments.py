"""The solver instruments: what a phase moved, the measures, the strip charts, the `,` key.

- Each scene's `measures()` gives numbers that behave as the scene does (Takopi's area never
  reaches its target, a yanked rope stretches, a calm cloth is below its tear limit, ...).
- A phase record's Jacobi contributions (spacing, area) add up to the averaged move a point
  makes in that iteration, wherever no hard projection moved it further (T6); the violation
  the readout's bars show shrinks over a frame's iterations (T5).
- The host: `,` takes a phase only while paused, its state shows `phase`, `.` or going on
  finishes a part-way frame, the pause veil names the key; an events file may press `,`.
- With the overlay on the charts are drawn, clear of the toolbar and the help line.
"""

import json
import os
import re
import subprocess
import sys
from math import hypot
from pathlib import Path

import pygame
import pytest

import main
from app.options import Options
from app.window import HeadlessWindow
from scenes.catalog import SCENES
from scenes.kit.model.phase_record import take_phase
from scenes.kit.model.run import record as input_record, Run
from scenes.kit.scene import script_event


ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def fonts():
    pygame.display.init()
    pygame.font.init()


def simulation(name, seed=0):
    cls = SCENES[name]
    return Run(name, cls.model_class, cls.params, cls.size, seed=seed)


def run(sim, frames):
    for _ in range(frames):
        sim.step()


def drag(sim, start, end, frames):
    sim.apply(input_record("down", start))
    for i in range(1, frames + 1):
        f = i / frames
        sim.apply(input_record("move", (start[0] + (end[0] - start[0]) * f, start[1] + (end[1] - start[1]) * f)))
        sim.step()


# -- measures --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_scene_measures_against_a_scale_with_bilingual_labels(name):
    sim = simulation(name)
    run(sim, 5)
    measures = sim.model.measures()
    assert 1 <= len(measures) <= 2
    for measure in measures:
        assert measure.high > measure.low
        assert re.fullmatch(r"[\uac00-\ud7a3 ]+ [A-Za-z][ -~]*", measure.label), measure.label
    assert measures[0].limit is not None  # the readout's violation has a limit


def test_takopi_never_reaches_its_target_area_and_its_ring_is_always_stretched():
    sim = simulation("takopi")
    for _ in range(240):
        sim.step()
        area, perimeter = sim.model.measures()
        assert 0.8 < area.value < 1.0 and area.violation() == pytest.approx(1.0 - area.value)
        assert perimeter.value > 1.0  # the area pushes the max-only spacing past its rest


def test_a_yanked_rope_stretches_and_a_calm_one_barely():
    sim = simulation("rope")
    run(sim, 120)
    calm = sim.model.measures()[0].value
    assert 1.0 <= calm < 1.05
    tip = sim.model.points()[-1]
    drag(sim, tip, (tip[0] + 300, tip[1] + 200), 3)  # away from the pin, past the reach
    assert sim.model.measures()[0].value > calm + 0.05


def test_a_calm_sheet_is_below_its_tear_limit_and_counts_what_tears():
    for name in ("cloth", "flag"):
        sim = simulation(name)
        run(sim, 60)
        strain, torn = sim.model.measures()
        assert 1.0 <= strain.value < strain.limit and torn.value == 0
        assert strain.limit == sim.model.sheet.limit


def test_the_bridge_measures_its_most_loaded_rope_as_a_share_of_its_snap():
    sim = simulation("bridge")
    run(sim, 60)
    load, snapped = sim.model.measures()
    assert 0.5 < load.value < 1.0 and snapped.value == 0


def test_hair_bends_within_its_range_and_a_spider_game_starts_at_full_health():
    hair = simulation("hair")
    run(hair, 30)
    drag(hair, (480.0, 250.0), (700.0, 300.0), 6)
    joints = [joint for strand in hair.model.strands for joint in strand.limits]
    shares = [abs(joint.relative_angle()) / joint.hi for joint in joints]
    past, used = hair.model.measures()
    assert past.value < 1e-6 and max(shares) <= 1.0 + 1e-9  # no joint past its range
    assert abs(used.value - sum(shares) / len(shares)) < 1e-9 and 0.3 < used.value < 0.99
    spider = simulation("spider")
    run(spider, 30)
    strain, hp = spider.model.measures()
    assert 1.0 <= strain.value < strain.limit and hp.value == spider.model.hp == 10


# -- phase records ---------------------------------------------------------------------------

def test_takopi_contributions_add_up_to_the_averaged_move():
    sim = simulation("takopi")
    run(sim, 30)
    violations = []
    take_phase(sim, violations)  # the integration
    record = take_phase(sim, violations)  # iteration 1
    assert record.name == "iteration" and set(record.contributions) == {"spacing", "area"}
    spacing, area = record.contributions["spacing"], record.contributions["area"]
    ring = {id(p) for p in sim.model.body.points}
    agreeing = 0
    for i, particle in enumerate(record.particles):
        if id(particle) not in ring:
            continue
        dx, dy = record.moves()[i]
        sx, sy = spacing[i][0] + area[i][0], spacing[i][1] + area[i][1]
        assert hypot(*spacing[i]) > 0 and hypot(*area[i]) > 0  # both act on every point
        agreeing += hypot(dx - sx, dy - sy) < 1e-9
    assert agreeing >= 10  # all but the points the floor (a hard projection) moved on


@pytest.mark.parametrize("name", ["rope", "cloth", "flag"])
def test_the_violation_shrinks_over_the_iterations_after_a_yank(name):
    sim = simulation(name)
    run(sim, 60)
    points = sim.model.points()
    start = points[len(points) // 2]
    drag(sim, start, (start[0] + 90, start[1] - 60), 3)  # 36 px a frame: a held point keeps up
    violations = []
    while True:
        record = take_phase(sim, violations)
        if record.name == "finish":
            break
    bars = record.violations
    assert len(bars) == sim.model.world.iterations + 2
    assert bars[-2] < bars[0]  # the last iteration left less than the integration did


def test_takopi_area_deficit_is_left_after_every_iteration():
    sim = simulation("takopi")
    run(sim, 60)
    violations = []
    while take_phase(sim, violations).name != "finish":
        pass
    assert min(violations) > 0.01  # the target is never reached: the ring always pushes out


def test_taking_phases_with_their_records_is_the_whole_frame():
    whole, phased = simulation("takopi"), simulation("takopi")
    for sim in (whole, phased):
        run(sim, 20)
        sim.apply(input_record("down", (480.0, 330.0)))
    whole.step()
    violations = []
    while take_phase(phased, violations).name != "finish":
        pass
    assert whole.state() == phased.state()


# -- the host and the picture ----------------------------------------------------------------

def make(scene):
    return main.make_host(Options(scene=scene), HeadlessWindow((960, 540)))


def key(host, name):
    for kind in ("key_down", "key_up"):
        host.handle(script_event({"type": kind, "key": name}, False))


def test_the_comma_takes_a_phase_only_while_paused():
    host = make("rope")
    key(host, ",")
    assert host.state()["phase"] is None and host.scene.frame == 0
    key(host, "p")
    key(host, ",")
    key(host, ",")
    iterations = host.scene.model.world.iterations
    assert host.state()["phase"] == {"name": "iteration", "index": 1, "of": iterations}
    key(host, ".")  # the rest of that frame: one step
    assert host.state()["phase"] is None and host.state()["steps"] == 1
    for _ in range(iterations + 2):
        key(host, ",")
    assert host.state()["steps"] == 2
    key(host, ",")
    key(host, "p")  # going on finishes the part-way frame first
    host.frame(1)
    assert host.state()["phase"] is None and host.state()["steps"] == 3


def test_the_pause_veil_names_the_comma(monkeypatch):
    import app.painting

    said = []
    monkeypatch.setattr(app.painting, "veil", lambda surface, title, lines, *args: said.extend(lines))
    host = make("rope")
    key(host, "p")
    host.draw(host.window.surface)
    assert "the , key: one phase of it" in said


def test_an_events_file_may_press_the_comma(tmp_path):
    events = [{"frame": 5, "type": "key_down", "key": "p"}]
    events += [{"frame": 6 + i, "type": kind, "key": ","} for i in range(2)
               for kind in ("key_down", "key_up")]
    (tmp_path / "e.json").write_text(json.dumps(events))
    subprocess.run([sys.executable, "main.py", "--scene", "hair", "--headless", "--frames", "12",
                    "--input", str(tmp_path / "e.json"), "--state", str(tmp_path / "s.json")],
                   check=True, cwd=ROOT, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    state = json.loads((tmp_path / "s.json").read_text())
    assert state["steps"] == 5 and state["paused"]
    assert state["phase"] == {"name": "iteration", "index": 1, "of": 1}  # hair: one pass


def test_the_overlay_draws_the_phase_and_charts_clear_of_the_toolbar_and_help():
    host = make("takopi")
    host.toggle_overlay()
    for _ in range(30):
        host.frame(1)
    surface = host.window.surface
    host.draw(surface)
    charts = [chart.rect for _, chart in host.scene.instruments.charts]
    assert len(charts) == 2
    chrome = host.scene.context.chrome
    for rect in charts:
        assert rect.top > 60 and surface.get_rect().contains(rect)  # below the help line
        assert not any(rect.colliderect(button) for button in chrome)
    before = pygame.image.tobytes(surface, "RGB")
    key(host, "p")
    for _ in range(3):
        key(host, ",")
    host.draw(surface)
    record = host.scene.instruments.record
    assert record.name == "iteration" and record.index == 2
    key(host, "p")
    host.toggle_pause()  # veil off again, frame still part-way: the picture is the phase's
    assert host.state()["phase"] is not None
    host.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") != before


@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_scenes_host_state_has_the_phase(name):
    host = make(name)
    assert "phase" in host.state() and host.state()["phase"] is None
    key(host, "p")
    key(host, ",")
    assert host.state()["phase"]["name"] == "integrate"
    assert "index" not in host.state()["phase"]


def test_an_input_that_finishes_the_frame_takes_its_phase_picture_away(monkeypatch):
    from scenes.kit import phase_view

    drawn = []
    monkeypatch.setattr(phase_view, "draw", lambda *args: drawn.append(args[2].name))
    host = make("takopi")
    host.toggle_overlay()
    key(host, "p")
    key(host, ",")
    host.draw(host.window.surface)
    assert drawn == ["integrate"]
    key(host, "space")  # a poke: the frame is finished first
    assert host.state()["phase"] is None and host.state()["steps"] == 1
    host.draw(host.window.surface)
    assert drawn == ["integrate"]


def test_the_charts_follow_the_timeline_back_and_a_new_branch_replaces_what_came_after():
    host = make("rope")
    host.toggle_overlay()
    scene = host.scene
    scene.run.apply(input_record("down", scene.model.points()[-1]))  # the free end, thrown sideways
    for i in range(120):
        scene.run.apply(input_record("move", (480 + 3.0 * i, 300)))
        host.frame(1)
    chart = scene.instruments.charts[0][1]
    live = list(chart.values[0])
    assert len(live) == 120 and scene.instruments.behind(scene.run.frame) == 0
    key(host, "p")
    for _ in range(40):
        key(host, "[")
    assert host.state()["timeline"]["back"] == 40
    assert scene.instruments.behind(scene.run.frame) == 40  # drawn ending 40 samples back
    surface = host.window.surface
    host.draw(surface)
    back_picture = pygame.image.tobytes(surface.subsurface(chart.rect), "RGB")
    for _ in range(40):
        key(host, "]")
    host.draw(surface)
    assert pygame.image.tobytes(surface.subsurface(chart.rect), "RGB") != back_picture
    for _ in range(40):
        key(host, "[")
    key(host, "p")  # play on from 40 frames back, the hand let go: a new branch
    scene.run.apply(input_record("up", (480, 300)))
    host.frame(1)
    kept = list(chart.values[0])
    assert len(kept) == 81 and kept[:80] == live[:80]  # what came after is replaced
    assert scene.instruments.behind(scene.run.frame) == 0
