"""Usual places (issue 15, item 4): where objects of a type were found or put, counted
per place with provenance, and the fact "a Bread is usually in Fridge_3" they support.

Evidence comes from outcomes, not from a word list: a successful pick says where memory
had the object (found there), a successful put where the robot set it down (put there). A
place found in beats a place only put in (where the household keeps a thing is where the
robot finds it; where it put it is where one task wanted it), then more finds, then more
puts; on a tie the current usual place stays. When another place overtakes, the usual-
place fact is superseded in the fact store (soft delete, history kept); the same place
again merges into it (support and provenance grow). The counts are bounded by `max_rows`,
the least recently seen going first.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field

MAX_SOURCES = 8      # provenance ids kept per (type, place), the newest
PRUNE_TO = 0.9


@dataclass
class PlaceCount:
    label: str
    place_id: str
    relation: str           # in | on
    place_label: str
    found: int = 0
    put: int = 0
    provenance: list[str] = field(default_factory=list)
    updated_at: float = 0.0

    def rank(self) -> tuple[bool, int, int]:
        return (self.found > 0, self.found, self.put)

    def value(self) -> str:
        """The usual-place fact's value: relation, place id and its type."""
        return f"{self.relation} {self.place_id} ({self.place_label})"


class UsualPlaces:
    def __init__(self, max_rows: int) -> None:
        self.max_rows = max_rows
        self._by_label: dict[str, dict[str, PlaceCount]] = {}
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def load(self, conn: sqlite3.Connection) -> None:
        self._by_label.clear()
        self._count = 0
        for r in conn.execute("SELECT * FROM exp_places"):
            self._put(PlaceCount(r["label"], r["place_id"], r["relation"], r["place_label"],
                                 r["found"], r["put"], json.loads(r["provenance"]),
                                 r["updated_at"]))

    def _put(self, c: PlaceCount) -> None:
        bucket = self._by_label.setdefault(c.label.lower(), {})
        if c.place_id not in bucket:
            self._count += 1
        bucket[c.place_id] = c

    def places(self, label: str) -> list[PlaceCount]:
        """The places of a type, best evidence first (then the newest)."""
        return sorted(self._by_label.get(label.lower(), {}).values(),
                      key=lambda c: (c.rank(), c.updated_at, c.place_id), reverse=True)

    def usual(self, label: str, incumbent: str = "") -> PlaceCount | None:
        """The usual place; `incumbent` (the current fact's place) keeps it on a tie, so
        the fact does not flap between two places with equal evidence."""
        ranked = self.places(label)
        if not ranked:
            return None
        keep = self._by_label[label.lower()].get(incumbent)
        return keep if keep is not None and keep.rank() == ranked[0].rank() else ranked[0]

    def observe(self, conn: sqlite3.Connection, label: str, relation: str, place_id: str,
                place_label: str, kind: str, source: str, stamp: float) -> PlaceCount:
        """Count one sighting ("found") or placing ("put") of a `label` at a place."""
        c = self._by_label.get(label.lower(), {}).get(place_id)
        if c is None:
            c = PlaceCount(label, place_id, relation, place_label)
            self._put(c)
        if kind == "found":
            c.found += 1
        else:
            c.put += 1
        c.relation, c.place_label = relation, place_label
        c.provenance = [*c.provenance, source][-MAX_SOURCES:]
        c.updated_at = max(c.updated_at, stamp)
        conn.execute(
            "INSERT INTO exp_places (label, place_id, relation, place_label, found, put,"
            " provenance, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (label,"
            " place_id) DO UPDATE SET relation=excluded.relation, place_label="
            "excluded.place_label, found=excluded.found, put=excluded.put, provenance="
            "excluded.provenance, updated_at=excluded.updated_at",
            (c.label.lower(), place_id, c.relation, place_label, c.found, c.put,
             json.dumps(c.provenance), c.updated_at))
        self._prune(conn)
        return c

    def _prune(self, conn: sqlite3.Connection) -> None:
        if self._count <= self.max_rows:
            return
        everything = sorted((c for b in self._by_label.values() for c in b.values()),
                            key=lambda c: (c.updated_at, c.label, c.place_id))
        dropped = everything[: self._count - int(self.max_rows * PRUNE_TO)]
        conn.executemany("DELETE FROM exp_places WHERE label=? AND place_id=?",
                         [(c.label.lower(), c.place_id) for c in dropped])
        for c in dropped:
            bucket = self._by_label[c.label.lower()]
            del bucket[c.place_id]
            if not bucket:
                del self._by_label[c.label.lower()]
        self._count -= len(dropped)
