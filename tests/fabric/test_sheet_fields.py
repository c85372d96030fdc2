"""A sheet's kept fields and tight passes move its points as the plain passes do, to the bit.

`scenes.kit.model.sheet.Sheet` solves its links with kept fields (`World.gauss_seidel_plan`)
and runs its spacers, tethers and tear check through `verlet.fast_passes`. Here the cloak and
the flag run twice from the same start, one of them switched back to the plain passes
(`push_apart`, `Distance.project_all(tethers, move_now)`, `snap_overstretched`, the links'
fields read every solve), through grabs, slow drags that slip, yanks that tear, knife strokes,
pieces falling off and the wind: every point must stand at the same floats after every frame.
"""

import pickle
import types

from scenes.catalog import SCENES
from scenes.kit.model.sheet import TEARS_PER_FRAME
from scenes.kit.model.run import Run, record, set_record
from verlet import Distance, move_now, push_apart, snap_overstretched


def simulation(name, seed=5, **values):
    scene = SCENES[name]
    return Run(name, scene.model_class, scene.params, scene.size, seed, values)


def plain_start_passes(sheet):
    sheet._passes_left = sheet.world.iterations * sheet.world.substeps
    if sheet.live_spacers:
        push_apart(sheet.live_spacers)


def plain_keep_apart(sheet):
    sheet._passes_left -= 1
    if sheet.live_spacers and sheet._passes_left > 0:
        push_apart(sheet.live_spacers)
    if sheet.tethers:
        Distance.project_all(sheet.tethers, move_now)


def plain_tear(sheet):
    broken = snap_overstretched(sheet.world.constraints, TEARS_PER_FRAME)
    if broken:
        sheet._forget(broken)
    return broken


def plainly(sim):
    """Switch the simulation's sheet back to the plain passes, reading every field anew."""
    sheet = sim.model.sheet
    world = sheet.world
    world.gauss_seidel_plan = None
    swaps = {sheet._start_passes: types.MethodType(plain_start_passes, sheet),
             sheet.keep_apart: types.MethodType(plain_keep_apart, sheet)}
    for hooks in world.hooks.values():
        hooks[:] = [swaps.get(hook, hook) for hook in hooks]
    sheet.tear = types.MethodType(plain_tear, sheet)
    return sim


def state(sim):
    world = sim.model.world
    return ([(p.x, p.y, p.px, p.py, p.pinned) for p in world.particles],
            len(world.constraints), sim.model.sheet.torn, len(sim.model.sheet.live_spacers))


