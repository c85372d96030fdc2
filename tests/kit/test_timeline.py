"""A run's way back: going to any of its last 600 frames and playing on gives the run itself.

Bit for bit means the whole run compares equal, walked as a graph (`fingerprint`): every
attribute of every object the model holds (positions, previous positions, the random generator's
state, the scene's own state) with floats compared by their bits, which objects are shared,
and the run's counters and parameter values. (Pickled bytes are no such measure: pickle
writes a string or tuple once per object, so equal runs built different ways differ in bytes.)
"""

import gc
import random
import struct
from math import ceil

import pytest

from scenes.bridge import model as bridge
from scenes.cloth import model as cloth
from scenes.flag import model as flag
from scenes.hair import model as hair
from scenes.kit.model.keyframes import (DENSE, KEEP, MIN_SPACING, RECORDING_MOST, SHARE,
                                        balanced_spacing)
from scenes.kit.model.run import Run, record
from verlet.compact import slot_names
from scenes.rope import model as rope
from scenes.spider import model as spider
from scenes.takopi import model as takopi

SIZE = (960, 540)
MODELS = {"rope": (rope.RopeModel, rope.PARAMS), "takopi": (takopi.TakopiModel, takopi.PARAMS),
          "flag": (flag.FlagModel, flag.PARAMS), "bridge": (bridge.BridgeModel, bridge.PARAMS),
          "cloth": (cloth.ClothModel, cloth.PARAMS), "hair": (hair.HairModel, hair.PARAMS),
          "spider": (spider.SpiderModel, spider.PARAMS)}
"""Every demo."""
RESTORES = sorted(MODELS)
"""Every demo comes back as itself from a keyframe."""


def simulation(name, seed=3, **rewind):
    model_class, params = MODELS[name]
    return Run(name, model_class, params, SIZE, seed=seed, **rewind)


def fingerprint(sim):
    """The run as a flat list of tokens: equal lists, the same run to the bit."""
    return walk((sim.model, sim.frame, sim.restarts, sim.values, sim.rules, sim.model.observe()))


def walk(root):
    tokens, seen, stack, alive = [], {}, [root], []
    while stack:
        obj = stack.pop()
        if obj is None or isinstance(obj, (bool, int, str, bytes)):
            tokens.append((type(obj).__name__, obj))
            continue
        if isinstance(obj, float):
            tokens.append(("float", struct.pack("<d", obj)))
            continue
        if id(obj) in seen:  # shared: name the first visit
            tokens.append(("same", seen[id(obj)]))
            continue
        seen[id(obj)] = len(seen)
        alive.append(obj)  # an id stays this object's while the walk runs
        if isinstance(obj, random.Random):
            tokens.append(("rng", obj.getstate()))
        elif isinstance(obj, (list, tuple)):
            tokens.append((type(obj).__name__, len(obj)))
            stack.extend(reversed(obj))
        elif isinstance(obj, dict):
            tokens.append(("dict", len(obj)))
            for key, value in reversed(list(obj.items())):
                stack.extend((value, key))
        elif isinstance(obj, (set, frozenset)):
            # only ints (object ids) are kept in sets today, and an id differs from run to
            # run: the size is compared here, what the ids stand for by `observe` (below)
            tokens.append(("set", len(obj)))
        elif callable(obj) and not hasattr(obj, "__dict__") and not hasattr(obj, "__slots__"):
            tokens.append(("callable", getattr(obj, "__qualname__", repr(obj))))
        else:
            tokens.append(("object", type(obj).__qualname__))
            own_state = getattr(type(obj), "__getstate__", None)
            if own_state is not None and own_state is not getattr(object, "__getstate__", None):
                state = obj.__getstate__()  # what the class says it is (caches left out)
                fields = (dict(zip(slot_names(type(obj)), state)) if isinstance(state, tuple)
                          else dict(state))  # a compact pickle's tuple, in slot order
            else:
                fields = dict(getattr(obj, "__dict__", {}))
            for cls in type(obj).__mro__:
                for slot in getattr(cls, "__slots__", ()):
                    if hasattr(obj, slot):
                        fields[slot] = getattr(obj, slot)
            tokens.append(("fields", len(fields)))
            for key, value in reversed(list(fields.items())):
                stack.extend((value, key))
    return tokens


