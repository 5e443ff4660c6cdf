"""vlm_state over DDS: memory server + VLM node processes, a real OpenAI-compatible HTTP
server on 127.0.0.1 (ephemeral port) answering by the label in the prompt."""

from __future__ import annotations

import base64
import json
import os
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import cv2
import numpy as np
import pytest
import rclpy
from geometry_msgs.msg import Point
from rclpy.node import Node
from ros_harness import (
    CONFIG,
    NodeProcess,
    call,
    node_process,
    publish_until_heard,
    spin_until,
    wait_for_service,
    warm_up,
)

from memory_node.client import MemoryClient
from memory_node.core.units import ObjectMemoryUnit
from memory_node.msg import MemoryUnit, ObjectEvent
from memory_node.nodes.qos import EVENTS_QOS
from memory_node.srv import Recall, UpdateObject

pytestmark = pytest.mark.ros
KEY_ENV = "MEMORY_NODE_TEST_VLM_KEY"
KEY = "test-key-not-a-secret"
ANSWERS = {"Fridge": "opened", "Mug": "State: dirty.", "Plate": "It is a nice plate, I think",
           "Bowl": '{"state": "cleaned"}', "Box": "opened", "Cup": "dirty"}


class ScriptedVlm(BaseHTTPRequestHandler):
    requests: list[dict] = []
    # For the race test: a request about `hold_label` is answered only once `release` is set
    # (a slow model), and `arrived` tells the test it is being asked.
    hold_label = ""
    arrived = threading.Event()
    release = threading.Event()

    def do_POST(self) -> None:  # noqa: N802 - http.server's naming
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        prompt = body["messages"][0]["content"][0]["text"]
        label = prompt.split("The image shows a ", 1)[1].split(".", 1)[0]
        type(self).requests.append({"path": self.path, "auth": self.headers.get("Authorization"),
                                    "body": body, "label": label})
        if label == type(self).hold_label:
            type(self).arrived.set()
            type(self).release.wait(timeout=60)
        answer = {"choices": [{"message": {"role": "assistant",
                                           "content": ANSWERS.get(label, "none")}}]}
        data = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def vlm_endpoint() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), ScriptedVlm)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def vlm_stack(ros_context: None, vlm_endpoint: str, tmp_path_factory: pytest.TempPathFactory
              ) -> Iterator[tuple[NodeProcess, NodeProcess]]:
    """One memory server and one VLM node for the module's two tests (one start of each
    fewer in the suite): the tests write objects of their own ids and labels, and each
    starts with an empty request list."""
    os.environ[KEY_ENV] = KEY  # the node process inherits it; the YAML only names it
    logs = tmp_path_factory.mktemp("vlm_stack")
    vlm_params = {"endpoint": vlm_endpoint, "model": "test-vlm", "api_key_env": KEY_ENV,
                  "timeout_s": 30.0, "period_s": 0.1}
    with node_process("memory_node.nodes.memory_server", params_file=CONFIG / "memory.yaml",
                      params={"memory_dir": str(logs / "mem"), "recall.prefetch_batch": 0},
                      log_path=logs / "server.log") as server, \
         node_process("memory_node.nodes.vlm_state_node", params_file=CONFIG / "memory.yaml",
                      params=vlm_params, log_path=logs / "vlm.log") as vlm:
        yield server, vlm


