"""Request ids: a write re-sent over a lossy transport is applied once.

A service answer can be lost after the request was applied (rmw_fastrtps drops the answer
to a client whose response reader the server has not matched yet; a client that times out
gives up on an answer still on its way). Re-sending the write then applies it twice: an
outcome counted twice, an upsert that puts back a state another node wrote since.

The client puts a fresh `request_id` on each logical write and the same id on every
re-send of it; the server keeps the answers of the last `capacity` ids and answers a
repeated id with the stored answer, applying nothing (HTTP's Idempotency-Key draft, AWS's
client tokens: docs/architecture.md, "Request ids"). A refused request's answer is kept
too: a re-send stays refused and changes nothing. The id is bound to the request it came
with (a fingerprint of the whole request): the same id on another request is refused, not
answered with the first request's answer.

The store holds serialized answers (bytes) so that it knows nothing of ROS; it is written
and read on the server's executor thread only (no lock).

Given the memory's database, the ids survive a restart: while a request is applied, its
write transactions are one, and that one also records its id (MemoryStore.marking_writes:
a request's writes commit all with its id or none of them, nor the id without them); its
answer is stored right after, and the kept ids are loaded at start. A
server killed between the write's commit and the answer's keeps the id without an answer
(ANSWER_LOST): a copy is then told it was applied, not applied again.
"""

from __future__ import annotations

import contextlib
import sqlite3
import uuid
from collections import OrderedDict
from collections.abc import Iterator

from memory_node.core.errors import InvalidArgument
from memory_node.core.limits import LIMITS, Limits
from memory_node.core.persistence.migrations import REQUEST_ANSWERS_TABLE
from memory_node.core.persistence.store import MemoryStore

# The kept answer of a request whose write committed but whose answer was not stored (the
# server was killed in between): a copy is answered "applied", nothing more is known.
ANSWER_LOST = b""


def new_request_id() -> str:
    """A fresh id for one logical request (a random UUID: unique across clients and
    restarts without coordination)."""
    return uuid.uuid4().hex


def check_request_id(request_id: str, limits: Limits = LIMITS) -> None:
    """InvalidArgument unless `request_id` is "" or a printable id within the id limit."""
    if len(request_id) > limits.max_id_chars:
        raise InvalidArgument(f"request_id is longer than {limits.max_id_chars} characters")
    if not request_id.isprintable():
        raise InvalidArgument("request_id holds non-printable characters")


class AnsweredRequests:
    """The answers to the last requests that carried a request id, per service.

    Bounded by count and by bytes (an answer can carry units with their crops): the least
    recently answered id goes first, the newest is always kept. An id must outlive every
    re-send of its request, so the bounds must hold the writes all clients make within one
    client's re-send window (seconds); the server's defaults are in ServerSettings."""

    def __init__(self, capacity: int, max_bytes: int, store: MemoryStore | None = None
                 ) -> None:
        if capacity < 1 or max_bytes < 1:
            raise ValueError(f"capacity and max_bytes must be at least 1, got {capacity} "
                             f"and {max_bytes}")
        self.capacity = capacity
        self.max_bytes = max_bytes
        self._answers: OrderedDict[tuple[str, str], tuple[bytes, bytes]] = OrderedDict()
        self.bytes = 0          # answers' bytes held
        self.repeats = 0        # re-sent requests answered from the store
        self.mismatches = 0     # ids re-used on another request (refused)
        self._store = store
        if store is not None:
            self._load(store)

    def __len__(self) -> int:
        return len(self._answers)

    def lookup(self, service: str, request_id: str, fingerprint: bytes) -> bytes | None:
        """The stored answer to (service, request_id), or None when it was not answered
        (or was forgotten): apply the request. InvalidArgument when the id was answered
        for a request with another fingerprint."""
        kept = self._answers.get((service, request_id))
        if kept is None:
            return None
        if kept[0] != fingerprint:
            self.mismatches += 1
            raise InvalidArgument(f"request_id {request_id!r} was used by another "
                                  f"{service} request")
        self.repeats += 1
        return kept[1]

    @contextlib.contextmanager
    def applying(self, service: str, request_id: str, fingerprint: bytes) -> Iterator[None]:
        """The block applies the request: its writes commit as one, with its id."""
        if self._store is None:
            yield
            return

        def mark(conn: sqlite3.Connection) -> None:
            conn.execute(f"INSERT OR IGNORE INTO {REQUEST_ANSWERS_TABLE} VALUES (?, ?, ?, "
                         "NULL)", (service, request_id, fingerprint))

        with self._store.marking_writes(mark):
            yield

    def remember(self, service: str, request_id: str, fingerprint: bytes,
                 answer: bytes) -> None:
        """Keep the answer the request got, forgetting the oldest beyond the bounds."""
        forgotten = self._keep(service, request_id, fingerprint, answer)
        if self._store is None:
            return
        # Without an fsync: a killed process loses no commit in WAL mode, and what must
        # survive an OS crash too, the id of an applied write, committed with the write.
        with self._store.unacknowledged(), self._store.transaction() as conn:
            conn.execute(f"INSERT OR REPLACE INTO {REQUEST_ANSWERS_TABLE} VALUES "
                         "(?, ?, ?, ?)", (service, request_id, fingerprint, answer))
            conn.executemany(f"DELETE FROM {REQUEST_ANSWERS_TABLE} WHERE service = ? AND "
                             "request_id = ?", forgotten)

    def _keep(self, service: str, request_id: str, fingerprint: bytes,
              answer: bytes) -> list[tuple[str, str]]:
        """Keep an answer in memory; returns the keys forgotten to stay within bounds."""
        key = (service, request_id)
        old = self._answers.pop(key, None)
        if old is not None:
            self.bytes -= len(old[1])
        self._answers[key] = (fingerprint, answer)
        self.bytes += len(answer)
        forgotten = []
        while len(self._answers) > 1 and (len(self._answers) > self.capacity
                                          or self.bytes > self.max_bytes):
            dropped_key, (_, dropped) = self._answers.popitem(last=False)
            self.bytes -= len(dropped)
            forgotten.append(dropped_key)
        return forgotten

    def _load(self, store: MemoryStore) -> None:
        """The ids kept by earlier runs, least recently answered first; those beyond this
        run's bounds are forgotten, in the database too."""
        forgotten = []
        for row in store.query(f"SELECT * FROM {REQUEST_ANSWERS_TABLE} ORDER BY rowid"):
            answer = ANSWER_LOST if row["answer"] is None else bytes(row["answer"])
            forgotten += self._keep(row["service"], row["request_id"],
                                    bytes(row["fingerprint"]), answer)
        if forgotten:
            with store.unacknowledged(), store.transaction() as conn:
                conn.executemany(f"DELETE FROM {REQUEST_ANSWERS_TABLE} WHERE service = ? "
                                 "AND request_id = ?", forgotten)
