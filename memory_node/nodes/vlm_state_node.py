"""vlm_state: optional node that reads object states off stored image crops with a VLM.

Off by default (bringup starts it only when listed: `--nodes memory_server,vlm_state`;
launch argument `start_vlm_state:=true`). Objects enter its queue when /memory/events
reports them NEW or MOVED (a new sighting, so possibly a new crop). Every `period_s` it
takes one, fetches the unit with its crop by id (memory/get_units), asks an
OpenAI-compatible endpoint for one word of the state vocabulary (`VlmStateClient`: the
answer is matched against the vocabulary, never evaluated), and writes a changed state back
as a conditional write: only if the unit is still at the revision the node read. A model
call takes seconds; if an outcome (the planner cleaned the mug) changed the unit meanwhile,
the write is refused with CONFLICT and the newer truth stays. Its own writes produce
STATE_CHANGED events, which it ignores, so it cannot loop. All memory calls go through
`MemoryClient`. The API key is read from the environment variable named by `api_key_env`,
never from a parameter.
"""

from __future__ import annotations

import os
import sys
from collections import OrderedDict
from dataclasses import dataclass, replace

from rclpy.node import Node

from memory_node.client import MemoryClient
from memory_node.core.errors import Conflict, MemoryRequestError, Timeout, Unavailable
from memory_node.core.limits import LIMITS
from memory_node.core.recall.vlm_state import VlmStateClient
from memory_node.core.settings import setting
from memory_node.core.units import has_refused_characters
from memory_node.msg import ObjectEvent
from memory_node.nodes.params import declare_settings
from memory_node.nodes.qos import EVENTS_READER_QOS
from memory_node.nodes.runner import run_node

ACTOR = "vlm_state"
SKIP_STATES = ("absent",)  # a crop of an object memory could not find shows the past


@dataclass(frozen=True)
class VlmStateSettings:
    """Every vlm_state parameter once; config/memory.yaml only overrides."""

    endpoint: str = setting("", "Base URL of an OpenAI-compatible server, e.g. "
                            "http://127.0.0.1:8000 (required).")
    model: str = setting("", "Model name sent with every request (required).")
    api_key_env: str = setting("", "Name of the environment variable holding the API key "
                               "('' = none).")
    timeout_s: float = setting(10.0, "HTTP timeout per request (s).", 0.1, 300.0)
    period_s: float = setting(2.0, "Seconds between two objects sent to the model.",
                              0.05, 3600.0)
    queue_limit: int = setting(1000, "Objects waiting for a check; the oldest is dropped "
                               "beyond.", 1, 100_000)


class VlmStateNode(Node):
    def __init__(self) -> None:
        super().__init__("vlm_state")
        settings = declare_settings(self, VlmStateSettings)
        endpoint, model, key_env = settings.endpoint, settings.model, settings.api_key_env
        timeout_s, period_s = settings.timeout_s, settings.period_s
        self.queue_limit = settings.queue_limit
        if not endpoint or not model:
            raise ValueError("vlm_state needs the parameters endpoint and model")
        api_key = os.environ.get(key_env, "") if key_env else ""
        if key_env and not api_key:
            raise ValueError(f"environment variable {key_env} (api_key_env) is not set")
        self.client = VlmStateClient(endpoint, model, api_key=api_key, timeout_s=timeout_s)
        self.memory = MemoryClient(self, timeout=timeout_s)
        # Transient-local: events published before discovery matched still arrive.
        self.create_subscription(ObjectEvent, "memory/events", self._on_event, EVENTS_READER_QOS)
        self.pending: OrderedDict[str, str] = OrderedDict()   # object id -> label
        self.counts = {"asked": 0, "updated": 0, "unchanged": 0, "no_state": 0, "skipped": 0,
                       "conflicts": 0}
        self.create_timer(period_s, self._tick)
        self.get_logger().info(f"vlm_state: asking {model} at {self.client.url}")

    def _on_event(self, event: ObjectEvent) -> None:
        if event.kind not in (ObjectEvent.NEW, ObjectEvent.MOVED):
            return  # STATE_CHANGED includes this node's own writes
        # Anyone on the domain may publish here: an id the memory would refuse is not
        # queued (queue_limit such ids of a megabyte each would be a gigabyte here).
        for what, value, most in (("object_id", event.object_id, LIMITS.max_id_chars),
                                  ("merged_id", event.merged_id, LIMITS.max_id_chars),
                                  ("label", event.label, LIMITS.max_label_chars)):
            if len(value) > most or has_refused_characters(value) or \
                    (what == "object_id" and not value.strip()):
                self.get_logger().warning(
                    f"memory/events dropped: {what} {value[:40]!r} is empty, over {most} "
                    "characters or holds control characters", throttle_duration_sec=5.0)
                return
        if event.merged_id:  # that NEW object was this one: its id is gone
            self.pending.pop(event.merged_id, None)
        self.pending.pop(event.object_id, None)
        self.pending[event.object_id] = event.label
        while len(self.pending) > self.queue_limit:
            self.pending.popitem(last=False)

    def _tick(self) -> None:
        # Blocking calls: the client runs on its own executor thread, and this
        # single-purpose node has nothing else to do meanwhile (events queue in DDS).
        if not self.pending:
            return
        object_id, label = self.pending.popitem(last=False)
        try:
            self._check(object_id)
        except (Timeout, Unavailable) as exc:
            # The memory did not answer (restarting, overloaded): try this object again.
            self.pending[object_id] = label
            self.pending.move_to_end(object_id, last=False)
            self.get_logger().warning(f"{object_id}: {exc.code.name}: {exc}; will retry",
                                      throttle_duration_sec=5.0)
        except MemoryRequestError as exc:
            self.get_logger().warning(f"{object_id}: {exc.code.name}: {exc}",
                                      throttle_duration_sec=5.0)

    def _check(self, object_id: str) -> None:
        unit = self.memory.get_units([object_id])[object_id]
        if unit is None or not unit.image_jpeg or unit.state in SKIP_STATES:
            self.counts["skipped"] += 1
            return
        result = self.client.extract_state(unit.image_jpeg, unit.label)
        self.counts["asked"] += 1
        if result.state is None:
            self.counts["no_state"] += 1
            self.get_logger().warning(f"{object_id}: no state from the model: "
                                      f"{result.reason}", throttle_duration_sec=5.0)
            return
        if result.state == unit.state:
            self.counts["unchanged"] += 1
            return
        # The unit as fetched, with only the state and the actor changed (stamps kept: the
        # VLM did not see the object again, it read an old crop).
        try:
            self.memory.update(replace(unit, state=result.state, last_touched_by=ACTOR),
                               expected_revision=unit.revision)
        except Conflict as exc:
            self.counts["conflicts"] += 1
            self.get_logger().info(f"{object_id}: state {result.state} not written: {exc}")
            return
        self.counts["updated"] += 1
        self.get_logger().info(f"{object_id}: state {result.state} (from the VLM)")

    def destroy_node(self) -> None:
        if hasattr(self, "memory"):  # construction may have stopped before the client
            self.memory.close()
        super().destroy_node()


def main(args: list[str] | None = None) -> int:
    return run_node(VlmStateNode, "vlm_state", args, startup_errors=(ValueError,))


if __name__ == "__main__":
    sys.exit(main())
