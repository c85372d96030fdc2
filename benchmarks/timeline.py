"""What keeping the last 10 s costs: recording time, memory and the time of a scrub, per demo.

    python -m benchmarks.timeline            # every demo, keyframes spaced by their cost
    python -m benchmarks.timeline rope 5 10  # one demo, keyframes every 5, then every 10 frames

It runs FRAMES frames of each demo through a `Run` with a drag through it and prints, per
demo:

    step        the model step, ms (mean over the run, CPU time of this thread)
    recording   what keeping the run adds to a step (keyframes and the inputs kept), as a share
                of the model step: both timed in the same run, frame by frame, so the figure
                is not the difference of two noisy runs
    memory      the bytes kept for the last KEEP frames (pickled keyframes and inputs)
    keyframes   how many are kept, and the mean frames between them
    scrub       the slowest and the mean jump to a random kept frame (a restore and the steps
                from its keyframe replayed)

against the budgets: recording at most 5% of the step, at most 20 MB, a scrub within 50 ms.
Figures only: nothing here passes or fails (`./build.sh bench` prints this table too).
"""

import random
import sys
import time

from scenes.catalog import SCENES
from scenes.kit.model.run import record, Run, SIZE
from app.memory import set_aside_start_up
from app.rewind import FRAMES_PER_SECOND, IDLE_SECONDS
from scenes.kit.model.keyframes import KEEP, SHARE

FRAMES = KEEP + 300
SCRUBS = 150
RECORDING_BUDGET = 5.0
"""Most a timeline may add to a model step, %."""
MEMORY_BUDGET_MB = 20.0
SCRUB_BUDGET_MS = 50.0
clock = time.thread_time
"""CPU time of this thread, as the other benchmarks measure (the machine may be shared). The
timeline spaces its keyframes by its own clock (`time.perf_counter`), as in a program: on a
shared machine a step that waited looks dearer, so keyframes come a little more often."""


