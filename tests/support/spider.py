"""Shared helpers for the spider tests: a model factory, a scripted web, whole games played by
the players of tests/support/spider_players.py, shots that would rescue a fall, cuts, and a web
left alone to sleep (IDLE_FRAMES, `idle`, `asleep_share`).
"""

import random
import weakref
from math import cos, hypot, pi, sin

from scenes.spider.model import PARAMS, WORLD, SpiderModel
from scenes.spider.model.web import Web
from tests.support.spider_players import Bot, RandomPlayer
from scenes.kit.model.run import inputs_to

SIZE = (960, 540)


BUILT_WITH = weakref.WeakKeyDictionary()
"""{game made by `make_model`: the values it was built with}, the run's values of a bare game."""


def make_model(seed=0, **values):
    """A fresh game with default parameters except `values` (by name or old name)."""
    params = PARAMS.defaults()
    params.update({PARAMS.lookup(name).name: value for name, value in values.items()})
    model = SpiderModel(SIZE, params, random.Random(f"{seed}:0"))
    BUILT_WITH[model] = params
    return model


def set_param(model, name, value):
    """A live change of a game `make_model` made, as its run makes it (`ParamTable.apply`)."""
    return PARAMS.apply(model, BUILT_WITH[model], name, value)


def quiet_model(seed=0, **values):
    """A game in which no bug ever spawns on its own (for scripted scenes)."""
    model = make_model(seed, **values)
    model.director.countdown = float("inf")
    return model


def run(model, frames, inputs=None):
    """Step `frames` times, applying {frame: [(kind, value), ...]} before each step."""
    inputs = inputs or {}
    for frame in range(frames):
        for kind, value in inputs.get(frame, ()):
            model.input(kind, value)
        model.step()
    return model


def tap(model, world_point):
    """A quick click/tap at a world point (converted to canvas pixels as a pointer sends it)."""
    canvas = (world_point[0] - model.camera[0], world_point[1] - model.camera[1])
    model.input("down", canvas)
    model.input("up", canvas)


def ladder_web(**kwargs):
    """A small hand-built web: two pinned anchors and a straight thread of 4 links between."""
    web = Web(**kwargs)
    knots = [web.add_knot(100 + 50 * i, 100, pinned=(i in (0, 4))) for i in range(5)]
    threads = [web.connect(a, b) for a, b in zip(knots, knots[1:])]
    return web, knots, threads


def launch(model, kind, start, toward, speed=1.5):
    """A bug already flying from `start` straight toward the point `toward` (it does not home)."""
    from scenes.spider.model.enemies import Enemy

    enemy = model.swarm.add(Enemy(kind, start[0], start[1], speed, 0))
    enemy.state = "moving"
    dx, dy = toward[0] - start[0], toward[1] - start[1]
    length = hypot(dx, dy)
    enemy.hx, enemy.hy = dx / length, dy / length
    enemy.retreat = 10**6  # flies straight: a scripted flight, not a chase
    return enemy


def far_thread(model, kind="spiral", distance=250.0):
    """A thread of `kind` at least `distance` px from the spider, nearest to that distance."""
    sx, sy = model.spider.position

    def gap(thread):
        mx, my = thread.point(0.5)
        return hypot(mx - sx, my - sy)

    candidates = [t for t in model.web.threads if t.kind == kind and gap(t) >= distance
                  and t.length() > 40]
    return min(candidates, key=gap)


def across(thread, offset=30.0):
    """A start point `offset` px off the middle of `thread` and the middle itself."""
    mx, my = thread.point(0.5)
    dx, dy = thread.b.x - thread.a.x, thread.b.y - thread.a.y
    length = hypot(dx, dy)
    nx, ny = -dy / length, dx / length
    return (mx + nx * offset, my + ny * offset), (mx, my)


