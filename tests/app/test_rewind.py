"""Rewind in every scene: `[` and `]` and the timeline bar while paused, a new branch on playing
on, the `timeline` state key, and the same state again when the same input is played again
(in-process through the host, and through events files and `main.py --headless`)."""

import json
import pickle
import subprocess
import sys

import pygame
import pytest

import main
from app.options import Options
from app.rewind import KEEP, Rewind
from app.window import HeadlessWindow
from scenes.catalog import SCENES
from scenes.kit.model.run import record, Run
from scenes.kit.scene import script_event

NAMES = list(SCENES)
EXACT = NAMES
"""Every scene comes back as itself."""
MEGABYTES = 20
"""The most a scene's timeline may keep, MB."""


@pytest.fixture(autouse=True)
def fonts():
    pygame.display.init()
    pygame.font.init()


def make(scene="rope"):
    return main.make_host(Options(scene=scene), HeadlessWindow((960, 540)))


def send(host, entry, held=False):
    host.handle(script_event(entry, held))


def key(host, name):
    send(host, {"type": "key_down", "key": name})
    send(host, {"type": "key_up", "key": name})


def run(host, frames):
    for _ in range(frames):
        host.frame(1)


def drag(host, start, end, frames):
    """Press at `start`, move to `end` over `frames` frames, let go."""
    send(host, {"type": "down", "pos": list(start)}, True)
    for i in range(1, frames + 1):
        f = i / frames
        send(host, {"type": "move", "pos": [start[0] + (end[0] - start[0]) * f,
                                            start[1] + (end[1] - start[1]) * f]}, True)
        host.frame(1)
    send(host, {"type": "up", "pos": list(end)})


# --- the keys ------------------------------------------------------------------------------

def test_brackets_move_one_frame_while_paused_and_nothing_while_playing():
    host = make()
    run(host, 50)
    key(host, "[")  # playing: no move, and the scene never sees the key
    assert host.state()["timeline"] == {"length": 50, "back": 0}
    assert host.scene.run._log == {}
    key(host, "p")
    before = host.scene.model.points()
    key(host, "[")
    key(host, "[")
    assert host.state()["timeline"] == {"length": 50, "back": 2}
    assert host.state()["steps"] == 48
    run(host, 5)  # paused: frames pass, the scene stays where it was put
    assert host.state()["steps"] == 48
    key(host, "]")
    key(host, "]")
    key(host, "]")  # nothing kept past the newest
    assert host.state()["timeline"] == {"length": 50, "back": 0}
    assert host.scene.model.points() == before


def test_playing_on_from_a_moment_back_is_a_new_branch():
    host = make()
    run(host, 80)
    key(host, "p")
    for _ in range(30):
        key(host, "[")
    key(host, "p")  # go on from frame 50: its next frame forgets frames 51..80
    run(host, 1)
    assert host.state()["timeline"] == {"length": 51, "back": 0}
    run(host, 9)
    assert host.state()["timeline"] == {"length": 60, "back": 0}
    assert host.state()["steps"] == 60
    key(host, "p")
    key(host, ".")  # one step from a moment back is playing on too
    key(host, "[")
    key(host, "[")
    key(host, ".")
    assert host.state()["timeline"] == {"length": 60, "back": 0}


# --- the bar -------------------------------------------------------------------------------

