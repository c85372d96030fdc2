"""A private X server for the window tests, and the few xdotool calls they make.

    xserver        a pytest fixture: Xvfb on a free display, `":N"`, stopped after the test
                   (the screen's size is the test module's `SCREEN`, else 1600 x 1000)
    xdotool(display, *args)            run xdotool there; its output (a failure fails the test)
    find_window(display, wm_class)     the id of a window of that class, or None
    geometry(display, window)          (x, y, width, height) of the window
    wait_for(predicate, seconds)       the predicate's first true value, polled, or its last
"""

import os
import subprocess
import time

import pytest

SCREEN = (1600, 1000)


@pytest.fixture
def xserver(request):
    width, height = getattr(request.module, "SCREEN", SCREEN)
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0",
                               f"{width}x{height}x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    assert number, "Xvfb did not start"
    yield f":{number}"
    server.terminate()
    server.wait(timeout=10)


def xdotool(display, *args, timeout=20):
    result = subprocess.run(["xdotool", *args], env=dict(os.environ, DISPLAY=display),
                            capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, (args, result.stderr)
    return result.stdout.strip()


def find_window(display, wm_class):
    """The id of a window of that class, or None (a search can meet a window SDL is just
    replacing, which xdotool reports as an X error: that is a "not yet")."""
    result = subprocess.run(["xdotool", "search", "--classname", wm_class], capture_output=True,
                            env=dict(os.environ, DISPLAY=display), text=True, timeout=20)
    ids = result.stdout.split()
    return ids[0] if result.returncode == 0 and ids else None


def geometry(display, window):
    """(x, y, width, height) of the window, from xdotool's shell output."""
    values = dict(line.split("=", 1) for line in
                  xdotool(display, "getwindowgeometry", "--shell", window).splitlines())
    return tuple(int(values[key]) for key in ("X", "Y", "WIDTH", "HEIGHT"))


def wait_for(predicate, seconds=10.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    return predicate()
