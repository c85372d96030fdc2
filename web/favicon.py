"""Draws `web/favicon.png`, the icon of the browser build and the example page (run once, committed).

    python -m web.favicon          rewrite web/favicon.png

A pink Verlet ring on a night-blue tile: eight points joined in a closed loop, the smallest
picture of what the demos simulate. Drawn with pygame at 4x and scaled down smoothly.
"""

import math
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

SIZE = 64
"""Edge of the written icon, px (pygbag asks for at least 32)."""
SCALE = 4
"""Supersampling factor: drawn this much larger, then smooth-scaled down."""
TILE = (28, 32, 58)
RING = (255, 150, 190)
OUTLINE = (58, 36, 24)
POINTS = 8
"""Points on the ring."""

OUT = Path(__file__).with_name("favicon.png")


def draw_icon(size=SIZE):
    """The icon as a pygame Surface with a transparent outside."""
    big = size * SCALE
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(surface, TILE, (0, 0, big, big), border_radius=big // 5)
    centre, radius = big / 2, big * 0.3
    ring = [(centre + radius * math.cos(2 * math.pi * i / POINTS + 0.3),
             centre + radius * math.sin(2 * math.pi * i / POINTS + 0.3)) for i in range(POINTS)]
    pygame.draw.polygon(surface, RING, ring)
    pygame.draw.polygon(surface, OUTLINE, ring, width=big // 24)
    for point in ring:
        pygame.draw.circle(surface, (255, 255, 255), point, big // 18)
        pygame.draw.circle(surface, OUTLINE, point, big // 18, width=big // 64)
    return pygame.transform.smoothscale(surface, (size, size))


if __name__ == "__main__":
    pygame.display.init()
    pygame.image.save(draw_icon(), str(OUT))
    print(f"wrote {OUT}")
