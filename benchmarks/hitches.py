"""What a reader's action costs in the frame that carries it: restart, first show, side by side.

    python -m benchmarks.hitches            every scene, a table
    python -m benchmarks.hitches flag rope  some

One session of the host (`app.host.Host`, headless, the high tier) as a reader goes through
it: it opens on the rope, and visits every scene in turn (the rope last). In each: its median
frame (the host's frame and draw, FRAMES frames once nothing is left to build ahead), then
three hitches, each the whole frame the action lands in, as a multiple of a median:

- first show: the switch to the scene, the first time in the session (every kept settled shape
  forgotten when the session starts, as in a fresh page), its frame and draw; against the
  scene's median (the rope's first show is the session's start: not measured);
- restart: R in play (a restart record at once, `Run.apply`, what the key and the toolbar's button do once the
  scene's restart rule agrees), the frame's step and draw; the worst of RESTARTS, against the
  scene's median;
- side by side: the toolbar's compare button (`app.side_by_side.CompareView` with the scene's
  default compare: its copies built), the grid's frame and draw; against the grid's median.

It runs twice: building nothing ahead (each build in the frame of the action, as before issue
34), and the live loop's way (`scenes.kit.model.prepare.PREPARED` on: every host frame spends
up to `app.ahead.PREPARE_SECONDS` building ahead what R, a switch or side by side will need);
the second also gives the worst frame while it builds ahead, against the median.

The issue's target: each at most TARGET x the median frame. Times are the process's own CPU time
(`time.process_time`), so other programs on a busy machine weigh less in them; the machine may be
shared, so read the ratios, which are measured in the same run. Figures only: nothing here
passes or fails.
"""

import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from app.host import Host  # noqa: E402
from app.memory import set_aside_start_up  # noqa: E402
from app.window import HeadlessWindow  # noqa: E402
from scenes.catalog import SCENES  # noqa: E402
from scenes.kit.model import side_by_side  # noqa: E402
from scenes.kit.model.prepare import PREPARED  # noqa: E402
from scenes.kit.model.run import restart_record

FRAMES = 120
"""Frames a median is taken over."""
RESTARTS = 3
AHEAD_MOST = 2400
"""Frames a scene is given to build ahead before it is measured, at most."""
TARGET = 4.0
"""Target: a hitch at most this many times the median frame."""
FIRST = "rope"


def forget_kept_shapes():
    """Empty every settled-shape cache the scenes keep (`SETTLED_SHAPES` in any scene module),
    as a fresh page has them."""
    for name, module in list(sys.modules.items()):
        if name.startswith("scenes.") and isinstance(getattr(module, "SETTLED_SHAPES", None), dict):
            module.SETTLED_SHAPES.clear()


def timed(host, surface, action=None):
    """CPU seconds of `action()` (if any), then one host frame and draw."""
    start = time.process_time()
    if action is not None:
        action()
    host.frame(1)
    host.draw(surface)
    return time.process_time() - start


def build_ahead(host, surface):
    """Frames until nothing is left to build ahead (at most AHEAD_MOST); their worst, s."""
    worst = 0.0
    for _ in range(AHEAD_MOST):
        pending = PREPARED.enabled and any(b[0] is not None for b in PREPARED.builds.values())
        worst = max(worst, timed(host, surface))
        if not pending and PREPARED.enabled and not any(
                b[0] is not None for b in PREPARED.builds.values()):
            break
        if not PREPARED.enabled:
            break
    return worst


def median_frame(host, surface):
    return statistics.median(timed(host, surface) for _ in range(FRAMES))


