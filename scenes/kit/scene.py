"""The pygame side of every demo: events in, a picture out.

A `Scene` wraps a pure `Run` (`scenes.kit.model.run`: model + parameters + seed and its last
10 s, so the host can rewind it) and adds what needs pygame: turning events into the run's
records (`event_record`; the run alone decodes them, `Run.apply`), the slider panel, the
explanatory overlay (key `o`), on-canvas notes, and drawing. A demo's scene module only names its model and
parameters and names its view module; the view reads the model and never changes it. What
the host tells a scene (tier, touch, toolbar, records, what it painted over) it writes into the
scene's `context` (`scenes.kit.context.ViewContext`), never into the scene.

Live events and scripted events take the same path: `script_event` builds the pygame event a
scripted entry stands for, and `handle` treats it like any other; a scripted "set" or "restart"
record, which no event stands for, goes to `apply` as it is.
"""

import pygame

from .context import ViewContext
from .instruments import Instruments
from .phase_view import READOUT_CORNER
from scenes.kit.model.script import KEY_NAMES as SCRIPT_KEYS
from scenes.kit.model.run import SIZE, Run
from .param_panel import ParamPanel
from .ui_scale import FULL_SIZE
from .widgets import draw_text


NOTE_FRAMES = 60 * 8
"""How long an on-canvas note stays: eight seconds."""
NOTE_LIFT = 56
"""Height of the lowest note's top above the canvas bottom, px: clear of the scenes' footer lines."""
NOTE_LINE = 22
"""Line height of the notes, px (designed: they grow with their words on a phone)."""
NOTE_SIZE = 20
"""The notes' designed text size, px."""


def _key_code(name):
    """The pygame key code of a script's key name: K_a, K_1, K_SPACE, K_F11, K_PERIOD, K_COMMA."""
    constant = {".": "PERIOD", ",": "COMMA", "[": "LEFTBRACKET", "]": "RIGHTBRACKET"}.get(
        name, name if len(name) == 1 else name.upper())
    return getattr(pygame, "K_" + constant)


KEY_CODES = {name: _key_code(name) for name in SCRIPT_KEYS}
"""pygame key code of every key name an events file may use (`scenes.kit.model.script.KEY_NAMES`,
the one key table)."""
KEY_NAMES = {code: name for name, code in KEY_CODES.items()}
KEY_NAMES[pygame.K_KP_ENTER] = "return"


def script_event(entry, button_down):
    """The pygame event one scripted entry (`scenes.kit.model.script`) stands for.

    A down or up presses or lets go of its "button" (1, the left, unless it names 3, the
    right). `button_down` says which button is held for the `buttons` of motion events: False
    or 0 none, True or 1 the left, 3 the right.
    """
    kind = entry["type"]
    touch = entry.get("touch", False)
    button = entry.get("button", 1)
    if kind == "down":
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=entry["pos"], button=button,
                                  touch=touch)
    if kind == "up":
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=entry["pos"], button=button,
                                  touch=touch)
    if kind == "move":
        held = int(button_down)
        buttons = (held == 1, False, held == 3)
        buttons = tuple(int(b) for b in buttons)
        return pygame.event.Event(pygame.MOUSEMOTION, pos=entry["pos"], rel=(0, 0),
                                  buttons=buttons, touch=touch)
    event_type = pygame.KEYDOWN if kind == "key_down" else pygame.KEYUP
    return pygame.event.Event(event_type, key=KEY_CODES[entry["key"]], mod=0, unicode="",
                              scancode=0)


POINTER_KINDS = {pygame.MOUSEBUTTONDOWN: "down", pygame.MOUSEMOTION: "move",
                 pygame.MOUSEBUTTONUP: "up"}
RECORDED_BUTTONS = (1, 3)
"""The mouse buttons a record carries: the left and the right (the middle and the wheel are
nothing to a demo)."""


