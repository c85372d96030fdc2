"""Scene posters for the frame's click-to-play and the example post (P2, P4).

Each poster is one frame of the scene rendered by `main.py --headless` (the headless contract),
optionally after a scripted recipe (web/posters/SCENE.json: {"frames": N, "events": [...],
"set": {"name": value}, "overlay": true}, events as in EVENTS.json; with "overlay" the poster
shows the scene's overlay), then saved as a JPEG 960 px wide. It is rendered with `--embed`, as
an embed that names its scene starts (no scene-list button), so the poster is the first frame a
reader sees; the recipes leave the overlay off, as the embed starts without it.

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
POSTER_WIDTH = 960
"""Every poster's width in px (16:9): the frame's logical canvas, never upscaled in a post."""
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
    command = [python, "main.py", "--scene", scene, "--embed", "--headless",
               "--frames", str(recipe["frames"]), "--screenshot", str(out_png)]
    if events_path:
        command += ["--input", str(events_path)]
    for name, value in recipe["set"].items():
        command += ["--set", f"{name}={value}"]
    if recipe.get("overlay"):
        command.append("--overlay")
    return command


def save_jpeg(png_path, out_path, width=POSTER_WIDTH):
    """Save png_path as a JPEG `width` px wide (16:9 kept); its size in bytes."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    image = pygame.image.load(str(png_path))
    size = (width, round(width * image.get_height() / image.get_width()))
    scaled = image if size == image.get_size() else pygame.transform.smoothscale(image, size)
    pygame.image.save(scaled, str(out_path))
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
            save_jpeg(png, out_path)
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
