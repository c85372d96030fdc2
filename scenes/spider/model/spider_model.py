"""The spider-web game (S1-S13): `SpiderModel`, the model the scene, the tests and Pyodide drive.

`SpiderModel` follows the model protocol of `scenes.kit.model.run` and ties the pure parts together:
the web (`web`, `weave`, `upkeep`), the spider (`spider`), the bugs (`enemies`, `director`), the
sky (`sky`), plus the rules that belong to the game as a whole: HP, score, silk, the camera, the
pointer scheme and game over. Reduced motion (`calm`) opens a still sky (no meteors, no
twinkling) until M. Moments: "caught", "eaten", "game-over" (with the score), "hurt" and
"hungry" (the HP).

A spider must eat: HUNGER_AFTER frames after its last meal (or the start) it is hungry, and
from then on it loses one HP every HUNGER_EVERY frames until it collects a corpse; at 0 HP
it has starved. So sitting still, which the bugs rarely reach through a woven web, is no way
to last: an idle spider starves within about 75 s.

The controls (keys, and one pointer that taps to shoot and holds to crawl) are in `controls`.
Pointer positions are canvas pixels; world = canvas + camera, the camera being the world
position of the canvas's top-left corner. The world's edges (`bounds`) keep the web: a knot that
hangs on an anchor never leaves them (`web`), so neither does the riding spider; a falling
spider can hang on while it is within RESCUE_REACH of them (`hang_on`), and its fall ends
once it is not.
Pure Python: no pygame.
"""

import random

from scenes.kit.model.measures import Measure, worst_stretch
from scenes.kit.model.params import Param, ParamTable, downward
from scenes.kit.model.prepare import BuiltInStages

from .camera import camera_target, follow
from .controls import Controls
from .director import Director, pressure
from .enemies import COLLECT_RADIUS, Swarm
from .route import Crawl
from .rules import GameRules
from .sky import Sky
from .shots import MAX_THREADS, SHOT_COST, SHOT_COST_PER_PX, SILK_TENSION  # noqa: F401
from .shots import RESCUE_COST, cost, refusal, spin
from .spider import RESCUE_REACH, Spider, outside_by, plan_shot, steer
from .upkeep import drop_fallen, mark_busy, recycle, tidy
from .weave import weave_orb
from .web import YIELD_STRETCH, Web

HELP = "the Verlet spider-web game: ride the web, shoot silk, trap the bugs"
WAKE = "web.sleep.wake_all"
"""What follows any slider: the whole web moves again, to come to rest where the change puts it."""
PARAMS = ParamTable(
    # The sliders of S12: iterations (the web's stiffness) and gravity drive the web's physics
    # (S1), catch_force the catch (S5), relax_force the straightening of a corpse's thread
    # (S13). Defaults and ranges are chosen so each slider shows at the others' defaults:
    # gravity from 0 to its top lowers the web's free knots ~24 px on average after 5 s at 4
    # iterations, and 1 against 40 iterations differs by ~19 px at gravity 0.3, while the web
    # at the defaults still hangs as a taut orb (its hub ~4 px below where it was spun).
    Param("iterations", 4, 1, 40, "web stiffness: distance-constraint passes per frame; "
          "more passes, tauter silk", integer=True, sets="web.world.iterations", then=WAKE),
    Param("gravity", 0.3, 0.0, 1.5, "downward pull on the web, px per frame squared: "
          "more and the web sags", sets="web.world.gravity", to=downward, then=WAKE),
    Param("catch_force", 0.5, 0.0, 2.0,
          "how hard a caught bug pulls its thread along its flight, px per frame squared",
          sets="swarm.catch_force", then=WAKE),
    Param("relax_force", 0.05, 0.0, 0.5,
          "share of the way a corpse's knot moves to its neighbours' midpoint each frame",
          sets="swarm.relax_force", then=WAKE),
    aliases={"stiffness": "iterations"},  # its name until the knob got one name in every demo
)