def event_record(event):
    """The run's record (`scenes.kit.model.run`) of a pygame event, or None if it is none.

    Mouse and touch (which the browser also delivers as mouse events) become "down", "move",
    "up" with a canvas position and, on a press or release, its button; known keys become
    "key_down" / "key_up" with their name. What a button means is the run's to decode.
    """
    kind = POINTER_KINDS.get(event.type)
    if kind == "move":
        return {"type": "move", "pos": tuple(event.pos)}
    if kind is not None:
        if event.button not in RECORDED_BUTTONS:
            return None
        return {"type": kind, "pos": tuple(event.pos), "button": event.button}
    if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in KEY_NAMES:
        kind = "key_down" if event.type == pygame.KEYDOWN else "key_up"
        return {"type": kind, "key": KEY_NAMES[event.key]}
    return None


def _panel_bounds(panel):
    """The canvas rect a `ParamPanel` paints within: its toggle button, its hint while hovered,
    and its sliders' body while open (every slider, knob and label lies inside that body)."""
    rect = panel.toggle.rect.union(panel.body) if panel.open and panel.sliders else panel.toggle.rect
    hint = panel.hint_rect()
    if hint is not None:
        rect = rect.union(hint.inflate(2, 2))  # and its shadow
    return rect.inflate(4, 4)


