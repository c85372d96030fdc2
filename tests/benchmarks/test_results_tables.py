"""The markdown of benchmarks/results.md (benchmarks/sections.py): targets judged from the
numbers given, "not built" and "not measured" said plainly, sections numbered in order.
Fed made-up measurements; nothing is timed."""

from benchmarks.sections import (numbered, phone_section, reference_section, sleeping_section,
                                 tiers_section)


def summary(mean, p95):
    return {"mean": mean, "median": mean, "fastest": mean / 2, "p95": p95}


def browser(spider_p95, built=True):
    busy = {"sleeping": {**summary(4.0, 5.5), "built": built, "threads": 331, "knots": 190,
                         "game_over": False, "start": 10_200, "frames": 600, "runs": 3}}
    if built:
        busy["awake"] = {**summary(7.0, 9.0), "built": True, "threads": 331, "knots": 190,
                         "game_over": False, "start": 10_200, "frames": 600, "runs": 3}
    return {"versions": {"pyodide": "314.0.7", "python_wasm": "3.14.2", "chromium": "156",
                         "frames": 600},
            "scenes": {"takopi": {"wasm": summary(1.0, 1.5)},
                       "spider": {"wasm": summary(2.0, 2.5)}},
            "phone": {"rate": 4, "runs": 3, "busy": busy,
                      # 6.000000000001: a sum of 0.1 ms clock ticks that prints as 6.0
                      "defaults": {"takopi": summary(4.0, 6.000000000001),
                                   "spider": summary(8.0, spider_p95)}}}


SCENES = {name: {"draw_median": 1.5, "draw_p95": 2.5} for name in ("takopi", "spider")}


def native_busy(built=True):
    web = {"threads": 328, "knots": 193, "game_over": False,
           "draw": {"median": 1.6, "p95": 2.8, "mean": 1.7}}
    step_on = {"median": 0.4, "p95": 0.6, "mean": 0.45}
    step_off = {"median": 1.0, "p95": 1.3, "mean": 1.05}
    if not built:
        return {"built": False, "awake": {**web, "step": step_off}, "start": 10_200,
                "frames": 600, "rounds": 2, "note": "sleeping not built"}
    return {"built": True, "sleeping": {**web, "step": step_on},
            "awake": {**web, "step": step_off}, "ratio": 0.4, "start": 10_200, "frames": 600,
            "rounds": 2}


def rows_of(text):
    return [line for line in text.splitlines() if line.startswith("| ") and "---" not in line]


def test_phone_table_judges_each_game_by_its_p95():
    text = phone_section(browser(spider_p95=6.4), SCENES, native_busy())
    rows = rows_of(text)[1:]
    assert len(rows) == 4  # two default games, the busy game with sleeping on and off
    verdicts = {row.split(" | ")[0].strip("| "): row.rsplit(" | ", 1)[1].strip(" |")
                for row in rows}
    assert verdicts["takopi, default game"] == "yes"  # 6.0 on the browser's clock
    assert verdicts["spider, default game"] == "**NO**"  # 6.4 > 6
    assert verdicts["spider, busy game: sleeping web"] == "yes"
    assert verdicts["spider, busy game: sleeping off, as before"] == "**NO**"
    assert "2 of 4 games" in text and "spider, busy game: sleeping off, as before at 9.0 ms" in text
    assert "| 4.0x | 10.0 |" in rows[1]  # throttled mean 8.0 over unthrottled 2.0; 4 x p95 2.5
    assert "1.50 / 2.50" in rows[0]  # native draw median / p95


def test_phone_table_without_a_browser_or_sleeping_says_so():
    assert "Not measured: no Chromium." in phone_section({"unavailable": "no Chromium"}, SCENES,
                                                         None)
    text = phone_section(browser(spider_p95=5.0, built=False), SCENES, native_busy(built=False))
    assert len(rows_of(text)) == 1 + 3
    assert "busy game: no sleeping switch" in text and "sleeping not built" in text


def test_reference_ratios_meet_their_own_targets():
    result = {"cloth_ms": 4.0, "rounds": 3, "frames": 600, "scenes": {
        "takopi": {"step": 0.4, "draw": 1.0, "frame": 1.4, "ratio": 0.35},
        "spider": {"step": 0.8, "draw": 1.8, "frame": 2.6, "ratio": 0.65}}}
    rows = rows_of(reference_section(result))[1:]
    assert rows[0].endswith("| <= 0.35x | yes |")
    assert rows[1].endswith("| <= 0.6x | **NO** |")


def test_sleeping_section_ratios_and_not_built():
    idle, still = native_busy(), native_busy()
    idle.update(ratio=0.9, start=600, rounds=3)
    still.update(ratio=0.3, start=600, rounds=3)
    rows = rows_of(sleeping_section(native_busy(), idle, still))[1:]
    assert "**0.40x** | <= 0.6x | yes" in rows[0]
    assert rows[1].startswith("| idle web, bugs coming") and rows[1].endswith("**0.90x** | - | - |")
    assert "**0.30x** | <= 0.25x | **NO**" in rows[2]
    idle = native_busy(built=False)
    idle.update(start=600, rounds=3)
    text = sleeping_section(native_busy(built=False), idle, idle)
    assert "Sleeping not built" in text and len(rows_of(text)) == 4


def test_tiers_and_numbering():
    text = tiers_section({"takopi": {"high": 2.0, "medium": 1.5, "low": 1.0}})
    assert rows_of(text)[1] == "| takopi | 2.000 | 1.500 | 1.000 | 0.50x |"
    sections = numbered(["## 7. Live loop pacing\n\nx", "## Draw at each tier\n\n## Not this"])
    assert sections[0].startswith("## 1. Live loop pacing")
    assert sections[1].startswith("## 2. Draw at each tier") and "\n## Not this" in sections[1]


def test_the_sheets_section_judges_each_sheet_by_its_ratio_and_is_written_in_its_place(tmp_path):
    from benchmarks import sheets

    result = {"reference": 3.0, "frames": 900, "cloth": {"step": 0.39, "ratio": 0.13},
              "flag": {"step": 0.33, "ratio": 0.11}}
    text = sheets.section(result)
    verdicts = {row.split(" | ")[0].strip("| "): row.rsplit(" | ", 1)[1].strip(" |")
                for row in rows_of(text)[1:]}
    assert verdicts == {"cloth": "**NO**", "flag": "yes"}
    assert "**3.000 ms**" in text and "300 rounds" in text
    results = tmp_path / "results.md"
    results.write_text("# Benchmarks\n\n## 1. One\n\nfirst\n\n## 2. Two\n\nsecond\n")
    sheets.write_in_place(text, results)
    assert results.read_text().count("## 3. " + sheets.TITLE) == 1  # added, numbered after
    sheets.write_in_place(text.replace("0.390", "0.290"), results)
    again = results.read_text()
    assert again.count(sheets.TITLE) == 1 and "0.290" in again and "0.390" not in again
    assert again.index("## 2. Two") < again.index("## 3. " + sheets.TITLE)
    results.write_text(again + "\n## 4. Four\n\nfourth\n")
    sheets.write_in_place(text, results)
    last = results.read_text()
    assert "0.390" in last and "0.290" not in last and last.endswith("## 4. Four\n\nfourth\n")
