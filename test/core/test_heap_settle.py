"""The server's heap settle (memory_node/nodes/heap.py: plain Python, no rclpy)."""

from __future__ import annotations

import gc
import weakref

import pytest

from memory_node.nodes.heap import HeapSettler, SettleSchedule


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


@pytest.fixture
def settler():
    s = HeapSettler(settles_only=False)
    yield s
    s.close()


def _survivors(n: int) -> list[list[_Node]]:
    """Long-lived containers made the way a request's memos are: allocated among short-
    lived ones, so young collections promote them to generation 2."""
    kept = []
    for _ in range(n):
        kept.append([_Node()])
        _ = [[] for _ in range(20)]  # young garbage: drives generation-0 collections
    return kept


def test_between_settles_no_full_collection_walks_what_requests_left() -> None:
    # The server's default (ServerSettings.heap_settles_only): what young collections
    # promote stays in generation 2 for the next settle, no automatic full collection
    # walks it in the middle of a request.
    s = HeapSettler(settles_only=True)
    try:
        s.settle()
        gc.set_threshold(50, 2, gc.get_threshold()[2])  # small: many young collections
        kept = _survivors(40_000)
        assert gc.get_stats()[1]["collections"] > 0
        assert s.full_collections == 0
        assert len(gc.get_objects(generation=2)) >= len(kept)  # promoted, never walked
        s.settle()  # the settle still collects and freezes them
        assert len(gc.get_objects(generation=2)) < len(kept)
        assert s.counters()["heap.settles_only"] == "1"
    finally:
        s.close()


def test_between_settles_a_generation_1_collection_walks_one_young_collections_survivors(
        ) -> None:
    # With full collections off, generation 1 is a way station: its collection walked what
    # ten young collections had promoted (the interpreter's middle threshold), ~0.8 ms
    # inside one request in eight at 10,000 units (bench/README_recall.md round 41).
    walked: list[int] = []

    def on_collection(phase: str, info: dict) -> None:
        if phase == "start" and info["generation"] == 1:
            walked.append(len(gc.get_objects(generation=1)))

    s = HeapSettler(settles_only=True)
    young = gc.get_threshold()[0]
    gc.callbacks.append(on_collection)
    try:
        s.settle()
        kept = _survivors(20 * young)  # ~40 young collections' worth of survivors
        assert len(walked) >= 2
        # Each young collection promotes about `young` survivors here (they are all alive):
        # a walk of ten collections' is ~10x that.
        assert max(walked) <= 2 * young, walked
        assert s.full_collections == 0 and len(kept) == 20 * young
    finally:
        gc.callbacks.remove(on_collection)
        s.close()


