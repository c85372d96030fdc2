"""S11: the night sky's meteors come very occasionally, 20 to 45 s apart (before: 6 to 15 s)."""

import random
from statistics import mean

from scenes.spider.model.sky import FIRST_METEOR, METEOR_FRAMES, Sky

from tests.support.spider import SIZE


def meteor_starts(seed, frames):
    sky = Sky(SIZE, random.Random(seed))
    starts = []
    for frame in range(frames):
        sky.step()
        if sky.meteor is not None and sky.meteor.age == 0:
            starts.append(frame)
    return starts


def test_meteors_come_20_to_45_s_apart():
    gaps, firsts = [], []
    for seed in range(12):
        starts = meteor_starts(seed, 30 * 60 * 60)  # half an hour of sky each
        firsts.append(starts[0] + 1)
        gaps.extend(b - a for a, b in zip(starts, starts[1:]))
    assert len(gaps) > 400
    assert min(gaps) >= 20 * 60 and max(gaps) <= 45 * 60
    assert 31 * 60 <= mean(gaps) <= 34 * 60  # spread over the whole range, not bunched
    assert sum(g < 25 * 60 for g in gaps) > 0.1 * len(gaps)
    assert sum(g > 40 * 60 for g in gaps) > 0.1 * len(gaps)
    assert all(FIRST_METEOR[0] <= f <= FIRST_METEOR[1] for f in firsts)
    assert FIRST_METEOR[1] <= 20 * 60  # a reader who stays 20 s sees one


def test_one_meteor_at_a_time_each_crossing_in_its_frames():
    sky = Sky(SIZE, random.Random(3))
    ages = []
    for _ in range(10 * 60 * 60):
        sky.step()
        if sky.meteor is not None:
            ages.append(sky.meteor.age)
    runs = [a for a in ages if a == 0]
    assert len(runs) == sky.meteors_seen >= 10
    assert max(ages) == METEOR_FRAMES - 1
