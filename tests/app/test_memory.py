"""The app sets aside what start-up built, so later collections walk only what came after."""

import gc

from app.memory import set_aside_start_up


def test_what_start_up_built_is_out_of_every_later_collection():
    made_at_start = [[index] for index in range(5000)]  # objects that can hold others
    made_after = None
    try:
        set_aside_start_up()
        frozen = gc.get_freeze_count()
        assert frozen >= len(made_at_start)
        made_after = [[index] for index in range(5000)]
        gc.collect()
        # What a collection walks (gc.get_objects: every generation but the set-aside one)
        # holds what came after and none of what start-up made. (The set-aside count itself
        # moves with other threads of this process: an object set aside that dies by its
        # count leaves it.)
        walked = {id(thing) for thing in gc.get_objects()}
        assert not walked & {id(thing) for thing in made_at_start}
        assert {id(thing) for thing in made_after} <= walked
        assert len(walked) < frozen  # less than what was set aside
    finally:
        gc.unfreeze()  # the other tests run in a process of their own making