def script(sim):
    """{frame: [record]}: a drag of one of the scene's points, a flick, keys, a
    parameter change and a restart, aimed at where the points are at the start."""
    points = sim.model.points()
    x, y = points[len(points) // 2]
    inputs = {20: [record("down", (x, y))]}
    for i in range(1, 41):
        inputs[20 + i] = [record("move", (x + 4.0 * i, y + 2.5 * i))]
    inputs[61] = [record("up", (x + 160.0, y + 100.0))]
    inputs[90] = [record("key_down", "space")]
    inputs[96] = [record("key_up", "space")]
    name, value = next(iter(sim.values.items()))
    inputs[120] = [{"type": "set", "name": name,
                     "value": value * 0.7 if isinstance(value, float) else value + 3}]
    inputs[150] = [record("key_down", "r")]
    inputs[170] = [record("down", (x, y)), record("move", (x - 30.0, y + 40.0))]
    inputs[185] = [record("up", (x - 30.0, y + 40.0))]
    return inputs


def play(timeline, inputs, until, prints=None):
    """Feed the scripted inputs and steps up to frame `until`, keeping each frame's fingerprint."""
    while timeline.frame < until:
        for entry in inputs.get(timeline.frame, ()):
            timeline.apply(entry)
        timeline.step()
        if prints is not None:
            prints[timeline.frame] = fingerprint(timeline)


@pytest.fixture(scope="module", params=RESTORES)
def recorded(request):
    """A run of 240 frames through a timeline (a keyframe every 10 frames, so where they fall
    does not hang on the clock), with every frame's fingerprint."""
    sim = timeline = simulation(request.param, every=10)
    inputs = script(sim)
    prints = {0: fingerprint(sim)}
    play(timeline, inputs, 240, prints)
    return request.param, timeline, inputs, prints


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(MODELS))
def test_where_the_keyframes_fall_does_not_change_the_run(name):
    sim = simulation(name)
    inputs = script(sim)
    play(sim, inputs, 240)
    every_frame = simulation(name, every=1)
    play(every_frame, inputs, 240)
    assert len(every_frame.keyframes.kept) > len(sim.keyframes.kept)
    assert fingerprint(every_frame) == fingerprint(sim)


@pytest.mark.parametrize("frames_back", [1, 7, 10, 55, 101, 240])
def test_going_back_shows_that_frame_and_playing_the_same_input_again_gives_the_same_run(
        recorded, frames_back):
    name, timeline, inputs, prints = recorded
    timeline.live()
    timeline.back_by(frames_back)
    assert timeline.back == frames_back
    assert fingerprint(timeline) == prints[240 - frames_back]
    play(timeline, inputs, 240)  # a new branch, fed the same inputs
    assert timeline.back == 0 and timeline.newest == 240
    assert fingerprint(timeline) == prints[240]


def test_forward_replays_what_is_kept_frame_by_frame(recorded):
    _, timeline, _, prints = recorded
    timeline.go_to(0)
    assert timeline.reach() == {"length": 240, "back": 240}
    for frame in range(1, 241):
        timeline.forward()
        assert fingerprint(timeline) == prints[frame]
    timeline.forward()  # nothing kept past the newest
    assert timeline.reach() == {"length": 240, "back": 0}


def test_playing_on_from_a_moment_back_discards_what_came_after():
    sim = timeline = simulation("rope")
    inputs = script(sim)
    play(timeline, inputs, 100)
    timeline.back_by(30)
    timeline.apply(record("down", (100.0, 100.0)))  # a different hand: a new branch from frame 70
    assert timeline.reach() == {"length": 70, "back": 0}
    timeline.forward(5)
    assert timeline.frame == 70
    timeline.step()
    assert timeline.newest == 71 and timeline.back == 0
    again = simulation("rope")  # the branch is the run with that input at frame 70
    for frame in range(71):
        for entry in inputs.get(frame, ()) if frame < 70 else [record("down", (100.0, 100.0))]:
            again.apply(entry)
        again.step()
    assert fingerprint(again) == fingerprint(sim)


@pytest.mark.slow
def test_it_keeps_the_last_ten_seconds_and_lets_older_keyframes_go():
    sim = timeline = simulation("takopi")
    prints = {}
    play(timeline, script(sim), KEEP + 333, prints)
    assert timeline.length == KEEP and timeline.oldest == 333
    assert len(timeline.keyframes.kept) <= KEEP // MIN_SPACING + 2
    assert min(timeline._log, default=timeline.oldest) >= timeline.keyframes.oldest
    assert timeline.go_to(0) == 333  # older frames are gone: it stops at the oldest kept
    assert fingerprint(sim) == prints[333]
    timeline.live()
    assert fingerprint(sim) == prints[KEEP + 333]


def test_restarts_and_parameter_changes_are_part_of_what_comes_back():
    sim = timeline = simulation("rope")
    play(timeline, script(sim), 200)
    assert sim.restarts == 1
    timeline.go_to(149)
    assert sim.restarts == 0
    name = next(iter(sim.values))
    assert sim.values[name] != sim.params.defaults()[name]  # changed at frame 120
    timeline.go_to(119)
    assert sim.values[name] == sim.params.defaults()[name]
    timeline.go_to(151)
    assert sim.restarts == 1


def test_a_timeline_needs_a_reach_and_a_keyframe_spacing():
    for bad in ({"every": 0}, {"keep": 0}, {"share": 0.0}, {"share": 1.5}, {"scrub": 0.0}):
        with pytest.raises(ValueError):
            simulation("rope", **bad)


class Ticks:
    """A clock for the spacing: each call is one tick later, so a step and a keyframe each
    take one tick (unless the test moves `now` on)."""

    def __init__(self):
        self.now = 0

    def __call__(self):
        self.now += 1
        return self.now