def test_automatic_full_collections_when_not_settles_only_and_thresholds_restored(
        settler: HeapSettler) -> None:
    before = gc.get_threshold()
    # CPython starts a full collection only once what young collections promoted exceeds a
    # quarter of what the last full one left (the settle's, taken before its freeze). A
    # worker that loaded WordNet earlier holds millions of objects, and 40,000 survivors
    # (two objects each) stayed under it (round 39: failed under `--dist loadscope`, and
    # after test_recall_lexicon_index.py in one process): the survivors scale with the heap.
    n = max(40_000, len(gc.get_objects()) // 6)
    settler.settle()
    gc.set_threshold(50, 2, 2)
    try:
        _survivors(n)
        assert settler.full_collections > 0  # the interpreter's own, as before
    finally:
        gc.set_threshold(*before)
    quiet = HeapSettler(settles_only=True)
    assert gc.get_threshold()[2] > before[2]
    quiet.close()
    assert gc.get_threshold() == before


def test_settle_freezes_what_is_alive_and_later_collections_skip_it(settler: HeapSettler) -> None:
    keep = [_Node() for _ in range(1000)]
    settler.settle()
    assert gc.get_freeze_count() >= len(keep)
    assert settler.settles == 1 and float(settler.last_settle_cpu_ms) >= 0.0
    # Only what came after the freeze is walked by a full collection now.
    assert len(gc.get_objects(generation=2)) < gc.get_freeze_count()
    counters = settler.counters()
    assert counters["heap.settles"] == "1"
    # The counter is the count at the settle. Until the next freeze, frozen objects only
    # leave (freed by reference counting, on any thread of this process): never more now.
    assert int(counters["heap.frozen_objects"]) >= gc.get_freeze_count() >= len(keep)


def test_a_frozen_cycle_that_became_garbage_is_freed_by_the_next_settle(
        settler: HeapSettler) -> None:
    a, b = _Node(), _Node()
    a.other, b.other = b, a
    probe = weakref.ref(a)
    settler.settle()
    del a, b  # a cycle: reference counting cannot free it
    gc.collect()
    assert probe() is not None  # frozen: the collector does not see it
    settler.settle()
    assert probe() is None


def test_full_collections_the_interpreter_starts_are_counted_not_the_settles(
        settler: HeapSettler) -> None:
    settler.settle()
    before = settler.full_collections
    gc.collect(2)
    assert settler.full_collections == before + 1
    settler.settle()
    assert settler.full_collections == before + 1


def _schedule(**kw) -> SettleSchedule:
    args = {"first_s": 60.0, "period_s": 600.0, "quiet_s": 1.0, "max_wait_s": 600.0} | kw
    return SettleSchedule(1000.0, **args)


def test_a_settle_waits_for_a_quiet_moment_not_for_a_clock_time() -> None:
    s = _schedule()
    assert s.wait_s(1000.0) == pytest.approx(60.0)
    # Due at 1060, but a request was answered at 1059.9: no settle until 1060.9.
    s.request_done(1059.9)
    assert s.wait_s(1060.0) == pytest.approx(0.9)
    # Requests keep coming every half second: the settle keeps waiting.
    for t in (1060.4, 1060.9, 1061.4):
        s.request_done(t)
        assert s.wait_s(t) == pytest.approx(1.0)
    assert s.wait_s(1062.4) == 0.0  # a second without a request: now
    s.settled(1062.4)
    assert s.last_wait_s == pytest.approx(2.4)
    assert s.wait_s(1062.4) == pytest.approx(600.0)  # the period counts from the settle


def test_a_server_never_quiet_settles_after_the_longest_wait() -> None:
    s = _schedule(max_wait_s=5.0)
    t = 1060.0
    while t < 1065.0:
        s.request_done(t)
        assert s.wait_s(t) == pytest.approx(min(1.0, 1065.0 - t))
        t += 0.25
    s.request_done(1065.0)
    assert s.wait_s(1065.0) == 0.0


def test_a_quiet_server_settles_when_due_and_none_after_the_first_without_a_period() -> None:
    s = _schedule(period_s=0.0)
    s.request_done(1010.0)  # long before due
    assert s.wait_s(1060.0) == 0.0
    s.settled(1060.0)
    assert s.last_wait_s == 0.0
    assert s.wait_s(1061.0) is None
    assert _schedule(quiet_s=0.0).wait_s(1060.0) == 0.0


@pytest.mark.parametrize("bad", [{"quiet_s": -1.0}, {"first_s": float("nan")},
                                 {"max_wait_s": float("inf")}])
def test_bad_schedule_settings_are_refused(bad: dict) -> None:
    with pytest.raises(ValueError, match="SettleSchedule"):
        _schedule(**bad)


def test_a_quiet_moment_is_confirmed_at_a_second_turn_before_the_settle() -> None:
    """A held process sees quiet_s go by on its clock while a request waited for it: the
    first sight of quiet only arms the settle; the request answered before the second turn
    disarms it, and the settle waits quiet_s after that answer."""
    s = _schedule()
    s.request_done(1059.0)
    assert s.wait_s(1063.0) == 0.0  # the host held the server from 1059 to 1063
    assert not s.confirm()          # armed only: the request that waited goes first
    s.request_done(1063.1)
    assert s.wait_s(1063.1) == pytest.approx(1.0)
    assert s.wait_s(1064.1) == 0.0
    assert not s.confirm()          # quiet since: armed again, and no request this time
    assert s.confirm()
    s.settled(1064.1)
    assert not s.confirm()          # a settle disarms: the next one is confirmed again
