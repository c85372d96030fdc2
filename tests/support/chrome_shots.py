"""Pictures of the chrome at the sizes a reader sees it: the canvas laid out for a 320, 390 and
960 px frame with a finger, shrunk to that CSS width at a phone's 2 device px per CSS px (the
960 px one is the canvas itself).

    python -m tests.support.chrome_shots [OUT_FOLDER]    # default docs/images

Writes chrome-<width>.png (Takopi with its panel open) and chrome-390-menu.png (the rope with
the "more" menu open), the pictures README.md shows (`./build.sh shots` runs this).
"""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import main  # noqa: E402
from app.options import Options  # noqa: E402
from app.window import HeadlessWindow  # noqa: E402

WIDTHS = (320, 390, 960)
MENU_WIDTHS = (390,)
"""Widths whose rope "more" menu is pictured (the README shows one)."""
DEVICE_PX = 2


def host_for(scene, width):
    window = HeadlessWindow((960, 540))
    host = main.make_host(Options(scene=scene, frame_width=width, touch=True), window)
    for _ in range(90):
        host.frame(1)
    return host


def tap(host, pos):
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        host.handle(pygame.event.Event(kind, pos=tuple(pos), button=1, touch=True))


def save(host, path, width):
    host.draw(host.window.surface)
    shown = min(width * DEVICE_PX, 960)  # never larger than the canvas itself
    size = (shown, round(shown * 540 / 960))
    pygame.image.save(pygame.transform.smoothscale(host.window.surface, size), str(path))
    return path


def shoot(folder):
    pygame.display.init()
    pygame.font.init()
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for width in WIDTHS:
        host = host_for("takopi", width)
        tap(host, host.scene.panel.toggle.rect.center)
        written.append(save(host, folder / f"chrome-{width}.png", width))
        host = host_for("rope", width)
        if width in MENU_WIDTHS and "more" in host.toolbar.buttons:
            tap(host, host.toolbar.rect("more").center)
            written.append(save(host, folder / f"chrome-{width}-menu.png", width))
    return written


if __name__ == "__main__":
    for path in shoot(sys.argv[1] if len(sys.argv) > 1 else ROOT / "docs" / "images"):
        print(path)
