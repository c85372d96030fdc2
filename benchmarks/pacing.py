"""The live loop's pacing: how many simulation steps each displayed frame runs.

`main.run_live` runs for a few seconds per scene exactly as a user's window does, with one spy
counting the steps between two draws and the wall-clock time of each frame: on SDL's dummy
driver (the pacer sleeps to 1/60 s deadlines), and where Xvfb is installed also in a real X
window (SDL's x11 driver, vsync asked for). The frame times measured in that
run are also fed to the naive rule (add up raw time, run whole steps), so both
rules are compared on the same frames.

    python -m benchmarks.pacing [--seconds 6]      prints the markdown table
"""

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STEP = 1.0 / 60.0


def raw_rule(frame_times):
    """Steps per frame under the naive rule (raw elapsed time into the backlog)."""
    backlog, steps = 0.0, []
    for elapsed in frame_times:
        backlog += elapsed
        n = min(4, int(backlog / STEP))
        backlog = 0.0 if int(backlog / STEP) > 4 else backlog - n * STEP
        steps.append(n)
    return steps


def measure_scene(name, seconds):
    """(frame times, steps per frame) of `seconds` of the live loop showing scene `name`."""
    import pygame

    import main
    from app.options import Options

    frame_times, steps, counter, stamps, asked = [], [], [0], [], [False]
    real_make_scene = main.make_scene

    def spy(options):
        scene = real_make_scene(options)
        real_step, real_draw = scene.step, scene.draw

        def step():
            counter[0] += 1
            real_step()

        def draw(surface):
            now = main.time.perf_counter()
            if stamps:
                frame_times.append(now - stamps[-1])
                steps.append(counter[0])
            stamps.append(now)
            counter[0] = 0
            real_draw(surface)
            if stamps[-1] - stamps[0] > seconds and not asked[0]:
                asked[0] = True  # once: a QUIT left over would end the next scene's run
                pygame.event.post(pygame.event.Event(pygame.QUIT))

        scene.step, scene.draw = step, draw
        return scene

    main.make_scene = spy
    try:
        asyncio.run(main.run_live(Options(scene=name)))
    finally:
        main.make_scene = real_make_scene
    warm = 30  # the first frames: the window appearing, the pacer finding its beat
    return frame_times[warm:], steps[warm:]


def summary(frame_times, steps):
    n = len(steps)
    share = {k: 100.0 * sum(1 for s in steps if s == k) / n for k in (0, 1)}
    share[2] = 100.0 * sum(1 for s in steps if s >= 2) / n
    ordered = sorted(frame_times)
    return {"frames": n, "median_ms": 1000 * statistics.median(frame_times),
            "p95_ms": 1000 * ordered[int(0.95 * (n - 1))],
            "steps_per_s": sum(steps) / sum(frame_times),
            "one": share[1], "none": share[0], "two_plus": share[2]}


def child(seconds):
    """Measure every scene here (the display is set up by the parent) and print JSON."""
    sys.path.insert(0, str(ROOT))
    from scenes.catalog import SCENES

    results = {}
    for name in SCENES:
        frame_times, steps = measure_scene(name, seconds)
        results[name] = {"new": summary(frame_times, steps),
                         "old": summary(frame_times, raw_rule(frame_times))}
    import pygame

    results["_driver"] = os.environ.get("SDL_VIDEODRIVER", "")
    results["_pygame"] = pygame.version.ver
    print(json.dumps(results))


def run_child(env, seconds):
    result = subprocess.run([sys.executable, "-m", "benchmarks.pacing", "--child",
                             "--seconds", str(seconds)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        lines = result.stderr.strip().splitlines() or ["no output"]
        return {"_error": lines[-1], "_driver": env.get("SDL_VIDEODRIVER", "")}
    return json.loads(result.stdout.strip().splitlines()[-1])


def measure(seconds=6.0):
    """[results]: on SDL's dummy driver, and in a real X window on Xvfb when there is one."""
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    runs = [run_child(dict(env, SDL_VIDEODRIVER="dummy"), seconds)]
    if shutil.which("Xvfb"):
        read, write = os.pipe()
        server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0",
                                   "1280x800x24", "-nolisten", "tcp"], pass_fds=(write,),
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            display = ":" + pipe.readline().strip()
        try:
            runs.append(run_child(dict(env, DISPLAY=display, SDL_VIDEODRIVER="x11"), seconds))
        finally:
            server.terminate()
            server.wait(timeout=10)
    return runs


def section(runs):
    from .__main__ import table  # noqa: PLC0415 (the shared table helper)

    parts = ["## 7. Live loop pacing\n\n`main.run_live` as a user's window runs it, a few seconds "
             "per scene after 30 warm-up frames. Both rules see the same measured frame times; "
             "the old rule's row is what it would have run on them."]
    for results in runs:
        results = dict(results)
        if "_error" in results:
            parts.append(f"With SDL's {results['_driver']} driver: not measured ({results['_error']}).")
            continue
        driver = results.pop("_driver")
        version = results.pop("_pygame")
        where = ("In a real X window on Xvfb (SDL x11 driver, vsync asked for; Xvfb draws with "
                 "software OpenGL, so its flips are slow and nothing like a real screen's)"
                 if driver == "x11" else
                 "On SDL's dummy driver (no screen: the pacer sleeps to 1/60 s deadlines)")
        rows = []
        for name, both in results.items():
            for rule in ("new", "old"):
                r = both[rule]
                rows.append((name, "fixed-step clock" if rule == "new" else "raw time (before)",
                             r["frames"], f"{r['median_ms']:.2f}", f"{r['p95_ms']:.2f}",
                             f"{r['steps_per_s']:.1f}", f"{r['one']:.1f}%", f"{r['none']:.1f}%",
                             f"{r['two_plus']:.1f}%"))
        parts.append(f"{where}, pygame-ce {version}:\n\n"
                     + table(("scene", "rule", "frames", "frame median ms", "frame p95 ms",
                              "steps / s", "frames with 1 step", "with 0", "with 2+"), rows))
    return "\n\n".join(parts)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m benchmarks.pacing", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.child:
        child(options.seconds)
        return 0
    print(section(measure(options.seconds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
