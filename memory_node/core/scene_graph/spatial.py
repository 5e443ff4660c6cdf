"""Uniform 2D grid hash over object positions (x, y), for gating and frustum queries.

Hand-written because scipy's cKDTree is not a dependency and a KD-tree would need a rebuild
per insert anyway; in a house objects spread over a few hundred square metres, so a 1 m
grid keeps a query to a handful of dict lookups whatever the number of objects.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np


class GridIndex:
    def __init__(self, cell: float = 1.0) -> None:
        if not (cell > 0 and math.isfinite(cell)):
            raise ValueError(f"grid cell size must be positive, got {cell}")
        self.cell = float(cell)
        # Buckets keep insertion order (dict keys, not sets): a set of strings iterates in
        # an order that changes with PYTHONHASHSEED, so whatever walks a query's results
        # in order (a first of equals) could differ between two runs of the same input.
        self._cells: dict[tuple[int, int], dict[str, None]] = {}
        self._where: dict[str, tuple[int, int]] = {}

    def _key(self, x: float, y: float) -> tuple[int, int]:
        return (math.floor(x / self.cell), math.floor(y / self.cell))

    def __len__(self) -> int:
        return len(self._where)

    def __contains__(self, item: str) -> bool:
        return item in self._where

    def insert(self, item: str, position: tuple[float, ...]) -> None:
        key = self._key(position[0], position[1])
        old = self._where.get(item)
        if old == key:
            return
        if old is not None:
            self._discard(item, old)
        self._cells.setdefault(key, {})[item] = None
        self._where[item] = key

    def remove(self, item: str) -> None:
        key = self._where.pop(item, None)
        if key is not None:
            self._discard(item, key)

    def _discard(self, item: str, key: tuple[int, int]) -> None:
        bucket = self._cells[key]
        bucket.pop(item, None)
        if not bucket:
            del self._cells[key]

    def query_box(self, lo: Sequence[float] | np.ndarray, hi: Sequence[float] | np.ndarray
                  ) -> Iterator[str]:
        """Items in cells overlapping [lo, hi] in x, y (a superset: callers filter)."""
        (i0, j0), (i1, j1) = self._key(lo[0], lo[1]), self._key(hi[0], hi[1])
        if (i1 - i0 + 1) * (j1 - j0 + 1) > 4 * len(self._cells):
            # a huge query box (e.g. a far plane of 50 m): walking the occupied cells is cheaper
            for (i, j), bucket in self._cells.items():
                if i0 <= i <= i1 and j0 <= j <= j1:
                    yield from bucket
            return
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                cell = self._cells.get((i, j))
                if cell:
                    yield from cell

    def query_radius(self, position: Sequence[float] | np.ndarray, radius: float
                     ) -> Iterator[str]:
        x, y = position[0], position[1]
        return self.query_box((x - radius, y - radius), (x + radius, y + radius))
