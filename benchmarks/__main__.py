"""`./build.sh bench` (`python -m benchmarks`): run every benchmark, print the
markdown tables and write them to benchmarks/results.md, with the scaling plot beside them.
results.md opens with what a phone reader gets, then the engine's own figures.

    python -m benchmarks            everything (about twenty minutes: the phone-class runs
                                    replay a three-minute game in Pyodide several times, and
                                    the allocation check steps every scene 10,000 frames
                                    under tracemalloc)
    python -m benchmarks --quick    shorter allocation check (2,000 frames), for a fast look
    python -m benchmarks --no-browser   skip Pyodide in Chromium
    python -m benchmarks.pacing     only the live loop's pacing
    python -m benchmarks.timeline   only the rewind's cost (recording, memory, scrubs)
    python -m benchmarks.hitches    only the hitches of R, a first show and side by side
    python -m benchmarks.sheets     only the cloak's and the flag's step against the cloth
    python -m benchmarks.record_spider  record the busy spider game again
"""

import argparse
import platform
import sys
import time
from pathlib import Path

from . import busy, hitches, measure, pacing, sheets, wasm
from . import timeline as rewind
from .plot import scaling_plot
from .sections import (numbered, ok, phone_section, reference_section, sleeping_section, table,
                       tiers_section)

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results.md"
PLOT = HERE / "scaling.png"
FRAME_BUDGET_MS = 1000 / 60
STEP_TARGET_WASM_MS = 4.0
FRAME_TARGET_NATIVE_MS = 4.0
OVERHEAD_TARGET = 1.15


def engine_section(result):
    rows = [("verlet `World.step()`", f"{result['engine_ms']:.3f}"),
            ("hand-written loop", f"{result['bare_ms']:.3f}")]
    return (f"## 1. Engine overhead\n\nCloth {result['particles']} particles (30 x 20, top row "
            f"pinned), {result['links']} distance links, 10 Gauss-Seidel iterations, "
            f"{result['frames']} frames each in alternating rounds (medians).\n\n"
            + table(("solver", "ms per frame"), rows)
            + f"\n\nRatio engine / hand-written loop: **{result['ratio']:.3f}x** (target <= "
            f"{OVERHEAD_TARGET}x: {ok(result['ratio'] <= OVERHEAD_TARGET)}). Same positions to "
            f"the bit after the run: {ok(result['same_positions'])}.")


def scaling_section(rows):
    body = table(("edges", "Gauss-Seidel ns / edge-iteration", "Jacobi ns / edge-iteration"),
                 [(r["edges"], f"{r['gauss-seidel']:.0f}", f"{r['jacobi']:.0f}") for r in rows])
    return ("## 2. Scaling of distance constraints\n\nA hanging chain of N exact links, "
            "`World.solve()` with 10 iterations (median of repeated solves).\n\n" + body
            + f"\n\n![scaling]({PLOT.name})")


def scenes_section(results, frames, reference_ms=None):
    """`reference_ms`: the engine's 30 x 20 cloth step, measured in the same run (the
    yardstick: each of its scenes' frames at most 1.0x of it)."""
    rows = [(name, f"{r['step_median']:.3f}", f"{r['step_p95']:.3f}", f"{r['draw_median']:.3f}",
             f"{r['draw_p95']:.3f}", f"{r['total_median']:.3f}", f"{r['total_p95']:.3f}",
             ok(r["total_median"] <= FRAME_TARGET_NATIVE_MS)
             + (f" ({r['total_median'] / reference_ms:.2f}x the 30x20 cloth)" if reference_ms
                else ""))
            for name, r in results.items()]
    return (f"## 3. Scenes at their defaults, native CPython {platform.python_version()}\n\n"
            f"{frames} frames from a fresh start (after a 30-frame warm-up of another instance), "
            "ms per frame; each scene runs three times, taking turns, and the round with the "
            "lowest step+draw median is shown.\n\n"
            + table(("scene", "step median", "step p95", "draw median", "draw p95",
                     "step+draw median", "step+draw p95", f"step+draw <= {FRAME_TARGET_NATIVE_MS:g}"),
                    rows))


def wasm_section(result):
    if "unavailable" in result:
        return ("## 4. Model step in Pyodide inside headless Chromium\n\nNot measured: "
                + result["unavailable"] + ".")
    v = result["versions"]
    rows = [(name, f"{r['wasm']['mean']:.3f}", f"{r['wasm']['median']:.2f}",
             f"{r['wasm']['p95']:.2f}", f"{r['native']['mean']:.3f}", f"{r['ratio']:.2f}",
             ok(r["wasm"]["mean"] <= STEP_TARGET_WASM_MS))
            for name, r in result["scenes"].items()]
    return ("## 4. Model step in Pyodide inside headless Chromium\n\n"
            f"Pyodide {v['pyodide']} (Python {v['python_wasm']}) in Chromium {v['chromium']}, "
            f"{v['frames']} frames at the defaults, no input; the same code timed natively in "
            "the same run (the better of two runs each side; wall-clock, and the browser's "
            "clock ticks in 0.1 ms steps, so the mean is the figure to read).\n\n"
            + table(("scene", "wasm mean", "wasm median", "wasm p95", "native mean",
                     "wasm / native", f"wasm <= {STEP_TARGET_WASM_MS:g}"), rows))


