"""A frame taken phase by phase (`Run.step_phase`, the `,` key) is the frame itself.

In every scene, after a scripted session with input (its golden session: presses, a drag, a
flick, keys, slider drags; the spider mid-game with bugs on the web and HP lost, the bridge with
crates on it), one simulation takes whole frames and a twin takes the same frames one phase at
a time: integrate, iteration 1..N, finish. Both must agree to the bit, in the state and in every
particle's position and previous position.
"""

import json
import struct

import pytest

from scenes.catalog import SCENES
from scenes.kit.model.script import load_script
from tests.support.golden.record import EVENTS
from scenes.kit.model.run import record

SESSION_FRAMES = {"spider": 620, "bridge": 820}
"""How far into its golden session each scene is stepped by phases (default 450: past the drag
and the flick; the spider's game has bugs by 620, the bridge crates by 820)."""


def simulation(name):
    from scenes.kit.model.run import Run

    cls = SCENES[name]
    return Run(name, cls.model_class, cls.params, cls.size, seed=0)


def bits(sim):
    """The run as exact tokens: its state JSON and every particle's x, y, px, py as bytes."""
    particles = sim.model.world.particles
    packed = b"".join(struct.pack("<4d", p.x, p.y, p.px, p.py) for p in particles)
    return json.dumps(sim.state(), sort_keys=True), packed


def play_to(sims, entries, frame):
    """Feed both twins the script's entries and whole steps up to `frame`."""
    for sim in sims:
        while sim.frame < frame:
            for entry in entries.get(sim.frame, ()):
                sim.apply(entry)
            sim.step()


def by_frame(name):
    entries = {}
    for entry in load_script(EVENTS / f"{name}.json"):
        entries.setdefault(entry["frame"], []).append(entry)
    return entries


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SCENES))
def test_a_frame_taken_phase_by_phase_is_the_frame(name):
    whole, phased = simulation(name), simulation(name)
    entries = by_frame(name)
    start = SESSION_FRAMES.get(name, 450)
    play_to((whole, phased), entries, start)
    if name == "spider":
        assert whole.model.swarm.enemies and whole.model.hp < 10  # mid-game
    if name == "bridge":
        assert whole.model.crates
    for _ in range(3):
        whole.step()
        iterations = phased.model.world.iterations
        names = []
        while True:
            phase = phased.step_phase()
            names.append(phase[0] if phase[1] is None else f"{phase[0]} {phase[1]}")
            if phase[0] != "finish":
                assert phased.state()["phase"]["name"] == phase[0]
                assert phased.frame == whole.frame - 1  # not a frame yet
            else:
                break
        assert names == (["integrate"] + [f"iteration {k}" for k in range(1, iterations + 1)]
                         + ["finish"])
        assert phased.state()["phase"] is None
        assert bits(phased) == bits(whole)


@pytest.mark.parametrize("name", ["rope", "takopi", "spider"])
def test_a_step_or_an_input_mid_frame_first_finishes_that_frame(name):
    whole, phased = simulation(name), simulation(name)
    entries = by_frame(name)
    play_to((whole, phased), entries, 200)
    point = tuple(whole.model.points()[3])
    # the twin stops after the integration and the first iteration, then a "." comes
    whole.step()
    phased.step_phase()
    phased.step_phase()
    assert phased.state()["phase"] == {"name": "iteration", "index": 1,
                                       "of": phased.model.world.iterations}
    phased.step()
    assert phased.state()["phase"] is None
    assert bits(phased) == bits(whole)
    # mid-frame again, then a press: the frame is finished before the press is taken
    whole.step()
    whole.apply(record("down", point))
    phased.step_phase()
    phased.apply(record("down", point))
    assert phased.frame == whole.frame
    for sim in (whole, phased):
        sim.step()
    assert bits(phased) == bits(whole)


def test_the_phase_state_names_the_iteration_and_its_count():
    sim = simulation("rope")
    assert sim.state()["phase"] is None
    assert sim.step_phase() == ("integrate", None, sim.model.world.iterations)
    assert sim.state()["phase"] == {"name": "integrate", "of": sim.model.world.iterations}
    sim.step_phase()
    sim.step_phase()
    assert sim.state()["phase"] == {"name": "iteration", "index": 2,
                                    "of": sim.model.world.iterations}
    assert sim.frame == 0
