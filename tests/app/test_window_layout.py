"""The desktop window lays its chrome out for its own size, as the browser frame does for its CSS
width (one `Host.lay_out`, no second path): at 320 x 180 and 640 x 360 every button is at least
32 px on the screen and the help line's words ink as tall as 12 px text does; at 960 x 540 and
1600 x 1000 the layout is the designed one. Measured in real captures of a window under Xvfb
(the pictures are kept in pytest's temporary folder, `window-WxH.png`).

Before: the window only shrank the picture; at 320 x 180 a toolbar button was 13 px and the
hint 7 px of ink, at 640 x 360 a button 27 px.

Needs Debian's `xvfb` and `xdotool` (`./build.sh test` installs them as root); without them the
test is skipped with the reason in pytest's summary.
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import time

import pygame
import pytest

from scenes.kit import lettering
from scenes.kit.ui_scale import TEXT_CSS, TOUCH_TARGET_CSS, em_of
from tests.support.x_capture import capture
from tests.support.xwindow import find_window, geometry, wait_for, xdotool, xserver  # noqa: F401

SCREEN = (1920, 1200)
CANVAS = (960, 540)
SIZES = [(640, 360), (320, 180), (960, 540), (1600, 1000)]
TEXT = (236, 236, 244)

PROBE = r'''
import json, os, sys
sys.path.insert(0, {root!r})
import pygame
import main
from scenes.kit import widgets

real_make_host = main.make_host

def make_host(options, window, governed=False):
    host = real_make_host(options, window, governed)
    real_draw = host.draw
    def draw(surface):  # what the frame laid out, each frame
        real_draw(surface)
        scene = host.scene
        words = scene.view.help_line(scene.context.pointer_word)  # the rope's hint
        rows, size = widgets.help_line_rows(words, scene.context, surface.get_width())
        buttons = [list(rect) for rect in scene.context.chrome] + [list(scene.panel.toggle.rect)]
        info = {{"scale": host.ui.css_scale, "window": list(pygame.display.get_window_size()),
                "buttons": buttons, "help": [[w, list(at)] for w, at in rows], "size": size}}
        with open({log!r} + ".tmp", "w") as out:
            json.dump(info, out)
        os.replace({log!r} + ".tmp", {log!r})
    host.draw = draw
    return host

main.make_host = make_host
sys.exit(main.run(["--scene", "rope"]))
'''

pytestmark = pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("xdotool")),
    reason="Xvfb or xdotool missing: the window-layout test is SKIPPED "
           "(apt-get install xvfb xdotool, or run ./build.sh test as root)")


def read(log):
    try:
        return json.loads(log.read_text())
    except (OSError, ValueError):
        return None


def ink_rows(surface, rect):
    """How many pixel rows of `rect` hold text-coloured ink (the first and last such, spanned)."""
    rows = [y for y in range(rect.top, rect.bottom)
            if any(min(surface.get_at((x, y))[:3]) > 170 for x in range(rect.left, rect.right))]
    return rows[-1] - rows[0] + 1 if rows else 0


def css_ink(words):
    """What the same words span, ascender to descender, as 12 px CSS text in the page's face."""
    image = lettering.at_em(TEXT_CSS).render(words, True, TEXT, (0, 0, 0))
    return ink_rows(image, image.get_rect())


def test_the_window_lays_its_chrome_out_for_its_size(repo_root, tmp_path, xserver):
    pygame.font.init()
    log = tmp_path / "layout.json"
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE.format(root=str(repo_root), log=str(log)))
    env = dict(os.environ, DISPLAY=xserver, SDL_VIDEODRIVER="x11")
    app = subprocess.Popen([sys.executable, str(probe)], cwd=repo_root, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    measured = {}
    try:
        window = wait_for(lambda: find_window(xserver, "verlet-playground"), 60)
        assert window, "no window of class verlet-playground"
        assert wait_for(lambda: read(log), 30), "the app drew no frame"
        time.sleep(1.0)  # past start-up: SDL has taken the small minimum size
        for size in SIZES:
            xdotool(xserver, "windowsize", window, str(size[0]), str(size[1]))
            scale = min(size[0] / CANVAS[0], size[1] / CANVAS[1])
            info = wait_for(lambda: (lambda i: i if i and i["window"] == list(size)
                                     and abs(i["scale"] - scale) < 1e-3 else None)(read(log)))
            assert info, f"the window never laid out for {size}: {read(log)}"
            time.sleep(0.5)  # a frame drawn and shown at the new layout
            x, y, _, _ = geometry(xserver, window)
            picture = capture(xserver, (x, y, *size))
            pygame.image.save(picture, str(tmp_path / f"window-{size[0]}x{size[1]}.png"))
            info = read(log)
            smallest = min(min(rect[2], rect[3]) for rect in info["buttons"]) * scale
            em = em_of(info["size"]) * scale
            words, (hx, hy) = info["help"][0]
            line = lettering.designed(info["size"])
            left = (size[0] - CANVAS[0] * scale) / 2
            top = (size[1] - CANVAS[1] * scale) / 2
            box = pygame.Rect(round(left + hx * scale), round(top + hy * scale),
                              round(line.size(words)[0] * scale),
                              round(line.get_height() * scale) + 1).clip(picture.get_rect())
            measured[size] = (smallest, em, ink_rows(picture, box), css_ink(words))
    finally:
        app.send_signal(signal.SIGINT)
        try:
            _, err = app.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            app.kill()
            _, err = app.communicate()
    assert "Traceback" not in err, err[-2000:]
    for size, (smallest, em, ink, css) in measured.items():
        assert smallest >= TOUCH_TARGET_CSS - 0.5, (size, measured[size])
        assert em >= TEXT_CSS - 1e-6, (size, measured[size])
        assert ink >= css - 1, f"{size}: the help line inks {ink} px, 12 px text {css} px"
    assert measured[(960, 540)][0] == 40  # the designed 40 px buttons, at full size
