"""Process-independent 64-bit hashing for cache keys.

Python's built-in ``hash`` of ``str``/``bytes`` is salted per process (PYTHONHASHSEED), so a
frequency sketch indexed by it would give different admission decisions, and different hit
rates, on every run. Everything that feeds the sketch goes through :func:`stable_hash`.
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Hashable

__all__ = ["MASK64", "check_hashable", "mix64", "stable_hash"]

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MUL1 = 0xBF58476D1CE4E5B9
_MUL2 = 0x94D049BB133111EB
# Distinct type tags keep e.g. 1, "1", b"1" and (1,) apart even when their payloads collide.
_TAG_STR = 0x5A17
_TAG_BYTES = 0xB7E5
_TAG_TUPLE = 0x7F4A7C15
_TAG_NONE = 0x0DDBA11
_TAG_FROZENSET = 0xF0F0F0F


def mix64(x: int) -> int:
    """SplitMix64 finaliser: spreads any int into 64 well-mixed bits."""
    z = (x + _GOLDEN) & MASK64
    z = ((z ^ (z >> 30)) * _MUL1) & MASK64
    z = ((z ^ (z >> 27)) * _MUL2) & MASK64
    return z ^ (z >> 31)


def _digest(data: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little")


def stable_hash(key: Hashable) -> int:
    """A 64-bit hash of ``key`` that is identical in every process.

    Exact for ``int`` (and ``bool``), ``str``, ``bytes``, ``float``, ``None``, enum members and
    tuples / frozensets of those. Any other hashable type falls back to its own ``__hash__``,
    which is reproducible only if that type's hash does not depend on ``str`` hashing.

    Raises:
        ValueError: if ``key`` (or an element of a tuple key) is not hashable.
    """
    t = type(key)
    if t is int:
        return mix64(key)  # type: ignore[arg-type]
    if t is str:
        return _digest(key.encode("utf-8", "surrogatepass")) ^ _TAG_STR  # type: ignore[attr-defined]  # type(key) is str, exactly
    if t is tuple:
        h = _TAG_TUPLE
        for item in key:  # type: ignore[attr-defined]  # type(key) is tuple, exactly
            h = mix64(h ^ stable_hash(item))
        return h
    if t is bytes:
        return _digest(key) ^ _TAG_BYTES  # type: ignore[arg-type]
    if key is None:
        return mix64(_TAG_NONE)
    if isinstance(key, enum.Enum):
        # Enum members hash by name (a str), so use type name and value instead.
        return mix64(stable_hash((type(key).__qualname__, key.value)) ^ 0xE)
    if isinstance(key, int):  # bool and int subclasses: same as the equal int, like hash()
        return mix64(int(key))
    if isinstance(key, str):
        return stable_hash(str(key))
    if isinstance(key, (bytes, bytearray, memoryview)) and isinstance(key, Hashable):
        return stable_hash(bytes(key))
    if isinstance(key, tuple):
        return stable_hash(tuple(key))
    if isinstance(key, frozenset):
        acc = 0
        for item in key:
            # Order-independent combination: frozenset iteration order follows salted hashes.
            acc = (acc + stable_hash(item)) & MASK64
        return mix64(acc ^ _TAG_FROZENSET)
    return mix64(check_hashable(key) & MASK64)


def check_hashable(key: object) -> int:
    """Return ``hash(key)`` or raise ``ValueError`` naming the offending type."""
    try:
        return hash(key)
    except TypeError as exc:
        raise ValueError(
            f"cache key must be hashable, got {type(key).__name__}: {exc}"
        ) from None
