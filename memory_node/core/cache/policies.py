"""Comparison policies behind the :class:`ReplacementPolicy` interface: FIFO, FIFO-with-merge,
LRU and exact (in-cache) LFU.

All of them admit every ``put``; only W-TinyLFU (``wtinylfu.py``) filters admission.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterator

from ._common import EvictCallback, check_callback, check_capacity, unhashable

__all__ = ["FIFOMergePolicy", "FIFOPolicy", "LFUPolicy", "LRUPolicy"]


class _QueuePolicy:
    """A single queue in an OrderedDict; subclasses decide what a hit or a repeat put does."""

    __slots__ = ("_on_evict", "_q", "capacity")

    def __init__(
        self, capacity: int, on_evict: EvictCallback | None = None, seed: int = 0
    ) -> None:
        self.capacity = check_capacity(capacity)
        self._on_evict = check_callback(on_evict)
        # Left end is the next victim. OrderedDict, not dict: popping a plain dict's first item
        # repeatedly leaves dummies that make the next "first item" scan O(n).
        self._q: OrderedDict[Hashable, None] = OrderedDict()

    def _insert_new(self, key: Hashable) -> None:
        q = self._q
        if len(q) >= self.capacity:
            victim = q.popitem(last=False)[0]
            q[key] = None
            if self._on_evict is not None:
                self._on_evict(victim)
        else:
            q[key] = None

    def get(self, key: Hashable) -> bool:
        try:
            return key in self._q
        except TypeError:
            raise unhashable(key) from None

    def remove(self, key: Hashable) -> bool:
        try:
            return self._q.pop(key, _MISSING) is not _MISSING
        except TypeError:
            raise unhashable(key) from None

    def __contains__(self, key: Hashable) -> bool:
        try:
            return key in self._q
        except TypeError:
            raise unhashable(key) from None

    def __len__(self) -> int:
        return len(self._q)

    def keys(self) -> Iterator[Hashable]:
        """Resident keys, next victim first (a snapshot: safe to mutate while iterating)."""
        return iter(list(self._q))

    def clear(self) -> None:
        self._q.clear()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(capacity={self.capacity}, size={len(self)})"


_MISSING = object()


class FIFOPolicy(_QueuePolicy):
    """First in, first out; lookups never reorder.

    KARMA's FIFO appends a new unit even when the object id is already stored. Our store is
    keyed by object id, so that is modelled as: ``put`` of a resident key drops its old queue
    position and re-inserts it at the tail, as if it were a new insertion (no eviction, since
    the size does not change). Contrast :class:`FIFOMergePolicy`, which keeps the position.
    """

    __slots__ = ()

    def put(self, key: Hashable) -> None:
        q = self._q
        try:
            if key in q:
                q.move_to_end(key)
                return
        except TypeError:
            raise unhashable(key) from None
        self._insert_new(key)


class FIFOMergePolicy(_QueuePolicy):
    """FIFO with merge (KARMA): a unit for an object id already cached replaces that unit in
    place, so ``put`` of a resident key keeps its queue position (and evicts nothing). Only a
    new key is appended at the tail, evicting the oldest when full.
    """

    __slots__ = ()

    def put(self, key: Hashable) -> None:
        try:
            if key in self._q:
                return
        except TypeError:
            raise unhashable(key) from None
        self._insert_new(key)


class LRUPolicy(_QueuePolicy):
    """Least recently used: a hit or a repeat ``put`` moves the key to the MRU end."""

    __slots__ = ()

    def get(self, key: Hashable) -> bool:
        try:
            self._q.move_to_end(key)
            return True
        except KeyError:
            return False
        except TypeError:
            raise unhashable(key) from None

    def put(self, key: Hashable) -> None:
        try:
            self._q.move_to_end(key)
            return
        except KeyError:
            pass
        except TypeError:
            raise unhashable(key) from None
        self._insert_new(key)


class LFUPolicy:
    """Exact in-cache LFU: evicts the resident key with the fewest accesses since it was
    inserted, the least recently used among ties. O(1) per operation via frequency buckets.

    Counts are exact but only kept for residents (an evicted key starts again at 1), which is
    the classic LFU; W-TinyLFU's sketch is what remembers non-residents.
    """

    __slots__ = ("_buckets", "_freq", "_min", "_on_evict", "capacity")

    def __init__(
        self, capacity: int, on_evict: EvictCallback | None = None, seed: int = 0
    ) -> None:
        self.capacity = check_capacity(capacity)
        self._on_evict = check_callback(on_evict)
        self._freq: dict[Hashable, int] = {}
        # frequency -> keys with that frequency, least recently used first
        self._buckets: dict[int, OrderedDict[Hashable, None]] = {}
        self._min = 0

    def _bump(self, key: Hashable, f: int) -> None:
        buckets = self._buckets
        b = buckets[f]
        del b[key]
        if not b:
            del buckets[f]
            if self._min == f:
                self._min = f + 1
        nb = buckets.get(f + 1)
        if nb is None:
            nb = buckets[f + 1] = OrderedDict()
        nb[key] = None
        self._freq[key] = f + 1

    def get(self, key: Hashable) -> bool:
        try:
            f = self._freq.get(key)
        except TypeError:
            raise unhashable(key) from None
        if f is None:
            return False
        self._bump(key, f)
        return True

    def put(self, key: Hashable) -> None:
        try:
            f = self._freq.get(key)
        except TypeError:
            raise unhashable(key) from None
        if f is not None:
            self._bump(key, f)
            return
        victim = _MISSING
        if len(self._freq) >= self.capacity:
            b = self._buckets[self._min]
            victim = b.popitem(last=False)[0]
            if not b:
                del self._buckets[self._min]
            del self._freq[victim]
        self._freq[key] = 1
        nb = self._buckets.get(1)
        if nb is None:
            nb = self._buckets[1] = OrderedDict()
        nb[key] = None
        self._min = 1
        if victim is not _MISSING and self._on_evict is not None:
            self._on_evict(victim)

    def remove(self, key: Hashable) -> bool:
        try:
            f = self._freq.pop(key, None)
        except TypeError:
            raise unhashable(key) from None
        if f is None:
            return False
        b = self._buckets[f]
        del b[key]
        if not b:
            del self._buckets[f]
            if self._min == f:
                self._min = min(self._buckets, default=0)
        return True

    def __contains__(self, key: Hashable) -> bool:
        try:
            return key in self._freq
        except TypeError:
            raise unhashable(key) from None

    def __len__(self) -> int:
        return len(self._freq)

    def keys(self) -> Iterator[Hashable]:
        """Resident keys, next victim first."""
        out: list[Hashable] = []
        for f in sorted(self._buckets):
            out.extend(self._buckets[f])
        return iter(out)

    def frequency(self, key: Hashable) -> int:
        """Exact access count of a resident key (0 if not resident)."""
        return self._freq.get(key, 0)

    def clear(self) -> None:
        self._freq.clear()
        self._buckets.clear()
        self._min = 0

    def __repr__(self) -> str:
        return f"LFUPolicy(capacity={self.capacity}, size={len(self)})"
