"""On-canvas controls drawn with pygame: text, a button and a slider (the panel holding the
sliders is `scenes.kit.param_panel`).

Everything is sized for a finger as well as a mouse (touch arrives as mouse events in the
browser): rows are at least 34 px tall and a slider can be grabbed anywhere on its row. Widgets
change parameters only through `Param.clamp`, the same rules the CLI and page query use, and the
panel's "defaults" button puts every parameter back.
"""

import pygame

from . import lettering

TEXT = (236, 236, 244)
MUTED = (170, 170, 190)
PANEL_FILL = (18, 20, 34, 200)
TRACK = (70, 74, 100)
ACCENT = (255, 150, 190)



def font(size):
    """The canvas's font for a line of design size `size` (`scenes.kit.lettering`)."""
    return lettering.designed(size)


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

    LABEL_SIZE = 22
    """A text button's designed label size, px."""

    def __init__(self, rect, label, on_click, icon=None, label_size=LABEL_SIZE):
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on_click = on_click
        self.icon = icon  # optional function(surface, rect) drawing a picture instead of text
        self.label_size = label_size
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
            draw_text(surface, self.label, self.rect.center, self.label_size, anchor="center",
                      shadow=False)


_icons = {}


def grown_icon(draw, designed=40, key=tuple):
    """An icon function for a button that may be drawn larger than `designed` px (a phone):
    at its designed size `draw(surface, rect)` paints straight onto the canvas; larger, the
    picture is drawn once at the designed size and scaled up, so a 96 px button shows the same
    picture 2.4 times as big. `key()` names what else the picture depends on (lit or not)."""
    def icon(surface, rect):
        if rect.width <= designed and rect.height <= designed:
            draw(surface, rect)
            return
        cache_key = (draw, rect.size, key())
        image = _icons.get(cache_key)
        if image is None:
            if len(_icons) >= RENDERED_LIMIT:
                _icons.clear()
            small = pygame.Surface((designed, designed), pygame.SRCALPHA)
            draw(small, small.get_rect())
            image = _icons[cache_key] = pygame.transform.smoothscale(small, rect.size)
        surface.blit(image, rect)
    return icon


def draw_sliders_icon(surface, rect):
    """Three short tracks with knobs: the 'show parameters' picture."""
    cx, cy = rect.center
    for i, knob in enumerate((-5, 4, -1)):
        y = cy - 7 + i * 7
        pygame.draw.line(surface, TEXT, (cx - 9, y), (cx + 9, y), 2)
        pygame.draw.circle(surface, ACCENT, (cx + knob, y), 3)


class Slider:
    """A horizontal slider bound to one `Param`; `get()` reads and `set(value)` writes the value.

    Its whole row is the handle: a press anywhere on it grabs the knob. A row taller than the
    designed HEIGHT (a phone, `scenes.kit.ui_scale`) grows its track, knob and insets with it;
    `text_size` is its label's size."""

    HEIGHT = 40
    TEXT_SIZE = 20

    def __init__(self, rect, param, get, set, text_size=TEXT_SIZE):
        self.rect = pygame.Rect(rect)
        self.param = param
        self.get = get
        self.set = set
        self.text_size = text_size
        self.dragging = False

    def _grown(self, designed):
        """`designed` px grown as the row is taller than designed."""
        return round(designed * max(1.0, self.rect.height / self.HEIGHT))

    def knob_radius(self):
        return self._grown(8)

    def _track(self):
        inset, lift = self._grown(8), self._grown(12)
        return pygame.Rect(self.rect.x + inset, self.rect.bottom - lift,
                           self.rect.width - 2 * inset, self._grown(4))

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
        inset, top, size = self._grown(8), self._grown(4), self.text_size
        draw_text(surface, self.param.name.replace("_", " "), (self.rect.x + inset, self.rect.y + top),
                  size, shadow=False)
        draw_text(surface, self.param.format(value), (self.rect.right - inset, self.rect.y + top),
                  size, ACCENT, anchor="topright", shadow=False)
        corner, radius = self._grown(2), self.knob_radius()
        pygame.draw.rect(surface, TRACK, track, border_radius=corner)
        pygame.draw.rect(surface, ACCENT, (track.x, track.y, knob_x - track.x, track.height),
                         border_radius=corner)
        pygame.draw.circle(surface, (255, 255, 255), (round(knob_x), track.centery), radius)
        pygame.draw.circle(surface, ACCENT, (round(knob_x), track.centery), radius, self._grown(2))


HELP_SIZE = 20
"""The designed size of a scene's help line, px (top left of the canvas)."""


