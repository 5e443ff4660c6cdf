"""Publish an RGB-D sequence in the TUM layout as live ROS 2 topics.

    python -m memory_node.replay_tum SEQUENCE_DIR [--rate HZ] [--labels 28=cabinet]
        [--fx 535.4 --fy 539.2 --cx 320.1 --cy 247.6 --width 640 --height 480]
        [--depth-scale 5000] [--wait-subscribers 30] [--loop]

Layout (memory_node.core.perception.tum): associate.txt, groundtruth.txt (or SLAM poses in
the same format), rgb/, depth/, optional bbox/<stamp>.txt with `id x1 y1 x2 y2 label score
instance`. Per frame, all stamped with the sequence's own stamp: colour (rgb8), depth
(16UC1 in millimetres, the ROS convention, converted from the sequence's depth scale),
camera_info, PoseStamped (camera optical frame in `map`) and Detections. Frames without a
pose are skipped. Topic names default to the perception node's defaults.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

os.environ.setdefault("ROS_AUTOMATIC_DISCOVERY_RANGE", "LOCALHOST")

import rclpy  # noqa: E402  (after the environment above)
from geometry_msgs.msg import PoseStamped  # noqa: E402
from rclpy.node import Node  # noqa: E402
from rclpy.qos import QoSProfile, ReliabilityPolicy  # noqa: E402
from sensor_msgs.msg import CameraInfo, Image  # noqa: E402

from memory_node.core.perception.camera import CameraIntrinsics  # noqa: E402
from memory_node.core.perception.tum import (  # noqa: E402
    FR3_INTRINSICS,
    TUM_DEPTH_SCALE,
    TumFrame,
    TumSequence,
)
from memory_node.msg import Detection, Detections  # noqa: E402
from memory_node.nodes.conversions import to_time  # noqa: E402
from memory_node.nodes.perception_conversions import (  # noqa: E402
    camera_info_msg,
    image_msg,
    pose_core_to_msg,
)
from memory_node.transport import use_large_messages  # noqa: E402

DEFAULT_TOPICS = {
    "colour": "camera/color/image_raw",
    "depth": "camera/aligned_depth_to_color/image_raw",
    "camera_info": "camera/color/camera_info",
    "pose": "slam/pose",
    "detections": "detections",
}


def camera_publishers(node: Node, topics: dict[str, str]) -> dict[str, Any]:
    """Reliable publishers for the five streams the perception node subscribes to."""
    qos = QoSProfile(depth=10, reliability=ReliabilityPolicy.RELIABLE)
    return {
        "colour": node.create_publisher(Image, topics["colour"], qos),
        "depth": node.create_publisher(Image, topics["depth"], qos),
        "camera_info": node.create_publisher(CameraInfo, topics["camera_info"], qos),
        "pose": node.create_publisher(PoseStamped, topics["pose"], qos),
        "detections": node.create_publisher(Detections, topics["detections"], qos),
    }


class TumPublisher:
    """Publishes one frame of a TumSequence per call (the command and the tests use it)."""

    def __init__(self, node: Node, sequence: TumSequence, topics: dict[str, str] | None = None,
                 world_frame: str = "map", camera_frame: str = "camera_color_optical_frame"
                 ) -> None:
        self.node = node
        self.sequence = sequence
        self.topics = {**DEFAULT_TOPICS, **(topics or {})}
        self.world_frame, self.camera_frame = world_frame, camera_frame
        self.pubs = camera_publishers(node, self.topics)

    def frames(self) -> list[TumFrame]:
        return [f for f in self.sequence if f.pose is not None]

    def matched(self) -> bool:
        """Every topic has at least one subscriber."""
        return all(p.get_subscription_count() > 0 for p in self.pubs.values())

    def publish(self, frame: TumFrame) -> float:
        """Publish one frame (must have a pose); returns its stamp in seconds."""
        if frame.pose is None:
            raise ValueError(f"frame {frame.stamp} has no pose")
        stamp = to_time(frame.stamp)
        k = self.sequence.intrinsics
        # Millimetres, the ROS 16UC1 convention (TUM stores 1/5000 m).
        scale = 1000.0 / self.sequence.depth_scale
        depth_mm = np.round(frame.load_depth_raw().astype(np.float32) * scale).astype(np.uint16)
        self.pubs["camera_info"].publish(camera_info_msg(k, stamp, self.camera_frame))
        self.pubs["colour"].publish(image_msg(frame.load_rgb(), "rgb8", stamp,
                                              self.camera_frame))
        self.pubs["depth"].publish(image_msg(depth_mm, "16UC1", stamp, self.camera_frame))
        pose = PoseStamped(pose=pose_core_to_msg(frame.pose))
        pose.header.stamp, pose.header.frame_id = stamp, self.world_frame
        self.pubs["pose"].publish(pose)
        detections = Detections(detections=[
            Detection(label=b.label, score=float(b.score), x_min=float(b.box[0]),
                      y_min=float(b.box[1]), x_max=float(b.box[2]), y_max=float(b.box[3]),
                      tracker_id=b.instance)
            for b in frame.boxes])
        detections.header.stamp, detections.header.frame_id = stamp, self.camera_frame
        self.pubs["detections"].publish(detections)
        return frame.stamp


def parse_labels(items: list[str]) -> dict[str, str]:
    labels = {}
    for item in items:
        for pair in item.split(","):
            key, sep, name = pair.partition("=")
            if not sep or not key.strip() or not name.strip():
                raise ValueError(f"--labels {pair!r} is not ID=NAME")
            labels[key.strip()] = name.strip()
    return labels


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m memory_node.replay_tum", description=__doc__.split("\n\n")[0])
    parser.add_argument("sequence", type=Path, help="directory in the TUM RGB-D layout")
    parser.add_argument("--rate", type=float, default=5.0, help="frames per second (>0)")
    parser.add_argument("--labels", action="append", default=[], metavar="ID=NAME",
                        help="detector class ids to names, e.g. 28=cabinet (repeatable)")
    k = FR3_INTRINSICS
    for name, default in (("fx", k.fx), ("fy", k.fy), ("cx", k.cx), ("cy", k.cy)):
        parser.add_argument(f"--{name}", type=float, default=default)
    parser.add_argument("--width", type=int, default=k.width)
    parser.add_argument("--height", type=int, default=k.height)
    parser.add_argument("--depth-scale", type=float, default=TUM_DEPTH_SCALE,
                        help="depth PNG units per metre (TUM: 5000)")
    parser.add_argument("--wait-subscribers", type=float, default=30.0,
                        help="seconds to wait for a subscriber on every topic (0 = none)")
    parser.add_argument("--loop", action="store_true", help="replay until interrupted")
    for stream, topic in DEFAULT_TOPICS.items():
        parser.add_argument(f"--{stream.replace('_', '-')}-topic", default=topic)
    args = parser.parse_args(argv)
    if not args.rate > 0:
        parser.error("--rate must be positive")
    try:
        sequence = TumSequence(
            args.sequence, CameraIntrinsics(args.fx, args.fy, args.cx, args.cy, args.width,
                                            args.height),
            args.depth_scale, parse_labels(args.labels))
    except (FileNotFoundError, ValueError) as exc:
        parser.error(str(exc))
    # A camera publisher: whole images in shared memory when /dev/shm allows (the
    # subscribers' processes choose the same through bringup or the launch files).
    use_large_messages(processes=1)
    rclpy.init()
    node = rclpy.create_node("tum_replay")
    topics = {s: getattr(args, f"{s}_topic") for s in DEFAULT_TOPICS}
    publisher = TumPublisher(node, sequence, topics)
    frames = publisher.frames()
    try:
        deadline = time.monotonic() + args.wait_subscribers
        while not publisher.matched() and time.monotonic() < deadline:
            rclpy.spin_once(node, timeout_sec=0.2)
        print(f"replaying {len(frames)} of {len(sequence)} frames (with a pose) at "
              f"{args.rate:g} Hz", file=sys.stderr)
        period = 1.0 / args.rate
        while True:
            for i, frame in enumerate(frames):
                start = time.monotonic()
                publisher.publish(frame)
                print(f"frame {i + 1}/{len(frames)} t={frame.stamp:.4f} "
                      f"{len(frame.boxes)} box(es)", file=sys.stderr)
                rclpy.spin_once(node, timeout_sec=max(0.0, period - (time.monotonic() - start)))
                time.sleep(max(0.0, period - (time.monotonic() - start)))
            if not args.loop:
                break
    except KeyboardInterrupt:
        pass
    finally:
        node.destroy_node()
        rclpy.try_shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
