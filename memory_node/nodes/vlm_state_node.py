"""vlm_state: optional node that reads object states off stored image crops with a VLM.

Off by default (bringup starts it only when listed: `--nodes memory_server,vlm_state`;
launch argument `start_vlm_state:=true`). Objects enter its queue when /memory/events
reports them NEW or MOVED (a new sighting, so possibly a new crop). Every `period_s` it
takes one, fetches the unit with its crop from the memory server, asks an OpenAI-compatible
endpoint for one word of the state vocabulary (`VlmStateClient`: the answer is matched
against the vocabulary, never evaluated), and writes a changed state back through
/memory/update_object. Its own writes produce STATE_CHANGED events, which it ignores, so it
cannot loop.

The unit is fetched through /memory/recall with the object id in the instruction: recall
is the one service that returns whole MemoryUnits (with the image), and an id named in the
instruction ranks that unit first; the node keeps only the exact id. The API key is read
from the environment variable named by `api_key_env`, never from a parameter.
"""

from __future__ import annotations

import os
import sys
from collections import OrderedDict
from typing import Any

from rclpy.node import Node

from memory_node.core.recall.vlm_state import VlmStateClient
from memory_node.msg import MemoryUnit, ObjectEvent
from memory_node.nodes.params import declare
from memory_node.nodes.runner import run_node
from memory_node.srv import Recall, UpdateObject

ACTOR = "vlm_state"
SKIP_STATES = ("absent",)  # a crop of an object memory could not find shows the past


class VlmStateNode(Node):
    def __init__(self) -> None:
        super().__init__("vlm_state")
        endpoint = declare(self, "endpoint", "",
                           "Base URL of an OpenAI-compatible server, e.g. http://127.0.0.1:8000")
        model = declare(self, "model", "", "Model name sent with every request.")
        key_env = declare(self, "api_key_env", "",
                          "Name of the environment variable holding the API key ('' = none).")
        timeout_s = declare(self, "timeout_s", 10.0, "HTTP timeout per request.", 0.1, 300.0)
        period_s = declare(self, "period_s", 2.0,
                           "Seconds between two objects sent to the model.", 0.05, 3600.0)
        self.queue_limit = declare(self, "queue_limit", 1000,
                                   "Objects waiting for a check; the oldest is dropped beyond.",
                                   1, 100_000)
        if not endpoint or not model:
            raise ValueError("vlm_state needs the parameters endpoint and model")
        api_key = os.environ.get(key_env, "") if key_env else ""
        if key_env and not api_key:
            raise ValueError(f"environment variable {key_env} (api_key_env) is not set")
        self.client = VlmStateClient(endpoint, model, api_key=api_key, timeout_s=timeout_s)
        self.recall_client = self.create_client(Recall, "/memory/recall")
        self.update_client = self.create_client(UpdateObject, "/memory/update_object")
        self.create_subscription(ObjectEvent, "/memory/events", self._on_event, 100)
        self.pending: OrderedDict[str, str] = OrderedDict()   # object id -> label
        self.busy = False
        self.counts = {"asked": 0, "updated": 0, "unchanged": 0, "no_state": 0, "skipped": 0}
        self.create_timer(period_s, self._tick)
        self.get_logger().info(f"vlm_state: asking {model} at {self.client.url}")

    def _on_event(self, event: ObjectEvent) -> None:
        if event.kind not in (ObjectEvent.NEW, ObjectEvent.MOVED):
            return  # STATE_CHANGED includes this node's own writes
        self.pending.pop(event.object_id, None)
        self.pending[event.object_id] = event.label
        while len(self.pending) > self.queue_limit:
            self.pending.popitem(last=False)

    def _tick(self) -> None:
        if self.busy or not self.pending or not self.recall_client.service_is_ready():
            return
        object_id, label = self.pending.popitem(last=False)
        self.busy = True
        request = Recall.Request(instruction=f"{label} {object_id}", k=10, token_budget=2000)
        future = self.recall_client.call_async(request)
        future.add_done_callback(lambda f: self._on_unit(object_id, f))

    def _on_unit(self, object_id: str, future: Any) -> None:
        try:
            response = future.result()
            unit = next((u for u in response.units if u.object_id == object_id), None) \
                if response is not None and response.success else None
            if unit is None or not unit.image.data or unit.state in SKIP_STATES:
                self.counts["skipped"] += 1
                return
            # Blocks this single-purpose node for at most timeout_s; events queue in DDS.
            result = self.client.extract_state(bytes(unit.image.data), unit.label)
            self.counts["asked"] += 1
            if result.state is None:
                self.counts["no_state"] += 1
                self.get_logger().warning(f"{object_id}: no state from the model: "
                                          f"{result.reason}", throttle_duration_sec=5.0)
                return
            if result.state == unit.state:
                self.counts["unchanged"] += 1
                return
            self._write_state(unit, result.state)
        finally:
            self.busy = False

    def _write_state(self, unit: MemoryUnit, state: str) -> None:
        # The unit as fetched, with only the state and the actor changed (stamps kept: the
        # VLM did not see the object again, it read an old crop).
        unit.state = state
        unit.last_touched_by = ACTOR
        unit.description, unit.score = "", 0.0
        future = self.update_client.call_async(UpdateObject.Request(operation=0, unit=unit))

        def done(f: Any) -> None:
            response = f.result()
            if response is not None and response.success:
                self.counts["updated"] += 1
                self.get_logger().info(f"{unit.object_id}: state {state} (from the VLM)")
            else:
                self.get_logger().warning(
                    f"{unit.object_id}: update rejected: "
                    f"{response.message if response else 'no response'}")
        future.add_done_callback(done)


def main(args: list[str] | None = None) -> int:
    return run_node(VlmStateNode, "vlm_state", args, startup_errors=(ValueError,))


if __name__ == "__main__":
    sys.exit(main())
