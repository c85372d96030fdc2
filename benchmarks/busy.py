"""Native figures: frames against the reference cloth, the spider's sleeping web,
and the draw at each render tier.

- `reference_ratios`: Takopi's and the spider's frame (model step + draw at tier "high", drawn
  as the live loop draws it) over the reference cloth frame (`World.step()` of the 30 x 20
  cloth of `benchmarks.cloth`, 10 Gauss-Seidel passes), all timed in the same rounds; the best
  round of each counts.
- `busy_spider`: the recorded busy game (benchmarks/data/spider_busy.json) replayed to
  BUSY_FROM, then its last BUSY_FRAMES frames timed with the web's sleeping on and off (the
  same state at the start of the window: sleeping is switched just before it).
- `idle_web`: a game at its defaults with no input, frames IDLE_FROM to IDLE_FROM + IDLE_FRAMES,
  sleeping on and off; with `still=True` no bug comes either (the director never spawns), so
  nothing but the spider's weight ever moves the web.
- `tier_draws`: each scene drawn at every tier of `app.quality.TIERS` on the same frames.

Sleeping is `SpiderModel.web.sleeping` (True by default once built); where the web has no such
switch, the results say "sleeping not built" and time only the web as it is.
Times are CPU time of this thread, like `benchmarks.measure`.
"""

import statistics

from .cloth import MinimalCloth, engine_cloth
from .measure import clock, offscreen_scenes, percentile, timed_frame
from .record_spider import GAME_FRAMES, SEED, load
from scenes.kit.model.run import record

BUSY_FRAMES = 600
"""The busy game's timed window: its last 10 seconds."""
BUSY_FROM = GAME_FRAMES - BUSY_FRAMES
IDLE_FROM = 600
"""An idle web is timed from here (10 s in: the web has settled)..."""
IDLE_FRAMES = 600
"""... for this many frames."""
CLOTH_WARMUP = 30
CLOTH_FRAMES = 200
NOT_BUILT = "sleeping not built"


def stats(times):
    """median, p95 (nearest rank) and mean of per-frame ms."""
    return {"median": statistics.median(times), "p95": percentile(times, 0.95),
            "mean": statistics.fmean(times)}


def has_sleeping(model):
    return hasattr(model.web, "sleeping")


def _scene(name):
    for scene_name, scene_class, surface in offscreen_scenes():
        if scene_name == name:
            return scene_class, surface
    raise KeyError(name)


# --- the reference cloth and the two demos ---------------------------------------------------

def _cloth_frame_ms(cloth_class=None):
    """Median ms of a frame of the reference cloth: `World.step()` of benchmarks/cloth.py's
    engine cloth, or with `cloth_class` (e.g. `MinimalCloth`) that cloth's `step()`."""
    world = engine_cloth() if cloth_class is None else cloth_class()
    for _ in range(CLOTH_WARMUP):
        world.step()
    times = []
    for _ in range(CLOTH_FRAMES):
        started = clock()
        world.step()
        times.append(1000 * (clock() - started))
    return statistics.median(times)


POKE_EVERY = 60
"""Frames between the pokes (Enter) of the "takopi, poked" row: a body kept moving, as a reader
keeps it, so a still body's reused picture does not stand in for a drawn one."""


def _scene_frame(scene_class, surface, frames, quality="high", poke_every=None, live=True):
    """Medians of step, draw and step + draw, ms. `live`: each draw is told, as the host tells
    it in the live loop, that the canvas still holds the scene's last frame and nothing else
    was painted over it (the context's `painted_over`), so a view that can repaints only what changed
    (Takopi); False: every draw paints the whole canvas."""
    scene = scene_class(seed=0)
    scene.context.tier = quality
    steps, draws = [], []
    for frame in range(frames):
        if poke_every and frame % poke_every == 0:
            scene.run.apply(record("key_down", "return"))
            scene.run.apply(record("key_up", "return"))
        if live:
            scene.context.painted_over = []
        step_ms, draw_ms = timed_frame(scene, surface)
        steps.append(step_ms)
        draws.append(draw_ms)
    totals = [s + d for s, d in zip(steps, draws)]
    return {"step": statistics.median(steps), "draw": statistics.median(draws),
            "frame": statistics.median(totals)}


REFERENCE_ROWS = {"takopi": ("takopi", None, True), "takopi, poked": ("takopi", POKE_EVERY, True),
                  "takopi, poked, whole canvas": ("takopi", POKE_EVERY, False),
                  "spider": ("spider", None, True)}
"""Rows of the reference table: (scene, frames between pokes or None for untouched, drawn as in
the live loop or painting the whole canvas each frame)."""


REFERENCE_ROUNDS = 5
"""Rounds of the reference table. Its frames are a few ms each on a shared machine whose neighbours
can slow a whole round by 10-20% (the spider's frame read 0.66x in one table and 0.58x in
another of the same run with 3 rounds); the best of 5 is nearer the frame's own cost."""


