"""Models built ahead, a few settling frames at a time: R, a first show and side by side then
find their model ready instead of building it in the frame a reader acts in.

Most demos settle unseen when built (a flag hangs 240 frames, a bridge until it is still), which
cost 15-110 times a frame when it happened in the frame that carried R or a scene switch. A
model class whose building is long offers

    Model.building(size, values, rng[, calm=True])   a generator that yields between its
                                                     settling frames and returns the model,
                                                     the very model `Model(...)` builds

(`staged`, for a class without it, builds in one go). `PREPARED`, the one `Preparer`, holds the
builds asked for ahead, each under its `build_key` (the model class, canvas size, parameter
values, the generator's seed text and calm: everything the model is built from), and advances
them in `work` (the host calls it once a displayed frame, for a few milliseconds); `take(key)`
hands over the model of a build with that key, finishing it first if it is part-way, or None.
A build from here is the same model, to the bit, as one built on the spot: the same class, the
same values and a generator seeded alike (tests/kit check it).
"""

import random
import time

class BuiltInStages:
    """A model built by its own `_construct(...)` generator, which yields between settling
    frames: `Model(...)` runs it to the end, `Model.building(...)` is it, returning the model
    (the same to the bit: one generator for both)."""

    def __init__(self, *args, **kwargs):
        for _ in self._construct(*args, **kwargs):
            pass

    @classmethod
    def building(cls, *args, **kwargs):
        """The model built a settling frame at a time: a generator that yields after each and
        returns the model `cls(*args, **kwargs)` builds."""
        model = cls.__new__(cls)
        yield from model._construct(*args, **kwargs)
        return model


KEPT = 12
"""Builds held at once (asked for and not taken); the ones no longer asked for go first."""


def build_key(model_class, size, values, seed_text, calm=False):
    """What a model is built from, hashable: the key of its build in a `Preparer`."""
    return (model_class, tuple(size), tuple(sorted(values.items())), seed_text, bool(calm))


def staged(model_class, size, values, seed_text, calm=False):
    """A generator building the model `model_class(size, values, Random(seed_text)[, calm])`:
    through the class's own `building` when it has one, else in one go."""
    rng = random.Random(seed_text)
    values = dict(values)
    building = getattr(model_class, "building", None)
    if building is None:
        return _at_once(model_class, size, values, rng, calm)
    if calm:
        return building(size, values, rng, calm=True)
    return building(size, values, rng)


def _at_once(model_class, size, values, rng, calm):
    yield  # one stage: the whole build
    if calm:
        return model_class(size, values, rng, calm=True)
    return model_class(size, values, rng)


class Preparer:
    """Builds asked for ahead (`want`), advanced in `work`, handed over by `take`. Only the
    live loop turns it on (`enabled`): a headless run or a test builds every model on the spot,
    as before."""

    def __init__(self):
        self.builds = {}  # key -> [generator or None, model or None]
        self.enabled = False

    def want(self, keys):
        """Build these keys ahead, the first first (replacing what was asked before: builds
        no longer asked for are dropped once more than KEPT are held). Only models whose class
        builds in stages (`building`) are worth it: the others cost a frame or two at most."""
        if not self.enabled:
            return
        keys = [key for key in keys if hasattr(key[0], "building")]
        for key in keys:
            if key not in self.builds:
                model_class, size, values, seed_text, calm = key
                self.builds[key] = [staged(model_class, size, dict(values), seed_text, calm),
                                    None]
        order = list(keys) + [key for key in self.builds if key not in keys]
        self.builds = {key: self.builds[key] for key in order[:KEPT] if key in self.builds}

    def work(self, seconds, timer=time.perf_counter):
        """Advance the unfinished builds, the first asked first, for about `seconds` (at least
        one stage, when any is unfinished); True while any is left unfinished."""
        end = timer() + seconds
        for build in self.builds.values():
            while build[0] is not None:
                _advance(build)
                if timer() >= end:
                    return any(b[0] is not None for b in self.builds.values())
        return False

    def take(self, key):
        """The model built under `key` (finished now if it was part-way), or None; the build
        is handed over and forgotten."""
        build = self.builds.pop(key, None)
        if build is None:
            return None
        while build[0] is not None:
            _advance(build)
        return build[1]

    def clear(self):
        self.builds.clear()


def _advance(build):
    try:
        next(build[0])
    except StopIteration as done:
        build[0], build[1] = None, done.value


PREPARED = Preparer()
"""The builds the host asks for ahead (`app.host`), which every `Run` looks in."""
