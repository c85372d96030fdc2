"""The recorded busy spider game: a deterministic player, and the events it leaves.

`python -m benchmarks.record_spider` lets `BusyPlayer` play GAME_FRAMES frames (three minutes)
of the spider game at seed SEED and the default parameters, and writes what it pressed to
benchmarks/data/spider_busy.json in the headless contract's events format (scenes.kit.model.script), so

    python main.py --headless --scene spider --seed 0 --frames 10800 \
        --input benchmarks/data/spider_busy.json --state end.json

replays the same game: the woven web of 255 threads grown to about 330 with ~190 knots, after
well over a hundred shots, some fifty bugs caught and threads cut by cutters (the command prints
the recorded game's figures). 330 is the upkeep's budget (`upkeep.BUDGET`): past it the
oldest idle silk is taken in, and the silk gland refills too slowly to outpace that, so an
active player holds the web there rather than at the ~340 the issue guessed. The benchmarks
replay it to time a busy frame, natively and in Pyodide (where the events go straight to the
model through `scenes.kit.model.run`).

The player is active the whole time: it shoots silk at flying bugs (fresh silk lures them),
spins new threads across the web whenever it has silk to spare, crawls to corpses to collect
them, backs away from struggling bugs, wanders the world and shoots to hang on when it falls.
It plays through the model's public input only, and only with inputs that reach the model the
same way through the scene as through a bare `Run`: arrow keys, and pointer presses below
the canvas's top band of buttons. Its only randomness is its own seeded generator; the
recorder keeps the first player seed (0, 1, ...) whose spider is still playing at the end on a
busy web (`record_busy`). After a change to the spider game the old recording may play out
differently (tests/benchmarks/test_busy_recording.py says so): record it again.
"""

import argparse
import json
import random
import sys
from math import atan2, cos, hypot, pi, sin
from pathlib import Path

from scenes.kit.model.script import ScriptedPlayer
from scenes.kit.model.run import inputs_to

SEED = 0
"""The game's seed (main.py's default): replay with `--seed 0`."""
GAME_FRAMES = 10_800
"""Three minutes at 60 frames a second."""
RECORDING = Path(__file__).resolve().parent / "data" / "spider_busy.json"
SIZE = (960, 540)
"""The spider scene's canvas, px."""
PLAY_FIELD = (10.0, 80.0, 950.0, 530.0)
"""Canvas box the player's pointer stays in (left, top, right, bottom): clear of the buttons
along the top, so every press reaches the model whichever way the events are replayed."""


