"""Replacement policies: interface contract, invariants, golden order, scan resistance."""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from property_seeds import pinned_param_seed  # noqa: F401 - a fixture

from memory_node.core.cache import (
    POLICY_NAMES,
    HitRateCounter,
    ReplacementPolicy,
    WTinyLFUPolicy,
    make_policy,
)
from memory_node.core.cache.optimum import optimal_hit_rate
from memory_node.core.cache.policies import LRUPolicy
from memory_node.core.cache.simulate import read_through_hits as hits
from memory_node.core.cache.steered import SteeredWTinyLFUPolicy


def test_policy_names_and_protocol() -> None:
    assert POLICY_NAMES == ("fifo", "fifo_merge", "lru", "lfu", "wtinylfu", "wtinylfu_plain")
    for name in POLICY_NAMES:
        p = make_policy(name, 3)
        assert isinstance(p, ReplacementPolicy)
        assert p.capacity == 3


@pytest.mark.parametrize("name", POLICY_NAMES)
def test_basic_contract(name: str) -> None:
    evicted: list[Hashable] = []
    p = make_policy(name, 2, on_evict=evicted.append)
    assert not p.get("a")
    assert "a" not in p and len(p) == 0  # get never inserts
    p.put("a")
    assert "a" in p and p.get("a")
    p.put("a")  # refresh: no eviction
    assert evicted == [] and len(p) == 1
    p.put("b")
    assert sorted(p.keys()) == ["a", "b"]
    assert p.remove("a") and not p.remove("a")
    assert evicted == []  # remove never calls on_evict
    p.clear()
    assert len(p) == 0 and list(p.keys()) == []


@pytest.mark.parametrize("name", POLICY_NAMES)
def test_bad_input_raises_value_error_and_leaves_state(name: str) -> None:
    p = make_policy(name, 3)
    p.put(1)
    p.put(2)
    before = (len(p), sorted(p.keys()))
    for op in (p.get, p.put, p.remove, p.__contains__):
        with pytest.raises(ValueError, match="hashable"):
            op(["not", "hashable"])
    assert (len(p), sorted(p.keys())) == before
    for cap in (0, -1, 1.5, True, "3"):
        with pytest.raises(ValueError):
            make_policy(name, cap)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        make_policy(name, 3, on_evict="not callable")  # type: ignore[arg-type]


def test_unknown_policy_name() -> None:
    with pytest.raises(ValueError, match="unknown policy"):
        make_policy("arc", 10)


def test_fifo_repeat_put_reinserts_at_tail_but_merge_keeps_position() -> None:
    ev_fifo: list[Hashable] = []
    ev_merge: list[Hashable] = []
    fifo = make_policy("fifo", 3, on_evict=ev_fifo.append)
    merge = make_policy("fifo_merge", 3, on_evict=ev_merge.append)
    for p in (fifo, merge):
        for k in "abc":
            p.put(k)
        p.put("a")  # repeat unit for a resident object id
        p.put("d")
    assert ev_fifo == ["b"]  # "a" was re-appended, so "b" is now the oldest
    assert ev_merge == ["a"]  # merged in place: "a" is still the oldest
    assert list(fifo.keys()) == ["c", "a", "d"]
    assert list(merge.keys()) == ["b", "c", "d"]


def test_fifo_get_does_not_reorder_but_lru_does() -> None:
    fifo = make_policy("fifo", 2)
    lru = make_policy("lru", 2)
    for p in (fifo, lru):
        p.put("x")
        p.put("y")
        assert p.get("x")
        p.put("z")
    assert "x" not in fifo and "y" in fifo
    assert "x" in lru and "y" not in lru


def test_lfu_evicts_least_frequent_then_least_recent() -> None:
    ev: list[Hashable] = []
    p = make_policy("lfu", 3, on_evict=ev.append)
    for k in "abc":
        p.put(k)
    p.get("a")
    p.get("a")
    p.get("c")
    p.put("d")  # b has count 1
    p.put("e")  # d has count 1 and is the only one at the minimum
    assert ev == ["b", "d"]
    p.remove("c")
    p.put("f")
    p.put("g")  # e and f at count 1, e least recent
    assert ev == ["b", "d", "e"]


# -- property-based invariants -------------------------------------------------------------

