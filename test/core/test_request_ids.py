"""The store behind idempotent writes (core/request_ids.py): a repeated id is answered
with its first answer, another request under the same id is refused, and it is bounded."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from memory_node.core.errors import InvalidArgument
from memory_node.core.limits import LIMITS
from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings
from memory_node.core.persistence.migrations import MIGRATIONS
from memory_node.core.persistence.store import MemoryStore
from memory_node.core.request_ids import (
    ANSWER_LOST,
    AnsweredRequests,
    check_request_id,
    new_request_id,
)
from memory_node.core.units import ObjectMemoryUnit


def test_a_repeated_id_gets_its_first_answer_and_a_new_id_gets_none() -> None:
    store = AnsweredRequests(capacity=8, max_bytes=10_000)
    assert store.lookup("memory/record_outcome", "a", b"fp-a") is None
    store.remember("memory/record_outcome", "a", b"fp-a", b"answer-a")
    assert store.lookup("memory/record_outcome", "a", b"fp-a") == b"answer-a"
    assert store.lookup("memory/record_outcome", "a", b"fp-a") == b"answer-a"
    assert store.repeats == 2
    assert store.lookup("memory/record_outcome", "b", b"fp-b") is None
    # Ids are per service: the same id on another service is another request.
    assert store.lookup("memory/end_episode", "a", b"fp-a") is None


def test_the_same_id_on_another_request_is_refused_and_keeps_the_first_answer() -> None:
    store = AnsweredRequests(capacity=8, max_bytes=10_000)
    store.remember("memory/update_object", "a", b"closed", b"revision 3")
    with pytest.raises(InvalidArgument, match="used by another"):
        store.lookup("memory/update_object", "a", b"opened")
    assert store.mismatches == 1
    assert store.lookup("memory/update_object", "a", b"closed") == b"revision 3"


def test_the_least_recent_answers_go_beyond_the_count() -> None:
    store = AnsweredRequests(capacity=3, max_bytes=10_000)
    for i in range(5):
        store.remember("s", str(i), b"f", f"answer {i}".encode())
    assert len(store) == 3
    assert store.lookup("s", "0", b"f") is None and store.lookup("s", "1", b"f") is None
    assert [store.lookup("s", str(i), b"f") for i in (2, 3, 4)] == [
        b"answer 2", b"answer 3", b"answer 4"]


def test_the_oldest_answers_go_beyond_the_bytes_and_the_newest_stays() -> None:
    store = AnsweredRequests(capacity=100, max_bytes=10)
    store.remember("s", "a", b"f", b"x" * 4)
    store.remember("s", "b", b"f", b"y" * 4)
    assert store.bytes == 8 and len(store) == 2
    store.remember("s", "c", b"f", b"z" * 4)            # 12 > 10: "a" goes
    assert store.lookup("s", "a", b"f") is None
    assert store.bytes == 8
    store.remember("s", "big", b"f", b"w" * 50)         # alone above the bound: kept alone
    assert len(store) == 1 and store.lookup("s", "big", b"f") == b"w" * 50
    assert store.bytes == 50


def test_remembering_an_id_again_replaces_it_without_counting_it_twice() -> None:
    store = AnsweredRequests(capacity=2, max_bytes=100)
    store.remember("s", "a", b"f", b"12345")
    store.remember("s", "a", b"f", b"123")
    assert len(store) == 1 and store.bytes == 3


def test_bounds_and_ids_are_checked() -> None:
    with pytest.raises(ValueError):
        AnsweredRequests(capacity=0, max_bytes=10)
    with pytest.raises(ValueError):
        AnsweredRequests(capacity=1, max_bytes=0)
    check_request_id("")
    check_request_id(new_request_id())
    with pytest.raises(InvalidArgument):
        check_request_id("x" * (LIMITS.max_id_chars + 1))
    with pytest.raises(InvalidArgument):
        check_request_id("a\x00b")


def test_fresh_ids_differ() -> None:
    ids = {new_request_id() for _ in range(1000)}
    assert len(ids) == 1000
    assert all(len(i) <= LIMITS.max_id_chars for i in ids)


def write(store: MemoryStore, value: str) -> None:
    """An acknowledged write, as the memory's own are."""
    with store.transaction() as conn:
        conn.execute("INSERT OR REPLACE INTO memory_meta VALUES ('k', ?)", (value,))