class BusyPlayer(ScriptedPlayer):
    """Decides each frame's input for a SpiderModel, like a busy person watching the screen.

    model_of   function returning the model now (a restart would make a new one)
    send       function(kind, value) delivering one input
    seed       seed of the player's own generator (where it wanders and weaves)

    `log` collects every input as an events-file entry for the frame it was sent in (pointer
    positions rounded to 2 decimals, as the recording was made).
    """

    DIGITS = 2

    DANGER = 150.0
    """Back away from struggling bugs closer than this, px."""
    WATCH = 280.0
    """Shoot at flying bugs closer than this, px."""
    WEAVE_SILK = 30.0
    """Spin a spare thread only with at least this much silk left (bugs come first)."""
    WEAVE_EVERY = 30
    """Frames between spare threads."""
    WANDER_EVERY = 420
    """Frames between picking a new place of the world to crawl toward."""

    def __init__(self, model_of, send, seed=SEED):
        super().__init__(send)
        self.model_of = model_of
        self.rng = random.Random(f"busy-player:{seed}")
        self.holding = None
        self.cooldown = 0
        self.next_weave = 120
        self.next_wander = 0
        self.place = (900.0, 540.0)

    def _canvas(self, world):
        camera = self.model_of().camera
        return (world[0] - camera[0], world[1] - camera[1])

    @staticmethod
    def _in_field(canvas):
        left, top, right, bottom = PLAY_FIELD
        return left <= canvas[0] <= right and top <= canvas[1] <= bottom

    def _release(self):
        if self.holding is not None:
            self.send("up", self.holding)
            self.holding = None

    def _hold(self, world):
        """Crawl toward a world point: a press held (and slid) there, kept inside the field."""
        left, top, right, bottom = PLAY_FIELD
        x, y = self._canvas(world)
        canvas = (min(right, max(left, x)), min(bottom, max(top, y)))
        self.hold_keys(())
        if self.holding is None:
            self.send("down", canvas)
        elif hypot(canvas[0] - self.holding[0], canvas[1] - self.holding[1]) > 6.0:
            self.send("move", canvas)
        else:
            return
        self.holding = canvas

    def _tap(self, world):
        """Shoot toward a world point if the model says the shot would work there."""
        canvas = self._canvas(world)
        plan = self.model_of().preview_shot(world)
        if plan is None or not plan.ok or not self._in_field(canvas):
            return False
        self.hold_keys(())
        self._release()
        self.send("down", canvas)
        self.send("up", canvas)
        return True

    def _go(self, dx, dy):
        """Ride along (dx, dy) with the arrow keys."""
        self._release()
        length = hypot(dx, dy) or 1.0
        keys = []
        if abs(dx) > 0.38 * length:
            keys.append("right" if dx > 0 else "left")
        if abs(dy) > 0.38 * length:
            keys.append("down" if dy > 0 else "up")
        self.hold_keys(keys)

    # --- deciding ---------------------------------------------------------------------------
    def act(self):
        """This frame's input (call before each step)."""
        self._decide()
        self.frame += 1

    def _decide(self):
        model = self.model_of()
        spider = model.spider
        self.cooldown = max(0, self.cooldown - 1)
        if model.game_over:
            self.hold_keys(())
            self._release()
            return
        sx, sy = spider.position
        if spider.state == "falling":
            if self.cooldown == 0 and self._shoot_around((sx, sy), -pi / 2, 220.0):
                self.cooldown = 15
            return
        enemies = model.swarm.enemies
        threats = [e for e in enemies if e.state == "caught"
                   and hypot(e.position[0] - sx, e.position[1] - sy) < self.DANGER]
        if threats:
            self._go(sum(sx - e.position[0] for e in threats),
                     sum(sy - e.position[1] for e in threats))
            return
        flyers = [e for e in enemies
                  if e.state == "moving" and hypot(e.x - sx, e.y - sy) < self.WATCH]
        if flyers and self.cooldown == 0 and model.silk > 25:
            bug = min(flyers, key=lambda e: hypot(e.x - sx, e.y - sy))
            if self._shoot_around((sx, sy), atan2(bug.y - sy, bug.x - sx), 220.0):
                self.cooldown = 24
                return
        corpses = [e for e in enemies if e.state == "dead"]
        if corpses:
            target = min(corpses, key=lambda e: hypot(e.position[0] - sx, e.position[1] - sy))
            self._hold(target.position)
            return
        if self.frame >= self.next_weave and self.cooldown == 0 and model.silk > self.WEAVE_SILK:
            self.next_weave = self.frame + self.WEAVE_EVERY
            angle = self.rng.uniform(-pi, pi)
            if self._shoot_around((sx, sy), angle, self.rng.uniform(140.0, 300.0)):
                self.cooldown = 12
                return
        if self.frame >= self.next_wander:
            self.next_wander = self.frame + self.WANDER_EVERY
            # wander mostly around the middle of the world, where the web is
            self.place = (self.rng.uniform(300.0, 1500.0), self.rng.uniform(200.0, 900.0))
        self._hold(self.place)

    def _shoot_around(self, origin, angle, reach):
        """Shoot toward `angle` from `origin`, or a little to either side; True when shot."""
        for turn in (0.0, pi / 8, -pi / 8, pi / 4, -pi / 4, pi / 2, -pi / 2):
            aim = (origin[0] + cos(angle + turn) * reach, origin[1] + sin(angle + turn) * reach)
            if self._tap(aim):
                return True
        return False


