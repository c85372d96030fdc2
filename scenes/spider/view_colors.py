"""The spider game's palette and the one colour helper its views share (`mix`).

Kept apart so the view modules (`view`, `view_sky`, `view_web`) can all use it without importing
each other in a circle.
"""

SKY_TOP = (6, 8, 26)
SKY_BOTTOM = (44, 28, 72)
STAR = (235, 235, 255)
MOON = (236, 232, 210)
MOON_SHADE = (214, 208, 186)
THREAD = (176, 186, 210)
THREAD_FRESH = (236, 242, 255)
STRAND = (130, 136, 160)
MOORING = (120, 128, 156)
ANCHOR = (210, 214, 230)
ENEMY = (226, 44, 52)
CUTTER_JAW = (255, 214, 90)
CORPSE = (150, 122, 164)
CORPSE_DARK = (86, 66, 100)
SPIDER = (86, 204, 96)
SPIDER_DARK = (26, 100, 44)
VERMILION = (227, 66, 52)
VERMILION_DARK = (128, 28, 22)
PANEL_EDGE = (110, 116, 150, 200)
"""The outline of the HUD's box and of the game-over panel."""
SCORE = (255, 226, 120)
BEST = (214, 200, 160)


def mix(c1, c2, t):
    """The colour `t` of the way from c1 to c2 (t clamped to [0, 1])."""
    t = min(1.0, max(0.0, t))
    return tuple([round(a + (b - a) * t) for a, b in zip(c1, c2)])
