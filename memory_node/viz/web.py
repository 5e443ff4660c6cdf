"""The memory in a browser: a bridge node that subscribes like any client and feeds the rerun
web viewer, served on 127.0.0.1 only.

    python -m memory_node.viz.web [--memory-namespace /] [--port 9090] [--grpc-port 9876]
                                  [--save run.rrd]
    python -m memory_node.viz.web --recording run.rrd [--port 9090]

Live: subscribes to memory/scene_graph (areas, objects coloured by class with label, id
and state, CONTAINS and NAVIGABLE edges), memory/events (recent changes), slam/pose (the
robot's path) and camera/color/image_raw (one picture per --image-period), all relative to
the memory's namespace; publishes nothing and calls no service, so the memory's nodes do
not know it exists. Open http://127.0.0.1:PORT in a browser. --save also writes the run as
a rerun recording; --recording serves such a file instead (no ROS).

The rerun server runs in its own process (`rerun --serve-web --bind 127.0.0.1`); if it
dies, the bridge says so, starts it again and resends the whole picture. A browser that
disconnects changes nothing here.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from geometry_msgs.msg import PoseStamped
from rclpy.event_handler import QoSSubscriptionMatchedInfo, SubscriptionEventCallbacks
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from sensor_msgs.msg import Image

from memory_node.core.limits import LIMITS
from memory_node.msg import ObjectEvent, SceneGraph
from memory_node.nodes.perception_conversions import (
    DropError,
    ThrottledWarnings,
    colour_from_msg,
    graph_from_msg,
    pose_from_any,
)
from memory_node.nodes.qos import EVENTS_READER_QOS
from memory_node.viz.core.scene import Change, DetailSettings
from memory_node.viz.core.view import MemoryView, ViewSettings
from memory_node.viz.rerun_view import RecordingError, RerunView, ViewerServer, check_recording

LATCHED = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                     reliability=ReliabilityPolicy.RELIABLE)
SENSOR = QoSProfile(depth=1, reliability=ReliabilityPolicy.BEST_EFFORT)  # newest only
_EVENT_KINDS = {ObjectEvent.NEW: "NEW", ObjectEvent.MOVED: "MOVED",
                ObjectEvent.REMOVED: "REMOVED", ObjectEvent.STATE_CHANGED: "STATE_CHANGED"}
MAX_IMAGE_PIXELS = 4096 * 4096


def _point(p: Any) -> tuple[float, float, float]:
    return (float(p.x), float(p.y), float(p.z))


def change_from_msg(msg: ObjectEvent, received: float) -> Change | None:
    """An event as a change to show; None for kinds the view does not draw (EVICTED: a
    short-term memory matter). ValueError for a malformed one."""
    kind = _EVENT_KINDS.get(msg.kind)
    if kind is None:
        return None
    for text in (msg.object_id, msg.label, msg.old_state, msg.new_state):
        if len(text) > LIMITS.max_label_chars or not text.isprintable():
            raise ValueError("event with an over-long or unprintable name")
    old, new = _point(msg.old_position), _point(msg.new_position)
    if not all(abs(v) < 1e6 for v in old + new):  # NaN fails this too
        raise ValueError(f"event {msg.object_id!r}: position not finite")
    detail = f" {msg.old_state} -> {msg.new_state}" if kind == "STATE_CHANGED" else ""
    return Change(kind, msg.object_id, msg.label, received,
                  old if kind != "NEW" else None, new if kind != "REMOVED" else None, detail)


class WebBridge(Node):
    """Thin: stores what arrives (validated), draws on a timer through MemoryView.

    Everything is placed on the view's timeline by the time it arrived here (wall clock):
    the memory's stamps and a simulated world's sensor stamps may come from different
    clocks, and one timeline must be monotonic to read."""

    def __init__(self, view: MemoryView, server: ViewerServer | None, sink: RerunView,
                 namespace: str, period_s: float) -> None:
        super().__init__("memory_web_view", namespace=namespace)
        self.view, self.server, self.sink = view, server, sink
        self.warnings = ThrottledWarnings(self.get_logger(), 5.0)
        self.create_subscription(SceneGraph, "memory/scene_graph", self._on_graph, LATCHED)
        # Transient-local: a viewer opened late (or whose discovery completes after the
        # first frames) still lists the server's last EVENTS_KEPT changes.
        self.create_subscription(ObjectEvent, "memory/events", self._on_event, EVENTS_READER_QOS,
                                 event_callbacks=SubscriptionEventCallbacks(
                                     matched=self._on_events_matched))
        self.create_subscription(PoseStamped, "slam/pose", self._on_pose, SENSOR)
        self.create_subscription(Image, "camera/color/image_raw", self._on_image, SENSOR)
        self._latest_image: Image | None = None
        self.create_timer(period_s, self._tick)
        self.get_logger().info(f"memory view: {sink.page_url} (subscribed under "
                               f"{self.get_namespace()!r})")

    def _warn(self, code: str, message: str) -> None:
        self.warnings.warn(code, message, 0)

    def _on_graph(self, msg: SceneGraph) -> None:
        try:
            nodes, edges = graph_from_msg(msg)
        except ValueError as exc:
            self._warn("graph", f"memory/scene_graph dropped: {exc}")
            return
        self.view.set_graph(nodes, edges, int(msg.revision), time.time())

    def _on_events_matched(self, status: QoSSubscriptionMatchedInfo) -> None:
        # Says when the server's changes start to arrive (its last EVENTS_KEPT come first).
        self.get_logger().info(f"memory/events: {status.current_count} publisher(s) matched")

    def _on_event(self, msg: ObjectEvent) -> None:
        try:
            change = change_from_msg(msg, time.time())
        except ValueError as exc:
            self._warn("event", f"memory/events dropped: {exc}")
            return
        if change is not None:
            self.view.add_change(change)

    def _on_pose(self, msg: PoseStamped) -> None:
        try:
            pose = pose_from_any(msg)
            self.view.set_robot(pose.position, time.time())
        except (DropError, ValueError) as exc:
            self._warn("pose", f"slam/pose dropped: {exc}")

    def _on_image(self, msg: Image) -> None:
        self._latest_image = msg  # decoded on the timer, at most once per image period

    def _tick(self) -> None:
        try:
            if self.server is not None and not self.server.alive():
                self.get_logger().error(
                    f"the rerun viewer server stopped ({self.server.exit_reason()}); the "
                    "memory is not affected. Starting it again and resending the picture.")
                self.server.start()
                self.sink.reconnect()
                self.view.redraw_all()
            msg, self._latest_image = self._latest_image, None
            if msg is not None:
                if msg.height * msg.width > MAX_IMAGE_PIXELS:
                    raise DropError("image.size", f"{msg.width}x{msg.height} image")
                self.view.set_image(colour_from_msg(msg), time.time())
            scenes, changes = self.view.drawn["scenes"], self.view.drawn["changes"]
            images = self.view.drawn["images"]
            self.view.tick()
            if self.view.drawn["images"] != images:
                self.get_logger().debug(f"camera images drawn: {self.view.drawn['images']}")
            if self.view.drawn["scenes"] != scenes and self.view.last_batch is not None:
                c = self.view.last_batch.counts
                self.get_logger().debug(
                    f"drew revision {self.view.last_batch.revision}: {c['objects']} objects "
                    f"({c['boxed']} boxed), {c['areas']} areas")
            if self.view.drawn["changes"] != changes:
                # Changes travel on their own topic: a picture of revision N can be drawn
                # before N's changes arrive. Says how far the event log has got.
                self.get_logger().debug(f"changes drawn: {self.view.drawn['changes']}")
        except DropError as exc:
            self._warn("image", f"camera image dropped: {exc}")
        except Exception:  # the view must never die on what it is shown
            self.get_logger().error(f"memory view: {traceback.format_exc()}")


def _serve_recording(path: Path, port: int, grpc_port: int) -> int:
    try:
        info = check_recording(path)
    except RecordingError as exc:
        print(f"memory view: {exc}", file=sys.stderr, flush=True)
        return 2
    server = ViewerServer(port, grpc_port, recording=path)
    server.start()
    print(f"memory view: {info}; open {server.page_url()} (Ctrl-C stops)", flush=True)
    try:
        while server.alive():
            time.sleep(0.5)  # a supervising loop, not a wait for a result
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--memory-namespace", default="/",
                        help="namespace of the memory's topics (e.g. /robot1)")
    parser.add_argument("--port", type=int, default=9090, help="web viewer port (127.0.0.1)")
    parser.add_argument("--grpc-port", type=int, default=9876,
                        help="port of the rerun data server (127.0.0.1)")
    parser.add_argument("--save", type=Path, help="also record the view to this .rrd file")
    parser.add_argument("--recording", type=Path, help="serve this .rrd recording (no ROS)")
    parser.add_argument("--period", type=float, default=0.5, help="redraw period (s)")
    parser.add_argument("--image-period", type=float, default=1.0,
                        help="least time between two camera pictures (s)")
    parser.add_argument("--max-boxes", type=int, default=DetailSettings.max_boxes,
                        help="objects drawn as labelled boxes; the rest as points")
    args, ros_args = parser.parse_known_args(argv)
    for port in (args.port, args.grpc_port):
        if not 1024 <= port <= 65535:
            parser.error(f"port {port} is not in 1024-65535")
    if args.recording is not None:
        return _serve_recording(args.recording, args.port, args.grpc_port)

    from memory_node.nodes.runner import run_node  # noqa: PLC0415

    server = ViewerServer(args.port, args.grpc_port)
    server.start()
    sink = RerunView(server.grpc_url(), server.page_url(), save=args.save)
    view = MemoryView(sink, ViewSettings(image_period_s=args.image_period,
                                         detail=DetailSettings(max_boxes=args.max_boxes)))
    namespace = args.memory_namespace.rstrip("/") or "/"
    try:
        return run_node(lambda: WebBridge(view, server, sink, namespace, args.period),
                        "memory_web_view", [sys.argv[0], *ros_args])
    finally:
        try:
            view.tick()  # what arrived after the last timer tick still reaches the recording
        except Exception as exc:  # noqa: BLE001 - shutting down: report, never mask the exit
            print(f"memory view: last draw failed: {exc}", file=sys.stderr)
        sink.close()
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
