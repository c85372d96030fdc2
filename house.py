"""The house rules as code, beside the folders they govern: what ships to readers and what is pure.

- Shipped: `main.py` and the three folders `verlet/` (the engine), `app/` (the pygame-ce app
  around the demos) and `scenes/` (the demos and their kit). Everything else in the repository
  (tests, benchmarks, web tooling, docs, build output) stays home; `pygbag.ini` is written from
  this list (`pygbag_ini`), and a test checks the committed file is that text.
- Pure (standard library only, runs in Pyodide): everything in `verlet/`, and under `scenes/`
  every model, which is a module named `model.py` or a package named `model/` (a demo's, or the
  kit's `scenes/kit/model/`), with the package `__init__.py` files on the way to them.
  `tests/test_house_rules.py` checks the rule over the import graph, and the Pyodide tests
  load exactly `pure_files()`.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent
SHIPPED = ("main.py", "verlet", "app", "scenes", "LICENSE")
"""The entry point, the folders the app bundle holds, and the license that goes with them."""
ENGINE = "verlet"
DEMOS = "scenes"
KIT = "kit"
"""The demos' shared kit: `scenes/kit/` (pygame side) and `scenes/kit/model/` (pure side)."""


def python_files(top, root=ROOT):
    """Repository-relative paths of the .py files under `top`, sorted (caches left out)."""
    return sorted(path.relative_to(root).as_posix() for path in (root / top).rglob("*.py")
                  if "__pycache__" not in path.parts)


def is_model(relative):
    """True for a file of a model: `scenes/.../model.py` or anything in a `scenes/.../model/`."""
    parts = Path(relative).parts
    return parts[0] == DEMOS and ("model" in parts[:-1] or parts[-1] == "model.py")


def is_pure(relative):
    """True for a file the folder rule calls pure (see the module docstring)."""
    parts = Path(relative).parts
    return parts[0] == ENGINE or is_model(relative)


def pure_files(root=ROOT):
    """Every pure file, plus the package `__init__.py` files a pure module is imported through."""
    pure = [path for path in python_files(ENGINE, root) + python_files(DEMOS, root)
            if is_pure(path)]
    packages = set()
    for path in pure:
        parts = Path(path).parts
        for depth in range(1, len(parts)):
            init = Path(*parts[:depth], "__init__.py").as_posix()
            if (root / init).is_file():
                packages.add(init)
    return sorted(set(pure) | packages)


def demo_names(root=ROOT):
    """The demo packages under `scenes/` (every folder but the kit)."""
    return sorted(path.name for path in (root / DEMOS).iterdir()
                  if path.is_dir() and path.name != KIT and (path / "__init__.py").is_file())


GENERATED = ("build", "node_modules", ".venv", "__pycache__", ".pytest_cache", "artifacts",
             "verlet_playground.egg-info")
"""Folders that tools make in a checkout (build output, environments, caches): never shipped."""


def tracked_top_level(root=ROOT):
    """(folders, files) at the top of the repository that git tracks."""
    import subprocess

    names = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True,
                           check=True).stdout.split()
    folders = {name.split("/", 1)[0] for name in names if "/" in name}
    files = {name for name in names if "/" not in name}
    return folders, files


def pygbag_ini(root=ROOT):
    """The text of `pygbag.ini`: every top-level entry git tracks that is not shipped, and the
    folders tools generate."""
    folders, files = tracked_top_level(root)
    dirs = sorted((folders - set(SHIPPED)) | set(GENERATED))
    files = sorted(files - set(SHIPPED))
    return ("# Written by `python -m house` from house.py's SHIPPED: what must not ship.\n"
            "[DEPENDENCIES]\n"
            "ignoreDirs = [" + ", ".join(f'"/{name}"' for name in dirs) + "]\n"
            "ignoreFiles = [" + ", ".join(f'"{name}"' for name in files) + "]\n")


if __name__ == "__main__":
    (ROOT / "pygbag.ini").write_text(pygbag_ini())
    print("wrote pygbag.ini")
