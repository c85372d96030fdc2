"""The README's pictures, each rendered from a recipe by `main.py --headless` (one command).

    python -m docs.pictures [--out FOLDER] [--check] [--recipes FOLDER] [NAME ...]

Every picture docs/images/NAME.png that README.md shows has a recipe docs/pictures/NAME.json
(or is in MADE_ELSEWHERE, with what makes it). A recipe is a JSON object, in the spirit of the
poster recipes (web/posters/*.json):

    "scene"   the scene (required)              "frames"  frames to run (required)
    "seed"    the scene's seed                  "set"     {"name": value}: --set name=value
    "overlay" true: start with the overlay on   "args"    more main.py words, e.g.
    "input"   an events file (repository path)            ["--compare", "iterations=2,10,40"]
    "events"  entries of the events format (README's headless section), plus shorthands:
              {"frame": F, "key": K}                          key_down and key_up of K at F
              {"frame": F, "tap": [x, y]}                     down and up at [x, y] at F
              {"frame": F, "drag": [[x0, y0], [x1, y1]], "frames": N, "hold": H}
                  down at the first point at F, a move a frame to the second over N frames,
                  up H frames after the last move ("hold": null keeps it held)
    "about"   what the picture shows (words for people; not used)

`./build.sh shots` runs this with every recipe into docs/images/ (and the chrome pictures, see
MADE_ELSEWHERE). A bad recipe, or a run main.py refuses, is one line on stderr and exit status 2;
the other pictures are still rendered. `--check` only reads and checks the recipes.
"""

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scenes.catalog import SCENES  # noqa: E402  (pure: no pygame)
from scenes.kit.model.script import ScriptError, parse_script  # noqa: E402
RECIPES = Path(__file__).resolve().parent
IMAGES = ROOT / "docs" / "images"
TIMEOUT = 300
"""Seconds one picture may take before it is given up (a long spider replay takes about 60)."""
EXIT_BAD = 2

MADE_ELSEWHERE = {
    "site.png": "python -m docs.pictures.site (the first post of build/site/ in Chromium)",
    "chrome-320.png": "python -m tests.support.chrome_shots",
    "chrome-390.png": "python -m tests.support.chrome_shots",
    "chrome-960.png": "python -m tests.support.chrome_shots",
    "chrome-390-menu.png": "python -m tests.support.chrome_shots",
}
"""README pictures without a recipe, and what makes each."""

KEYS = {"scene", "frames", "seed", "set", "overlay", "args", "input", "events", "about"}


class RecipeError(ValueError):
    """A recipe that cannot be rendered; the message is one line."""


def _point(value, what):
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
        raise RecipeError(f"{what} must be [x, y], got {value!r}")
    return [float(value[0]), float(value[1])]


def _whole(value, what, least=0):
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise RecipeError(f"{what} must be a whole number >= {least}, got {value!r}")
    return value


def expand(entry, index):
    """The events-format entries one recipe entry stands for (shorthands spelled out)."""
    where = f"event #{index}"
    if not isinstance(entry, dict):
        raise RecipeError(f"{where} must be an object, got {type(entry).__name__}")
    frame = _whole(entry.get("frame"), f"{where}: 'frame'")
    extra = {"touch": True} if entry.get("touch") else {}
    if "key" in entry and "type" not in entry:
        return [{"frame": frame, "type": kind, "key": entry["key"]} for kind in ("key_down", "key_up")]
    if "tap" in entry:
        pos = _point(entry["tap"], f"{where}: 'tap'")
        return [{"frame": frame, "type": kind, "pos": pos, **extra} for kind in ("down", "up")]
    if "drag" in entry:
        path = entry["drag"]
        if not isinstance(path, list) or len(path) != 2:
            raise RecipeError(f"{where}: 'drag' must be [[x0, y0], [x1, y1]], got {path!r}")
        (x0, y0), (x1, y1) = (_point(p, f"{where}: 'drag'") for p in path)
        steps = _whole(entry.get("frames", 1), f"{where}: 'frames'", 1)
        out = [{"frame": frame, "type": "down", "pos": [x0, y0], **extra}]
        for i in range(1, steps + 1):
            t = i / steps
            out.append({"frame": frame + i, "type": "move",
                        "pos": [round(x0 + (x1 - x0) * t, 3), round(y0 + (y1 - y0) * t, 3)], **extra})
        hold = entry.get("hold", 0)
        if hold is not None:
            out.append({"frame": frame + steps + _whole(hold, f"{where}: 'hold'"), "type": "up",
                        "pos": [x1, y1], **extra})
        return out
    return [entry]  # the events format itself: main.py checks it


