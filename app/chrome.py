"""The chrome laid out for the size the frame is shown at: which toolbar items keep a place in
the row, the "more" menu holding the rest, and the pause veil.

The canvas stays 960 x 540 logical px wherever it is shown; the page says how many CSS px one
canvas px is (`app.page.frame_size`, `--frame-width` headless) and whether the reader's pointer
is a finger. From that `scenes.kit.ui_scale.UiScale` says how big a control and a word must be
drawn (32 CSS px a control on a touch screen, 12 CSS px a word). Grown buttons take more of the
row than the designed 40 px ones, and the row may take at most ROW_SHARE of the canvas's width
(the help line lives at the top left): the items that do not fit go, in the order of
OVERFLOW_FIRST, into a menu behind a "more" button at the row's left end. At full size every
item fits and the row is the designed one.
"""

import pygame

from scenes.kit.ui_scale import FULL_SIZE
from scenes.kit.widgets import ACCENT, TEXT, _pointer, draw_text, panel_surface, rendered
from scenes.kit.model.side_by_side import offers as compare_offered
from scenes.kit.model.run import restart_record
from .toolbar import BUTTON, GAP, HINTS, ITEMS, LIT_HINTS, MARGIN, Toolbar, picture

ROW_SHARE = 0.45
"""The most of the canvas's width the toolbar row and the slider button may take."""
OVERFLOW_FIRST = ("compare", "fullscreen", "scenes", "overlay", "restart", "pause")
"""Which items leave the row first when it is short of room (pause stays longest)."""
MENU_TEXT = 20
"""The designed size of a menu row's words, px."""


