"""Steady frames (issue 12): the clock fed realistic frame-time series counts steps per frame.

A screen's refresh is regular; what wobbles is when the loop reads the time after its flip.
So the series are built as a real loop sees them: vsync instants n * period, each read late by
a scheduling delay (mostly under a millisecond, now and then a few), differenced into frame
times. The old rule (add up raw frame times) is run on the same series to show the series
really are jittery enough to judder.
"""

import random

import pytest

from app.clock import (MAX_STEPS_PER_FRAME, STEP_SECONDS, FixedStepClock, Pacer,
                          snapped_period)

SECONDS = 20


def vsync_loop(hz, seconds=SECONDS, seed=1, work_ms=3.0, spike_every=40, spike_ms=4.0):
    """A vsync'd loop at `hz`: (frame times the loop reads, the screen times its frames showed).

    Each pass reads the clock a little after its flip returns (a wake-up latency of a fraction
    of a millisecond, now and then a few), works `work_ms`, and flips: the frame shows at the
    first refresh after the work is done, so a pass that starts too late really misses one.
    """
    rng = random.Random(seed)
    period = 1.0 / hz
    shown, reads = [0.0], []
    for _ in range(int(seconds * hz)):
        late = abs(rng.gauss(0.0, 0.0006))
        if rng.random() < 1.0 / spike_every:
            late += rng.uniform(1.0, spike_ms) / 1000.0
        reads.append(shown[-1] + late)
        ready = reads[-1] + work_ms / 1000.0
        shown.append(period * (int(ready / period + 1e-9) + 1))
    times = [b - a for a, b in zip(reads, reads[1:])]
    return times, shown[1:-1]  # time i ends at read i+1, which follows the flip shown[i+1]


def vsync_frame_times(hz, **kwargs):
    return vsync_loop(hz, **kwargs)[0]


def raw_accumulator_steps(times):
    """The rule before this issue: add up measured time, run whole steps."""
    backlog, steps = 0.0, []
    for elapsed in times:
        backlog += elapsed
        n = int(backlog / STEP_SECONDS)
        backlog -= n * STEP_SECONDS
        steps.append(n)
    return steps


def clock_steps(times):
    clock = FixedStepClock()
    return [clock.advance(elapsed) for elapsed in times]


@pytest.mark.parametrize("hz", [60.0, 59.94, 60.05])
def test_at_60_hz_every_frame_runs_exactly_one_step(hz):
    times = vsync_frame_times(hz, work_ms=7.9)  # the rope's measured work per frame
    assert max(times) - min(times) > 0.004  # the readings really do wobble by milliseconds
    old = raw_accumulator_steps(times)
    assert sum(1 for n in old if n != 1) > 0.02 * len(old)  # the old rule judders on them
    steps = clock_steps(times)
    assert all(n == 1 for n in steps), [i for i, n in enumerate(steps) if n != 1][:10]


def step_intervals(steps, shown, period):
    """Screen time between frames that moved, in display periods (rounded to whole ones)."""
    moved = [shown[i] for i, n in enumerate(steps) if n]
    return {round((b - a) / period) for a, b in zip(moved, moved[1:])}


def test_at_144_hz_steps_keep_60_a_second_never_two_in_a_frame_and_an_even_cadence():
    # a machine that keeps up: wake-ups late by up to ~4 ms, 2.5 ms of work, no refresh missed
    times, shown = vsync_loop(144.0, work_ms=2.5, spike_ms=3.0)
    assert {round((b - a) * 144) for a, b in zip(shown, shown[1:])} == {1}
    assert max(times) - min(times) > 0.004
    steps = clock_steps(times)
    assert max(steps) == 1
    per_second = sum(steps) / sum(times)
    assert abs(per_second - 60.0) < 0.5
    # 144 / 60 = 2.4 refreshes a step: on screen, steps come 2 or 3 refreshes apart, never 1 or 4
    assert step_intervals(steps, shown, 1 / 144) == {2, 3}
    # and in the ideal order: 2.4 refreshes a step is 2,2,3,2,3..., so never 3,3 or 2,2,2
    assert uneven_runs(steps, shown, 1 / 144) == 0
    assert uneven_runs(raw_accumulator_steps(times), shown, 1 / 144) > 0  # the old rule: is not


