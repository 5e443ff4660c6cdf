"""perception_node: camera + SLAM pose + 2D detections -> /memory/observations.

A thin shell over `memory_node.core.perception` (its own process: the point-cloud work
must not stall the memory server's services). Per message: convert and validate (a bad
message is dropped with a throttled warning saying why, and counted); queue it in the
timestamp synchroniser; for the newest complete set (colour, depth, pose, detections within
`sync.tolerance_s`), run the pipeline on a worker thread and publish one ObjectObservations -
also when no detection survived, because the camera view alone tells the memory what is
*not* there. Sets completed while the worker is busy wait for it at most `frame_wait_s`
while a newer one is behind them; older ones are superseded (`frames.superseded`): a node
that falls behind skips stale frames, a short stall costs no frames.

Drop policy (the synchroniser's, see memory_node.core.perception.sync): per stream a queue
of `sync.queue_size`; when full the OLDEST message goes; stamps older than the newest seen
by more than `sync.max_delay_s`, or not newer than the last matched set, or out of order
within a stream, are dropped on arrival; camera_info is not synchronised (the latest valid
one is used). Counters (drops by reason, frames, observations, processing time) go out as
MemoryStats on /memory/perception/stats; the memory server folds them into /memory/stats.
"""

from __future__ import annotations

import sys
import threading
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
from rclpy.subscription import MessageInfo
from sensor_msgs.msg import CameraInfo, Image

from memory_node.core.perception.camera import Pose, matrix_to_quaternion
from memory_node.core.perception.frame_queue import FrameQueue
from memory_node.core.perception.geometry import OutlierConfig
from memory_node.core.perception.pipeline import PerceptionConfig, PerceptionPipeline
from memory_node.core.perception.sync import SyncedSet, TimestampSynchroniser
from memory_node.core.stage_times import StageTimes, time_gc_pauses
from memory_node.msg import Detections, MemoryStats, ObjectObservations
from memory_node.nodes.cdr_prefix import detections_count
from memory_node.nodes.conversions import from_time
from memory_node.nodes.params import declare_settings
from memory_node.nodes.perception_conversions import (
    DropError,
    ThrottledWarnings,
    bounded_message,
    colour_from_msg,
    depth_from_msg,
    detection_drop_code,
    detections_from_msg,
    intrinsics_from_msg,
    observation_to_msg,
    pose_from_any,
    view_to_msg,
)
from memory_node.nodes.perception_settings import CameraOffset, PerceptionSettings
from memory_node.nodes.runner import run_node

_POSE_MSGS = {"PoseStamped": PoseStamped, "PoseWithCovarianceStamped": PoseWithCovarianceStamped,
              "Odometry": Odometry}
