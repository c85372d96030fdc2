"""The rules of the house, checked over the import graph of every shipped module.

- `verlet/` (the engine) imports nothing of ours outside itself, and neither pygame nor numpy.
- Pure code (the folder rule of `house`: the engine and every `model`) imports no pygame
  and no numpy, and of our modules only pure ones.
- No demo imports another demo; the kit imports no demo; the demos and the kit import nothing
  of the app around them (the host hands a scene what it needs).
- `pygbag.ini` is the text `house` writes from its list of what ships.
"""

import ast
from pathlib import Path

import pytest

import house as layout

ROOT = layout.ROOT
OURS = ("verlet", "scenes", "app", "main")
FORBIDDEN_IN_PURE = ("pygame", "numpy")


def module_name(relative):
    name = relative[:-3].replace("/", ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


def imported_modules(relative):
    """Absolute names of every module `relative` imports (relative imports resolved)."""
    tree = ast.parse((ROOT / relative).read_text(encoding="utf-8"), relative)
    package = module_name(relative).split(".")
    if not relative.endswith("__init__.py"):
        package = package[:-1]
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            names.append(module)
            names += [f"{module}.{alias.name}" for alias in node.names]  # `from pkg import mod`
    return names


SHIPPED = [path for top in ("verlet", "scenes", "app") for path in layout.python_files(top)]
SHIPPED.append("main.py")
MODULES = {module_name(path): path for path in SHIPPED}


def our_imports(relative):
    """Repository paths of our modules that `relative` imports."""
    found = set()
    for name in imported_modules(relative):
        if name in MODULES:
            found.add(MODULES[name])
    return found


def third_party(relative):
    return {name.split(".")[0] for name in imported_modules(relative)} - set(OURS)


def demo_of(relative):
    parts = Path(relative).parts
    if parts[0] == "scenes" and len(parts) > 2 and parts[1] != layout.KIT:
        return parts[1]
    return None


def test_the_rule_finds_the_engine_and_every_model():
    pure = set(layout.pure_files())
    assert "verlet/world.py" in pure and "scenes/rope/model.py" in pure
    assert "scenes/kit/model/run.py" in pure and "scenes/spider/model/web.py" in pure
    assert "scenes/rope/view.py" not in pure and "app/host.py" not in pure
    for demo in layout.demo_names():
        assert any(demo_of(path) == demo and layout.is_model(path) for path in pure), demo


@pytest.mark.parametrize("path", [p for p in SHIPPED if p.startswith("verlet/")])
def test_the_engine_imports_nothing_of_ours(path):
    outside = {p for p in our_imports(path) if not p.startswith("verlet/")}
    assert not outside, f"{path} imports {sorted(outside)}"
    assert not third_party(path) & set(FORBIDDEN_IN_PURE), path


@pytest.mark.parametrize("path", layout.pure_files())
def test_pure_code_imports_only_pure_code(path):
    assert not third_party(path) & set(FORBIDDEN_IN_PURE), f"{path} imports pygame or numpy"
    impure = {p for p in our_imports(path) if not layout.is_pure(p) and p in SHIPPED
              and not p.endswith("__init__.py")}
    assert not impure, f"{path} imports {sorted(impure)}, which the folder rule calls impure"


def test_package_inits_on_the_way_to_pure_code_are_pure():
    for path in layout.pure_files():
        if path.endswith("__init__.py"):
            assert not third_party(path) & set(FORBIDDEN_IN_PURE), path


@pytest.mark.parametrize("path", [p for p in SHIPPED if p.startswith("scenes/")])
def test_no_demo_imports_another_and_no_scene_code_imports_the_app(path):
    mine = demo_of(path)
    for other in our_imports(path):
        theirs = demo_of(other)
        if mine is None and Path(path).parts[1] == layout.KIT:
            assert theirs is None, f"the kit's {path} imports the demo file {other}"
        elif mine is not None:
            assert theirs in (None, mine), f"{path} imports another demo's {other}"
        assert not other.startswith("app/") and other != "main.py", f"{path} imports {other}"


def test_pygbag_ini_is_written_from_the_rule():
    assert (ROOT / "pygbag.ini").read_text() == layout.pygbag_ini()


def cited_behaviours():
    """Every T/S/P label the shipped code cites, e.g. "T7" in "(T7)" or "S1, S5"."""
    import re

    found = set()
    for path in SHIPPED:
        found |= set(re.findall(r"\b([TSP](?:1[0-7]|[1-9]))\b", (ROOT / path).read_text()))
    return found


def test_every_behaviour_the_code_cites_is_written_down():
    written = (ROOT / "docs" / "behaviour.md").read_text()
    cited = cited_behaviours()
    assert {"T1", "T7", "S1", "S13", "P2"} <= cited
    missing = sorted(label for label in cited if f"**{label} " not in written)
    assert not missing, f"docs/behaviour.md lacks {missing}"


def model_classes():
    """(path, class name) of every top-level `...Model` class in the pure code of the demos."""
    found = []
    for path in layout.pure_files():
        if demo_of(path) is None:
            continue
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"), path)
        found += [(path, node.name) for node in tree.body
                  if isinstance(node, ast.ClassDef) and node.name.endswith("Model")]
    return found


def test_every_model_class_is_in_a_file_named_for_it():
    import re

    found = model_classes()
    assert {demo_of(path) for path, _ in found} == set(layout.demo_names())
    for path, name in found:
        snake = re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()  # "SpiderModel": "spider_model"
        named = ("model", snake, snake[: -len("_model")])  # model.py, spider_model.py, takopi.py
        assert Path(path).stem in named, f"{name} lives in {path}, not a file named for it"


def test_no_package_init_defines_a_class():
    for path in SHIPPED:
        if path.endswith("__init__.py"):
            tree = ast.parse((ROOT / path).read_text(encoding="utf-8"), path)
            classes = [node.name for node in tree.body if isinstance(node, ast.ClassDef)]
            assert not classes, f"{path} defines {classes}: give each a file named for it"
