"""The spider game's memory check, shared by tests/app/test_time_gaps_and_memory.py (CI's short
run) and benchmarks/soak.py (the 50,000-frame traced run): one long seeded game under an input
storm, its warm-up, the bound on its growth, and the traced growth over a number of frames."""

import gc
import tracemalloc

from tests.support.robustness import Storm, apply, make_simulation

WARMUP_FRAMES = 1_000
"""Frames the game plays before anything is counted (the web and the swarm fill up)."""
MEMORY_BOUND = 2_000_000
"""Bytes the spider game may grow by once warmed up. The web is capped (about 400 threads and
their knots, a few hundred bytes each: some 0.3 MB at its largest), the swarm by its spawn rules
and the sky is fixed, so a game holding all of them at their largest stays well under 2 MB more
than after warm-up; a list that grows with play, or a leak of ~100 B a frame over the soak's
50,000 frames (5 MB), shows."""


def spider_game(seed=11):
    sim = make_simulation("spider", seed=seed)
    storm = Storm(seed, sim.params)
    storm.RESTART = 0.0  # one long game: a restart would free everything
    storm.PARAMS = 0.002

    def run(frames):
        for _ in range(frames):
            for kind, value in storm.inputs(sim.model, sim.size):
                apply(sim, kind, value)
            sim.step()
    return sim, run


def traced_growth(run, frames, forget=None):
    """Bytes allocated while running `frames` frames and still alive after (tracemalloc).

    `forget`, called before and after, lets go of what the run keeps to go back in time (its
    keyframes: `Run.begin_here`), so what is counted is the game's own growth and one keyframe,
    not how many keyframes the rewind happens to hold at the two moments (7 to 22 of them in a
    busy spider game, whose spacing follows what they cost; the rewind tests bound those)."""
    gc.collect()
    if forget is not None:
        forget()
    tracemalloc.start()
    try:
        run(frames)
        if forget is not None:
            forget()
        gc.collect()
        growth, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return growth