def uneven_runs(steps, shown, period):
    """How often the gaps between moving frames run 3,3 or 2,2,2 (refreshes)."""
    moved = [shown[i] for i, n in enumerate(steps) if n]
    gaps = "".join(str(round((b - a) / period)) for a, b in zip(moved, moved[1:]))
    return gaps.count("33") + gaps.count("222")


def test_at_120_hz_steps_come_exactly_every_other_refresh():
    times, shown = vsync_loop(120.0, work_ms=2.5, spike_ms=3.0)
    assert {round((b - a) * 120) for a, b in zip(shown, shown[1:])} == {1}
    steps = clock_steps(times)
    assert max(steps) == 1
    assert step_intervals(steps[20:], shown[20:], 1 / 120) == {2}


def test_at_30_hz_every_frame_runs_two_steps():
    steps = clock_steps(vsync_frame_times(30.0))
    assert all(n == 2 for n in steps)


def test_a_missed_vsync_catches_up_and_the_frames_after_run_one_step_again():
    times = vsync_frame_times(60.0, seconds=2)
    times[60] += 1 / 60  # one frame shown a refresh late: 33 ms
    steps = clock_steps(times)
    assert steps[60] == 2
    assert all(n == 1 for i, n in enumerate(steps) if i != 60)


def test_a_slow_machine_at_45_fps_keeps_real_time():
    rng = random.Random(3)
    times = [1 / 45 + rng.uniform(-0.001, 0.001) for _ in range(45 * 10)]
    steps = clock_steps(times)
    assert abs(sum(steps) / sum(times) - 60.0) < 1.0
    assert max(steps) <= 2


@pytest.mark.parametrize("period, snapped", [
    (1 / 59.94, 1 / 60), (1 / 61, 1 / 60), (1 / 120.5, 1 / 120), (1 / 30.2, 1 / 30),
    (1 / 144, 1 / 144), (1 / 75, 1 / 75), (1 / 50, 1 / 50),
])
def test_snapping_only_takes_periods_near_a_whole_ratio_of_a_step(period, snapped):
    assert snapped_period(period) == pytest.approx(snapped, abs=1e-12)


def test_a_pause_is_left_out_of_the_period_estimate():
    clock = FixedStepClock()
    for _ in range(10):
        clock.advance(1 / 60)
    assert clock.advance(30.0) == MAX_STEPS_PER_FRAME
    assert [clock.advance(1 / 60) for _ in range(10)] == [1] * 10


def test_pacer_trusts_a_blocking_vsync_and_sleeps_to_fixed_deadlines_without_one():
    pacer = Pacer(vsync=True)
    start = 100.0
    for i in range(10):  # flips that wait ~16.7 ms: no sleeping on top
        assert pacer.delay(start + i / 60, start + i / 60 + 0.002) == 0.0
    fake = Pacer(vsync=True)  # flips that return at once: vsync is not really there
    delays = [fake.delay(start + i * 0.001, start + i * 0.001 + 0.0005) for i in range(40)]
    assert not fake.vsync and delays[-1] > 0.0
    timer = Pacer(vsync=False)
    now, ends = 0.0, []
    for _ in range(600):
        work = 0.004
        wake = now + work + timer.delay(now, now + work) + 0.0008  # every wake-up 0.8 ms late
        ends.append(wake)
        now = wake
    mean = (ends[-1] - ends[0]) / (len(ends) - 1)
    assert mean == pytest.approx(1 / 60, rel=0.002)  # late wake-ups do not slow the beat


def test_an_irregular_loop_with_no_beat_keeps_real_time():
    """A busy machine with no vsync: frame times all over the place are counted as measured."""
    rng = random.Random(5)
    times = [rng.uniform(0.012, 0.040) for _ in range(3000)]
    steps = clock_steps(times)
    # within 2% of real time (a stray stretch of frames that happens to fit a beat is counted
    # on it); the lock would otherwise run such a loop some 8% fast
    assert abs(sum(steps) / sum(times) - 60.0) < 1.2
