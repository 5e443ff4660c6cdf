"""Short-term memory replacement policies (pure Python, no ROS imports).

Every policy tracks residency only (values live in the store) behind one interface,
:class:`ReplacementPolicy`; :func:`make_policy` builds one by name. The simulator loop for a
trace is ``if not p.get(k): p.put(k)``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Protocol, runtime_checkable

from ._common import check_capacity
from .hashing import stable_hash
from .metrics import HitRateCounter
from .optimum import optimal_hit_rate
from .policies import FIFOMergePolicy, FIFOPolicy, LFUPolicy, LRUPolicy
from .sketch import Doorkeeper, FrequencySketch
from .steered import SteeredWTinyLFUPolicy
from .wtinylfu import WTinyLFUPolicy

__all__ = [
    "POLICY_NAMES",
    "Doorkeeper",
    "FIFOMergePolicy",
    "FIFOPolicy",
    "FrequencySketch",
    "HitRateCounter",
    "LFUPolicy",
    "LRUPolicy",
    "ReplacementPolicy",
    "SteeredWTinyLFUPolicy",
    "WTinyLFUPolicy",
    "make_policy",
    "optimal_hit_rate",
    "stable_hash",
]


@runtime_checkable
class ReplacementPolicy(Protocol):
    """Residency of up to ``capacity`` keys; values live elsewhere.

    Bad input raises ``ValueError`` and leaves the state unchanged: an unhashable key, a
    capacity < 1.
    """

    capacity: int

    def get(self, key: Hashable) -> bool:
        """A lookup: records the access (frequency, recency); True if resident. Never inserts."""
        ...

    def put(self, key: Hashable) -> None:
        """Insert (or refresh if resident; a resident key is never evicted by its own put).
        May evict; each evicted key, including a rejected admission candidate, triggers
        ``on_evict(key)`` exactly once."""
        ...

    def remove(self, key: Hashable) -> bool:
        """Explicit removal, no on_evict call; True if it was resident."""
        ...

    def __contains__(self, key: Hashable) -> bool:
        """Residency test without side effects."""
        ...

    def __len__(self) -> int: ...

    def keys(self) -> Iterator[Hashable]: ...

    def clear(self) -> None: ...


_FACTORIES: dict[str, Callable[..., ReplacementPolicy]] = {
    "fifo": FIFOPolicy,
    "fifo_merge": FIFOMergePolicy,
    "lru": LRUPolicy,
    "lfu": LFUPolicy,
    # The default: W-TinyLFU steered by shadow LRU/FIFO residency (steered.py).
    "wtinylfu": SteeredWTinyLFUPolicy,
    # Caffeine-style W-TinyLFU alone (hill-climbed window), for comparison.
    "wtinylfu_plain": WTinyLFUPolicy,
}

POLICY_NAMES: tuple[str, ...] = ("fifo", "fifo_merge", "lru", "lfu", "wtinylfu", "wtinylfu_plain")
# Policies whose admission can weigh outcome utility next to frequency (issue 15, item 5).
UTILITY_POLICIES: tuple[str, ...] = ("wtinylfu", "wtinylfu_plain")


def make_policy(
    name: str,
    capacity: int,
    on_evict: Callable[[Hashable], None] | None = None,
    seed: int = 0,
    utility: Callable[[Hashable], float] | None = None,
    utility_weight: float = 0.0,
) -> ReplacementPolicy:
    """Build the policy called ``name`` (one of :data:`POLICY_NAMES`).

    ``seed`` only matters for randomised decisions (W-TinyLFU's hash-flooding guard); every
    policy is deterministic for a given seed. ``utility`` (key -> [0, 1]) with a
    ``utility_weight`` > 0 makes W-TinyLFU's admission weigh it next to frequency; off by
    default, and then the policy is exactly the one without it.

    Raises:
        ValueError: unknown name, capacity < 1, or a non-callable ``on_evict``.
    """
    factory = _FACTORIES.get(name) if isinstance(name, str) else None
    if factory is None:
        raise ValueError(f"unknown policy {name!r}; expected one of {POLICY_NAMES}")
    if utility is not None and utility_weight > 0:
        if name not in UTILITY_POLICIES:
            raise ValueError(f"policy {name!r} has no utility-aware admission; only "
                             f"{', '.join(UTILITY_POLICIES)}")
        return factory(check_capacity(capacity), on_evict, seed, utility=utility,
                       utility_weight=utility_weight)
    return factory(check_capacity(capacity), on_evict, seed)
