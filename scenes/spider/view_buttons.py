"""The spider game's own buttons, drawn in code: the ↺ restart (and the note that asks to confirm
a restart mid-game) and the "?" of the how-to hint. The scene places them in the toolbar's
free slots (`ViewContext.slots`).

The ↺ is painted once per size and colour on a small cached sprite and blitted from there.
"""

from math import cos, pi, sin

import pygame

from scenes.kit.ui_scale import FULL_SIZE
from scenes.kit.widgets import draw_text, panel_surface, rendered

NOTE_FILL = (30, 24, 20, 225)
NOTE_EDGE = (110, 116, 150, 200)
"""The confirmation note's panel: a warm dark fill in the HUD's edge."""
CONFIRM = (255, 196, 90)
"""The restart confirmation's colour: the lit ↺ button, the note's time bar."""
CONFIRM_TEXT = "New game? Tap again (or press R) to confirm"
"""The note beside the lit ↺ button (pygame's font has no ↺ glyph, so it is not named)."""


def draw_restart_confirm(surface, button_rect, right, share, ui=FULL_SIZE):
    """A first restart request waits for a second: the ↺ button at `button_rect` is ringed in
    amber and a note ending at canvas x `right` says how to confirm; its bar shrinks with the
    time left (`share`, 1 -> 0). On a small canvas (`ui`) the note's words grow to 12 CSS px
    and it hangs below the button, right-aligned with it, where the row leaves no room."""
    button = pygame.Rect(button_rect)
    pygame.draw.rect(surface, CONFIRM, button.inflate(4, 4), 2, border_radius=12)
    size = ui.text(20)
    image = rendered(CONFIRM_TEXT, size, (255, 236, 200))
    if size == 20:
        note = pygame.Rect(0, button.y, image.get_width() + 28, button.height)
        note.right = right
    else:
        note = pygame.Rect(0, button.bottom + ui.room(8), image.get_width() + 2 * ui.room(14),
                           image.get_height() + 2 * ui.room(10))
        note.right = min(button.right, surface.get_width() - ui.room(8))
    surface.blit(panel_surface(note.size, NOTE_FILL, NOTE_EDGE, 10), note)
    surface.blit(image, image.get_rect(center=(note.centerx, note.centery - 2)))
    bar = pygame.Rect(note.x + 10, note.bottom - 7, round((note.width - 20) * share), 3)
    if bar.width > 0:
        pygame.draw.rect(surface, CONFIRM, bar, border_radius=1)


def draw_help_icon(surface, rect):
    """The "?" of the hint button, as big as the button (a 40 px button's at size 32), set in
    the canvas's face at that size rather than scaled up from a small one."""
    rect = pygame.Rect(rect)
    draw_text(surface, "?", rect.center, round(32 * rect.height / 40), anchor="center",
              shadow=False)


_icons = {}
ICON_MARGIN = 8
"""Room around the icon's rect on its sprite, px (the arrowhead may poke out a little)."""


def draw_restart_icon(surface, rect, color=(236, 236, 244)):
    """↺ drawn as an open circle with an arrowhead (fonts may lack the glyph).

    Painted once per size and colour on a transparent sprite, then blitted: the icon has no
    anti-aliased edge, so the sprite gives the same pixels as drawing it in place.
    """
    rect = pygame.Rect(rect)
    key = (rect.size, tuple(color))
    sprite = _icons.get(key)
    if sprite is None:
        if len(_icons) >= 8:
            _icons.clear()
        sprite = _icons[key] = pygame.Surface((rect.width + 2 * ICON_MARGIN,
                                                rect.height + 2 * ICON_MARGIN), pygame.SRCALPHA)
        _paint_restart_icon(sprite, rect.move(ICON_MARGIN - rect.x, ICON_MARGIN - rect.y), color)
    surface.blit(sprite, (rect.x - ICON_MARGIN, rect.y - ICON_MARGIN))


def _paint_restart_icon(surface, rect, color):
    cx, cy = rect.center
    radius = min(rect.width, rect.height) * 0.26
    start, end = -0.5 * pi + 0.45, 1.5 * pi - 0.2
    points = [(cx + cos(a) * radius, cy + sin(a) * radius)
              for a in (start + (end - start) * i / 24 for i in range(25))]
    pygame.draw.lines(surface, color, False, points, 3)
    tip_x, tip_y = points[-1]
    tx, ty = -sin(end), cos(end)  # tangent where the arc ends
    nx, ny = -ty, tx
    pygame.draw.polygon(surface, color, [(tip_x + tx * 6, tip_y + ty * 6),
                                         (tip_x - tx * 2 + nx * 5, tip_y - ty * 2 + ny * 5),
                                         (tip_x - tx * 2 - nx * 5, tip_y - ty * 2 - ny * 5)])
