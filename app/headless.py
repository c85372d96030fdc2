"""The host driven by a script: what `main.py --headless` runs an events file through.

`ScriptedHost` is the `scenes.kit.model.script.play` target on the pygame side: each entry
becomes the pygame event it stands for and goes to the host (so a scripted key does what the
key does in a window), and each frame is one step and one draw. A pure run feeds the same
entries to a `Simulation` through the same `play`.
"""

from scenes.kit.scene import script_event


class ScriptedHost:
    """A `Host` and the surface it draws on, stepped one frame at a time by a script."""

    def __init__(self, host, surface):
        self.host = host
        self.surface = surface
        self.button_down = False  # whether the scripted pointer holds its button

    def apply(self, entry):
        self.button_down = {"down": True, "up": False}.get(entry["type"], self.button_down)
        self.host.handle(script_event(entry, self.button_down))

    def step(self):
        self.host.frame(1)
        self.host.draw(self.surface)
