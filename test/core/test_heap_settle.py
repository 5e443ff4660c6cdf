"""The server's heap settle (memory_node/nodes/heap.py: plain Python, no rclpy)."""

from __future__ import annotations

import gc
import weakref

import pytest

from memory_node.nodes.heap import HeapSettler


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


@pytest.fixture
def settler():
    s = HeapSettler()
    yield s
    s.close()


def test_settle_freezes_what_is_alive_and_later_collections_skip_it(settler: HeapSettler) -> None:
    keep = [_Node() for _ in range(1000)]
    settler.settle()
    assert gc.get_freeze_count() >= len(keep)
    assert settler.settles == 1 and float(settler.last_settle_cpu_ms) >= 0.0
    # Only what came after the freeze is walked by a full collection now.
    assert len(gc.get_objects(generation=2)) < gc.get_freeze_count()
    counters = settler.counters()
    assert counters["heap.settles"] == "1"
    assert int(counters["heap.frozen_objects"]) == gc.get_freeze_count()


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