def budget_section(scenes, result):
    header = ("scene", "wasm step", "native draw", "x ratio", "est. browser frame",
              "share of 16.7 ms", "fits")
    if "unavailable" in result:
        ratio = 2.0
        note = (" Pyodide was not measured, so the ratio is the issue's estimate of 2x and the "
                "step is native x 2.")
        steps = {name: r["step_mean"] * ratio for name, r in scenes.items()}
        ratios = {name: ratio for name in scenes}
    else:
        note = ""
        steps = {name: r["wasm"]["mean"] for name, r in result["scenes"].items()}
        ratios = {name: r["ratio"] for name, r in result["scenes"].items()}
    rows = []
    for name, r in scenes.items():
        frame = steps[name] + r["draw_mean"] * ratios[name]
        rows.append((name, f"{steps[name]:.2f}", f"{r['draw_mean']:.2f}", f"{ratios[name]:.2f}",
                     f"{frame:.2f}", f"{100 * frame / FRAME_BUDGET_MS:.0f}%",
                     ok(frame <= FRAME_BUDGET_MS)))
    return ("## 5. Frame budget in the browser (estimate)\n\nEstimated browser frame = wasm step "
            "+ native draw (mean) x the measured wasm/native ratio, against 16.7 ms (60 fps)."
            + note + "\n\n" + table(header, rows))


def allocation_section(results):
    rows = [(name, r["frames"], f"{r['at_settle_kb']:.0f}", f"{r['at_end_kb']:.0f}",
             f"{r['growth_kb']:+.1f}", f"{r['bytes_per_frame']:+.2f}", f"{r['peak_kb']:.0f}")
            for name, r in results.items()]
    first = next(iter(results.values()))
    return ("## 6. Allocation growth (tracemalloc)\n\nEach scene at its defaults stepped "
            f"{first['frames']:,} frames under tracemalloc (and drawn every "
            f"{first['draw_every']}th frame); memory held at frame "
            f"{first['settle']:,} and at the end (KiB).\n\n"
            + table(("scene", "frames", f"KiB at {first['settle']:,}", "KiB at end",
                     "growth KiB", "bytes / frame", "peak KiB"), rows))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="2,000-frame allocation check")
    parser.add_argument("--no-browser", action="store_true", help="skip Pyodide in Chromium")
    options = parser.parse_args(argv)
    started = time.time()

    def measured(text):
        print(text + "\n", flush=True)
        return text

    # First what a phone reader gets, and the native figures behind it.
    scenes = measure.scene_frames()
    busy_game = busy.busy_spider()
    browser = ({"unavailable": "skipped (--no-browser)"} if options.no_browser
               else wasm.measure())
    phone = measured(phone_section(browser, scenes, busy_game))
    reference = measured(reference_section(busy.reference_ratios()))
    sheet_steps = measured(sheets.section(sheets.measure()))
    sleeping = measured(sleeping_section(busy_game, busy.idle_web(),
                                         busy.idle_web(still=True)))
    tiers = measured(tiers_section(busy.tier_draws()))
    engine = measure.engine_overhead()
    rows = measure.scaling()
    scaling_plot(rows, PLOT)
    frames = 2_000 if options.quick else 10_000
    sections = numbered([
        phone, reference, sheet_steps, sleeping, tiers,
        measured(engine_section(engine)),
        measured(scaling_section(rows)),
        measured(scenes_section(scenes, 600, engine["engine_ms"])),
        measured(wasm_section(browser)),
        measured(budget_section(scenes, browser)),
        measured(allocation_section(measure.allocation_growth(frames=frames,
                                                              settle=min(1_000, frames // 4)))),
        measured(pacing.section(pacing.measure(seconds=3.0 if options.quick else 6.0))),
        measured(rewind.section(rewind.measure_all())),
        measured(hitches.section(hitches.measure_all())),
    ])
    header = (f"# Benchmarks\n\nWritten by `./build.sh bench` on "
              f"{time.strftime('%Y-%m-%d')}: CPython {platform.python_version()} on "
              f"{platform.machine()} ({platform.system()}), pygame-ce "
              f"{__import__('pygame').version.ver}. Native times are CPU time of the benchmark "
              "thread (the machine may be shared). Ran in "
              f"{time.time() - started:.0f} s.\n")
    RESULTS.write_text(header + "\n" + "\n\n".join(sections) + "\n", encoding="utf-8")
    print(f"written to {RESULTS.relative_to(HERE.parent)} and {PLOT.relative_to(HERE.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
