"""Scene posters for the frame's click-to-play and the example post (P2, P4).

Each poster is one frame of the scene rendered by `main.py --headless` (the headless contract),
optionally after a scripted recipe (web/posters/SCENE.json: {"frames": N, "events": [...],
"set": {"name": value}, "overlay": true}, events as in EVENTS.json; with "overlay" the poster
shows the scene's overlay, e.g. links coloured by strain), then saved as a JPEG no larger than
MAX_BYTES: at the canvas size when it fits, else scaled down step by step.

A poster that cannot be rendered never stops a build: the caller gets a one-line reason.
"""

import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECIPES = ROOT / "web" / "posters"
POSTER_FRAMES = 240
"""Frames simulated before a poster is taken: four seconds, when every demo has settled."""
POSTER_TIMEOUT = 120
"""Seconds one poster render may take before it is given up."""
MAX_BYTES = 60 * 1024
"""Largest poster file: a reader on a phone fetches it before anything else."""
WIDTHS = (960, 864, 768, 672, 576, 480)
"""Widths tried, largest first, until the JPEG fits MAX_BYTES (16:9 heights)."""
EXTENSION = ".jpg"


def last_line(text):
    lines = [line for line in (text or "").strip().splitlines() if line.strip()]
    return lines[-1] if lines else "no message"


def poster_recipe(scene):
    """Frames, scripted events and parameter settings for a scene's poster."""
    recipe = {"frames": POSTER_FRAMES, "events": None, "set": {}}
    path = RECIPES / f"{scene}.json"
    if path.is_file():
        recipe.update(json.loads(path.read_text(encoding="utf-8")))
    return recipe


def poster_command(python, scene, out_png, recipe, events_path=None):
    command = [python, "main.py", "--scene", scene, "--headless",
               "--frames", str(recipe["frames"]), "--screenshot", str(out_png)]
    if events_path:
        command += ["--input", str(events_path)]
    for name, value in recipe["set"].items():
        command += ["--set", f"{name}={value}"]
    if recipe.get("overlay"):
        command.append("--overlay")
    return command


def shrink_to_jpeg(png_path, out_path, max_bytes=MAX_BYTES):
    """Save png_path as a JPEG at the largest of WIDTHS that fits max_bytes; its size in bytes."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    image = pygame.image.load(str(png_path))
    width, height = image.get_size()
    for wanted in WIDTHS:
        size = (min(wanted, width), round(min(wanted, width) * height / width))
        scaled = image if size == (width, height) else pygame.transform.smoothscale(image, size)
        pygame.image.save(scaled, str(out_path))
        if out_path.stat().st_size <= max_bytes:
            break
    return out_path.stat().st_size


def render_poster(python, scene, out_path):
    """Render one poster to out_path (.jpg); returns None on success, else why not (one line)."""
    try:
        recipe = poster_recipe(scene)
    except (OSError, ValueError) as error:
        return f"bad poster recipe web/posters/{scene}.json: {error}"
    with tempfile.TemporaryDirectory(prefix="poster-") as scratch:
        png = Path(scratch) / f"{scene}.png"
        events_path = None
        if recipe["events"]:
            events_path = Path(scratch) / "events.json"
            events_path.write_text(json.dumps(recipe["events"]), encoding="utf-8")
        try:
            done = subprocess.run(poster_command(python, scene, png, recipe, events_path), cwd=ROOT,
                                  capture_output=True, text=True, timeout=POSTER_TIMEOUT, check=False)
        except subprocess.TimeoutExpired:
            return f"main.py --headless took longer than {POSTER_TIMEOUT} s"
        if done.returncode != 0:
            return f"main.py --headless exited {done.returncode}: {last_line(done.stderr)}"
        if not png.is_file() or png.stat().st_size == 0:
            return "main.py --headless wrote no picture"
        try:
            shrink_to_jpeg(png, out_path)
        except Exception as error:  # pygame without JPEG support, a full disk: name it
            return f"could not save the poster as JPEG: {error}"
    return None


def render_posters(python, scenes, wanted, poster_dir):
    """Render posters of the `wanted` scenes that exist; {scene: reason} for those without one."""
    poster_dir.mkdir(parents=True, exist_ok=True)
    missing = {}
    for scene in wanted:
        if scene not in scenes:
            missing[scene] = (f"scene '{scene}' is not in this build (main.py --list has: "
                              f"{', '.join(scenes) or 'nothing'})")
    present = [scene for scene in wanted if scene in scenes]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        reasons = pool.map(lambda s: render_poster(python, s, poster_dir / f"{s}{EXTENSION}"), present)
        for scene, reason in zip(present, reasons):
            if reason:
                missing[scene] = reason
    return missing


def list_scenes(python=sys.executable):
    """{name: {"help", "size", "params"}} from `main.py --list --json` (the headless contract)."""
    done = subprocess.run([python, "main.py", "--list", "--json"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"main.py --list --json failed: {last_line(done.stderr)}")
    return json.loads(done.stdout)
