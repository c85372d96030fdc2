"""Helpers of the Pyodide parity tests: what to load, where each model is, the scripted input,
the portable math, and a structural diff of two states. Pure Python; see test_browser_pyodide.
"""

import importlib
import json
import math
import random
from pathlib import Path

from scenes.catalog import SCENES
import house as layout
from scenes.kit.model.script import parse_script
from scenes.kit.model.run import Run

ROOT = Path(__file__).resolve().parents[2]
FRAMES = 600
SEED = 7
TAP_KEYS = ("space", "return", "left", "right", "up", "down", "w", "a", "s", "d")
"""Keys the scripts hold; `r` (restart) is pressed at RESTART_FRAME and again 10 frames later
(the spider game restarts on the second), `o` is view-only."""
RESTART_FRAME = 420
TOLERANCE = 1e-9
"""Float comparison of the unmodified run: |a - b| <= TOLERANCE * max(1, |a|, |b|)."""

PORTABLE_MATH = '''
# Deterministic stand-ins for the libm functions that differ between glibc and Pyodide's libm,
# and a left-to-right sum() as CPython 3.11 has it. Only +, -, *, /, fmod and sqrt (all exact
# or correctly rounded by IEEE 754) are used, so both sides compute the same bits.
import builtins
import math
_PI = 3.141592653589793
_HALF_PI = 1.5707963267948966
_TWO_PI = 6.283185307179586


def sin(x):
    x = math.fmod(x, _TWO_PI)
    if x > _PI:
        x -= _TWO_PI
    elif x < -_PI:
        x += _TWO_PI
    if x > _HALF_PI:
        x = _PI - x
    elif x < -_HALF_PI:
        x = -_PI - x
    x2, term, total = x * x, x, x
    for n in range(1, 15):
        term *= -x2 / ((2 * n) * (2 * n + 1))
        total += term
    return total


def cos(x):
    return sin(x + _HALF_PI)


def tan(x):
    return sin(x) / cos(x)


def atan(z):
    if z != z:
        return z
    if z > 1.0:
        return _HALF_PI - atan(1.0 / z)
    if z < -1.0:
        return -_HALF_PI - atan(1.0 / z)
    for _ in range(2):  # atan(z) = 2 atan(z / (1 + sqrt(1 + z^2)))
        z = z / (1.0 + math.sqrt(1.0 + z * z))
    z2, term, total = z * z, z, z
    for n in range(1, 30):
        term *= -z2
        total += term / (2 * n + 1)
    return 4.0 * total


def atan2(y, x):
    if x > 0.0:
        return atan(y / x)
    if x < 0.0:
        return atan(y / x) + (_PI if y >= 0.0 else -_PI)
    if y > 0.0:
        return _HALF_PI
    if y < 0.0:
        return -_HALF_PI
    return 0.0


def asin(x):
    return atan2(x, math.sqrt(max(0.0, 1.0 - x * x)))


def acos(x):
    return atan2(math.sqrt(max(0.0, 1.0 - x * x)), x)


def plain_sum(iterable, start=0):
    total = start
    for item in iterable:
        total = total + item
    return total


REPLACED = {"sin": sin, "cos": cos, "tan": tan, "atan": atan, "atan2": atan2, "asin": asin,
            "acos": acos}


def install(prefixes=("verlet", "scenes")):
    """Swap the functions into math, into every loaded module of ours, and sum into builtins."""
    import sys
    originals = {function: getattr(math, function) for function in REPLACED}
    undo = [(builtins, "sum", builtins.sum)]
    builtins.sum = plain_sum
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "math" or name.startswith(prefixes)):
            continue
        for function, replacement in REPLACED.items():
            if getattr(module, function, None) is originals[function]:
                undo.append((module, function, originals[function]))
                setattr(module, function, replacement)
    return undo


def uninstall(undo):
    for module, function, original in reversed(undo):
        setattr(module, function, original)
'''


def pure_files(names=None):
    """Repository-relative paths of every pure module (`house`'s folder rule): the engine,
    the kit's models and every demo's model. `names` is accepted for the callers that name the
    scenes they run; every scene's model is loaded either way (they are small)."""
    return layout.pure_files()


def model_location(name):
    """(module, class) of the scene's model and (module, attribute) of its parameter table."""
    scene = SCENES[name]
    model = (scene.model_class.__module__, scene.model_class.__qualname__)
    for path in layout.pure_files():
        if not layout.is_model(path) or not path.startswith(f"scenes/{name}/"):
            continue
        module_name = path[:-3].replace("/", ".").removesuffix(".__init__")
        module = importlib.import_module(module_name)
        for attribute, value in vars(module).items():
            if value is scene.params:
                return model, (module_name, attribute)
    raise AssertionError(f"{name}: its ParamTable is not defined in the model of scenes/{name}/")


