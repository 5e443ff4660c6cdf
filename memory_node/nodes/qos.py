"""QoS of the memory's services, and the count of requests a service never took.

rclpy's default service QoS keeps the last 10 requests: a client with 32 requests in
flight (or a few clients at once) overwrites requests the server has not taken yet, and
nobody sees it. The memory documents a concurrency instead (`Limits.service_concurrency`
requests in flight per client, for up to `SERVICE_CLIENTS` clients at full concurrency):
request queue and response history are that deep. Requests keyless, so the depth is
shared by all clients. Clients should use the same profile: their response queue has the
same problem with many answers arriving at once.

What still gets lost is counted: `track_requests` watches each client's request sequence
numbers at the server (through service introspection events) and adds every gap to a
counter (`dropped.requests.<service>` in /memory/stats). Only the events the server's own
introspection publisher wrote are read: the topic is open, and a forged event's sequence
number would otherwise inflate the counter and hide that client's later real gaps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rclpy.event_handler import SubscriptionEventCallbacks
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, HistoryPolicy, QoSProfile, ReliabilityPolicy
from rclpy.service_introspection import ServiceIntrospectionState
from rclpy.subscription import MessageInfo
from service_msgs.msg import ServiceEventInfo

from memory_node.core.limits import LIMITS
from memory_node.core.request_gaps import RequestGaps
from memory_node.nodes.runner import WithMessageInfo

SERVICE_CLIENTS = 8
# memory/events: the last EVENTS_KEPT events stay available to late joiners (a node that
# starts, or whose discovery completes, after an event) that ask for transient-local history.
EVENTS_KEPT = 100
EVENTS_QOS = QoSProfile(depth=EVENTS_KEPT, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                        reliability=ReliabilityPolicy.RELIABLE)
# A reader's own queue holds what arrived while its executor was busy; KEEP_LAST overwrites
# the oldest unread event when it is full, whatever the reliability. The view bridge,
# starting its viewer, took a whole household run (~65 NEW and the EVICTED of a short-term
# cache of 25) in one tick and had lost the first 2-4 NEW with a queue of EVENTS_KEPT.
# Depth is not matched between writer and reader: readers may keep more than the server
# offers late joiners.
EVENTS_READER_DEPTH = 2000
EVENTS_READER_QOS = QoSProfile(depth=EVENTS_READER_DEPTH,
                               durability=DurabilityPolicy.TRANSIENT_LOCAL,
                               reliability=ReliabilityPolicy.RELIABLE)
# The service events are read without rclpy's default QoS-event handlers (incompatible QoS,
# incompatible type): two waitables per subscription, which rclpy's executor enters, adds
# and checks in every wait set it builds, once per callback; the services' event readers
# had 16 of the memory server's 35 (round 33: a wait set's thread CPU x0.76 without them,
# bench/README_recall.md). rcl itself writes these topics with the service's QoS, so
# there is no incompatible writer to warn about.
COUNTED_EVENT_CALLBACKS = SubscriptionEventCallbacks(use_default_callbacks=False)
SERVICE_QOS = QoSProfile(
    history=HistoryPolicy.KEEP_LAST,
    depth=LIMITS.service_concurrency * SERVICE_CLIENTS,
    reliability=ReliabilityPolicy.RELIABLE,
    durability=DurabilityPolicy.VOLATILE,
)

# memory/recall_ahead (an instruction whose recall follows): reliable, so the one message a
# planner sends per instruction is not lost; a few deep, as a server that falls behind
# gains nothing from old instructions (their requests came already).
AHEAD_QOS = QoSProfile(history=HistoryPolicy.KEEP_LAST, depth=4,
                       reliability=ReliabilityPolicy.RELIABLE,
                       durability=DurabilityPolicy.VOLATILE)

# An action's goal, cancel and result requests travel on services too, and rclpy's default
# queue keeps the last 10: a burst of goals or cancels beyond it was overwritten before the
# server took it, and its client waited for an answer that never came (ci42: 40 goals at
# once to the world's base/execute_skill, 10 answered). The skill servers and the planner
# take them with the memory services' depth and answer each (a goal beyond the one running
# is refused). A client that sends bursts needs the same depth for its answers (as
# SERVICE_QOS); the shipped clients send one goal at a time and keep the default.
ACTION_SERVICES_QOS = SERVICE_QOS   # an action's goal, cancel and result services


def track_requests(node: Node, service: Any, srv_type: Any,
                   count: Callable[[str, int], None], name: str) -> None:
    """Count, under `dropped.requests.<name>`, requests of `service`'s clients that never
    reached the server.

    rclpy hands a service only the request's sequence number, not which client sent it,
    so the count uses ROS 2 service introspection (rcl publishes one small event per request
    taken, with the client's gid and sequence number; METADATA: no request contents) and
    the server listens to its own events. Requests lost before a client's first request
    arrives cannot be seen (see RequestGaps)."""
    gaps = RequestGaps()
    key = "dropped.requests." + name.strip("/").replace("/", ".")
    count(key, 0)  # listed from the start: "0 lost" is a statement, not a missing key

    topic = f"{service.service_name}/_service_event"
    own: set[bytes] = set()

    def own_writers() -> set[bytes]:
        # The graph lists this process's endpoints as soon as they exist; a writer on the
        # topic under another node's name is not the server's introspection.
        return {bytes(e.endpoint_gid) for e in node.get_publishers_info_by_topic(topic)
                if e.node_name == node.get_name() and e.node_namespace == node.get_namespace()}

    def on_event(event: Any, message: MessageInfo) -> None:
        info = event.info
        if info.event_type != ServiceEventInfo.REQUEST_RECEIVED:
            return
        writer = message.get("publisher_gid")
        # An rmw that does not say who wrote a sample leaves nothing to check (as before).
        if writer is not None:
            gid = bytes(writer["data"])
            if gid not in own:
                own.update(own_writers())  # the first event, or a writer not seen yet
                if gid not in own:
                    return
        missed = gaps.observe(bytes(info.client_gid), int(info.sequence_number))
        if missed:
            count(key, missed)

    service.configure_introspection(node.get_clock(), SERVICE_QOS,
                                    ServiceIntrospectionState.METADATA)
    node.create_subscription(srv_type.Event, topic, WithMessageInfo(on_event), SERVICE_QOS,
                             event_callbacks=COUNTED_EVENT_CALLBACKS)
