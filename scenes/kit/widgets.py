"""On-canvas controls drawn with pygame: text, a button, sliders and the parameter panel.

Everything is sized for a finger as well as a mouse (touch arrives as mouse events in the
browser): rows are at least 34 px tall and a slider can be grabbed anywhere on its row. Widgets
change parameters only through `Param.clamp`, the same rules the CLI and page query use, and the
panel's "defaults" button puts every parameter back.
"""

import pygame

TEXT = (236, 236, 244)
MUTED = (170, 170, 190)
PANEL_FILL = (18, 20, 34, 200)
TRACK = (70, 74, 100)
ACCENT = (255, 150, 190)

_fonts = {}


def font(size):
    """The default pygame font at `size` px, cached."""
    if size not in _fonts:
        _fonts[size] = pygame.font.Font(None, size)
    return _fonts[size]


_rendered = {}
RENDERED_LIMIT = 256
"""Rendered lines kept for reuse; the cache is emptied when it reaches this many (a changing
score or a note adds entries, and memory must not grow with the length of a run)."""


def rendered(text, size, color):
    """The image of one line of text, rendered once and reused (most lines repeat every frame)."""
    key = (text, size, tuple(color))
    image = _rendered.get(key)
    if image is None:
        if len(_rendered) >= RENDERED_LIMIT:
            _rendered.clear()
        image = _rendered[key] = font(size).render(text, True, color)
    return image


_panels = {}


def panel_surface(size, fill, outline=None, radius=10):
    """A translucent rounded rectangle (with a 1 px `outline` if given) on a transparent surface
    of `size`, drawn once and reused: HUD boxes and buttons are the same every frame."""
    key = (tuple(size), tuple(fill), outline and tuple(outline), radius)
    layer = _panels.get(key)
    if layer is None:
        if len(_panels) >= RENDERED_LIMIT:
            _panels.clear()
        layer = _panels[key] = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(layer, fill, layer.get_rect(), border_radius=radius)
        if outline is not None:
            pygame.draw.rect(layer, outline, layer.get_rect(), 1, border_radius=radius)
    return layer


def draw_text(surface, text, pos, size=20, color=TEXT, anchor="topleft", shadow=True):
    """Draw one line of text anchored at `pos` ("topleft", "center", "midtop", ...); return its rect."""
    image = rendered(text, size, color)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        surface.blit(rendered(text, size, (0, 0, 0)), rect.move(1, 1))
    surface.blit(image, rect)
    return rect