def new_simulation(seed=SEED):
    """The spider game as a bare Run (no pygame), at its defaults."""
    from scenes.kit.model.run import Run
    from scenes.spider.model import PARAMS, SpiderModel

    return Run("spider", SpiderModel, PARAMS, SIZE, seed=seed)


PLAYER_SEEDS = range(12)
"""Player seeds `record_busy` tries, in order."""
BUSY_THREADS = 300
"""A game counts as busy when it ends with at least this many threads (the woven web has 255)."""


def record(frames=GAME_FRAMES, seed=SEED, player_seed=SEED):
    """Play `frames` frames of game `seed`; return (events, the simulation at the end)."""
    sim = new_simulation(seed)
    player = BusyPlayer(lambda: sim.model, inputs_to(sim), player_seed)
    for _ in range(frames):
        player.act()
        sim.step()
    return player.log, sim


def busy_enough(sim):
    """The spider still playing at the end, on a web of at least BUSY_THREADS threads."""
    model = sim.model
    return not model.game_over and sim.restarts == 0 and len(model.web.threads) >= BUSY_THREADS


def record_busy(frames=GAME_FRAMES, seed=SEED):
    """The first player seed whose game stays busy to the end: (player seed, events, sim).

    The bot plays well but not perfectly, and a small change to the game (a rule, the order of
    a sum) sends the same play elsewhere: trying the player's seeds in a fixed order keeps
    the recording deterministic and keeps the spider alive for the benchmarks' timed part.
    Returns the last one tried when none stays busy."""
    for player_seed in PLAYER_SEEDS:
        events, sim = record(frames, seed, player_seed)
        print(f"player seed {player_seed}: {describe(sim)}", flush=True)
        if busy_enough(sim):
            break
    return player_seed, events, sim


def replay(entries, frames=GAME_FRAMES, seed=SEED, until=None):
    """A fresh simulation fed `entries` (validated events) for `frames` frames; `until` stops
    earlier, before that frame (the benchmarks fast-forward to the part they time)."""
    from scenes.kit.model.script import play

    sim = new_simulation(seed)
    play(sim, entries, frames if until is None else until)
    return sim


def load(path=RECORDING):
    """The recorded events, validated (scenes.kit.model.script.ScriptError when unusable)."""
    from scenes.kit.model.script import load_script

    return load_script(str(path))


def describe(sim):
    model = sim.model
    counts = model.counts
    return (f"frame {sim.frame}: {len(model.web.threads)} threads, {len(model.web.knots)} knots, "
            f"score {model.score}, hp {model.hp}, game over {model.game_over}, shots "
            f"{counts['shots']}, caught {counts['caught']}, collected {counts['collected']}, "
            f"cuts {counts['cuts']}, restarts {sim.restarts}")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m benchmarks.record_spider", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=str(RECORDING), help="where to write the events")
    parser.add_argument("--frames", type=int, default=GAME_FRAMES, help="frames to play")
    options = parser.parse_args(argv)
    if options.frames < 1:
        print("record_spider: --frames must be at least 1", file=sys.stderr)
        return 2
    player_seed, events, played = record_busy(options.frames)
    if not busy_enough(played):
        print(f"record_spider: no player seed in {PLAYER_SEEDS} kept the game busy to frame "
              f"{options.frames}; writing the last one", file=sys.stderr)
    out = Path(options.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    text = "[\n" + ",\n".join(json.dumps(e, separators=(",", ":")) for e in events) + "\n]\n"
    out.write_text(text, encoding="utf-8")
    print(f"played  {describe(played)}")
    again = replay(load(out), options.frames)
    print(f"replay  {describe(again)}")
    same = again.state() == played.state()
    print(f"player seed {player_seed}: {len(events)} events, {out.stat().st_size:,} bytes in "
          f"{out}; replay gives the same state: {'yes' if same else 'NO'}")
    return 0 if same and busy_enough(again) else 1


if __name__ == "__main__":
    sys.exit(main())
