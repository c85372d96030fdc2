"""S4-S7, S13 and the cutters of S9: bugs appear, fly in, get caught, struggle, die, are collected."""

from math import hypot

from scenes.spider.model.director import SPAWN_CLEARANCE, SPAWN_FAR, SPAWN_NEAR, blink_frames
from scenes.spider.model.enemies import (BITE_DAMAGE, CUTTER_BLADES, DRAG_DAMAGE, DRAG_RADIUS,
                                   FRESH_FRAMES, LURE_RADIUS, STRUGGLE_FRAMES)
from scenes.spider.model import HP_MAX
from verlet.geometry import distance_to_segment

from tests.support.spider import across, far_thread, launch, make_model, quiet_model


def midpoint_gap(knot):
    a, b = (t.other(knot) for t in knot.threads)
    return hypot(knot.x - (a.x + b.x) / 2, knot.y - (a.y + b.y) / 2)


def fly_until(model, enemy, state, limit=400):
    for frame in range(limit):
        model.step()
        if enemy.state == state:
            return frame
    raise AssertionError(f"bug never became {state!r}: {enemy.state}")


def test_s4_bugs_appear_near_the_spider_blinking_then_come_at_it():
    model = make_model(seed=3)
    while not model.swarm.enemies:
        model.step()
    (bug,) = model.swarm.enemies
    sx, sy = model.spider.position
    assert bug.state == "spawning" and bug.kind == "walker"
    assert SPAWN_NEAR <= hypot(bug.x - sx, bug.y - sy) <= SPAWN_FAR
    left, top = model.camera
    assert left < bug.x < left + model.size[0] and top < bug.y < top + model.size[1]
    assert model.web.clear_of_threads((bug.x, bug.y), SPAWN_CLEARANCE)
    where = (bug.x, bug.y)
    assert blink_frames(1.0) <= bug.timer <= blink_frames(0.0)
    for _ in range(bug.timer - 1):
        model.step()
        assert bug.state == "spawning" and (bug.x, bug.y) == where  # blinking in place
    gaps = []
    for _ in range(30):
        model.step()
        gaps.append(hypot(bug.x - model.spider.x, bug.y - model.spider.y))
    assert bug.state in ("moving", "caught")
    if bug.state == "moving":
        assert gaps[-1] < gaps[0] - 20  # it comes at the spider


def test_s5_to_s7_and_s13_catch_wobble_death_relax_and_collection():
    model = quiet_model(gravity=0.0)
    target = far_thread(model)
    start, middle = across(target)
    line = (target.a.position, target.b.position)
    ends = {target.a, target.b}
    bug = launch(model, "walker", start, middle)
    edges_before = len(model.web.threads)
    fly_until(model, bug, "caught")
    # S5: caught by inserting a knot into the thread it touched
    knot = bug.knot
    assert len(model.web.threads) == edges_before + 1
    assert target not in model.web.threads
    assert {t.other(knot) for t in knot.threads} == ends
    assert distance_to_segment(knot.position, *line) < 2.0
    caught_at = knot.position
    # S5: it is pulled gently along its flight, then the web settles back (strong damping)
    shifts, speeds, lives = [], [], []
    for _ in range(STRUGGLE_FRAMES + 10):
        model.step()
        shifts.append(hypot(knot.x - caught_at[0], knot.y - caught_at[1]))
        speeds.append(knot.speed)
        lives.append(bug.life)
    assert max(shifts[:60]) > 3.0
    assert max(speeds) < 1.5  # slow like a weight, never a jerk
    # S6: it struggles, red fading to white (life 0 -> 1), and slowly dies
    assert lives == sorted(lives) and lives[0] < 0.05 and lives[-1] == 1.0
    assert bug.state == "dead"
    # S13: the corpse's knot relaxes toward its neighbours' midpoint
    kink = midpoint_gap(knot)
    for _ in range(200):
        model.step()
    assert midpoint_gap(knot) < min(0.5, kink)
    assert knot.speed < 0.05  # settled
    # S7: the spider passes over it and collects it
    model.hp = HP_MAX - 3
    model.spider.place(knot.threads[0], 0.5)
    canvas = (knot.x - model.camera[0], knot.y - model.camera[1])
    model.input("down", canvas)  # hold the finger on the corpse: the spider crawls there
    for _ in range(200):
        model.step()
        if model.score:
            break
    assert model.score == 1 and model.hp == HP_MAX - 2
    assert bug not in model.swarm.enemies