def row_items(ui, available, shown, right, canvas_width):
    """(row, overflow): the items placed in the row left to right ("more" first when some do
    not fit) and the items in its menu, for a row ending at `right`.

    An item the scene draws itself (not in `shown`: the spider's own restart) keeps its slot in
    the row, since its button cannot go into a menu."""
    items = [item for item in ITEMS if item in available]
    side, gap = ui.side(BUTTON), ui.room(GAP)
    left = canvas_width * (1 - ROW_SHARE)
    fits = max(1, int((right + gap - left) // (side + gap)))
    if len(items) <= fits:
        return items, []
    keep = fits - 1  # one slot for "more"
    leaving = [item for item in OVERFLOW_FIRST if item in items and item in shown]
    overflow = leaving[:max(0, len(items) - keep)]
    return ["more"] + [item for item in items if item not in overflow], overflow


def toolbar_of(host):
    """The host's shown scene's toolbar row and "more" menu: the items that can work here, what
    each does and when it is lit, ending left of the scene's slider button."""
    scene, ui = host.scene, host.ui
    available = {"pause", "overlay", "restart"}
    if host.switchable:
        available.add("scenes")
    if host.window.fullscreen_available:
        available.add("fullscreen")
    shown = tuple(scene.toolbar_items)
    if compare_offered(scene.name):
        available.add("compare")
        shown += ("compare",)
    right = host.window.surface.get_width() - ui.room(MARGIN)
    panel = host.scenes[scene.name].panel  # side by side, the row stays where it was
    if panel is not None:
        right = panel.toggle.rect.x - ui.room(GAP)
    actions = {"scenes": host.toggle_scene_list, "pause": host.toggle_pause,
               "overlay": host.toggle_overlay, "fullscreen": host.toggle_fullscreen,
               "restart": lambda: scene.apply(restart_record()), "compare": host.side_by_side.toggle}
    lit = {"scenes": lambda: host.scene_list.open, "pause": lambda: host.paused,
           "overlay": lambda: host.scene.context.overlay, "fullscreen": lambda: False,
           "restart": lambda: False, "compare": host.side_by_side.lit}
    return toolbar_for(ui, actions, lit, available, shown, right,
                       host.window.surface.get_size(), len(host.names))


def toolbar_for(ui, actions, lit, available, shown, right, canvas_size, scene_count):
    """The toolbar row and its "more" menu (an empty one when every item fits) for `ui`."""
    row, overflow = row_items(ui, available, shown, right, canvas_size[0])
    menu = OverflowMenu(overflow, actions, lit, scene_count, ui, canvas_size)
    actions = dict(actions, more=menu.toggle)
    lit = dict(lit, more=lambda: menu.open)
    toolbar = Toolbar(actions, lit, available, shown, right, scene_count, ui, row)
    if overflow:
        menu.hang_from(toolbar.buttons["more"].rect)
    return toolbar, menu


class OverflowMenu:
    """The toolbar items that found no room in the row: one row each (its picture and what it
    does, "fullscreen (F11)"), opened by the "more" button, hanging below it.

    While open it takes every pointer press: a row does its item's action and closes the menu
    (the scene list's row then opens the list), a press anywhere else only closes it."""

    def __init__(self, items, actions, lit, scene_count, ui=FULL_SIZE, canvas_size=(960, 540)):
        self.items = list(items)
        self.actions = actions
        self.lit = lit
        self.scene_count = scene_count
        self.ui = ui
        self.canvas_size = canvas_size
        self.open = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._pressed = None

    @property
    def text_size(self):
        return self.ui.text(MENU_TEXT)

    def words(self, item):
        """What a row says: the item's hint ("go on (P)" while paused)."""
        words = LIT_HINTS.get(item) if self.lit[item]() else None
        return (words or HINTS[item]).format(n=self.scene_count)

    def hang_from(self, button):
        """Place the menu below the "more" button `button` (left of it when its rows would run
        off the canvas below), kept on the canvas."""
        ui, side = self.ui, self.ui.side(BUTTON)
        pad = ui.room(8)
        widest = max(rendered(words, self.text_size, TEXT).get_width()
                     for item in self.items
                     for words in (HINTS[item].format(n=self.scene_count),
                                   LIT_HINTS.get(item, HINTS[item]).format(n=self.scene_count)))
        width = pad + side + pad + widest + 2 * pad
        height = pad + len(self.items) * side + pad
        gap = ui.room(GAP)
        self.rect = pygame.Rect(button.x, button.bottom + gap, width, height)
        if self.rect.bottom > self.canvas_size[1]:  # too many rows below it: beside it instead
            self.rect = pygame.Rect(button.x - gap - width, button.y, width, height)
        self.rect.clamp_ip(pygame.Rect((0, 0), self.canvas_size))

    def row_rect(self, index):
        pad, side = self.ui.room(8), self.ui.side(BUTTON)
        return pygame.Rect(self.rect.x + pad, self.rect.y + pad + index * side,
                           self.rect.width - 2 * pad, side)

    def toggle(self):
        self.open = not self.open and bool(self.items)

    def handle(self, event):
        """While open, take every pointer press: a row acts on release, outside closes."""
        if not self.open:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open = False
            return True
        kind, pos = _pointer(event)
        if kind == "down":
            self._pressed = next((i for i in range(len(self.items))
                                  if self.row_rect(i).collidepoint(pos)), None)
            if self._pressed is None and not self.rect.collidepoint(pos):
                self.open = False
            return True
        if kind == "up":
            pressed, self._pressed = self._pressed, None
            if pressed is not None and self.row_rect(pressed).collidepoint(pos):
                self.open = False
                self.actions[self.items[pressed]]()
            return True
        return kind == "move" and self._pressed is not None

    def draw(self, surface):
        if not self.open:
            return
        surface.blit(panel_surface(self.rect.size, (18, 20, 34, 235), (120, 124, 160, 255)),
                     self.rect)
        side = self.ui.side(BUTTON)
        for i, item in enumerate(self.items):
            row = self.row_rect(i)
            if i == self._pressed:
                surface.blit(panel_surface(row.size, (60, 64, 96, 200), radius=8), row)
            icon = pygame.Rect(row.x, row.y, side, side)
            picture(item, self.lit[item])(surface, icon)
            color = ACCENT if self.lit[item]() else TEXT
            draw_text(surface, self.words(item), (icon.right + self.ui.room(8), row.centery),
                      self.text_size, color, anchor="midleft", shadow=False)


VEIL_TITLE, VEIL_LINE, VEIL_LEADING = 36, 20, 24
"""The pause veil's designed title and line sizes and its line spacing, px."""


def veil(surface, title, lines, ui=FULL_SIZE, keep_clear=(), points=()):
    """Dim the canvas a little and show a box with a title and a few short lines (paused); the
    box goes where it hides the fewest of the scene's `points` (`veil_box`). Returns its rect."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((8, 10, 20, 70))
    surface.blit(shade, (0, 0))
    size = ui.text(VEIL_LINE)
    growth = size / VEIL_LINE
    grown = lambda designed: ui.grow(designed, growth)  # noqa: E731
    widest = max(rendered(line, size, TEXT).get_width() for line in lines)
    width = min(surface.get_width() - 2 * ui.room(12), max(grown(300), widest + grown(40)))
    box = veil_box((width, grown(56) + grown(VEIL_LEADING) * len(lines)), surface.get_size(), ui,
                   keep_clear, points)
    surface.blit(panel_surface(box.size, (18, 20, 34, 225), (120, 124, 160, 255)), box)
    draw_text(surface, title, (box.centerx, box.y + grown(10)), grown(VEIL_TITLE), ACCENT,
              anchor="midtop")
    for i, line in enumerate(lines):
        draw_text(surface, line, (box.centerx, box.y + grown(48) + grown(VEIL_LEADING) * i), size,
                  TEXT, anchor="midtop")
    return box


def veil_box(size, canvas, ui=FULL_SIZE, keep_clear=(), points=()):
    """Where the paused box of `size` goes on a `canvas`: of the places below the toolbar row
    (top, middle and bottom; centre, left and right), clear of the rects in `keep_clear` (the
    rewind bar), the one over the fewest of `points` (the scene's simulated points: the rope's
    pin, Takopi's body), the highest centred one first among equals."""
    width, height = size
    margin = ui.room(12)
    top = ui.side(BUTTON) + 2 * margin
    xs = (canvas[0] // 2 - width // 2, margin, canvas[0] - margin - width)
    ys = (top, (top + canvas[1] - height) // 2, canvas[1] - margin - height)
    places = [pygame.Rect(x, y, width, height) for y in ys for x in xs]
    places = [rect for rect in places if rect.collidelist(list(keep_clear)) < 0] or places[:1]
    return min(places, key=lambda rect: sum(1 for x, y in points if rect.collidepoint(x, y)))


QUALITY_LABEL_INSET = (12, 32)
"""Where the overlay's fps and tier label ends, px in from the canvas's bottom-right corner: the
one place no scene draws its own words (help lines and overlay numbers top left, toolbar and
sliders top right, notes and the spider's footer bottom left and centre), and above the line
of credits Takopi keeps along the bottom edge."""
QUALITY_LABEL_SIZE = 18
QUALITY_LABEL_COLOR = (214, 218, 234)
QUALITY_LABEL_FILL = (18, 20, 34, 170)
"""The label's pill: the translucent dark of the other on-canvas panels."""


def quality_pill(surface, text, ui=FULL_SIZE, corner=None):
    """The overlay's fps and tier line (`text`) on a small dark pill, readable on any sky; its
    line ends at `corner` (x, y of its bottom right), by default near the canvas's. Returns
    the pill's rect."""
    image = rendered(text, ui.text(QUALITY_LABEL_SIZE), QUALITY_LABEL_COLOR)
    if corner is None:
        corner = (surface.get_width() - QUALITY_LABEL_INSET[0],
                  surface.get_height() - QUALITY_LABEL_INSET[1])
    pill = image.get_rect(bottomright=corner)
    pill.inflate_ip(14, 8)
    surface.blit(panel_surface(pill.size, QUALITY_LABEL_FILL, radius=pill.height // 2), pill)
    surface.blit(image, image.get_rect(center=pill.center))
    return pill
