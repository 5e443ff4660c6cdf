"""Hit-rate accounting as KARMA defines it: hits / queries, where a query is a lookup of an
object the task needs. Queries made after the cache first reached 95% occupancy are also
counted on their own, so a cold start does not blur the steady-state figure."""

from __future__ import annotations

from typing import Any

from ._common import check_capacity

__all__ = ["HitRateCounter"]


class HitRateCounter:
    """Counts hits and queries overall and after warm-up.

    A query is *warm* if, when it was made, the cache had at some point held at least
    ``warm_fraction`` of its capacity (occupancy is passed in by the caller as it stands
    just before the lookup). Once warm, always warm: later evictions do not reset it.
    """

    __slots__ = (
        "_threshold",
        "capacity",
        "hits",
        "queries",
        "warm_fraction",
        "warm_hits",
        "warm_queries",
        "warm_start",
    )

    def __init__(self, capacity: int, warm_fraction: float = 0.95) -> None:
        self.capacity = check_capacity(capacity)
        if not 0.0 < warm_fraction <= 1.0:
            raise ValueError(f"warm_fraction must be in (0, 1], got {warm_fraction}")
        self.warm_fraction = warm_fraction
        self.hits = 0
        self.queries = 0
        self.warm_hits = 0
        self.warm_queries = 0
        #: index (0-based) of the first warm query, or None while still warming up
        self.warm_start: int | None = None
        # Smallest integer occupancy that is >= warm_fraction * capacity, computed once so the
        # per-query test is an int comparison without float rounding surprises.
        threshold = int(warm_fraction * capacity)
        if threshold < warm_fraction * capacity:
            threshold += 1
        self._threshold = max(1, threshold)

    @property
    def warm_threshold(self) -> int:
        """Occupancy (entries) at which the cache counts as warm."""
        return self._threshold

    def record(self, hit: bool, occupancy: int) -> None:
        """Record one query; ``occupancy`` is the number of resident entries before it."""
        if occupancy < 0:
            raise ValueError(f"occupancy must be >= 0, got {occupancy}")
        if self.warm_start is None and occupancy >= self._threshold:
            self.warm_start = self.queries
        self.queries += 1
        if hit:
            self.hits += 1
        if self.warm_start is not None:
            self.warm_queries += 1
            if hit:
                self.warm_hits += 1

    def add(self, hits: int, queries: int, warm_hits: int, warm_queries: int,
            warm_start: int | None) -> None:
        """Fold in totals counted elsewhere (the simulator's inlined loop)."""
        if min(hits, queries, warm_hits, warm_queries) < 0 or hits > queries or (
            warm_hits > warm_queries or warm_queries > queries
        ):
            raise ValueError("inconsistent hit-rate totals")
        if self.warm_start is None and warm_start is not None:
            self.warm_start = self.queries + warm_start
        self.hits += hits
        self.queries += queries
        self.warm_hits += warm_hits
        self.warm_queries += warm_queries

    @property
    def hit_rate(self) -> float:
        """hits / queries (0.0 before any query)."""
        return self.hits / self.queries if self.queries else 0.0

    @property
    def warm_hit_rate(self) -> float | None:
        """hits / queries over warm queries only; None if the cache never warmed up."""
        return self.warm_hits / self.warm_queries if self.warm_queries else None

    def as_dict(self) -> dict[str, Any]:
        return {
            "hits": self.hits,
            "queries": self.queries,
            "hit_rate": self.hit_rate,
            "warm_hits": self.warm_hits,
            "warm_queries": self.warm_queries,
            "warm_hit_rate": self.warm_hit_rate,
            "warm_start": self.warm_start,
        }

    def __repr__(self) -> str:
        return (
            f"HitRateCounter(hits={self.hits}, queries={self.queries}, "
            f"warm={self.warm_hits}/{self.warm_queries})"
        )
