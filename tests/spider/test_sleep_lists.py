"""Sleeping knots' bookkeeping (issue 14): the lists a frame works from are kept up to date as
knots wake and fall asleep instead of being remade, and they must always say what lists made
afresh from the knots would say. Setting the switch to what it already is changes nothing."""

import pytest

from verlet import sleeping as sleep
from verlet.distance import A_HELD, A_PLAY, A_RECORD, B_HELD, B_PLAY, B_RECORD

from tests.support.spider import (IDLE_FRAMES, asleep_share, idle, make_model, positions, run,
                                  set_param)
from tests.support.spider_players import Bot


def end_mode(knot, web, held, play, record):
    """How an end takes part in this frame's solve, from the knot alone."""
    if knot.pinned:
        return held
    if knot.asleep:
        return play
    if web.frame % sleep.SLEEP_BATCH == 0 and knot.still >= sleep.SLEEP_FRAMES - 1:
        return record  # it records on this batch frame (and may fall asleep at its end)
    return 0


def fresh_lists(web):
    """What the solve should see, worked out from scratch: (thread, mode) of every thread with
    an end that moves, in web order, and the free knots that are awake."""
    fields = []
    for thread in web.threads:
        mode = (end_mode(thread.a, web, A_HELD, A_PLAY, A_RECORD)
                | end_mode(thread.b, web, B_HELD, B_PLAY, B_RECORD))
        if mode & (A_HELD | A_PLAY) and mode & (B_HELD | B_PLAY):
            continue
        fields.append((thread, mode))
    awake = {id(k) for k in web.knots if not k.pinned and not k.asleep}
    return fields, awake


def watch(monkeypatch, web):
    """Check the kept lists against fresh ones at the start of every solve from now on; returns
    what was seen: frames checked, most knots asleep at once, frames with recording ends, and
    changes of the web itself."""
    solve = sleep.project_taped
    seen = {"frames": 0, "asleep": 0, "recording": 0, "version": web.version, "changes": 0}

    def checked_solve(fields, index):
        if index == 0:
            expected, awake = fresh_lists(web)
            assert [(entry[0], entry[3]) for entry in fields] == expected
            assert all(entry[1] is entry[0].a and entry[2] is entry[0].b for entry in fields)
            assert {id(k) for k in web.sleep._awake.values()} == awake
            seen["frames"] += 1
            seen["asleep"] = max(seen["asleep"], web.sleep.asleep_count())
            seen["recording"] += any(mode & (A_RECORD | B_RECORD) for _, mode in expected)
            if web.version != seen["version"]:
                seen["version"] = web.version
                seen["changes"] += 1
        solve(fields, index)

    monkeypatch.setattr(sleep, "project_taped", checked_solve)
    return seen


@pytest.mark.slow
def test_the_kept_lists_always_match_lists_made_afresh(monkeypatch):
    """A game with bugs, catches, shots, cuts and upkeep (topology changes), knots falling
    asleep and waking all the time: at every frame's solve the kept lists are the fresh ones."""
    model = make_model(seed=7)
    seen = watch(monkeypatch, model.web)
    bot = Bot(model, roam_seed=7)
    for _ in range(2400):
        bot.act()
        model.step()
    assert seen["frames"] == 2400
    assert seen["asleep"] > 10 and seen["recording"] > 20  # knots fell asleep again and again
    assert seen["changes"] > 20  # and the web itself changed (shots, catches, upkeep)
    assert model.counts["caught"] + model.counts["shots"] > 0


@pytest.mark.slow
def test_the_lists_match_after_every_wake_rule(monkeypatch):
    """Each way of waking (a neighbour's move, a graph change, a roused corpse's knot, a slider,
    the spider's weight) leaves lists equal to fresh ones, frame after frame."""
    model = idle()
    web = model.web
    knot = next(k for k in web.knots if k.asleep and len(k.threads) >= 3)
    seen = watch(monkeypatch, web)
    wakes = [lambda: web.sleep.wake_around(knot),
             lambda: web.split(knot.threads[0], 0.5),
             lambda: web.sleep.rouse(next(k for k in web.knots if k.asleep)),
             lambda: set_param(model, "relax_force", 0.3),
             lambda: run(model, 20, {0: [("key_down", "right")], 19: [("key_up", "right")]})]
    for number, wake in enumerate(wakes):
        wake()
        run(model, IDLE_FRAMES // 2)
        asleep = web.sleep.asleep_count() / len(web.knots)
        assert asleep > 0.5, (number, asleep)  # the web slept again in between
    assert seen["frames"] == len(wakes) * (IDLE_FRAMES // 2) + 20


def test_setting_sleeping_to_what_it_is_changes_nothing():
    twins = [idle(), idle()]
    asleep = [k.asleep for k in twins[0].web.knots]
    assert asleep_share(twins[0]) > 0.9
    twins[0].web.sleeping = True  # already on: no knot wakes
    assert [k.asleep for k in twins[0].web.knots] == asleep
    for model in twins:
        run(model, 120)
    assert positions(twins[0]) == positions(twins[1])
    twins[0].web.sleeping = False  # a change: every knot wakes
    assert not any(k.asleep for k in twins[0].web.knots)


def pickled_copy(value):
    """`value` through pickle, on a thread with a large stack: a web is a deep graph of objects
    (the benchmarks hand the busy game to Pyodide this way)."""
    import pickle
    import sys
    import threading

    result = {}
    limit, stack = sys.getrecursionlimit(), threading.stack_size()
    sys.setrecursionlimit(max(limit, 100_000))
    threading.stack_size(128 * 1024 * 1024)
    try:
        worker = threading.Thread(target=lambda: result.update(
            copy=pickle.loads(pickle.dumps(value, protocol=4))))
        worker.start()
        worker.join()
    finally:
        threading.stack_size(stack)
        sys.setrecursionlimit(limit)
    return result["copy"]


@pytest.mark.slow
def test_a_pickled_game_goes_on_exactly_as_the_game_it_was_copied_from(monkeypatch):
    """The kept lists are keyed by the knots' and threads' identities, which a copy does not
    keep: a copy remakes them on its first step (the piece cache of route planning too), and
    then plays on bit for bit like the original, knots falling asleep and waking as they do."""
    model = make_model(seed=7)
    bot = Bot(model, roam_seed=7)
    for frame in range(3000):  # into the game, to a frame with a good part of the web asleep
        bot.act()
        model.step()
        if frame >= 1200 and model.web.sleep.asleep_count() > 20:
            break
    assert model.web.sleep.asleep_count() > 20
    twin = pickled_copy(model)
    given = []  # what the bot does to the original, frame by frame, then done to the copy
    real_input = model.input
    model.input = lambda kind, value: given[-1].append((kind, value)) or real_input(kind, value)
    for _ in range(900):
        given.append([])
        bot.act()
        model.step()
    seen = watch(monkeypatch, twin.web)
    for inputs in given:
        for kind, value in inputs:
            twin.input(kind, value)  # what the bare original was given, as it was given
        twin.step()
    assert sum(map(len, given)) > 20  # the bot kept playing
    assert seen["frames"] == 900 and seen["recording"] > 5 and seen["changes"] > 3
    assert twin.observe() == model.observe()
    assert positions(twin) == positions(model)
