"""bench/cache_steered_trace.py: the traced policy is the steered policy, hit for hit."""

from __future__ import annotations

import random
import re

from bench_scripts import load_bench

from memory_node.core.cache import SteeredWTinyLFUPolicy
from memory_node.core.cache.simulate import read_through_hits as hits
from memory_node.core.cache.simulate import simulate
from memory_node.core.cache.synthetic import rooms


def test_the_trace_reports_what_the_policy_and_the_references_hit() -> None:
    # The tracing subclass only logs switches: its totals must be simulate()'s for the
    # steered policy (the default "wtinylfu"), LRU and FIFO, and every switch is logged.
    tool = load_bench("cache_steered_trace")
    trace = rooms(6_000, seed=3, n_rooms=20, per_room=50, dwell=600, move_p=0.002)
    lines = tool.trace_cell(trace, 25, 1000, {}, switches=True)
    last = re.match(r"residents (\d+), LRU (\d+), FIFO (\d+): margin ([-+.\d]+) points, "
                    r"(\d+) switches", lines[-1])
    assert last is not None
    res, lru, fifo = (int(last.group(i)) for i in (1, 2, 3))
    assert res == simulate(trace, "wtinylfu", 25).hits
    assert lru == simulate(trace, "lru", 25).hits
    assert fifo == simulate(trace, "fifo", 25).hits
    switches = int(last.group(5))
    assert switches > 0
    assert sum(line.startswith("  switch at ") for line in lines) == switches
    assert sum(1 for line in lines if re.match(r"\s+\d+ residents", line)) == 6


def test_the_cells_the_idle_test_moves_are_the_cells_that_differ() -> None:
    # bench/cache_first_leader_cells.py lists the cells whose first leader round 26's idle
    # test moves, so that only those are replayed under both settings: a listed cell must
    # differ from dead_idle=0 and an unlisted one must be the same hit for hit.
    tool = load_bench("cache_first_leader_cells")
    passes = [f * 1000 + b for f in range(60) for _ in range(8) for b in range(20)]
    rng = random.Random(26)
    zipf = rng.choices(range(2000), weights=[1.0 / (r + 1) for r in range(2000)], k=5000)
    for trace, moved in ((passes, True), (zipf, False)):
        assert tool.moved_by_idle_test(trace, 100) is moved
        # Compared without round 57's dead gate, which recovers the pass manager's first
        # leader loss later on by itself (hit for hit the same end count).
        on = _hits(SteeredWTinyLFUPolicy(100, tie_silent="off"), trace)
        off = _hits(SteeredWTinyLFUPolicy(100, dead_idle=0, tie_silent="off"), trace)
        assert (on != off) is moved
        if not moved:
            assert _hits(SteeredWTinyLFUPolicy(100), trace) == _hits(
                SteeredWTinyLFUPolicy(100, dead_idle=0), trace)


def test_the_unreused_listing_reads_no_reuse_before_the_fill() -> None:
    # `--test unreused` (round 79, results/cache79_r79.patch) lists the cells where no key was
    # reused before the first overflow and round 14's and round 26's tests keep W-TinyLFU.
    tool = load_bench("cache_first_leader_cells")
    rng = random.Random(79)
    zipf = rng.choices(range(2000), weights=[1.0 / (r + 1) for r in range(2000)], k=5000)
    passes = [f * 1000 + b for f in range(60) for _ in range(8) for b in range(20)]
    scan_first = [-1 - i for i in range(150)] + zipf
    assert tool.moved_by_idle_test(scan_first, 100, "unreused")
    assert not tool.moved_by_idle_test(scan_first, 100, "idle")
    assert not tool.moved_by_idle_test(zipf, 100, "unreused")  # reuse before the fill
    assert not tool.moved_by_idle_test(passes, 100, "unreused")  # the idle test's cell
    assert not tool.moved_by_idle_test(scan_first[:100], 100, "unreused")  # never fills


def test_the_dead_share_listing_reads_the_gated_test() -> None:
    # `--test deadshare` (round 81) lists the cells DEAD_SHARE moves where round 26's test keeps
    # W-TinyLFU; `--test idle` stays round 26's alone now that DEAD_SHARE is on by default.
    tool = load_bench("cache_first_leader_cells")
    rng = random.Random(81)
    hot_passes = [k for f in range(40) for _ in range(3) for b in range(25)
                  for k in (f * 1000 + b, 100_000 + rng.randrange(50))]
    passes = [f * 1000 + b for f in range(60) for _ in range(8) for b in range(20)]
    early = [k for k in range(10) for _ in range(3)] + [
        k for i in range(200) for k in (10 + i % 30, 1000 + i)]
    assert tool.moved_by_idle_test(hot_passes, 100, "deadshare", dead_share=0.08)
    assert not tool.moved_by_idle_test(hot_passes, 100, "idle")
    assert not tool.moved_by_idle_test(passes, 100, "deadshare", dead_share=0.08)  # round 26's
    assert not tool.moved_by_idle_test(early, 100, "deadshare", dead_share=0.08)  # the gate
    assert tool.moved_by_idle_test(early, 100, "deadshare", dead_share=0.08,
                                   dead_share_fill=0.0, dead_share_floor=0.0)


def test_the_fill_counts_agree_with_the_dead_share_listing() -> None:
    # `--counts` (round 84) records the fill's counts of each cell the dead-share test sees;
    # its `moved` is the listing's answer, and the counts are the ones the gate reads.
    tool = load_bench("cache_first_leader_cells")
    rng = random.Random(81)
    hot_passes = [k for f in range(40) for _ in range(3) for b in range(25)
                  for k in (f * 1000 + b, 100_000 + rng.randrange(50))]
    passes = [f * 1000 + b for f in range(60) for _ in range(8) for b in range(20)]
    early = [k for k in range(10) for _ in range(3)] + [
        k for i in range(200) for k in (10 + i % 30, 1000 + i)]
    got = tool.fill_counts(hot_passes, 100, dead_share=0.08)
    assert got is not None and got["moved"] and got["C"] == 100
    assert got["dead"] >= 0.08 * (got["dead"] + got["live"]) and got["dead"] >= 3
    assert got["fill"] == got["looked"] / 100 >= 2.0
    assert tool.fill_counts(passes, 100, dead_share=0.08) is None  # round 26's test decides
    gated = tool.fill_counts(early, 100, dead_share=0.08)
    assert gated is not None and not gated["moved"] and gated["fill"] < 2.0
    ungated = tool.fill_counts(early, 100, dead_share=0.08, dead_share_fill=0.0,
                               dead_share_floor=0.0)
    assert ungated is not None and ungated["moved"]
    assert {k: v for k, v in ungated.items() if k != "moved"} == {
        k: v for k, v in gated.items() if k != "moved"}
    for trace in (hot_passes, early):
        c = tool.fill_counts(trace, 100, dead_share=0.08)
        assert c is not None
        assert c["moved"] is tool.moved_by_idle_test(trace, 100, "deadshare", dead_share=0.08)


def _hits(p: SteeredWTinyLFUPolicy, trace: list[int]) -> int:
    return hits(p, trace)
