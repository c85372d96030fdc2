"""Drawing the spider game's night sky: gradient, moon and its glow, twinkling stars, meteors.

The gradient, the moon and its glow only change when the moon moves by a whole pixel (it drifts
with a twentieth of the camera), so they are painted once onto a backdrop that each frame copies
onto the canvas (as a plain memory copy: see `_copy_backdrop`); the backdrop is repainted when the
canvas size or the moon's pixels change. The stars twinkle every frame and are drawn over it:
colours from a precomputed ramp, the bigger stars as small ready-made sprites.

Quality tiers (`app.quality`): "high" is all of the above; "medium" and "low" leave
out the moon's glow and draw every star as one plain pixel (a bigger star as a 2 x 2 square),
still twinkling.
"""

import pygame

from scenes.kit.draw import disc, vertical_gradient

from .view_colors import MOON, MOON_SHADE, SKY_BOTTOM, SKY_TOP, STAR, mix

MOON_RADIUS = 24
MOON_CRATERS = ((-8, -6, 5), (6, 5, 4), (-3, 10, 3), (9, -9, 2.5))
"""Darker spots on the moon: offset from its centre and radius, px."""
GLOW_SIZE = 120
"""Side of the moon's halo surface, px."""
STAR_LEVELS = 128
STAR_RAMP = [mix(SKY_TOP, STAR, i / (STAR_LEVELS - 1)) for i in range(STAR_LEVELS)]
"""A star's colour for its brightness 0..1 in STAR_LEVELS steps (within one or two units of
the colour `mix` gives), so a frame does one lookup per star instead of a colour mix."""


def draw_sky(surface, sky, camera, quality="high"):
    """Backdrop (gradient, glow, moon), then the stars in view and a meteor if one is flying;
    below "high" without the glow, the stars as plain pixels."""
    width = surface.get_width()
    moon = (width * 0.82 - camera[0] * 0.05, 92 - camera[1] * 0.05)
    rich = quality == "high"
    _copy_backdrop(surface, moon, glow=rich)
    if rich:
        _draw_stars(surface, sky, camera)
    else:
        _draw_plain_stars(surface, sky, camera)
    if sky.meteor is not None:
        _draw_meteor(surface, sky.meteor)


# --- backdrop -------------------------------------------------------------------------------

_backdrops = {}
"""At most one painted backdrop, keyed by the canvas (size, pixel layout) and the moon's pixels:
(surface, whether a plain memory copy of its pixels can replace a blit)."""


def _copy_backdrop(surface, moon, glow=True):
    """Put the backdrop on `surface`, as a plain copy of its memory when the layouts match.

    Why not a blit: SDL copies (and fills) a canvas-sized surface with non-temporal stores,
    which leave the canvas out of the CPU cache, and the tens of thousands of single-pixel
    reads and writes of the anti-aliased threads drawn next then take about 1.5 times as long
    (measured on the web at frame 300). An ordinary copy of the bytes keeps the canvas cached.
    """
    backdrop, copyable = _backdrop(surface, moon, glow)
    if copyable:  # the buffers (and their locks) go with the statement
        memoryview(surface.get_buffer())[:] = memoryview(backdrop.get_buffer())
    else:
        surface.blit(backdrop, (0, 0))


def _moon_pixels(moon):
    """Where the glow's corner and the moon's discs land in whole pixels (a blit truncates a
    float position, `disc` rounds its centre): the backdrop is the same for equal pixels."""
    mx, my = moon
    glow = (int(mx - GLOW_SIZE / 2), int(my - GLOW_SIZE / 2))
    centres = ((round(mx), round(my)),) + tuple((round(mx + dx), round(my + dy))
                                                for dx, dy, _ in MOON_CRATERS)
    return glow, centres


def _backdrop(surface, moon, with_glow=True):
    """The backdrop for `surface` as (surface, copyable) (see `_backdrops`): gradient, glow
    (unless `with_glow` is False) and moon in its pixel format, painted once per canvas and
    moon pixels."""
    glow, centres = _moon_pixels(moon)
    size = surface.get_size()
    key = (size, surface.get_bitsize(), surface.get_masks(), surface.get_pitch(), glow, centres,
           with_glow)
    entry = _backdrops.get(key)
    if entry is None:
        _backdrops.clear()
        backdrop = pygame.Surface(size, 0, surface)
        backdrop.blit(vertical_gradient(size, SKY_TOP, SKY_BOTTOM), (0, 0))
        if with_glow:
            backdrop.blit(_moon_glow(), glow)
        disc(backdrop, MOON, centres[0], MOON_RADIUS)
        for centre, (_, _, radius) in zip(centres[1:], MOON_CRATERS):
            disc(backdrop, MOON_SHADE, centre, radius)
        copyable = surface.get_parent() is None and backdrop.get_pitch() == surface.get_pitch()
        entry = (backdrop, copyable)
        _backdrops[key] = entry
    return entry


