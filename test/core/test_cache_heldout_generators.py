"""The held-out cache sets' generators are data: a refactor must not change one key of them.

The sha256 digests below were taken from `bench/cache_rule_heldout.py` before round 20 folded
the job queue (fresh6) and the one-time bursts (fresh7) onto one due-heap helper
(`_due_rereads`); the folded code must generate the same keys, event for event."""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Iterator

import pytest
from bench_scripts import load_bench


def _heldout() -> object:
    return load_bench("cache_rule_heldout", "cache_rule_heldout_under_test", register=True)


H = _heldout()

CASES: list[tuple[str, Callable[[], Iterator[int]], str]] = [
    ("queue lag30", lambda: H.work_queue(8, 30, 2, 20, 0.3), "494cd9219bd9eaf2"),
    ("queue lag400", lambda: H.work_queue(7 + 9, 400, 3, 200, 0.2), "65e112b83076b18e"),
    ("bursts k500", lambda: H.burst_once(4, 500, 0.8, 0.4, 20, 4), "7a8e17e47645eca9"),
    ("bursts k5000", lambda: H.burst_once(7 + 5, 5000, 0.9, 0.3, 200, 6), "de5fdc3f8d36dec3"),
]


@pytest.mark.parametrize(("name", "make", "digest"), CASES, ids=[c[0] for c in CASES])
def test_due_heap_generators_are_unchanged(name: str, make: Callable[[], Iterator[int]],
                                           digest: str) -> None:
    keys = list(itertools.islice(make(), 100_000))
    assert hashlib.sha256(repr(keys).encode()).hexdigest()[:16] == digest, name
