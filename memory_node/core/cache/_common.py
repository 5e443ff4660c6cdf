"""Validation and callback helpers shared by every policy."""

from __future__ import annotations

from collections.abc import Callable, Hashable

EvictCallback = Callable[[Hashable], None]


def check_capacity(capacity: object) -> int:
    """Return ``capacity`` as an int, or raise ValueError before any state exists."""
    if isinstance(capacity, bool) or not isinstance(capacity, int):
        # ValueError, not TypeError: the interface promises one error type for bad input.
        raise ValueError(f"capacity must be an int >= 1, got {capacity!r}")  # noqa: TRY004
    if capacity < 1:
        raise ValueError(f"capacity must be >= 1, got {capacity}")
    return capacity


def unhashable(key: object) -> ValueError:
    """The error raised for a key that cannot be a dict key (state is left unchanged)."""
    return ValueError(f"cache key must be hashable, got {type(key).__name__}: {key!r}")


def check_callback(on_evict: object) -> EvictCallback | None:
    if on_evict is not None and not callable(on_evict):
        raise ValueError(f"on_evict must be callable or None, got {type(on_evict).__name__}")
    return on_evict