WORLD = (1800.0, 1100.0)
"""The world is bigger than the canvas; the camera follows the spider (S2), px."""
WEB_CENTER = (900.0, 540.0)
"""Hub of the woven web, world px."""
WEB_RADIUS = 440.0
"""Distance from the hub to the frame's anchors (before jitter), px."""
HP_MAX = 10
"""HP at the start; a collected corpse heals up to this (S7, S8)."""
HEAL = 1
"""HP a collected corpse gives back (S7)."""
HUNGER_AFTER = 25 * 60
"""Frames after its last meal (or the game's start) at which the spider grows hungry."""
HUNGER_EVERY = 5 * 60
"""A hungry spider loses one HP this often, frames, until it eats."""
HURT_COOLDOWN = 60
"""Frames after a hurt during which the spider cannot be hurt again (it blinks): one hurt per
cooldown, whatever its source (the swarm reports a frame's worst bite or drag, never the sum)."""
SILK_MAX = 100.0
"""A full silk gland: about four full-length shots (S3, S9)."""
SILK_REFILL = 0.16
"""Silk regained per frame (about 10 a second)."""
SPIDER_WEIGHT = 0.8
"""The spider pulls on its thread like this many times a knot's gravity (at the default gravity,
0.24 px per frame squared: what it pulled before the sliders were retuned)."""
SETTLE_FRAMES = 120
"""Frames the new web hangs under gravity and the spider's weight before play starts, so a
game opens on a web at rest rather than one still dropping into its sag (about 2 s of physics,
a few tens of ms of work)."""
TIDY_EVERY = 30
"""Frames between rounds of web upkeep (`upkeep.tidy`)."""
RECYCLE_PER_ROUND = 3
"""Old silk threads taken in at most per round of upkeep while over the budget."""
FEEDBACK_FRAMES = 40
"""How long the view shows a shot's result or a hurt."""
STILL_SKY_KEY = "m"
"""Starts and stops the sky's motion (meteors, twinkling): reduced motion opens it still."""


