"""What the spider's view tests share: drawing a scene, reading pixels and the texts it drew."""

import pygame

from scenes.spider import view_hud, view_panel, view_score


def render(scene):
    """The scene drawn once onto a fresh canvas-sized surface."""
    surface = pygame.Surface(scene.size)
    scene.draw(surface)
    return surface


def canvas(scene, world):
    """Canvas pixel of a world point under the scene's camera."""
    return (round(world[0] - scene.model.camera[0]), round(world[1] - scene.model.camera[1]))


def pixels_near(surface, center, radius):
    """RGB of every pixel in the square of `radius` around `center`, clipped to the surface."""
    cx, cy = center
    width, height = surface.get_size()
    return [tuple(surface.get_at((x, y)))[:3]
            for x in range(max(0, cx - radius), min(width, cx + radius + 1))
            for y in range(max(0, cy - radius), min(height, cy + radius + 1))]


def drawn_texts(scene, monkeypatch):
    """Every text the HUD drew while the scene was drawn once."""
    texts = []
    original = view_hud.draw_text

    def spy(surface, text, *args, **kwargs):
        texts.append(text)
        return original(surface, text, *args, **kwargs)

    modules = (view_hud, view_panel, view_score)  # the HUD, its game-over panel, its box
    for module in modules:
        monkeypatch.setattr(module, "draw_text", spy)
    render(scene)
    for module in modules:
        monkeypatch.setattr(module, "draw_text", original)
    return texts
