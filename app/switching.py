"""Switching scenes: which scene the host shows, its toolbar, its layout and the window's title.

Keys 1..N (in `--list` order), Tab / Shift+Tab, or the toolbar's scene list switch the scene
shown (`app.routing` turns the keys into `switch`). Each scene is made the first time it is
shown and kept, so coming back to the spider game finds it where it was. The window title
follows. A single-scene browser embed (`?scene=` in its address) offers no switching at all.
The compare button shows side by side (`app.side_by_side`) in the scene's place.

Layout (`lay_out(css_scale, touch)`, `app.chrome`): the chrome grown for the size the page
shows the canvas at, a "more" menu for what the row cannot hold; the scenes stay 960 x 540.

A part of `app.host.Host` (a base class of it): it reads and writes the host's `scene`,
`scenes`, `names`, `classes`, `governors`, `ui`, `toolbar` and `menu`.
"""

import sys

from . import share
from .chrome import toolbar_of
from .quality import QualityGovernor
from .toolbar import MARGIN
from scenes.kit.ui_scale import UiScale

TITLE = "Verlet Playground"


class SceneSwitching:
    """The host's `show`, `switch`, `switch_by`, `lay_out` and the scene list and compare
    buttons."""

    def show(self, name):
        """Show the scene called `name`, making it the first time."""
        overlay = self.scene.context.overlay if self.scene is not None else None
        if name not in self.scenes:
            self.scenes[name] = self.make(name)
            self.scenes[name].use_records(self.records)
            self.governors[name] = QualityGovernor(self.quality)
        self.scene = self.side_by_side.views.get(name) or self.scenes[name]
        context = self.scene.context
        if context.ui != self.ui:
            self.scene.lay_out(self.ui)
        if self.scene.panel is not None:
            self.scene.panel.on_share = lambda kind: share.copy(self, kind)
        self.governors[name].restart()  # its frames from before are no measure of now
        context.tier = self.governors[name].tier
        if overlay is not None:
            context.overlay = overlay  # the overlay button is the host's: it stays as it was
        self._install_toolbar()
        self.window.set_title(f"{TITLE}: {name}")

    def _install_toolbar(self):
        self.toolbar = self._toolbar()
        context = self.scene.context
        context.chrome = tuple(button.rect for button in self.toolbar.buttons.values())
        context.slots = dict(self.toolbar.free_slots)

    _frame_size = None

    @property
    def frame_size(self):
        """The page's last word on the frame's CSS size (the fields of `app.page.frame_size`),
        or None; setting it lays the chrome out for its "scale" and "touch"."""
        return self._frame_size

    @frame_size.setter
    def frame_size(self, size):
        self._frame_size = size
        if isinstance(size, dict) and "scale" in size:
            self.lay_out(size["scale"], size.get("touch", False))

    def lay_out(self, css_scale, touch=False):
        """Lay the chrome out for a canvas shown at `css_scale` CSS px per canvas px, for a
        finger (`touch`) or a mouse: every scene's panel and notes, the toolbar and its menu,
        the scene list and the veil (`app.chrome`). Scale 1 under a mouse is the designed
        layout. A scale that is no number is ignored (one line on stderr)."""
        try:
            ui = UiScale(float(css_scale), bool(touch))
        except (TypeError, ValueError) as error:
            print(f"lay_out: {error}; keeping the layout", file=sys.stderr)
            return
        if ui == self.ui:
            return  # a resize that keeps the scale (the page reports every one): nothing moves
        self.ui = ui
        for scene in self.scenes.values():
            scene.lay_out(ui)
        self.scene_list.lay_out(ui, self.window.surface.get_height() - ui.room(MARGIN))
        self._install_toolbar()
        self.forget_canvas()

    def switch(self, name):
        if self.switchable and name in self.classes and name != self.scene.name:
            self.show(name)

    def switch_by(self, offset):
        index = self.names.index(self.scene.name)
        self.switch(self.names[(index + offset) % len(self.names)])

    def _toolbar(self):
        """The shown scene's toolbar row (and, as `menu`, its "more" menu) for the layout."""
        toolbar, self.menu = toolbar_of(self)
        return toolbar

    def toggle_scene_list(self):
        self.scene_list.open = not self.scene_list.open
        if self.scene_list.open and self.scene.panel is not None:
            self.scene.panel.open = False  # the two would overlap

    def toggle_compare(self):
        """The compare button: side by side, or back to the single scene (`app.side_by_side`)."""
        self.side_by_side.toggle()