def reference_ratios(rows=REFERENCE_ROWS, rounds=REFERENCE_ROUNDS, frames=600):
    """{"cloth_ms": ..., "scenes": {row: {"step", "draw", "frame", "ratio"}}}: medians of
    per-frame ms, the best round of each (a busy neighbour only ever adds time)."""
    scenes = {row: (_scene(name), poke, live) for row, (name, poke, live) in rows.items()}
    best_cloth, best_hand, best = float("inf"), float("inf"), {}
    for _ in range(rounds):
        best_cloth = min(best_cloth, _cloth_frame_ms())
        best_hand = min(best_hand, _cloth_frame_ms(MinimalCloth))
        for name, ((scene_class, surface), poke, live) in scenes.items():
            result = _scene_frame(scene_class, surface, frames, poke_every=poke, live=live)
            if name not in best or result["frame"] < best[name]["frame"]:
                best[name] = result
    for result in best.values():
        result["ratio"] = result["frame"] / best_cloth
        result["hand_ratio"] = result["frame"] / best_hand
    return {"cloth_ms": best_cloth, "hand_ms": best_hand, "scenes": best, "rounds": rounds,
            "frames": frames}


# --- the spider's web, busy and idle ---------------------------------------------------------

def _replayed_scene(entries, until, still=False):
    """A spider scene fed the recording up to frame `until` (steps only, nothing drawn);
    `still`: no bug ever spawns."""
    from scenes.kit.model.script import entries_by_frame

    scene_class, surface = _scene("spider")
    scene = scene_class(seed=SEED)
    if still:
        scene.model.director.countdown = float("inf")
    by_frame = entries_by_frame(entries)
    for frame in range(until):
        for entry in by_frame.get(frame, ()):
            scene.run.apply(entry)
        scene.step()
    return scene, surface, by_frame


def _timed_window(scene, surface, by_frame, start, frames, draw):
    steps, draws = [], []
    for frame in range(start, start + frames):
        for entry in by_frame.get(frame, ()):
            scene.run.apply(entry)
        started = clock()
        scene.step()
        stepped = clock()
        steps.append(1000 * (stepped - started))
        if draw:
            scene.draw(surface)
            draws.append(1000 * (clock() - stepped))
    return steps, draws


def _window(entries, start, frames, sleeping, draw, still=False):
    """Step (and draw) times of frames start .. start + frames with sleeping set as asked
    (None: leave the web as it is), plus what the web looked like at the end."""
    scene, surface, by_frame = _replayed_scene(entries, start, still)
    if sleeping is not None:
        scene.model.web.sleeping = sleeping
    steps, draws = _timed_window(scene, surface, by_frame, start, frames, draw)
    model = scene.model
    return {"step": stats(steps), "draw": stats(draws) if draws else None,
            "threads": len(model.web.threads), "knots": len(model.web.knots),
            "game_over": model.game_over}


def _sleeping_pair(entries, start, frames, rounds, draw, still=False):
    """Best round (lowest step median) with sleeping on and off, taking turns."""
    probe, _, _ = _replayed_scene(entries, 0)
    built = has_sleeping(probe.model)
    settings = (True, False) if built else (None,)
    best = {}
    for _ in range(rounds):
        for setting in settings:
            result = _window(entries, start, frames, setting, draw, still)
            if setting not in best or result["step"]["median"] < best[setting]["step"]["median"]:
                best[setting] = result
    if not built:
        return {"built": False, "awake": best[None], "note": NOT_BUILT}
    return {"built": True, "sleeping": best[True], "awake": best[False],
            "ratio": best[True]["step"]["median"] / best[False]["step"]["median"]}


def busy_spider(rounds=3, entries=None):
    """The recorded busy game's last BUSY_FRAMES frames: step with sleeping on and off, and
    the draw (tier "high")."""
    entries = load() if entries is None else entries
    result = _sleeping_pair(entries, BUSY_FROM, BUSY_FRAMES, rounds, draw=True)
    result.update(start=BUSY_FROM, frames=BUSY_FRAMES, rounds=rounds)
    return result


def idle_web(rounds=3, still=False):
    """A game at its defaults with no input, frames IDLE_FROM .. IDLE_FROM + IDLE_FRAMES;
    `still`: and no bugs."""
    result = _sleeping_pair([], IDLE_FROM, IDLE_FRAMES, rounds, draw=False, still=still)
    result.update(start=IDLE_FROM, frames=IDLE_FRAMES, rounds=rounds, still=still)
    return result


# --- render tiers ----------------------------------------------------------------------------

def tier_draws(frames=300, warmup=30):
    """{scene: {tier: draw median ms}}: each frame is stepped once and drawn at every tier, the
    order rotating frame by frame, so every tier draws the same states."""
    from app.quality import TIERS

    results = {}
    for name, scene_class, surface in offscreen_scenes():
        scene = scene_class(seed=0)
        times = {tier: [] for tier in TIERS}
        for frame in range(warmup + frames):
            scene.step()
            shift = frame % len(TIERS)
            for tier in TIERS[shift:] + TIERS[:shift]:
                scene.context.tier = tier
                started = clock()
                scene.draw(surface)
                if frame >= warmup:
                    times[tier].append(1000 * (clock() - started))
        scene.context.tier = "high"
        results[name] = {tier: statistics.median(values) for tier, values in times.items()}
    return results