_glow = []


def _moon_glow():
    """The moon's halo: three soft rings on one cached transparent surface."""
    if not _glow:
        glow = pygame.Surface((GLOW_SIZE, GLOW_SIZE), pygame.SRCALPHA)
        middle = GLOW_SIZE // 2
        for radius, alpha in ((60, 14), (44, 22), (34, 40)):
            layer = pygame.Surface((GLOW_SIZE, GLOW_SIZE), pygame.SRCALPHA)
            pygame.draw.circle(layer, (*MOON, alpha), (middle, middle), radius)
            glow.blit(layer, (0, 0))
        _glow.append(glow)
    return _glow[0]


# --- stars and meteors ----------------------------------------------------------------------

def _draw_stars(surface, sky, camera):
    """Size-1 stars as single pixels, bigger ones as small discs, each at its twinkle.

    A disc is a ready-made sprite for its radius and brightness level (`_star_sprite`), and all
    of them go onto the canvas in one `fblits` call.
    """
    frame = sky.frame
    ramp, top = STAR_RAMP, STAR_LEVELS - 1
    sprites = _star_sprites
    set_at = surface.set_at
    discs = []
    for x, y, star in sky.star_positions(camera):
        level = round(star.brightness(frame) * top)
        if not 0 <= level <= top:
            level = 0 if level < 0 else top
        if star.size == 1:
            set_at((int(x), int(y)), ramp[level])
        else:
            radius = max(1, round(star.size * 0.6))  # as `disc` rounds it
            sprite = sprites.get((radius, level)) or _star_sprite(radius, level)
            discs.append((sprite, (round(x) - radius - 1, round(y) - radius - 1)))
    surface.fblits(discs)


def _draw_plain_stars(surface, sky, camera):
    """Every star as plain pixels in its twinkle colour: one for a small star, a 2 x 2 square
    for a bigger one (the cheaper tiers)."""
    frame = sky.frame
    ramp, top = STAR_RAMP, STAR_LEVELS - 1
    set_at, fill = surface.set_at, surface.fill
    for x, y, star in sky.star_positions(camera):
        level = round(star.brightness(frame) * top)
        color = ramp[0 if level < 0 else top if level > top else level]
        if star.size == 1:
            set_at((int(x), int(y)), color)
        else:
            fill(color, (round(x) - 1, round(y) - 1, 2, 2))


_star_sprites = {}
"""Star discs by (radius, brightness level): at most 2 radii x STAR_LEVELS tiny surfaces."""
_star_masks = {}
"""The coverage of a disc by radius (see `_star_mask`)."""


def _star_sprite(radius, level):
    """A disc of `radius` in the star colour of `level`, centred on a transparent square of side
    2 x radius + 3: blitted, it gives what `disc` draws (to within one unit per channel)."""
    key = (radius, level)
    sprite = _star_sprites.get(key)
    if sprite is None:
        sprite = _star_mask(radius).copy()
        sprite.fill((*STAR_RAMP[level], 255), special_flags=pygame.BLEND_RGBA_MULT)
        _star_sprites[key] = sprite
    return sprite


def _star_mask(radius):
    """White with the coverage of a `disc` of `radius` as alpha (from a white disc on black)."""
    mask = _star_masks.get(radius)
    if mask is None:
        side = 2 * radius + 3
        probe = pygame.Surface((side, side))
        disc(probe, (255, 255, 255), (side // 2, side // 2), radius)
        mask = pygame.Surface((side, side), pygame.SRCALPHA)
        for x in range(side):
            for y in range(side):
                mask.set_at((x, y), (255, 255, 255, probe.get_at((x, y))[0]))
        _star_masks[radius] = mask
    return mask


def _draw_meteor(surface, meteor):
    """A streak fading from the head back along its path."""
    hx, hy = meteor.head()
    tail = 0.35
    steps = 10
    for i in range(steps):
        p0, p1 = i / steps, (i + 1) / steps
        x0 = hx - meteor.dx * tail * (1 - p0)
        y0 = hy - meteor.dy * tail * (1 - p0)
        x1 = hx - meteor.dx * tail * (1 - p1)
        y1 = hy - meteor.dy * tail * (1 - p1)
        fade = p1 * min(1.0, 4.0 * (1.0 - meteor.progress))
        pygame.draw.aaline(surface, mix(SKY_BOTTOM, (255, 250, 230), fade), (x0, y0), (x1, y1))
    disc(surface, (255, 252, 235), (hx, hy), 1.5)
