"""What a view is told about the frame it draws: one object, the same for every demo.

The host keeps one `ViewContext` per scene and fills it in; the scene hands it to its view with
every call, `view.draw(surface, model, context)` and `view.draw_overlay(surface, model, context)`.
A view reads it and never changes it, except `memory`, which is the view's own.
"""

from dataclasses import dataclass, field

from .tiers import DEFAULT_TIER


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
    records  where a scene keeps what outlives a run (a best score): `load(name)` and
             `save(name, record)`, or None for a run that keeps nothing
    memory   the view's own notes from one frame to the next (what it painted where)
    """

    tier: str = DEFAULT_TIER
    touch: bool = False
    overlay: bool = False
    kept: list = None
    chrome: tuple = ()
    records: object = None
    memory: dict = field(default_factory=dict)

    @property
    def pointer_word(self):
        """"tap" after a touch, else "click": the word a hint uses for pressing."""
        return "tap" if self.touch else "click"
