"""Timestamp synchroniser: matching and the stated drop policy."""

from __future__ import annotations

import pytest

from memory_node.core.perception import TimestampSynchroniser

STREAMS = ("rgb", "depth", "detections", "pose")


def push_all(sync: TimestampSynchroniser, stamp: float, skew: float = 0.0) -> list:
    out = []
    for i, name in enumerate(STREAMS):
        out += sync.push(name, stamp + i * skew, f"{name}@{stamp}")
    return out


def test_matches_within_tolerance():
    sync = TimestampSynchroniser(STREAMS, tolerance=0.02)
    sets = push_all(sync, 1.0, skew=0.005)
    assert len(sets) == 1
    assert sets[0].messages == {n: f"{n}@1.0" for n in STREAMS}
    assert sets[0].stamp == pytest.approx(1.015)
    assert sum(sync.drops.values()) == 0 and sync.pending() == dict.fromkeys(STREAMS, 0)


def test_faster_stream_pairs_with_nearest_and_passes_over_the_rest():
    sync = TimestampSynchroniser(("rgb", "pose"), tolerance=0.02)
    for t in (0.90, 0.95, 0.99, 1.01):
        assert sync.push("pose", t, t) == []
    (matched,) = sync.push("rgb", 1.0, "img")
    assert matched.messages["pose"] in (0.99, 1.01)  # equally close; either is right
    assert sync.drops["unmatched:pose"] >= 2  # 0.90 and 0.95 can never match


def test_queue_full_drops_the_oldest():
    sync = TimestampSynchroniser(("rgb", "depth"), tolerance=0.01, queue_size=3, max_delay=10)
    for t in (1.0, 2.0, 3.0, 4.0):
        sync.push("rgb", t, t)
    assert sync.drops["queue_full:rgb"] == 1
    (matched,) = sync.push("depth", 2.0, "d")  # 1.0 was evicted, 2.0 still there
    assert matched.messages["rgb"] == 2.0


def test_too_late_and_out_of_order_are_dropped_and_counted():
    sync = TimestampSynchroniser(("rgb", "depth"), tolerance=0.01, max_delay=1.0)
    sync.push("rgb", 5.0, "a")
    sync.push("depth", 5.0, "b")  # emitted at 5.0
    assert sync.push("rgb", 4.5, "late") == []
    assert sync.drops["too_late:rgb"] == 1
    sync.push("rgb", 7.0, "x")
    assert sync.push("rgb", 6.5, "older") == []
    assert sync.drops["out_of_order:rgb"] == 1
    assert sync.push("depth", 5.5, "stale") == []  # 1.5 s behind the newest stamp seen
    assert sync.drops["too_late:depth"] == 1


@pytest.mark.parametrize("stamp", [float("nan"), float("inf"), -1.0, "1.0", None])
def test_invalid_stamps_are_counted(stamp):
    sync = TimestampSynchroniser(("rgb", "depth"))
    assert sync.push("rgb", stamp, "x") == []  # type: ignore[arg-type]
    assert sync.drops["invalid_stamp:rgb"] == 1


def test_configuration_errors_raise():
    with pytest.raises(ValueError, match="distinct"):
        TimestampSynchroniser(("rgb", "rgb"))
    with pytest.raises(ValueError, match="tolerance"):
        TimestampSynchroniser(("rgb",), tolerance=-1)
    with pytest.raises(ValueError, match="queue_size"):
        TimestampSynchroniser(("rgb",), queue_size=0)
    with pytest.raises(ValueError, match="unknown stream"):
        TimestampSynchroniser(("rgb",)).push("thermal", 1.0, None)


def test_long_stream_with_a_missing_message_recovers():
    sync = TimestampSynchroniser(STREAMS, tolerance=0.02, queue_size=5)
    emitted = 0
    for k in range(100):
        t = k / 30
        for name in STREAMS:
            if name == "detections" and k == 40:
                continue  # the detector skipped a frame
            emitted += len(sync.push(name, t, k))
    assert emitted == 99
    assert sync.drops["unmatched:rgb"] == 1


class FakeClock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_far_future_stamp_is_refused_and_does_not_stall_later_frames():
    """Issue 9 finding 2: one detections message stamped ten years ahead used to make
    every later frame "too late" for good."""
    clock = FakeClock(1000.0)
    sync = TimestampSynchroniser(("rgb", "det"), tolerance=0.01, clock=clock)
    emitted = 0
    for k in range(10):
        clock.now = 1000.0 + 0.1 * k
        emitted += len(sync.push("rgb", clock.now, k)) + len(sync.push("det", clock.now, k))
    assert sync.push("det", clock.now + 10 * 365 * 86400.0, "bad") == []
    assert sync.drops["too_early:det"] == 1
    for k in range(10, 110):
        clock.now = 1000.0 + 0.1 * k
        emitted += len(sync.push("rgb", clock.now, k)) + len(sync.push("det", clock.now, k))
    assert emitted == 110
    assert not any(reason.startswith("too_late") for reason in sync.drops)


def test_newest_expires_when_nothing_matches_for_a_while():
    """A stream that restarts from older stamps (replay loop, clock jump back) is matched
    again once nothing was emitted for `expiry` seconds."""
    clock = FakeClock(500.0)
    sync = TimestampSynchroniser(("rgb", "det"), tolerance=0.01, clock=clock, expiry=2.0)
    sync.push("rgb", 400.0, "a")
    assert len(sync.push("det", 400.0, "a")) == 1
    assert sync.push("rgb", 100.0, "old") == []  # late while the newest is fresh
    clock.now = 503.0
    sync.push("rgb", 100.5, "b")
    assert len(sync.push("det", 100.5, "b")) == 1
    assert sync.expired == 1


def test_clock_limits_are_validated():
    with pytest.raises(ValueError, match="max_future"):
        TimestampSynchroniser(("rgb",), max_future=float("inf"))
    with pytest.raises(ValueError, match="expiry"):
        TimestampSynchroniser(("rgb",), expiry=0.0)