_ops = st.lists(
    st.tuples(st.sampled_from(["get", "put", "put", "remove", "contains", "clear"]),
              st.integers(0, 40)),
    max_size=300,
)


def _segments(p: WTinyLFUPolicy) -> list[list[Hashable]]:
    return [list(p._window), list(p._probation), list(p._protected)]  # noqa: SLF001


@pytest.mark.parametrize("name", POLICY_NAMES)
@pytest.mark.usefixtures("pinned_param_seed")
@settings(derandomize=True, max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(capacity=st.integers(1, 12), ops=_ops)
def test_invariants(name: str, capacity: int, ops: list[tuple[str, int]]) -> None:
    events: list[Hashable] = []
    p = make_policy(name, capacity, on_evict=events.append, seed=1)
    resident: set[Hashable] = set()
    for op, key in ops:
        events.clear()
        if op == "get":
            assert p.get(key) == (key in resident)
        elif op == "put":
            p.put(key)
            if key in resident:
                assert events == []  # a resident key's own put never evicts
            # exactly one callback per evicted key, each evicted key was resident (or the
            # candidate just put), and none of them is resident afterwards
            assert len(events) == len(set(events))
            assert set(events) <= resident | {key}
            resident = (resident | {key}) - set(events)
        elif op == "remove":
            assert p.remove(key) == (key in resident)
            resident.discard(key)
            assert events == []
        elif op == "contains":
            assert (key in p) == (key in resident)
        else:
            p.clear()
            resident.clear()
            assert events == []
        assert len(p) <= capacity
        assert len(p) == len(resident)
        assert set(p.keys()) == resident
        assert all(k in p for k in resident)
        if isinstance(p, WTinyLFUPolicy):
            segs = _segments(p)
            flat = [k for s in segs for k in s]
            assert len(flat) == len(set(flat)) == len(resident)  # one segment per key
            sizes = p.segment_sizes()
            assert sizes["protected"] <= sizes["max_protected"]
            assert sizes["window"] <= sizes["max_window"]
            assert sizes["max_window"] + sizes["max_protected"] <= capacity


# -- W-TinyLFU behaviour -------------------------------------------------------------------


def _golden_trace() -> list[int]:
    rng = random.Random(20240601)
    out = []
    for _ in range(600):
        if rng.random() < 0.6:
            out.append(int(rng.paretovariate(1.0)) % 30)  # a hot, skewed set
        else:
            out.append(100 + rng.randrange(1000))  # one-off noise
    return out


GOLDEN_WTINYLFU_C10 = [
    366, 21, 5, 450, 397, 10, 301, 195, 1048, 651, 904, 4, 960, 698, 280, 662, 522, 3, 289,
    495, 574, 601, 1057, 6, 856, 933, 11, 343, 945, 752, 422, 299, 7, 9, 653, 713, 2, 156,
    250, 136,
]
# Before round 57's flip of TIE_SILENT to "dead" (and with tie_silent="off" since): the gate
# takes hot keys 10 and 2 as dead on silent ties (2 more misses, 316 -> 318 evictions).
GOLDEN_WTINYLFU_C10_NO_GATE = [
    366, 21, 5, 450, 397, 301, 195, 1048, 651, 904, 4, 960, 698, 280, 662, 522, 3, 289, 495,
    574, 601, 1057, 6, 856, 933, 11, 343, 945, 752, 422, 299, 7, 9, 653, 713, 156, 250, 136,
    325, 622,
]


def test_golden_eviction_order_capacity_10() -> None:
    evicted: list[Hashable] = []
    p = make_policy("wtinylfu", 10, on_evict=evicted.append, seed=0)
    for k in _golden_trace():
        if not p.get(k):
            p.put(k)
    assert evicted[:40] == GOLDEN_WTINYLFU_C10
    assert len(evicted) == 318
    # Round 49: 323 with the sketch's old 64-counter rows. The MIN_WIDTH floor keeps the first
    # 40 evictions and saves 7 misses, all on the hot keys (266 -> 273 hits of 330 hot
    # references): fewer one-off keys reach admission on collided counts.
    for gate, golden, counts in (("dead", GOLDEN_WTINYLFU_C10, (318, 325)),
                                 ("off", GOLDEN_WTINYLFU_C10_NO_GATE, (316, 323))):
        for width, count in zip((None, 64), counts, strict=True):
            old: list[Hashable] = []
            extra = {} if width is None else {"sketch_min_width": width}
            p = SteeredWTinyLFUPolicy(10, old.append, 0, tie_silent=gate, **extra)
            for k in _golden_trace():
                if not p.get(k):
                    p.put(k)
            assert old[:40] == golden
            assert len(old) == count


def test_runs_are_reproducible_with_str_keys() -> None:
    trace = [f"obj-{k}" for k in _golden_trace()]

    def run() -> list[Hashable]:
        ev: list[Hashable] = []
        p = make_policy("wtinylfu", 10, on_evict=ev.append, seed=5)
        for k in trace:
            if not p.get(k):
                p.put(k)
        return ev

    assert run() == run()


def _hit_rate(name: str, trace: list[int], capacity: int) -> float:
    return hits(make_policy(name, capacity), trace) / len(trace)


def test_scan_resistance_on_a_loop() -> None:
    loop = list(range(150)) * 30  # a loop 1.5x the capacity: LRU and FIFO never hit
    opt = optimal_hit_rate(loop, 100).hit_rate
    assert _hit_rate("lru", loop, 100) == 0.0
    assert _hit_rate("fifo", loop, 100) == 0.0
    assert _hit_rate("wtinylfu", loop, 100) >= 0.8 * opt


def test_hot_set_survives_a_scan() -> None:
    hot = list(range(20))
    trace = hot * 20 + list(range(1000, 3000)) + hot * 5
    p = make_policy("wtinylfu", 40)
    for k in trace[: 20 * 20 + 2000]:
        if not p.get(k):
            p.put(k)
    assert sum(k in p for k in hot) >= 18  # the scan did not flush the frequent keys


def test_window_grows_for_recency_biased_stream() -> None:
    # Each key is used twice, 15 requests apart, never again: only recency pays, so the
    # climber has to grow the window from its initial 2 entries past the reuse distance.
    # (A fixed 1% window gets nothing here; LRU gets 0.5.)
    trace: list[int] = []
    for base in range(0, 30_000, 15):
        block = list(range(base, base + 15))
        trace += block + block
    rates = {}
    for adaptive in (False, True):
        p = WTinyLFUPolicy(200, adaptive=adaptive)
        rates[adaptive] = hits(p, trace) / len(trace)
    assert rates[False] < 0.05
    assert p.segment_sizes()["max_window"] >= 15
    assert rates[True] > 0.45


def test_rejected_candidate_is_reported_once() -> None:
    ev: list[Hashable] = []
    p = WTinyLFUPolicy(5, on_evict=ev.append, window_fraction=0.2)
    for _ in range(5):
        for k in range(4):  # make 0..3 frequent
            if not p.get(k):
                p.put(k)
    for k in range(100, 110):  # one-off newcomers lose admission
        if not p.get(k):
            p.put(k)
    assert all(k in p for k in range(4))
    assert len(ev) == len(set(ev)) and set(ev) <= set(range(100, 110))


def test_hashdos_guard_is_seeded() -> None:
    def run(seed: int) -> list[Hashable]:
        ev: list[Hashable] = []
        p = WTinyLFUPolicy(20, on_evict=ev.append, seed=seed, adaptive=False)
        rng = random.Random(0)
        for _ in range(4000):
            k = rng.randrange(60)
            if not p.get(k):
                p.put(k)
        return ev

    assert run(1) == run(1)
    assert run(1) != run(2)  # the 1/128 admissions of frequent losers differ


# -- hit-rate accounting -------------------------------------------------------------------


def test_hit_rate_counter_warm_up() -> None:
    c = HitRateCounter(20)
    assert c.warm_threshold == 19  # 95% of 20
    c.record(False, 0)
    c.record(True, 18)
    assert c.warm_start is None and c.warm_hit_rate is None
    c.record(True, 19)  # first query made at >= 95% occupancy
    c.record(False, 10)  # once warm, always warm
    assert (c.hits, c.queries, c.warm_hits, c.warm_queries, c.warm_start) == (2, 4, 1, 2, 2)
    assert c.hit_rate == 0.5 and c.warm_hit_rate == 0.5
    with pytest.raises(ValueError):
        c.record(True, -1)
    with pytest.raises(ValueError):
        HitRateCounter(0)



def _climb_replay(rival: bool, phase2: list[int]) -> tuple[WTinyLFUPolicy, int, int]:
    """C=1000 (samples of 5,000 lookups): 8,000 lookups on a hot set, then ``phase2``, with
    a real LRU beside it as the climber's rival (or none). Returns the policy and its
    adaptations and sketch resets as phase 2 began."""
    lru = LRUPolicy(1000)
    excl = [0, 0]  # LRU's hits on keys W-TinyLFU missed, W-TinyLFU's on keys LRU missed

    def replay(keys: list[int]) -> None:
        for k in keys:
            got = p.get(k)
            if not got:
                p.put(k)
            if lru.get(k):
                excl[0] += not got
            else:
                lru.put(k)
                excl[1] += got

    p = WTinyLFUPolicy(1000, climb_rival=(lambda: (excl[0], excl[1])) if rival else None)
    rng = random.Random(42)
    replay([int(600 * rng.random() ** 2) for _ in range(8000)])
    at = (p.adaptations, p.sketch.resets)
    replay(phase2)
    return p, *at


def test_the_climber_restarts_on_a_fall_its_recency_rival_did_not_share() -> None:
    # Round 42 (CLIMB_DROP_Z). The hot set (98% hits) has shrunk the window to 0 when, 1,666
    # lookups into a sample of 5 x C, it is replaced by a new one the sketch refuses; LRU hits
    # it from its second lap. With LRU as the rival (beating W-TinyLFU beyond noise on the
    # accesses they disagree on) the climber restarts at the first block wholly after the
    # change (1,334 lookups into it, 2,000 before the sample would end), grows the window and
    # ages the sketch; without a rival (Caffeine's climber, ``wtinylfu_plain``) nothing moves
    # within the 2,000 lookups.
    phase2 = [1000 + (i % 800) for i in range(2000)]
    on, adapt, resets = _climb_replay(True, phase2)
    assert on.adaptations == adapt + 1
    assert on.sketch.resets > resets
    assert on.segment_sizes()["max_window"] == 62  # one full step (6.25% of C) up from 0
    off, adapt_off, _ = _climb_replay(False, phase2)
    assert off.adaptations == adapt_off
    # A scan cuts LRU's hits more than W-TinyLFU's: the same fall with the hot set still
    # half the lookups is no phase change, and the climber waits for the sample's end.
    rng = random.Random(7)
    scan = [5000 + i if i % 2 else int(600 * rng.random() ** 2) for i in range(2000)]
    held, adapt_held, resets_held = _climb_replay(True, scan)
    assert held.adaptations == adapt_held
    assert held.sketch.resets == resets_held
    with pytest.raises(ValueError):
        WTinyLFUPolicy(10, climb_rival=3)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", POLICY_NAMES)
def test_cleared_policy_evicts_as_a_new_one(name: str) -> None:
    # The task bench's blind arm clears memory before every task: a task must meet the cache
    # a new one would be, not one whose hash-flooding guard's coin flips were spent on the
    # tasks before it (round 50: W-TinyLFU's RNG outlived clear()).
    rng = random.Random(5001)
    # Skewed traffic over 60 keys at C=10: hot keys reach the guard's threshold (6) and
    # lose contests to hotter victims, so the guard draws.
    warmup = [f"w{int(rng.paretovariate(1.1)) % 60}" for _ in range(4000)]
    trace = [f"k{int(rng.paretovariate(1.1)) % 60}" for _ in range(4000)]

    def run(p: ReplacementPolicy, keys: list[str]) -> None:
        for key in keys:
            if not p.get(key):
                p.put(key)

    fresh_evicted: list[Hashable] = []
    fresh = make_policy(name, 10, on_evict=fresh_evicted.append, seed=3)
    cleared_evicted: list[Hashable] = []
    cleared = make_policy(name, 10, on_evict=cleared_evicted.append, seed=3)
    run(cleared, warmup)
    cleared.clear()
    cleared_evicted.clear()
    run(fresh, trace)
    run(cleared, trace)
    assert cleared_evicted == fresh_evicted
    assert sorted(map(str, cleared.keys())) == sorted(map(str, fresh.keys()))
