"""A hand for the keyboard (P7): arrows move a cursor, Enter grabs and lets go, X cuts its path.

Every demo is playable without a pointer. A model that takes a pointer keeps a
`KeyHand` and hands it its keys first; the hand turns them into the very pointer input a
mouse would give (`send(kind, (x, y))`, kinds "down", "move", "up" and, for a model with a
knife, "cut_down", "cut_move", "cut_up"), so what a key does is what a drag does:

- the arrows (or WASD) move the cursor while held, slowly at first and faster the longer they
  are held (BASE_SPEED px a frame, gaining ACCELERATION a frame up to TOP_SPEED: a tap moves
  it a little, a held key crosses the canvas in a second or two, fast enough to yank);
- Enter presses at the cursor ("down") and Enter again lets go ("up"); in between the
  cursor's moves are a drag ("move");
- X, for a model with a knife, is held down to cut: its press starts a stroke at the cursor
  and the arrows draw it ("cut_move") until X is let go.

One hand at a time: the latest press wins. A pointer's press ("down", "cut_down") takes over
from a key grab or cut; an Enter or X press takes over from the pointer, and the rest of the
pointer's gesture (its drag and its release) is then ignored (`input` takes it), so the mouse
and the keys never pull one point two ways (a mouse still held down had dragged what the keys
took 560 px in a frame).

The cursor stays inside the canvas (MARGIN px in) and is shown (`shown`) once a key moved or
used it. Pure Python: the model protocol's key names (`scenes.kit.model.script`).
"""

ARROWS = {"left": (-1, 0), "a": (-1, 0), "right": (1, 0), "d": (1, 0), "up": (0, -1),
          "w": (0, -1), "down": (0, 1), "s": (0, 1)}
GRAB_KEY = "return"
CUT_KEY = "x"
BASE_SPEED = 2.0
"""How far the cursor moves in the first frame an arrow is held, px (120 px a second)."""
ACCELERATION = 0.5
TOP_SPEED = 16.0
"""Each further frame held adds ACCELERATION px a frame, up to TOP_SPEED (960 px a second)."""
MARGIN = 6.0
"""The cursor stays this far inside the canvas, px."""


class KeyHand:
    """A keyboard cursor that plays a model's pointer input; see the module docstring.

    send    function(kind, (x, y)): the model's own pointer input
    size    the canvas (width, height), px
    start   where the cursor starts, px
    knife   whether X cuts (the model takes "cut_down" / "cut_move" / "cut_up")
    """

    def __init__(self, send, size, start, knife=False):
        self._send = send
        self.sending = False  # True while this hand's own pointer input passes the model
        self.size = tuple(size)
        self.at = (float(start[0]), float(start[1]))
        self.knife = knife
        self.held = set()     # arrow keys down now
        self.frames_held = 0  # frames an arrow has been held without a pause
        self.grabbing = False
        self.cutting = False
        self.shown = False

    def input(self, kind, value):
        """Take a key this hand plays, or the rest of a pointer gesture this hand took over
        from; True when it did (the model then ignores the input)."""
        if kind not in ("key_down", "key_up"):
            if self.sending:
                return False
            if kind in ("down", "cut_down"):
                self.grabbing = self.cutting = False  # the pointer took over
                return False
            return self.grabbing or self.cutting  # the keys hold: the pointer's drag waits
        down = kind == "key_down"
        if value in ARROWS:
            if down:
                self.held.add(value)
            else:
                self.held.discard(value)
            self.shown = self.shown or down
            return True
        if value == GRAB_KEY:
            if down:
                self._toggle_grab()
            return True
        if value == CUT_KEY and self.knife:
            if down and not self.cutting:
                self._end_grab()
                self.cutting, self.shown = True, True
                self.send("cut_down", self.at)
            elif not down and self.cutting:
                self.cutting = False
                self.send("cut_up", self.at)
            return True
        return False

    def send(self, kind, pos):
        """Hand the model a pointer input of this hand's (it comes back through `input`)."""
        self.sending = True
        try:
            self._send(kind, pos)
        finally:
            self.sending = False

    def _toggle_grab(self):
        self.shown = True
        if self.grabbing:
            self._end_grab()
        else:
            self.grabbing = True
            self.send("down", self.at)

    def _end_grab(self):
        if self.grabbing:
            self.grabbing = False
            self.send("up", self.at)

    def rest_at(self, pos):
        """Until a key moved or used it, the cursor waits at `pos` (a swinging rope's end)."""
        if not self.shown:
            self.at = (float(pos[0]), float(pos[1]))

    def step(self):
        """One frame: move the cursor by the held arrows, dragging or cutting along."""
        dx = sum(ARROWS[key][0] for key in self.held)
        dy = sum(ARROWS[key][1] for key in self.held)
        if not (dx or dy):
            self.frames_held = 0
            return
        speed = min(TOP_SPEED, BASE_SPEED + ACCELERATION * self.frames_held)
        self.frames_held += 1
        norm = (dx * dx + dy * dy) ** 0.5
        width, height = self.size
        self.at = (min(width - MARGIN, max(MARGIN, self.at[0] + speed * dx / norm)),
                   min(height - MARGIN, max(MARGIN, self.at[1] + speed * dy / norm)))
        if self.cutting:
            self.send("cut_move", self.at)
        elif self.grabbing:
            self.send("move", self.at)

    def observe(self):
        """The cursor for the state: where it is and what it does, or None before any key."""
        if not self.shown:
            return None
        return {"at": [self.at[0], self.at[1]], "grabbing": self.grabbing,
                "cutting": self.cutting}
