"""Drawing the bridge: dusk sky, two cliffs over a river, ropes, planks and crates.

Render tiers (`scenes.kit.tiers`): "high" and "medium" anti-alias the ropes, planks, crates and
cliffs ("medium" gives each plank one stroke instead of an edged one); "low" draws all of them
with plain hard-edged lines and fills.
"""

from math import cos, sin

import pygame

from scenes.kit.draw import disc, fill_polygon, line, smooth_at, stroke, vertical_gradient
from scenes.kit.strain import strain_color
from scenes.kit.widgets import draw_help_line, draw_readout, draw_text

from .model import CLIFF_TOP, PLANK_NEVER_BREAKS, cliff_outlines
from .model.bridge import DROP_HEIGHT

SKY_TOP = (40, 44, 86)
SKY_BOTTOM = (236, 150, 110)
ROCK = (74, 62, 70)
ROCK_EDGE = (104, 88, 92)
GRASS = (92, 140, 84)
RIVER = (60, 96, 140)
ROPE = (196, 160, 110)
PLANK = (140, 92, 52)
PLANK_EDGE = (92, 58, 32)
PLANK_MIDDLE = (124, 80, 44)
"""The one colour of a plank below "high", between its edge and its face."""
CRATE = (190, 140, 70)
CRATE_EDGE = (110, 74, 36)


def _cliffs(surface, smooth=True):
    """The river, the two cliffs' rock (the model's outlines), their faces and grass tops."""
    width, height = surface.get_size()
    pygame.draw.rect(surface, RIVER, (0, height - 40, width, 40))
    for shape, (top_edge, face_foot) in zip(cliff_outlines((width, height)), ((1, 2), (0, 3))):
        fill_polygon(surface, ROCK, shape, smooth)
        pygame.draw.line(surface, ROCK_EDGE, shape[top_edge], shape[face_foot], 3)
        left, right = min(x for x, _ in shape), max(x for x, _ in shape[:2])
        pygame.draw.rect(surface, GRASS, (left, CLIFF_TOP - 4, right - left, 8))


def _crate(surface, crate, angle, smooth=True, label_size=16):
    half = crate.size / 2.0
    c, s = cos(angle), sin(angle)
    corners = [(crate.x + dx * c - dy * s, crate.y + dx * s + dy * c)
               for dx, dy in ((-half, -half), (half, -half), (half, half), (-half, half))]
    fill_polygon(surface, CRATE_EDGE, corners, smooth)
    inner = [(crate.x + (x - crate.x) * 0.78, crate.y + (y - crate.y) * 0.78) for x, y in corners]
    fill_polygon(surface, CRATE, inner, smooth)
    draw_text(surface, f"{crate.mass:g}", (crate.x, crate.y), label_size, (60, 36, 16), "center",
              shadow=False)


def _drop_mark(surface, model, smooth):
    """A small arrow where Space drops the next crate (the arrows move it)."""
    x, y = model.cursor, DROP_HEIGHT
    fill_polygon(surface, (255, 236, 180), [(x - 7, y - 7), (x + 7, y - 7), (x, y + 3)], smooth)


def help_line(model, touch=False):
    """The hint at the top left: after a touch it names taps and no keys, with a mouse clicks
    and the keys that play it without one."""
    weight = f"{model.values['weight']:g}"
    if touch:
        return f"tap to drop a crate (weight {weight}) · drag a plank to swing it"
    return (f"click to drop a crate (weight {weight}) · drag a plank · arrows + Space: drop · "
            "Up/Down: shake")


def draw(surface, model, context):
    """The bridge at the context's render tier, its hint in the context's pointer words."""
    quality = context.tier
    smooth = smooth_at(quality)
    surface.blit(vertical_gradient(surface.get_size(), SKY_TOP, SKY_BOTTOM), (0, 0))
    _cliffs(surface, smooth)
    for link in model.world.constraints:
        if link.limit != PLANK_NEVER_BREAKS:
            line(surface, ROPE, (link.a.x, link.a.y), (link.b.x, link.b.y), smooth)
    for plank in model.planks:
        if not plank.broken:
            ends = [(plank.a.x, plank.a.y), (plank.b.x, plank.b.y)]
            if quality == "high":
                stroke(surface, PLANK_EDGE, ends, 9)
                stroke(surface, PLANK, ends, 6)
            else:  # one stroke of the edge's width in a colour between the two
                stroke(surface, PLANK_MIDDLE, ends, 8, smooth=smooth)
    for post in model.posts:
        height = CLIFF_TOP - post.y + 6
        pygame.draw.rect(surface, PLANK_EDGE, (post.x - 4, post.y - 6, 8, height))
    for crate in model.crates:
        _crate(surface, crate, crate.angle(), smooth, context.ui.text(16))
    for held in model.held_points():
        disc(surface, (255, 255, 255), (held.x, held.y), 6, smooth)
        disc(surface, (255, 150, 190), (held.x, held.y), 4, smooth)
    if not context.touch:
        _drop_mark(surface, model, smooth)
    draw_help_line(surface, help_line(model, context.touch), context)


def draw_overlay(surface, model, context):
    """Every rope coloured by its stretch over the length it hangs at, against the snapping
    limit (`BridgeModel.snap_share`: the slider's strength at 12 passes); planks in white."""
    limit = model.snap_share()
    worst = 1.0
    for link in model.world.constraints:
        a, b = (link.a.x, link.a.y), (link.b.x, link.b.y)
        if link.limit == PLANK_NEVER_BREAKS:
            pygame.draw.line(surface, (240, 240, 240), a, b, 2)
            continue
        stretch = link.stretch()
        worst = max(worst, stretch)
        pygame.draw.line(surface, strain_color(stretch, limit), a, b, 3)
    load = model.yard.riding_load()
    draw_readout(surface, f"{len(model.world.constraints)} links · {model.torn} snapped · worst "
                 f"rope {worst:.2f}x its hanging length (snaps at {limit:.2f}x) · load {load:g}",
                 context, (12, 36), (190, 230, 190))
