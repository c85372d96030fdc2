"""S6 and issue 13: one hurt per cooldown, whatever hurts the spider and however many at once.

Before: every bite and every drag of a frame added up into one hurt (five bugs biting together
took 10 HP at once), so HP went from 10 to 0 in a few seconds once bugs reached the spider.
"""

from math import cos, pi, sin

from scenes.spider.model.enemies import BITE_DAMAGE, DRAG_DAMAGE, Enemy
from scenes.spider.model import HP_MAX, HURT_COOLDOWN

from tests.support.spider import far_thread, quiet_model


def swarm_on_the_spider(model, count):
    """`count` walkers sitting around the spider, heading at it, each biting every frame."""
    bugs = [model.swarm.add(Enemy("walker", 0.0, 0.0, 1.0, 0)) for _ in range(count)]
    for bug in bugs:
        bug.state = "moving"
    return bugs


def press_on(model, bugs):
    """Put every bug back 8 px from the spider, facing it, ready to bite (before each step)."""
    sx, sy = model.spider.position
    for k, bug in enumerate(bugs):
        angle = 2.0 * pi * k / len(bugs)
        bug.x, bug.y = sx + 8.0 * cos(angle), sy + 8.0 * sin(angle)
        bug.hx, bug.hy = -cos(angle), -sin(angle)
        bug.retreat = 0
        bug.state = "moving"


def struggling_next_to(model):
    """A freshly caught bug whose knot sits right at the spider: its drag hurts every frame."""
    bug = model.swarm.add(Enemy("walker", 0.0, 0.0, 1.0, 0))
    thread = far_thread(model, distance=60.0)
    knot, _, _ = model.web.split(thread, 0.5)
    bug.state, bug.knot = "caught", knot
    return bug


def hurt_frames(model, bugs, frames, drag=None):
    """Step with the bugs pressing on the spider; the frames at which HP dropped, and by how much."""
    hurts = []
    for frame in range(frames):
        press_on(model, bugs)
        if drag is not None:  # keep the struggling bug's knot on the spider
            drag.knot.x, drag.knot.y = model.spider.x + 3.0, model.spider.y
            drag.timer = 1
        before = model.hp
        model.step()
        if model.hp < before:
            hurts.append((frame, before - model.hp))
    return hurts


def test_five_bugs_biting_at_once_take_exactly_one_hurt_per_cooldown():
    model = quiet_model(gravity=0.0)
    model.hp = 1000  # a spider that outlives the count: only the spacing and size of hurts matter
    bugs = swarm_on_the_spider(model, 5)
    frames = 10 * HURT_COOLDOWN
    hurts = hurt_frames(model, bugs, frames)
    assert model.counts["bites"] >= 5 * len(hurts)  # they all bit, many times
    assert len(hurts) == frames // HURT_COOLDOWN  # 10 hurts in 10 cooldowns, not 50
    assert {amount for _, amount in hurts} == {BITE_DAMAGE}  # each one bite, not five
    gaps = {b - a for (a, _), (b, _) in zip(hurts, hurts[1:])}
    assert gaps == {HURT_COOLDOWN}
    assert model.hp == 1000 - BITE_DAMAGE * frames // HURT_COOLDOWN


def test_bites_and_drags_together_still_hurt_once_per_cooldown():
    model = quiet_model(gravity=0.0)
    model.hp = 1000
    bugs = swarm_on_the_spider(model, 3)
    drag = struggling_next_to(model)
    frames = 6 * HURT_COOLDOWN
    hurts = hurt_frames(model, bugs, frames, drag)
    assert len(hurts) == frames // HURT_COOLDOWN
    assert {amount for _, amount in hurts} == {max(BITE_DAMAGE, DRAG_DAMAGE)}
    # and a drag alone is one drag's damage per cooldown
    alone = quiet_model(gravity=0.0)
    alone.hp = 1000
    drag = struggling_next_to(alone)
    hurts = hurt_frames(alone, [], frames, drag)
    assert [amount for _, amount in hurts] == [DRAG_DAMAGE] * (frames // HURT_COOLDOWN)


def test_a_full_spider_under_five_bugs_lasts_its_hp_in_cooldowns():
    model = quiet_model(gravity=0.0)
    bugs = swarm_on_the_spider(model, 5)
    frames = 0
    while not model.game_over:
        press_on(model, bugs)
        model.step()
        frames += 1
    hurts_to_die = -(-HP_MAX // BITE_DAMAGE)  # 5 hurts of 2 HP
    assert frames == (hurts_to_die - 1) * HURT_COOLDOWN + 1  # 4 s of grace in all, not 1 frame
    assert model.cause == "bitten"
