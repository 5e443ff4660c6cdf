"""StageTimes: per-stage CPU/wall medians, latency segments and garbage-collection pauses."""

from __future__ import annotations

import gc
import threading

import numpy as np
import pytest

from memory_node.core.stage_times import (
    StageTimes,
    _median_p99,
    _median_p99_of_sorted,
    time_gc_pauses,
)


def test_latency_segments_come_out_as_median_and_p99_microseconds() -> None:
    times = StageTimes(window=100)
    for ms in range(1, 101):  # 1..100 ms
        times.add_latency("frame.slot_wait", ms / 1000.0)
    counters = times.counters("p.")
    assert counters["p.latency_us.frame.slot_wait.median"] == 50_500
    assert counters["p.latency_us.frame.slot_wait.p99"] == pytest.approx(99_010, abs=1)
    assert not any(k.startswith("p.cpu_us.frame") for k in counters)  # a wait, not work


def test_latency_window_keeps_the_newest_samples() -> None:
    times = StageTimes(window=3)
    for seconds in (10.0, 10.0, 0.001, 0.002, 0.003):
        times.add_latency("x", seconds)
    assert times.counters()["latency_us.x.median"] == 2000


def test_stage_records_wall_and_cpu() -> None:
    times = StageTimes()
    with times.stage("work"):
        sum(i * i for i in range(20_000))
    counters = times.counters()
    assert counters["cpu_us.work.median"] > 0
    assert counters["wall_us.work.median"] >= counters["cpu_us.work.median"] * 0.5


def test_gc_pauses_are_recorded_per_generation() -> None:
    times = StageTimes()
    before = list(gc.callbacks)
    stop = time_gc_pauses(times)
    try:
        gc.collect(0)
        gc.collect(2)
    finally:
        stop()
    assert gc.callbacks == before
    counters = times.counters()
    assert counters["latency_us.gc.gen0.median"] >= 0
    assert counters["latency_us.gc.gen2.median"] > 0


def test_median_and_p99_are_numpys_to_the_last_bit() -> None:
    rng = np.random.default_rng(0)
    for n in (1, 2, 3, 7, 100, 101, 299, 300):
        for _ in range(50):
            values = list(rng.random(n) * 10.0 ** rng.integers(-6, 6))
            assert _median_p99(values) == (np.median(values), np.percentile(values, 99))


def test_scaling_the_picked_values_is_scaling_the_window_to_the_last_bit() -> None:
    """Round 45: a summary sorts the seconds and scales only the values it picks."""
    rng = np.random.default_rng(1)
    for n in (1, 2, 3, 7, 100, 101, 299, 300):
        for _ in range(50):
            values = list(rng.random(n) * 10.0 ** rng.integers(-7, 1))
            assert _median_p99_of_sorted(sorted(values), 1e6) == _median_p99(
                [v * 1e6 for v in values])


def test_a_collection_while_the_samples_are_locked_does_not_hang_the_thread() -> None:
    """The collector runs on the thread that allocated, which may be inside StageTimes
    (a new stage's deque, the copy in `counters`); recording the pause must not wait on
    the lock that thread holds (the memory server once hung there for good)."""
    times = StageTimes()
    stop = time_gc_pauses(times)
    threshold = gc.get_threshold()
    done = threading.Event()

    def work() -> None:
        for i in range(20):             # every allocation under the lock collects
            times.add(f"stage{i}", 0.001, 0.001)
            times.add_latency(f"segment{i}", 0.001)
            times.counters()
        done.set()

    worker = threading.Thread(target=work, daemon=True)
    gc.set_threshold(1, 1_000_000, 1_000_000)  # young collections only: cheap
    try:
        worker.start()
        finished = done.wait(timeout=20)
    finally:
        gc.set_threshold(*threshold)
        stop()
    assert finished, "a GC pause recorded under StageTimes' own lock deadlocked the thread"
    assert times.counters()["latency_us.gc.gen0.median"] >= 0


