"""Issue 15's speed check, focused: the cloth, flag, bridge and hair frames against the
reference 30 x 20 cloth, taking turns in one run, and their model steps in Pyodide.

    python -m benchmarks.fabric_scenes [--no-browser]

The full `./build.sh bench` measures every scene the same way (the ratio to the 30 x 20 cloth
is printed beside each scene); this runs only what issue 15 added, so it finishes in a minute
or two on a loaded machine. Native times are CPU time (`time.thread_time`); each scene's frame
(step + draw) and the reference cloth's step are medians over the same rounds.
"""

import statistics
import sys

from . import measure, wasm
from .cloth import engine_cloth

NAMES = ("cloth", "flag", "bridge", "hair")
ROUNDS = 3
FRAMES = 300


def reference_step(frames=FRAMES):
    world = engine_cloth()
    times = []
    for _ in range(frames):
        started = measure.clock()
        world.step()
        times.append(1000 * (measure.clock() - started))
    return statistics.median(times)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    scenes = {name: (cls, surface) for name, cls, surface in measure.offscreen_scenes()
              if name in NAMES}
    best, references = {}, []
    for _ in range(ROUNDS):
        references.append(reference_step())
        for name, (scene_class, surface) in scenes.items():
            result = measure._one_scene_run(scene_class, surface, FRAMES, 30)
            if name not in best or result["total_median"] < best[name]["total_median"]:
                best[name] = result
    reference = min(references)
    print(f"reference 30x20 cloth step (median, best of {ROUNDS} rounds): {reference:.3f} ms")
    for name, r in best.items():
        print(f"  {name:7} step {r['step_median']:.3f} + draw {r['draw_median']:.3f} = "
              f"{r['total_median']:.3f} ms  ->  {r['total_median'] / reference:.2f}x the reference")
    if "--no-browser" in argv:
        return 0
    browser = wasm.measure(names=NAMES)
    if "unavailable" in browser:
        print("Pyodide not measured:", browser["unavailable"])
        return 0
    for name, r in browser["scenes"].items():
        print(f"  {name:7} Pyodide step mean {r['wasm']['mean']:.3f} ms (native "
              f"{r['native']['mean']:.3f}, x{r['ratio']:.2f})  <= 4 ms: "
              f"{'yes' if r['wasm']['mean'] <= 4.0 else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