def session(sim):
    """A hand's session on a sheet: a slow drag that slips, a yank that tears, a stroke that
    cuts a piece free so it falls off, the wind, a grab let go; yields after every frame."""
    sheet = sim.model.sheet
    grid = sheet.grid
    middle = grid[len(grid) // 2 + sheet.columns // 2]
    x, y = middle.x, middle.y
    sim.apply(record("down", (x, y)))
    for i in range(90):  # a slow drag down: it slips out of the hand
        sim.apply(record("move", (x, y + 0.6 * i)))
        sim.step()
        yield
    sim.apply(record("up", (x, y + 54.0)))
    low = grid[-2]
    x, y = low.x, low.y
    sim.apply(record("down", (x, y)))
    for i in range(30):  # a yank down and sideways: it tears
        sim.apply(record("move", (x + 9.0 * i, y + 14.0 * i)))
        sim.step()
        yield
    sim.apply(record("up", (x + 270.0, y + 420.0)))
    top, bottom = grid[sheet.columns + 1], grid[-1]
    sim.apply(record("cut_down", (top.x - 200.0, (top.y + bottom.y) / 2.0)))
    for i in range(20):  # a stroke across the lower half: a piece falls off
        sim.apply(record("cut_move", (top.x - 200.0 + 40.0 * i, (top.y + bottom.y) / 2.0 + 2.0 * i)))
        sim.step()
        yield
    sim.apply(record("cut_up", (top.x + 600.0, bottom.y)))
    sim.apply(record("key_down", "space"))
    sim.apply(record("key_up", "space"))
    for _ in range(200):
        sim.step()
        yield


def test_the_cloak_and_the_flag_move_as_with_the_plain_passes():
    for name in ("cloth", "flag"):
        fast, plain = simulation(name), plainly(simulation(name))
        assert state(fast) == state(plain)
        before = state(fast)
        frames = 0
        for _ in zip(session(fast), session(plain)):
            frames += 1
            assert state(fast) == state(plain), (name, frames)
        after = state(fast)
        assert frames == 340
        assert after[1] < before[1] - 10, f"{name}: the session must tear and cut links"
        assert after[2] > 10 and after[3] < before[3], name
        assert fast.model.sheet.live_spacers, name


def test_the_cloak_pulled_across_frames_with_spacers_pushing_stays_exact():
    """The cloak at one pass and at six, with a stronger gravity: spacers and tethers at work
    in every frame, and the links' kept fields under a hand that pins and frees points."""
    for values in ({"iterations": 1, "gravity": 1.0}, {"iterations": 6}):
        fast, plain = simulation("cloth", **values), plainly(simulation("cloth", **values))
        pushed = 0
        for _ in zip(session(fast), session(plain)):
            assert state(fast) == state(plain), values
            pushed += 1
        assert pushed == 340


def test_a_copy_makes_its_fields_again_and_runs_on_exactly():
    """A pickled copy (a rewind's keyframe) leaves the kept fields out and runs on, frame for
    frame, as the sheet it was copied from."""
    for name in ("cloth", "flag"):
        sim = simulation(name)
        steps = session(sim)
        for _ in range(100):
            next(steps)
        copy = pickle.loads(pickle.dumps(sim.model))
        sheet = copy.sheet
        assert all(getattr(sheet, kept) is None for kept in ("_kept_links", "_kept_spacers",
                                                              "_kept_tethers", "_kept_reach"))
        for _ in range(120):
            sim.model.step()
            copy.step()
        ours = [(p.x, p.y) for p in sim.model.world.particles]
        assert ours == [(p.x, p.y) for p in copy.world.particles], name
        assert sheet._kept_links is not None and sheet._kept_reach is not None


def test_the_room_with_a_top_speed_is_cap_speed_then_the_walls():
    """`Sheet.keep_in_room(top)` in one loop gives what `cap_speed` and then the walls give
    (points thrown fast, past the walls, pinned ones among them)."""
    import random

    from verlet import cap_speed

    def plain_room(sheet):
        width = sheet.size[0]
        for p in sheet.world.particles:
            if p.x < 0.0 or p.x > width:
                p.x = p.px = min(width, max(0.0, p.x))
            if p.y < 0.0:
                p.y = p.py = 0.0

    rng = random.Random(7)
    fast, plain = simulation("cloth"), simulation("cloth")
    capped = walled = 0
    for _ in range(20):
        for p, q in zip(fast.model.world.particles, plain.model.world.particles):
            p.x = q.x = rng.uniform(-80.0, 1040.0)
            p.y = q.y = rng.uniform(-80.0, 400.0)
            p.px = q.px = p.x + rng.uniform(-40.0, 40.0)
            p.py = q.py = p.y + rng.uniform(-40.0, 40.0)
        capped += sum((p.x - p.px) ** 2 + (p.y - p.py) ** 2 > 24.0 ** 2 and not p.pinned
                      for p in plain.model.world.particles)
        walled += sum(p.x < 0.0 or p.y < 0.0 or p.x > 960 for p in plain.model.world.particles)
        fast.model.sheet.keep_in_room(24.0)
        cap_speed(plain.model.world.particles, 24.0)
        plain_room(plain.model.sheet)
        assert state(fast) == state(plain)
    assert capped > 500 and walled > 200, (capped, walled)
