"""The quality governor (issue 14, "A frame that adapts"), driven by a fake clock.

Frames are fed at 60 Hz with a chosen amount of work each: no real time passes, so these
tests are exact and fast. Work is given as a share of the 1/60 s display interval.
"""

import random

import pytest

from app.quality import (CLIMB_SECONDS, DROP_SHARE, HOLD_SECONDS, MODES, ROOM_SHARE, TIERS,
                            FrameRate, QualityGovernor, budget_interval, label)

INTERVAL = 1.0 / 60.0


def run(governor, seconds, share_of, start=0.0, interval=INTERVAL):
    """Feed `seconds` of 60 Hz frames; `share_of(tier, t)` is each frame's work share.
    Returns the time after the last frame."""
    frames = round(seconds * 60)
    t = start
    for i in range(frames):
        t = start + (i + 1) * INTERVAL
        governor.record(t, share_of(governor.tier, t) * INTERVAL, interval)
    return t


def first_change_time(governor):
    return governor.changes[0][0] if governor.changes else None


def test_slow_frames_drop_one_tier_within_about_a_second():
    governor = QualityGovernor("auto")
    assert governor.tier == "high"
    run(governor, 1.2, lambda tier, t: 0.95)
    assert governor.tier == "medium"
    assert 0.9 <= first_change_time(governor) <= 1.1


def test_still_slow_after_the_hold_off_drops_again_but_never_below_low():
    governor = QualityGovernor("auto")
    run(governor, 30.0, lambda tier, t: 1.5)
    assert governor.tier == "low"
    assert [tier for _, tier in governor.changes] == ["medium", "low"]
    (first, _), (second, _) = governor.changes
    assert second - first >= HOLD_SECONDS  # judged afresh after the hold-off, not at once


def test_a_frame_just_under_the_drop_threshold_keeps_the_tier():
    governor = QualityGovernor("auto")
    run(governor, 20.0, lambda tier, t: DROP_SHARE - 0.05)
    assert governor.tier == "high" and governor.changes == []


def test_fast_frames_restore_the_tier_after_a_few_seconds():
    governor = QualityGovernor("auto")
    end = run(governor, 1.1, lambda tier, t: 0.95)  # a heavy second: drops to medium
    assert governor.tier == "medium"
    dropped_at = first_change_time(governor)
    run(governor, 10.0, lambda tier, t: 0.2, start=end)
    assert governor.tier == "high"
    climbed_at = governor.changes[1][0]
    # hold-off, then CLIMB_SECONDS of room: a few seconds, not one frame and not forever
    assert CLIMB_SECONDS <= climbed_at - dropped_at <= HOLD_SECONDS + CLIMB_SECONDS + 0.5


def test_room_must_last_the_whole_wait_before_a_climb():
    governor = QualityGovernor("auto")
    end = run(governor, 1.1, lambda tier, t: 0.95)
    # room for two seconds at a time, broken by a second of middling load (above ROOM_SHARE)
    def share(tier, t):
        return 0.6 if int(t - end) % 3 == 2 else 0.3
    run(governor, 20.0, share, start=end)
    assert governor.tier == "medium"
    assert ROOM_SHARE < 0.6 < DROP_SHARE


def scene_like(costs):
    """A scene whose work depends on the tier drawn: {tier: share of the interval}."""
    return lambda tier, t: costs[tier]


def test_a_tier_that_does_not_fit_is_not_retried_every_few_seconds():
    # high needs 90% of the frame, medium 40%: a naive governor would climb and fall forever
    governor = QualityGovernor("auto")
    run(governor, 60.0, scene_like({"high": 0.9, "medium": 0.4, "low": 0.2}))
    changes = len(governor.changes)
    assert governor.tier in ("medium", "high")
    assert 2 <= changes <= 8, governor.changes
    climbs = [t for (t, tier) in governor.changes if tier == "high"]
    gaps = [b - a for a, b in zip(climbs, climbs[1:])]
    assert all(later > earlier for earlier, later in zip(gaps, gaps[1:]))  # backing off