class SpiderModel(BuiltInStages):
    """The whole game state; see the module docstring."""

    restart_rule = GameRules
    """Mid-game `R` asks first, in the scene and in every pure run alike (`rules`)."""
    moves_by_itself = True
    """Its meteors and stars move by themselves: built `calm` under reduced motion."""
    max_point_move = 45.0
    """The most any simulated point (`points()`: knots, the spider, bugs) moves in one frame,
    whatever the input, px. The sum of the worst cases: a knot moves at most `edges.KNOT_SPEED` (20,
    the web's speed limit; 20.4 when drawn back in at the world's edge, LIFT 4 across it); the
    riding spider moves with its thread (20.4) plus its ride (2.6), a step onto the knot it
    shoots from (5) and onto the strand left when its thread is cut under it (5): 33; falling,
    at most MAX_FALL_SPEED (22); a bug flies at most 2.55, and when caught it is drawn onto its
    knot, which lies within 23.6 of where it flew from (its radius 6, a knot snapped 5 along
    the thread, or 10 in from an anchor it hit) and moves 20.4 more in that frame: 44."""

    def _construct(self, size, values, rng, calm=False):
        self.size = tuple(size)
        self.rng = rng
        self.web = Web(values["gravity"], values["iterations"], bounds=(0.0, 0.0) + WORLD)
        _, _, rows = weave_orb(self.web, WEB_CENTER, WEB_RADIUS, rng)
        start = rows[0][1].threads[0]  # a spiral thread near the hub
        self.spider = Spider(start, 0.5)
        self.web.riders.append(self.spider)
        self.web.sleep.enabled = False  # it settles awake: with sleeping off, the old game
        for _ in range(SETTLE_FRAMES):
            self._load_web()
            self.web.step()
            yield
        self.web.sleep.enabled = True
        self.spider.sync()
        self.spider.vx = self.spider.vy = 0.0
        self.swarm = Swarm(values["catch_force"], values["relax_force"])
        self.director = Director()
        self.sky = Sky(self.size, random.Random(rng.getrandbits(64)), still=calm)
        self.moments = []
        self.hp = HP_MAX
        self.score = 0
        self.silk = SILK_MAX
        self.frame = 0
        self.fed = 0  # the frame of the spider's last meal
        self.game_over = False
        self.cause = None  # "bitten" | "fell" | "starved" once the game is over
        self.hurt_cooldown = 0
        self.controls = Controls()
        self.crawl = Crawl()  # a held finger's way along the threads
        self.camera = self._camera_target()
        self.last_shot = None  # (frame, ShotPlan or None, reason) for the view's feedback
        self.last_hurt = -FEEDBACK_FRAMES
        self.counts = {"caught": 0, "collected": 0, "cuts": 0, "bites": 0, "shots": 0,
                       "failed_shots": 0, "rescues": 0}
        self.first_cutter = None
        self._support_version = self.web.version
        # the game's part of every frame of the web's world, now that the web has settled
        self.web.world.on("before_integrate", self._open_frame,
                          before=("web.count_frame", "web.drop_loose"))
        self.web.world.on("after_solve", self._close_frame, after="web.keep_in_step")

    # --- protocol ---------------------------------------------------------------------------
    def input(self, kind, value):
        if kind == "key_down" and value == STILL_SKY_KEY:
            self.sky.still = not self.sky.still
            return
        target = self.controls.handle(kind, value, self.to_world)
        if kind == "up":
            self.spider.forget_route()  # the finger let go: the crawl ends
        if target is not None:
            self.shoot(target)

    @property
    def world(self):
        """The web's world: its frame is the game's (`step`)."""
        return self.web.world

    @property
    def press(self):
        return self.controls.press

    @property
    def pointer(self):
        return self.controls.pointer

    def step(self):
        """One frame of the web's world; its hooks do the game's (`_open_frame`, `_close_frame`)."""
        self.web.step()

    def _open_frame(self):
        """Before the integration: silk, the spider's move, the bugs, the load on the web."""
        if not self.game_over:
            self.frame += 1
            self.silk = min(SILK_MAX, self.silk + SILK_REFILL)
            self.hurt_cooldown = max(0, self.hurt_cooldown - 1)
            self._starve()
            self._move_spider()
            self._spawn()
        events = self.swarm.step(self.web, self.spider, self.rng)
        self._count(events)
        if events["caught"]:
            self.moments.append(("caught", {"score": self.score}))
        if events["damage"] and not self.game_over:
            self.hurt(events["damage"])
        for enemy in self.swarm.enemies:  # a struggling bug's knot never sleeps
            if enemy.state == "caught":
                self.web.sleep.wake_around(enemy.knot)
        self._load_web()

    def _close_frame(self):
        """After the solve: the fallen go, the spider follows, tidying, camera and sky."""
        drop_fallen(self.web, WORLD[1])
        self._after_physics()
        if self.web.frame % TIDY_EVERY == 0:
            busy = self._busy()
            for _ in range(RECYCLE_PER_ROUND):
                if recycle(self.web, busy, self._supported) is None:
                    break
            tidy(self.web, WORLD[1], busy)
        self._follow_camera()
        self.sky.step()

    def measures(self):
        """The web's worst strain against the stretch where silk yields, and the HP."""
        return [Measure("strain", "변형 strain", worst_stretch(self.web.threads), YIELD_STRETCH,
                        "늘어남 yield", 0.9, YIELD_STRETCH * 1.1, satisfied=1.0),
                Measure("hp", "체력 HP", self.hp, None, "", 0.0, HP_MAX)]

    def observe(self):
        index = self.web.index()
        spider = self.spider
        edge = None
        if spider.thread is not None:
            edge = [index[id(spider.thread.a)], index[id(spider.thread.b)]]
        return {
            "nodes": [[k.x, k.y, k.pinned] for k in self.web.knots],
            "edges": [[index[id(t.a)], index[id(t.b)], t.rest] for t in self.web.threads],
            "spider": {"pos": [spider.x, spider.y], "edge": edge,
                       "t": spider.t if edge is not None else None,
                       "state": spider.state, "facing": spider.facing},
            "hp": self.hp,
            "hp_max": HP_MAX,
            "hungry": self.hungry,
            "score": self.score,
            "silk": round(self.silk, 3),
            "silk_max": SILK_MAX,
            "enemies": [{"kind": e.kind, "state": e.state, "pos": list(e.position)}
                        for e in self.swarm.enemies],
            "game_over": self.game_over,
            "camera": list(self.camera),
            "pressure": round(pressure(self.frame), 4),
            "counts": dict(self.counts),
        }

    # --- the spider ---------------------------------------------------------------------------
    def to_world(self, canvas):
        return (canvas[0] + self.camera[0], canvas[1] + self.camera[1])

    def _move_spider(self):
        spider = self.spider
        self.controls.tick()
        if not spider.riding or spider.thread is None:
            return
        before = spider.thread.point(spider.t)
        direction = self.controls.direction()
        goal = self.controls.crawl_goal()
        if direction is not None:
            spider.forget_route()
            steer(spider, direction)
        elif goal is not None:
            self.crawl.step(self.web, spider, goal, self.frame)
        after = spider.thread.point(spider.t)
        spider.face(after[0] - before[0], after[1] - before[1])

    _load_at = None  # (thread, t) the spider's weight was on last frame, None when off the web

    def _load_web(self):
        """The spider's weight on its thread's two knots, shared by where it stands.

        A sleeping knot came to rest under that weight, so it takes none; when the weight moves
        (the spider crawls, changes thread or lets go) the knots under it wake.
        """
        spider = self.spider
        riding = spider.riding and spider.thread is not None
        at = (spider.thread, spider.t) if riding else None
        if at != self._load_at:
            for held in (self._load_at, at):
                if held is not None:
                    self.web.sleep.wake_around(held[0].a)
                    self.web.sleep.wake_around(held[0].b)
            self._load_at = at
        if riding:
            load = self.web.gravity * SPIDER_WEIGHT
            a, b = spider.thread.a, spider.thread.b
            if not a.pinned and not a.asleep:
                a.y += load * (1.0 - spider.t)
            if not b.pinned and not b.asleep:
                b.y += load * spider.t

    def _after_physics(self):
        spider = self.spider
        if spider.riding:
            if spider.thread is None or self._lost_support():
                spider.let_go()
            else:
                spider.sync()
                taken = self.swarm.collect_near(spider.position, COLLECT_RADIUS)
                if taken:
                    self.score += taken
                    self.moments.append(("eaten", {"score": self.score}))
                    self.hp = min(HP_MAX, self.hp + HEAL * taken)
                    self.counts["collected"] += taken
                    self.fed = self.frame
        elif spider.state == "falling":
            if spider.fall() or self.hang_on() == "out of reach":
                self._end("fell")

    def _supported(self):
        """Whether the spider still hangs on an anchor (a falling or dead spider counts as yes)."""
        spider = self.spider
        return not spider.riding or (spider.thread is not None
                                     and self.web.reaches_anchor(spider.thread.a))

    def _lost_support(self):
        if self._support_version == self.web.version:
            return False
        self._support_version = self.web.version
        return not self.web.reaches_anchor(self.spider.thread.a)

    def hurt(self, amount):
        """Take damage unless just hurt; at 0 HP the game is over (S8)."""
        if self.hurt_cooldown > 0 or self.spider.state != "riding":
            return
        self.hp = max(0, self.hp - amount)
        self.hurt_cooldown = HURT_COOLDOWN
        self.last_hurt = self.frame
        self.moments.append(("hurt", {"hp": self.hp}))
        if self.hp == 0:
            self._end("bitten")

    @property
    def hungry(self):
        """Whether the spider has gone HUNGER_AFTER frames without a meal (it weakens)."""
        return self.frame - self.fed >= HUNGER_AFTER

    def _starve(self):
        """A hungry spider loses one HP every HUNGER_EVERY frames; at 0 it has starved."""
        hungry_for = self.frame - self.fed - HUNGER_AFTER
        if hungry_for <= 0 or hungry_for % HUNGER_EVERY:
            return
        self.hp = max(0, self.hp - 1)
        self.moments.append(("hungry", {"hp": self.hp}))
        if self.hp == 0:
            self._end("starved")

    def _end(self, cause):
        self.spider.state = "dead"
        self.spider.forget_route()
        self.game_over = True
        self.cause = cause
        self.controls.press = None
        self.moments.append(("game-over", {"score": self.score, "cause": cause}))

    # --- silk -----------------------------------------------------------------------------------
    def bounds(self):
        """(left, top, right, bottom) of the world (shots stay inside it)."""
        return (0.0, 0.0, WORLD[0], WORLD[1])

    def points(self):
        """(x, y) of every simulated point: the knots, the spider and every bug."""
        found = [(k.x, k.y) for k in self.web.knots]
        found.append(self.spider.position)
        found.extend(e.position for e in self.swarm.enemies)
        return found

    def points_by_key(self):
        """The points of `points()` as {key: (x, y)}, each keyed by what it is (the knot, the
        spider, the bug itself, compared by identity), so a point can be followed from frame
        to frame while the list's order and length change: threads shot and cut add and drop
        knots, and a caught bug and a spider on a knot stand exactly where a knot does."""
        found = {knot: (knot.x, knot.y) for knot in self.web.knots}
        found[self.spider] = self.spider.position
        found.update((enemy, enemy.position) for enemy in self.swarm.enemies)
        return found

    def hang_on(self):
        """Whether a falling spider can still shoot and hang on (S9): "" when some shot would
        hold now, else why not: "out of reach" (farther than RESCUE_REACH outside the world,
        which ends the fall) or "out of silk" (less than a full-length shot's RESCUE_COST; a
        short shot at a thread close by may still hold). The view offers the rescue only
        when this says "". Not falling: "not falling"."""
        if self.spider.state != "falling":
            return "not falling"
        if outside_by(self.spider.position, self.bounds()) > RESCUE_REACH:
            return "out of reach"
        if self.silk < RESCUE_COST:
            return "out of silk"
        return ""

    def preview_shot(self, world_point):
        """What a shot at `world_point` would do now (for the overlay); changes nothing."""
        if self.spider.state == "dead":
            return None
        return plan_shot(self.web, self.spider, world_point, self.bounds())

    def shoot(self, world_point):
        """Shoot silk toward a world point (S3, `shots`); returns True when a thread was spun."""
        spider = self.spider
        if spider.state == "dead" or self.game_over:
            return False
        plan = plan_shot(self.web, spider, world_point, self.bounds())
        reason = refusal(self, plan) if plan.ok else plan.reason
        if reason:
            self.last_shot = (self.frame, plan, reason)
            self.counts["failed_shots"] += 1
            return False
        rescued = spider.state == "falling"
        if spin(self.web, spider, plan) is None:
            return False
        self.silk -= cost(plan)
        self.last_shot = (self.frame, plan, "")
        self.counts["shots"] += 1
        self.counts["rescues"] += rescued
        return True

    # --- bugs and upkeep --------------------------------------------------------------------
    def _spawn(self):
        view = (self.camera[0], self.camera[1],
                self.camera[0] + self.size[0], self.camera[1] + self.size[1])
        bug = self.director.step(self.frame, self.swarm, self.web, self.spider, view, self.rng)
        if bug is not None and bug.kind == "cutter" and self.first_cutter is None:
            self.first_cutter = self.frame  # the view explains cutters when the first one comes

    def _count(self, events):
        for key in ("caught", "cuts", "bites"):
            self.counts[key] += events[key]

    def _busy(self):
        busy = list(self.spider.knots_held()) + self.swarm.busy_knots()
        if self.spider.goal is not None:
            busy.extend((self.spider.goal[0].a, self.spider.goal[0].b))
        mark_busy(self.web, busy)
        return busy

    # --- camera (see `camera`: it never loses the spider) ------------------------------------
    def _camera_target(self):
        return camera_target(self.spider.position, self.spider.state, self.size, WORLD)

    def _follow_camera(self):
        self.camera = follow(self.camera, self._camera_target(), self.spider.position, self.size)
