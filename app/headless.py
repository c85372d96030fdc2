"""The host driven by a script: what `main.py --headless` runs an events file through.

`ScriptedHost` is the `scenes.kit.model.script.play` target on the pygame side: each entry
becomes the pygame event it stands for and goes to the host (so a scripted key does what the
key does in a window, and the scene turns it back into the run's record); a "set" or
"restart" record, which no event stands for, goes to the shown scene's `apply` as it is. Each
frame is one step and one draw. A pure run takes the same entries (`Run.apply`) through the
same `play`.
"""

import sys

from scenes.kit.model.params import ParamError
from scenes.kit.model.script import RUN_ONLY_TYPES
from scenes.kit.scene import script_event


class ScriptedHost:
    """A `Host` and the surface it draws on, stepped one frame at a time by a script."""

    def __init__(self, host, surface):
        self.host = host
        self.surface = surface
        self.button_down = 0  # the button the scripted pointer holds: 0 none, 1 left, 3 right

    def apply(self, entry):
        kind = entry["type"]
        if kind in RUN_ONLY_TYPES:
            try:
                self.host.scene.apply(entry)
            except ParamError as error:  # a set for a scene not shown: said, and skipped
                print(f"events file, frame {entry['frame']}: {error}; skipped", file=sys.stderr)
            return
        if kind == "down":
            self.button_down = entry.get("button", 1)
        elif kind == "up":
            self.button_down = 0
        self.host.handle(script_event(entry, self.button_down))

    def step(self):
        self.host.frame(1)
        self.host.draw(self.surface)
