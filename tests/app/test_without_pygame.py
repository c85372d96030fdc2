"""`main.py --help` and `--list` work in a Python without pygame; anything else that needs it
says in one line how to get it (exit 2), never a traceback."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

WITHOUT_PYGAME = ("import sys, runpy; sys.modules['pygame'] = None; sys.argv = ['main.py'] + "
                  "sys.argv[1:]; runpy.run_path('main.py', run_name='__main__')")


def run(*args):
    return subprocess.run([sys.executable, "-c", WITHOUT_PYGAME, *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_help_works_and_names_every_scene():
    done = run("--help")
    assert done.returncode == 0 and done.stderr == ""
    assert "--headless" in done.stdout and "takopi" in done.stdout and "hair" in done.stdout


def test_list_and_its_json_work():
    listed = run("--list")
    assert listed.returncode == 0 and listed.stderr == ""
    assert listed.stdout.splitlines()[0].startswith("takopi")
    table = json.loads(run("--list", "--json").stdout)
    assert list(table) == ["takopi", "spider", "rope", "cloth", "flag", "bridge", "hair"]
    assert table["rope"]["params"]["iterations"]["max"] == 40 and table["rope"]["size"] == [960, 540]


@pytest.mark.parametrize("args", [(), ("--scene", "rope", "--headless"), ("--scene", "spider")])
def test_anything_that_needs_pygame_says_how_to_get_it(args):
    done = run(*args)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "pygame-ce is not installed" in lines[0]
    assert "./build.sh run" in lines[0]


def test_a_bad_argument_is_still_named_first_and_points_to_help():
    done = run("--frobnicate")
    assert done.returncode == 2
    assert "--frobnicate" in done.stderr and "--help" in done.stderr
