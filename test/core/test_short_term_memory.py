"""Short-term memory: policy-decided residency, persistence, eviction listeners."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from memory_node.core.persistence.store import MemoryStore
from memory_node.core.short_term import ShortTermMemory
from memory_node.core.units import ObjectMemoryUnit


def apple(i: int, x: float = 0.0, t: float = 100.0) -> ObjectMemoryUnit:
    return ObjectMemoryUnit(f"apple_{i}", "Apple", (x, 0.0, 0.9), first_seen=t, last_seen=t)


@pytest.mark.parametrize("policy", ["wtinylfu", "lru", "lfu", "fifo", "fifo_merge"])
def test_capacity_holds_and_every_eviction_is_reported_once(policy: str) -> None:
    memory = ShortTermMemory(4, policy)
    reported: list[str] = []
    memory.add_eviction_listener(lambda u: reported.append(u.object_id))
    returned: list[str] = []
    for i in range(20):
        returned += [u.object_id for u in memory.upsert(apple(i % 7, float(i)))]
        assert len(memory) <= 4
    assert reported == returned
    assert len(set(returned)) <= len(returned)
    assert memory.evictions == len(reported)
    resident = {u.object_id for u in memory.units()}
    assert all(memory.peek(i) is not None for i in resident)


def test_update_keeps_first_seen_and_changes_position() -> None:
    memory = ShortTermMemory(5)
    memory.upsert(apple(1, 0.0, t=10.0))
    memory.upsert(apple(1, 2.0, t=20.0))
    unit = memory.peek("apple_1")
    assert unit.position == (2.0, 0.0, 0.9) and unit.first_seen == 10.0 and unit.last_seen == 20.0


def test_find_by_label_ranks_nearest_or_most_recent_and_counts_queries() -> None:
    memory = ShortTermMemory(10)
    memory.upsert(apple(1, 5.0, t=300.0))
    memory.upsert(apple(2, 1.0, t=100.0))
    memory.upsert(apple(3, 3.0, t=200.0))
    near = memory.find_by_label("APPLE", near=(0.0, 0.0, 0.9))
    assert [u.object_id for u in near] == ["apple_2", "apple_3", "apple_1"]
    recent = memory.find_by_label("apple", limit=2)
    assert [u.object_id for u in recent] == ["apple_1", "apple_3"]
    assert memory.find_by_label("pear") == []
    assert (memory.hit_rate.queries, memory.hit_rate.hits) == (3, 2)


def test_lookup_counts_hits_and_misses() -> None:
    memory = ShortTermMemory(2, "lru")
    memory.upsert(apple(1))
    assert memory.lookup("apple_1") is not None
    assert memory.lookup("apple_9") is None
    assert memory.hit_rate.hit_rate == 0.5


def test_bad_units_change_nothing() -> None:
    memory = ShortTermMemory(3)
    memory.upsert(apple(1))
    for bad in (
        ObjectMemoryUnit("", "Apple", (0, 0, 0)),
        ObjectMemoryUnit("a", "", (0, 0, 0)),
        ObjectMemoryUnit("a", "Apple", (math.nan, 0, 0)),
        ObjectMemoryUnit("a", "Apple", (0, 0)),  # type: ignore[arg-type]
        ObjectMemoryUnit("a", "Apple", (0, 0, 0), state="melted"),
        ObjectMemoryUnit("a", "Apple", (0, 0, 0), confidence=1.5),
        ObjectMemoryUnit("a", "Apple", (0, 0, 0), relation="under"),
    ):
        with pytest.raises(ValueError):
            memory.upsert(bad)
    assert [u.object_id for u in memory.units()] == ["apple_1"]
    with pytest.raises(KeyError):
        memory.remove("ghost")


@pytest.mark.parametrize("capacity", [0, -1, 10**9, 2.5, True])
def test_bad_capacity(capacity) -> None:
    with pytest.raises(ValueError, match="capacity"):
        ShortTermMemory(capacity)


def test_unknown_policy() -> None:
    with pytest.raises(ValueError, match="policy"):
        ShortTermMemory(3, "random")


def test_reload_from_store_restores_units_and_recency(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "m.sqlite")
    memory = ShortTermMemory(3, "lru", store)
    for i in range(3):
        memory.upsert(apple(i, float(i)))
    memory.upsert(apple(0, 9.0))  # apple_0 is now the most recently written
    memory.remove("apple_2")
    store.close()

    reopened = ShortTermMemory(3, "lru", MemoryStore(tmp_path / "m.sqlite"))
    assert {u.object_id for u in reopened.units()} == {"apple_0", "apple_1"}
    assert reopened.peek("apple_0").position == (9.0, 0.0, 0.9)
    reopened.upsert(apple(5))
    evicted = reopened.upsert(apple(6))
    assert [u.object_id for u in evicted] == ["apple_1"]  # LRU order survived the restart


def test_smaller_capacity_after_restart_trims_the_store(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "m.sqlite")
    memory = ShortTermMemory(5, "lru", store)
    for i in range(5):
        memory.upsert(apple(i))
    smaller = ShortTermMemory(2, "lru", store)
    assert len(smaller) == 2 and len(smaller.trimmed_on_load) == 3
    assert store.query("SELECT COUNT(*) FROM object_units")[0][0] == 2