# A sensor stamp this much older than its message's DDS publication (or newer) is taken to
# be on another clock than the wall clock (simulated time), not a latency.
STAMP_CLOCK_SLACK_S = 10.0
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
        s = declare_settings(self, PerceptionSettings)
        self.settings = s
        topics = {"colour": s.topics.colour, "depth": s.topics.depth,
                  "camera_info": s.topics.camera_info, "pose": s.topics.pose,
                  "detections": s.topics.detections}
        out_topic, stats_topic = s.topics.observations, s.topics.stats
        self.pose_type = s.pose_type
        self.world_frame = s.world_frame_id
        self.camera_frame = s.camera_frame_id
        self.offset = self._camera_offset(s.camera_offset)
        self.jpeg_quality = s.crop.jpeg_quality
        self.config = PerceptionConfig(
            depth_scale=s.depth_scale, near=s.near, far=s.far, min_score=s.min_score,
            max_points_per_detection=s.max_points_per_detection, min_points=s.min_points,
            view_depth_stride=s.view_depth_stride, min_object_pixels=s.min_object_pixels,
            crop_max_side=s.crop.max_side if s.crop.enabled else 0,
            outliers=OutlierConfig(method=s.outlier_method),
        )
        streams = ["depth", "pose", "detections"] + (["colour"] if topics["colour"] else [])
        self.sync = TimestampSynchroniser(
            streams, tolerance=s.sync.tolerance_s, queue_size=s.sync.queue_size,
            max_delay=s.sync.max_delay_s,
            clock=lambda: self.get_clock().now().nanoseconds * 1e-9,
            max_future=s.sync.max_future_s, expiry=s.sync.expiry_s)
        self.warnings = ThrottledWarnings(self.get_logger(), s.warn_throttle_s)
        qos = QoSProfile(depth=s.qos.depth,
                         reliability=ReliabilityPolicy.BEST_EFFORT
                         if s.qos.reliability == "best_effort" else ReliabilityPolicy.RELIABLE)

        self.drops: Counter[str] = Counter()
        self._stats_lock = threading.Lock()
        self._sync_seen: Counter[str] = Counter()
        self.frames = 0
        self.observations = 0
        self.process_ms: deque[float] = deque(maxlen=300)
        self.times = StageTimes()  # per stage: wall and CPU time (load-independent-ish)
        self._stop_gc_timing = time_gc_pauses(self.times)
        self.pipeline: PerceptionPipeline | None = None
        # Callbacks only convert and synchronise; one worker thread runs the pipeline on
        # complete frames in order. A frame waits at most frame_wait_s while newer ones
        # queue behind it, then it is superseded (core.perception.frame_queue): a stall
        # shorter than that (a collection, the core taken by another process) loses no
        # frame, and latency stays within frame_wait_s plus about one processing time.
        # The callbacks keep taking messages meanwhile, so the DDS queues do not hold old
        # images either. Item: the set and when it was completed (wall ns).
        self._frames: FrameQueue[tuple[SyncedSet, int]] = FrameQueue(s.frame_wait_s)
        self._stopping = False
        self._worker = threading.Thread(target=self._work, name="perception_pipeline",
                                        daemon=True)
        self._worker.start()

        if topics["colour"]:
            self.create_subscription(Image, topics["colour"], self._on_colour, qos)
        self.create_subscription(Image, topics["depth"], self._on_depth, qos)
        self.create_subscription(CameraInfo, topics["camera_info"], self._on_camera_info, qos)
        self.create_subscription(_POSE_MSGS[self.pose_type], topics["pose"], self._on_pose, qos)
        # Raw: a message of too many detections is refused on its bytes, before rclpy
        # builds its Python objects (perception_conversions.bounded_message).
        self.create_subscription(Detections, topics["detections"], self._on_detections, qos,
                                 raw=True)
        self.observations_pub = self.create_publisher(
            ObjectObservations, out_topic,
            QoSProfile(depth=10, reliability=ReliabilityPolicy.RELIABLE))
        self.stats_pub = self.create_publisher(
            MemoryStats, stats_topic,
            QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                       reliability=ReliabilityPolicy.RELIABLE))
        self.create_timer(s.stats_period_s, self._publish_stats)
        self._publish_stats()
        self.get_logger().info(
            f"perception: {', '.join(f'{k}={v}' for k, v in topics.items() if v)}, pose type "
            f"{self.pose_type} -> {out_topic}")

    @staticmethod
    def _camera_offset(c: CameraOffset) -> Pose | None:
        """The camera's optical frame in the pose topic's child frame; None for identity
        (the pose topic already gives the camera pose, as SLAM on the camera does)."""
        xyz, quat = [c.x, c.y, c.z], [c.qx, c.qy, c.qz, c.qw]
        offset = Pose.make(xyz, quat)  # a bad offset must stop start-up, hence no catch
        if xyz == [0.0, 0.0, 0.0] and np.allclose(offset.rotation, np.eye(3)):
            return None
        return offset

    # -- drops --------------------------------------------------------------------------------
    def _drop(self, code: str, message: str) -> None:
        with self._stats_lock:  # the pipeline worker drops too
            self.drops[code] += 1
            count = self.drops[code]
        self.warnings.warn(code, message, count)

    def _guard(self, what: str, fn: Any, msg: Any) -> None:
        """Run one callback: DropError is a counted drop; anything else a logged bug that
        must not stop the node."""
        try:
            fn(msg)
        except DropError as exc:
            self._drop(exc.code, f"{what} dropped: {exc}")
        except Exception as exc:
            if not self.context.ok():
                return  # shutting down (SIGTERM mid-frame): publishing fails, nothing is lost
            self.get_logger().error(f"{what}: {traceback.format_exc()}")
            self._drop(f"{what}.internal_error", f"{what}: {type(exc).__name__}: {exc}")

    # -- inputs -------------------------------------------------------------------------------
    def _convert(self, stage: str, convert: Any, msg: Any, *args: Any) -> Any:
        with self.times.stage(stage):
            return convert(msg, *args)

    def _arrived(self, stream: str, info: MessageInfo) -> tuple[int, int]:
        """Time the message spent in DDS (published -> received) and in the executor's
        queue (received -> this callback); (published, taken) in ns for the frame's path."""
        taken = time.time_ns()
        source, received = info["source_timestamp"], info["received_timestamp"]
        if source > 0 and received > 0:  # 0: the middleware did not say
            self.times.add_latency(f"dds.{stream}", (received - source) * 1e-9)
            self.times.add_latency(f"queue.{stream}", (taken - received) * 1e-9)
        return (source if source > 0 else taken), taken

    def _on_colour(self, msg: Image, info: MessageInfo) -> None:
        arrival = self._arrived("colour", info)
        self._guard("colour", lambda m: self._push(
            "colour", m, self._convert("from_msg.colour", colour_from_msg, m), arrival), msg)

    def _on_depth(self, msg: Image, info: MessageInfo) -> None:
        arrival = self._arrived("depth", info)
        self._guard("depth", lambda m: self._push(
            "depth", m, self._convert("from_msg.depth", depth_from_msg, m), arrival), msg)

    def _on_detections(self, raw: bytes, info: MessageInfo) -> None:
        arrival = self._arrived("detections", info)

        def take(data: bytes) -> None:
            m = self._convert("deserialise.detections", bounded_message, data, Detections,
                              detections_count, "detections", "detections")
            self._push("detections", m, self._convert("from_msg.detections",
                                                      detections_from_msg, m), arrival)
        self._guard("detections", take, raw)

    def _on_camera_info(self, msg: CameraInfo) -> None:
        def take(m: CameraInfo) -> None:
            intrinsics = intrinsics_from_msg(m)
            if self.pipeline is None or self.pipeline.intrinsics != intrinsics:
                self.pipeline = PerceptionPipeline(intrinsics, self.config)
        self._guard("camera_info", take, msg)

    def _on_pose(self, msg: Any, info: MessageInfo) -> None:
        arrival = self._arrived("pose", info)

        def take(m: Any) -> None:
            frame = m.header.frame_id
            if frame and frame != self.world_frame:
                raise DropError("pose.frame", f"pose in frame {frame!r}, expected "
                                f"{self.world_frame!r} (no tf here)")
            pose = pose_from_any(m)
            if self.offset is not None:
                pose = Pose.make(pose.to_world(self.offset.translation[None, :])[0],
                                 matrix_to_quaternion(pose.rotation @ self.offset.rotation))
            self._push("pose", m, pose, arrival)
        self._guard("pose", take, msg)

    def _push(self, stream: str, msg: Any, value: Any, arrival: tuple[int, int]) -> None:
        stamp = from_time(msg.header.stamp)
        completed = self.sync.push(stream, stamp, (msg.header, value, arrival))
        for reason, count in self.sync.drops.items():
            if count > self._sync_seen[reason]:
                self._sync_seen[reason] = count
                kind, _, which = reason.partition(":")
                self.warnings.warn(f"sync.{reason}", f"{which} message dropped: "
                                   f"{_SYNC_REASONS.get(kind, kind)}", count)
        now = time.time_ns()
        for frame in completed:
            self._frames.put((frame, now))

    def _work(self) -> None:
        while True:
            frame = self._frames.take()
            if frame is None or self._stopping:
                return
            try:
                self._process(*frame)
            except Exception as exc:  # a bug must not stop the worker (nor the node)
                if self._stopping or not self.context.ok():
                    return
                self.get_logger().error(f"frame: {traceback.format_exc()}")
                self._drop("frame.internal_error", f"frame: {type(exc).__name__}: {exc}")

    def destroy_node(self) -> None:
        self._stopping = True
        self._frames.close()
        self._stop_gc_timing()
        self._worker.join(timeout=5.0)  # a frame in progress finishes; none starts
        super().destroy_node()

    # -- one synchronised frame ---------------------------------------------------------------
    def _process(self, frame: SyncedSet, completed_ns: int) -> None:
        if self.pipeline is None:
            self._drop("frame.no_camera_info", "frame dropped: no valid camera_info yet")
            return
        depth_header, (depth, encoding), _ = frame.messages["depth"]
        _, pose, _ = frame.messages["pose"]
        _, detections, _ = frame.messages["detections"]
        colour = frame.messages["colour"][1] if "colour" in frame.messages else None
        start = time.perf_counter()
        started_ns = time.time_ns()
        try:
            with self.times.stage("pipeline"):
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
        with self.times.stage("to_msg"):
            out = ObjectObservations()
            out.header.stamp, out.header.frame_id = depth_header.stamp, self.world_frame
            out.view = view_to_msg(result.view, depth_header.stamp,
                                   self.camera_frame or depth_header.frame_id)
            out.observations = [observation_to_msg(o, self.jpeg_quality)
                                for o in result.observations]
        with self.times.stage("publish"):
            self.observations_pub.publish(out)
        self._frame_path(frame, completed_ns, started_ns, time.time_ns())
        with self._stats_lock:
            self.process_ms.append(1000.0 * (time.perf_counter() - start))
            self.frames += 1
            self.observations += len(result.observations)

    def _frame_path(self, frame: SyncedSet, completed_ns: int, started_ns: int,
                    published_ns: int) -> None:
        """Where this frame's time went, from the camera publishing its first message to
        the observations going out (wall clock ns: DDS source stamps are system time)."""
        sent = [arrival[0] for _, _, arrival in frame.messages.values()]
        first = min(sent)
        t = self.times
        t.add_latency("frame.sent_spread", (max(sent) - first) * 1e-9)
        t.add_latency("frame.sent_to_complete", (completed_ns - first) * 1e-9)
        t.add_latency("frame.queue_wait", (started_ns - completed_ns) * 1e-9)
        t.add_latency("frame.sent_to_published", (published_ns - first) * 1e-9)
        # The sensor stamp is on the camera's clock (simulated time in the household
        # world): only when it is plausibly the wall clock does stamp -> sent mean anything.
        stamp_to_sent = first * 1e-9 - frame.stamp
        if 0.0 <= stamp_to_sent < STAMP_CLOCK_SLACK_S:
            t.add_latency("frame.stamp_to_sent", stamp_to_sent)

    def _publish_stats(self) -> None:
        with self._stats_lock:
            counters: dict[str, Any] = dict(self.drops)
            process_ms = list(self.process_ms)
            frames, observations = self.frames, self.observations
        counters.update({f"sync.{k}": v for k, v in self.sync.drops.items()})
        counters["frames.matched"] = self.sync.emitted
        counters["frames.superseded"] = self._frames.superseded
        counters["sync.expired"] = self.sync.expired
        counters["observations.published"] = observations
        if process_ms:
            counters["processing_ms.median"] = round(float(np.median(process_ms)))
        counters.update(self.times.counters())
        msg = MemoryStats(observations_applied=frames,
                          counters=[KeyValue(key=k, value=str(v))
                                    for k, v in sorted(counters.items())])
        msg.header.stamp = self.get_clock().now().to_msg()
        msg.header.frame_id = self.world_frame
        self.stats_pub.publish(msg)


def main(args: list[str] | None = None) -> int:
    # Once stopped (the frame in progress finished, destroy_node), nothing is left to flush:
    # the process exits without the interpreter's teardown (runner.end_process).
    return run_node(PerceptionNode, "perception_node", args, exit_when_stopped=True)


if __name__ == "__main__":
    sys.exit(main())
