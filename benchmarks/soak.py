"""The long robustness soak, run by hand: `./build.sh soak` or `python -m benchmarks.soak`.

What CI checks on 20,000 frames per scene, here on 200,000: every scene under a seeded input
storm (tests/support/robustness.py) with the invariants after every frame, and tracemalloc
growth of the spider game over 50,000 frames against the same bound as the CI test, and long
spider games played by a roaming bot that reacts to a fall only after a second (the
spider in view every frame, bugs coming every minute; CI plays three seeds for one minute).
Scenes run in parallel worker processes. Prints one line per run and exits 1 if anything broke.

    python -m benchmarks.soak [--frames 200000] [--memory-frames 50000] [--seeds 4]
                              [--spider-games 5] [--spider-frames 54000]
"""

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tests.support.robustness import SCENE_NAMES, fuzz_job  # noqa: E402
from tests.support.spider import long_game  # noqa: E402
from tests.support.memory import MEMORY_BOUND, WARMUP_FRAMES, spider_game, traced_growth  # noqa: E402


def memory_job(frames):
    sim, run = spider_game(seed=17)
    run(WARMUP_FRAMES)
    return traced_growth(run, frames, forget=sim.begin_here)


SPAWNS_PER_MINUTE_FLOOR = 5
"""A whole minute of play with fewer new bugs than this counts as a game left alone by the ramp
(at the start of a game about 12 come a minute, and more as it ramps up)."""


def long_game_job(job):
    seed, frames = job
    started = time.perf_counter()
    stats = long_game(seed, frames)
    stats["seconds"] = time.perf_counter() - started
    return seed, stats


def report_long_game(seed, stats):
    """Print one long game's line; return True when it broke the issue-13 promises."""
    spawns = stats["spawns"]
    broken = stats["outside"] > 0 or (spawns and min(spawns) < SPAWNS_PER_MINUTE_FLOOR)
    print(f"{'FAIL' if broken else 'ok  '} spider long game seed {seed}: {stats['frames']} frames, "
          f"{stats['games']} games, spider outside the view {stats['outside']} frames (closest "
          f"{stats['closest_edge']:.0f} px inside the edge), below the world {stats['below']} "
          f"frames, new bugs a minute {min(spawns, default=0)}-{max(spawns, default=0)} "
          f"(mean {sum(spawns) / max(1, len(spawns)):.1f}): {spawns}, {stats['seconds']:.0f} s",
          flush=True)
    return broken


def main(argv=None):
    parser = argparse.ArgumentParser(prog="benchmarks.soak", description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=200_000, help="storm frames per scene")
    parser.add_argument("--seeds", type=int, default=4, help="seeds the frames are split over")
    parser.add_argument("--memory-frames", type=int, default=50_000,
                        help="traced frames of the spider game (0 skips)")
    parser.add_argument("--spider-games", type=int, default=5,
                        help="long spider games by a roaming bot, one a seed (0 skips)")
    parser.add_argument("--spider-frames", type=int, default=54_000,
                        help="frames of each long spider game (15 minutes)")
    args = parser.parse_args(argv)
    jobs = [(name, args.frames // args.seeds, 1000 + seed, None, 10)
            for name in SCENE_NAMES for seed in range(args.seeds)]
    started = time.perf_counter()
    broken = 0
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        memory = pool.submit(memory_job, args.memory_frames) if args.memory_frames else None
        games = [pool.submit(long_game_job, (seed, args.spider_frames))
                 for seed in range(args.spider_games)]
        for result in pool.map(fuzz_job, jobs):
            name, frames, seed = result["job"]
            if result["failure"]:
                broken += 1
                print(f"FAIL {name} seed {seed}: {result['failure']}", flush=True)
            else:
                print(f"ok   {name} seed {seed}: {frames} frames, {result['restarts']} restarts, "
                      f"farthest outside the world {result['worst_outside']:.0f} px, longest "
                      f"stretch {result['longest_stretch']} frames, most {result['most']}",
                      flush=True)
        for game in games:
            broken += report_long_game(*game.result())
        if memory is not None:
            growth = memory.result()
            over = growth >= MEMORY_BOUND
            broken += over
            print(f"{'FAIL' if over else 'ok  '} spider memory: {growth / 1e6:.3f} MB traced growth "
                  f"over {args.memory_frames} frames (bound {MEMORY_BOUND / 1e6:.1f} MB)")
    print(f"soak done in {time.perf_counter() - started:.0f} s: "
          f"{'nothing broke' if not broken else f'{broken} failures'}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
