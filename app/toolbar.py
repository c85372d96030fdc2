"""The toolbar every scene shares, and the scene list it opens.

Five buttons in a row at the top right, left of the slider-panel button, each 40 px square (a
thumb's width): scenes, pause, overlay, fullscreen, restart; and left of them all, where a
scene offers it, compare (side by side, `app.side_by_side`), so it moves no other button. Their slots are fixed, so a scene
that draws one of them itself (the spider game's own restart button) leaves that item out of
its `toolbar_items` and its own button sits in the free slot. Items that cannot work here (the
scene list in a single-scene embed, fullscreen where the browser forbids it) are dropped and
the row closes up from the left. Hovering a button with a mouse shows its name and key.

The pictures are drawn in code; the host (`app.host`) supplies what each button does and
whether it is lit (overlay on, paused). Shown small (a phone, `scenes.kit.ui_scale`) the
buttons, their pictures, gaps and hints grow, and `app.chrome` decides which items keep a
place in the row and which go into its "more" menu.
"""

from math import cos, pi, sin

import pygame

from scenes.kit.ui_scale import FULL_SIZE
from scenes.kit.widgets import (ACCENT, MUTED, PANEL_FILL, TEXT, Button, draw_text, fitted,
                                grown_icon, panel_surface, rendered)

ITEMS = ("compare", "scenes", "pause", "overlay", "fullscreen", "restart")
"""Every toolbar item, left to right: restart sits next to the slider-panel button."""
BUTTON = 40
"""Side of a toolbar button, px."""
GAP = 8
"""Space between two buttons, px."""
TOP = 12
"""Distance of the row from the canvas top, px (the slider-panel button's too)."""
MARGIN = 12
"""Distance of the slider-panel button from the canvas's right edge, px."""

HINT_SIZE = 18
"""The designed size of a hovered button's hint, px."""
HINT_GAP = 6
"""The designed space between a button and its hint, px."""
HINTS = {
    "compare": "side by side",
    "scenes": "scenes (Tab, 1-{n})",
    "pause": "pause (P)",
    "overlay": "overlay (O)",
    "fullscreen": "fullscreen (F11)",
    "restart": "restart (R)",
    "more": "more",
}
LIT_HINTS = {"pause": "go on (P)", "compare": "back to one"}
"""A lit button's hint where a press then does the opposite: the pause button while paused."""


def _draw_scenes(surface, rect, lit):
    """Three list rows with a dot each: "choose a scene"."""
    cx, cy = rect.center
    for i in (-1, 0, 1):
        y = cy + 8 * i
        pygame.draw.circle(surface, ACCENT if lit else TEXT, (cx - 9, y), 2)
        pygame.draw.line(surface, TEXT, (cx - 4, y), (cx + 11, y), 2)


def _draw_pause(surface, rect, lit):
    """Two bars; a play triangle when paused (the button then resumes)."""
    cx, cy = rect.center
    if lit:
        pygame.draw.polygon(surface, ACCENT, [(cx - 6, cy - 9), (cx - 6, cy + 9), (cx + 9, cy)])
    else:
        pygame.draw.rect(surface, TEXT, (cx - 8, cy - 9, 5, 18), border_radius=1)
        pygame.draw.rect(surface, TEXT, (cx + 3, cy - 9, 5, 18), border_radius=1)


def _draw_overlay(surface, rect, lit):
    """Three points joined by links: "show what the simulation does"."""
    cx, cy = rect.center
    points = [(cx - 10, cy + 7), (cx, cy - 9), (cx + 10, cy + 7)]
    color = ACCENT if lit else TEXT
    pygame.draw.lines(surface, color, True, points, 2)
    for point in points:
        pygame.draw.circle(surface, (255, 255, 255), point, 3)


def _draw_fullscreen(surface, rect, lit):
    """Four corner brackets."""
    cx, cy = rect.center
    color = ACCENT if lit else TEXT
    for sx in (-1, 1):
        for sy in (-1, 1):
            corner = (cx + 10 * sx, cy + 8 * sy)
            pygame.draw.line(surface, color, corner, (corner[0] - 6 * sx, corner[1]), 2)
            pygame.draw.line(surface, color, corner, (corner[0], corner[1] - 5 * sy), 2)


def _draw_restart(surface, rect, lit):
    """An open circle whose end carries an arrow head: start again."""
    cx, cy = rect.center
    radius, start, sweep = 9, -0.25 * pi, 1.55 * pi
    angles = [start + sweep * i / 16 for i in range(17)]
    pygame.draw.lines(surface, TEXT, False,
                      [(cx + radius * cos(a), cy + radius * sin(a)) for a in angles], 2)
    end = angles[-1]
    x, y = cx + radius * cos(end), cy + radius * sin(end)
    tx, ty = -sin(end), cos(end)  # the direction the arc runs at its end
    nx, ny = cos(end), sin(end)  # outward from the centre
    pygame.draw.polygon(surface, TEXT, [(x + 6 * tx, y + 6 * ty), (x - 5 * nx - 2 * tx, y - 5 * ny - 2 * ty),
                                        (x + 5 * nx - 2 * tx, y + 5 * ny - 2 * ty)])


