"""Seeded random interleavings of everything a reader can do to a scene, fed through the door
`main.py --input` uses, and the largest move of a point in a frame.

- `feed(run, record)` is that door, `Run.apply`: a pointer or key record and a slider move
  `{"type": "set", "name": ..., "value": ...}` alike.
- `interleaving(rng, scene, frames)` draws one script: presses with the left and the right
  button on the scene's bodies, beside them, on empty canvas, at its edges and corners and off
  it, drags at a crawl, a walk, a yank and in leaps, releases, hovering, key presses and holds
  (the scenes' keys), and sliders set across each parameter's range, ends included. The
  pointer positions aimed at bodies are worked out while playing (the script says "a point of
  the body"), so every draw hits what is there then.
- `snapshot` and `largest_move` measure, frame after frame, the farthest any point of
  `model.points()` moved, each point matched with itself: by the key a model gives it
  (`points_by_key()`, where a model offers one), else the world's particles by identity and the
  other points in order; a frame in which the run made a fresh model (a restart) is a new body,
  not a move, and is not measured.
"""

import random
from math import cos, hypot, pi, sin

from scenes.catalog import SCENES
from scenes.kit.model.run import Run

KEYS = ("r", "space", "return", "left", "right", "up", "down", "w", "a", "s", "d", "o", "h",
        "x", "m")
"""Keys the scenes take (a scene ignores those it has no use for)."""
SPOTS = ("body", "beside", "empty", "edge", "outside")
DRAG_SPEEDS = (1.0, 4.0, 12.0, 30.0, 80.0, None)
"""How far a drag moves the pointer a frame, px (None: a leap to anywhere)."""


def make_run(name, seed=0, values=None, calm=False):
    """The pure run of scene `name`, as `main.py --headless` makes it."""
    scene = SCENES[name]
    return Run(name, scene.model_class, scene.params, scene.size, seed, values,
                      calm=calm)


def feed(run, record):
    """Hand `run` one input record through the door `main.py --input` uses."""
    run.apply(record)


def max_point_move(model_class):
    """The scene's stated per-frame limit, px; a model without one is refused loudly."""
    limit = getattr(model_class, "max_point_move", None)
    if limit is None:
        raise AssertionError(f"{model_class.__name__} declares no max_point_move (px a frame): "
                             f"every scene must say how far a point of it may move in a frame")
    return limit


def _spot(rng, kind, model, size):
    width, height = size
    points = model.points() if hasattr(model, "points") else []
    if kind in ("body", "beside") and points:
        x, y = rng.choice(points)
        if kind == "beside":
            angle, gap = rng.uniform(0.0, 2.0 * pi), rng.uniform(12.0, 60.0)
            x, y = x + gap * cos(angle), y + gap * sin(angle)
        return (x, y)
    if kind == "edge":
        x = rng.choice((0.0, width, rng.uniform(0.0, width)))
        y = rng.choice((0.0, height)) if x not in (0.0, width) else rng.uniform(0.0, height)
        if rng.random() < 0.2:
            x, y = rng.choice((0.0, width)), rng.choice((0.0, height))  # a corner
        return (x, y)
    if kind == "outside":
        x = rng.choice((rng.uniform(-300.0, -1.0), rng.uniform(width + 1.0, width + 300.0)))
        return (x, rng.uniform(-300.0, height + 300.0))
    return (rng.uniform(0.0, width), rng.uniform(0.0, height))


