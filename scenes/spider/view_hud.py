"""Drawing what sits on top of the world: HUD, feedback, game-over panel and the overlay (`o`).

HUD: HP as ten pips, silk as a bar (its threshold for a full-length shot marked), the score and
the best score (`session`), the controls line on a dark backing, and the how-to hint (until the
first successful shot, or when asked for with `H` / "?"). The game-over panel shows the cause,
the score and what it counts, the best score ("new best!") and the game's numbers; its ↺ button
is a widget of the scene (`view_buttons` draws the scene's own buttons). The overlay shows the solver's view: every knot, the pinned anchors, the
thread the spider rides and its t, and the aim ray from the spider to the pointer with the
thread it would stick to (or the anchor it would pin, or why it would fail). A falling spider's
line offers the rescue only while a shot can hold (`falling_words`). Reads the model only.

Pieces that stay the same over many frames (the gauges, the game-over veil) are drawn
once onto small cached sprites (bounded caches) and blitted from there.
"""

import pygame

from scenes.kit.draw import disc
from scenes.kit.widgets import draw_text, font, panel_surface, rendered, wrap_words

from .model import aim
from .model import FEEDBACK_FRAMES
from .view_aim import draw_aim_ray
from .view_panel import draw_game_over, game_over_rect, play_again_rect  # noqa: F401 (the scene's)
from .view_score import HUD_BOX, draw_hud_box, hud_box  # noqa: F401 (HUD_BOX: the tests')

PANEL = (14, 16, 34, 200)
WARN = (255, 120, 100)
CONTROLS = ("arrows/WASD: crawl   click or tap: shoot silk   hold: crawl to the pointer   "
            "R: restart   O: overlay   H: help")
TOUCH_CONTROLS = "tap: shoot silk   hold a finger on the web: crawl there   ?: help"
"""The controls line after a touch: no keys on a phone, and the buttons name themselves."""
STILL_SKY = "M: start meteors"
"""Added to the keyboard's controls line while the sky is still (reduced motion): how to start
its meteors."""


def controls_line(model, touch):
    """The footer's line: the touch or the keyboard controls, and M while the sky is still."""
    if touch:
        return TOUCH_CONTROLS
    return f"{CONTROLS}   {STILL_SKY}" if model.sky.still else CONTROLS


FOOTER = (10, 12, 28, 190)
"""The controls line's backing: dark enough that no thread shows through the text."""


def _panel(surface, rect, radius=10, fill=PANEL):
    surface.blit(panel_surface(rect.size, fill, (110, 116, 150, 200), radius), rect)


def draw_hud(surface, model, session, context):
    """HP pips, silk bar, score and best, the controls line, the hint and short-lived feedback."""
    draw_hud_box(surface, model, session, context.ui)
    if not (model.game_over and context.ui.text(FOOTER_SIZE) != FOOTER_SIZE):
        _footer(surface, controls_line(model, context.touch), context.ui)  # on a small canvas
        # the game-over panel needs its place
    if not model.game_over:
        _hints(surface, model, session, context.ui)
    _feedback(surface, model, context)


FOOTER_SIZE = 18


def _footer(surface, controls, ui):
    """The controls line at the bottom, on a dark backing so threads behind never cross it."""
    lines = _footer_lines(surface, controls, ui)
    backing = lines[0][1].unionall([rect for _, rect in lines[1:]]).inflate(20, 8)
    _panel(surface, backing, 8, FOOTER)
    for image, rect in lines:
        surface.blit(image, rect)


