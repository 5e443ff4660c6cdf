"""bench/cache_switch_timing.py: forcing nothing is the steered policy; forcing acts."""

from __future__ import annotations

from bench_scripts import load_bench

from memory_node.core.cache import SteeredWTinyLFUPolicy
from memory_node.core.cache.simulate import read_through_hits
from memory_node.core.cache.synthetic import rooms


def _trace() -> list[int]:
    return rooms(6_000, seed=3, n_rooms=20, per_room=50, dwell=600, move_p=0.002)


def test_a_forced_act_beyond_the_trace_is_the_steered_policy_hit_for_hit() -> None:
    tool = load_bench("cache_switch_timing")
    trace = _trace()
    plain = read_through_hits(SteeredWTinyLFUPolicy(25), trace)
    for mode in tool.MODES:
        for to in (1, 2):
            assert tool.forced_hits(trace, 25, to, len(trace) + 1, mode) == plain


def test_a_forced_switch_or_hedge_within_the_trace_changes_the_residents() -> None:
    # The rooms stream starts on W-TinyLFU at C=25 (it leads during a dwell): switching the
    # residents to FIFO, or hedging toward its ghost from the fill on, must move their hits.
    # (At 50: since round 57's dead gate the policy leaves W-TinyLFU for LRU by itself at
    # lookup 100, the same lookup, and a switch forced there changes nothing.)
    tool = load_bench("cache_switch_timing")
    trace = _trace()
    plain = read_through_hits(SteeredWTinyLFUPolicy(25), trace)
    assert tool.forced_hits(trace, 25, 2, 50, "switch") != plain
    assert tool.forced_hits(trace, 25, 2, 50, "hedge") != plain


def test_the_evidence_counts_are_the_policys_disagreements() -> None:
    # Per block, the hits only FIFO's ghost had and only W-TinyLFU's had; summed over the
    # blocks they are the steered policy's own cumulative counts at the end.
    tool = load_bench("cache_switch_timing")
    trace = _trace()
    rows = tool.evidence(trace, 25, 2, 500, len(trace))
    assert [r["lookups"] for r in rows] == list(range(500, 6_001, 500))
    p = SteeredWTinyLFUPolicy(25)
    read_through_hits(p, trace)
    total = p._recency_hits()
    assert sum(r["fifo_only"] for r in rows) == total[2]
    assert sum(r["wtinylfu_only"] for r in rows) == total[3]
    assert any(r["fifo_only"] or r["wtinylfu_only"] for r in rows)