def test_s5_catch_force_sets_how_far_the_thread_is_pulled():
    reach = {}
    for force in (0.0, 1.0):
        model = quiet_model(catch_force=force, gravity=0.0)
        start, middle = across(far_thread(model))
        bug = launch(model, "walker", start, middle)
        fly_until(model, bug, "caught")
        caught_at = bug.knot.position
        shifts = []
        for _ in range(60):
            model.step()
            shifts.append(hypot(bug.knot.x - caught_at[0], bug.knot.y - caught_at[1]))
        reach[force] = max(shifts)
    assert reach[1.0] > reach[0.0] + 2.0


def test_s13_with_gravity_the_relaxed_thread_settles_into_a_sag():
    model = quiet_model(gravity=0.3, relax_force=0.2)
    start, middle = across(far_thread(model))
    bug = launch(model, "walker", start, middle)
    fly_until(model, bug, "caught")
    fly_until(model, bug, "dead", STRUGGLE_FRAMES + 20)
    for _ in range(300):
        model.step()
    a, b = (t.other(bug.knot) for t in bug.knot.threads)
    assert bug.knot.y >= (a.y + b.y) / 2 - 0.5  # hangs at or below the straight line
    assert midpoint_gap(bug.knot) < 4.0  # a gentle sag, not a kink


def test_s13_relax_force_zero_leaves_the_kink():
    gaps = {}
    for relax in (0.0, 0.2):
        model = quiet_model(gravity=0.0, relax_force=relax, catch_force=1.5)
        start, middle = across(far_thread(model))
        bug = launch(model, "walker", start, middle)
        fly_until(model, bug, "caught")
        fly_until(model, bug, "dead", STRUGGLE_FRAMES + 20)
        for _ in range(120):
            model.step()
        gaps[relax] = midpoint_gap(bug.knot)
    assert gaps[0.2] < 0.5 * gaps[0.0]


def test_s6_a_struggling_bug_drags_its_thread_to_a_close_spider_and_hurts_it():
    model = quiet_model()
    spider = model.spider
    thread = spider.thread
    sx, sy = spider.position
    dx, dy = thread.b.x - thread.a.x, thread.b.y - thread.a.y
    length = hypot(dx, dy)
    nearby = [t for t in model.web.threads if t is not thread
              and 30 < distance_to_segment((sx, sy), t.a.position, t.b.position) < 60]
    target = nearby[0]
    start, middle = across(target, 20)
    if hypot(start[0] - sx, start[1] - sy) < hypot(middle[0] - sx, middle[1] - sy):
        start, middle = across(target, -20)
    bug = launch(model, "walker", start, middle)
    fly_until(model, bug, "caught")
    assert hypot(bug.knot.x - sx, bug.knot.y - sy) < DRAG_RADIUS
    for _ in range(240):
        model.step()
        if model.hp < HP_MAX:
            break
    assert model.hp == HP_MAX - DRAG_DAMAGE
    assert hypot(bug.knot.x - spider.x, bug.knot.y - spider.y) < 20  # the thread came to it
    assert length > 0


def test_s6_a_far_spider_is_not_hurt_by_a_catch():
    model = quiet_model()
    start, middle = across(far_thread(model, distance=DRAG_RADIUS + 150))
    bug = launch(model, "walker", start, middle)
    fly_until(model, bug, "caught")
    fly_until(model, bug, "dead", STRUGGLE_FRAMES + 20)
    assert model.hp == HP_MAX


def test_a_bug_with_a_clear_line_bites_and_backs_off():
    model = quiet_model()
    frame = max((t for t in model.web.threads if t.kind == "frame"), key=lambda t: t.a.x + t.b.x)
    model.spider.place(frame, 0.5)
    sx, sy = model.spider.position
    bug = launch(model, "walker", (sx + 150, sy), (sx, sy))
    bug.retreat = 0
    for _ in range(150):
        model.step()
        if model.hp < HP_MAX:
            break
    assert model.hp == HP_MAX - BITE_DAMAGE and model.counts["bites"] == 1
    assert bug.retreat > 0 and bug.hx > 0  # it flies off, to come again


