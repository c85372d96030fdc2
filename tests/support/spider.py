"""Shared helpers for the spider tests: a model factory, a scripted web, and a bot player.

The bot plays through the model's public input only (keys and pointer events in canvas pixels,
exactly what the scene would send), looking at the observable state to decide, like a person
watching the screen: it backs away from struggling bugs, steps behind a thread when a bug has a
clear line to it, crawls to corpses to collect them, patches the web with silk, and shoots to
hang on when it falls. It is deterministic: its only randomness (where a roaming bot wanders) comes
from its own seeded generator.
"""

import random
from math import atan2, cos, hypot, pi, sin

from scenes.kit.model.script import ScriptedPlayer
from scenes.spider.model import PARAMS, WORLD, SpiderModel
from scenes.spider.model.web import Web

SIZE = (960, 540)


def make_model(seed=0, **values):
    """A fresh game with default parameters except `values`."""
    params = PARAMS.defaults()
    params.update(values)
    return SpiderModel(SIZE, params, random.Random(f"{seed}:0"))


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


class Bot(ScriptedPlayer):
    """A careful player driving a SpiderModel through its input protocol.

    `send(kind, value)` delivers input (default: straight to the model); with `pointer_only`
    it never touches a key: it crawls by holding the pointer and shoots by tapping, as on a
    phone. `log` collects every input as an EVENTS.json entry for frame `frame`.

    Two habits make it play more like a person who explores (the long games):
    `rescue_delay` frames of a fall pass before it shoots to hang on (a person needs about a
    second to react), and `roam_seed` makes it wander, when nothing needs doing, to a new place
    of the world every ROAM_FRAMES instead of going back to the hub.
    """

    DANGER = 100.0  # stay this far from struggling bugs
    WATCH = 260.0  # react to flying bugs this close
    WIDGETS = (820, 0, 960, 64)  # canvas corner with the restart and slider buttons
    ROAM_FRAMES = 480  # a roaming bot picks a new place to visit this often
    HUB = (900.0, 540.0)

    def __init__(self, model, send=None, pointer_only=False, model_of=None, rescue_delay=0,
                 roam_seed=None):
        super().__init__(send or (lambda kind, value: self.model.input(kind, value)))
        self.model_of = model_of or (lambda: model)
        self.pointer_only = pointer_only
        self.holding = None
        self.cooldown = 0
        self.rescue_delay = rescue_delay
        self.falling_for = 0
        self.roam = None if roam_seed is None else random.Random(f"roam:{roam_seed}")
        self.home = self.HUB
        self.next_roam = 0

    @property
    def model(self):
        return self.model_of()

    def _clear_of_widgets(self, canvas):
        left, top, right, bottom = self.WIDGETS
        x, y = canvas
        return not (left <= x <= right and top <= y <= bottom) and 0 <= x < 960 and 0 <= y < 540

    def _hold(self, world):
        canvas = (world[0] - self.model.camera[0], world[1] - self.model.camera[1])
        canvas = (min(950.0, max(10.0, canvas[0])), min(530.0, max(70.0, canvas[1])))
        if self.holding is None:
            self.send("down", canvas)
        elif canvas != self.holding:
            self.send("move", canvas)
        self.holding = canvas

    def _release(self):
        if self.holding is not None:
            self.send("up", self.holding)
            self.holding = None

    def _tap(self, world):
        canvas = (world[0] - self.model.camera[0], world[1] - self.model.camera[1])
        if not self._clear_of_widgets(canvas):
            return False
        self._release()
        self.send("down", canvas)
        self.send("up", canvas)
        return True

    def _go(self, dx, dy):
        """Head along (dx, dy): held keys, or a finger held that way off the spider."""
        if not self.pointer_only:
            self._release()
            keys = []
            if abs(dx) > 0.38 * hypot(dx, dy):
                keys.append("right" if dx > 0 else "left")
            if abs(dy) > 0.38 * hypot(dx, dy):
                keys.append("down" if dy > 0 else "up")
            self.hold_keys(keys)
            return
        length = hypot(dx, dy) or 1.0
        sx, sy = self.model.spider.position
        self._hold((sx + dx / length * 120, sy + dy / length * 120))

    def _stop(self):
        self.hold_keys(())
        self._release()

    def act(self):
        """Decide this frame's input (call before each step)."""
        self.frame_act()
        self.frame += 1

    def frame_act(self):
        model = self.model
        spider = model.spider
        self.cooldown = max(0, self.cooldown - 1)
        if model.game_over:
            self._stop()
            return
        sx, sy = spider.position
        if spider.state == "falling":
            self._stop()
            self.falling_for += 1
            if self.cooldown == 0 and self.falling_for > self.rescue_delay:
                self._shoot_up(sx, sy)
            return
        self.falling_for = 0
        threats = [e for e in model.swarm.enemies if e.state == "caught"
                   and hypot(e.position[0] - sx, e.position[1] - sy) < self.DANGER]
        if threats:
            self._go(sum(sx - e.position[0] for e in threats),
                     sum(sy - e.position[1] for e in threats))
            return
        flyers = [e for e in model.swarm.enemies if e.state == "moving"
                  and hypot(e.x - sx, e.y - sy) < self.WATCH]
        if flyers and self.cooldown == 0 and model.silk > 40:
            bug = min(flyers, key=lambda e: hypot(e.x - sx, e.y - sy))
            self._block(bug, sx, sy)
        corpses = [e for e in model.swarm.enemies if e.state == "dead"]
        if corpses:
            self.hold_keys(())
            target = min(corpses, key=lambda e: hypot(e.position[0] - sx, e.position[1] - sy))
            self._hold(target.position)
            return
        if self.roam is not None:
            if self.frame >= self.next_roam:
                self.next_roam = self.frame + self.ROAM_FRAMES
                self.home = (self.roam.uniform(0.0, WORLD[0]), self.roam.uniform(0.0, WORLD[1]))
            self.hold_keys(())
            self._hold(self.home)  # crawl toward the web point nearest the place
            return
        hub = self.HUB
        if hypot(hub[0] - sx, hub[1] - sy) > 140:
            self._go(hub[0] - sx, hub[1] - sy)
        else:
            self._stop()

    def _block(self, bug, sx, sy):
        """Shoot silk at the bug (fresh silk lures it), or just beside it if that fails."""
        angle = atan2(bug.y - sy, bug.x - sx)
        for turn in (0.0, pi / 8, -pi / 8, pi / 4, -pi / 4):
            aim = (sx + cos(angle + turn) * 200, sy + sin(angle + turn) * 200)
            plan = self.model.preview_shot(aim)
            if plan is not None and plan.ok and self._tap(aim):
                self.cooldown = 30
                return

    def _shoot_up(self, sx, sy):
        for turn in (0.0, 0.5, -0.5, 1.0, -1.0):
            angle = -pi / 2 + turn
            aim = (sx + cos(angle) * 200, sy + sin(angle) * 200)
            if self.model.preview_shot(aim) is not None and self._tap(aim):
                self.cooldown = 20
                return


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
    """A roaming bot (late rescues, like a person) plays `frames` frames through a Simulation,
    restarting after each game over; returns what the long-game checks look at.

    outside      frames the spider's centre was not inside the view
    closest_edge the smallest distance of the spider's centre inside the view's edge, px
    spawns       bugs spawned in each whole minute of play (a game over's frames included)
    below        frames the spider spent below the world's floor
    games        games played
    """
    from scenes.kit.model.simulation import Simulation

    sim = Simulation("spider", SpiderModel, PARAMS, SIZE, seed=seed)
    bot = Bot(None, send=sim.input, model_of=lambda: sim.model, rescue_delay=rescue_delay,
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
