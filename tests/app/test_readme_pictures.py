"""The pictures of the README and of docs/*.md come from recipes (docs/pictures/NAME.json,
`python -m docs.pictures`): every picture a page shows has one (or is on the short list of
pictures made another way), every recipe is shown somewhere, `./build.sh shots` renders them,
and a bad recipe is one line and exit 2.
Cheap: nothing here renders a picture except one 3-frame run.
"""

import json
import re
import subprocess
import sys

import pytest

from docs import pictures

README_IMAGE = re.compile(r"\]\(docs/images/([^)\s]+)\)")
DOCS_IMAGE = re.compile(r"\]\(images/([^)\s]+)\)")


def pages_images(repo_root):
    """{page: [picture names it shows, in order]} for the README and every docs/*.md."""
    pages = {"README.md": README_IMAGE.findall((repo_root / "README.md").read_text("utf-8"))}
    for page in sorted((repo_root / "docs").glob("*.md")):
        pages[f"docs/{page.name}"] = DOCS_IMAGE.findall(page.read_text("utf-8"))
    return pages


def test_every_picture_shown_has_a_recipe_and_every_recipe_is_shown(repo_root):
    pages = pages_images(repo_root)
    for page, names in pages.items():
        assert len(names) == len(set(names)), f"{page} shows a picture twice"
    shown = sorted({name for names in pages.values() for name in names})
    assert len(shown) >= 20 and len(pages["README.md"]) >= 8
    recipes = {path.stem + ".png" for path in pictures.recipe_paths()}
    elsewhere = set(pictures.MADE_ELSEWHERE)
    assert not recipes & elsewhere
    assert sorted(set(shown) - recipes - elsewhere) == [], "pictures without a recipe"
    assert sorted((recipes | elsewhere) - set(shown)) == [], "recipes no page shows"
    for name in shown:
        assert (repo_root / "docs" / "images" / name).is_file(), name


@pytest.mark.parametrize("path", pictures.recipe_paths(), ids=lambda p: p.stem)
def test_every_recipe_reads(path):
    recipe = pictures.read_recipe(path)
    assert recipe["about"], f"{path.name} says what it shows"


def test_build_sh_shots_renders_the_recipes(repo_root):
    script = (repo_root / "build.sh").read_text()
    body = script[script.index("shots() {"):script.index("\n}\n", script.index("shots() {"))]
    assert "-m docs.pictures" in body and "-m tests.support.chrome_shots" in body
    assert "look \"${SCREENSHOTS:-build/screenshots}\"" in script  # `run` without a display


def test_the_shorthands_are_the_events_they_stand_for():
    assert pictures.expand({"frame": 4, "key": ","}, 0) == [
        {"frame": 4, "type": "key_down", "key": ","}, {"frame": 4, "type": "key_up", "key": ","}]
    tap = pictures.expand({"frame": 2, "tap": [10, 20], "touch": True}, 0)
    assert [e["type"] for e in tap] == ["down", "up"] and all(e["touch"] for e in tap)
    drag = pictures.expand({"frame": 10, "drag": [[0, 0], [30, 60]], "frames": 3, "hold": 2}, 0)
    assert [(e["frame"], e["type"], e["pos"]) for e in drag] == [
        (10, "down", [0.0, 0.0]), (11, "move", [10.0, 20.0]), (12, "move", [20.0, 40.0]),
        (13, "move", [30.0, 60.0]), (15, "up", [30.0, 60.0])]
    held = pictures.expand({"frame": 0, "drag": [[0, 0], [1, 1]], "hold": None}, 0)
    assert held[-1]["type"] == "move"


def run_pictures(repo_root, *args):
    return subprocess.run([sys.executable, "-m", "docs.pictures", *args], cwd=repo_root,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.slow
@pytest.mark.parametrize("recipe, words", [
    ("{", "not valid JSON"),
    ("[]", "must be a JSON object"),
    ('{"scene": "nosuch", "frames": 3}', "'scene' must be one of"),
    ('{"scene": "rope"}', "'frames' must be a whole number"),
    ('{"scene": "rope", "frames": 3, "colour": 1}', "unknown key 'colour'"),
    ('{"scene": "rope", "frames": 3, "events": [{"frame": 1, "key": "q"}]}', "'key' must be one of"),
    ('{"scene": "rope", "frames": 3, "events": [{"frame": 1, "drag": [[0, 0]]}]}', "'drag' must be"),
    ('{"scene": "rope", "frames": 3, "input": "no/such.json"}', "'input' must name"),
])
def test_a_bad_recipe_is_one_line_and_exit_2(repo_root, tmp_path, recipe, words):
    (tmp_path / "bad.json").write_text(recipe)
    for extra in (["--check"], ["--out", str(tmp_path / "out")]):
        done = run_pictures(repo_root, "--recipes", str(tmp_path), *extra)
        assert done.returncode == 2, done.stderr
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and words in lines[0] and "bad.json" in lines[0], done.stderr
        assert "Traceback" not in done.stderr
    assert not (tmp_path / "out" / "bad.png").exists()


def test_a_run_main_py_refuses_is_one_line_and_the_others_still_render(repo_root, tmp_path):
    (tmp_path / "refused.json").write_text(json.dumps(
        {"scene": "rope", "frames": 3, "set": {"nosuch": 1}}))
    (tmp_path / "fine.json").write_text(json.dumps({"scene": "rope", "frames": 3, "about": "x"}))
    done = run_pictures(repo_root, "--recipes", str(tmp_path), "--out", str(tmp_path / "out"))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "refused.json" in lines[0] and "main.py" in lines[0], done.stderr
    assert (tmp_path / "out" / "fine.png").stat().st_size > 0


def test_an_unknown_name_is_one_line(repo_root):
    done = run_pictures(repo_root, "--check", "nosuch")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert "no such recipe" in done.stderr


def test_a_folder_without_recipes_is_one_line(repo_root, tmp_path):
    done = run_pictures(repo_root, "--recipes", str(tmp_path), "--check")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert "no NAME.json recipes" in done.stderr


def test_the_site_picture_without_a_built_site_is_one_line_and_exit_2(repo_root, tmp_path):
    done = subprocess.run([sys.executable, "-m", "docs.pictures.site", "--site", str(tmp_path),
                           "--out", str(tmp_path / "site.png")], cwd=repo_root,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and not (tmp_path / "site.png").exists()
    assert done.stderr.count("\n") == 1 and "./build.sh site" in done.stderr


def test_build_sh_shots_takes_the_site_picture_after_building_the_site(repo_root):
    script = (repo_root / "build.sh").read_text(encoding="utf-8")
    command = script[script.index("    shots)"):]
    command = command[:command.index(";;")]
    assert command.index("site_build") < command.index("-m docs.pictures.site")