def test_a_load_alternating_around_the_threshold_changes_tier_only_a_few_times():
    for period in (0.5, 1.0, 2.0, 4.0):
        governor = QualityGovernor("auto")
        # every `period` seconds the load flips between 95% and 45% of the interval
        run(governor, 60.0, lambda tier, t: 0.95 if int(t / period) % 2 == 0 else 0.45)
        assert len(governor.changes) <= 10, (period, governor.changes)
        times = [t for t, _ in governor.changes]
        assert all(b - a >= HOLD_SECONDS for a, b in zip(times, times[1:]))


def test_noisy_frames_around_the_threshold_do_not_flicker():
    rng = random.Random(14)
    governor = QualityGovernor("auto")
    run(governor, 60.0, lambda tier, t: max(0.0, rng.gauss(0.8, 0.25)))
    assert len(governor.changes) <= 6, governor.changes


@pytest.mark.parametrize("tier", TIERS)
def test_pinned_modes_never_change(tier):
    governor = QualityGovernor(tier)
    run(governor, 20.0, lambda _, t: 3.0 if int(t) % 4 < 2 else 0.05)
    assert governor.tier == tier and governor.changes == []


def test_a_pause_is_not_a_measurement():
    governor = QualityGovernor("auto")
    end = run(governor, 0.9, lambda tier, t: 0.95)
    # the tab was hidden for ten seconds; the slow frames before it are forgotten
    run(governor, 0.5, lambda tier, t: 0.95, start=end + 10.0)
    assert governor.tier == "high"


def test_nonsense_measurements_are_ignored():
    governor = QualityGovernor("auto")
    for i in range(200):
        governor.record(i / 60.0, float("nan"), INTERVAL)
        governor.record(i / 60.0, -1.0, INTERVAL)
        governor.record(float("inf"), 0.1, INTERVAL)
    assert governor.tier == "high" and governor.changes == []


def test_the_budget_is_one_step_at_least_and_a_thirtieth_at_most():
    assert budget_interval(None) == budget_interval(float("nan")) == budget_interval(-1) == 1 / 60
    assert budget_interval(1 / 120) == 1 / 60  # a 120 Hz screen still shows every step at 60
    assert budget_interval(1 / 50) == 1 / 50
    assert budget_interval(0.2) == 1 / 30  # a struggling loop's long frames are not the screen's
    # so on a 120 Hz screen a frame of 10 ms (60% of a step) keeps high quality
    governor = QualityGovernor("auto")
    run(governor, 10.0, lambda tier, t: 0.6, interval=1 / 120)
    assert governor.tier == "high"


def test_unknown_mode_is_refused_and_the_label_says_fps_and_tier():
    with pytest.raises(ValueError):
        QualityGovernor("ultra")
    assert MODES[0] == "auto" and set(MODES[1:]) == set(TIERS)
    assert label("medium", "auto", 58.4) == "58 fps · medium (auto)"
    assert label("low", "low", None) == "-- fps · low (pinned)"


def test_frame_rate_counts_frames_over_the_last_second():
    rate = FrameRate()
    assert rate.fps() is None
    for i in range(300):
        rate.tick(i / 30.0)
    assert rate.fps() == pytest.approx(30.0)


def test_a_climb_that_holds_forgives_the_back_off():
    from app.quality import SETTLED_SECONDS

    governor = QualityGovernor("auto")
    # high does not fit for the first 20 s: failed climbs double the wait
    end = run(governor, 20.0, scene_like({"high": 0.9, "medium": 0.4, "low": 0.2}))
    assert governor.climb_wait >= 2 * CLIMB_SECONDS
    end = run(governor, 40.0, lambda tier, t: 0.2, start=end)  # then high fits and holds
    assert governor.tier == "high"
    climbed = [t for t, tier in governor.changes if tier == "high"][-1]
    assert end - climbed > SETTLED_SECONDS and governor.climb_wait == CLIMB_SECONDS
    # a new slow spell now recovers after the base wait, not the doubled one
    end = run(governor, 1.1, lambda tier, t: 0.95, start=end)
    dropped = governor.changes[-1][0]
    run(governor, 10.0, lambda tier, t: 0.2, start=end)
    assert governor.changes[-1][1] == "high"
    assert governor.changes[-1][0] - dropped <= HOLD_SECONDS + CLIMB_SECONDS + 0.5
