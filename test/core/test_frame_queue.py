"""FrameQueue: frames wait for the pipeline at most max_wait while newer ones queue."""

from __future__ import annotations

import threading

import pytest

from memory_node.core.perception.frame_queue import FrameQueue


class Clock:
    """A settable clock: the test decides how long each frame has waited."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_frames_within_max_wait_are_all_processed_in_order() -> None:
    clock = Clock()
    q: FrameQueue[int] = FrameQueue(0.05, clock=clock)
    for i in range(3):
        q.put(i)
        clock.now += 0.01
    assert [q.take(), q.take(), q.take()] == [0, 1, 2]
    assert q.superseded == 0


def test_frames_that_waited_too_long_are_superseded_by_newer_ones() -> None:
    clock = Clock()
    q: FrameQueue[int] = FrameQueue(0.05, clock=clock)
    q.put(0)          # t = 0
    clock.now = 0.04
    q.put(1)          # t = 0.04
    clock.now = 0.08
    q.put(2)          # t = 0.08
    clock.now = 0.10  # frame 0 waited 0.10 s, frame 1 0.06 s: both stale, 2 is newer
    assert q.take() == 2
    assert q.superseded == 2
    assert len(q) == 0


def test_the_newest_frame_is_never_superseded_for_age() -> None:
    clock = Clock()
    q: FrameQueue[str] = FrameQueue(0.01, clock=clock)
    q.put("only")
    clock.now = 5.0
    assert q.take() == "only"
    assert q.superseded == 0


def test_zero_max_wait_keeps_only_the_newest() -> None:
    clock = Clock()
    q: FrameQueue[int] = FrameQueue(0.0, clock=clock)
    for i in range(3):
        q.put(i)
        clock.now += 0.001
    assert q.take() == 2
    assert q.superseded == 2


def test_at_most_max_frames_wait() -> None:
    clock = Clock()
    q: FrameQueue[int] = FrameQueue(10.0, max_frames=2, clock=clock)
    for i in range(5):
        q.put(i)
    assert q.superseded == 3
    assert [q.take(), q.take()] == [3, 4]


def test_close_wakes_a_waiting_worker() -> None:
    q: FrameQueue[int] = FrameQueue(0.05)
    got: list[int | None] = []
    worker = threading.Thread(target=lambda: got.append(q.take()))
    worker.start()
    q.close()
    worker.join(timeout=10)
    assert not worker.is_alive() and got == [None]


@pytest.mark.parametrize("max_wait, max_frames", [(-0.1, 4), (float("nan"), 4), (0.1, 0)])
def test_bad_settings_are_refused(max_wait: float, max_frames: int) -> None:
    with pytest.raises(ValueError):
        FrameQueue(max_wait, max_frames)
