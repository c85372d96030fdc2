"""The spider game's scripted players for the tests and the survival benchmark: `Bot`, a careful
player, and `RandomPlayer`, a newcomer who presses anything.

The bot plays through the model's public input only (keys and pointer events in canvas pixels,
exactly what the scene would send), looking at the observable state to decide, like a person
watching the screen: it backs away from struggling bugs, steps behind a thread when a bug has a
clear line to it, crawls to corpses to collect them, patches the web with silk, and shoots to
hang on when it falls. Both are deterministic: their only randomness comes from their own
seeded generators.
"""

import random
from math import atan2, cos, hypot, pi, sin

from scenes.kit.model.script import ScriptedPlayer
from scenes.spider.model import WORLD

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


class RandomPlayer(ScriptedPlayer):
    """A new player who does not know the game yet: every 20-60 frames it holds a random
    arrow-key mix, taps a random place on the canvas (a shot), holds the pointer somewhere (a
    crawl) or lets go of everything. Keys that restart, fold the hint or still the sky are
    never pressed; its only randomness is its own seeded generator."""

    ARROWS = ("left", "right", "up", "down")

    def __init__(self, send, seed):
        super().__init__(send)
        self.rng = random.Random(f"random-player:{seed}")
        self.wait = 0
        self.holding = None

    def act(self):
        self.frame += 1
        self.wait -= 1
        if self.wait > 0:
            return
        rng = self.rng
        self.wait = rng.randint(20, 60)
        if self.holding is not None:
            self.send("up", self.holding)
            self.holding = None
        choice = rng.random()
        point = (rng.uniform(10.0, 950.0), rng.uniform(70.0, 530.0))
        if choice < 0.35:
            self.hold_keys(rng.sample(self.ARROWS, rng.randint(1, 2)))
        elif choice < 0.65:
            self.hold_keys(())
            self.send("down", point)
            self.send("up", point)
        elif choice < 0.85:
            self.hold_keys(())
            self.send("down", point)
            self.holding = point
        else:
            self.hold_keys(())
