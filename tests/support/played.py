"""Scenes played as a reader plays them: scripted entries through the one input door that
`main.py --input` uses (`Run.apply`, one validated `scenes.kit.model.script` entry
at a time), with the per-frame largest point move measured.

The door is named once here (`simulation`).
"""

from math import hypot

from scenes.catalog import SCENES
from scenes.kit.model.script import parse_script
from scenes.kit.model.run import Run, set_record


def simulation(name, seed=0, **values):
    """A fresh run of scene `name` with some parameters set."""
    scene = SCENES[name]
    return Run(name, scene.model_class, scene.params, scene.size, seed, values)


def pointer(kind, at, frame=0):
    return {"frame": frame, "type": kind, "pos": [float(at[0]), float(at[1])]}


def key(kind, name, frame=0):
    return {"frame": frame, "type": kind, "key": name}


def largest_move(before, after):
    """The farthest any point went between two lists of (x, y), px."""
    return max(hypot(x - u, y - v) for (x, y), (u, v) in zip(after, before))


class Player:
    """Plays `sim` a frame at a time; `fastest` is the largest distance any point of the model
    (`model.points()`) moved in one frame so far, px, and `frame_of_fastest` when."""

    def __init__(self, sim):
        self.run = sim
        self.fastest = 0.0
        self.frame_of_fastest = None
        self.frames = 0

    def apply(self, *entries):
        for entry in parse_script([dict(entry, frame=self.frames) for entry in entries]):
            self.run.apply(entry)

    def set_param(self, name, value):
        self.run.apply(set_record(name, value))

    def step(self, frames=1, each=None):
        for _ in range(frames):
            before = self.run.model.points()
            self.run.step()
            moved = largest_move(before, self.run.model.points())
            if moved > self.fastest:
                self.fastest, self.frame_of_fastest = moved, self.frames
            self.frames += 1
            if each is not None:
                each(self.run.model)
        return self
