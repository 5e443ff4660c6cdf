"""Facts with provenance and supersession (PlugMem's knowledge units).

A fact is (subject object id, relation, value): "Knife_1 placed in Drawer_2", "Tomato_1
state sliced"; or, about a type, where its objects usually are ("type:Knife usually in
Drawer_2 (Drawer)", from `places.py`), or that a search for one found none anywhere
("type:Tomato absent searched out", from tasks that ended still searching; superseded by
"seen as <object id>" once a step acts on one). The same fact asserted again is merged (its support
grows and the new source joins its provenance: no duplicate knowledge); a different value
for the same subject and relation supersedes the current one, which stays in history (soft
delete, `superseded_by`), at most `max_history` versions per subject and relation.
Assertions arriving together are resolved by their stamps; two different values with the
same stamp are a conflict and the whole batch is refused.
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from memory_node.core.errors import Conflict, InvalidArgument
from memory_node.core.units import check_identifier

RELATIONS = ("state", "placed", "usually", "absent")
# The subject of a usual-place or absence fact is a type, not an object: "type:Bread".
TYPE_SUBJECT = "type:"
# An absence fact's values: a task ended still searching for the type (merged again by
# each such task: its support counts them), or a step acted on one since (supersedes it).
SEARCHED_OUT = "searched out"
SEEN_AS = "seen as "
MAX_VALUE_CHARS = 128
MAX_SOURCE_CHARS = 160
MAX_PROVENANCE = 8        # source ids kept per fact (the newest)
MAX_BATCH = 256


@dataclass(frozen=True)
class FactAssertion:
    subject: str              # object id
    subject_label: str
    relation: str             # one of RELATIONS
    value: str
    source: str               # provenance id: "episode:<id>#<seq>", "event:<...>"
    stamp: float


@dataclass
class Fact:
    fact_id: int
    subject: str
    subject_label: str
    relation: str
    value: str
    support: int
    provenance: list[str] = field(default_factory=list)
    created_at: float = 0.0
    updated_at: float = 0.0

    @property
    def item_id(self) -> str:
        return f"fact:{self.fact_id}"

    def text(self) -> str:
        seen = f", {self.support}x" if self.support > 1 else ""
        if self.relation == "usually":
            return f"{self.subject_label} is usually {self.value}{seen}"
        if self.relation == "absent" and self.value == SEARCHED_OUT:
            return f"{self.subject_label} was searched for and not found{seen}"
        verb = "is" if self.relation == "placed" else "is in state"
        return f"{self.subject} ({self.subject_label}) {verb} {self.value}{seen}"


@dataclass(frozen=True)
class FactResult:
    assertion: FactAssertion
    outcome: str              # "new" | "merged" | "superseded"
    fact_id: int


def check_assertion(a: object) -> FactAssertion:
    if not isinstance(a, FactAssertion):
        raise InvalidArgument(f"expected a FactAssertion, got {type(a).__name__}")
    subject = check_identifier(a.subject, "fact subject")
    label = check_identifier(a.subject_label, "fact subject_label")
    if a.relation not in RELATIONS:
        raise InvalidArgument(f"fact relation {a.relation!r} is not one of {RELATIONS}")
    if not isinstance(a.value, str) or not a.value.strip() or len(a.value) > MAX_VALUE_CHARS:
        raise InvalidArgument(f"fact value must be 1..{MAX_VALUE_CHARS} characters")
    if not isinstance(a.source, str) or not a.source.strip() \
            or len(a.source) > MAX_SOURCE_CHARS:
        raise InvalidArgument("fact source (provenance id) must be 1..."
                              f"{MAX_SOURCE_CHARS} characters")
    if isinstance(a.stamp, bool) or not isinstance(a.stamp, (int, float)) \
            or not math.isfinite(a.stamp) or a.stamp < 0:
        raise InvalidArgument(f"fact stamp {a.stamp!r} is not a valid time")
    return FactAssertion(subject, label, a.relation, a.value.strip(), a.source.strip(),
                         float(a.stamp))


class FactStore:
    def __init__(self, max_facts: int, max_history: int) -> None:
        self.max_facts, self.max_history = max_facts, max_history
        self._current: dict[tuple[str, str], Fact] = {}
        self._by_label: dict[str, set[tuple[str, str]]] = {}

    def __len__(self) -> int:
        return len(self._current)

    def load(self, conn: sqlite3.Connection) -> None:
        self._current.clear()
        self._by_label.clear()
        for r in conn.execute("SELECT * FROM exp_facts WHERE superseded_by IS NULL"):
            self._index(Fact(r["fact_id"], r["subject"], r["subject_label"], r["relation"],
                             r["value"], r["support"], json.loads(r["provenance"]),
                             r["created_at"], r["updated_at"]))

    def _index(self, f: Fact) -> None:
        self._current[(f.subject, f.relation)] = f
        self._by_label.setdefault(f.subject_label.lower(), set()).add((f.subject, f.relation))

    def _unindex(self, f: Fact) -> None:
        self._current.pop((f.subject, f.relation), None)
        keys = self._by_label.get(f.subject_label.lower())
        if keys is not None:
            keys.discard((f.subject, f.relation))
            if not keys:
                del self._by_label[f.subject_label.lower()]

    def current(self, subject: str, relation: str) -> Fact | None:
        return self._current.get((subject, relation))

    def about(self, labels: Iterable[str], subjects: Iterable[str] = ()) -> list[Fact]:
        keys: set[tuple[str, str]] = set()
        for label in labels:
            keys |= self._by_label.get(label.lower(), set())
        for s in subjects:
            keys |= {k for k in ((s, r) for r in RELATIONS) if k in self._current}
        return [self._current[k] for k in sorted(keys)]

    def history(self, conn: sqlite3.Connection, subject: str, relation: str) -> list[Fact]:
        rows = conn.execute("SELECT * FROM exp_facts WHERE subject=? AND relation=?"
                            " ORDER BY fact_id", (subject, relation)).fetchall()
        return [Fact(r["fact_id"], r["subject"], r["subject_label"], r["relation"], r["value"],
                     r["support"], json.loads(r["provenance"]), r["created_at"],
                     r["updated_at"]) for r in rows]

    @staticmethod
    def check_batch(assertions: Sequence[object]) -> list[FactAssertion]:
        """Validated, in the order they apply (by stamp); Conflict when two different
        values for one subject and relation carry the same stamp: which one is true
        cannot be told, so neither is taken."""
        if len(assertions) > MAX_BATCH:
            raise InvalidArgument(f"{len(assertions)} facts in one batch (max {MAX_BATCH})")
        checked = [check_assertion(a) for a in assertions]
        seen: dict[tuple[str, str, float], str] = {}
        for a in checked:
            key = (a.subject, a.relation, a.stamp)
            if key in seen and seen[key] != a.value:
                raise Conflict(f"conflicting facts arrived together: {a.subject} {a.relation} "
                               f"is both {seen[key]!r} and {a.value!r} at the same time; "
                               "neither was stored")
            seen[key] = a.value
        return sorted(checked, key=lambda a: a.stamp)

    def apply(self, conn: sqlite3.Connection, batch: Sequence[FactAssertion]
              ) -> tuple[list[FactResult], list[str]]:
        """Store a checked batch; (results, item ids of facts dropped by the cap)."""
        results = []
        for a in batch:
            f = self._current.get((a.subject, a.relation))
            if f is not None and f.value == a.value:
                if a.source not in f.provenance:
                    f.support += 1
                    f.provenance = [*f.provenance, a.source][-MAX_PROVENANCE:]
                f.updated_at = max(f.updated_at, a.stamp)
                conn.execute("UPDATE exp_facts SET support=?, provenance=?, updated_at=?"
                             " WHERE fact_id=?",
                             (f.support, json.dumps(f.provenance), f.updated_at, f.fact_id))
                results.append(FactResult(a, "merged", f.fact_id))
                continue
            if f is not None and a.stamp < f.updated_at:
                # Older than what is known: history, not news. Kept as a superseded row so
                # its provenance is not lost.
                cur = conn.execute(
                    "INSERT INTO exp_facts (subject, subject_label, relation, value, support,"
                    " provenance, created_at, updated_at, superseded_by, superseded_at)"
                    " VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?)",
                    (a.subject, a.subject_label, a.relation, a.value, json.dumps([a.source]),
                     a.stamp, a.stamp, f.fact_id, a.stamp))
                results.append(FactResult(a, "superseded", int(cur.lastrowid or 0)))
                self._trim_history(conn, a.subject, a.relation)
                continue
            if f is not None:
                conn.execute("UPDATE exp_facts SET superseded_by=-1, superseded_at=?"
                             " WHERE fact_id=?", (a.stamp, f.fact_id))
                self._unindex(f)
            cur = conn.execute(
                "INSERT INTO exp_facts (subject, subject_label, relation, value, support,"
                " provenance, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?, ?)",
                (a.subject, a.subject_label, a.relation, a.value, json.dumps([a.source]),
                 a.stamp, a.stamp))
            new = Fact(int(cur.lastrowid or 0), a.subject, a.subject_label, a.relation,
                       a.value, 1, [a.source], a.stamp, a.stamp)
            if f is not None:
                conn.execute("UPDATE exp_facts SET superseded_by=? WHERE fact_id=?",
                             (new.fact_id, f.fact_id))
                self._trim_history(conn, a.subject, a.relation)
            self._index(new)
            results.append(FactResult(a, "new", new.fact_id))
        return results, self._prune(conn)

    def _trim_history(self, conn: sqlite3.Connection, subject: str, relation: str) -> None:
        conn.execute(
            "DELETE FROM exp_facts WHERE fact_id IN (SELECT fact_id FROM exp_facts WHERE"
            " subject=? AND relation=? AND superseded_by IS NOT NULL"
            " ORDER BY superseded_at DESC, fact_id DESC LIMIT -1 OFFSET ?)",
            (subject, relation, self.max_history))

    def _prune(self, conn: sqlite3.Connection) -> list[str]:
        if len(self._current) <= self.max_facts:
            return []
        # Down to 90% of the cap: one sort per tenth of the cap, not one per new fact.
        excess = len(self._current) - int(self.max_facts * 0.9)
        victims = sorted(self._current.values(),
                         key=lambda f: (f.support, f.updated_at, f.fact_id))[:excess]
        for f in victims:
            self._unindex(f)
        ids = [(f.fact_id,) for f in victims]
        conn.executemany("DELETE FROM exp_facts WHERE superseded_by=?", ids)
        conn.executemany("DELETE FROM exp_facts WHERE fact_id=?", ids)
        return [f.item_id for f in victims]