def test_answers_survive_a_restart_and_are_bounded_in_the_database_too(
        tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "m.sqlite")
    answered = AnsweredRequests(capacity=2, max_bytes=10_000, store=store)
    for i in range(3):
        with answered.applying("s", str(i), b"f"):
            write(store, str(i))
        answered.remember("s", str(i), b"f", f"answer {i}".encode())
    store.close()
    store = MemoryStore(tmp_path / "m.sqlite")
    again = AnsweredRequests(capacity=2, max_bytes=10_000, store=store)
    assert again.lookup("s", "0", b"f") is None  # forgotten beyond the count, on disk too
    assert [again.lookup("s", str(i), b"f") for i in (1, 2)] == [b"answer 1", b"answer 2"]
    with pytest.raises(InvalidArgument, match="used by another"):
        again.lookup("s", "2", b"other")
    # A smaller bound at the next start forgets the oldest, in the database too.
    smaller = AnsweredRequests(capacity=1, max_bytes=10_000, store=store)
    assert smaller.lookup("s", "1", b"f") is None
    assert len(store.query("SELECT * FROM request_answers")) == 1


def test_a_write_commits_with_its_id_and_a_rolled_back_one_without(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "m.sqlite")
    answered = AnsweredRequests(capacity=8, max_bytes=10_000, store=store)
    # Killed after the write's commit, before its answer was stored: the id is kept with
    # its fingerprint, its answer as lost (a copy is told "applied", nothing applied).
    with answered.applying("s", "applied", b"f"):
        write(store, "1")
    # A write that failed rolls back with its id: a copy applies it.
    with pytest.raises(RuntimeError), answered.applying("s", "failed", b"f"):
        with store.transaction() as conn:
            conn.execute("INSERT OR REPLACE INTO memory_meta VALUES ('k', '2')")
            raise RuntimeError("disk full")
    # A cache's (unacknowledged) commit and a read are no write of the request's.
    with answered.applying("s", "cache", b"f"):
        with store.unacknowledged():
            write(store, "3")
        with store.transaction() as conn:
            conn.execute("SELECT * FROM memory_meta").fetchall()
    store.close()
    restarted = AnsweredRequests(capacity=8, max_bytes=10_000,
                                 store=MemoryStore(tmp_path / "m.sqlite"))
    assert restarted.lookup("s", "applied", b"f") == ANSWER_LOST
    assert restarted.lookup("s", "failed", b"f") is None
    assert restarted.lookup("s", "cache", b"f") is None


def test_a_request_s_writes_are_one_transaction_and_a_failed_part_rolls_back_alone(
        tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "m.sqlite")
    answered = AnsweredRequests(capacity=8, max_bytes=10_000, store=store)
    other = sqlite3.connect(tmp_path / "m.sqlite")  # a reader beside the server's connection
    with answered.applying("s", "r", b"f"):
        write(store, "1")
        # Not committed until the request ends: another connection sees nothing of it.
        assert other.execute("SELECT * FROM memory_meta").fetchall() == []
        # A part that fails (its error answered by the handler) is undone alone.
        with pytest.raises(RuntimeError), store.transaction() as conn:
            conn.execute("INSERT INTO memory_meta VALUES ('other', 'x')")
            raise RuntimeError("refused")
        # A snapshot inside the request holds what the request wrote before it.
        saved = store.save_snapshot("inside")
    assert other.execute("SELECT * FROM memory_meta").fetchall() == [("k", "1")]
    other.close()
    assert MemoryStore(saved).query("SELECT value FROM memory_meta")[0][0] == "1"
    assert AnsweredRequests(capacity=8, max_bytes=10_000, store=store).lookup(
        "s", "r", b"f") == ANSWER_LOST
    with pytest.raises(RuntimeError, match="do not nest"), answered.applying("s", "a", b"f"):
        with answered.applying("s", "b", b"f"):
            pass


def test_clear_and_load_keep_the_answered_ids(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "m.sqlite")
    store.save_snapshot("before")      # a snapshot without the id below
    answered = AnsweredRequests(capacity=8, max_bytes=10_000, store=store)
    with answered.applying("s", "a", b"f"):
        write(store, "1")
    answered.remember("s", "a", b"f", b"answer a")
    store.clear()
    store.load_snapshot("before")
    assert store.query("SELECT * FROM memory_meta WHERE key = 'k'") == []
    again = AnsweredRequests(capacity=8, max_bytes=10_000, store=store)
    assert again.lookup("s", "a", b"f") == b"answer a"


