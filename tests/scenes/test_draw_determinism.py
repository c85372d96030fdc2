"""The same game draws the same picture in every process, every scene at every tier
(scenes.kit.draw.aa_polyline).

pygame-ce 2.5.8's `aalines`, given exactly two points, reads past the end of its copy of them
and draws that one segment twice. Takopi's "medium" tier drew the edges of a leg stroke cut into
two-point pieces that way, and a scripted session's picture then differed at a pixel or three
from one process to the next (in about one run in three). Every smooth polyline now goes through
`aa_polyline`, which draws a single segment with `aaline`.
"""

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import numpy
import pygame
import pytest

from scenes.kit.draw import aa_polyline

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 6
"""Fresh processes that draw the same session. With the old two-point `aalines` two variants
turned up in about 3 runs of 8, so six processes all agreeing by chance was about 6% likely."""

SESSION = r'''
import hashlib, os, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
sys.path.insert(0, ".")
import pygame
from scenes.catalog import SCENES
from scenes.kit.model.run import record, set_record
pygame.display.init()
pygame.font.init()
digest = hashlib.sha256()
# Takopi at every tier through pokes, a drag and slider changes: a leg stroke is cut into
# two-point pieces where it bends hard
script = {30: ("key_down", "return"), 31: ("key_up", "return"), 120: ("down", (480, 380)),
          130: ("move", (560, 340)), 150: ("move", (300, 400)), 160: ("up", (300, 400)),
          200: ("param", ("iterations", 17)), 210: ("key_down", "space"),
          211: ("key_up", "space"), 260: ("param", ("area_ratio", 2.4))}
for name, scene_class in SCENES.items():
    surface = pygame.Surface(scene_class.size)
    scene = scene_class(seed=0)
    takopi = name == "takopi"
    for frame in range(280 if takopi else 200):
        if takopi:
            kind, value = script.get(frame, (None, None))
        else:  # a press, a drag and a release in the middle of every other scene
            kind, value = {20: ("down", (420, 260)), 50: ("move", (520, 300)),
                           80: ("up", (520, 300))}.get(frame, (None, None))
        if kind == "param":
            scene.run.apply(set_record(*value))
        elif kind is not None:
            scene.run.apply(record(kind, value))
        scene.step()
        if frame >= (150 if takopi else 100) and (takopi or frame % 5 == 0):
            for tier in ("high", "medium", "low"):
                scene.context.tier = tier
                scene.draw(surface)
                digest.update(pygame.image.tobytes(surface, "RGB"))
print(digest.hexdigest())
'''


def _canvas():
    surface = pygame.Surface((40, 40))
    surface.fill((200, 210, 220))
    return surface


def _pixels(surface):
    return pygame.surfarray.array3d(surface).astype(int)


def test_a_single_segment_is_one_aaline_and_longer_polylines_are_aalines():
    segment = [(12.47, 20.21), (12.36, 16.71)]  # the short, steep piece that drew differently
    drawn, expected = _canvas(), _canvas()
    aa_polyline(drawn, (58, 34, 48), segment)
    pygame.draw.aaline(expected, (58, 34, 48), *segment)
    assert numpy.array_equal(_pixels(drawn), _pixels(expected))
    assert (_pixels(drawn) != _pixels(_canvas())).any(axis=2).sum() >= 6  # a line, drawn once

    polyline = segment + [(20.2, 12.9), (30.5, 14.0)]
    for closed in (False, True):
        drawn, expected = _canvas(), _canvas()
        aa_polyline(drawn, (58, 34, 48), polyline, closed)
        pygame.draw.aalines(expected, (58, 34, 48), closed, polyline)
        assert numpy.array_equal(_pixels(drawn), _pixels(expected))


def test_a_polyline_of_one_point_or_none_draws_nothing_and_raises_nothing():
    for points in ([], [(5.0, 5.0)]):
        drawn = _canvas()
        aa_polyline(drawn, (58, 34, 48), points)
        assert numpy.array_equal(_pixels(drawn), _pixels(_canvas()))


@pytest.mark.slow
def test_every_scene_draws_the_same_frames_in_every_process():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONHASHSEED="random")
    runs = [subprocess.Popen([sys.executable, "-c", SESSION], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(PROCESSES)]
    digests = []
    for run in runs:
        out, err = run.communicate(timeout=300)
        assert run.returncode == 0, err[-2000:]
        digests.append(out.strip().splitlines()[-1])
    assert all(len(digest) == len(hashlib.sha256().hexdigest()) for digest in digests)
    assert len(set(digests)) == 1, digests
