"""CPU the memory server spends on a write's request id (round 35), in process, no DDS.

Per request, the median over 5 rounds of 5,000: a first copy (the request's fingerprint,
the answer serialized and kept in `AnsweredRequests`) and a repeated copy (fingerprint,
the kept answer deserialized); also the sizes of the answers kept. Round 36: a first
copy with the answers kept in a memory database (the answer's row committed without an
fsync, as the server does), CPU and wall, and what the id adds to a write's own
transaction (the marked insert) against the same write unmarked.

    PYTHONPATH=. .venv/bin/python bench/ci_request_id_cost.py
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from geometry_msgs.msg import Point
from rclpy.serialization import deserialize_message, serialize_message

from memory_node.core.memory_settings import MemorySettings
from memory_node.core.persistence.store import MemoryStore
from memory_node.core.request_ids import AnsweredRequests, new_request_id
from memory_node.msg import MemoryUnit
from memory_node.nodes.memory_server import message_fingerprint
from memory_node.srv import RecordOutcome, UpdateObject

SERVICE = "memory/record_outcome"


def cpu_us(fn: Callable[[int], object], rounds: int = 5, n: int = 5000,
           clock: Callable[[], float] = time.process_time, offset: int = 0) -> float:
    times = []
    for r in range(rounds):
        start = clock()
        for i in range(n):
            fn(offset + r * n + i)
        times.append((clock() - start) / n * 1e6)
    return round(sorted(times)[rounds // 2], 1)


def database_costs(request: RecordOutcome.Request, answer: RecordOutcome.Response
                   ) -> dict[str, float]:
    """Per request, with the answers in a database (durability "normal": the fsync of an
    acknowledged write is the disk's, the same with or without an id)."""
    with tempfile.TemporaryDirectory() as tmp:
        # As the server opens it: WAL checkpoints on its background thread.
        store = MemoryStore(Path(tmp) / "m.sqlite", durability="normal",
                            checkpoint_period_s=MemorySettings().checkpoint_period_s)
        kept = AnsweredRequests(4096, 64_000_000, store=store)
        raw = serialize_message(answer)

        def write(i: int) -> None:
            with store.transaction() as conn:
                conn.execute("INSERT OR REPLACE INTO memory_meta VALUES ('k', ?)", (str(i),))

        def write_marked(i: int) -> None:
            fingerprint = message_fingerprint(request)
            kept.lookup(SERVICE, str(i), fingerprint)
            with kept.applying(SERVICE, str(i), fingerprint):
                write(i)
            kept.remember(SERVICE, str(i), fingerprint, raw)

        out = {}
        for clock, unit in ((time.process_time, "cpu"), (time.perf_counter, "wall")):
            out[f"write_without_id_{unit}_us"] = cpu_us(write, n=1000, clock=clock)
            out[f"write_with_id_kept_in_database_{unit}_us"] = cpu_us(
                write_marked, n=1000, clock=clock, offset=10_000_000 if unit == "cpu" else 0)
        out["rows_kept"] = len(store.query("SELECT * FROM request_answers"))
        store.close()
    return out


def main() -> None:
    request = RecordOutcome.Request(
        episode_id="topic-0123456789ab", skill="put", arguments=["Apple_1", "Fridge_1", "in"],
        succeeded=True, message="done", robot_area="kitchen", request_id=new_request_id())
    answer = RecordOutcome.Response(success=True, message="2 unit(s) changed")
    answer.changed_units = [
        MemoryUnit(object_id=f"Obj_{i}", label="Apple", position=Point(x=1.0), state="closed",
                   area_id="kitchen", receptacle_id="Fridge_1", relation="in", source="outcome")
        for i in range(2)]
    store = AnsweredRequests(4096, 64_000_000)
    store.remember(SERVICE, "kept", message_fingerprint(request), serialize_message(answer))

    def first(i: int) -> None:
        fingerprint = message_fingerprint(request)
        store.lookup(SERVICE, str(i), fingerprint)
        store.remember(SERVICE, str(i), fingerprint, serialize_message(answer))

    def repeated(_i: int) -> object:
        kept = store.lookup(SERVICE, "kept", message_fingerprint(request))
        assert kept is not None
        return deserialize_message(kept, RecordOutcome.Response)

    # `first` fills the store past its count: keep "kept" the most recent before each run.
    first_us = cpu_us(first)
    store.remember(SERVICE, "kept", message_fingerprint(request), serialize_message(answer))
    print(json.dumps({
        "first_copy_cpu_us": first_us, "repeated_copy_cpu_us": cpu_us(repeated),
        **database_costs(request, answer),
        "outcome_answer_bytes_two_units": len(serialize_message(answer)),
        "upsert_answer_bytes": len(serialize_message(
            UpdateObject.Response(success=True, message="stored Apple_1", revision=12)))}))


if __name__ == "__main__":
    main()
