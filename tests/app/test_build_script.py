"""build.sh as a newcomer meets it (issue 12): arguments reach main.py without a display, the
Python version is checked before anything is made, a broken .venv is rebuilt.

Cheap and honest: no package is installed. `VENV` points build.sh at a throw-away environment
whose `bin/python` runs this test's own interpreter (so main.py really runs, with exactly the
words build.sh gave it), marked as already set up for the current pyproject.toml. For the
version check a fake `python3` answers "3.9" and must stop build.sh before it creates anything.
"""

import hashlib
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="build.sh is a bash script")


def no_display_env(**extra):
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "VENV", "PYTHON")}
    env.update(extra)
    return env


def ready_venv(repo_root, folder, extras=("base",)):
    """A venv folder build.sh takes as set up: a python that is ours, and fresh stamps."""
    (folder / "bin").mkdir(parents=True)
    python = folder / "bin" / "python"
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    python.chmod(0o755)
    stamp = hashlib.sha256((repo_root / "pyproject.toml").read_bytes()).hexdigest()
    for extra in extras:
        (folder / f".installed-{extra}").write_text(stamp + "\n")
    return folder


def build(repo_root, *args, **env):
    return subprocess.run(["bash", "build.sh", *args], cwd=repo_root, capture_output=True,
                          text=True, timeout=180, env=no_display_env(**env))


def test_run_without_a_display_passes_list_and_help_to_main(repo_root, tmp_path):
    venv = ready_venv(repo_root, tmp_path / "venv")
    listing = build(repo_root, "run", "--list", VENV=str(venv))
    assert listing.returncode == 0, listing.stderr
    assert listing.stdout.splitlines()[0].startswith("takopi")
    assert "screenshots" not in listing.stdout + listing.stderr  # not swapped for shots
    helped = build(repo_root, "run", "--help", VENV=str(venv))
    assert helped.returncode == 0 and "usage: main.py" in helped.stdout


def test_run_without_a_display_runs_headless_arguments(repo_root, tmp_path):
    venv = ready_venv(repo_root, tmp_path / "venv")
    state = tmp_path / "state.json"
    result = build(repo_root, "run", "--scene", "rope", "--headless", "--frames", "3",
                   "--state", str(state), VENV=str(venv))
    assert result.returncode == 0, result.stderr
    assert '"frame": 3' in state.read_text()


@pytest.mark.parametrize("args, words", [
    (["--bogus"], "unrecognized arguments: --bogus"),
    (["--scene", "nosuch"], "unknown scene"),
    (["--scene", "rope"], "no display"),  # a window was asked for: said, not dropped
])
def test_run_without_a_display_keeps_one_line_errors(repo_root, tmp_path, args, words):
    venv = ready_venv(repo_root, tmp_path / "venv")
    result = build(repo_root, "run", *args, VENV=str(venv))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], result.stderr


def fake_python(tmp_path, version):
    fake = tmp_path / "python3"
    fake.write_text(f'#!/bin/sh\necho "{version}"\n')
    fake.chmod(0o755)
    return fake


def test_an_old_python_is_named_before_anything_is_created(repo_root, tmp_path):
    venv = tmp_path / "venv"
    result = build(repo_root, "run", VENV=str(venv), PYTHON=str(fake_python(tmp_path, "3.9")))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "3.9" in lines[0] and "PYTHON=python3.12 ./build.sh run" in lines[0]
    assert not venv.exists()


def test_a_missing_python_is_named(repo_root, tmp_path):
    result = build(repo_root, "test", VENV=str(tmp_path / "venv"),
                   PYTHON=str(tmp_path / "no-such-python"))
    assert result.returncode == 2
    assert "no-such-python" in result.stderr and "PYTHON=python3.12 ./build.sh test" in result.stderr


def test_a_venv_whose_python_is_gone_is_rebuilt_not_reused(repo_root, tmp_path):
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(tmp_path / "deleted-python3.10")  # dangling
    (venv / "marker").write_text("old")
    # the fake 3.9 stops the rebuild right after the old venv is judged: nothing is installed
    result = build(repo_root, "run", VENV=str(venv), PYTHON=str(fake_python(tmp_path, "3.9")))
    assert "building it again" in result.stderr
    assert result.returncode == 2 and "3.9" in result.stderr
    old_made_by_310 = tmp_path / "venv310"
    (old_made_by_310 / "bin").mkdir(parents=True)
    fake_310 = fake_python(tmp_path / "venv310" / "bin", "3.10")
    fake_310.rename(old_made_by_310 / "bin" / "python")
    result = build(repo_root, "run", VENV=str(old_made_by_310),
                   PYTHON=str(fake_python(tmp_path, "3.9")))
    assert "building it again" in result.stderr


def test_run_reuses_a_ready_venv_without_installing(repo_root, tmp_path):
    venv = ready_venv(repo_root, tmp_path / "venv")
    result = build(repo_root, "run", "--list", VENV=str(venv))
    assert "installing" not in result.stdout + result.stderr
    result = build(repo_root, "run", "--list", VENV=str(venv), PYTHON="/nonexistent/python")
    assert result.returncode == 0  # a good venv needs no interpreter of its own


def test_the_setup_line_names_the_project_and_each_extra_with_what_it_installs(repo_root, tmp_path):
    """The line said "pygame-ce[test,web]", as if the extras were pygame-ce's; pip is faked."""
    venv = ready_venv(repo_root, tmp_path / "venv")
    python = venv / "bin" / "python"
    python.write_text('#!/bin/sh\nif [ "$1 $2" = "-m pip" ]; then echo "pip $*" >> "$(dirname "$0")/pip.log"; exit 0; fi\n'
                      f'exec "{sys.executable}" "$@"\n')
    result = build(repo_root, "setup", VENV=str(venv))
    assert result.returncode == 0, result.stderr
    line = next(line for line in result.stdout.splitlines() if "installing Python packages" in line)
    assert "pygame-ce[" not in line
    import tomllib
    project = tomllib.loads((repo_root / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    assert (f"verlet-playground (this checkout, editable) with {', '.join(project['dependencies'])}; "
            f"its test extra: {', '.join(extras['test'])}; its web extra: {', '.join(extras['web'])}") in line
    assert "install" in (venv / "bin" / "pip.log").read_text() and "-e .[test,web]" in (venv / "bin" / "pip.log").read_text()


def test_run_without_a_display_or_arguments_says_so_first_and_draws_each_demo(repo_root, tmp_path):
    """Before: 88 s of rendering 25 README pictures, after a line that named no way to play."""
    venv = ready_venv(repo_root, tmp_path / "venv")
    out = tmp_path / "pictures"
    result = build(repo_root, "run", VENV=str(venv), SCREENSHOTS=str(out))
    assert result.returncode == 0, result.stderr
    first = result.stderr.splitlines()[0]
    assert "no display" in first and "no window" in first
    assert "./build.sh run where there is a display" in first and "./build.sh serve" in first
    scenes = subprocess.run([sys.executable, "main.py", "--list", "--json"], cwd=repo_root,
                            capture_output=True, text=True, check=True).stdout
    import json
    assert sorted(p.stem for p in out.glob("*.png")) == sorted(json.loads(scenes))
