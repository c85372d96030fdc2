"""The camera that follows the spider (S2): it shows as much of the world as it can, and it
never loses the spider.

The camera is the world position of the canvas's top-left corner (world = canvas + camera). It
eases toward a target centred on the spider. While the spider rides, the target stays on the
world's rectangle, so the view does not show empty sky past the web's frame when it need not;
but the target never leaves the spider nearer than COMFORT to the view's edge, so a spider that
rides or hangs below the world (a thread that sags, a rescue shot taken late in a fall) is
followed there. After the easing, the camera is held so the spider is at least KEEP inside the
view: whatever happens, the spider is on screen every frame. Pure Python.
"""

CAMERA_EASE = 0.12
"""Share of the gap to its target the camera closes each frame."""
DEAD_VIEW_Y = 0.8
"""Once dead, the camera shows the spider this far down the view, below the game-over panel."""
COMFORT = 100.0
"""The camera aims to keep the spider at least this far inside the view's edges, px."""
KEEP = 28.0
"""The spider's centre is never nearer than this to the view's edge (its body and legs show), px."""


def _clamp(value, low, high):
    return min(max(value, low), high)


def camera_target(spider_at, state, view_size, world_size):
    """Where the camera heads for a spider at `spider_at` in `state` ("riding", "falling", "dead")."""
    sx, sy = spider_at
    width, height = view_size
    x = sx - width / 2.0
    y = sy - height * (DEAD_VIEW_Y if state == "dead" else 0.5)
    x = _clamp(x, 0.0, max(0.0, world_size[0] - width))
    if state == "riding":  # a fall is followed down, a dead spider is shown below the panel
        y = _clamp(y, 0.0, max(0.0, world_size[1] - height))
    x = _clamp(x, sx - width + COMFORT, sx - COMFORT)
    y = _clamp(y, sy - height + COMFORT, sy - COMFORT)
    return (x, y)


def follow(camera, target, spider_at, view_size):
    """One frame of the camera: ease toward `target`, then keep the spider inside the view."""
    sx, sy = spider_at
    width, height = view_size
    x = camera[0] + (target[0] - camera[0]) * CAMERA_EASE
    y = camera[1] + (target[1] - camera[1]) * CAMERA_EASE
    return (_clamp(x, sx - width + KEEP, sx - KEEP), _clamp(y, sy - height + KEEP, sy - KEEP))


def in_view(point, camera, view_size, margin=0.0):
    """True when a world point lies at least `margin` inside the view."""
    x, y = point[0] - camera[0], point[1] - camera[1]
    return margin <= x <= view_size[0] - margin and margin <= y <= view_size[1] - margin