def test_a_database_of_the_previous_schema_gains_the_table(tmp_path: Path) -> None:
    path = tmp_path / "m.sqlite"
    old = MemoryStore(path, migrations=[m for m in MIGRATIONS if m.version < 8])
    write(old, "kept")
    old.close()
    store = MemoryStore(path)
    assert store.schema_version == MIGRATIONS[-1].version  # 8 and every later one
    assert store.query("SELECT value FROM memory_meta WHERE key = 'k'")[0][0] == "kept"
    assert AnsweredRequests(capacity=8, max_bytes=10_000, store=store).lookup(
        "s", "a", b"f") is None


# A memory server's process applying one outcome with an id, as the server's `serve` does
# (memory_server._answer_once), killed (SIGKILL) right after the first acknowledged write
# of the outcome finished: the unit's upsert, before what experience learns from the step.
_OUTCOME_KILLED_BETWEEN_WRITES = """
import contextlib, os, signal, sys
sys.path.insert(0, {test_dir!r})
from test_request_ids import apply_outcome_once, outcome_memory

memory, answered = outcome_memory({memory_dir!r})
store, real = memory.store, memory.store.transaction

@contextlib.contextmanager
def killed_after_the_first_write():
    with real() as conn:
        before = conn.total_changes
        yield conn
    if conn.total_changes != before and not getattr(store._relaxed, "depth", 0):
        os.kill(os.getpid(), signal.SIGKILL)

store.transaction = killed_after_the_first_write
apply_outcome_once(memory, answered)
"""


def outcome_memory(memory_dir: str) -> tuple[Memory, AnsweredRequests]:
    """A memory with experience (an outcome is then several writes) holding one mug, and
    the answered requests kept in its database, as the memory server has them."""
    memory = Memory(MemorySettings(memory_dir=memory_dir))
    memory.attach_experience()
    if "mug_1" not in memory.short_term:
        memory.upsert_object(ObjectMemoryUnit("mug_1", "Mug", (1.0, 0.0, 0.8),
                                               first_seen=1.0, last_seen=1.0))
    return memory, AnsweredRequests(capacity=8, max_bytes=10_000, store=memory.store)


def apply_outcome_once(memory: Memory, answered: AnsweredRequests) -> bytes:
    """The server's handling of one request with an id: a kept answer, else applied."""
    key = ("memory/record_outcome", "pick-1", b"fingerprint")
    stored = answered.lookup(*key)
    if stored is not None:
        return stored
    with answered.applying(*key):
        memory.recall.record_outcome("ep", "pick", ["mug_1"], True, stamp=5.0)
    answered.remember(*key, b"picked")
    return b"picked"


def remembered(memory: Memory) -> dict[str, list[tuple[object, ...]]]:
    """Every remembered row (the caches derived from them aside), without the wall-clock
    columns (when a row was written differs between two runs)."""
    derived = {"text_embeddings", "crop_colours", "label_terms"}
    wall = {"started_at", "updated_at", "wall_duration"}
    return {table: sorted(tuple(v for k, v in zip(row.keys(), row, strict=True)
                                if k not in wall)
                          for row in memory.store.query(f'SELECT * FROM "{table}"'))
            for table in memory.store.data_tables() if table not in derived}


def test_a_write_of_several_transactions_killed_between_them_is_applied_whole_by_its_copy(
        tmp_path: Path) -> None:
    reference, answered = outcome_memory(str(tmp_path / "reference"))
    try:
        assert apply_outcome_once(reference, answered) == b"picked"
        expected = remembered(reference)
    finally:
        reference.close()
    killed_dir = str(tmp_path / "killed")
    outcome_memory(killed_dir)[0].close()  # the mug stored before the request
    script = _OUTCOME_KILLED_BETWEEN_WRITES.format(test_dir=str(Path(__file__).parent),
                                                   memory_dir=killed_dir)
    child = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           timeout=120, check=False)
    assert child.returncode == -signal.SIGKILL, child.stderr
    restarted, answered = outcome_memory(killed_dir)
    try:
        # Nothing of the outcome committed, so its copy applies all of it: the unit and
        # what experience learnt, as one application without a kill leaves them.
        assert answered.lookup("memory/record_outcome", "pick-1", b"fingerprint") is None
        assert apply_outcome_once(restarted, answered) == b"picked"
        assert remembered(restarted) == expected
    finally:
        restarted.close()
