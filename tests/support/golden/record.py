"""Recorded sessions that pin what a reader sees while the code around them is rebuilt.

For every scene a scripted session of 1,260 frames (presses on the simulated points, a drag,
a flick, a press on empty space, the overlay key, pause and single steps, Space, Enter, the
arrows, and two slider drags, after a restart early on through the parameter panel) is kept as an events file
in `events/`, and `hashes.json` holds, per scene and render tier, the hash of the final state
and of the last frame that `main.py --headless` gives for it.

    python -m tests.support.golden.record            # write events (if missing) and hashes anew

Recording again is for a change that is meant to alter what a reader sees; its commit says
which scenes moved and why. `tests/scenes/test_golden_sessions.py` replays the files and compares.
"""

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
EVENTS = HERE / "events"
HASHES = HERE / "hashes.json"
FRAMES = 1260
TIERS = ("high", "medium", "low")
SCENES = ("takopi", "spider", "rope", "cloth", "flag", "bridge", "hair")

PANEL_TOGGLE = (928, 32)
"""Centre of the parameter panel's button (top right) when these sessions were recorded."""
SLIDER_TRACK = (720, 940)
"""x range of a slider's track then; slider i's track runs at y = 88 + 40 i."""


def _pointer(frame, kind, pos):
    return {"frame": frame, "type": kind, "pos": [round(pos[0], 2), round(pos[1], 2)]}


def _key(frame, kind, key):
    return {"frame": frame, "type": kind, "key": key}


def _drag(events, start, moves, begin, frames):
    """Press at `start`, move by `moves` (dx, dy) spread over `frames`, release."""
    events.append(_pointer(begin, "down", start))
    for i in range(1, frames + 1):
        f = i / frames
        events.append(_pointer(begin + i, "move", (start[0] + moves[0] * f,
                                                   start[1] + moves[1] * f)))
    end = (start[0] + moves[0], start[1] + moves[1])
    events.append(_pointer(begin + frames + 1, "up", end))


def session(scene_name, points_at, panel_open, sliders):
    """The scripted session for one scene. `points_at(frame)` gives the simulated points of a
    plain run at that frame (so presses land on the scene's own things)."""
    events = [_key(60, "key_down", "r"), _key(61, "key_up", "r"),   # a restart (the spider
              _key(65, "key_down", "r"), _key(66, "key_up", "r")]   # asks to confirm first)
    points = points_at(200)
    middle = points[len(points) // 2]
    _drag(events, middle, (60, 40), 200, 30)               # a press on the scene and a drag
    events.append(_pointer(240, "move", (middle[0] + 60, middle[1] + 40)))
    events += [_key(300, "key_down", "o"), _key(301, "key_up", "o")]
    points = points_at(420)
    near = points[-1]
    _drag(events, near, (-120, -30), 420, 4)               # a flick
    _drag(events, (150, 470), (0, 0), 600, 10)  # a press on empty space
    events += [_key(660, "key_down", "o"), _key(661, "key_up", "o")]
    events += [_key(700, "key_down", "p"), _key(701, "key_up", "p")]
    for f in (705, 706, 707):
        events += [_key(f, "key_down", "."), _key(f, "key_up", ".")]
    events += [_key(720, "key_down", "p"), _key(721, "key_up", "p")]
    events += [_key(760, "key_down", "space"), _key(762, "key_up", "space")]
    events += [_key(800, "key_down", "return"), _key(802, "key_up", "return")]
    events += [_key(840, "key_down", "left"), _key(880, "key_up", "left")]
    events += [_key(890, "key_down", "up"), _key(910, "key_up", "up")]
    if sliders:
        frame = 1000
        if not panel_open:
            events += [_pointer(frame, "down", PANEL_TOGGLE), _pointer(frame + 1, "up", PANEL_TOGGLE)]
        lo, hi = SLIDER_TRACK
        for index, (a, b) in enumerate(((0.3, 0.6), (0.8, 0.45))[:sliders]):
            y = 88 + 40 * index
            _drag(events, (lo + a * (hi - lo), y), ((b - a) * (hi - lo), 0), frame + 10 + 40 * index, 20)
        if not panel_open:
            events += [_pointer(frame + 100, "down", PANEL_TOGGLE), _pointer(frame + 101, "up", PANEL_TOGGLE)]
    points = points_at(1150)
    _drag(events, points[len(points) // 3], (-30, 50), 1150, 40)
    return sorted(events, key=lambda e: e["frame"])


def _plain_points(scene_name):
    """points_at(frame) for a plain run of the scene's pure model (no input)."""
    sys.path.insert(0, str(ROOT))
    from scenes.catalog import SCENES as CLASSES

    cls = CLASSES[scene_name]
    from scenes.kit.model.run import Run

    def points_at(frame):
        sim = Run(scene_name, cls.model_class, cls.params, cls.size, 0)
        for _ in range(frame):
            sim.step()
        pts = [p for p in sim.model.points() if 0 <= p[0] < 960 and 0 <= p[1] < 540]
        return pts or [(480.0, 270.0)]

    return points_at, cls.panel_open, min(2, len(cls.panel_params))


def write_events():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    EVENTS.mkdir(exist_ok=True)
    for name in SCENES:
        path = EVENTS / f"{name}.json"
        if path.exists():
            continue
        points_at, panel_open, sliders = _plain_points(name)
        path.write_text(json.dumps(session(name, points_at, panel_open, sliders), indent=0) + "\n")


def picture_hash(png_path):
    """sha256 of a PNG's pixels (RGB), independent of how the file was encoded."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    surface = pygame.image.load(str(png_path))
    return hashlib.sha256(pygame.image.tobytes(surface, "RGB")).hexdigest()


INSTRUMENT_KEYS = ("phase", "timeline", "compare")
"""State keys of the solver instruments (where a frame's phases, the timeline and a compare
stand): they report on the run and never change it, so the hash leaves them out, and a run
hashes the same with and without them."""


def state_hash(state):
    """sha256 of the state JSON with sorted keys (floats as Python writes them: exact), the
    instruments' keys left out."""
    run = {key: value for key, value in state.items() if key not in INSTRUMENT_KEYS}
    return hashlib.sha256(json.dumps(run, sort_keys=True).encode()).hexdigest()


def play(name, tier, python=sys.executable):
    """(state, state hash, picture hash) of one scene's recorded session at one tier."""
    with tempfile.TemporaryDirectory() as folder:
        state_path, shot = Path(folder) / "s.json", Path(folder) / "s.png"
        subprocess.run([python, str(ROOT / "main.py"), "--scene", name, "--headless",
                        "--frames", str(FRAMES), "--seed", "0", "--quality", tier,
                        "--input", str(EVENTS / f"{name}.json"), "--state", str(state_path),
                        "--screenshot", str(shot)], check=True, cwd=ROOT,
                       env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
        state = json.loads(state_path.read_text())
        return state, state_hash(state), picture_hash(shot)


def play_all():
    """{scene: {tier: {"state": hash, "picture": hash}}} for every recorded session."""
    jobs = [(name, tier) for name in SCENES for tier in TIERS]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda job: play(*job), jobs))
    table = {name: {} for name in SCENES}
    for (name, tier), (_, state, picture) in zip(jobs, results):
        table[name][tier] = {"state": state, "picture": picture}
    return table


if __name__ == "__main__":
    write_events()
    HASHES.write_text(json.dumps(play_all(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {HASHES.relative_to(ROOT)}")
