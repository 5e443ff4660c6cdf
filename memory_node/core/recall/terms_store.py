"""WordNet names of unit types kept in SQLite, so a restart does not resolve them again.

A type's :class:`~memory_node.core.recall.names.LabelTerms` (its synonyms, kinds, more
general names, definition nouns) cost ~10-40 ms of WordNet lookups each; a restarted
server with 50 types paid ~0.5-1.5 s for them on its first recall. Rows are keyed by
(type name, version); the version hashes the code that computes them (names.py, lexicon.py,
lexical.py) and the WordNet files (names, sizes, modification times), or says no WordNet is
available, so names computed by other code or other data are never read. A row that does
not parse back into terms of the right shape is ignored and the names are computed again:
a damaged cache costs time, never a wrong or failed recall.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import lru_cache

from memory_node.core.persistence.derived_rows import DerivedRows
from memory_node.core.persistence.store import MemoryStore
from memory_node.core.recall import lexical, lexicon, names
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import LabelTerms
from memory_node.core.recall.source_identity import files_hash, modules_hash

MAX_ROWS = 20_000           # ~1 kB each; a memory sees hundreds of types, not thousands
MAX_TYPE_CHARS = 200        # longer names (nothing real) are computed, not stored
MAX_TERMS_CHARS = 64_000    # a row longer than this is not one this code wrote
_FIELDS = ("words", "full", "partial", "modifiers", "gloss", "heads", "elided", "kin_heads",
           "shapes")


@lru_cache(maxsize=1)
def code_version() -> str:
    """Hash of the source of everything label_terms depends on (read once per process)."""
    return modules_hash((names, lexicon, lexical))


def lexicon_version(lex: Lexicon | None) -> str:
    """The WordNet data's identity, or "none" (terms without WordNet differ)."""
    if lex is None or lex.root is None or not lex.available:
        return "none"
    return files_hash(lex.root)


def encode(terms: LabelTerms) -> str:
    return json.dumps({
        "words": list(terms.words),
        "full": sorted(list(p) for p in terms.full),
        "partial": sorted(terms.partial), "modifiers": sorted(terms.modifiers),
        "gloss": sorted(terms.gloss), "heads": sorted(terms.heads),
        "elided": sorted(terms.elided), "kin_heads": sorted(terms.kin_heads),
        "shapes": sorted(terms.shapes)}, separators=(",", ":"))


def _strings(value: object) -> list[str] | None:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return value
    return None


def decode(text: object) -> LabelTerms | None:
    """The terms a row holds, or None when it is not exactly what :func:`encode` writes."""
    if not isinstance(text, str) or len(text) > MAX_TERMS_CHARS:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or set(data) != set(_FIELDS):
        return None
    full_raw = data["full"]
    if not isinstance(full_raw, list):
        return None
    full = [_strings(p) for p in full_raw]
    flat = [_strings(data[f]) for f in _FIELDS if f != "full"]
    if any(p is None for p in full) or any(f is None for f in flat):
        return None
    ws, partial, modifiers, gloss, heads, elided, kin, shapes = (f or [] for f in flat)
    return LabelTerms(tuple(ws), frozenset(tuple(p or ()) for p in full), frozenset(partial),
                      frozenset(modifiers), frozenset(gloss), frozenset(heads),
                      frozenset(elided), frozenset(kin), frozenset(shapes))


class LabelTermsStore:
    """Load and save the names of types for one (code, lexicon) version."""

    def __init__(self, store: MemoryStore, lexicon_id: str, max_rows: int = MAX_ROWS) -> None:
        self.version = f"{code_version()}:{lexicon_id}"
        self.rows = DerivedRows(store, "label_terms", "type_name", "version", self.version,
                                ("terms",), max_rows)
        self.rejected = 0  # rows that did not decode (damaged), recomputed instead

    def load(self, type_names: Iterable[str]) -> dict[str, LabelTerms]:
        wanted = [t for t in type_names if len(t) <= MAX_TYPE_CHARS]
        out: dict[str, LabelTerms] = {}
        for row in self.rows.load(wanted):
            terms = decode(row["terms"])
            if terms is None:
                self.rejected += 1
            else:
                out[row["type_name"]] = terms
        return out

    def save(self, items: Sequence[tuple[str, LabelTerms]]) -> int:
        return self.rows.save([(t, encode(terms)) for t, terms in items
                               if len(t) <= MAX_TYPE_CHARS])

    def count(self) -> int:
        return self.rows.count()