def _draw_more(surface, rect, lit):
    """Three dots in a row: "more of these" (the overflow menu)."""
    cx, cy = rect.center
    for i in (-1, 0, 1):
        pygame.draw.circle(surface, ACCENT if lit else TEXT, (cx + 9 * i, cy), 3)


def _draw_compare(surface, rect, lit):
    """Four small panes of a grid: "the same scene side by side"."""
    cx, cy = rect.center
    color = ACCENT if lit else TEXT
    for sx in (-1, 1):
        for sy in (-1, 1):
            pygame.draw.rect(surface, color, (cx + (1 if sx > 0 else -10), cy + (1 if sy > 0 else -8),
                                              9, 7), 2 if sx * sy > 0 else 0, border_radius=1)


PICTURES = {"compare": _draw_compare, "scenes": _draw_scenes, "pause": _draw_pause,
            "overlay": _draw_overlay, "fullscreen": _draw_fullscreen, "restart": _draw_restart,
            "more": _draw_more}


def picture(item, lit):
    """The icon function of `item`'s button (grown with its button), lit as `lit()` says."""
    return grown_icon(lambda surface, rect: PICTURES[item](surface, rect, lit()), BUTTON, lit)


class Toolbar:
    """The row of toolbar buttons for one scene.

    actions    {item: function()} what each button does
    lit        {item: function() -> bool} whether a button shows its "on" state
    available  the items that can work here at all (see the module docstring)
    shown      the items the scene wants from the toolbar (`Scene.toolbar_items`)
    right      x of the row's right end, px
    scene_count  how many scenes the switcher offers (for the hint "Tab, 1-N")
    ui         the size the canvas is shown at (`scenes.kit.ui_scale.UiScale`)
    row        the items in the row, left to right (`app.chrome` leaves some to its menu and
               adds "more"); None: every available item
    """

    def __init__(self, actions, lit, available, shown, right, scene_count=1, ui=FULL_SIZE,
                 row=None):
        self.lit = lit
        self.hover = None  # pointer position of a mouse (not a finger) over the canvas
        self.scene_count = scene_count
        self.ui = ui
        slots = [item for item in ITEMS if item in available] if row is None else list(row)
        side, gap, top = ui.side(BUTTON), ui.room(GAP), ui.room(TOP)
        self.growth = side / BUTTON
        self.buttons = {}
        self.free_slots = {}  # item -> rect of a slot the scene left free for its own button
        for i, item in enumerate(slots):
            x = right - (len(slots) - i) * (side + gap) + gap
            if item in shown or item == "more":
                self.buttons[item] = Button((x, top, side, side), item, actions[item],
                                            icon=picture(item, lit[item]))
            else:
                self.free_slots[item] = pygame.Rect(x, top, side, side)

    def hint(self, item):
        """The words under a hovered button: what a press does now ("go on (P)" while paused)."""
        words = LIT_HINTS.get(item) if self.lit[item]() else None
        return (words or HINTS[item]).format(n=self.scene_count)

    def rect(self, item):
        """Where `item`'s button is, or None when it is not shown."""
        button = self.buttons.get(item)
        return button.rect if button else None

    def handle(self, event):
        """Return True when the event was a press on (or a drag from) a toolbar button."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = None if getattr(event, "touch", False) else tuple(event.pos)
        return any(button.handle(event) for button in self.buttons.values())

    @property
    def hint_size(self):
        return self.ui.text(HINT_SIZE)

    def hint_top(self, button):
        """The y a hovered button's hint hangs from."""
        return button.rect.bottom + self.ui.room(HINT_GAP)

    def draw(self, surface):
        grown = lambda designed: self.ui.grow(designed, self.growth)  # noqa: E731
        for item, button in self.buttons.items():
            button.draw(surface)
            if self.lit[item]():
                y = button.rect.bottom - grown(4)
                pygame.draw.line(surface, ACCENT, (button.rect.x + grown(10), y),
                                 (button.rect.right - grown(10), y), grown(2))
        if self.hover is not None:
            for item, button in self.buttons.items():
                if button.rect.collidepoint(self.hover):
                    words = self.hint(item)
                    draw_text(surface, words, self.hint_rect(item, words, surface.get_width()).topleft,
                              self.hint_size, TEXT)

    def area(self, canvas_width):
        """The canvas rect the toolbar paints within: its buttons and every hint they may show."""
        rects = [button.rect for button in self.buttons.values()]
        for item in self.buttons:
            for words in (HINTS[item], LIT_HINTS.get(item, HINTS[item])):
                rects.append(self.hint_rect(item, words.format(n=self.scene_count), canvas_width))
        return rects[0].unionall(rects[1:]).inflate(6, 6) if rects else pygame.Rect(0, 0, 0, 0)

    keep_clear = ()
    """Rects of other labels a hint must not cover (the rewind bar under the row while paused):
    a hint that would meet one hangs below it instead."""

    def hint_rect(self, item, words, canvas_width):
        """Where `words`, the hint of `item`'s button, are drawn: centred under the button,
        kept on the canvas, below any label in `keep_clear` it would cover."""
        button = self.buttons[item]
        rect = rendered(words, self.hint_size, TEXT).get_rect(
            midtop=(button.rect.centerx, self.hint_top(button)))
        rect.right = min(rect.right, canvas_width - 2)
        for other in sorted(self.keep_clear, key=lambda r: r[1]):
            if rect.colliderect(other):
                rect.top = pygame.Rect(other).bottom + self.ui.room(HINT_GAP)
        return rect


