"""What side by side costs: the copies' model step and draw against one scene's, per demo.

    python -m benchmarks.side_by_side                      # every demo's default compare
    python -m benchmarks.side_by_side rope iterations=2,10,40 substeps=1,20

For each compare it runs FRAMES frames of the single scene and of its `app.side_by_side.CompareView`
with the same drag through them (rounds taking turns, the best of ROUNDS), and prints the model
step of one scene, of all the copies together and their ratio (the issue asks at most 3x), then
the draw of one scene at the high tier and of the grid at the high and the low tier. Times are
the process's own CPU time (`time.process_time`), so other programs on a busy machine weigh
less in them. Figures only: nothing here passes or fails.
"""

import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from app.side_by_side import CompareView  # noqa: E402
from scenes.catalog import SCENES  # noqa: E402
from scenes.kit.model import side_by_side  # noqa: E402
from scenes.kit.model.run import record

FRAMES = 300
ROUNDS = 5


def drag(points):
    """{frame: [(kind, pos)]}: a press on a middle point, a drag to and fro, a release."""
    x, y = points[len(points) // 2]
    inputs = {30: [("down", (x, y))]}
    for i in range(1, 150):
        inputs[30 + i] = [("move", (x + 80.0 * ((i % 50) / 50.0), y - 0.3 * i))]
    inputs[180] = [("up", (x, y))]
    return inputs


def models(thing):
    """The simulations a single scene or a compare view steps."""
    return [copy.run for copy in thing.copies] if isinstance(thing, CompareView) else [thing.run]


def timed_steps(thing, inputs):
    """Seconds of model steps alone (the input fed straight to the simulations) over FRAMES."""
    sims = models(thing)
    spent = 0.0
    for frame in range(FRAMES):
        for kind, value in inputs.get(frame, ()):
            for sim in sims:
                sim.apply(record(kind, value))
        start = time.process_time()
        for sim in sims:
            sim.step()
        spent += time.process_time() - start
    return spent


def timed_draws(thing, tier, frames=60):
    surface = pygame.Surface((960, 540))
    thing.context.tier = tier
    thing.draw(surface)  # the first draw builds caches
    start = time.process_time()
    for _ in range(frames):
        thing.draw(surface)
    return (time.process_time() - start) / frames


def measure(name, compare):
    cls = SCENES[name]
    fresh_single = lambda: cls(seed=0)  # noqa: E731
    fresh_view = lambda: CompareView(cls, compare, 0, None)  # noqa: E731
    inputs = drag(fresh_single().model.points())
    singles, views = [], []
    for _ in range(ROUNDS):  # taking turns, so a busy spell weighs on both alike
        singles.append(timed_steps(fresh_single(), inputs))
        views.append(timed_steps(fresh_view(), inputs))
    single, copies = min(singles) / FRAMES, min(views) / FRAMES
    draw_single = min(timed_draws(fresh_single(), "high") for _ in range(2))
    draw_high = min(timed_draws(fresh_view(), "high") for _ in range(2))
    draw_low = min(timed_draws(fresh_view(), "low") for _ in range(2))
    values = ",".join(str(v) for v in compare.values)
    print(f"| {name} | {compare.param}={values} | {single * 1e3:.3f} | {copies * 1e3:.3f} | "
          f"{copies / single:.2f}x | {draw_single * 1e3:.2f} | {draw_high * 1e3:.2f} | "
          f"{draw_low * 1e3:.2f} |", flush=True)


def main(argv):
    pygame.display.init()
    pygame.font.init()
    print("| scene | compare | step, one scene (ms) | step, all copies (ms) | ratio | "
          "draw, one scene high (ms) | draw, grid high (ms) | draw, grid low (ms) |")
    print("|---|---|---|---|---|---|---|---|")
    if argv:
        name, asked = argv[0], argv[1:]
        table = SCENES[name].params
        for text in asked:
            measure(name, side_by_side.parse(text, name, table, table.defaults()))
        return
    for name in SCENES:
        if side_by_side.offers(name):
            measure(name, side_by_side.default(name, SCENES[name].params))


if __name__ == "__main__":
    main(sys.argv[1:])
