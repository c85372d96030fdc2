"""The spider game's game-over panel: the cause, the score and what it counts, the best score
("new best!") and the game's numbers; the scene's "play again" button sits below them.

As designed (a canvas shown at full size) the panel is 420 x 320 px in the middle of the canvas.
Shown small (`ui`, see `scenes.kit.ui_scale`) its words grow to 12 CSS px and are stacked from
their own line heights, the panel grows round them below the toolbar row, and the button grows
to a thumb's width; the line that explains the score is left out (a 320 x 180 frame has room
for five lines and the button), and so, under a finger, is the keyboard's line ("or press
Enter / Space").
"""

import pygame

from scenes.kit.ui_scale import FULL_SIZE
from scenes.kit.widgets import draw_text, font, panel_surface

from .view_colors import BEST, PANEL_EDGE, SCORE

PANEL_FILL = (20, 18, 40, 230)
TITLE = (240, 96, 78)
NEW_BEST = (255, 236, 110)
COUNTS = (200, 194, 170)
NUMBERS = (180, 184, 210)
KEYS = (150, 154, 184)
KEYS_LINE = "or press Enter / Space"
PLAY_AGAIN = (180, 50)
"""The designed size of the "play again" button, px."""
WIDEST = ("1 point for each dead bug collected", "0:00 survived \u00b7 00 bugs caught in silk")
"""The panel's widest lines (a long game's numbers may be a little wider): the second is its
width on a small canvas, so that the button's place does not hang on the score."""


CAUSES = {"fell": "The spider fell off the web.", "bitten": "The bugs got the spider.",
          "starved": "The spider starved: eat the bugs you trap."}
"""The panel's line for each way a game ends."""


def _texts(model, session):
    """[(text, designed size, colour)] of the panel's lines, top to bottom (no keys line)."""
    cause = CAUSES.get(model.cause, CAUSES["bitten"])
    if session.is_new_best(model.score):
        before = session.best_before
        best = ("new best!" + (f"  (was {before})" if before else ""), 26, NEW_BEST)
    else:
        best = (f"best {session.best}", 24, BEST)
    seconds = model.frame // 60
    caught = model.counts["caught"]
    numbers = (f"{seconds // 60}:{seconds % 60:02d} survived \u00b7 {caught} "
               f"{'bug' if caught == 1 else 'bugs'} caught in silk")
    return [("GAME OVER", 52, TITLE), (cause, 24, (236, 236, 244)),
            (f"score {model.score}", 40, SCORE), (WIDEST[0], 19, COUNTS), best,
            (numbers, 19, NUMBERS)]


def designed(ui):
    """Whether the panel is drawn as designed (the canvas shown at full size)."""
    return ui.text(19) == 19 and ui.side(PLAY_AGAIN[1]) == PLAY_AGAIN[1]  # its smallest lines


EXPLAINS_THE_SCORE = 3
"""The index in `_texts` of the line a small canvas leaves out ("1 point for each ...")."""


def _small_lines(texts):
    """The lines a small canvas shows: all but the one that explains the score."""
    return texts[:EXPLAINS_THE_SCORE] + texts[EXPLAINS_THE_SCORE + 1:]


def _stack(ui):
    """(line heights, gap, pad): the small canvas's stacked layout, worked out from the sizes
    (a font's height holds its own leading, so lines stack with no gap; the button keeps one)."""
    sizes = _small_lines((52, 24, 40, 19, 26, 19))
    return [font(ui.text(size)).get_height() for size in sizes], ui.room(4), ui.room(12)


def draw_game_over(surface, model, session, ui=FULL_SIZE):
    """The panel shown once the game is over (the scene adds the "play again" button)."""
    surface.blit(_shade(surface.get_size()), (0, 0))
    box = game_over_rect(surface.get_size(), ui)
    texts = _texts(model, session)
    if designed(ui):
        surface.blit(panel_surface(box.size, PANEL_FILL, PANEL_EDGE, 16), box)
        cx = box.centerx
        for (text, size, color), y in zip(texts, (36, 76, 114, 142, 172, 202)):
            draw_text(surface, text, (cx, box.y + y), size, color, anchor="center")
        draw_text(surface, KEYS_LINE, (cx, box.bottom - 18), 17, KEYS, anchor="center",
                  shadow=False)
        return
    texts = _small_lines(texts)
    widest = max(font(ui.text(size)).size(text)[0] for text, size, _ in texts)
    heights, gap, pad = _stack(ui)
    if widest + 2 * pad > box.width:
        box = box.inflate(min(surface.get_width() - 2 * pad, widest + 2 * pad) - box.width, 0)
    surface.blit(panel_surface(box.size, PANEL_FILL, PANEL_EDGE, 16), box)
    y = box.y + pad
    for (text, size, color), height in zip(texts, heights):
        draw_text(surface, text, (box.centerx, y + height // 2), ui.text(size), color,
                  anchor="center")
        y += height
    if not ui.touch:
        draw_text(surface, KEYS_LINE, (box.centerx, box.bottom - pad - font(ui.text(17))
                                       .get_height() // 2), ui.text(17), KEYS, anchor="center",
                  shadow=False)


_shades = {}


def _shade(size):
    """The translucent veil over the world behind the game-over panel (one kept, per size)."""
    shade = _shades.get(size)
    if shade is None:
        _shades.clear()
        shade = _shades[size] = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill((4, 4, 16, 70))
    return shade


def _top(ui):
    """The small canvas's panel top: below the toolbar row (and its margins)."""
    return 2 * ui.room(12) + ui.side(40)


def game_over_rect(size, ui=FULL_SIZE):
    """The panel's rect (on a small canvas: as wide as its widest usual line)."""
    width, height = size
    if designed(ui):
        return pygame.Rect(width // 2 - 210, height // 2 - 180, 420, 320)  # the dead spider shows below
    heights, gap, pad = _stack(ui)
    keys = 0 if ui.touch else font(ui.text(17)).get_height() + gap
    tall = pad + sum(heights) + gap + ui.side(PLAY_AGAIN[1]) + keys + pad
    wide = max(420, font(ui.text(19)).size(WIDEST[1])[0] + 2 * pad)
    box = pygame.Rect(0, 0, min(width - 2 * pad, wide), tall)
    box.centerx = width // 2
    box.y = min(_top(ui), height - pad - tall)
    return box


def play_again_rect(size, ui=FULL_SIZE):
    """The "play again" button's rect, in the panel below its lines."""
    box = game_over_rect(size, ui)
    if designed(ui):
        return pygame.Rect(box.centerx - 90, box.bottom - 86, *PLAY_AGAIN)
    side = ui.side(PLAY_AGAIN[1])
    label = font(ui.text(26)).size("play again")[0]
    wide = max(PLAY_AGAIN[0], ui.grow(14, side / PLAY_AGAIN[1]) + side + ui.room(8) + label
               + ui.room(14))  # as the scene draws it: the ↺, then the words
    heights, gap, pad = _stack(ui)
    top = box.y + pad + sum(heights) + gap
    return pygame.Rect(box.centerx - wide // 2, top, wide, side)
