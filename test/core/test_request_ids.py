"""The store behind idempotent writes (core/request_ids.py): a repeated id is answered
with its first answer, another request under the same id is refused, and it is bounded."""

from __future__ import annotations

import pytest

from memory_node.core.errors import InvalidArgument
from memory_node.core.limits import LIMITS
from memory_node.core.request_ids import AnsweredRequests, check_request_id, new_request_id


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
