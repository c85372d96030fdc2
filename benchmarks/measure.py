"""Native measurements: engine overhead, distance-constraint scaling, scene frames, allocations.

Times are CPU time of this thread (`time.thread_time`), not wall-clock time: the machines we
measure on are shared, and CPU time leaves out the moments another process had the core.
"""

import os
import statistics
import time
import tracemalloc

from verlet import Distance, World

from .cloth import MinimalCloth, engine_cloth, engine_positions

clock = time.thread_time


def percentile(values, share):
    """The value below which `share` of the sorted values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def offscreen_scenes():
    """(name, scene class, offscreen surface) for every scene, pygame started without a window."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from scenes.catalog import SCENES

    pygame.display.init()
    pygame.font.init()
    for name, scene_class in SCENES.items():
        yield name, scene_class, pygame.Surface(scene_class.size)


# --- 1. engine overhead ---------------------------------------------------------------------

def engine_overhead(rounds=150, frames_per_round=2):
    """The cloth stepped by `verlet` and by the bare loop in alternating short rounds.

    Alternating rounds see the same machine state; the median round of each is compared.
    Returns a dict with ms per frame of each, their ratio, and whether the positions agree.
    """
    world, bare = engine_cloth(), MinimalCloth()
    engine_times, bare_times = [], []
    for _ in range(rounds):
        for step, times in ((world.step, engine_times), (bare.step, bare_times)):
            started = clock()
            for _ in range(frames_per_round):
                step()
            times.append((clock() - started) / frames_per_round)
    engine_ms = 1000 * statistics.median(engine_times)
    bare_ms = 1000 * statistics.median(bare_times)
    same = engine_positions(world) == bare.positions()
    return {"frames": rounds * frames_per_round, "engine_ms": engine_ms, "bare_ms": bare_ms,
            "ratio": engine_ms / bare_ms, "same_positions": same,
            "links": len(world.constraints), "particles": len(world.particles)}


# --- 2. scaling -----------------------------------------------------------------------------

EDGE_COUNTS = (50, 100, 200, 500, 1000, 2000, 5000)
SCALING_ITERATIONS = 10


def hanging_chain(edges, solver):
    """A chain of `edges` exact links, its first point pinned, in a world of that solver."""
    world = World(gravity=(0.0, 0.5), damping=0.99, iterations=SCALING_ITERATIONS, solver=solver)
    points = [world.add_particle(100.0 + i * 0.2, 20.0 + i * 2.0, pinned=i == 0)
              for i in range(edges + 1)]
    for a, b in zip(points, points[1:]):
        world.add(Distance(a, b, 2.0))
    for _ in range(5):
        world.step()
    return world


def scaling(edge_counts=EDGE_COUNTS, budget_seconds=0.4):
    """ns per edge-iteration of `World.solve` for chains of each length, both solvers."""
    rows = []
    for edges in edge_counts:
        row = {"edges": edges}
        for solver in ("gauss-seidel", "jacobi"):
            world = hanging_chain(edges, solver)
            samples, spent = [], 0.0
            while spent < budget_seconds or len(samples) < 5:
                started = clock()
                world.solve()
                elapsed = clock() - started
                samples.append(elapsed)
                spent += elapsed
            row[solver] = 1e9 * statistics.median(samples) / (edges * SCALING_ITERATIONS)
        rows.append(row)
    return rows


# --- 3. scenes, native ----------------------------------------------------------------------

def scene_frames(frames=600, warmup=30, rounds=3):
    """Per scene at its defaults: model step and view draw, ms per frame (median, p95).

    Each scene runs `rounds` times from a fresh start, the scenes taking turns; the round with
    the lowest step + draw median is kept. On a shared machine a neighbour only ever adds time
    (the same scene measured 1.6 and 2.7 ms a draw in two runs a minute apart), so the best
    round is the closest to what the code costs.
    """
    best = {}
    scenes = list(offscreen_scenes())
    for _ in range(rounds):
        for name, scene_class, surface in scenes:
            result = _one_scene_run(scene_class, surface, frames, warmup)
            if name not in best or result["total_median"] < best[name]["total_median"]:
                best[name] = result
    return best


def timed_frame(scene, surface):
    """Step and draw `scene` once: (step ms, draw ms), CPU time of this thread."""
    started = clock()
    scene.step()
    stepped = clock()
    scene.draw(surface)
    drawn = clock()
    return 1000 * (stepped - started), 1000 * (drawn - stepped)


def _one_scene_run(scene_class, surface, frames, warmup):
    scene = scene_class(seed=0)
    for _ in range(warmup):
        scene.step()
        scene.draw(surface)
    scene = scene_class(seed=0)
    steps, draws = [], []
    for _ in range(frames):
        step_ms, draw_ms = timed_frame(scene, surface)
        steps.append(step_ms)
        draws.append(draw_ms)
    totals = [s + d for s, d in zip(steps, draws)]
    return {
        "step_median": statistics.median(steps), "step_p95": percentile(steps, 0.95),
        "step_mean": statistics.fmean(steps),
        "draw_median": statistics.median(draws), "draw_p95": percentile(draws, 0.95),
        "draw_mean": statistics.fmean(draws),
        "total_median": statistics.median(totals), "total_p95": percentile(totals, 0.95)}


# --- 6. allocations -------------------------------------------------------------------------

def allocation_growth(frames=10_000, settle=1_000, draw_every=10):
    """Per scene: memory traced by tracemalloc after `settle` frames and after `frames`.

    Every frame is a model step, and every `draw_every`-th frame also a view draw (tracing
    every allocation makes a frame 10-25 times slower: drawing all 10,000 would take long).
    Growth between the two marks, divided by the frames between them, is what a longer run
    would keep adding.
    """
    results = {}
    for name, scene_class, surface in offscreen_scenes():
        scene = scene_class(seed=0)
        tracemalloc.start()
        marks = {}
        for frame in range(1, frames + 1):
            scene.step()
            if frame % draw_every == 0:
                scene.draw(surface)
            if frame in (settle, frames):
                marks[frame] = tracemalloc.get_traced_memory()[0]
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        growth = marks[frames] - marks[settle]
        results[name] = {"at_settle_kb": marks[settle] / 1024, "at_end_kb": marks[frames] / 1024,
                         "growth_kb": growth / 1024,
                         "bytes_per_frame": growth / (frames - settle), "peak_kb": peak / 1024,
                         "frames": frames, "settle": settle, "draw_every": draw_every}
    return results
