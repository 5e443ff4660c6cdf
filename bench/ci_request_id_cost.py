"""CPU the memory server spends on a write's request id (round 35), in process, no DDS.

Per request, the median over 5 rounds of 5,000: a first copy (the request's fingerprint,
the answer serialized and kept in `AnsweredRequests`) and a repeated copy (fingerprint,
the kept answer deserialized); also the sizes of the answers kept.

    PYTHONPATH=. .venv/bin/python bench/ci_request_id_cost.py
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from geometry_msgs.msg import Point
from rclpy.serialization import deserialize_message, serialize_message

from memory_node.core.request_ids import AnsweredRequests, new_request_id
from memory_node.msg import MemoryUnit
from memory_node.nodes.memory_server import message_fingerprint
from memory_node.srv import RecordOutcome, UpdateObject

SERVICE = "memory/record_outcome"


def cpu_us(fn: Callable[[int], object], rounds: int = 5, n: int = 5000) -> float:
    times = []
    for _ in range(rounds):
        start = time.process_time()
        for i in range(n):
            fn(i)
        times.append((time.process_time() - start) / n * 1e6)
    return round(sorted(times)[rounds // 2], 1)


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
        "outcome_answer_bytes_two_units": len(serialize_message(answer)),
        "upsert_answer_bytes": len(serialize_message(
            UpdateObject.Response(success=True, message="stored Apple_1", revision=12)))}))


if __name__ == "__main__":
    main()
