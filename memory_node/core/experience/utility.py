"""Outcome-based utility (UMEM): each recalled item counts how often it was delivered to
an episode and how often that episode's task then succeeded. Items repeatedly linked to
failure fall in rank; an item never delivered sits at the neutral 0.5.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable


class Utility:
    def __init__(self) -> None:
        self._counts: dict[str, tuple[int, int]] = {}

    def load(self, conn: sqlite3.Connection) -> None:
        self._counts = {r["item_id"]: (r["delivered"], r["delivered_success"])
                        for r in conn.execute("SELECT * FROM exp_utility")}

    def __len__(self) -> int:
        return len(self._counts)

    def items(self) -> list[str]:
        return list(self._counts)

    def counts(self, item_id: str) -> tuple[int, int]:
        return self._counts.get(item_id, (0, 0))

    def score(self, item_id: str) -> float:
        """Laplace-smoothed success rate after delivery, in (0, 1)."""
        delivered, succeeded = self.counts(item_id)
        return (succeeded + 1) / (delivered + 2)

    def record(self, conn: sqlite3.Connection, item_ids: Iterable[str], success: bool) -> None:
        for item in sorted(set(item_ids)):
            d, s = self.counts(item)
            self._counts[item] = (d + 1, s + bool(success))
            conn.execute(
                "INSERT INTO exp_utility (item_id, delivered, delivered_success) VALUES"
                " (?, 1, ?) ON CONFLICT (item_id) DO UPDATE SET delivered=delivered+1,"
                " delivered_success=delivered_success+excluded.delivered_success",
                (item, int(bool(success))))

    def forget(self, conn: sqlite3.Connection, item_ids: Iterable[str]) -> None:
        items = [i for i in item_ids if i in self._counts]
        for i in items:
            del self._counts[i]
        conn.executemany("DELETE FROM exp_utility WHERE item_id=?", [(i,) for i in items])