class Scene:
    """Base class of every demo's scene.

    Subclasses set `name`, `help`, `params` (the model module's ParamTable), `model_class`,
    `view` (the drawing module: `draw(surface, model, context)` and optionally
    `draw_overlay(surface, model, context)`), optionally `panel_params` (the parameters given
    sliders) and `panel_open` (the restart rule is the model class's `restart_rule`, see
    `scenes.kit.model.run`; None: restart at once). `context` is the one `ViewContext`
    every draw is handed; a scene that draws more than its view (a button of its own) extends
    `render`. `calm` asks for reduced motion: a demo that moves by itself starts still.

    Moments: `take_moments()` hands over what the model said just happened (`Run`),
    and `moment_line(name, detail)` words one for the live region, KO · EN, from the scene's
    `moment_lines` ({name: (Korean, English)} templates filled from the detail), or None for
    a moment not worth saying.
    """

    name = "scene"
    help = ""
    size = SIZE
    params = None
    model_class = None
    panel_params = ()
    panel_open = False
    toolbar_items = ("scenes", "pause", "overlay", "fullscreen", "restart")
    """The shared toolbar's buttons this scene shows (`app.toolbar`). A scene that draws one
    of them itself (the spider game's own restart button) leaves it out, and its slot stays free."""
    view = None
    """The drawing module of the demo (see the class docstring)."""
    moment_lines = {}
    """{moment name: (Korean, English)} line templates, `str.format`-ed with the detail."""
    readout_corner = READOUT_CORNER
    """Top left of the phase readout (`scenes.kit.phase_view`), for a scene whose own words
    take the bottom left."""

    def __init__(self, seed=0, values=None, overlay=False, calm=False):
        self.run = Run(self.name, self.model_class, self.params, self.size, seed, values,
                       calm=calm)
        """The demo in motion: every record reaches it through `apply`; the host's rewind."""
        self.context = ViewContext(overlay=overlay)
        self.instruments = Instruments(self.readout_corner)
        self.notes = []
        self.panel = None
        if self.panel_params:
            self.panel = ParamPanel(self, self.panel_params, self.size, open=self.panel_open)

    @property
    def model(self):
        return self.run.model

    @property
    def values(self):
        return self.run.values

    @property
    def frame(self):
        return self.run.frame

    def apply(self, record):
        """Hand one record to the run (`Run.apply`, the one door)."""
        self.run.apply(record)

    def take_moments(self):
        """What just happened in the model since the last call: [(name, detail), ...]."""
        return self.run.take_moments()

    def moment_line(self, name, detail):
        """The live region's line for a moment ("천이 찢어졌어요, 12곳 · cloth torn, 12 links"),
        or None when the scene does not say it."""
        words = self.moment_lines.get(name)
        if words is None:
            return None
        try:
            return " · ".join(part.format(**detail) for part in words)
        except (KeyError, IndexError, ValueError):
            return None

    @property
    def pointer_word(self):
        """"tap" after a touch, else "click": the word a hint uses for pressing."""
        return self.context.pointer_word

    def use_records(self, records):
        """Where this scene may keep what outlives a run (`ViewContext.records`); the host hands
        it over once, when it makes the scene."""
        self.context.records = records

    def lay_out(self, ui=FULL_SIZE):
        """Size what the scene draws of the chrome (its panel, its notes) for `ui`, the size the
        canvas is shown at (`scenes.kit.ui_scale`); the views read it from the context. A
        layout for a finger also makes the hints speak to one before the first touch."""
        self.context.ui = ui
        if ui.touch:
            self.context.touch = True
        if self.panel is not None:
            self.panel.lay_out(ui)

    def add_note(self, text):
        """Show a short message at the bottom of the canvas for a few seconds."""
        self.notes.append([text, NOTE_FRAMES])

    def handle(self, event):
        """Route one pygame event: slider panel first, then the overlay key, then the model."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.context.touch = bool(getattr(event, "touch", False))
        if self.panel is not None and self.panel.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_o:
            self.context.overlay = not self.context.overlay
            return
        record = event_record(event)
        if record is not None:
            self.run.apply(record)

    def step(self):
        """Advance one fixed 1/60 s frame (or finish one taken part-way by `step_phase`)."""
        self.run.step()
        self.instruments.frame_done(self.run)
        self._age_notes()

    def step_phase(self):
        """Take one phase of the frame (key `,` while paused); the overlay shows what it did."""
        self.instruments.step_phase(self.run)
        if self.run.phase is None:
            self._age_notes()

    def finish_frame(self):
        """Run the rest of a frame taken part-way, if one is (the rewind's moves start here)."""
        if self.part_way:
            self.step()

    @property
    def part_way(self):
        """Whether a frame is part-way (`step_phase`): its phase is drawn, overlay or not."""
        return self.run.phase is not None

    def _age_notes(self):
        for note in self.notes:
            note[1] -= 1
        self.notes = [note for note in self.notes if note[1] > 0]

    def draw(self, surface):
        """Draw the scene, its overlay when on, the panel and any notes.

        With the context's `painted_over` set (by the host, for this draw only), the scene adds
        what it painted itself over its last frame (panel, notes) and tells `render` (the
        context's `kept`); an overlay, which paints anywhere, makes the next frame a whole one."""
        context = self.context
        kept, context.painted_over = context.painted_over, None
        last = self._painted
        if kept is not None and last is not None and last[0] is surface:
            context.kept = list(kept) + last[1]
        else:
            context.kept = None
        self.render(surface)
        context.kept = None
        painted = []
        if context.overlay:
            self.render_overlay(surface)
            painted = None
        if context.overlay or self.part_way:
            if not self.instruments_in_render:
                self.draw_instruments(surface)
            painted = None
        if self.panel is not None:
            self.panel.draw(surface)
            if painted is not None:
                painted.append(_panel_bounds(self.panel))
        size = context.ui.text(NOTE_SIZE)
        growth = size / NOTE_SIZE
        line, lift = context.ui.grow(NOTE_LINE, growth), context.ui.grow(NOTE_LIFT, growth)
        for i, (text, _) in enumerate(reversed(self.notes)):
            rect = draw_text(surface, text, (12, self.size[1] - lift - line * i), size,
                             (255, 220, 120))
            if painted is not None:
                painted.append(rect.inflate(4, 4))  # and its shadow, a pixel down and right
        self._painted = None if painted is None else (surface, painted)

    instruments_in_render = False
    """True for a scene whose `render` draws the instruments itself (`draw_instruments`), under
    panels of its own that they must not cover."""

    def draw_instruments(self, surface):
        """The phase picture and, with the overlay on, the live charts (`scenes.kit.instruments`)."""
        self.instruments.draw(surface, self.run, self.context.overlay, self.part_way)

    _painted = None
    """(surface, rects) of the last `draw`: the rects painted over `render`'s picture; None
    when an overlay was painted (or nothing yet)."""

    def state(self):
        """The run's state keys, and `timeline`: frames kept and frames back."""
        state = self.run.state()
        state["timeline"] = self.run.reach()
        return state

    def render(self, surface):
        """The demo's picture: its view's `draw`, handed the model and the context."""
        self.view.draw(surface, self.model, self.context)

    def render_overlay(self, surface):
        """The overlay: its view's `draw_overlay`, if it has one."""
        draw_overlay = getattr(self.view, "draw_overlay", None)
        if draw_overlay is not None:
            draw_overlay(surface, self.model, self.context)
