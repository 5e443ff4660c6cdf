"""Utility-aware admission (issue 15, item 5): off by default, and then exactly W-TinyLFU;
on, a key linked to failed tasks loses admission ties it would otherwise win."""

from __future__ import annotations

from collections.abc import Hashable

import pytest

from memory_node.core.cache import make_policy
from memory_node.core.cache.simulate import read_through_hits as hits
from memory_node.core.cache.synthetic import rooms, sessions
from memory_node.core.cache.wtinylfu import WTinyLFUPolicy
from memory_node.core.memory_settings import ShortTermSettings
from memory_node.core.short_term import ShortTermMemory
from memory_node.core.units import ObjectMemoryUnit as Unit


def replay(policy_of: object, trace: list[int]) -> tuple[list[Hashable], int]:
    evicted: list[Hashable] = []
    policy = policy_of(evicted.append)  # type: ignore[operator]
    return evicted, hits(policy, trace)


def uneven(key: Hashable) -> float:
    return 0.05 if isinstance(key, int) and key % 3 == 0 else 0.95


@pytest.mark.parametrize("name", ["wtinylfu", "wtinylfu_plain"])
@pytest.mark.parametrize("trace", [sessions(20_000, seed=3), rooms(20_000, seed=4)])
def test_off_is_exactly_w_tinylfu(name: str, trace: list[int]) -> None:
    """Weight 0 (the default), with or without a utility function: the same evictions in
    the same order and the same hits as the policy built without either."""
    plain = replay(lambda cb: make_policy(name, 50, on_evict=cb, seed=7), trace)
    zero = replay(lambda cb: make_policy(name, 50, on_evict=cb, seed=7, utility=uneven,
                                         utility_weight=0.0), trace)
    assert zero == plain and len(plain[0]) > 1000
    on = replay(lambda cb: make_policy(name, 50, on_evict=cb, seed=7, utility=uneven,
                                       utility_weight=4.0), trace)
    assert on[0] != plain[0]   # the parameter does act when on
    assert ShortTermSettings().utility_weight == 0.0


def test_a_key_linked_to_failure_loses_a_frequency_tie() -> None:
    """Window of one entry: the candidate meets probation's LRU entry with the same
    frequency. Plain W-TinyLFU keeps the victim on a tie; with utility the useful
    candidate wins and the useless one is refused."""
    def run(utility_weight: float, useful: str) -> list[Hashable]:
        evicted: list[Hashable] = []
        p = WTinyLFUPolicy(2, evicted.append, adaptive=False, window_fraction=0.5,
                           utility=lambda k: 0.9 if k == useful else 0.1,
                           utility_weight=utility_weight)
        for key in ("a", "b", "c"):
            p.put(key)
        return evicted
    # "c" pushes "b" out of the window: "b" (candidate) meets "a" (victim), both seen once.
    assert run(0.0, "b") == ["b"]          # tie: the victim stays
    assert run(2.0, "b") == ["a"]          # the useful candidate is admitted
    assert run(2.0, "a") == ["b"]          # the useful victim stays


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="utility_weight"):
        WTinyLFUPolicy(10, utility=uneven, utility_weight=-1.0)
    with pytest.raises(ValueError, match="no utility-aware admission"):
        make_policy("lru", 10, utility=uneven, utility_weight=1.0)
    with pytest.raises(ValueError):
        ShortTermSettings(utility_weight=-0.5)


def test_short_term_memory_asks_its_utility_source_only_when_on() -> None:
    asked: list[str] = []

    def utility(object_id: str) -> float:
        asked.append(object_id)
        return 0.5

    for weight, expect_asked in ((0.0, False), (1.0, True)):
        asked.clear()
        st = ShortTermMemory(2, "wtinylfu_plain", utility_weight=weight)
        st.utility_of = utility
        for i in range(6):
            st.upsert(Unit(f"Apple_{i}", "Apple", (float(i), 0.0, 0.0)))
        assert bool(asked) is expect_asked and len(st) == 2
