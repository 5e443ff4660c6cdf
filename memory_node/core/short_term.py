"""Short-term memory: a bounded store of object memory units whose residency is decided by
a replacement policy (W-TinyLFU by default, see memory_node.core.cache).

The policy holds keys only; the units live in a dict here and, when a store is given, in
SQLite. Every change is written in one transaction before the call returns, so a write
acknowledged to a client survives a crash of the process. Evictions are reported to
listeners so the rest of the system (events topic, recall's embedding cache) knows what was
forgotten.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator
from dataclasses import replace

from memory_node.core.cache import POLICY_NAMES, HitRateCounter, ReplacementPolicy, make_policy
from memory_node.core.persistence.store import MemoryStore
from memory_node.core.persistence.units_table import (
    SELECT_ALL,
    delete_units,
    load_units,
    upsert_unit,
)
from memory_node.core.units import (
    ObjectMemoryUnit,
    check_containment,
    check_identifier,
    validate_unit,
)

EvictionListener = Callable[[ObjectMemoryUnit], None]
MAX_CAPACITY = 1_000_000


class ShortTermMemory:
    """Object memory units keyed by object id, at most `capacity` of them."""

    def __init__(
        self,
        capacity: int,
        policy: str = "wtinylfu",
        store: MemoryStore | None = None,
        seed: int = 0,
        utility_weight: float = 0.0,
    ) -> None:
        if isinstance(capacity, bool) or not isinstance(capacity, int):
            raise ValueError(f"capacity must be an integer, got {capacity!r}")
        if not 1 <= capacity <= MAX_CAPACITY:
            raise ValueError(f"capacity {capacity} is outside [1, {MAX_CAPACITY}]")
        if policy not in POLICY_NAMES:
            raise ValueError(f"policy {policy!r} is not one of {', '.join(POLICY_NAMES)}")
        self.capacity = capacity
        self.policy_name = policy
        self._seed = seed
        self._store = store
        self._units: dict[str, ObjectMemoryUnit] = {}
        self._evicted: list[str] = []
        self._listeners: list[EvictionListener] = []
        self._write_seq = 0
        self._changes = 0  # see `version`
        self.evictions = 0
        #: units dropped at load because the capacity is now smaller than what was stored
        self.trimmed_on_load: list[str] = []
        self.hit_rate = HitRateCounter(capacity)
        self.utility_weight = utility_weight
        # Object id -> outcome utility in [0, 1], set by experience memory when attached;
        # only read when utility_weight > 0.
        self.utility_of: Callable[[str], float] | None = None
        self._policy = self._make_policy()
        if store is not None:
            self._reload()

    def set_utility_weight(self, weight: float) -> None:
        """Turn utility-aware admission on or off before anything is stored (the policy
        is rebuilt, and a policy's frequencies cannot be carried over)."""
        if self._units:
            raise ValueError("the utility weight can only change while the memory is empty")
        if not (math.isfinite(weight) and 0.0 <= weight <= 100.0):
            raise ValueError(f"utility_weight {weight!r} is outside [0, 100]")
        self.utility_weight = float(weight)
        self._policy = self._make_policy()

    def _make_policy(self) -> ReplacementPolicy:
        if self.utility_weight > 0:
            return make_policy(self.policy_name, self.capacity,
                               on_evict=self._on_policy_evict, seed=self._seed,
                               utility=self._utility, utility_weight=self.utility_weight)
        return make_policy(self.policy_name, self.capacity, on_evict=self._on_policy_evict,
                           seed=self._seed)

    def _utility(self, key: Hashable) -> float:
        if self.utility_of is None or not isinstance(key, str):
            return 0.5
        return self.utility_of(key)

    def _on_policy_evict(self, key: Hashable) -> None:
        # The policy is generic over keys; this memory only ever gives it object ids.
        if not isinstance(key, str):
            raise TypeError(f"cache policy evicted a non-id key {key!r}")
        self._evicted.append(key)

    @property
    def store(self) -> MemoryStore | None:
        """The SQLite store units are written to (None: in memory only)."""
        return self._store

    # -- listeners ------------------------------------------------------------------------
    def add_eviction_listener(self, listener: EvictionListener) -> None:
        self._listeners.append(listener)

    def makes_cycle(self, unit: ObjectMemoryUnit) -> bool:
        """Whether `unit`'s receptacle chain would lead back to it (upsert refuses that)."""
        try:
            check_containment(unit, self._units)
        except ValueError:
            return True
        return False

    # -- writes -----------------------------------------------------------------------------
    def upsert(self, unit: ObjectMemoryUnit) -> list[ObjectMemoryUnit]:
        """Store `unit` (validated) and return the units forgotten to make room.

        The returned list may contain `unit` itself when the policy declines to admit it
        (W-TinyLFU's admission filter). Raises ValueError on a bad unit, changing nothing.
        """
        unit = validate_unit(unit)
        check_containment(unit, self._units)
        previous = self._units.get(unit.object_id)
        if previous is not None:
            unit = replace(unit, first_seen=min(previous.first_seen, unit.first_seen))
        self._write_seq += 1
        unit = replace(unit, revision=self._write_seq)
        self._evicted.clear()
        self._policy.put(unit.object_id)
        evicted_ids = list(dict.fromkeys(self._evicted))
        self._units[unit.object_id] = unit
        forgotten = [self._units.pop(i) for i in evicted_ids if i in self._units]
        # Moved only once the units are what it names: recall's preload reads them on
        # another thread, and a read made mid-write was kept under the new version.
        self._changes += 1
        self._persist(upserts=[] if unit.object_id in evicted_ids else [unit],
                      deletes=evicted_ids)
        self._notify(forgotten)
        return forgotten

    def remove(self, object_id: str) -> ObjectMemoryUnit:
        """Forget one object on request (no eviction callback). KeyError if unknown."""
        object_id = check_identifier(object_id, "object_id")
        if object_id not in self._units:
            raise KeyError(f"no object {object_id!r} in short-term memory")
        self._policy.remove(object_id)
        unit = self._units.pop(object_id)
        self._changes += 1
        self._persist(upserts=[], deletes=[object_id])
        return unit

    def clear(self) -> None:
        self._policy.clear()
        self._units.clear()
        self._changes += 1
        self.hit_rate = HitRateCounter(self.capacity)
        self.evictions = 0

    def reload(self) -> None:
        """Drop the in-memory state and rebuild it from the store (after a snapshot load)."""
        if self._store is None:
            raise RuntimeError("this short-term memory has no store to reload from")
        self._reload()

    # -- reads ------------------------------------------------------------------------------
    def peek(self, object_id: str) -> ObjectMemoryUnit | None:
        """The unit, without counting a query or touching the policy."""
        return self._units.get(object_id)

    def lookup(self, object_id: str) -> ObjectMemoryUnit | None:
        """A query for one object a task needs: counted for the hit rate."""
        occupancy = len(self._units)
        hit = self._policy.get(object_id)
        self.hit_rate.record(hit, occupancy)
        return self._units.get(object_id) if hit else None

    def find_by_label(
        self,
        label: str,
        near: tuple[float, float, float] | None = None,
        limit: int = 10,
    ) -> list[ObjectMemoryUnit]:
        """Units whose label equals `label` (case-insensitive), nearest to `near` first,
        else most recently seen first. Counts one query, a hit when anything matches."""
        wanted = check_identifier(label, "label").casefold()
        matches = [u for u in self._units.values() if u.label.casefold() == wanted]
        if near is not None:
            matches.sort(key=lambda u: (math.dist(u.position, near), -u.last_seen))
        else:
            matches.sort(key=lambda u: -u.last_seen)
        self.hit_rate.record(bool(matches), len(self._units))
        for unit in matches:
            self._policy.get(unit.object_id)
        return matches[:limit]

    def units(self) -> Iterator[ObjectMemoryUnit]:
        return iter(list(self._units.values()))

    def __len__(self) -> int:
        return len(self._units)

    @property
    def version(self) -> int:
        """Changes with every write, removal, clear and reload: readers that keep something
        derived from the whole unit set (recall's rows) rebuild it only when this moves."""
        return self._changes

    def __contains__(self, object_id: object) -> bool:
        return object_id in self._units

    # -- internals --------------------------------------------------------------------------
    def _persist(self, upserts: list[ObjectMemoryUnit], deletes: list[str]) -> None:
        if self._store is None:
            return
        try:
            with self._store.transaction() as conn:
                for unit in upserts:
                    upsert_unit(conn, unit, unit.revision)
                if deletes:
                    delete_units(conn, deletes)
        except Exception:
            # Disk and memory must not disagree: the database is the truth.
            self._reload()
            raise

    def _notify(self, forgotten: list[ObjectMemoryUnit]) -> None:
        self.evictions += len(forgotten)
        for unit in forgotten:
            for listener in self._listeners:
                listener(unit)

    def _reload(self) -> None:
        assert self._store is not None
        rows = load_units(self._store.query(SELECT_ALL))
        self._policy = self._make_policy()
        units: dict[str, ObjectMemoryUnit] = {}
        self._evicted.clear()
        self._write_seq = rows[-1][0] if rows else 0
        for _, unit in rows:
            self._policy.put(unit.object_id)
            units[unit.object_id] = unit
        # The capacity parameter shrank since the last run: the policy evicted the excess, as
        # it would have online. They are gone from the short-term memory (the long-term
        # scene graph keeps its own objects); the server logs how many.
        overflow = [i for i in dict.fromkeys(self._evicted) if i in units]
        self.trimmed_on_load = overflow
        for object_id in overflow:
            del units[object_id]
        # Filled aside, swapped in whole, the version moved after (as in upsert): a reader
        # on another thread sees the old set or the new one, never half of it.
        self._units = units
        self._changes += 1
        if overflow:
            with self._store.transaction() as conn:
                delete_units(conn, overflow)
        self._evicted.clear()
