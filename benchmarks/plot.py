"""The scaling plot as a PNG, drawn with pygame (no plotting library needed)."""

import os
from math import log10

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

SIZE = (760, 440)
MARGIN = (80, 30, 30, 70)  # left, top, right, bottom
SERIES = (("gauss-seidel", (60, 120, 220)), ("jacobi", (220, 110, 60)))
BACKGROUND, AXIS, GRID, TEXT = (255, 255, 255), (40, 40, 50), (225, 228, 235), (30, 30, 40)


def scaling_plot(rows, path):
    """ns per edge-iteration against edge count (log scale) for each solver, saved to `path`."""
    pygame.font.init()
    font = pygame.font.Font(None, 22)
    surface = pygame.Surface(SIZE)
    surface.fill(BACKGROUND)
    left, top, right, bottom = MARGIN
    width, height = SIZE[0] - left - right, SIZE[1] - top - bottom
    lo, hi = log10(rows[0]["edges"]), log10(rows[-1]["edges"])
    peak = max(row[name] for row in rows for name, _ in SERIES) * 1.15

    def at(edges, value):
        return (left + (log10(edges) - lo) / (hi - lo) * width, top + height - value / peak * height)

    def label(text, pos, anchor):
        image = font.render(text, True, TEXT)
        surface.blit(image, image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))}))

    step = 100 if peak < 1500 else 250
    for value in range(0, int(peak) + 1, step):
        y = at(rows[0]["edges"], value)[1]
        pygame.draw.line(surface, GRID, (left, y), (left + width, y))
        label(str(value), (left - 8, y), "midright")
    for row in rows:
        x = at(row["edges"], 0)[0]
        pygame.draw.line(surface, GRID, (x, top), (x, top + height))
        label(str(row["edges"]), (x, top + height + 8), "midtop")
    pygame.draw.lines(surface, AXIS, False, [(left, top), (left, top + height),
                                             (left + width, top + height)], 2)
    for index, (name, color) in enumerate(SERIES):
        points = [at(row["edges"], row[name]) for row in rows]
        pygame.draw.lines(surface, color, False, points, 3)
        for point in points:
            pygame.draw.circle(surface, color, point, 5)
        legend = (left + 16, top + 10 + 24 * index)
        pygame.draw.line(surface, color, legend, (legend[0] + 26, legend[1]), 3)
        label(f"World.solve, {name}", (legend[0] + 34, legend[1]), "midleft")
    label("edges (distance constraints, log scale)", (left + width / 2, SIZE[1] - 12), "midbottom")
    title = font.render("ns per edge-iteration, pure Python", True, TEXT)
    surface.blit(pygame.transform.rotate(title, 90), (12, top + height / 2 - title.get_width() / 2))
    pygame.image.save(surface, str(path))
