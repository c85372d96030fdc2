"""The parameter panel: a column (or a few) of sliders folded behind a small button, with
"defaults", "copy link" and "copy embed" below them.

The panel changes parameters only through `Param.clamp` (the sliders), the same rules the CLI
and the page query use; "defaults" puts every parameter back; the two copy buttons hand "link"
or "embed" to the panel's `on_share`, which the host sets (`app.share` builds the address from
the scene, its changed parameters, its seed and its overlay).

`lay_out(ui)` sizes it for the size the canvas is shown at (`scenes.kit.ui_scale`): at full
size it is the designed 236 px column under its 40 px button; on a phone its rows, buttons and
words grow to 32 CSS px and 12 CSS px, and where one column would run off the canvas the sliders
take two, and then the whole panel sits beside its button from the top, over the toolbar row
(`covers_row`: the host then leaves the toolbar out while the panel is open).
"""

from math import ceil

import pygame

from scenes.kit.model.run import set_record
from .ui_scale import FULL_SIZE
from .widgets import (PANEL_FILL, TEXT, Button, Slider, _pointer, draw_sliders_icon, draw_text,
                      grown_icon, panel_surface, rendered)

SHARE_LABELS = {"link": "copy link", "embed": "copy embed"}
COVERING_FILL = (18, 20, 34, 255)
"""The body's fill where it covers the toolbar row (a small frame): opaque, so the help
line under it does not show through as a ghost."""
"""The copy buttons' words, by what they copy."""