def _pointer(event):
    """(kind, pos) for a mouse/touch event: kind is 'down', 'move', 'up' or None."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return "down", event.pos
    if event.type == pygame.MOUSEMOTION:
        return "move", event.pos
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        return "up", event.pos
    return None, None


class Button:
    """A rounded button that calls `on_click` when pressed and released over it."""

    def __init__(self, rect, label, on_click, icon=None):
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on_click = on_click
        self.icon = icon  # optional function(surface, rect) drawing a picture instead of text
        self.pressed = False

    def handle(self, event):
        """Return True when the event was meant for this button."""
        kind, pos = _pointer(event)
        if kind == "down" and self.rect.collidepoint(pos):
            self.pressed = True
            return True
        if kind == "up" and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(pos):
                self.on_click()
            return True
        return kind == "move" and self.pressed

    def draw(self, surface):
        fill = (60, 64, 96, 230) if self.pressed else PANEL_FILL
        surface.blit(panel_surface(self.rect.size, fill, (120, 124, 160, 255)), self.rect)
        if self.icon:
            self.icon(surface, self.rect)
        else:
            draw_text(surface, self.label, self.rect.center, 22, anchor="center", shadow=False)


def draw_sliders_icon(surface, rect):
    """Three short tracks with knobs: the 'show parameters' picture."""
    cx, cy = rect.center
    for i, knob in enumerate((-5, 4, -1)):
        y = cy - 7 + i * 7
        pygame.draw.line(surface, TEXT, (cx - 9, y), (cx + 9, y), 2)
        pygame.draw.circle(surface, ACCENT, (cx + knob, y), 3)


class Slider:
    """A horizontal slider bound to one `Param`; `get()` reads and `set(value)` writes the value."""

    HEIGHT = 40

    def __init__(self, rect, param, get, set):
        self.rect = pygame.Rect(rect)
        self.param = param
        self.get = get
        self.set = set
        self.dragging = False

    def _track(self):
        return pygame.Rect(self.rect.x + 8, self.rect.bottom - 12, self.rect.width - 16, 4)

    def _value_at(self, x):
        track = self._track()
        fraction = min(1.0, max(0.0, (x - track.x) / max(1, track.width)))
        return self.param.clamp(self.param.lo + fraction * (self.param.hi - self.param.lo))

    def handle(self, event):
        kind, pos = _pointer(event)
        if kind is None:
            return False
        if kind == "down" and self.rect.collidepoint(pos):
            self.dragging = True
        elif not self.dragging:
            return False
        if kind == "up":
            self.dragging = False
        if kind in ("down", "move", "up"):
            self.set(self._value_at(pos[0]))
        return True

    def draw(self, surface):
        track = self._track()
        value = self.get()
        span = self.param.hi - self.param.lo
        fraction = (value - self.param.lo) / span if span else 0.0
        knob_x = track.x + fraction * track.width
        draw_text(surface, self.param.name.replace("_", " "), (self.rect.x + 8, self.rect.y + 4), 20,
                  shadow=False)
        draw_text(surface, self.param.format(value), (self.rect.right - 8, self.rect.y + 4), 20,
                  ACCENT, anchor="topright", shadow=False)
        pygame.draw.rect(surface, TRACK, track, border_radius=2)
        pygame.draw.rect(surface, ACCENT, (track.x, track.y, knob_x - track.x, track.height),
                         border_radius=2)
        pygame.draw.circle(surface, (255, 255, 255), (round(knob_x), track.centery), 8)
        pygame.draw.circle(surface, ACCENT, (round(knob_x), track.centery), 8, 2)


class ParamPanel:
    """A column of sliders for some of a scene's parameters, folded behind a small button.

    `scene` provides `params` (a ParamTable), `values` and `set_param(name, value)`.
    """

    WIDTH = 236

    def __init__(self, scene, names, corner, open=False):
        self.scene = scene
        self.open = open
        x, y = corner
        self.toggle = Button((x + self.WIDTH - 40, y, 40, 40), "params", self._flip,
                             icon=draw_sliders_icon)
        self.sliders = [
            Slider((x, y + 46 + i * Slider.HEIGHT, self.WIDTH, Slider.HEIGHT), scene.params[name],
                   lambda name=name: scene.values[name],
                   lambda value, name=name: scene.set_param(name, value))
            for i, name in enumerate(names)
        ]
        below = y + 46 + len(names) * Slider.HEIGHT + 6
        self.defaults = Button((x + 8, below, self.WIDTH - 16, self.BUTTON_HEIGHT), "defaults",
                               self.reset)
        self.body = pygame.Rect(x, y + 42, self.WIDTH, below + self.BUTTON_HEIGHT + 8 - (y + 42))

    BUTTON_HEIGHT = 40
    """The defaults button's height, px: a thumb's width."""
    HINT = "parameters"
    """The folded toggle's hint while a mouse hovers it, as the toolbar's buttons have theirs."""
    hover = None  # where a mouse (never a finger) rests over the canvas, or None

    def hint_rect(self):
        """Where the toggle's hint is drawn now (a mouse over the folded toggle), or None. It
        hangs below the button, its right edge at the button's, so it stays on the canvas."""
        if self.open or self.hover is None or not self.toggle.rect.collidepoint(self.hover):
            return None
        image = rendered(self.HINT, 18, TEXT)
        return image.get_rect(topright=(self.toggle.rect.right, self.toggle.rect.bottom + 6))

    def _flip(self):
        self.open = not self.open

    def reset(self):
        """Every parameter of the scene back to its default (key R restarts and keeps values)."""
        for param in self.scene.params:
            self.scene.set_param(param.name, param.default)

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
        if any(slider.handle(event) for slider in self.sliders) or self.defaults.handle(event):
            return True
        kind, pos = _pointer(event)
        return kind == "down" and self.body.collidepoint(pos)

    def draw(self, surface):
        if self.open and self.sliders:
            surface.blit(panel_surface(self.body.size, PANEL_FILL), self.body)
            for slider in self.sliders:
                slider.draw(surface)
            self.defaults.draw(surface)
        self.toggle.draw(surface)
        hint = self.hint_rect()
        if hint is not None:
            draw_text(surface, self.HINT, hint.topleft, 18, TEXT)