def test_s9_cutters_sever_old_threads_but_fresh_silk_catches_them():
    model = quiet_model()
    target = far_thread(model)
    start, middle = across(target)
    cutter = launch(model, "cutter", start, middle)
    threads_before = len(model.web.threads)
    for _ in range(60):
        model.step()
        if model.counts["cuts"]:
            break  # the first cut (flying on, it may meet the next ring)
    assert target not in model.web.threads and model.counts["cuts"] == 1
    strands = [t for t in model.web.threads if t.kind == "strand"]
    assert len(strands) == 2 and len(model.web.threads) == threads_before + 1
    assert cutter.state == "moving" and cutter.cuts >= 1
    # fresh silk stops a cutter at once: spin a long thread into the open sky and fly across it
    fresh = quiet_model()
    frame = max((t for t in fresh.web.threads if t.kind == "frame"), key=lambda t: t.a.x + t.b.x)
    fresh.spider.place(frame, 0.5)
    sx, sy = fresh.spider.position
    assert fresh.shoot((sx + 100, sy))
    silk = fresh.spider.thread
    assert silk.kind == "silk" and silk.length() > 250
    fresh_cutter = launch(fresh, "cutter", (sx + 200, sy - 40), (sx + 200, sy))
    fly_until(fresh, fresh_cutter, "caught", 80)
    assert fresh.counts["cuts"] == 0
    # ... while the same thread, grown old, is cut
    old = quiet_model()
    old.spider.place(max((t for t in old.web.threads if t.kind == "frame"),
                         key=lambda t: t.a.x + t.b.x), 0.5)
    assert old.shoot((sx + 100, sy))
    old.web.frame += FRESH_FRAMES
    old_cutter = launch(old, "cutter", (sx + 200, sy - 40), (sx + 200, sy))
    for _ in range(60):
        old.step()
    assert old.counts["cuts"] == 1 and old_cutter.state == "moving"


def test_s9_a_cutter_with_blunt_jaws_is_caught_by_any_thread():
    model = quiet_model()
    start, middle = across(far_thread(model))
    cutter = launch(model, "cutter", start, middle)
    cutter.cuts = CUTTER_BLADES
    fly_until(model, cutter, "caught", 80)
    assert model.counts["cuts"] == 0


def test_a_bug_caught_right_at_an_anchor_hangs_on_a_new_knot_beside_it():
    model = quiet_model()
    frame = max((t for t in model.web.threads if t.kind == "frame"), key=lambda t: t.a.x + t.b.x)
    anchor = frame.a
    bug = launch(model, "walker", (anchor.x + 30, anchor.y), (anchor.x, anchor.y))
    edges = len(model.web.threads)
    fly_until(model, bug, "caught", 60)
    assert not bug.knot.pinned and len(model.web.threads) == edges + 1
    assert hypot(bug.knot.x - anchor.x, bug.knot.y - anchor.y) < 20


def lure_scene(age):
    """A spider on the right rim with one silk thread shot straight out into the sky, `age`
    frames old, and a bug flying in from above the thread's far half."""
    model = quiet_model()
    frame = max((t for t in model.web.threads if t.kind == "frame"), key=lambda t: t.a.x + t.b.x)
    model.spider.place(frame, 0.5)
    sx, sy = model.spider.position
    assert model.shoot((sx + 100, sy))
    silk = model.spider.thread
    model.web.frame += age
    bug = launch(model, "walker", (sx + 220, sy - 110), (sx, sy))
    bug.retreat = 0  # a real chase: it homes in, unless something lures it
    return model, bug, silk


def test_fresh_silk_lures_a_passing_bug_and_traps_it_away_from_the_spider():
    model, bug, silk = lure_scene(age=0)
    assert distance_to_segment((bug.x, bug.y), silk.a.position, silk.b.position) < LURE_RADIUS
    fly_until(model, bug, "caught", 200)
    a, b = silk.a, silk.b  # the knots the silk thread ran between (it is split now)
    assert {t.other(bug.knot) for t in bug.knot.threads} == {a, b}
    assert hypot(bug.knot.x - model.spider.x, bug.knot.y - model.spider.y) > DRAG_RADIUS
    assert model.hp == HP_MAX


def test_old_silk_does_not_lure():
    model, bug, silk = lure_scene(age=FRESH_FRAMES)
    for _ in range(200):
        model.step()
        if bug.state == "caught" or model.counts["bites"]:
            break
    near = bug.state == "caught" and hypot(bug.knot.x - model.spider.x,
                                           bug.knot.y - model.spider.y) < DRAG_RADIUS
    assert model.counts["bites"] == 1 or near  # it came for the spider itself
