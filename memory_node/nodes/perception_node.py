"""perception_node: camera + SLAM pose + 2D detections -> /memory/observations.

A thin shell over `memory_node.core.perception` (its own process: the point-cloud work
must not stall the memory server's services). Per message: convert and validate (a bad
message is dropped with a throttled warning saying why, and counted); queue it in the
timestamp synchroniser; for every complete set (colour, depth, pose, detections within
`sync.tolerance_s`), run the pipeline and publish one ObjectObservations - also when no
detection survived, because the camera view alone tells the memory what is *not* there.

Drop policy (the synchroniser's, see memory_node.core.perception.sync): per stream a queue
of `sync.queue_size`; when full the OLDEST message goes; stamps older than the newest seen
by more than `sync.max_delay_s`, or not newer than the last matched set, or out of order
within a stream, are dropped on arrival; camera_info is not synchronised (the latest valid
one is used). Counters (drops by reason, frames, observations, processing time) go out as
MemoryStats on /memory/perception/stats; the memory server folds them into /memory/stats.
"""

from __future__ import annotations

import sys
import time
import traceback
from collections import Counter, deque
from typing import Any

import numpy as np
from diagnostic_msgs.msg import KeyValue
from geometry_msgs.msg import PoseStamped, PoseWithCovarianceStamped
from nav_msgs.msg import Odometry
from rclpy.node import Node
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy
from sensor_msgs.msg import CameraInfo, Image

from memory_node.core.perception.camera import Pose, matrix_to_quaternion
from memory_node.core.perception.geometry import OutlierConfig
from memory_node.core.perception.pipeline import PerceptionConfig, PerceptionPipeline
from memory_node.core.perception.sync import SyncedSet, TimestampSynchroniser
from memory_node.msg import Detections, MemoryStats, ObjectObservations
from memory_node.nodes.conversions import from_time
from memory_node.nodes.params import declare
from memory_node.nodes.perception_conversions import (
    POSE_TYPES,
    DropError,
    ThrottledWarnings,
    colour_from_msg,
    depth_from_msg,
    detection_drop_code,
    detections_from_msg,
    intrinsics_from_msg,
    observation_to_msg,
    pose_from_any,
    view_to_msg,
)
from memory_node.nodes.runner import run_node

_POSE_MSGS = {"PoseStamped": PoseStamped, "PoseWithCovarianceStamped": PoseWithCovarianceStamped,
              "Odometry": Odometry}
# What each synchroniser drop reason means, for the warning.
_SYNC_REASONS = {
    "too_late": "stamp older than the last matched frame or than the newest message by more "
                "than sync.max_delay_s",
    "out_of_order": "stamp not newer than the previous message of the same stream",
    "queue_full": "queue full (processing or another stream lags); oldest message dropped",
    "unmatched": "no message of every other stream within sync.tolerance_s",
    "too_early": "stamped further ahead of this node's clock than sync.max_future_s",
    "invalid_stamp": "stamp is negative or not finite",
}