def session(ahead):
    """{scene: {"median", "first", "restart", "grid", "compare", "ahead"}} in ms."""
    PREPARED.clear()
    PREPARED.enabled = ahead
    forget_kept_shapes()
    set_aside_start_up()  # as the live loop does before its first scene
    surface = pygame.Surface((960, 540))
    window = HeadlessWindow((960, 540))
    host = Host(SCENES, lambda name: SCENES[name](seed=0), FIRST, window)
    order = [name for name in SCENES if name != FIRST] + [FIRST]
    results = {}
    for name in order:
        r = results[name] = {"ahead": build_ahead(host, surface) * 1e3}
        first = None if name == FIRST else timed(host, surface, lambda: host.switch(name))
        for _ in range(30):
            timed(host, surface)
        r["ahead"] = max(r["ahead"], build_ahead(host, surface) * 1e3)
        median = median_frame(host, surface)
        restarts = []
        for _ in range(RESTARTS):
            r["ahead"] = max(r["ahead"], build_ahead(host, surface) * 1e3)
            for _ in range(20):
                timed(host, surface)
            restarts.append(timed(host, surface, lambda: host.scene.run.apply(restart_record(at_once=True))))
        r.update(median=median * 1e3, first=None if first is None else first * 1e3,
                 restart=max(restarts) * 1e3, compare=None, grid=None)
        if side_by_side.offers(name):
            r["ahead"] = max(r["ahead"], build_ahead(host, surface) * 1e3)
            r["compare"] = timed(host, surface, host.side_by_side.toggle) * 1e3
            for _ in range(10):
                timed(host, surface)
            r["grid"] = median_frame(host, surface) * 1e3
            host.side_by_side.toggle()
            timed(host, surface)
    PREPARED.enabled = False
    PREPARED.clear()
    return results


def measure_all(show=None):
    """Both sessions; `show(text)` is handed each table as it is done."""
    pygame.display.init()
    pygame.font.init()
    results = {}
    for kind, ahead in (("at once", False), ("ahead", True)):
        results[kind] = session(ahead)
        if show is not None:
            show(table(results[kind], ahead))
    return results


def _cell(ms, median):
    if ms is None:
        return "-"
    ratio = ms / median
    return f"{ms:.1f} ({ratio:.1f}x{'' if ratio <= TARGET else ' !'})"


def table(results, ahead):
    head = ("| scene | median frame (ms) | first show | restart | grid frame (ms) | side by side |"
            + (" worst frame building ahead |" if ahead else "") + f" all <= {TARGET:g}x |")
    rows = [head, "|" + "---|" * (head.count("|") - 1)]
    for name, r in results.items():
        ratios = [v / r["median"] for v in (r["first"], r["restart"]) if v is not None]
        if r["compare"] is not None:
            ratios.append(r["compare"] / r["grid"])
        if ahead:
            ratios.append(r["ahead"] / r["median"])
        rows.append(f"| {name} | {r['median']:.2f} | {_cell(r['first'], r['median'])} | "
                    f"{_cell(r['restart'], r['median'])} | "
                    f"{'-' if r['grid'] is None else format(r['grid'], '.2f')} | "
                    f"{_cell(r['compare'], r['grid'] or 1.0) if r['compare'] is not None else '-'} |"
                    + (f" {_cell(r['ahead'], r['median'])} |" if ahead else "")
                    + f" {'yes' if max(ratios) <= TARGET else 'no'} |")
    return "\n".join(rows)


def section(results):
    """Markdown: the hitch tables, building at once and ahead."""
    return ("## Hitches from a reader's action\n\nOne headless host session visiting every "
            "scene (see `benchmarks/hitches.py`): the frame that carries a first show, R and the "
            "side-by-side button, in ms and as a multiple of the median frame (the scene's; the "
            "grid's for side by side), CPU time. Target: at most "
            f"{TARGET:g}x (! marks a miss).\n\nEvery build in the frame of the action:\n\n"
            + table(results["at once"], False)
            + "\n\nBuilt ahead, a few milliseconds of every frame (the live loop):\n\n"
            + table(results["ahead"], True))


def main(argv):
    print(section(measure_all(lambda text: print(text + "\n", flush=True))), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