def long_game(seed, frames, rescue_delay=60, roam=True):
    """A roaming bot (late rescues, like a person) plays `frames` frames through a Run,
    restarting after each game over; returns what the long-game checks look at.

    outside      frames the spider's centre was not inside the view
    closest_edge the smallest distance of the spider's centre inside the view's edge, px
    spawns       bugs spawned in each whole minute of play (a game over's frames included)
    below        frames the spider spent below the world's floor
    games        games played
    """
    sim = new_run(seed)
    bot = Bot(None, send=inputs_to(sim), model_of=lambda: sim.model, rescue_delay=rescue_delay,
              roam_seed=seed if roam else None)
    stats = {"outside": 0, "closest_edge": float("inf"), "spawns": [0] * (frames // 3600),
             "below": 0, "games": 1, "frames": frames}
    for frame in range(frames):
        model = sim.model
        if model.game_over and model.frame and bot.cooldown == 0:
            bot.send("key_down", "r")
            stats["games"] += 1
        bot.act()
        model = sim.model
        spawned = model.director.spawned
        sim.step()
        if frame // 3600 < len(stats["spawns"]):
            stats["spawns"][frame // 3600] += model.director.spawned - spawned
        x = model.spider.x - model.camera[0]
        y = model.spider.y - model.camera[1]
        edge = min(x, y, SIZE[0] - x, SIZE[1] - y)
        stats["closest_edge"] = min(stats["closest_edge"], edge)
        stats["outside"] += edge < 0
        stats["below"] += model.spider.y > WORLD[1]
    return stats


# --- seeded players for survival comparisons (issue 34) ------------------------------------

def new_run(seed=0):
    """A fresh run of the spider game at `seed` with the default parameters, as `main.py`
    plays it (the one place the tests name the run's class)."""
    from scenes.kit.model.run import Run

    return Run("spider", SpiderModel, PARAMS, SIZE, seed=seed)


def survival(seed, player="idle", limit=300 * 60):
    """Play one game at `seed` until it is over (or `limit` frames) and return (seconds,
    score, cause). `player` is "idle" (no input at all), "random" (`RandomPlayer`) or "bot"
    (the careful `Bot`, rescuing after a second like a person)."""
    sim = new_run(seed)
    if player == "random":
        actor = RandomPlayer(inputs_to(sim), seed)
    elif player == "bot":
        actor = Bot(None, send=inputs_to(sim), model_of=lambda: sim.model, rescue_delay=30)
    else:
        actor = None
    for _ in range(limit):
        if sim.model.game_over:
            break
        if actor is not None:
            actor.act()
        sim.step()
    model = sim.model
    return model.frame / 60.0, model.score, model.cause


# --- falls and rescues (issue 34) ------------------------------------------------------------

RESCUE_DIRECTIONS = 72
"""Shot directions tried around a falling spider (every 5 degrees)."""


def holding_directions(model, count=RESCUE_DIRECTIONS, stop_at=None):
    """How many of `count` evenly spread directions a shot would be made in now (its aim holds
    and the gland and the web allow it), trying straight up first and then ever farther round;
    with `stop_at`, counting stops once that many hold."""
    from scenes.spider.model.shots import refusal

    sx, sy = model.spider.position
    held = 0
    for k in range(count):
        turn = (k + 1) // 2 * (1 if k % 2 else -1)
        angle = -pi / 2 + 2.0 * pi * turn / count
        plan = model.preview_shot((sx + cos(angle) * 200.0, sy + sin(angle) * 200.0))
        if plan is not None and plan.ok and not refusal(model, plan):
            held += 1
            if stop_at is not None and held >= stop_at:
                break
    return held


def holding_direction(model, count=RESCUE_DIRECTIONS):
    """A world point a shot toward which would hold now (tried as `holding_directions`), or None."""
    from scenes.spider.model.shots import refusal

    sx, sy = model.spider.position
    for k in range(count):
        turn = (k + 1) // 2 * (1 if k % 2 else -1)
        angle = -pi / 2 + 2.0 * pi * turn / count
        aim = (sx + cos(angle) * 200.0, sy + sin(angle) * 200.0)
        plan = model.preview_shot(aim)
        if plan is not None and plan.ok and not refusal(model, plan):
            return aim
    return None


def _crossing(a, b, center, radius):
    """The parameter u in (0, 1) where the segment a-b crosses the circle, or None."""
    dx, dy = b.x - a.x, b.y - a.y
    fx, fy = a.x - center[0], a.y - center[1]
    qa = dx * dx + dy * dy
    qb = 2.0 * (fx * dx + fy * dy)
    qc = fx * fx + fy * fy - radius * radius
    disc = qb * qb - 4.0 * qa * qc
    if qa < 1e-9 or disc < 0.0:
        return None
    root = disc ** 0.5
    for u in ((-qb - root) / (2.0 * qa), (-qb + root) / (2.0 * qa)):
        if 0.0 < u < 1.0:
            return u
    return None


def cut_around(model, center, radius, keep=None):
    """Cut, as cutters would, every thread (but `keep`) that leaves the circle (`center`,
    `radius`) where it crosses it: what lies inside hangs on nothing unless an anchor is inside
    (or on `keep`). Returns the number of cuts."""
    web = model.web
    cuts = 0
    for thread in list(web.threads):
        if thread is keep:
            continue
        inside_a = hypot(thread.a.x - center[0], thread.a.y - center[1]) < radius
        inside_b = hypot(thread.b.x - center[0], thread.b.y - center[1]) < radius
        if inside_a == inside_b:
            continue
        u = _crossing(thread.a, thread.b, center, radius)
        if u is not None:
            web.cut(thread, u)
            cuts += 1
    return cuts

# A web left alone (the sleeping tests, tests/spider/test_sleep*.py).
IDLE_FRAMES = 900
"""Fifteen seconds: the default web has long come to rest (it takes about four) and most of it
has slept for a while (90% of its knots after 8 to 12 s, seeds 0-2)."""


def free_knots(model):
    return [k for k in model.web.knots if not k.pinned]


def asleep_share(model):
    knots = free_knots(model)
    return sum(k.asleep for k in knots) / len(knots)


def idle(seed=0, frames=IDLE_FRAMES, **values):
    """A quiet game (no bugs) whose spider has stood still for `frames` frames."""
    return run(quiet_model(seed, **values), frames)


def positions(model):
    return [(k.x, k.y) for k in model.web.knots]