def canvas_points(state, size):
    """Every [x, y] pair in a state that lies on the canvas (world minus camera, if any)."""
    camera = state.get("camera") or [0.0, 0.0]
    found = []

    def walk(value):
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, (list, tuple)):
            if len(value) == 2 and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                       for v in value):
                x, y = value[0] - camera[0], value[1] - camera[1]
                if 0 <= x <= size[0] and 0 <= y <= size[1]:
                    found.append((x, y))
            else:
                for item in value:
                    walk(item)

    walk({key: value for key, value in state.items() if key not in ("size", "camera", "params")})
    return found


def scripted_input(name, seed=SEED, frames=FRAMES):
    """A seeded script of drags, clicks and key holds, aimed by a native run at the scene's bodies."""
    scene = SCENES[name]
    rng = random.Random(f"parity:{name}:{seed}")
    size = scene.size
    sim = Run(name, scene.model_class, scene.params, size, seed=seed)
    events, pending, next_action = [], {}, 12

    def add(frame, entry):
        if frame < frames:
            entry["frame"] = frame
            pending.setdefault(frame, []).append(entry)
            events.append(entry)

    def clamp(x, y):
        return [min(size[0] - 1.0, max(1.0, x)), min(size[1] - 1.0, max(1.0, y))]

    for press in (RESTART_FRAME, RESTART_FRAME + 10):  # twice: the spider game asks first
        add(press, {"type": "key_down", "key": "r"})
        add(press + 1, {"type": "key_up", "key": "r"})
    for frame in range(frames):
        if frame == next_action:
            roll = rng.random()
            targets = canvas_points(sim.state(), size)
            if targets and rng.random() < 0.75:
                x, y = rng.choice(targets)
                x, y = x + rng.uniform(-8, 8), y + rng.uniform(-8, 8)
            else:
                x, y = rng.uniform(0, size[0]), rng.uniform(0, size[1])
            if roll < 0.5:  # a drag
                length, heading = rng.randint(8, 40), rng.uniform(0, 2 * math.pi)
                speed = rng.uniform(2, 12)
                add(frame, {"type": "down", "pos": clamp(x, y)})
                for i in range(1, length + 1):
                    add(frame + i, {"type": "move", "pos": clamp(x + math.cos(heading) * speed * i,
                                                                 y + math.sin(heading) * speed * i)})
                add(frame + length + 1, {"type": "up", "pos": clamp(x + math.cos(heading) * speed * length,
                                                                    y + math.sin(heading) * speed * length)})
                duration = length + 1
            elif roll < 0.65:  # a click
                add(frame, {"type": "down", "pos": clamp(x, y)})
                add(frame + 1, {"type": "up", "pos": clamp(x, y)})
                duration = 1
            else:  # a key held a while
                key, duration = rng.choice(TAP_KEYS), rng.randint(3, 45)
                add(frame, {"type": "key_down", "key": key})
                add(frame + duration, {"type": "key_up", "key": key})
            next_action = frame + duration + rng.randint(4, 30)
        for entry in pending.pop(frame, ()):
            sim.apply(parse_script([entry])[0])
        sim.step()
    return sorted(events, key=lambda e: e["frame"])


def differences(native, wasm, path="state"):
    """Every place two decoded states differ: (path, native, wasm, relative size or None)."""
    if isinstance(native, dict) and isinstance(wasm, dict):
        found = []
        for key in sorted(set(native) | set(wasm)):
            if key not in native or key not in wasm:
                found.append((f"{path}.{key}", key in native, key in wasm, None))
            else:
                found += differences(native[key], wasm[key], f"{path}.{key}")
        return found
    if isinstance(native, list) and isinstance(wasm, list):
        if len(native) != len(wasm):
            return [(path, f"{len(native)} items", f"{len(wasm)} items", None)]
        return [d for i, (a, b) in enumerate(zip(native, wasm))
                for d in differences(a, b, f"{path}[{i}]")]
    if native == wasm and type(native) is type(wasm):
        return []
    if isinstance(native, float) and isinstance(wasm, float):
        return [(path, native, wasm, abs(native - wasm) / max(1.0, abs(native), abs(wasm)))]
    return [(path, native, wasm, None)]


def write_pyodide_site(folder, pyodide_dir, names, page):
    """Lay out a static site that boots Pyodide with our pure modules for the scenes `names`.

    folder/pyodide -> the npm package, folder/app/<path> for every pure file plus
    folder/app/files.json listing them, and folder/index.html = `page`.
    """
    (folder / "pyodide").symlink_to(pyodide_dir, target_is_directory=True)
    files = pure_files(names)
    for path in files:
        target = folder / "app" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text((ROOT / path).read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "app" / "files.json").write_text(json.dumps(files), encoding="utf-8")
    (folder / "index.html").write_text(page, encoding="utf-8")