class Player:
    """Draws and feeds one interleaving, frame by frame (`inputs`), from a seeded `rng`."""

    def __init__(self, rng, name):
        self.rng = rng
        self.params = list(SCENES[name].params)
        self.size = SCENES[name].size
        self.pressed = None   # (button, target, speed) of the gesture under way, or None
        self.at = (self.size[0] / 2.0, self.size[1] / 2.0)
        self.keys = set()

    def inputs(self, model):
        """This frame's records, oldest first."""
        rng, records = self.rng, []
        if self.pressed is None:
            roll = rng.random()
            if roll < 0.08:
                button = 3 if rng.random() < 0.25 else 1
                self.at = _spot(rng, rng.choice(SPOTS), model, self.size)
                self.pressed = (button, _spot(rng, rng.choice(SPOTS), model, self.size),
                                rng.choice(DRAG_SPEEDS))
                records.append({"type": "down", "pos": self.at, "button": button})
            elif roll < 0.14:
                self.at = _spot(rng, rng.choice(SPOTS), model, self.size)
                records.append({"type": "move", "pos": self.at})  # hovering
        else:
            button, target, speed = self.pressed
            roll = rng.random()
            if roll < 0.06:
                records.append({"type": "up", "pos": self.at, "button": button})
                self.pressed = None
            elif roll < 0.85:
                if rng.random() < 0.05:
                    target = _spot(rng, rng.choice(SPOTS), model, self.size)
                    self.pressed = (button, target, rng.choice(DRAG_SPEEDS))
                    speed = self.pressed[2]
                gap = hypot(target[0] - self.at[0], target[1] - self.at[1])
                if speed is None or gap <= speed:
                    self.at = target
                else:
                    self.at = (self.at[0] + (target[0] - self.at[0]) * speed / gap,
                               self.at[1] + (target[1] - self.at[1]) * speed / gap)
                records.append({"type": "move", "pos": self.at})
        for key in sorted(self.keys):
            if rng.random() < 0.15:
                self.keys.discard(key)
                records.append({"type": "key_up", "key": key})
        if rng.random() < 0.05:
            key = rng.choice(KEYS)
            if key == "r" and rng.random() < 0.7:
                key = "return"  # restarts now and then, not at every turn
            if key not in self.keys:
                self.keys.add(key)
                records.append({"type": "key_down", "key": key})
        if rng.random() < 0.015:
            param = rng.choice(self.params)
            value = rng.choice((param.lo, param.hi, rng.uniform(param.lo, param.hi)))
            if getattr(param, "integer", False):
                value = round(value)
            records.append({"type": "set", "name": param.name, "value": value})
        return records


def snapshot(model):
    """Where every point is, as ({key: (x, y)}, [(x, y), ...]): keyed points are matched with
    themselves from frame to frame, the list in order.

    A model that offers `points_by_key()` ({key: (x, y)} for every point of `points()`) names
    its points itself: the spider's knots, its body and its bugs, whose `points()` list changes
    order and length as threads are shot and cut and bugs are caught. Otherwise the world's
    particles are keyed by identity (a torn sheet keeps the rest matched) and the other points
    of `points()` go in the list. The keys are kept in the snapshot, so no key of a point that
    went can come back as another's."""
    by_key = getattr(model, "points_by_key", None)
    if by_key is not None:
        return dict(by_key()), []
    world = getattr(model, "world", None)
    if world is None:
        world = getattr(getattr(model, "web", None), "world", None)
    particles = list(world.particles) if world is not None else []
    body = {p: (p.x, p.y) for p in particles}
    at = set(body.values())
    rest = [point for point in model.points() if point not in at]
    return body, rest


def largest_move(before, after):
    """The farthest a point moved between two snapshots, px (points that came or went are not
    moves; the unkeyed points are matched in order only when there are as many)."""
    keyed_before, rest_before = before
    keyed_after, rest_after = after
    worst = 0.0
    for key, (x, y) in keyed_after.items():
        old = keyed_before.get(key)
        if old is not None:
            worst = max(worst, hypot(x - old[0], y - old[1]))
    if len(rest_before) == len(rest_after):
        for (x0, y0), (x1, y1) in zip(rest_before, rest_after):
            worst = max(worst, hypot(x1 - x0, y1 - y0))
    return worst


def play_interleaving(name, seed, frames, calm=False):
    """Play one seeded interleaving of `frames` frames on scene `name`; returns
    (the largest move of a point in a frame, the frame it happened in, its record so far)."""
    rng = random.Random(f"interleave:{name}:{seed}")
    run = make_run(name, seed=seed, calm=calm)
    player = Player(rng, name)
    worst, worst_frame, script = 0.0, None, []
    before = snapshot(run.model)
    for frame in range(frames):
        model = run.model
        for record in player.inputs(model):
            script.append(dict(record, frame=frame))
            feed(run, record)
        run.step()
        after = snapshot(run.model)
        if run.model is model:  # a restart builds a new body: not a move
            move = largest_move(before, after)
            if move > worst:
                worst, worst_frame = move, frame
        before = after
    return worst, worst_frame, script