def _footer_lines(surface, controls, ui):
    """[(image, rect)] of the controls line: one line as designed; on a small canvas (`ui`)
    its words grow to 12 CSS px and wrap into lines stacked up from the bottom edge."""
    size = ui.text(FOOTER_SIZE)
    if size == FOOTER_SIZE:
        image = rendered(controls, size, (200, 204, 224))
        return [(image, image.get_rect(center=_footer_center(surface.get_size())))]
    width, height = surface.get_size()
    words = wrap_words(controls, size, width - 40, "   ")
    leading = font(size).get_linesize()
    images = [rendered(line, size, (200, 204, 224)) for line in words]
    bottom = height - 6
    return [(image, image.get_rect(midbottom=(width // 2, bottom - leading * (len(images) - 1 - i))))
            for i, image in enumerate(images)]


def _footer_center(size):
    return (round(size[0] / 2), size[1] - 14)


def hud_boxes(surface, model, session, context):
    """The canvas rects the HUD covers (its box, the hint's box when shown, the controls line):
    labels drawn under the HUD keep off them."""
    controls = controls_line(model, context.touch)
    lines = [rect for _, rect in _footer_lines(surface, controls, context.ui)]
    boxes = [hud_box(context.ui), lines[0].unionall(lines[1:]).inflate(20, 8)]
    if not model.game_over:
        lines, _ = _hint_lines(model, session)
        if lines:
            boxes.append(_hint_layout(surface, lines, context.ui)[0])
    return boxes


HINT_FRAMES = 60 * 7
"""How long the cutters' hint stays after the first cutter comes."""
HINTS = (
    ("Bugs fly at you. Fresh silk lures them: shoot silk toward a bug to trap it.",
     "Keep away from a struggling bug; eat the dead ones (+1 score, +1 HP) or starve."),
    ("Cutters (yellow jaws) cut old threads: only fresh silk stops them.",
     "Cut loose? Shoot silk while you fall to hang on."),
)
HINT_TOP = 82
"""Canvas y of the hint box's top, px (just below the HUD)."""
HINT_LINE = 24
"""Line height in the hint box, px."""


def _hints(surface, model, session, ui):
    """The how-to lines: the game's two from the start until the first successful shot (or
    while `H` / "?" shows them), the cutters' two for a few seconds after the first cutter
    comes, and every line that applies while the player has asked for them."""
    lines, strength = _hint_lines(model, session)
    if not lines:
        return
    width = surface.get_width()
    box, placed, size = _hint_layout(surface, lines, ui)
    _panel(surface, box, 10, (14, 16, 34, round(170 * strength)))
    color = tuple(round(c * strength + 20 * (1 - strength)) for c in (255, 236, 170))
    for line, y in placed:
        draw_text(surface, line, (width / 2, y), size, color, anchor="center")


HINT_SIZE = 22


def _hint_layout(surface, lines, ui):
    """(box, [(line, centre y)], text size) of the hint: below the HUD as designed; on a small
    canvas (`ui`) below the grown toolbar row, its words grown to 12 CSS px and wrapped."""
    width = surface.get_width()
    size = ui.text(HINT_SIZE)
    if size == HINT_SIZE and ui.side(40) == 40:
        box = pygame.Rect(0, HINT_TOP, 660, HINT_LINE * len(lines) + 8)
        box.centerx = width // 2
        return box, [(line, box.y + 16 + HINT_LINE * i) for i, line in enumerate(lines)], size
    margin = ui.room(12)
    top = max(HINT_TOP, 2 * margin + ui.side(40))
    wrapped = [part for line in lines for part in wrap_words(line, size, width - 4 * margin)]
    leading = font(size).get_linesize()
    box = pygame.Rect(margin, top, width - 2 * margin, leading * len(wrapped) + margin)
    first = box.y + margin // 2 + leading // 2
    return box, [(line, first + leading * i) for i, line in enumerate(wrapped)], size


def _hint_lines(model, session):
    """The hint's lines now and how strongly they show (0 to 1)."""
    pairs = []
    strength = session.hint_strength()
    if strength > 0:
        pairs.append(HINTS[0])
    cutters_seen = model.first_cutter is not None
    cutter_age = model.frame - model.first_cutter if cutters_seen else HINT_FRAMES
    if cutter_age < HINT_FRAMES or (session.hint_open and cutters_seen):
        pairs.append(HINTS[1])
        if cutter_age < HINT_FRAMES:
            strength = max(strength, min(1.0, (HINT_FRAMES - cutter_age) / 60.0))
    return [line for pair in pairs for line in pair], strength


def _feedback(surface, model, context):
    """A failed shot's reason, "ouch!" and the falling spider's line, beside the spider (grown
    to 12 CSS px on a small canvas, and kept on it)."""
    ui = context.ui
    spider = model.spider
    x, y = spider.x - model.camera[0], spider.y - model.camera[1]
    if model.last_shot is not None:
        frame, _, reason = model.last_shot
        age = model.frame - frame
        if reason and age < FEEDBACK_FRAMES:
            _near(surface, f"\u00d7 {reason}", (x, y - 26 - age * 0.3), ui.text(20), WARN,
                  "center")
    hurt_age = model.frame - model.last_hurt
    if hurt_age < FEEDBACK_FRAMES and not model.game_over:
        _near(surface, "ouch!", (x + 14, y - 20 - hurt_age * 0.5), ui.text(22), WARN, "topleft")
    if model.hungry and spider.state == "riding" and not model.game_over:
        _near(surface, HUNGRY, (x, y + 30), ui.text(20), WARN, "center")
    words = falling_words(model, context.touch)
    if words:
        _near(surface, words, (x, y + 34), ui.text(22), (255, 230, 140), "center")


HUNGRY = "hungry! eat a dead bug"
FALLING = "falling! click or tap to shoot silk and hang on"
FALLING_TOUCH = "falling! tap to shoot silk and hang on"
FALLING_LOW = "falling, and too little silk to be sure of a thread!"


def falling_words(model, touch=False):
    """The falling spider's line: the rescue is offered only while a shot can hold
    (`model.hang_on()`); "" when the spider is not falling."""
    reason = model.hang_on()
    if reason == "not falling":
        return ""
    if not reason:
        return FALLING_TOUCH if touch else FALLING
    return FALLING_LOW


def _near(surface, text, pos, size, color, anchor):
    """One line of feedback at `pos`, moved onto the canvas where it would leave it."""
    rect = rendered(text, size, color).get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    inside = rect.clamp(surface.get_rect().inflate(-4, -4))
    draw_text(surface, text, inside.topleft if inside != rect else pos, size, color,
              anchor="topleft" if inside != rect else anchor)


# --- overlay --------------------------------------------------------------------------------

def draw_overlay(surface, model):
    """Knots, anchors, the ridden thread and its t, and the aim ray with its target (`o`).

    The scene draws it over the world but under the HUD and the game-over panel."""
    cx, cy = model.camera
    web = model.web
    for knot in web.knots:
        x, y = knot.x - cx, knot.y - cy
        if knot.pinned:
            pygame.draw.rect(surface, (255, 80, 80), (x - 3, y - 3, 7, 7))
        else:
            disc(surface, (255, 255, 255), (x, y), 1.6)
    spider = model.spider
    index = web.index()
    lines = [f"{len(web.knots)} knots \u00b7 {len(web.threads)} threads \u00b7 "
             f"iterations {web.stiffness} \u00b7 {len(model.swarm.enemies)} bugs"]
    if spider.thread is not None:
        a, b = spider.thread.a, spider.thread.b
        pygame.draw.line(surface, (255, 220, 80), (a.x - cx, a.y - cy), (b.x - cx, b.y - cy), 3)
        lines.append(f"riding edge [{index[id(a)]}, {index[id(b)]}]  t = {spider.t:.2f}")
    else:
        lines.append(f"spider {spider.state}: no edge")
    if model.pointer is not None:
        plan = aim.preview(model, model.to_world(model.pointer))
        lines.append(draw_aim_ray(surface, model, plan))
    top = surface.get_height() - 40 - 20 * len(lines)
    _panel(surface, pygame.Rect(8, top - 6, 470, 20 * len(lines) + 10), 8)
    for i, text in enumerate(lines):
        draw_text(surface, text, (16, top + i * 20), 19, (200, 236, 200), shadow=False)