class PerceptionNode(Node):
    def __init__(self) -> None:
        super().__init__("perception_node")
        t = "topics."
        topics = {
            "colour": declare(self, t + "colour", "camera/color/image_raw",
                              "Colour image (rgb8, bgr8, rgba8, bgra8, mono8); empty = none "
                              "(no crops)."),
            "depth": declare(self, t + "depth", "camera/aligned_depth_to_color/image_raw",
                             "Depth image registered to the colour image (16UC1 or 32FC1)."),
            "camera_info": declare(self, t + "camera_info", "camera/color/camera_info",
                                   "CameraInfo of the (registered) images."),
            "pose": declare(self, t + "pose", "slam/pose",
                            "Camera (or robot, see camera_offset.*) pose in the world frame."),
            "detections": declare(self, t + "detections", "detections",
                                  "memory_node/Detections for the colour image."),
        }
        out_topic = declare(self, t + "observations", "memory/observations",
                            "Where ObjectObservations go (the memory server listens).")
        stats_topic = declare(self, t + "stats", "memory/perception/stats",
                              "This node's counters as MemoryStats.")
        self.pose_type = declare(self, "pose_type", "PoseStamped",
                                 "Message type of the pose topic.", choices=POSE_TYPES)
        self.world_frame = declare(self, "world_frame_id", "map",
                                   "Frame of poses and observations; poses stamped with "
                                   "another (non-empty) frame are dropped (no tf here).")
        self.camera_frame = declare(self, "camera_frame_id", "",
                                    "Frame id put on the view's images; empty = the depth "
                                    "image's own.")
        self.offset = self._camera_offset()
        depth_scale = declare(self, "depth_scale", 1000.0,
                              "16UC1 depth units per metre (1000 = millimetres, the ROS "
                              "convention; 32FC1 is metres).", 1.0, 100_000.0)
        crop = declare(self, "crop.enabled", True, "Attach a JPEG crop per observation.")
        self.jpeg_quality = declare(self, "crop.jpeg_quality", 80, "JPEG quality.", 10, 100)
        self.config = PerceptionConfig(
            depth_scale=depth_scale,
            near=declare(self, "near", 0.3, "Nearest usable depth (m).", 0.01, 10.0),
            far=declare(self, "far", 4.0, "Farthest usable depth (m).", 0.1, 100.0),
            min_score=declare(self, "min_score", 0.1, "Detections scoring less are ignored.",
                              0.0, 1.0),
            max_points_per_detection=declare(
                self, "max_points_per_detection", PerceptionConfig().max_points_per_detection,
                "Depth pixels sampled per detection (the per-frame cost).", 50, 100_000),
            min_points=declare(self, "min_points", 20,
                               "Fewer valid depth points: no 3D estimate.", 4, 100_000),
            view_depth_stride=declare(self, "view_depth_stride", 4,
                                      "Downsampling of the depth sent for occlusion tests.",
                                      1, 64),
            crop_max_side=declare(self, "crop.max_side", 96,
                                  "Longest side of a crop (px).", 8, 1024) if crop else 0,
            outliers=OutlierConfig(method=declare(
                self, "outlier_method", "dbscan", "Outlier rejection.",
                choices=("none", "statistical", "dbscan", "statistical+dbscan"))),
        )
        if self.config.near >= self.config.far:
            raise ValueError(f"near {self.config.near} must be < far {self.config.far}")
        streams = ["depth", "pose", "detections"] + (["colour"] if topics["colour"] else [])
        self.sync = TimestampSynchroniser(
            streams,
            tolerance=declare(self, "sync.tolerance_s", 0.02,
                              "Largest stamp difference within one frame set (s).", 0.0, 1.0),
            queue_size=declare(self, "sync.queue_size", 10, "Messages queued per stream.",
                               1, 1000),
            max_delay=declare(self, "sync.max_delay_s", 1.0,
                              "Messages older than the newest seen by more are dropped (s).",
                              0.0, 3600.0),
            clock=lambda: self.get_clock().now().nanoseconds * 1e-9,
            max_future=declare(self, "sync.max_future_s", 1.0,
                               "Stamps further ahead of this node's clock are dropped "
                               "(too_early) (s).", 0.001, 3600.0),
            expiry=declare(self, "sync.expiry_s", 5.0,
                           "With no frame matched for this long, forget the newest stamp "
                           "seen and match afresh (s).", 0.1, 3600.0))
        self.warnings = ThrottledWarnings(self.get_logger(), declare(
            self, "warn_throttle_s", 2.0, "Least time between two warnings of the same "
            "drop reason (s).", 0.0, 3600.0))
        reliability = declare(self, "qos.reliability", "best_effort",
                              "Input subscriptions: best_effort matches every camera driver; "
                              "reliable only reliable publishers.",
                              choices=("best_effort", "reliable"))
        qos = QoSProfile(depth=declare(self, "qos.depth", 5, "Input queue depth.", 1, 1000),
                         reliability=ReliabilityPolicy.BEST_EFFORT
                         if reliability == "best_effort" else ReliabilityPolicy.RELIABLE)

        self.drops: Counter[str] = Counter()
        self._sync_seen: Counter[str] = Counter()
        self.frames = 0
        self.observations = 0
        self.process_ms: deque[float] = deque(maxlen=300)
        self.pipeline: PerceptionPipeline | None = None

        if topics["colour"]:
            self.create_subscription(Image, topics["colour"], self._on_colour, qos)
        self.create_subscription(Image, topics["depth"], self._on_depth, qos)
        self.create_subscription(CameraInfo, topics["camera_info"], self._on_camera_info, qos)
        self.create_subscription(_POSE_MSGS[self.pose_type], topics["pose"], self._on_pose, qos)
        self.create_subscription(Detections, topics["detections"], self._on_detections, qos)
        self.observations_pub = self.create_publisher(
            ObjectObservations, out_topic,
            QoSProfile(depth=10, reliability=ReliabilityPolicy.RELIABLE))
        self.stats_pub = self.create_publisher(
            MemoryStats, stats_topic,
            QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                       reliability=ReliabilityPolicy.RELIABLE))
        self.create_timer(declare(self, "stats_period_s", 1.0, "Period of the stats (s).",
                                  0.05, 3600.0), self._publish_stats)
        self._publish_stats()
        self.get_logger().info(
            f"perception: {', '.join(f'{k}={v}' for k, v in topics.items() if v)}, pose type "
            f"{self.pose_type} -> {out_topic}")

    def _camera_offset(self) -> Pose | None:
        """The camera's optical frame in the pose topic's child frame (identity when the
        pose topic already gives the camera pose, as SLAM on the camera does)."""
        c = "camera_offset."
        xyz = [declare(self, c + n, 0.0, f"Camera optical frame {n} in the pose's child "
                       "frame (m).", -100.0, 100.0) for n in ("x", "y", "z")]
        quat = [declare(self, c + n, d, f"Camera optical frame rotation {n} in the pose's "
                        "child frame (quaternion).", -1.0, 1.0)
                for n, d in (("qx", 0.0), ("qy", 0.0), ("qz", 0.0), ("qw", 1.0))]
        offset = Pose.make(xyz, quat)  # a bad offset must stop start-up, hence no catch
        if xyz == [0.0, 0.0, 0.0] and np.allclose(offset.rotation, np.eye(3)):
            return None
        return offset

    # -- drops --------------------------------------------------------------------------------
    def _drop(self, code: str, message: str) -> None:
        self.drops[code] += 1
        self.warnings.warn(code, message, self.drops[code])

    def _guard(self, what: str, fn: Any, msg: Any) -> None:
        """Run one callback: DropError is a counted drop; anything else a logged bug that
        must not stop the node."""
        try:
            fn(msg)
        except DropError as exc:
            self._drop(exc.code, f"{what} dropped: {exc}")
        except Exception as exc:
            self.get_logger().error(f"{what}: {traceback.format_exc()}")
            self._drop(f"{what}.internal_error", f"{what}: {type(exc).__name__}: {exc}")

    # -- inputs -------------------------------------------------------------------------------
    def _on_colour(self, msg: Image) -> None:
        self._guard("colour", lambda m: self._push("colour", m, colour_from_msg(m)), msg)

    def _on_depth(self, msg: Image) -> None:
        self._guard("depth", lambda m: self._push("depth", m, depth_from_msg(m)), msg)

    def _on_detections(self, msg: Detections) -> None:
        self._guard("detections",
                    lambda m: self._push("detections", m, detections_from_msg(m)), msg)

    def _on_camera_info(self, msg: CameraInfo) -> None:
        def take(m: CameraInfo) -> None:
            intrinsics = intrinsics_from_msg(m)
            if self.pipeline is None or self.pipeline.intrinsics != intrinsics:
                self.pipeline = PerceptionPipeline(intrinsics, self.config)
        self._guard("camera_info", take, msg)

    def _on_pose(self, msg: Any) -> None:
        def take(m: Any) -> None:
            frame = m.header.frame_id
            if frame and frame != self.world_frame:
                raise DropError("pose.frame", f"pose in frame {frame!r}, expected "
                                f"{self.world_frame!r} (no tf here)")
            pose = pose_from_any(m)
            if self.offset is not None:
                pose = Pose.make(pose.to_world(self.offset.translation[None, :])[0],
                                 matrix_to_quaternion(pose.rotation @ self.offset.rotation))
            self._push("pose", m, pose)
        self._guard("pose", take, msg)

    def _push(self, stream: str, msg: Any, value: Any) -> None:
        stamp = from_time(msg.header.stamp)
        completed = self.sync.push(stream, stamp, (msg.header, value))
        for reason, count in self.sync.drops.items():
            if count > self._sync_seen[reason]:
                self._sync_seen[reason] = count
                kind, _, which = reason.partition(":")
                self.warnings.warn(f"sync.{reason}", f"{which} message dropped: "
                                   f"{_SYNC_REASONS.get(kind, kind)}", count)
        for frame in completed:
            self._process(frame)

    # -- one synchronised frame ---------------------------------------------------------------
    def _process(self, frame: SyncedSet) -> None:
        if self.pipeline is None:
            self._drop("frame.no_camera_info", "frame dropped: no valid camera_info yet")
            return
        depth_header, (depth, encoding) = frame.messages["depth"]
        _, pose = frame.messages["pose"]
        _, detections = frame.messages["detections"]
        colour = frame.messages["colour"][1] if "colour" in frame.messages else None
        start = time.perf_counter()
        try:
            result = self.pipeline.process(frame.stamps["depth"], depth, pose, detections,
                                           rgb=colour, depth_encoding=encoding)
        except ValueError as exc:
            text = str(exc)
            code = ("frame.size_mismatch" if "camera_info says" in text or "does not match"
                    in text else "frame.invalid")
            self._drop(code, f"frame dropped: {text}")
            return
        for reason in result.drops:
            self._drop(detection_drop_code(reason), f"detection dropped: {reason}")
        out = ObjectObservations()
        out.header.stamp, out.header.frame_id = depth_header.stamp, self.world_frame
        out.view = view_to_msg(result.view, depth_header.stamp,
                               self.camera_frame or depth_header.frame_id)
        out.observations = [observation_to_msg(o, self.jpeg_quality)
                            for o in result.observations]
        self.observations_pub.publish(out)
        self.process_ms.append(1000.0 * (time.perf_counter() - start))
        self.frames += 1
        self.observations += len(result.observations)

    def _publish_stats(self) -> None:
        counters = dict(self.drops)
        counters.update({f"sync.{k}": v for k, v in self.sync.drops.items()})
        counters["frames.matched"] = self.sync.emitted
        counters["sync.expired"] = self.sync.expired
        counters["observations.published"] = self.observations
        if self.process_ms:
            counters["processing_ms.median"] = round(float(np.median(self.process_ms)))
        msg = MemoryStats(observations_applied=self.frames,
                          counters=[KeyValue(key=k, value=str(v))
                                    for k, v in sorted(counters.items())])
        msg.header.stamp = self.get_clock().now().to_msg()
        msg.header.frame_id = self.world_frame
        self.stats_pub.publish(msg)


def main(args: list[str] | None = None) -> int:
    return run_node(PerceptionNode, "perception_node", args)


if __name__ == "__main__":
    sys.exit(main())