def drag(sim):
    """{frame: [(kind, pos)]}: a slow drag of a middle point back and forth, then a release."""
    points = sim.model.points() or [(SIZE[0] / 2.0, SIZE[1] / 2.0)]
    x, y = points[len(points) // 2]
    inputs = {30: [("down", (x, y))]}
    for i in range(1, 400):
        inputs[30 + i] = [("move", (x + 120.0 * ((i % 100) / 100.0), y + 0.2 * i))]
    inputs[430] = [("up", (x, y))]
    return inputs


def driven(run, inputs, plain=False):
    """Run FRAMES frames of `run` fed `inputs`; return (seconds of the frames, seconds of the
    run's own work in them: its model's steps and inputs, each with the run's bookkeeping of
    a frame and a record, what a `Simulation` did before rewind came in). With `plain`, the
    inputs go straight to its model and the model steps alone, as a bare loop would."""
    model = [0.0]

    def timed(work):
        def timed_work(*args):
            start = clock()
            work(*args)
            model[0] += clock() - start
        return timed_work

    bare = run.model
    if plain:
        step, feed = timed(bare.step), timed(bare.input)
    else:  # what keeping the run calls: everything else it does is the recording
        run._whole_frame, run._decode = timed(run._whole_frame), timed(run._decode)
    total = 0.0
    try:
        for frame in range(FRAMES):
            start = clock()
            for kind, value in inputs.get(frame, ()):
                if plain:
                    feed(kind, value)
                else:
                    run.apply(record(kind, value))
            if plain:
                step()
            else:
                run.step()
            total += clock() - start
    finally:
        if not plain:
            del run._whole_frame, run._decode
    return total, model[0]


def scrubs(timeline):
    """Seconds of SCRUBS jumps to random kept frames, each with the collection of what it left
    that the paused frame it happens in runs (`Run.collect_garbage`)."""
    frames = list(range(timeline.oldest, timeline.newest + 1))
    random.Random(0).shuffle(frames)
    jumps = []
    for frame in frames[:SCRUBS]:
        start = clock()
        timeline.go_to(frame)
        timeline.collect_garbage()
        jumps.append(clock() - start)
    return jumps


def measure(name, every=None):
    """{"step_ms", "recording_pct", "memory_mb", "frames", "keyframes", "spacing",
    "scrub_worst_ms", "scrub_mean_ms", "prepared_worst_ms", "prepared_mean_ms"} of one demo:
    keyframes spaced by cost (or every `every` frames); scrubs right after the run, then after
    a second of paused frames (60 x `IDLE_SECONDS` of `Run.prepare`)."""
    scene = SCENES[name]
    fresh = lambda: Run(name, scene.model_class, scene.params, SIZE, seed=1,  # noqa: E731
                        every=every)
    set_aside_start_up()  # as the app does before it builds its first scene
    inputs = drag(fresh())
    plain_total, plain_model = driven(fresh(), inputs, plain=True)  # driving with nothing kept
    timeline = fresh()  # spaced by its own clock, as in a program
    total, model = driven(timeline, inputs)
    recording = (total - model) - (plain_total - plain_model)
    cold = scrubs(timeline)
    timeline.live()
    memory = timeline.memory_bytes()
    keyframes = len(timeline.keyframes.kept)
    for _ in range(FRAMES_PER_SECOND):
        timeline.prepare(IDLE_SECONDS)
    warm = scrubs(timeline)
    return {"step_ms": model / FRAMES * 1e3, "recording_pct": recording / model * 100.0,
            "memory_mb": memory / 1e6, "frames": timeline.length, "keyframes": keyframes,
            "spacing": timeline.length / max(1, keyframes - 1),
            "scrub_worst_ms": max(cold) * 1e3, "scrub_mean_ms": sum(cold) / len(cold) * 1e3,
            "prepared_worst_ms": max(warm) * 1e3,
            "prepared_mean_ms": sum(warm) / len(warm) * 1e3,
            "prepared_mb": timeline.memory_bytes() / 1e6}


def measure_all(names=None, every=None, rounds=2):
    """`measure` of every demo named (all by default), each figure the lowest of `rounds` runs
    (a shared machine only ever adds time)."""
    results = {}
    for name in names or list(SCENES):
        runs = [measure(name, every) for _ in range(rounds)]
        results[name] = {key: min(run[key] for run in runs) for key in runs[0]}
    return results


def ok(flag):
    return "yes" if flag else "**no**"


def section(results, every=None):
    """The markdown table of `measure_all`."""
    rows = ["| scene | model step ms | recording % of step | MB kept | keyframes (frames apart) "
            "| scrub worst / mean ms | after 1 s paused: worst / mean ms, MB | within budget |",
            "|" + "---|" * 8]
    for name, r in results.items():
        fits = (r["recording_pct"] <= RECORDING_BUDGET and r["prepared_mb"] <= MEMORY_BUDGET_MB
                and r["scrub_worst_ms"] <= SCRUB_BUDGET_MS)
        rows.append(f"| {name} | {r['step_ms']:.3f} | {r['recording_pct']:.2f} | "
                    f"{r['memory_mb']:.2f} | {r['keyframes']} ({r['spacing']:.0f}) | "
                    f"{r['scrub_worst_ms']:.1f} / {r['scrub_mean_ms']:.1f} | "
                    f"{r['prepared_worst_ms']:.1f} / {r['prepared_mean_ms']:.1f}, "
                    f"{r['prepared_mb']:.2f} | {ok(fits)} |")
    spacing = (f"a keyframe every {every} frames" if every else
               f"keyframes spaced by their cost, {SHARE:.0%} of the steps between them, dear ones "
               f"no further apart than recording and the slowest jump balance")
    return ("## Rewind: the timeline's cost\n\nEach demo at its defaults, "
            f"{FRAMES} frames with a slow drag through a `Run` (the last {KEEP} frames "
            f"kept, {spacing}), CPU time of this thread, each figure the lowest of two runs. "
            "Recording is what the timeline adds to a frame beside the model's own work (its "
            "steps and inputs, timed in the same run), less what driving the bare model "
            f"the same way costs; a scrub is a jump to a random kept frame ({SCRUBS} of them) "
            "and the collection of the garbage it left, as the paused frame it happens in "
            "runs them, right after the run and again after a second of paused frames has "
            "filled in keyframes (`Run.prepare`); the heap start-up built is set aside "
            "first, as the app does (`app.memory`). Budgets: "
            f"recording at most {RECORDING_BUDGET:g}% of the step, at most "
            f"{MEMORY_BUDGET_MB:g} MB, a scrub within {SCRUB_BUDGET_MS:g} ms.\n\n"
            + "\n".join(rows))


def main(argv):
    names = [a for a in argv if a in SCENES] or list(SCENES)
    spacings = tuple(int(a) for a in argv if a.isdigit()) or (None,)
    for every in spacings:
        print(section(measure_all(names, every), every) + "\n", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
