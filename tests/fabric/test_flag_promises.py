"""The flag keeps what its hint and README promise: calm, it hangs down the pole and calming
the wind never tears it; in wind, waves travel from the pole to the fly; it opens at rest; at
STORM_TEAR the strongest wind rips it and the default wind does not."""

from math import atan2, degrees, hypot

import pytest

from scenes.catalog import SCENES
from scenes.flag import model as flag
from scenes.kit.model.run import record, Run

COLUMNS, ROWS = flag.COLUMNS, flag.ROWS


def simulation(seed=5, **values):
    scene = SCENES["flag"]
    return Run("flag", scene.model_class, scene.params, scene.size, seed, values)


def fly_edge(sim):
    """The mean (x, y) of the flag's free edge."""
    grid = sim.model.sheet.grid
    edge = [grid[r * COLUMNS + COLUMNS - 1] for r in range(ROWS)]
    return sum(p.x for p in edge) / ROWS, sum(p.y for p in edge) / ROWS


@pytest.mark.slow
@pytest.mark.parametrize("values", [{}, {"iterations": 1, "gravity": 1.0}, {"iterations": 20},
                                    {"gravity": 0.1}])
def test_without_wind_it_hangs_down_the_pole(values):
    """From the middle of its hoist to the middle of its fly the flag hangs within 22 degrees
    of the pole (it stood out at 35-86 degrees, its links at 1.05-1.65x rest)."""
    sim = simulation(wind=0.0, **values)
    for _ in range(300):
        sim.step()
    x, y = fly_edge(sim)
    hoist_y = sum(sim.model.sheet.grid[r * COLUMNS].y for r in range(ROWS)) / ROWS
    assert degrees(atan2(x - flag.POLE_X, y - hoist_y)) < 22.0
    assert y > flag.POLE_TOP + (ROWS - 1) * flag.SPACING  # below the hoist edge
    assert max(k.length() / k.rest for k in sim.model.world.constraints) < 1.12


@pytest.mark.slow
@pytest.mark.parametrize("values", [{"tear": 1.15}, {"tear": 1.15, "wind": 2000.0},
                                    {"tear": 1.15, "gravity": 1.0},
                                    {"tear": 1.15, "iterations": 20, "gravity": 0.0},
                                    {"tear": 1.25, "iterations": 1}])
def test_calming_the_wind_never_tears_it(values):
    """Space in a blow, at the lowest tear limits the blow survives: the flag falls to the pole
    and holds (at 1.3 it used to tear)."""
    sim = simulation(**values)
    for _ in range(240):
        sim.step()
    torn = sim.state()["torn"]
    sim.apply(record("key_down", "space"))
    for _ in range(600):
        sim.step()
    assert not sim.state()["wind_on"] and sim.state()["torn"] == torn == 0


def adjacent_lags(sim, row=3, frames=900, window=20):
    """For each pair of neighbouring columns (from the first free one to the fly): the lag in
    frames at which the second's vertical motion best matches the first's (cross-correlation)."""
    grid = sim.model.sheet.grid
    heights = [[] for _ in range(COLUMNS)]
    for _ in range(frames):
        sim.step()
        for c in range(COLUMNS):
            heights[c].append(grid[row * COLUMNS + c].y)
    centred = []
    for series in heights:
        mean = sum(series) / len(series)
        centred.append([v - mean for v in series])
    lags = []
    for c in range(1, COLUMNS - 1):
        a, b = centred[c], centred[c + 1]
        scores = []
        for lag in range(-window, window + 1):
            pairs = range(max(0, -lag), min(len(a), len(b) - lag))
            scores.append((sum(a[i] * b[i + lag] for i in pairs) / len(pairs), lag))
        lags.append(max(scores)[1])
    return lags


@pytest.mark.slow
@pytest.mark.parametrize("seed,values", [(0, {}), (1, {}), (5, {"wind": 3000.0}),
                                         (2, {"iterations": 10})])
def test_waves_travel_from_the_pole_to_the_fly(seed, values):
    """Each column moves up and down later than the one nearer the pole: the phase lag along a
    row grows toward the fly (a board swinging in phase would lag 0 everywhere)."""
    lags = adjacent_lags(simulation(seed=seed, **values))  # all 0 when it swung as a board
    assert all(lag >= 1 for lag in lags[:4]) and all(lag >= -1 for lag in lags), lags
    assert sum(lags) >= 12, lags  # a fifth of a second from the first free column to the fly


@pytest.mark.parametrize("values", [{"wind": 0.0}, {"wind": 0.0, "iterations": 1, "gravity": 1.0}])
def test_a_calm_flag_opens_at_rest_and_r_opens_it_the_same_way(values):
    sim = simulation(**values)
    start = [(p.x, p.y) for p in sim.model.world.particles]
    for _ in range(300):
        sim.step()
    assert max(hypot(p.x - x, p.y - y) for p, (x, y) in zip(sim.model.world.particles, start)) < 0.5
    sim.apply(record("key_down", "r"))
    assert [(p.x, p.y) for p in sim.model.world.particles] == start


def test_a_windy_flag_opens_already_flying():
    """No start-up: the first second moves as much as any later second, and the fly is out."""
    sim = simulation()
    x, _ = fly_edge(sim)
    assert x - flag.POLE_X > 200.0

    def motion(frames):
        total = 0.0
        for _ in range(frames):
            before = [(p.x, p.y) for p in sim.model.world.particles]
            sim.step()
            total += sum(hypot(p.x - bx, p.y - by)
                         for p, (bx, by) in zip(sim.model.world.particles, before))
        return total

    first = motion(60)
    for _ in range(540):
        sim.step()
    assert first < 2.0 * motion(60)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_at_the_storm_tear_limit_only_the_strongest_wind_rips_it(seed):
    """What the help line and README say: with the tear limit at STORM_TEAR the default wind
    tears nothing in 20 s and the strongest wind rips the flag within 7 s (seeds 0-4: 2.3 to
    6.3 s; the 31.5 px flag's storm, which the 25 px flag flies exactly as, scaled, struck the
    canvas's top wall, and the wall's knocks ripped seed 2 a second sooner)."""
    held = simulation(seed=seed, tear=flag.STORM_TEAR)
    for _ in range(1200):
        held.step()
    assert held.state()["torn"] == 0
    storm = simulation(seed=seed, tear=flag.STORM_TEAR, wind=5000.0)
    for _ in range(420):
        storm.step()
    assert storm.state()["torn"] >= 5