class SceneList:
    """The scene switcher's list: one row per scene with its key, name and one-line description.

    entries    [(name, description)] in `--list` order (key 1 is the first)
    current    function() -> the name of the scene shown now (its row is marked)
    choose     function(name) called when a row is pressed
    right, top where the list's top-right corner goes, px

    `lay_out(ui, bottom)` sizes it for a small canvas (`scenes.kit.ui_scale`): rows as tall as
    a thumb needs and words of 12 CSS px; where that would not fit above `bottom` the
    descriptions are left out and the names go in two columns, from the canvas's top.
    """

    WIDTH = 780
    ROW = 52
    HEAD = 34

    def __init__(self, entries, current, choose, right, top):
        self.entries = list(entries)
        self.current = current
        self.choose = choose
        self.open = False
        self.corner = (right, top)
        self._pressed = None
        self.lay_out(FULL_SIZE, None)

    def lay_out(self, ui, bottom):
        """Rows, columns and words for `ui`; the list ends above `bottom` (None: anywhere)."""
        self.ui = ui
        right, top = self.corner
        self.row = max(self.ROW, ui.side(self.ROW - 4) + 4)
        growth = ui.text(22) / 22
        self.head = ui.grow(self.HEAD, growth)
        self.columns, self.described = 1, True
        height = self.head + self.row * len(self.entries) + 8
        width = self.WIDTH
        if ui.css_scale < 1 and (growth > 1 or bottom is not None and top + height > bottom):
            self.columns, self.described = 2, False
            top = ui.room(12)
            per_column = -(-len(self.entries) // 2)
            height = self.head + self.row * per_column + 8
            width = min(right - ui.room(12), round(2 * 160 * growth))
        self.rect = pygame.Rect(right - width, top, width, height)

    def row_rect(self, index):
        column, line = divmod(index, -(-len(self.entries) // self.columns))
        width = (self.rect.width - 12) // self.columns
        return pygame.Rect(self.rect.x + 6 + column * width, self.rect.y + self.head + line * self.row,
                           width - (6 if self.columns > 1 else 0), self.row - 4)

    def handle(self, event):
        """While open, every pointer press belongs to the list: a row chooses, outside closes."""
        if not self.open:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open = False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = next((i for i in range(len(self.entries))
                                  if self.row_rect(i).collidepoint(event.pos)), None)
            if self._pressed is None and not self.rect.collidepoint(event.pos):
                self.open = False
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed = self._pressed, None
            if pressed is not None and self.row_rect(pressed).collidepoint(event.pos):
                self.open = False
                self.choose(self.entries[pressed][0])
            return True
        return event.type == pygame.MOUSEMOTION and self._pressed is not None

    def draw(self, surface):
        if not self.open:
            return
        ui = self.ui
        growth = ui.text(22) / 22
        grown = lambda designed: ui.grow(designed, growth)  # noqa: E731
        surface.blit(panel_surface(self.rect.size, (18, 20, 34, 235), (120, 124, 160, 255)),
                     self.rect)
        draw_text(surface, "Scenes", (self.rect.x + grown(16), self.rect.y + grown(10)),
                  ui.text(22), TEXT, shadow=False)
        draw_text(surface, f"keys 1-{len(self.entries)} or Tab",
                  (self.rect.right - grown(16), self.rect.y + grown(12)), ui.text(18), MUTED,
                  anchor="topright", shadow=False)
        for i, (name, description) in enumerate(self.entries):
            row = self.row_rect(i)
            if name == self.current():
                surface.blit(panel_surface(row.size, (60, 64, 96, 200), radius=8), row)
                pygame.draw.rect(surface, ACCENT, (row.x + 2, row.y + 8, 4, row.height - 16),
                                 border_radius=2)
            draw_text(surface, str(i + 1), (row.x + grown(26), row.centery), ui.text(26), ACCENT,
                      anchor="center", shadow=False)
            if self.described:
                draw_text(surface, name, (row.x + grown(48), row.y + grown(5)), ui.text(24), TEXT,
                          shadow=False)
                left = row.x + grown(48)
                draw_text(surface, fitted(description, ui.text(17), row.right - grown(8) - left),
                          (left, row.y + grown(27)), ui.text(17), MUTED, shadow=False)
            else:
                draw_text(surface, name, (row.x + grown(48), row.centery), ui.text(24), TEXT,
                          anchor="midleft", shadow=False)
