"""Hair played as a reader plays it (issue 34, item 7), through the scripted input door of
`main.py --input` and live slider moves (`tests.support.played`).

Before: at bend 60 a whip of the pointer across the canvas bent joints 11.6 degrees past their
limit at follow 0.12 and 83 degrees at follow 0.5 (the issue saw 45.6) and left the hair
tangled (254-374 strand crossings against 176 at rest; with seed 1, whose hair rests with the
issue's 181 crossings, the issue's 383 after a whip at follow 0.3 or 0.5); the chart read
"fullest bend 100 %" at rest and in a whip alike; bend 20 -> 2 on resting hair moved a point 127 px in one frame;
a press across the canvas moved the head up to 390 px in one frame.
"""

from math import degrees

import pytest

from scenes.hair import model as hair
from tests.support.played import Player, pointer, simulation


def crossings(model):
    """How many pairs of segments of different strands cross."""
    def turn(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    strands = [[((a.x, a.y), (b.x, b.y)) for a, b in zip(s.chain, s.chain[1:])]
               for s in model.strands]
    count = 0
    for i, first in enumerate(strands):
        for second in strands[i + 1:]:
            for p, q in first:
                for r, s in second:
                    if turn(p, q, r) * turn(p, q, s) < 0 and turn(r, s, p) * turn(r, s, q) < 0:
                        count += 1
    return count


def past_limit(model):
    """The most any joint is bent past its range, degrees (0 when none is)."""
    return max(max(abs(bend) - joint.hi for joint, bend in zip(s.limits, s.bends()))
               for s in model.strands)


def whip(player, frames=360, each=None):
    """The pointer thrown from side to side of the canvas, up and down, then let go."""
    player.apply(pointer("down", (480.0, 250.0)))
    for frame in range(frames):
        x = 120.0 if (frame // 20) % 2 else 840.0
        player.apply(pointer("move", (x, 120.0 + 300.0 * ((frame // 45) % 2))))
        player.step(each=each)
    player.apply(pointer("up", (x, 120.0)))


@pytest.mark.parametrize("seed, follow", [(5, 0.12), (5, 0.5), (1, 0.3), (1, 0.5)])
def test_a_whip_at_bend_60_keeps_every_joint_in_its_range_and_leaves_no_tangle(seed, follow):
    # seed 1 rests with 181 crossings, the issue's: before, 383 after the whip; now 181 and 197
    player = Player(simulation("hair", seed=seed, bend=60, follow=follow))
    model = player.run.model
    rest = crossings(model)
    worst = [0.0]
    whip(player, each=lambda m: worst.__setitem__(0, max(worst[0], past_limit(m))))
    assert degrees(worst[0]) < 2.0, degrees(worst[0])  # before: 11.6 and 83 degrees
    player.step(600)
    assert abs(crossings(player.run.model) - rest) <= 0.1 * rest, (rest, crossings(model))
    assert player.fastest <= hair.HairModel.max_point_move


def test_the_bend_chart_is_below_full_at_rest_and_reads_how_far_past_the_range():
    player = Player(simulation("hair", seed=5, bend=20))
    past, used = player.run.model.measures()
    assert past.key == "past" and past.value < 1e-6
    assert 0.5 < used.value < 0.95  # before: "fullest bend 100 %" at rest
    readings = []
    whip(player, frames=120, each=lambda m: readings.append(m.measures()[1].value))
    assert max(readings) - min(readings) > 0.1  # it moves with the hair
    assert max(readings) > used.value + 0.1  # and a whip bends it more (0.83 at rest, 0.95)
    joint = player.run.model.strands[3].limits[4]
    joint.point.x += 40.0  # a joint forced past its range shows at once
    assert player.run.model.measures()[0].value > 10.0


@pytest.mark.parametrize("start, end", [(20, 2), (60, 2), (2, 60)])
def test_a_bend_slider_move_on_resting_hair_eases_in(start, end):
    player = Player(simulation("hair", seed=5, bend=start))
    player.set_param("bend", end)
    player.step(int(abs(end - start) / hair.BEND_RATE) + 30)
    assert player.fastest < 25.0, player.fastest  # before: 127 px in one frame for 20 -> 2
    assert player.run.model.bend == end
    assert player.fastest <= hair.HairModel.max_point_move


@pytest.mark.parametrize("follow", [0.02, 0.12, 0.5])
def test_the_head_never_jumps(follow):
    player = Player(simulation("hair", seed=5, follow=follow))
    fastest = [0.0]
    last = list(player.run.model.head)

    def head_step(model):
        fastest[0] = max(fastest[0], ((model.head[0] - last[0]) ** 2
                                      + (model.head[1] - last[1]) ** 2) ** 0.5)
        last[:] = model.head

    for far in ((900.0, 480.0), (60.0, 110.0), (900.0, 110.0)):
        player.apply(pointer("down", far))
        player.step(60, each=head_step)
        player.apply(pointer("up", far))
    assert fastest[0] <= hair.HEAD_SPEED + 1e-9  # before: 94 px at follow 0.5
    head = player.run.model.head
    assert abs(head[0] - 900.0) < 40.0 or follow == 0.02  # it still gets there