def read_recipe(path):
    """The checked recipe at `path`, as a dict; RecipeError (one line) if it cannot be used."""
    try:
        recipe = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise RecipeError(f"cannot read it: {error.strerror or error}") from None
    except (ValueError, UnicodeDecodeError, RecursionError) as error:
        raise RecipeError(f"not valid JSON: {str(error).splitlines()[0]}") from None
    if not isinstance(recipe, dict):
        raise RecipeError(f"a recipe must be a JSON object, got {type(recipe).__name__}")
    unknown = sorted(set(recipe) - KEYS)
    if unknown:
        raise RecipeError(f"unknown key {unknown[0]!r} (a recipe may have: {', '.join(sorted(KEYS))})")
    if recipe.get("scene") not in SCENES:
        raise RecipeError(f"'scene' must be one of {', '.join(SCENES)}, got {recipe.get('scene')!r}")
    _whole(recipe.get("frames"), "'frames'", 1)
    if "seed" in recipe:
        _whole(recipe["seed"], "'seed'")
    if not isinstance(recipe.get("set", {}), dict):
        raise RecipeError(f"'set' must be an object of name: value, got {recipe['set']!r}")
    args = recipe.get("args", [])
    if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        raise RecipeError(f"'args' must be a list of strings, got {args!r}")
    if not isinstance(recipe.get("overlay", False), bool):
        raise RecipeError(f"'overlay' must be true or false, got {recipe['overlay']!r}")
    events = recipe.get("events", [])
    if not isinstance(events, list):
        raise RecipeError(f"'events' must be a list, got {type(events).__name__}")
    recipe["events"] = [e for i, entry in enumerate(events) for e in expand(entry, i)]
    if "input" in recipe:
        source = recipe["input"]
        if not isinstance(source, str) or not (ROOT / source).is_file():
            raise RecipeError(f"'input' must name an events file in the repository, got {source!r}")
        try:
            recorded = json.loads((ROOT / source).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise RecipeError(f"'input' {source}: {str(error).splitlines()[0]}") from None
        if not isinstance(recorded, list):
            raise RecipeError(f"'input' {source} is not an events list")
        recipe["events"] = recorded + recipe["events"]
    try:
        parse_script(recipe["events"])
    except ScriptError as error:
        raise RecipeError(f"'events': {error}") from None
    return recipe


def command(python, recipe, out_png, events_path=None, state_path=None):
    """The main.py command line that renders `recipe` to out_png."""
    words = [python, "main.py", "--scene", recipe["scene"], "--headless",
             "--frames", str(recipe["frames"]), "--screenshot", str(out_png)]
    if "seed" in recipe:
        words += ["--seed", str(recipe["seed"])]
    for name, value in recipe.get("set", {}).items():
        words += ["--set", f"{name}={value}"]
    if recipe.get("overlay"):
        words.append("--overlay")
    if events_path:
        words += ["--input", str(events_path)]
    if state_path:
        words += ["--state", str(state_path)]
    return words + recipe.get("args", [])


def last_line(text):
    lines = [line for line in (text or "").strip().splitlines() if line.strip()]
    return lines[-1] if lines else "no message"


def render(python, recipe, out_png, state_path=None):
    """Render one checked recipe to out_png; None when done, else why not (one line)."""
    with tempfile.TemporaryDirectory(prefix="picture-") as scratch:
        events_path = None
        if recipe["events"]:
            events_path = Path(scratch) / "events.json"
            events_path.write_text(json.dumps(recipe["events"]), encoding="utf-8")
        try:
            done = subprocess.run(command(python, recipe, out_png, events_path, state_path),
                                  cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT,
                                  check=False)
        except subprocess.TimeoutExpired:
            return f"main.py --headless took longer than {TIMEOUT} s"
    if done.returncode != 0:
        return f"main.py --headless exited {done.returncode}: {last_line(done.stderr)}"
    return None


def recipe_paths(folder=RECIPES):
    return sorted(Path(folder).glob("*.json"))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m docs.pictures",
                                     description="Render the README's pictures from their recipes.")
    parser.add_argument("names", nargs="*", metavar="NAME", help="only these recipes (default: all)")
    parser.add_argument("--out", default=str(IMAGES), help="folder for NAME.png (default docs/images)")
    parser.add_argument("--recipes", default=str(RECIPES), help="folder of NAME.json recipes")
    parser.add_argument("--check", action="store_true", help="only read and check the recipes")
    parser.add_argument("--state", action="store_true", help="also write NAME.json states in --out")
    args = parser.parse_args(argv)
    paths = {path.stem: path for path in recipe_paths(args.recipes)}
    if not paths:
        print(f"pictures: error: no NAME.json recipes in {args.recipes}", file=sys.stderr)
        return EXIT_BAD
    wanted = args.names or sorted(paths)
    out = Path(args.out)
    failed = 0
    for name in wanted:
        shown = f"{Path(args.recipes).name}/{name}.json"
        if name not in paths:
            print(f"pictures: error: {shown}: no such recipe (there are: {', '.join(sorted(paths))})",
                  file=sys.stderr)
            failed += 1
            continue
        try:
            recipe = read_recipe(paths[name])
        except RecipeError as error:
            print(f"pictures: error: {shown}: {error}", file=sys.stderr)
            failed += 1
            continue
        if args.check:
            continue
        out.mkdir(parents=True, exist_ok=True)
        state = out / f"{name}.state.json" if args.state else None
        reason = render(sys.executable, recipe, out / f"{name}.png", state)
        if reason:
            print(f"pictures: error: {shown}: {reason}", file=sys.stderr)
            failed += 1
        else:
            print(out / f"{name}.png")
    return EXIT_BAD if failed else 0