def help_line_rows(text, context, width, pos=(12, 12)):
    """Where a scene's help line goes: [(words, (x, y)), ...] and its design size. At full size
    one line of HELP_SIZE px, as designed; shown small (`context.ui`, see `scenes.kit.ui_scale`)
    its words grow to 12 CSS px and wrap, so they stay left of the toolbar row
    (`context.chrome`) on a canvas `width` px wide. A scene that puts a button under the help line asks this first."""
    ui = context.ui
    size = ui.text(HELP_SIZE)
    if size == HELP_SIZE:
        return [(text, pos)], size
    right = min([rect.x for rect in context.chrome] + [width]) - ui.room(8)
    leading = font(size).get_linesize()
    lines = wrap_words(text, size, right - pos[0])
    return [(words, (pos[0], pos[1] + i * leading)) for i, words in enumerate(lines)], size


def help_line_bottom(text, context, width, pos=(12, 12)):
    """The canvas y where the help line `text` ends."""
    rows, size = help_line_rows(text, context, width, pos)
    return rows[-1][1][1] + font(size).get_height()


def draw_help_line(surface, text, context, color=TEXT, shadow=True, pos=(12, 12)):
    """A scene's help line at the top left, laid out by `help_line_rows`; returns the rects."""
    rows, size = help_line_rows(text, context, surface.get_width(), pos)
    rects = [draw_text(surface, words, at, size, color, shadow=shadow) for words, at in rows]
    if size != HELP_SIZE:
        context.memory[HELP_BOTTOM] = max(rect.bottom for rect in rects)
    return rects


HELP_BOTTOM = "help line bottom"
"""`context.memory` key: the canvas y where the help line drawn small ended (`draw_readout`
starts below it)."""
READOUT_SIZE = 20
"""The designed size of an overlay's readout line, px (under the help line)."""


def counted(count, noun):
    """`count` and `noun`, the noun plural unless the count is one: "1 iteration", "20 iterations"."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


CONTINUED = "\0"
"""Marks a readout line that goes on from the part above (no " · " joins it to another)."""


def draw_readout(surface, text, context, pos, color, shadow=True, avoid=()):
    """An overlay's line of numbers, " · " between its parts, under the help line.

    At full size it is one line of READOUT_SIZE px at `pos`, as designed. Shown small its
    words grow to 12 CSS px and it starts at the left margin (12 px) below the help line (which wraps
    there), below any of the scene's own buttons in its way (`context.buttons`) and the rects
    of its picture it must not cover (`avoid`: a pole's knob), breaking between its parts to
    stay left of the toolbar row (a part too long for a line breaks between its words).
    Returns the rects drawn."""
    ui = context.ui
    size = ui.text(READOUT_SIZE)
    if size == READOUT_SIZE:
        return [draw_text(surface, text, pos, size, color, shadow=shadow)]
    room, leading = ui.room(8), font(size).get_linesize()
    x, y = 12, max(pos[1], context.memory.get(HELP_BOTTOM, 0) + ui.room(4))
    obstacles = list(context.chrome) + list(context.buttons) + [pygame.Rect(r) for r in avoid]
    pieces, rects = [piece for piece in text.split(" · ") if piece], []
    canvas_right = surface.get_width() - room
    while pieces and y < surface.get_height():
        band = pygame.Rect(x, y, canvas_right - x, leading)
        hits = [rect for rect in obstacles if rect.colliderect(band)]
        right = min([rect.left for rect in hits if rect.left > x] + [canvas_right]) - room
        blocked = any(rect.left <= x for rect in hits)
        if blocked or (hits and right - x < font(size).size(pieces[0])[0]):  # no room here
            y = max(rect.bottom for rect in hits) + ui.room(4)  # for the next part: go below
            continue
        line = pieces.pop(0)
        if font(size).size(line)[0] > right - x:  # one part longer than the room: its words wrap
            first, *rest = wrap_words(line, size, right - x)
            line, pieces[:0] = first, [CONTINUED + words for words in rest]
        while (pieces and not pieces[0].startswith(CONTINUED)
               and font(size).size(f"{line} · {pieces[0]}")[0] <= right - x):
            line = f"{line} · {pieces.pop(0)}"
        rects.append(draw_text(surface, line.removeprefix(CONTINUED), (x, y), size, color,
                               shadow=shadow))
        y += leading
    return rects


def fitted(text, size, width):
    """`text` as it is if it fits `width` px at `size`, else shortened at a word to fit with
    an ellipsis ("a cloak on a rod: yank it…")."""
    if font(size).size(text)[0] <= width:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        shorter = " ".join(words).rstrip(" ,:;·") + "\u2026"
        if font(size).size(shorter)[0] <= width:
            return shorter
    return "\u2026"


def wrap_words(text, size, width, separator=" "):
    """`text` broken into lines of at most `width` px at `size` (a piece longer than that gets
    a line of its own), breaking only at `separator` ("   " keeps "R: restart" together)."""
    lines, line = [], ""
    for piece in (part.strip() for part in text.split(separator)):
        if not piece:
            continue
        longer = f"{line}{separator}{piece}" if line else piece
        if line and font(size).size(longer)[0] > width:
            lines.append(line)
            line = piece
        else:
            line = longer
    return lines + [line] if line else lines
