"""The app sets aside what start-up built, so later collections walk only what came after."""

import gc

from app.memory import set_aside_start_up


def test_what_start_up_built_is_out_of_every_later_collection():
    made_at_start = [[index] for index in range(5000)]  # objects that can hold others
    try:
        set_aside_start_up()
        frozen = gc.get_freeze_count()
        assert frozen >= len(made_at_start)
        gc.collect()
        # a collection leaves them where they are: none let out (under xdist another test's
        # leftovers in this process once added one to the set-aside count during it)
        assert gc.get_freeze_count() >= frozen
        tracked = len(gc.get_objects())
        assert tracked < frozen  # what a collection walks now is less than what was set aside
    finally:
        gc.unfreeze()  # the other tests run in a process of their own making
