"""Painting: the shown scene, then the host's chrome over it, and what each frame painted over.

`draw` paints the scene, then the pause veil and the rewind bar (while paused), the toolbar,
its "more" menu, the scene list and, with the overlay on, the fps and tier label. Dirty
rectangles: the scene is told what was painted over its last frame (its context's
`painted_over`), so a scene that repaints only what changed knows what else to restore: the
toolbar's area when that is all, nothing known (None) after a veil, an open list or menu, the
overlay's label, a switch of scene, another surface, or a window event that may have lost the
picture (`forget_canvas`).

A part of `app.host.Host` (a base class of it): it reads the host's `scene`, `toolbar`, `menu`,
`scene_list`, `rewind`, `paused`, `ui` and `window`.
"""

import pygame

from .chrome import quality_pill, veil

CANVAS_EVENTS = tuple(getattr(pygame, name) for name in (
    "VIDEORESIZE", "VIDEOEXPOSE", "WINDOWEXPOSED", "WINDOWRESIZED", "WINDOWSIZECHANGED",
    "WINDOWSHOWN", "WINDOWRESTORED", "WINDOWMAXIMIZED", "WINDOWDISPLAYCHANGED")
    if hasattr(pygame, name))
"""Window events after which the canvas may no longer hold the last frame: the next one is
painted whole."""


class Painting:
    """The host's `draw(surface)` and `forget_canvas()`."""

    def draw(self, surface):
        """The shown scene, then the veil, toolbar, scene list and label over it.

        The scene is told what was painted over its last frame (its context's `painted_over`): the
        toolbar's area, when that is all; nothing is known (None) after a veil, an open scene
        list, the overlay's label, a switch of scene, another surface or a window event that
        may have lost the picture (`forget_canvas`)."""
        chrome = self._chrome
        known = chrome is not None and chrome[0] is surface and chrome[1] is self.scene
        context = self.scene.context
        context.painted_over = chrome[2] if known else None
        self.scene.draw(surface)
        self.toolbar.keep_clear = (self.rewind.bar(),) if self.paused else ()
        painted = [self._toolbar_area()]
        if self.paused and not self.scene.part_way:  # part-way, the phase's readout says it
            word = context.pointer_word
            lines = ([f"{word} anywhere to go on"] if context.touch else
                     [f"{word} or press P to go on", "the . key: one step",
                      "the , key: one phase of it"])
            model = getattr(self.scene, "model", None)
            points = model.points() if hasattr(model, "points") else ()
            veil(surface, "paused", lines, self.ui, [self.rewind.bar()], points)
            self.rewind.draw(surface)
            painted = None
        if self.scene_list.open or self.menu.open:
            self.toolbar.hover = None  # a button's hint would peek out under the list
            painted = None
        if not self._row_covered():
            self.toolbar.draw(surface)
        self.menu.draw(surface)
        self.scene_list.draw(surface)
        if context.overlay:
            self._draw_quality_label(surface)
            painted = None
        self._chrome = None if painted is None else (surface, self.scene, painted)

    def _row_covered(self):
        """Whether the shown scene's open panel lies over the toolbar row (a small canvas):
        the row is then neither drawn nor pressed until the panel folds."""
        panel = self.scene.panel
        return bool(panel is not None and panel.open and getattr(panel, "covers_row", False))

    _chrome = None
    """(surface, scene, rects) of the last `draw`: what was painted over that scene's picture;
    None when not known."""

    def forget_canvas(self):
        """The next frame paints the whole canvas (the window's picture may be gone)."""
        self._chrome = None

    def _toolbar_area(self):
        """The canvas rect the toolbar paints within: its buttons and any button's hint below
        it (worked out once per toolbar)."""
        toolbar = self.toolbar
        if self._toolbar_painted is None or self._toolbar_painted[0] is not toolbar:
            self._toolbar_painted = (toolbar, toolbar.area(self.window.surface.get_width()))
        return self._toolbar_painted[1]

    _toolbar_painted = None  # (toolbar, its `_toolbar_area`)

    def _draw_quality_label(self, surface):
        """The overlay's fps and tier line on a small dark pill, readable on any sky."""
        corner = getattr(self.scene, "quality_corner", lambda: None)()  # side by side's own
        return quality_pill(surface, self.quality_label(), self.ui, corner)
