"""A key trace replayed through one cache policy instance, as the cache tests do (a miss
puts the key). `memory_node.core.cache.simulate` takes a policy by name and counts from
warm-up; the tests build instances with their own settings and count every lookup."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any


def hits(policy: Any, trace: Iterable[Hashable]) -> int:  # noqa: ANN401 - any policy
    """Lookups of `trace` that `policy` answered from the cache."""
    n = 0
    for key in trace:
        if policy.get(key):
            n += 1
        else:
            policy.put(key)
    return n
