"""What keeping the last 10 s costs: recording time, memory and the time of a scrub, per demo.

    python -m benchmarks.timeline            # every demo whose model pickles
    python -m benchmarks.timeline rope 5 10  # one demo, chosen keyframe spacings

For each keyframe spacing K it runs 900 frames of a demo with a drag through it, once plain and
once through a `Timeline`, and prints the model step, what recording adds to it (%), the bytes
kept for the last 600 frames, and the slowest and mean jump to a frame of them (a restore and
up to K - 1 replayed steps). Figures only: nothing here passes or fails.
"""

import random
import sys
import time

from scenes.bridge import model as bridge
from scenes.flag import model as flag
from scenes.kit.model.simulation import Simulation
from scenes.kit.model.timeline import KEEP, Timeline
from scenes.rope import model as rope
from scenes.takopi import model as takopi

DEMOS = {"rope": (rope.RopeModel, rope.PARAMS), "takopi": (takopi.TakopiModel, takopi.PARAMS),
         "flag": (flag.FlagModel, flag.PARAMS), "bridge": (bridge.BridgeModel, bridge.PARAMS)}
FRAMES = 900
SPACINGS = (1, 5, 10, 20)


def drag(sim):
    """{frame: [(kind, pos)]}: a slow drag of a middle point back and forth, then a release."""
    x, y = sim.model.points()[len(sim.model.points()) // 2]
    inputs = {30: [("down", (x, y))]}
    for i in range(1, 400):
        inputs[30 + i] = [("move", (x + 120.0 * ((i % 100) / 100.0), y + 0.2 * i))]
    inputs[430] = [("up", (x, y))]
    return inputs


def run(driver, inputs):
    """Seconds for FRAMES frames of `driver` (a Simulation or a Timeline) fed `inputs`."""
    start = time.perf_counter()
    for frame in range(FRAMES):
        for kind, value in inputs.get(frame, ()):
            driver.input(kind, value)
        driver.step()
    return time.perf_counter() - start


def measure(name, spacings):
    model_class, params = DEMOS[name]
    fresh = lambda: Simulation(name, model_class, params, (960, 540), seed=1)  # noqa: E731
    inputs = drag(fresh())
    plain = min(run(fresh(), inputs) for _ in range(2))
    print(f"{name}: model step {plain / FRAMES * 1e3:.2f} ms (mean of {FRAMES} frames)")
    for every in spacings:
        best, timeline = None, None
        for _ in range(2):
            candidate = Timeline(fresh(), every=every)
            seconds = run(candidate, inputs)
            if best is None or seconds < best:
                best, timeline = seconds, candidate
        cost = (best - plain) / plain * 100.0
        frames = list(range(timeline.oldest, timeline.newest + 1))
        random.Random(0).shuffle(frames)
        jumps = []
        for frame in frames[:150]:
            start = time.perf_counter()
            timeline.go_to(frame)
            jumps.append(time.perf_counter() - start)
        timeline.live()
        print(f"  every {every:>2}: recording {cost:+5.1f}% of the step, "
              f"{timeline.memory_bytes() / 1e6:5.2f} MB for {timeline.length} frames "
              f"({len(timeline._keyframes)} keyframes), "
              f"scrub worst {max(jumps) * 1e3:5.1f} ms, mean {sum(jumps) / len(jumps) * 1e3:4.1f} ms")


def main(argv):
    names = [a for a in argv if a in DEMOS] or list(DEMOS)
    spacings = tuple(int(a) for a in argv if a.isdigit()) or SPACINGS
    print(f"timeline: last {KEEP} frames kept; {FRAMES} frames run per figure")
    for name in names:
        measure(name, spacings)


if __name__ == "__main__":
    main(sys.argv[1:])
