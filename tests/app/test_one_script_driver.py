"""One events file, one game: a pure run (`run_script` on a Run with the scene's restart
rule) and `main.py --headless` (the host) feed it through the same driver and agree, a mid-game
`r` included: the spider only asks to confirm, the rope starts again at once."""

import json
import subprocess
import sys

import pytest

from scenes.catalog import SCENES
from scenes.kit.model.script import parse_script
from scenes.kit.model.run import Run, run_script

FRAMES = 240
HOST_KEYS = ("frame", "paused", "steps", "timeline", "compare")
"""Keys the host adds or owns (frames shown, pause), the scene's timeline and the side by side
(a pure run keeps neither): the rest is the scene's state."""


def events(name):
    """A drag, then one mid-game `r` (and for the rope a second one much later)."""
    script = [{"frame": 20, "type": "down", "pos": [480, 200]},
              {"frame": 30, "type": "move", "pos": [520, 240]},
              {"frame": 40, "type": "up", "pos": [520, 240]},
              {"frame": 90, "type": "key_down", "key": "r"},
              {"frame": 91, "type": "key_up", "key": "r"}]
    if name == "rope":
        script += [{"frame": 200, "type": "key_down", "key": "r"}]
    return script


def pure_state(name, script):
    scene = SCENES[name]
    sim = Run(name, scene.model_class, scene.params, scene.size, seed=0)
    return run_script(sim, parse_script(script), FRAMES)


def headless_state(name, script, tmp_path, repo_root):
    events_path, state_path = tmp_path / "events.json", tmp_path / "state.json"
    events_path.write_text(json.dumps(script))
    subprocess.run([sys.executable, "main.py", "--scene", name, "--headless", "--frames",
                    str(FRAMES), "--input", str(events_path), "--state", str(state_path)],
                   cwd=repo_root, check=True, timeout=180)
    return json.loads(state_path.read_text())


def scene_part(state):
    return json.dumps({k: v for k, v in state.items() if k not in HOST_KEYS}, sort_keys=True)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["spider", "rope"])
def test_a_mid_game_r_gives_the_same_state_in_a_pure_and_a_headless_run(name, tmp_path,
                                                                         repo_root):
    script = events(name)
    pure = pure_state(name, script)
    assert scene_part(pure) == scene_part(headless_state(name, script, tmp_path, repo_root))
    without_r = [entry for entry in script if entry.get("key") != "r"]
    restarted = scene_part(pure) != scene_part(pure_state(name, without_r))
    assert restarted == (name == "rope")  # the spider's one `r` only asked to confirm


def test_the_spiders_second_r_confirms_in_a_pure_run_too():
    script = events("spider") + [{"frame": 100, "type": "key_down", "key": "r"}]
    confirmed = pure_state("spider", script)
    assert scene_part(confirmed) != scene_part(pure_state("spider", events("spider")))
    scene = SCENES["spider"]
    sim = Run("spider", scene.model_class, scene.params, scene.size)
    run_script(sim, parse_script(script), FRAMES)
    assert sim.restarts == 1


def test_the_key_codes_follow_the_script_key_names():
    pygame = pytest.importorskip("pygame")
    from scenes.kit.model.script import KEY_NAMES
    from scenes.kit.scene import KEY_CODES
    assert tuple(KEY_CODES) == KEY_NAMES
    assert KEY_CODES["space"] == pygame.K_SPACE and KEY_CODES["."] == pygame.K_PERIOD
    assert KEY_CODES["f11"] == pygame.K_F11 and KEY_CODES["7"] == pygame.K_7
