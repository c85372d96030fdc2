"""Every scene's recorded session still ends in the same state and the same last frame.

The sessions (`tests/support/golden/events/`) press, drag, fling, pause, step, restart and move
sliders over 1,260 frames; `tests/support/golden/hashes.json` holds the hash of the final state and of
the last frame at each render tier. A rebuild that keeps what a reader sees keeps every hash;
a change meant to alter a scene records them again (`python -m tests.support.golden.record`) and says
why in its commit.
"""

import json

import pytest

from tests.support.golden import record

RECORDED = json.loads(record.HASHES.read_text())


@pytest.fixture(scope="module")
def played():
    return record.play_all()


def test_every_scene_and_tier_is_recorded():
    assert sorted(RECORDED) == sorted(record.SCENES)
    for scene in record.SCENES:
        assert sorted(RECORDED[scene]) == sorted(record.TIERS)
        assert (record.EVENTS / f"{scene}.json").exists()


@pytest.mark.parametrize("scene", record.SCENES)
def test_session_ends_as_recorded(played, scene):
    moved = {tier: [kind for kind in ("state", "picture")
                    if played[scene][tier][kind] != RECORDED[scene][tier][kind]]
             for tier in record.TIERS}
    assert not any(moved.values()), f"{scene}: changed {moved}"


def test_a_tier_never_changes_the_physics(played):
    for scene in record.SCENES:
        assert len({played[scene][tier]["state"] for tier in record.TIERS}) == 1, scene
