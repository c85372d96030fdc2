"""The colour of a link's stretch: how every overlay of breakable links shows strain."""


def strain_color(stretch, limit):
    """Green at rest, yellow a quarter of the way to the tear limit, red at it (and past).

    The square root spreads the small stretches a calm cloth has over the greens and yellows."""
    t = min(1.0, max(0.0, (stretch - 1.0) / max(1e-6, limit - 1.0))) ** 0.5
    if t < 0.5:
        return (round(60 + 390 * t), 220, 90)
    return (255, round(220 - 340 * (t - 0.5)), round(90 - 120 * (t - 0.5)))
