"""Offline optimum (Belady's MIN) as the ceiling for every online policy.

With ``bypass=True`` (the default) a miss may decline admission when the requested key's next
use is no sooner than that of every resident: the optimum for caches that may filter
admission, such as W-TinyLFU. With ``bypass=False`` every miss is admitted (classic MIN, the
optimum for FIFO/LRU/LFU-style caches); it is never better than the bypass variant.

O(n log n): next uses come from one backward pass; residents sit in a max-heap on next use
with lazy deletion, compacted whenever stale entries outnumber live ones.
"""

from __future__ import annotations

import heapq
from collections.abc import Hashable, Iterable, Sequence

from ._common import check_capacity, unhashable
from .metrics import HitRateCounter

__all__ = ["next_uses", "optimal_hit_rate"]


def _as_ids(trace: Iterable[Hashable]) -> list[int]:
    ids: dict[Hashable, int] = {}
    out: list[int] = []
    try:
        for k in trace:
            i = ids.get(k)
            if i is None:
                i = ids[k] = len(ids)
            out.append(i)
    except TypeError:
        raise unhashable(k) from None
    return out


def next_uses(ids: Sequence[int]) -> list[int]:
    """For each position, the position of the same key's next access; a key that is never
    accessed again gets ``n + position``, distinct and beyond every real position."""
    n = len(ids)
    nxt = [0] * n
    last: dict[int, int] = {}
    for i in range(n - 1, -1, -1):
        k = ids[i]
        nxt[i] = last.get(k, n + i)
        last[k] = i
    return nxt


def optimal_hit_rate(
    trace: Iterable[Hashable], capacity: int, *, bypass: bool = True,
    warm_fraction: float = 0.95,
) -> HitRateCounter:
    """Replay ``trace`` (one query per element) through Belady's MIN at ``capacity``.

    Returns the :class:`HitRateCounter` (overall and post-warm-up hit rates).
    """
    capacity = check_capacity(capacity)
    ids = _as_ids(trace)
    nxt = next_uses(ids)
    counter = HitRateCounter(capacity, warm_fraction)
    threshold = counter.warm_threshold
    resident: dict[int, int] = {}  # key id -> its current next use
    heap: list[tuple[int, int]] = []  # (-next use, key id); stale when next use has moved on
    push = heapq.heappush
    pop = heapq.heappop
    limit = 2 * capacity + 64
    hits = queries = warm_hits = warm_queries = 0
    warm_start: int | None = None
    for i, k in enumerate(ids):
        if warm_start is None and len(resident) >= threshold:
            warm_start = i
        nu = nxt[i]
        if k in resident:
            hits += 1
            if warm_start is not None:
                warm_hits += 1
            resident[k] = nu
            push(heap, (-nu, k))
        elif len(resident) < capacity:
            resident[k] = nu
            push(heap, (-nu, k))
        else:
            while True:
                neg, v = heap[0]
                if resident.get(v) == -neg:
                    break
                pop(heap)
            if bypass and nu >= -neg:
                pass  # the newcomer is needed no sooner than any resident: do not cache it
            else:
                pop(heap)
                del resident[v]
                resident[k] = nu
                push(heap, (-nu, k))
        queries += 1
        if warm_start is not None:
            warm_queries += 1
        if len(heap) > limit:
            heap = [(-u, r) for r, u in resident.items()]
            heapq.heapify(heap)
    counter.add(hits, queries, warm_hits, warm_queries, warm_start)
    return counter