def crop(seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    image = rng.integers(0, 255, (32, 32, 3), dtype=np.uint8)
    ok, buf = cv2.imencode(".jpg", image)
    assert ok
    return buf.tobytes()


def unit(object_id: str, label: str, x: float, state: str = "", image: bytes = b"") -> MemoryUnit:
    msg = MemoryUnit(object_id=object_id, label=label, position=Point(x=x, y=0.0, z=0.9),
                     state=state)
    if image:
        msg.image.format = "jpeg"
        msg.image.data = list(image)
    return msg


def test_vlm_reads_states_from_crops(client_node: Node,
                                     vlm_stack: tuple[NodeProcess, NodeProcess]) -> None:
    server, vlm = vlm_stack
    ScriptedVlm.requests = []
    update = client_node.create_client(UpdateObject, "/memory/update_object")
    recall = client_node.create_client(Recall, "/memory/recall")
    wait_for_service(client_node, update, server)
    wait_for_service(client_node, recall, server)
    events: list[ObjectEvent] = []
    client_node.create_subscription(ObjectEvent, "/memory/events", events.append, 100)
    # The VLM node must be subscribed before the first NEW event, or it never hears it.
    spin_until(client_node, lambda: client_node.count_subscribers("/memory/events") >= 2,
               timeout=30, what="the vlm node's events subscription")
    spin_until(client_node, lambda: vlm.alive() and len(
        client_node.get_publishers_info_by_topic("/memory/events")) > 0,
        what="the events publisher")

    # A read on the client created last goes first (warm_up). The upserts are not
    # re-sent: a copy applied after the VLM's write would put the fridge back to
    # "closed" (CI, round 33).
    warm_up(client_node, recall, Recall.Request(instruction="fridge", k=1,
                                                 token_budget=200))
    fridge_jpeg = crop(1)
    # FIFO: Box (no image) and Plate (unusable answer) are handled before Bowl.
    for u in (unit("Fridge_2", "Fridge", 1.0, "closed", fridge_jpeg),
              unit("Box_1", "Box", 2.0), unit("Mug_2", "Mug", 3.0, image=crop(2)),
              unit("Plate_1", "Plate", 4.0, image=crop(3)),
              unit("Bowl_1", "Bowl", 5.0, "dirty", crop(4))):
        response = call(client_node, update, UpdateObject.Request(operation=0, unit=u))
        assert response.success, response.message

    def changed(object_id: str, state: str) -> bool:
        return any(e.kind == ObjectEvent.STATE_CHANGED and e.object_id == object_id
                   and e.new_state == state for e in events)

    for object_id, state in (("Fridge_2", "opened"), ("Mug_2", "dirty"),
                             ("Bowl_1", "cleaned")):
        spin_until(client_node, lambda o=object_id, s=state: changed(o, s), timeout=30,
                   what=f"{object_id} -> {state}\n{vlm.output()[-2000:]}")

    labels = [r["label"] for r in ScriptedVlm.requests]
    assert "Box" not in labels  # no crop, no request
    assert labels.count("Plate") == 1
    assert not any(e.kind == ObjectEvent.STATE_CHANGED and e.object_id == "Plate_1"
                   for e in events)
    first = next(r for r in ScriptedVlm.requests if r["label"] == "Fridge")
    assert first["path"] == "/v1/chat/completions" and first["auth"] == f"Bearer {KEY}"
    assert first["body"]["model"] == "test-vlm"
    image_url = first["body"]["messages"][0]["content"][1]["image_url"]["url"]
    assert base64.b64decode(image_url.split(",", 1)[1]) == fridge_jpeg

    found = call(client_node, recall, Recall.Request(instruction="Fridge_2 Plate_1", k=10,
                                                     token_budget=2000))
    by_id = {u.object_id: u for u in found.units}
    assert by_id["Fridge_2"].state == "opened"
    assert by_id["Fridge_2"].last_touched_by == "vlm_state"
    assert bytes(by_id["Fridge_2"].image.data) == fridge_jpeg  # the crop is kept
    assert by_id["Plate_1"].state == "none"
    assert vlm.alive() and server.alive()

    # A hostile NEW event (anyone may publish there): an id the memory would refuse
    # is dropped on arrival, not queued.
    hostile = client_node.create_publisher(ObjectEvent, "/memory/events", EVENTS_QOS)
    spin_until(client_node, lambda: hostile.get_subscription_count() >= 2,
               what="the vlm node's events subscription")
    # Re-published until the VLM node logs the drop (its reader may not have matched
    # this new writer yet); each copy is dropped the same way.
    bad = ObjectEvent(kind=ObjectEvent.NEW, object_id="Mug_9\x1b[2J" + "x" * 5000,
                      label="Mug")
    publish_until_heard(client_node, lambda: hostile.publish(bad),
                        lambda: "memory/events dropped: object_id" in vlm.output(),
                        what="the vlm node")
    assert vlm.alive() and server.alive()


def test_a_slow_model_cannot_undo_an_outcome(vlm_stack: tuple[NodeProcess, NodeProcess]
                                             ) -> None:
    """The VLM reads an old crop ("dirty") of a cup whose state memory does not know, while
    the robot washes it: the write-back is conditional on the revision the node read, so it
    is refused and the outcome stays."""
    _server, vlm = vlm_stack
    ScriptedVlm.requests = []
    ScriptedVlm.hold_label = "Cup"
    ScriptedVlm.arrived.clear()
    ScriptedVlm.release.clear()
    with MemoryClient(timeout=20.0) as memory:
        memory.wait_until_ready(timeout=60.0)
        probe = rclpy.create_node("race_probe")
        try:
            spin_until(probe, lambda: probe.count_subscribers("/memory/events") >= 1,
                       timeout=30, what="the vlm node's events subscription")
        finally:
            probe.destroy_node()
        read = memory.update(ObjectMemoryUnit("Cup_1", "Cup", (1.0, 0.0, 0.9),
                                              image_jpeg=crop(5)))
        assert ScriptedVlm.arrived.wait(timeout=30), vlm.output()[-2000:]
        # While the model thinks, the robot washes the cup.
        washed = memory.record_outcome("ep", "clean", ["Cup_1"], True)
        assert washed.changed_units[0].state == "cleaned"
        assert washed.changed_units[0].revision > read.revision
        ScriptedVlm.release.set()
        # The module's VLM log: this test's line is Cup_1's.
        vlm.wait_for_output("Cup_1: state dirty not written", timeout=30)
        cup = memory.get_units(["Cup_1"])["Cup_1"]
        assert cup.state == "cleaned" and cup.revision == washed.changed_units[0].revision
        refusal = next(line for line in vlm.output().splitlines()
                       if "Cup_1: state dirty not written" in line)
        assert "CONFLICT" in refusal or "changed since" in refusal
    ScriptedVlm.hold_label = ""


def test_vlm_node_refuses_to_start_without_its_key(tmp_path: Path) -> None:
    os.environ.pop("MEMORY_NODE_TEST_VLM_MISSING", None)
    with node_process("memory_node.nodes.vlm_state_node",
                      params={"endpoint": "http://127.0.0.1:9", "model": "m",
                              "api_key_env": "MEMORY_NODE_TEST_VLM_MISSING"},
                      log_path=tmp_path / "vlm.log") as vlm:
        assert vlm.proc.wait(timeout=30) == 2
        assert "MEMORY_NODE_TEST_VLM_MISSING" in vlm.output()
