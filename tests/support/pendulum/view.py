"""Drawing the pendulum: the rod, the bob and a hint; the overlay names the rod's stretch."""

import pygame

from scenes.kit.draw import disc, line, smooth_at
from scenes.kit.widgets import draw_text


def draw(surface, model, context):
    smooth = smooth_at(context.tier)
    surface.fill((30, 34, 56))
    line(surface, (220, 220, 235), model.pivot.position, model.bob.position, smooth)
    disc(surface, (255, 150, 190), model.bob.position, 14, smooth)
    pygame.draw.rect(surface, (220, 220, 235), (model.pivot.x - 14, model.pivot.y - 6, 28, 6))
    draw_text(surface, f"{context.pointer_word} to push the bob", (12, 12), 20)


def draw_overlay(surface, model, context):
    stretch = model.rod.length() / model.rod.rest - 1.0
    draw_text(surface, f"rod stretch {stretch * 100:.2f}%", (12, 40), 20, (190, 230, 190))
