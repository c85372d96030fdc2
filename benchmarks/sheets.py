"""The sheets' step against the reference cloth: the cloak's and the flag's model step over
`World.step()` of benchmarks/cloth.py's 30 x 20 cloth, taking turns in one run (issue 35: each
at most SHEET_TARGET of it).

    python -m benchmarks.sheets     measure, print the section and write it in its place in
                                    benchmarks/results.md (the rest of the file is left as it is)

`./build.sh bench` measures and writes the same section with the others. Native CPU time of
this thread (`time.thread_time`); the three take turns in short rounds and the medians are
compared, so a loaded machine slows all three alike and the ratios hold.
"""

import random
import re
import statistics
import sys
import time
from pathlib import Path

from .cloth import engine_cloth
from .measure import clock
from .sections import ok, table

SHEET_TARGET = 0.12
"""Target: a sheet's model step at most this times the reference cloth step."""
ROUNDS = 300
FRAMES_PER_ROUND = 3
WARMUP = 30
RESULTS = Path(__file__).resolve().parent / "results.md"
TITLE = "The cloak's and the flag's step against the reference cloth (native)"


def sheet_models():
    """(name, model) of the cloak and the flag at their defaults, seed 0, settled."""
    from scenes.catalog import SCENES

    for name in ("cloth", "flag"):
        scene = SCENES[name]
        model = scene.model_class(scene.size, scene.params.defaults(), random.Random(0))
        yield name, model


def measure(rounds=ROUNDS, frames=FRAMES_PER_ROUND):
    """{"reference": ms, name: {"step": ms, "ratio": step / reference}} for the cloak and the
    flag: medians of rounds in which the reference cloth and each sheet step in turn."""
    steps = {"reference": engine_cloth().step}
    steps.update((name, model.step) for name, model in sheet_models())
    for step in steps.values():
        for _ in range(WARMUP):
            step()
    times = {name: [] for name in steps}
    for _ in range(rounds):
        for name, step in steps.items():
            started = clock()
            for _ in range(frames):
                step()
            times[name].append((clock() - started) / frames)
    reference = 1000 * statistics.median(times.pop("reference"))
    result = {"reference": reference, "frames": rounds * frames}
    for name, spent in times.items():
        step = 1000 * statistics.median(spent)
        result[name] = {"step": step, "ratio": step / reference}
    return result


def section(result):
    rows = [(name, f"{result[name]['step']:.3f}", f"**{result[name]['ratio']:.3f}x**",
             f"<= {SHEET_TARGET}x", ok(result[name]["ratio"] <= SHEET_TARGET))
            for name in ("cloth", "flag")]
    return (f"## {TITLE}\n\nThe model step of the cloak (`cloth`) and of the flag at their "
            "defaults (seed 0, no input, after their settling) and the reference cloth's "
            f"`World.step()` (30 x 20, 10 Gauss-Seidel passes: **{result['reference']:.3f} ms**) "
            f"take turns in {result['frames'] // FRAMES_PER_ROUND} rounds of "
            f"{FRAMES_PER_ROUND} frames; medians, CPU time of this thread, ms.\n\n"
            + table(("sheet", "step", "/ reference cloth", "target", "met"), rows))


def write_in_place(text, path=RESULTS):
    """Put `text` in place of results.md's section of the same title (keeping its number), or
    add it at the end, numbered after the last."""
    old = path.read_text(encoding="utf-8")
    found = re.search(r"^## (\d+\. )?" + re.escape(TITLE) + r"\n.*?(?=^## |\Z)", old,
                      re.S | re.M)
    if found:
        number = found.group(1) or ""
        new = (old[:found.start()] + text.replace("## ", "## " + number, 1).rstrip("\n")
               + "\n\n" + old[found.end():])
    else:
        number = len(re.findall(r"^## ", old, re.M)) + 1
        new = old.rstrip("\n") + "\n\n" + text.replace("## ", f"## {number}. ", 1) + "\n"
    path.write_text(new.rstrip("\n") + "\n", encoding="utf-8")


def main(argv=None):
    text = section(measure())
    stamp = time.strftime("%Y-%m-%d")
    print(text)
    write_in_place(text + f"\n\n(This section alone was measured by `python -m benchmarks.sheets`"
                   f" on {stamp}; `./build.sh bench` writes it in its place with the rest.)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
