"""QoS of the memory's services, and the count of requests a service never took.

rclpy's default service QoS keeps the last 10 requests: a client with 32 requests in
flight (or a few clients at once) overwrites requests the server has not taken yet, and
nobody sees it. The memory documents a concurrency instead (`Limits.service_concurrency`
requests in flight per client, for up to `SERVICE_CLIENTS` clients at full concurrency):
request queue and response history are that deep. Requests keyless, so the depth is
shared by all clients. Clients should use the same profile: their response queue has the
same problem with many answers arriving at once.

What still gets lost is counted: `track_requests` watches each client's request sequence
numbers at the server and adds every gap to a counter (`dropped.requests.<service>` in
/memory/stats).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rclpy.qos import DurabilityPolicy, HistoryPolicy, QoSProfile, ReliabilityPolicy

from memory_node.core.limits import LIMITS
from memory_node.core.request_gaps import RequestGaps

SERVICE_CLIENTS = 8
SERVICE_QOS = QoSProfile(
    history=HistoryPolicy.KEEP_LAST,
    depth=LIMITS.service_concurrency * SERVICE_CLIENTS,
    reliability=ReliabilityPolicy.RELIABLE,
    durability=DurabilityPolicy.VOLATILE,
)


def _request_id(header: Any) -> tuple[bytes, int] | None:
    """(client writer guid, sequence number) of a request header (rmw_service_info_t or
    rmw_request_id_t, depending on the rclpy version), or None if it has neither."""
    request_id = getattr(header, "request_id", header)
    guid = getattr(request_id, "writer_guid", None)
    sequence = getattr(request_id, "sequence_number", None)
    if guid is None or sequence is None:
        return None
    return bytes(guid), int(sequence)


def track_requests(service: Any, count: Callable[[str, int], None], name: str) -> None:
    """Count, under `dropped.requests.<name>`, requests of `service`'s clients that never
    reached the callback. rclpy hands the request header only to `send_response`, which
    the executor calls once per taken request in order, so the check wraps it."""
    gaps = RequestGaps()
    key = "dropped.requests." + name.strip("/").replace("/", ".")
    send = service.send_response
    count(key, 0)  # listed from the start: "0 lost" is a statement, not a missing key

    def send_response(response: Any, header: Any) -> None:
        request_id = _request_id(header)
        if request_id is not None:
            missed = gaps.observe(*request_id)
            if missed:
                count(key, missed)
        send(response, header)

    service.send_response = send_response
