"""What a view is told about the frame it draws: one object, the same for every demo.

Each scene owns one `ViewContext`; the host (`app.host`) fills it in (tier, touch, overlay,
chrome, slots, records, painted_over) and never writes into the scene itself. The scene hands
it to its view with every call, `view.draw(surface, model, context)` and
`view.draw_overlay(surface, model, context)`. A view reads it and never changes it, except
`memory`, which is the view's own (the scene sets `buttons`, its own).
"""

from dataclasses import dataclass, field

from .tiers import DEFAULT_TIER
from .ui_scale import FULL_SIZE, UiScale


@dataclass
class ViewContext:
    """tier     render tier to draw at (`scenes.kit.tiers`); never changes the physics
    touch    True when the last pointer event was a finger: hints then say "tap"
    overlay  True while the explanatory overlay is on (drawn after `draw`)
    kept     None, or the canvas rects painted over since this view's last frame on the same
             surface (the rest of the canvas still holds that frame): a view may repaint only
             under them and its own last rects; None means paint the whole canvas
    chrome   canvas rects the host draws over the scene (its buttons): a pointer there is on a
             button, not on the scene
    slots    {item: rect} of the host's toolbar slots this scene left free (the items it does
             not take from the toolbar, `Scene.toolbar_items`): where its own button for that
             item sits; empty when no toolbar is around the scene
    painted_over  set by the host just before a draw: the canvas rects it painted over since
             this scene's last draw on the same surface (the rest still holds that frame), or
             None when that is not known; the scene turns it into `kept`
    records  where a scene keeps what outlives a run (a best score): `load(name)` and
             `save(name, record)`, or None for a run that keeps nothing
    buttons  canvas rects of the scene's own buttons over its picture (the sheets' wind
             button): a view's words keep clear of them; the scene sets them as it lays out
    memory   the view's own notes from one frame to the next (what it painted where)
    ui       the size the canvas is shown at (`scenes.kit.ui_scale.UiScale`): a view draws
             its words at `ui.text(designed)` so they read at 12 CSS px on a phone too;
             `css_scale` is its CSS px per canvas px (1 at full size)
    """

    tier: str = DEFAULT_TIER
    touch: bool = False
    overlay: bool = False
    kept: list = None
    chrome: tuple = ()
    slots: dict = field(default_factory=dict)
    buttons: tuple = ()
    painted_over: list = None
    records: object = None
    memory: dict = field(default_factory=dict)
    ui: UiScale = FULL_SIZE

    @property
    def css_scale(self):
        """CSS px per canvas px the page shows the canvas at (1: full size)."""
        return self.ui.css_scale

    @css_scale.setter
    def css_scale(self, scale):
        self.ui = UiScale(scale, self.ui.touch)

    @property
    def pointer_word(self):
        """"tap" after a touch, else "click": the word a hint uses for pressing."""
        return "tap" if self.touch else "click"
