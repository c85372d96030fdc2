"""World.on with a declared order: the order holds whatever order the hooks are registered in."""

import pickle
from itertools import permutations

import pytest

from verlet import Distance, World

# name -> (after, before): the keys move the hand before it places what it holds, the load
# follows the hand, the clock follows the load, and "log" declares nothing
DECLARED = {
    "keys": ((), ("hand",)),
    "hand": ((), ()),
    "load": (("hand",), ()),
    "clock": (("load", "keys"), ()),
    "log": ((), ()),
}


def world_with(names, seen):
    world = World(gravity=(0.0, 0.3), iterations=2)
    a = world.add_particle(0.0, 0.0, pinned=True)
    world.add(Distance(a, world.add_particle(10.0, 0.0)))
    for name in names:
        after, before = DECLARED[name]
        world.on("before_integrate", lambda name=name: seen.append(name), name=name,
                 after=after, before=before)
    return world


def holds(order):
    """Every declaration of DECLARED holds in `order`."""
    place = {name: at for at, name in enumerate(order)}
    return all(place[name] > place[other] for name, (after, _) in DECLARED.items()
               for other in after) and all(
        place[name] < place[other] for name, (_, before) in DECLARED.items()
        for other in before)


@pytest.mark.parametrize("names", list(permutations(DECLARED)))
def test_the_declared_order_holds_whatever_the_registration_order(names):
    seen = []
    world = world_with(names, seen)
    world.step()
    assert sorted(seen) == sorted(DECLARED)  # each once
    assert holds(seen), (names, seen)
    seen.clear()
    world.step()
    assert holds(seen)


def test_hooks_that_declare_nothing_keep_their_registration_order():
    world = World()
    seen = []
    for name in ("c", "a", "b"):
        world.on("after_solve", lambda name=name: seen.append(name), name=name)
    world.step()
    assert seen == ["c", "a", "b"]
    world.on("after_solve", lambda: seen.append("late"), before="a")
    seen.clear()
    world.step()
    # "a" waits for "late"; the earliest registered hook free to run always runs next
    assert seen == ["c", "b", "late", "a"]


def test_a_declaration_waits_for_a_hook_registered_later():
    world = World()
    seen = []
    world.on("after_solve", lambda: seen.append("follower"), after="leader")
    world.step()
    assert seen == ["follower"]  # nothing called "leader" yet: it runs
    world.on("after_solve", lambda: seen.append("leader"), name="leader")
    seen.clear()
    world.step()
    assert seen == ["leader", "follower"]


def test_a_circle_or_a_name_used_twice_is_refused_and_leaves_the_hooks_as_they_were():
    world = World()
    world.on("after_solve", print, name="a", after="b")
    with pytest.raises(ValueError, match="circle"):
        world.on("after_solve", print, name="b", after="a")
    with pytest.raises(ValueError, match="two hooks named 'a'"):
        world.on("after_solve", print, name="a")
    assert world.hooks["after_solve"] == [print]
    with pytest.raises(TypeError, match="names"):
        world.on("after_solve", print, after=[print])
    with pytest.raises(ValueError, match="unknown phase"):
        world.on("mid_frame", print)


class Note:
    """A hook that can be copied with its world: it writes its name in the world's log."""

    def __init__(self, log, name):
        self.log, self.name = log, name

    def __call__(self):
        self.log.append(self.name)


def test_a_copied_world_keeps_its_declared_order():
    world = World()
    world.log = []
    for name in ("log", "clock", "load", "hand", "keys"):
        after, before = DECLARED[name]
        world.on("before_integrate", Note(world.log, name), name=name, after=after,
                 before=before)
    copy = pickle.loads(pickle.dumps(world))
    copy.on("before_integrate", Note(copy.log, "late"), after="clock")
    copy.step()
    assert holds(copy.log[:5]) and copy.log[5] == "late"
    assert world.log == []  # the copy ran, not the original