def test_a_stage_without_new_samples_is_not_summarised_again(monkeypatch) -> None:
    """The stats timer runs on the executor thread that also answers recalls: a stage
    that got no sample since the last call keeps its summary (no copy, no sort)."""
    import memory_node.core.stage_times as st

    times = StageTimes(window=4)
    for i in range(6):
        times.add("busy", 0.001 * (i + 1), 0.0005)
        times.add("idle", 0.002, None)
    calls: list[int] = []
    real = st._median_p99
    summary = st._median_p99_of_sorted

    def counting(values: list[float], scale: float = 1.0) -> tuple[float, float]:
        calls.append(len(values))
        return summary(values, scale)

    monkeypatch.setattr(st, "_median_p99_of_sorted", counting)
    first = times.counters("x.")
    assert len(calls) == 3                    # busy wall and cpu, idle wall
    calls.clear()
    times.add("busy", 0.010, 0.001)           # pushes the oldest busy sample out
    second = times.counters("x.")
    assert len(calls) == 2                    # busy wall and cpu only
    assert second["x.wall_us.idle.median"] == first["x.wall_us.idle.median"]
    # the window's newest four: 4, 5, 6, 10 ms, as a fresh summary gives them
    assert second["x.wall_us.busy.median"] == round(real([v * 1e6 for v in
                                                          (0.004, 0.005, 0.006, 0.010)])[0])
    assert second["x.wall_us.busy.p99"] == round(real([v * 1e6 for v in
                                                       (0.004, 0.005, 0.006, 0.010)])[1])
    calls.clear()
    assert times.counters("x.") == second and not calls   # nothing new: nothing sorted


def test_a_summary_equals_a_fresh_sort_of_the_window_whatever_came_between() -> None:
    """Round 45: a stage with few new samples is summarised from its last sorted window;
    its median and p99 are the whole window's, sorted afresh, to the last microsecond."""
    rng = np.random.default_rng(45)
    for window in (1, 2, 7, 40, 300):
        times = StageTimes(window=window)
        added: list[float] = []
        for _ in range(60):
            for _ in range(int(rng.choice([0, 1, 1, 2, 3, window // 4 + 1, window + 5]))):
                # repeats too: a pushed-out value equal to one staying
                v = float(rng.choice([0.001, 0.002])) if rng.random() < 0.3 \
                    else float(rng.random() * 10.0 ** rng.integers(-6, 0))
                times.add("s", v, v / 2)
                added.append(v)
            if not added:
                continue
            got = times.counters()
            last = added[-window:]
            for kind, values in (("wall_us", last), ("cpu_us", [v / 2 for v in last])):
                median, p99 = _median_p99([v * 1e6 for v in values])
                assert got[f"{kind}.s.median"] == round(float(median))
                assert got[f"{kind}.s.p99"] == round(float(p99))


def test_a_few_new_samples_do_not_sort_the_whole_window_again(monkeypatch) -> None:
    """Round 45: the 1 Hz stats publish summarises every stage a request timed since the
    last one; with a request or two between publishes that was a sort of each whole
    window (most of the publish's CPU on the server's executor thread). Now the one new
    sample is inserted into the last sorted window: no sort of a window-long list."""
    import builtins

    import memory_node.core.stage_times as st

    window = 50
    times = StageTimes(window=window)
    for i in range(window + 10):
        times.add("recall", 0.001 * (i % 17 + 1), 0.0005 * (i % 13 + 1))
    times.counters()
    whole: list[int] = []

    def counting(values, *args, **kwargs):  # type: ignore[no-untyped-def]
        out = builtins.sorted(values, *args, **kwargs)
        if len(out) >= window:
            whole.append(len(out))
        return out

    monkeypatch.setattr(st, "sorted", counting, raising=False)
    times.add("recall", 0.0042, 0.0021)
    got = times.counters()
    assert whole == []
    values = [0.001 * (i % 17 + 1) for i in range(11, window + 10)] + [0.0042]
    assert got["wall_us.recall.median"] == round(float(np.median([v * 1e6 for v in values])))


def test_a_kept_window_that_does_not_match_is_sorted_whole() -> None:
    """A racing reader may store another summary's window: its pushed-out values are then
    not in the sorted list, and the window is sorted afresh (the right answer still)."""
    times = StageTimes(window=8)
    for i in range(8):
        times.add("s", 0.001 * (i + 1), None)
    times.counters()
    added, window, ordered = times._sorted["wall_us", "s"]
    times._sorted["wall_us", "s"] = (added, [0.5] * 8, ordered)   # not this window
    times.add("s", 0.009, None)
    values = [0.001 * (i + 1) for i in range(1, 8)] + [0.009]
    median, p99 = _median_p99([v * 1e6 for v in values])
    got = times.counters()
    assert (got["wall_us.s.median"], got["wall_us.s.p99"]) == (round(median), round(p99))
