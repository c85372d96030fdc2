"""The garbage collector held back while a rewind works (`scenes.kit.model.run`).

A keyframe's pickle, a restore and a jump's replay make thousands of objects, enough to start
collections midway, each ms to tens of ms. Under `with no_collection:` none starts; the
garbage waits for a moment that has time for it (a paused frame's idle time, see
`Run.collect_garbage`).
"""

import gc


class Uncollected:
    """`with no_collection:` the collector waits, and is after as it was before (nested, as at
    the outermost). One instance serves all: entering it allocates nothing, so a collection
    that earlier work made due cannot start on the way in."""

    def __init__(self):
        self.depth = 0
        self.was_enabled = True

    def __enter__(self):
        if not self.depth:
            self.was_enabled = gc.isenabled()
            gc.disable()
        self.depth += 1

    def __exit__(self, *exc):
        self.depth -= 1
        if not self.depth and self.was_enabled:
            gc.enable()


no_collection = Uncollected()