class ParamPanel:
    """A folded panel of sliders for some of a scene's parameters.

    `scene` provides `params` (a ParamTable), `values` and `apply(record)` (a slider's move is a
    "set" record, `scenes.kit.model.run`); `size` is
    the canvas's (the panel hangs from its top right corner).
    """

    WIDTH = 236
    """The designed column width, px."""
    BUTTON_HEIGHT = 40
    """The designed height of the toggle, the buttons and a slider row, px: a thumb's width."""
    MARGIN = 12
    """The designed distance of the toggle from the canvas's top and right edges, px."""
    HINT = "parameters"
    """The folded toggle's hint while a mouse hovers it, as the toolbar's buttons have theirs."""
    HINT_SIZE = 18
    MAX_COLUMNS = 3
    hover = None  # where a mouse (never a finger) rests over the canvas, or None
    on_share = None
    """function(kind) the copy buttons call with "link" or "embed"; None: nothing to copy to."""

    def __init__(self, scene, names, size, open=False):
        self.scene = scene
        self.names = list(names)
        self.size = tuple(size)
        self.open = open
        self.lay_out(FULL_SIZE)

    def lay_out(self, ui):
        """Place the toggle, sliders and buttons for `ui` (a `UiScale`); open or not stays."""
        self.ui = ui
        side = ui.side(self.BUTTON_HEIGHT)
        growth = side / self.BUTTON_HEIGHT
        text = ui.text(Slider.TEXT_SIZE)
        width, height = self.size
        margin = ui.room(self.MARGIN)
        self.toggle = Button((width - margin - side, margin, side, side), "params", self._flip,
                             icon=grown_icon(draw_sliders_icon))
        column = round(self.WIDTH * max(1.0, text / Slider.TEXT_SIZE))
        columns, body_top, self.covers_row = self._placement(ui, column, side, growth)
        if self.covers_row:
            column = (self.toggle.rect.x - ui.room(8) - margin) // columns
        x = self.toggle.rect.right - columns * column if not self.covers_row else margin
        first = body_top + ui.grow(4, growth)
        self.sliders = [self._slider(name, (x + (i % columns) * column,
                                            first + (i // columns) * side, column, side), text)
                        for i, name in enumerate(self.names)]
        rows = ceil(len(self.names) / columns)
        below = first + rows * side + ui.grow(6, growth)
        self.buttons = self._buttons(x, below, columns, columns * column, side, growth)
        bottom = max(button.rect.bottom for button in self.buttons)
        self.body = pygame.Rect(x, body_top, columns * column,
                                bottom + ui.grow(8, growth) - body_top)


    def _slider(self, name, rect, text):
        scene = self.scene
        return Slider(rect, scene.params[name], lambda: scene.values[name],
                      lambda value: scene.apply(set_record(name, value)), text_size=text)

    def _rows_height(self, ui, columns, side, growth):
        """The body's height with the sliders in `columns` columns (buttons in one row from two
        columns on, else "defaults" over the two copy buttons)."""
        rows = ceil(len(self.names) / columns)
        button_rows = 1 if columns > 1 else 2
        return (ui.grow(4, growth) + rows * side + ui.grow(6, growth) + button_rows * side
                + (button_rows - 1) * ui.grow(8, growth) + ui.grow(8, growth))

    def _placement(self, ui, column, side, growth):
        """(columns, top of the body, whether it covers the toolbar row): the fewest columns
        that fit below the toggle; else beside it, from the top, as many as fit."""
        width, height = self.size
        margin = ui.room(self.MARGIN)
        below = self.toggle.rect.bottom + ui.grow(2, growth)
        for columns in range(1, self.MAX_COLUMNS + 1):
            if columns * column > width - 2 * margin:
                break
            if below + self._rows_height(ui, columns, side, growth) <= height - margin:
                return columns, below, False
        beside = self.toggle.rect.x - ui.room(8) - margin
        columns = max(1, min(self.MAX_COLUMNS, beside // column))
        while columns < self.MAX_COLUMNS and (
                margin + self._rows_height(ui, columns, side, growth) > height - margin):
            columns += 1
        return columns, margin, True

    def _buttons(self, x, top, columns, width, side, growth):
        """"defaults", "copy link", "copy embed": one row across a wide panel, else defaults
        over the two copy buttons (the designed column)."""
        ui = self.ui
        inset, gap = ui.grow(8, growth), ui.grow(8, growth)
        label = ui.text(Button.LABEL_SIZE)
        actions = [("defaults", self.reset)] + [
            (words, lambda kind=kind: self.share(kind)) for kind, words in SHARE_LABELS.items()]
        if columns > 1:
            each = (width - 2 * inset - 2 * gap) / 3
            return [Button((round(x + inset + i * (each + gap)), top, round(each), side), words,
                           action, label_size=label) for i, (words, action) in enumerate(actions)]
        half = (width - 2 * inset - gap) // 2
        second = top + side + gap
        return [Button((x + inset, top, width - 2 * inset, side), actions[0][0], actions[0][1],
                       label_size=label),
                Button((x + inset, second, half, side), actions[1][0], actions[1][1], label_size=label),
                Button((x + inset + half + gap, second, half, side), actions[2][0], actions[2][1],
                       label_size=label)]

    @property
    def defaults(self):
        """The "defaults" button."""
        return self.buttons[0]

    def share_button(self, kind):
        """The "copy link" ("link") or "copy embed" ("embed") button."""
        return self.buttons[1 + list(SHARE_LABELS).index(kind)]

    def hint_rect(self):
        """Where the toggle's hint is drawn now (a mouse over the folded toggle), or None. It
        hangs below the button, its right edge at the button's, so it stays on the canvas."""
        if self.open or self.hover is None or not self.toggle.rect.collidepoint(self.hover):
            return None
        image = rendered(self.HINT, self.ui.text(self.HINT_SIZE), TEXT)
        return image.get_rect(topright=(self.toggle.rect.right,
                                        self.toggle.rect.bottom + self.ui.room(6)))

    def _flip(self):
        self.open = not self.open

    def reset(self):
        """Every parameter of the scene back to its default (key R restarts and keeps values)."""
        for param in self.scene.params:
            self.scene.apply(set_record(param.name, param.default))

    def share(self, kind):
        """A copy button: hand "link" or "embed" to `on_share`, or say there is nowhere to copy."""
        if self.on_share is not None:
            self.on_share(kind)
        elif hasattr(self.scene, "add_note"):
            self.scene.add_note("nothing to copy to here")

    def handle(self, event):
        """Return True when the event belonged to the panel (the scene must then ignore it)."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = None if getattr(event, "touch", False) else tuple(event.pos)
        elif event.type == pygame.WINDOWLEAVE:
            self.hover = None
        if self.toggle.handle(event):
            return True
        if not self.open:
            return False
        if any(slider.handle(event) for slider in self.sliders):
            return True
        if any(button.handle(event) for button in self.buttons):
            return True
        kind, pos = _pointer(event)
        return kind == "down" and self.body.collidepoint(pos)

    def draw(self, surface):
        if self.open and self.sliders:
            body, fill = self.body, PANEL_FILL
            if self.covers_row:  # drawn as a sheet from the top left corner, over the help line
                body, fill = body.union((-12, -12, 1, 1)), COVERING_FILL
            surface.blit(panel_surface(body.size, fill), body)
            for slider in self.sliders:
                slider.draw(surface)
            for button in self.buttons:
                button.draw(surface)
        self.toggle.draw(surface)
        hint = self.hint_rect()
        if hint is not None:
            draw_text(surface, self.HINT, hint.topleft, self.ui.text(self.HINT_SIZE), TEXT)
