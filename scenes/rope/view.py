"""Drawing the rope: a smooth thick curve through its points, the pin, and the grabbing hand.

Render tiers (`scenes.kit.tiers`): "high" samples the curve 6 times a link and anti-aliases it;
"medium" samples it 3 times; "low" draws the same 3-sample curve with plain (hard-edged) lines.
The overlay's links are anti-aliased except at "low".
"""

import pygame

from scenes.kit.draw import disc, key_cursor, line, smooth_at, stroke, vertical_gradient
from scenes.kit.widgets import counted, draw_help_line, draw_readout, draw_text
from verlet.geometry import catmull_rom_open

from .model import SEGMENT_LENGTH

SKY_TOP = (28, 32, 58)
SKY_BOTTOM = (64, 54, 92)
ROPE_DARK = (58, 36, 24)
ROPE_LIGHT = (214, 168, 112)
PIN = (220, 220, 235)
CURVE_SAMPLES = {"high": 6, "medium": 3, "low": 3}
"""Points of the drawn curve per link of the rope, by render tier."""


def help_line(pointer_word="click"):
    """The hint at the top left: names taps after a touch, and keys only for a keyboard."""
    if pointer_word == "tap":
        return "tap and drag the rope to swing it"
    return f"{pointer_word} and drag the rope to swing it  ·  arrows, Enter: grab, let go  ·  R: restart"


def draw(surface, model, context):
    """The rope at the context's render tier, its hint in the context's pointer word."""
    quality = context.tier
    smooth = smooth_at(quality)
    surface.blit(vertical_gradient(surface.get_size(), SKY_TOP, SKY_BOTTOM), (0, 0))
    points = [p.position for p in model.particles]
    curve = catmull_rom_open(points, CURVE_SAMPLES.get(quality, CURVE_SAMPLES["high"]))
    stroke(surface, ROPE_DARK, curve, 9, smooth=smooth)
    stroke(surface, ROPE_LIGHT, curve, 5, smooth=smooth)
    anchor = model.particles[0]
    pygame.draw.rect(surface, PIN, (anchor.x - 16, anchor.y - 10, 32, 6), border_radius=3)
    disc(surface, PIN, anchor.position, 5, smooth)
    if model.grabbed is not None:
        held = model.particles[model.grabbed]
        disc(surface, (255, 255, 255), held.position, 9, smooth)
        disc(surface, (255, 150, 190), held.position, 6, smooth)
    key_cursor(surface, model.keys, smooth)
    draw_help_line(surface, help_line(context.pointer_word), context)


def draw_overlay(surface, model, context):
    """The simulated points and each link coloured by its stretch (green at rest, red stretched)."""
    smooth = smooth_at(context.tier)
    for constraint in model.world.constraints:
        if not hasattr(constraint, "rest"):
            continue
        strain = min(1.0, abs(constraint.length() / constraint.rest - 1.0) * 20.0)
        color = (round(80 + 175 * strain), round(220 - 160 * strain), 90)
        line(surface, color, constraint.a.position, constraint.b.position, smooth)
    for p in model.particles:
        disc(surface, (255, 90, 90) if p.pinned else (255, 255, 255), p.position, 3, smooth)
    worst = max(abs(length / SEGMENT_LENGTH - 1.0) for length in model.segment_lengths())
    draw_readout(surface, f"{len(model.particles)} points · {counted(model.world.iterations, 'iteration')} · "
                 f"worst stretch {worst * 100:.2f}%", context, (12, 36), (190, 230, 190))
