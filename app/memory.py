"""What the app asks of Python's garbage collector: to leave what start-up built alone.

A collection of the oldest generation walks every object that can hold others. Most of them
are what start-up made (the modules, their classes and functions, the fonts, the first scene's
tables) and live as long as the app. `set_aside_start_up` collects once and moves them all out
of the collector's sight (`gc.freeze`), so each later collection walks only what came after:
the running scenes and the garbage they leave, such as the runs a rewind replaces
(`scenes.kit.model.timeline`). Measured with the cloak's scene built: a full collection of the
18,000 objects alive then took 6.0 ms; once they were set aside, under 0.1 ms.
"""

import gc


def set_aside_start_up():
    """Collect once, then keep every object alive now out of every later collection."""
    gc.collect()
    gc.freeze()