def test_the_bar_goes_to_the_frame_under_the_pointer_and_a_press_on_it_does_not_go_on():
    host = make()
    run(host, KEEP + 40)
    key(host, "p")
    rewind = host.rewind
    track = rewind.track()
    y = rewind.track().centery
    send(host, {"type": "down", "pos": [track.left + track.width / 2, y]}, True)
    assert host.paused  # a press on the bar scrubs; elsewhere it would go on
    assert host.state()["timeline"] == {"length": KEEP, "back": KEEP // 2}
    send(host, {"type": "move", "pos": [track.left - 50, y]}, True)  # dragged past its end
    assert host.state()["timeline"]["back"] == KEEP
    send(host, {"type": "move", "pos": [track.left + track.width * 0.9, y]}, True)
    assert host.state()["timeline"]["back"] == KEEP // 10
    send(host, {"type": "up", "pos": [track.left + track.width * 0.9, y]})
    assert host.paused and not rewind.dragging
    knob = rewind.x_of(host.scene.run.frame)
    assert abs(knob - (track.left + track.width * 0.9)) < 1.5
    send(host, {"type": "down", "pos": [480, 400]}, True)  # off the bar: go on
    assert not host.paused


def test_the_bar_is_drawn_only_while_paused_under_the_toolbar():
    host = make("takopi")
    surface = pygame.Surface((960, 540))
    run(host, 30)
    bar = host.rewind.bar()
    assert bar.top >= max(b.rect.bottom for b in host.toolbar.buttons.values())
    host.draw(surface)
    playing = pygame.image.tobytes(surface.subsurface(bar), "RGB")
    key(host, "p")
    host.draw(surface)
    paused = pygame.image.tobytes(surface.subsurface(bar), "RGB")
    assert playing != paused
    knob = [x for x in range(bar.left, bar.right) for y in range(bar.top, bar.bottom)
            if surface.get_at((x, y))[:3] == (255, 150, 190)]  # the knob's pink
    assert knob and abs(sum(knob) / len(knob) - host.rewind.x_of(host.scene.run.frame)) < 2
    assert host.rewind.x_of(host.scene.run.frame) == host.rewind.track().right  # newest


def test_a_phase_stepping_scene_finishes_its_frame_before_a_move():
    host = make()
    run(host, 20)
    key(host, "p")
    finished = []
    host.scene.finish_frame = lambda: finished.append(host.scene.frame)
    key(host, "[")
    assert finished == [20] and host.state()["steps"] == 19


# --- everything a scene has ----------------------------------------------------------------

def middle_point(host):
    pts = [p for p in host.scene.model.points() if 0 <= p[0] < 960 and 80 <= p[1] < 540]
    return pts[len(pts) // 2] if pts else (480.0, 300.0)


@pytest.mark.slow
@pytest.mark.parametrize("name", EXACT)
def test_going_back_and_playing_the_same_input_again_gives_the_same_state(name):
    host = make(name)
    run(host, 30)
    start = middle_point(host)
    drag(host, start, (start[0] + 150, start[1] + 90), 40)  # frames 30..70: back over these
    key(host, "space")
    run(host, 30)
    first = host.state()
    key(host, "p")
    for _ in range(70):
        key(host, "[")
    assert host.state()["timeline"] == {"length": 100, "back": 70}
    key(host, "p")
    drag(host, start, (start[0] + 150, start[1] + 90), 40)
    key(host, "space")
    run(host, 30)
    again = host.state()
    assert {k: v for k, v in again.items() if k != "frame"} == {
        k: v for k, v in first.items() if k != "frame"}


@pytest.mark.slow
def test_the_cloth_comes_back_with_its_torn_links_and_the_spider_with_score_and_health():
    host = make("cloth")
    run(host, 10)
    x, y = middle_point(host)
    drag(host, (x, y), (x + 700, y + 400), 3)  # a yank tears the cloak
    run(host, 20)
    torn = host.state()["torn"]
    assert torn > 0
    key(host, "p")
    for _ in range(25):
        key(host, "[")
    assert host.state()["torn"] == 0
    for _ in range(25):
        key(host, "]")
    assert host.state()["torn"] == torn

    spider = make("spider")
    run(spider, 900)
    late = spider.state()
    key(spider, "p")
    spider.rewind.move_to(spider.scene.run.oldest)
    early = spider.state()
    keys = ("score", "hp", "enemies", "nodes", "edges", "counts", "spider")
    assert early["enemies"] != late["enemies"] and early["nodes"] != late["nodes"]
    spider.rewind.move_to(spider.scene.run.newest)
    assert {k: spider.state()[k] for k in keys} == {k: late[k] for k in keys}


# --- through events files ------------------------------------------------------------------

def headless(name, entries, frames, tmp_path, repo_root):
    events, state = tmp_path / f"{name}.json", tmp_path / f"{name}-state.json"
    events.write_text(json.dumps(entries))
    subprocess.run([sys.executable, "main.py", "--scene", name, "--headless", "--frames",
                    str(frames), "--input", str(events), "--state", str(state)],
                   cwd=repo_root, check=True, timeout=300)
    return json.loads(state.read_text())


def script(shift=0):
    """A drag across the middle of the canvas and Space, at frames 40..75 (+ `shift`)."""
    entries = [{"frame": 40 + shift, "type": "down", "pos": [480, 260]}]
    entries += [{"frame": 40 + i + shift, "type": "move", "pos": [480 + 5 * i, 260 + 3 * i]}
                for i in range(1, 31)]
    entries += [{"frame": 72 + shift, "type": "up", "pos": [630, 350]},
                {"frame": 74 + shift, "type": "key_down", "key": "space"},
                {"frame": 75 + shift, "type": "key_up", "key": "space"}]
    return entries


@pytest.mark.slow
@pytest.mark.parametrize("name", ["rope", "cloth", "spider"])
def test_an_events_file_that_rewinds_and_plays_the_same_input_again_ends_the_same(
        name, tmp_path, repo_root):
    first = headless(name, script(), 120, tmp_path, repo_root)
    back = 60  # pause at 100, [ x 60 back to step 40, go on at 161: steps 40.. again
    entries = script() + [{"frame": 100, "type": "key_down", "key": "p"}]
    entries += [{"frame": 101 + i, "type": "key_down", "key": "["} for i in range(back)]
    entries += [{"frame": 101 + back, "type": "key_down", "key": "p"}]
    entries += [e for e in script(shift=2 * back + 1)]
    again = headless(name, entries, 120 + 2 * back + 1, tmp_path, repo_root)
    assert again["timeline"] == first["timeline"] == {"length": 120, "back": 0}
    assert {k: v for k, v in again.items() if k != "frame"} == {
        k: v for k, v in first.items() if k != "frame"}


# --- memory --------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_ten_seconds_of_any_scene_keep_within_twenty_megabytes(name):
    scene = SCENES[name]
    sim = Run(name, scene.model_class, scene.params, scene.size, seed=1)
    timeline = sim
    x, y = (sim.model.points() or [(480.0, 270.0)])[len(sim.model.points()) // 2]
    for frame in range(KEEP + 120):
        if frame == 30:
            timeline.apply(record("down", (x, y)))
        elif 30 < frame < 300:
            timeline.apply(record("move", (x + 100.0 * ((frame % 60) / 60.0), y + 0.3 * frame)))
        elif frame == 300:
            timeline.apply(record("up", (x, y)))
        timeline.step()
    assert timeline.length == KEEP
    assert timeline.memory_bytes() < MEGABYTES * 1e6
    assert timeline.memory_bytes() > len(pickle.dumps(sim.model))  # a keyframe at least


def test_the_bar_follows_the_shown_scene_and_stays_left_of_an_open_slider_panel():
    host = make("hair")
    assert isinstance(host.rewind, Rewind)
    run(host, 10)
    key(host, "2")
    key(host, "p")
    key(host, "[")
    assert host.rewind.run is host.scene.run is host.scenes["spider"].run
    assert host.scenes["hair"].run.back == 0 and host.state()["timeline"]["back"] == 0
    key(host, "3")  # the rope, 0 frames: nothing to go back to
    panel = host.scene.panel
    panel.open = True
    assert host.rewind.bar().right <= panel.body.left
    panel.open = False
    assert host.rewind.bar().right == host.scene.size[0] - 12


def test_idle_paused_frames_fill_in_keyframes_and_change_nothing_shown():
    host = make("cloth")
    run(host, 200)
    key(host, "p")
    before = host.state()
    kept = len(host.scene.run.keyframes.kept)
    run(host, 30)
    assert len(host.scene.run.keyframes.kept) > kept
    assert host.state() == {**before, "frame": before["frame"] + 30}
