"""The fabric demos' speed check, focused: the cloth, flag, bridge and hair frames against the
reference 30 x 20 cloth, taking turns in one run, and their model steps in Pyodide.

    python -m benchmarks.fabric_scenes [--no-browser]

The full `./build.sh bench` measures every scene the same way (the ratio to the 30 x 20 cloth
is printed beside each scene); this runs only those four scenes, so it finishes in a minute
or two on a loaded machine. Native times are CPU time (`time.thread_time`); each scene's frame
(step + draw) and the reference cloth's step alternate in short rounds (medians).
"""

import statistics
import sys

from . import measure, wasm
from .cloth import engine_cloth

NAMES = ("cloth", "flag", "bridge", "hair")
ROUNDS = 200
FRAMES_PER_ROUND = 2


def alternating(scene_class, surface, rounds=ROUNDS, frames=FRAMES_PER_ROUND):
    """The reference cloth's step and a scene's step + draw in alternating short rounds.

    Both sides see the same machine state round by round (a loaded, shared machine changes
    speed from second to second); returns the medians (reference ms, step ms, draw ms).
    """
    world = engine_cloth()
    scene = scene_class(seed=0)
    for _ in range(30):
        scene.step()
        scene.draw(surface)
        world.step()
    references, steps, draws = [], [], []
    clock = measure.clock
    for _ in range(rounds):
        started = clock()
        for _ in range(frames):
            world.step()
        references.append((clock() - started) / frames)
        step = draw = 0.0
        for _ in range(frames):
            started = clock()
            scene.step()
            stepped = clock()
            scene.draw(surface)
            step += stepped - started
            draw += clock() - stepped
        steps.append(step / frames)
        draws.append(draw / frames)
    return tuple(1000 * statistics.median(v) for v in (references, steps, draws))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    print("each scene's frame (step + draw) against the 30x20 cloth's step, alternating rounds")
    for name, scene_class, surface in measure.offscreen_scenes():
        if name not in NAMES:
            continue
        reference, step, draw = alternating(scene_class, surface)
        print(f"  {name:7} step {step:.3f} + draw {draw:.3f} = {step + draw:.3f} ms; "
              f"reference {reference:.3f} ms  ->  {(step + draw) / reference:.2f}x", flush=True)
    if "--no-browser" in argv:
        return 0
    browser = wasm.measure(names=NAMES)
    if "unavailable" in browser:
        print("Pyodide not measured:", browser["unavailable"])
        return 0
    print("model step in Pyodide in Chromium and natively, wall-clock (a loaded machine inflates "
          "both; the fastest frame is the least disturbed)")
    for name, r in browser["scenes"].items():
        wasm_ms, native_ms = r["wasm"], r["native"]
        print(f"  {name:7} Pyodide mean {wasm_ms['mean']:.3f} ms, fastest {wasm_ms['fastest']:.3f}"
              f" | native mean {native_ms['mean']:.3f}, fastest {native_ms['fastest']:.3f}"
              f" | fastest ratio x{wasm_ms['fastest'] / native_ms['fastest']:.2f}  <= 4 ms: "
              f"{'yes' if wasm_ms['mean'] <= 4.0 else 'NO (mean)'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
