"""The units a Recaller knows, as arrays: one embedding matrix and inverted word indexes.

Scoring 10,000 units per request unit by unit in Python (a description fingerprint, set
intersections and a result object per unit) cost ~100 ms. Here every known unit owns a row:
its vector in one float32 matrix, its type as an integer, and its attribute, category,
state and place words in posting lists (word -> rows). A request then costs one
matrix-vector product, one posting-list addition per instruction word, and name matching
once per *type* (hundreds), not per unit (thousands).

Units that describe alike (same type, colour, state, place) carry the same vector: the
matrix holds each distinct vector once (a *slot*) and every row points at its slot, so a
request's cosines cost one product per distinct vector and a gather, not a pass over 15 MB
(10,000 x 384 float32, bounded by memory bandwidth: ~0.6-0.8 ms per ranking). Slots are
matched by the vector's bytes (a hash, then compared exactly), never by its text (the same
text embedded in two batches may differ in the last bit), so every row's cosine is the one
its own vector gives.

Rows are reused after a unit is forgotten; the matrix grows by doubling. ``version`` is
bumped by every write (a unit put or removed, a vector set), so what is derived from rows
(their types, tie order, the types present) is cached per version. Not thread-safe on its
own: the Recaller's owner serialises requests (RecallMemory holds a lock).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import numpy as np

# What an object id may be written as inside an instruction: a run of characters without
# spaces or sentence punctuation ("put Mug_3 in the sink", "(Mug_3)").
_ID_TOKEN = re.compile(r"[^\s,;!?()\[\]{}\"']+")


def sorted_distinct(values: np.ndarray) -> np.ndarray:
    """``np.unique(values)`` of a 1-D integer array (its distinct values, ascending), a new
    array of the same dtype. Not np.unique itself: numpy 2.x's asks ``np.ma.is_masked``,
    and its first call imports numpy.ma (~55-90 ms of CPU), inside a server's recall
    preload, the stage a restarted server's first recall waits for (round 45)."""
    ordered = np.sort(values)
    if len(ordered) < 2:
        return ordered
    keep = np.empty(len(ordered), dtype=bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


class UnitIndex:
    """Rows for units: vector, type id, attribute words and place words."""

    def __init__(self, dim: int, capacity: int = 256) -> None:
        if dim <= 0 or capacity <= 0:
            raise ValueError("dim and capacity must be positive")
        self.dim = dim
        self.version = 0                             # bumped by every write
        # Distinct vectors (slots) and, per row, its slot (-1: no vector).
        self._vecs = np.zeros((capacity, dim), dtype=np.float32)
        self._slot = np.full(capacity, -1, dtype=np.int64)
        self._slot_of: dict[int, int] = {}           # hash of a vector's bytes -> slot
        self._slot_key: list[int] = []               # slot -> its hash (-1: unkeyed)
        # Odd multipliers of a vector's 32-bit words: its hash is their wrapped sum.
        self._hash_w = np.random.default_rng(17).integers(
            1, 2**32, dim, dtype=np.uint64).astype(np.uint32) | np.uint32(1)
        self._slot_rows = np.zeros(capacity, dtype=np.int64)   # rows using each slot
        self._free_slots: list[int] = []
        self._slots_hi = 0                           # every used slot is below this
        self._has_vector = np.zeros(capacity, dtype=bool)
        self._all_vectors: tuple[np.ndarray, int] | None = None  # has_all_vectors' last yes
        self._type = np.full(capacity, -1, dtype=np.int64)
        self._rank = np.zeros(capacity, dtype=np.int64)  # object-id order, for ties
        self._ids: list[str | None] = [None] * capacity
        self._content: list[str] = [""] * capacity
        self._words: list[frozenset[str]] = [frozenset()] * capacity
        self._places: list[frozenset[str]] = [frozenset()] * capacity
        self._rows: dict[str, int] = {}
        self._lower: dict[str, set[int]] = {}       # lower-case id -> rows
        self._free: list[int] = []
        self._hi = 0                                 # every used row is below this
        self._type_ids: dict[str, int] = {}
        self.type_names: list[str] = []
        self._post: dict[str, set[int]] = {}
        self._place_post: dict[str, set[int]] = {}
        self._arrays: dict[tuple[bool, str], np.ndarray] = {}  # posting lists as arrays
        self._rank_dirty = True
        # (rows array, version) -> its types, the distinct types and the tie order.
        self._view: tuple[np.ndarray, int, np.ndarray, np.ndarray, np.ndarray] | None = None

    def __len__(self) -> int:
        return len(self._rows)

    # -- maintenance ----------------------------------------------------------------------
    def row(self, object_id: str) -> int:
        return self._rows.get(object_id, -1)

    def type_ids(self) -> dict[str, int]:
        """Every type name seen (split, lower case) -> its id."""
        return self._type_ids

    def type_id(self, type_name: str) -> int:
        t = self._type_ids.get(type_name)
        if t is None:
            t = self._type_ids[type_name] = len(self.type_names)
            self.type_names.append(type_name)
        return t

    def put(self, object_id: str, type_name: str, content: str,
            words: frozenset[str], places: frozenset[str]) -> int:
        """(Re)index one unit; its vector stays valid only if ``content`` is unchanged."""
        self.version += 1
        row = self._rows.get(object_id)
        if row is None:
            row = self._free.pop() if self._free else self._new_row()
            self._rows[object_id] = row
            self._ids[row] = object_id
            self._lower.setdefault(object_id.lower(), set()).add(row)
            self._rank_dirty = True
            self._drop_vector(row)
        else:
            self._unpost(row)
            if self._content[row] != content:
                self._drop_vector(row)
        self._content[row] = content
        self._type[row] = self.type_id(type_name)
        self._words[row] = words
        self._places[row] = places
        post, place_post, arrays = self._post, self._place_post, self._arrays
        for w in words:
            rows = post.get(w)
            if rows is None:
                post[w] = {row}
            else:
                rows.add(row)
        for w in places:
            rows = place_post.get(w)
            if rows is None:
                place_post[w] = {row}
            else:
                rows.add(row)
        if arrays:  # empty while a restart builds the index: nothing to invalidate
            for w in words:
                arrays.pop((False, w), None)
            for w in places:
                arrays.pop((True, w), None)
        return row

    def remove(self, object_id: str) -> None:
        row = self._rows.pop(object_id, None)
        if row is None:
            return
        self.version += 1
        self._unpost(row)
        lowered = self._lower.get(object_id.lower())
        if lowered is not None:
            lowered.discard(row)
            if not lowered:
                del self._lower[object_id.lower()]
        self._ids[row] = None
        self._content[row] = ""
        self._words[row] = self._places[row] = frozenset()
        self._type[row] = -1
        self._drop_vector(row)
        self._free.append(row)
        self._rank_dirty = True

    def _unpost(self, row: int) -> None:
        for posting, words, places in ((self._post, self._words[row], False),
                                       (self._place_post, self._places[row], True)):
            for w in words:
                rows = posting.get(w)
                if rows is not None:
                    rows.discard(row)
                    if not rows:
                        del posting[w]
                self._arrays.pop((places, w), None)

    def _new_row(self) -> int:
        if self._hi == len(self._ids):
            cap = 2 * len(self._ids)
            grow = cap - len(self._ids)
            self._slot = np.concatenate([self._slot, np.full(grow, -1, dtype=np.int64)])
            self._has_vector = np.concatenate([self._has_vector, np.zeros(grow, dtype=bool)])
            self._type = np.concatenate([self._type, np.full(grow, -1, dtype=np.int64)])
            self._rank = np.concatenate([self._rank, np.zeros(grow, dtype=np.int64)])
            self._ids += [None] * grow
            self._content += [""] * grow
            self._words += [frozenset()] * grow
            self._places += [frozenset()] * grow
        self._hi += 1
        return self._hi - 1

    def missing_vectors(self, rows: np.ndarray) -> np.ndarray:
        """Boolean mask: which of ``rows`` have no current vector."""
        return ~self._has_vector[rows]

    def has_all_vectors(self, rows: np.ndarray) -> bool:
        """Whether every one of ``rows`` has a current vector. A yes is kept for the same
        rows array at the same version (every write bumps it): a keyed ranking passes one
        array per short-term version, and each of its steps asked numpy over all rows."""
        held = self._all_vectors
        if held is not None and held[0] is rows and held[1] == self.version:
            return True
        if not self._has_vector[rows].all():
            return False
        self._all_vectors = (rows, self.version)
        return True

    def needs_vector(self, row: int) -> bool:
        return not bool(self._has_vector[row])

    def set_vectors(self, rows: Iterable[int], vectors: np.ndarray) -> None:
        idx = np.fromiter(rows, dtype=np.int64)
        if vectors.shape != (len(idx), self.dim) or not np.isfinite(vectors).all():
            raise ValueError("vectors must be finite and one per row")
        if not len(idx):
            return
        self.version += 1
        vectors = np.ascontiguousarray(vectors, dtype=np.float32)
        given = sorted_distinct(idx)
        self._drop_vectors(given)
        # Slots by a hash of each vector's bytes, computed in numpy (a restart sets 10,000
        # rows at once: a digest per row in Python was ~40 ms of it); only the dictionary
        # is per row. Then compared exactly, so a collision costs a slot, never a vector.
        keys = (vectors.view(np.uint32) * self._hash_w).sum(axis=1, dtype=np.uint64).tolist()
        slots = np.empty(len(idx), dtype=np.int64)
        new_slots: list[int] = []
        new_at: list[int] = []
        slot_of = self._slot_of
        for i, key in enumerate(keys):
            slot = slot_of.get(key)
            if slot is None:
                slot = slot_of[key] = self._alloc_slot()
                self._slot_key[slot] = key
                new_slots.append(slot)
                new_at.append(i)
            slots[i] = slot
        if new_slots:
            self._vecs[new_slots] = vectors[new_at]
        # Exact, not by hash: a vector whose hash matched another's gets its own slot.
        for i in np.flatnonzero((self._vecs[slots] != vectors).any(axis=1)).tolist():
            slots[i] = self._alloc_slot()
            self._vecs[slots[i]] = vectors[i]
        self._slot[idx] = slots                      # a row given twice: its last vector
        np.add.at(self._slot_rows, self._slot[given], 1)
        self._has_vector[given] = True

    def _alloc_slot(self) -> int:
        """A free slot (unkeyed, used by no row), growing the matrix when none is left."""
        if self._free_slots:
            return self._free_slots.pop()
        if self._slots_hi == len(self._vecs):
            grow = len(self._vecs)
            self._vecs = np.vstack([self._vecs, np.zeros((grow, self.dim), np.float32)])
            self._slot_rows = np.concatenate([self._slot_rows, np.zeros(grow, np.int64)])
        self._slots_hi += 1
        self._slot_key.append(-1)
        return self._slots_hi - 1

    def _drop_vectors(self, rows: np.ndarray) -> None:
        """:meth:`_drop_vector` of distinct ``rows`` at once."""
        slots = self._slot[rows]
        self._has_vector[rows] = False
        had = slots >= 0
        if not had.any():
            return
        slots = slots[had]
        self._slot[rows[had]] = -1
        np.subtract.at(self._slot_rows, slots, 1)
        for slot in sorted_distinct(slots[self._slot_rows[slots] == 0]).tolist():
            self._free_slot(slot)

    def _free_slot(self, slot: int) -> None:
        key = self._slot_key[slot]
        if key >= 0:
            del self._slot_of[key]
            self._slot_key[slot] = -1
        self._free_slots.append(slot)

    def _drop_vector(self, row: int) -> None:
        """The row has no vector any more; a slot no row uses is freed."""
        slot = int(self._slot[row])
        self._has_vector[row] = False
        if slot < 0:
            return
        self._slot[row] = -1
        self._slot_rows[slot] -= 1
        if self._slot_rows[slot] == 0:
            self._free_slot(slot)

    # -- queries --------------------------------------------------------------------------
    def cosines(self, query: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """Dot products of ``query`` with the rows' vectors (float32, aligned with rows;
        every row must have a vector).

        einsum, not ``@``: a matrix-vector product goes to OpenBLAS, whose thread pool
        spins for the cores that other processes hold; on the loaded 2-core robot that cost
        ~40 ms per 10,000 rows against ~0.6 ms on one core here (bench/README_recall.md).
        Each distinct vector once, then gathered per row (see the module doc)."""
        slots = self._slot[rows]
        if len(rows) * 4 >= self._slots_hi:
            return np.einsum("ij,j->i", self._vecs[:self._slots_hi], query)[slots]
        return np.einsum("ij,j->i", self._vecs[slots], query)

    @property
    def distinct_vectors(self) -> int:
        return self._slots_hi - len(self._free_slots)

    def types(self, rows: np.ndarray) -> np.ndarray:
        return self._view_of(rows)[2]

    def present_types(self, rows: np.ndarray) -> np.ndarray:
        """The distinct type ids of ``rows``, ascending."""
        return self._view_of(rows)[3]

    def _view_of(self, rows: np.ndarray
                 ) -> tuple[np.ndarray, int, np.ndarray, np.ndarray, np.ndarray]:
        """What a ranking derives from its rows, kept while the same rows array is asked
        for at the same version (a keyed ranking passes the array it cached per short-term
        version; ~0.3 ms of numpy per request at 10,000 units)."""
        view = self._view
        if view is None or view[0] is not rows or view[1] != self.version:
            types = self._type[rows]
            view = (rows, self.version, types, sorted_distinct(types), self._tie_rank(rows))
            if len(rows) >= 256:  # a step's few candidates must not push the keyed rows out
                self._view = view
        return view

    def _posting(self, word: str, places: bool) -> np.ndarray | None:
        key = (places, word)
        arr = self._arrays.get(key)
        if arr is None:
            rows = (self._place_post if places else self._post).get(word)
            if not rows:
                return None
            arr = self._arrays[key] = np.fromiter(rows, dtype=np.int64, count=len(rows))
        return arr

    def postings(self, words: Iterable[str], *, places: bool = False) -> list[np.ndarray]:
        """The posting arrays (rows, each once) of those of ``words`` some row has, in the
        words' order: looked up once per word and passed to :meth:`rows_hit` and
        :meth:`counts` (round 81: the words no row has, most of a query's, are dropped in
        C; each word was looked up twice, for :meth:`rows_with` and :meth:`word_counts`)."""
        post = self._place_post if places else self._post
        arrays = self._arrays
        out = []
        for w in filter(post.get, words):  # a posting set is never empty (_unpost)
            arr = arrays.get((places, w))
            if arr is None:
                rows = post[w]
                arr = arrays[places, w] = np.fromiter(rows, dtype=np.int64, count=len(rows))
            out.append(arr)
        return out

    def counts(self, arrays: Iterable[np.ndarray]) -> np.ndarray:
        """Per row (all rows, index by row), in how many of the posting ``arrays`` it is:
        :meth:`word_counts` of the words :meth:`postings` gave them for."""
        counts = np.zeros(self._hi, dtype=np.int64)
        for arr in arrays:
            counts[arr] += 1   # a posting list holds each row once
        return counts

    def rows_hit(self, arrays: Sequence[np.ndarray]) -> np.ndarray | None:
        """Per row (all rows, index by row), whether it is in any of the posting
        ``arrays``: :meth:`rows_with` of the words :meth:`postings` gave them for."""
        if not arrays:
            return None
        hit = np.zeros(self._hi, dtype=bool)
        for a in arrays:
            hit[a] = True
        return hit

    def word_counts(self, words: Iterable[str], *, places: bool = False) -> np.ndarray:
        """Per row (all rows, index by row), how many of ``words`` the unit has."""
        return self.counts(a for a in (self._posting(w, places) for w in words)
                           if a is not None)

    def rows_with(self, words: Iterable[str], place_words: Iterable[str]
                  ) -> np.ndarray | None:
        """Per row (all rows, index by row), whether it has any of ``words`` or, as a
        place, of ``place_words``: the rows :meth:`word_counts` is not 0 on, read from the
        posting lists alone; None when no row has one."""
        arrays = [a for a in [*(self._posting(w, False) for w in words),
                              *(self._posting(w, True) for w in place_words)]
                  if a is not None]
        return self.rows_hit(arrays)

    def words_of(self, row: int) -> frozenset[str]:
        return self._words[row]

    def rows_named_by_id(self, text: str) -> set[int]:
        """Rows whose object id appears in ``text`` as a token (case-insensitive; trailing
        full stops and colons ignored): "put Mug_3 in the sink." names Mug_3."""
        out: set[int] = set()
        if not self._lower:
            return out
        for token in _ID_TOKEN.findall(text.lower()):
            for t in (token, token.rstrip(".:")):
                rows = self._lower.get(t)
                if rows:
                    out |= rows
        return out

    def tie_rank(self, rows: np.ndarray) -> np.ndarray:
        """Each row's place in object-id order (ties in score go to the smaller id)."""
        return self._view_of(rows)[4]

    def _tie_rank(self, rows: np.ndarray) -> np.ndarray:
        if self._rank_dirty:
            live = [(oid, r) for r, oid in enumerate(self._ids[:self._hi]) if oid is not None]
            live.sort()
            for i, (_, r) in enumerate(live):
                self._rank[r] = i
            self._rank_dirty = False
        return self._rank[rows]
