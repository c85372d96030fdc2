"""The window icon, drawn in code: a pinned Verlet chain holding a pink soft ball.

Drawn once at 64 x 64 on a transparent surface: a dark rounded tile, a pin at the top, four links
swinging to the right as points joined by lines (what the overlay shows), and a pink ball with a
dark outline and a shade band, like Takopi's body. pygame only; no image file to ship.
"""

import pygame

SIZE = 64
TILE = (28, 32, 58)
LINK = (214, 168, 112)
POINT = (250, 250, 255)
BODY = (250, 168, 198)
SHADE = (222, 118, 158)
OUTLINE = (48, 30, 44)


def window_icon(size=SIZE):
    """A new `size` x `size` surface with the icon (drawn at 64 px, scaled when asked)."""
    icon = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    pygame.draw.rect(icon, TILE, icon.get_rect(), border_radius=14)
    pin = (20, 10)
    pygame.draw.rect(icon, POINT, (pin[0] - 8, pin[1] - 3, 16, 4), border_radius=2)
    chain = [pin, (24, 20), (30, 29), (36, 37)]
    pygame.draw.lines(icon, LINK, False, chain, 3)
    for point in chain[1:]:
        pygame.draw.circle(icon, POINT, point, 3)
    center, radius = (42, 45), 13
    pygame.draw.circle(icon, OUTLINE, center, radius + 2)
    pygame.draw.circle(icon, SHADE, center, radius)
    pygame.draw.circle(icon, BODY, (center[0] - 2, center[1] - 2), radius - 2)
    pygame.draw.circle(icon, (255, 226, 236), (center[0] - 6, center[1] - 6), 3)
    if size != SIZE:
        icon = pygame.transform.smoothscale(icon, (size, size))
    return icon
