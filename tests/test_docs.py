"""The words about the code stay true: the README is read in one sitting, every path the pages
and the docstrings cite exists, every link between the pages lands, and the layout in
docs/house.md names every module of the engine and the app and every demo."""

import ast
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["README.md", *sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md"))]
README_MOST_LINES = 250

PATH = re.compile(r"`([A-Za-z_.][\w./-]*\.(?:py|md|json|sh|tmpl|js|css|ini|toml|mjs|png|cjs))`"
                  r"|`((?:verlet|app|scenes|tests|benchmarks|docs|web)/[\w./-]*)`")
LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
WRITTEN_BY_A_RUN = ("build/", "verlet-playground/", "oembed/", "out.", "events.json",
                    "phone.png", "spider.json")
"""Paths the pages name that a command writes (outputs), not files of the repository."""
SKETCHED = ("scenes/pendulum/", "tests/pendulum/")
"""Files docs/new-scene.md writes with the reader (the finished copy is tests/support/pendulum/)."""


def tracked():
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split()
    files = set(names)
    folders = {str(Path(n).parents[i]) for n in names for i in range(len(Path(n).parts) - 1)}
    return files, folders


def exists(path, base, files, folders):
    for candidate in (path, str((base / path).resolve().relative_to(ROOT))
                      if (base / path).resolve().is_relative_to(ROOT) else path):
        candidate = candidate.rstrip("/")
        if candidate in files or candidate in folders or (ROOT / candidate).exists():
            return True
    return False


def cited(text):
    for match in PATH.finditer(text):
        path = match.group(1) or match.group(2)
        if ("/" not in path.rstrip("/")  # a kind of file (`model.py`), not a path
                or "..." in path or path.startswith(WRITTEN_BY_A_RUN + SKETCHED)
                or re.search(r"[A-Z]{3,}", path)):  # a placeholder: docs/pictures/NAME.json
            continue
        yield path


def test_the_readme_is_read_in_one_sitting():
    lines = (ROOT / "README.md").read_text("utf-8").count("\n")
    assert lines <= README_MOST_LINES, f"README.md has {lines} lines"


@pytest.mark.parametrize("page", PAGES)
def test_every_path_a_page_cites_exists(page):
    files, folders = tracked()
    text = (ROOT / page).read_text("utf-8")
    missing = [p for p in cited(text) if not exists(p, (ROOT / page).parent, files, folders)]
    assert not missing, f"{page} cites {missing}"


@pytest.mark.parametrize("page", PAGES)
def test_every_link_between_pages_lands(page):
    text = (ROOT / page).read_text("utf-8")
    for target in LINK.findall(text):
        if "://" in target or target.startswith("mailto:"):
            continue
        assert ((ROOT / page).parent / target).exists(), f"{page} links to {target}"


def python_files():
    files, _ = tracked()
    return sorted(f for f in files if f.endswith(".py") and not f.startswith("node_modules/"))


def test_every_path_a_docstring_cites_exists():
    files, folders = tracked()
    wrong = []
    for name in python_files():
        source = (ROOT / name).read_text("utf-8")
        tree = ast.parse(source)
        nodes = [tree] + [n for n in ast.walk(tree)
                          if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
        for node in nodes:
            doc = ast.get_docstring(node) or ""
            for path in cited(doc):
                if not exists(path, (ROOT / name).parent, files, folders):
                    wrong.append(f"{name}: {path}")
    assert not wrong, wrong


def test_no_product_docstring_cites_a_file_outside_the_repository_or_an_issue_number():
    """Before: docstrings cited DESIGN.md (the team's notes, not in the repository) and
    "issue 14"; a reader of the code has neither."""
    wrong = []
    for name in python_files():
        if name.startswith(("tests/", "benchmarks/")):
            continue
        text = (ROOT / name).read_text("utf-8")
        for words in ("DESIGN.md", "SPEC.md"):
            if words in text:
                wrong.append(f"{name}: {words}")
        if re.search(r"\bissue \d+", text, re.IGNORECASE):
            wrong.append(f"{name}: an issue number")
    assert not wrong, wrong


def layout_block():
    text = (ROOT / "docs" / "house.md").read_text("utf-8")
    return text.split("## The layout", 1)[1].split("```")[1]


@pytest.mark.parametrize("folder", ["verlet", "app"])
def test_the_layout_names_every_module_of_the_engine_and_the_app(folder):
    block = layout_block()
    section = block.split(f"\n{folder}/", 1)[1]
    section = re.split(r"\n[a-z]", section, maxsplit=1)[0]  # up to the next top-level entry
    listed = set(re.findall(r"^\s+([\w]+\.py)\b", section, re.MULTILINE))
    modules = {p.name for p in (ROOT / folder).glob("*.py") if p.name != "__init__.py"}
    assert sorted(modules - listed) == [], f"{folder}/ modules missing from docs/house.md"
    assert sorted(listed - modules) == [], f"docs/house.md lists modules {folder}/ lacks"


def test_the_layout_names_every_demo_and_every_top_level_folder():
    block = layout_block()
    demos = [p.name for p in (ROOT / "scenes").iterdir()
             if p.is_dir() and (p / "__init__.py").is_file()]
    for name in demos:
        assert re.search(rf"\b{name}/", block), name
    _, folders = tracked()
    for top in sorted(f for f in folders if "/" not in f and not f.startswith(".")):
        assert re.search(rf"^{re.escape(top)}/", block, re.MULTILINE), top