@pytest.mark.parametrize("keyframe_ticks", [1, 3])
def test_keyframes_are_spaced_by_what_they_cost_against_the_steps(keyframe_ticks, monkeypatch):
    clock = Ticks()
    timeline = simulation("rope", scrub=1e9, clock=clock)  # no room asked for jumps
    take = timeline.keyframes.take

    def costly(*run):  # a keyframe `keyframe_ticks` ticks long
        take(*run)
        clock.now += keyframe_ticks - 1

    monkeypatch.setattr(timeline.keyframes, "take", costly)
    timeline._keyframe()  # the first one at that cost
    for _ in range(300):
        timeline.step()
    frames = [frame for frame, _ in timeline.keyframes.kept]
    spacing = next(n for n in range(1, 1000) if n * SHARE >= keyframe_ticks)  # 1 tick a step
    assert frames == list(range(0, 301, spacing))
    fixed = simulation("rope", every=7)
    for _ in range(30):
        fixed.step()
    assert [frame for frame, _ in fixed.keyframes.kept] == [0, 7, 14, 21, 28]


def test_dear_keyframes_are_spaced_so_recording_and_the_slowest_jump_share_their_budgets(
        monkeypatch):
    clock = Ticks()  # a step is one tick
    timeline = simulation("rope", scrub=40, clock=clock)
    take = timeline.keyframes.take

    def dear(*run):  # 100 ticks: by its share alone it would come every 100 / SHARE steps
        take(*run)
        clock.now += 99

    monkeypatch.setattr(timeline.keyframes, "take", dear)
    timeline._keyframe()
    for _ in range(KEEP):
        timeline.step()
    frames = [frame for frame, _ in timeline.keyframes.kept]
    spacing = balanced_spacing(100, scrub=40)  # R^2 + 100 R = 100 * 40 / RECORDING_MOST
    assert spacing ** 2 + 100 * spacing == pytest.approx(100 * 40 / RECORDING_MOST)
    assert 100 / SHARE > 3 * spacing
    assert frames == list(range(0, KEEP + 1, ceil(spacing)))
    recording, jump = 100 / spacing, 100 + spacing  # the same share of each budget
    assert recording / RECORDING_MOST == pytest.approx(jump / 40)


def test_cheap_keyframes_still_come_at_most_every_few_frames():
    timeline = simulation("rope", share=1.0)
    for _ in range(40):
        timeline.step()
    frames = [frame for frame, _ in timeline.keyframes.kept]
    assert all(b - a >= MIN_SPACING for a, b in zip(frames, frames[1:]))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["rope", "cloth", "spider"])
def test_idle_time_fills_in_keyframes_without_touching_the_shown_run(name):
    sim = timeline = simulation(name, share=0.002)  # sparse keyframes: a long way to replay
    inputs = script(sim)
    prints = {}
    play(timeline, inputs, 240, prints)
    timeline.go_to(100)
    shown = fingerprint(sim)
    assert timeline.prepare(0.0)  # no time: nothing done, much left
    while timeline.prepare(0.01):
        assert fingerprint(sim) == shown
    frames = [frame for frame, _ in timeline.keyframes.kept]
    assert all(b - a <= DENSE for a, b in zip(frames, frames[1:] + [timeline.newest + 1]))
    assert fingerprint(sim) == shown and timeline.back == 140
    for frame in (3, 99, 150, 239, 240, 17):
        timeline.go_to(frame)
        assert fingerprint(sim) == prints[frame]


def test_idle_time_fills_in_only_the_frames_one_can_go_to():
    sim = timeline = simulation("cloth", keep=120, every=70)  # keyframes 140, 210, 280: the first behind the oldest (180)
    play(timeline, script(sim), 300)
    assert timeline.keyframes.oldest < timeline.oldest
    while timeline.prepare(0.01):
        pass
    replays = [frame - timeline.keyframes.frame_before(frame)
               for frame in range(timeline.oldest, timeline.newest + 1)]
    assert max(replays) < DENSE, f"a move still replays {max(replays)} frames"


def test_a_jump_leaves_its_garbage_to_the_idle_time():
    sim = timeline = simulation("cloth", every=30)
    play(timeline, script(sim), 200)
    collections = []
    gc.callbacks.append(collect := lambda phase, info: collections.append(phase))
    try:
        timeline.go_to(45)  # a restore: the run it replaces is garbage, in cycles
        during_jump = len(collections)
        timeline.prepare(0.005)
        after_idle = len(collections)
    finally:
        gc.callbacks.remove(collect)
    assert gc.isenabled()  # as it was before the jump
    assert during_jump == 0 and after_idle >= 2  # a collection's start and its stop


def test_a_frame_taken_phase_by_phase_is_kept_like_any_other():
    sim = timeline = simulation("rope", every=10)
    phases = 0
    for _ in range(25):
        if sim.frame % 2:
            while True:  # what ',' does: one phase at a time, kept once the frame is whole
                phases += 1
                if timeline.step_phase()[0] == "finish":
                    break
                assert timeline.newest == sim.frame  # part-way: not kept yet
        else:
            timeline.step()
    assert timeline.newest == 25 and phases == 12 * (sim.model.world.iterations + 2)
    prints = fingerprint(sim)
    timeline.go_to(3)
    timeline.live()
    assert fingerprint(sim) == prints
