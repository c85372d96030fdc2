"""The package installs (`pip install .`): the wheel carries the engine, the app, the kit, every
demo and their assets, and its `verlet-playground` command runs the headless contract from a fresh
virtual environment outside the repository.

Everything is offline: the wheel is built from a copy of the sources with the venv's own
setuptools (`pip wheel --no-deps --no-build-isolation --no-index`, the test extra installs it),
installed with `--no-deps --no-index` into a venv made without pip, and that venv sees pygame-ce
alone (a .pth file naming a folder that links to this venv's pygame), nothing else of ours.
"""

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from scenes.catalog import DEMOS

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ("verlet", "app", "scenes")
"""The packages the wheel carries (with every subpackage and the files beside their modules)."""
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "main.py", *SHIPPED)
TIMEOUT = 120

pytestmark = pytest.mark.slow


def missing_tool(reason):
    """Skip loudly on a developer box; fail under CI, whose `./build.sh test` installs the extra."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} [CI is set: the wheel test must run there]", pytrace=False)
    pytest.skip(reason)


def run(command, cwd, **env):
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    environment.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **env)
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT,
                          env=environment, check=False)
    assert done.returncode == 0, f"{command[0]} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    return done


def source_files():
    """Every file of the shipped packages in the repository (no caches), and main.py."""
    files = {"main.py"}
    for package in SHIPPED:
        for path in (ROOT / package).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                files.add(path.relative_to(ROOT).as_posix())
    return files


def link_pygame(folder):
    """A folder holding links to this venv's pygame-ce (and the libraries its wheel ships)."""
    pygame_dir = Path(importlib.util.find_spec("pygame").origin).parent
    folder.mkdir()
    for name in ("pygame", "pygame_ce.libs"):
        if (pygame_dir.parent / name).exists():
            (folder / name).symlink_to(pygame_dir.parent / name)
    return folder


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(wheel, the fresh venv's bin folder): built from a copy of the sources, then installed."""
    if importlib.util.find_spec("setuptools") is None:
        missing_tool("NO SETUPTOOLS: the wheel test builds without isolation; install the test "
                     "extra: .venv/bin/pip install -e '.[test]'")
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"  # a copy: setuptools writes build/ and *.egg-info beside the sources
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, source / name)
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
         "--no-cache-dir", "--quiet", "--wheel-dir", str(work / "dist"), "."], source)
    (wheel,) = (work / "dist").glob("verlet_playground-*.whl")
    venv = work / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)], work)
    fresh_python = venv / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", str(fresh_python), "install", "--no-deps",
         "--no-index", "--no-cache-dir", "--quiet", str(wheel)], work)
    site = run([str(fresh_python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
               work).stdout.strip()
    Path(site, "pygame-ce.pth").write_text(f"{link_pygame(work / 'deps')}\n", encoding="utf-8")
    return wheel, venv / "bin"


def test_the_wheel_carries_every_package_module_and_asset(installed):
    wheel, _ = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {name for name in names if ".dist-info/" not in name}
    expected = source_files()
    assert {"scenes/kit/fonts/playground-labels.ttf", "scenes/kit/fonts/OFL.txt"} <= expected
    for demo in DEMOS:  # each demo's package, with its scene and its model
        assert {f"scenes/{demo}/__init__.py", f"scenes/{demo}/scene.py"} <= shipped, demo
    assert sorted(expected - shipped) == []
    assert sorted(shipped - expected) == []
    entry_points = zipfile.ZipFile(wheel).read(
        next(name for name in names if name.endswith(".dist-info/entry_points.txt"))).decode()
    assert "verlet-playground = main:run" in entry_points


def test_the_installed_command_runs_a_headless_frame_outside_the_repository(installed, tmp_path):
    _, bin_dir = installed
    run([str(bin_dir / "verlet-playground"), "--scene", "rope", "--headless", "--frames", "3",
         "--state", "out.json"], tmp_path)
    state = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert (state["scene"], state["frame"], state["steps"]) == ("rope", 3, 3)
    run([sys.executable, str(ROOT / "main.py"), "--scene", "rope", "--headless", "--frames", "3",
         "--state", str(tmp_path / "repo.json")], tmp_path)
    assert state == json.loads((tmp_path / "repo.json").read_text(encoding="utf-8"))


def test_the_installed_program_is_the_wheels_and_finds_its_font(installed, tmp_path):
    _, bin_dir = installed
    where = run([str(bin_dir / "python"), "-c",
                 "import json, main, app, scenes, verlet, scenes.catalog as c, scenes.kit.lettering as s; "
                 "print(json.dumps({'files': [m.__file__ for m in (main, app, scenes, verlet)], "
                 "'scenes': list(c.DEMOS), 'font': s.FONT_FILE.is_file()}))"], tmp_path)
    found = json.loads(where.stdout)
    site = bin_dir.parent.resolve()
    assert all(Path(name).resolve().is_relative_to(site) for name in found["files"]), found["files"]
    assert found["font"] is True
    assert found["scenes"] == list(DEMOS)
    usage = subprocess.run([str(bin_dir / "verlet-playground"), "--scene", "nowhere"], cwd=tmp_path,
                           capture_output=True, text=True, timeout=TIMEOUT, check=False)
    assert usage.returncode == 2
    assert usage.stderr.count("\n") == 1 and "unknown scene 'nowhere'" in usage.stderr
