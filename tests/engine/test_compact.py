"""Compact pickles (`verlet.compact`): a particle, a link or a spacer goes as one tuple of its
slots and comes back holding exactly the same values, subclasses included; a class that says
itself what a copy keeps (the spider's knot) keeps saying it; the pickle is smaller.
"""

import copy
import pickle

import pytest

from scenes.spider.model.web import Knot, Thread
from verlet.compact import Compact, slot_names
from verlet.distance import Distance
from verlet.particle import Particle
from verlet.sleeping import SleepingParticle, TapedDistance
from verlet.spacing import Spacer
from verlet.tearing import Breakable


def every_compact_class():
    found, todo = [], [Compact]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.append(sub)
            todo.append(sub)
    return found


def made(cls):
    """An instance of `cls` with every slot holding a value of its own."""
    a, b = Particle(1.5, -2.25), Particle(40.125, 7.0, pinned=True)
    if issubclass(cls, Particle):
        thing = cls(3.0625, 4.5)
        thing.px, thing.py, thing.force_x = 2.0, 4.25, -9.5
    else:
        thing = cls(a, b, 12.75)
    return thing


def slots(thing):
    return {name: getattr(thing, name) for name in slot_names(type(thing)) if hasattr(thing, name)}


def test_the_engine_s_many_small_objects_are_compact():
    classes = set(every_compact_class())
    assert {Particle, SleepingParticle, Distance, TapedDistance, Breakable, Spacer, Thread} <= classes


@pytest.mark.parametrize("cls", [Particle, SleepingParticle, Distance, TapedDistance, Breakable,
                                 Spacer, Thread], ids=lambda cls: cls.__name__)
def test_a_pickle_and_a_copy_keep_every_slot_exactly(cls):
    thing = made(cls)
    state = thing.__getstate__()
    assert isinstance(state, tuple) and len(state) == len(slot_names(cls))
    for back in (pickle.loads(pickle.dumps(thing, pickle.HIGHEST_PROTOCOL)), copy.deepcopy(thing)):
        assert type(back) is cls
        before, after = slots(thing), slots(back)
        assert after.keys() == before.keys()
        for name, value in before.items():
            if isinstance(value, Particle):
                assert (value.x, value.y, value.pinned) == (after[name].x, after[name].y,
                                                            after[name].pinned)
            elif isinstance(value, float):
                assert after[name].hex() == value.hex(), name  # to the bit
            elif not isinstance(value, (list, tuple)):
                assert after[name] == value, name


def test_a_class_that_writes_its_own_state_keeps_it():
    assert "__getstate__" in Knot.__dict__  # the spider's knot leaves its threads to its web
    knot = Knot(10.0, 20.0)
    knot.threads.append("a thread")
    state = knot.__getstate__()
    assert all(value is not knot.threads for value in state)  # its web keeps them
    back = pickle.loads(pickle.dumps(knot))
    assert (back.x, back.y, back.kind, back.threads) == (10.0, 20.0, "web", [])
    assert back.threads is back.links
    knot.alive = False  # a removed knot is in no web: it keeps its threads itself
    back = pickle.loads(pickle.dumps(knot))
    assert (back.alive, back.threads) == (False, ["a thread"]) and back.threads is back.links


def test_the_pickle_is_smaller_than_a_dict_of_slots():
    points = [Particle(i * 1.5, i * 0.25) for i in range(200)]
    links = [Distance(a, b) for a, b in zip(points, points[1:])]
    compact = len(pickle.dumps((points, links), pickle.HIGHEST_PROTOCOL))
    as_dicts = len(pickle.dumps(([slots(p) for p in points], [slots(link) for link in links]),
                                pickle.HIGHEST_PROTOCOL))
    assert compact < 0.8 * as_dicts
