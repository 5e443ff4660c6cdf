"""The perception node's settings: every parameter, default, range and description once
(`memory_node.core.settings`); the node declares them, config/memory.yaml only overrides.
Topic names are ROS-facing, hence beside the node rather than in the core."""

from __future__ import annotations

from dataclasses import dataclass

from memory_node.core.perception.pipeline import PerceptionConfig
from memory_node.core.settings import check_settings, section, setting
from memory_node.nodes.perception_conversions import POSE_TYPES

OUTLIER_METHODS = ("none", "statistical", "dbscan", "statistical+dbscan")
# The algorithm's own defaults (core) are the parameters' defaults.
_CORE = PerceptionConfig()


@dataclass(frozen=True)
class PerceptionTopics:
    colour: str = setting("camera/color/image_raw", "Colour image (rgb8, bgr8, rgba8, bgra8, "
                          "mono8); empty = none (no crops).")
    depth: str = setting("camera/aligned_depth_to_color/image_raw",
                         "Depth image registered to the colour image (16UC1 or 32FC1).")
    camera_info: str = setting("camera/color/camera_info",
                               "CameraInfo of the (registered) images.")
    pose: str = setting("slam/pose",
                        "Camera (or robot, see camera_offset.*) pose in the world frame.")
    detections: str = setting("detections", "memory_node/Detections for the colour image.")
    observations: str = setting("memory/observations",
                                "Where ObjectObservations go (the memory server listens).")
    stats: str = setting("memory/perception/stats", "This node's counters as MemoryStats.")


@dataclass(frozen=True)
class CameraOffset:
    """The camera's optical frame in the pose topic's child frame (identity when the pose
    topic already gives the camera pose, as SLAM on the camera does)."""

    x: float = setting(0.0, "Camera optical frame x in the pose's child frame (m).",
                       -100.0, 100.0)
    y: float = setting(0.0, "Camera optical frame y in the pose's child frame (m).",
                       -100.0, 100.0)
    z: float = setting(0.0, "Camera optical frame z in the pose's child frame (m).",
                       -100.0, 100.0)
    qx: float = setting(0.0, "Camera optical frame rotation qx (quaternion).", -1.0, 1.0)
    qy: float = setting(0.0, "Camera optical frame rotation qy (quaternion).", -1.0, 1.0)
    qz: float = setting(0.0, "Camera optical frame rotation qz (quaternion).", -1.0, 1.0)
    qw: float = setting(1.0, "Camera optical frame rotation qw (quaternion).", -1.0, 1.0)

    def __post_init__(self) -> None:
        check_settings(self)


@dataclass(frozen=True)
class CropSettings:
    enabled: bool = setting(True, "Attach a JPEG crop per observation.")
    max_side: int = setting(96, "Longest side of a crop (px).", 8, 1024)
    jpeg_quality: int = setting(80, "JPEG quality.", 10, 100)

    def __post_init__(self) -> None:
        check_settings(self)


@dataclass(frozen=True)
class SyncSettings:
    tolerance_s: float = setting(0.02, "Largest stamp difference within one frame set (s).",
                                 0.0, 1.0)
    queue_size: int = setting(10, "Messages queued per stream.", 1, 1000)
    max_delay_s: float = setting(1.0, "Messages older than the newest seen by more are "
                                 "dropped (s).", 0.0, 3600.0)
    max_future_s: float = setting(1.0, "Stamps further ahead of this node's clock are "
                                  "dropped (too_early) (s).", 0.001, 3600.0)
    expiry_s: float = setting(5.0, "With no frame matched for this long, forget the newest "
                              "stamp seen and match afresh (s).", 0.1, 3600.0)

    def __post_init__(self) -> None:
        check_settings(self)


@dataclass(frozen=True)
class InputQos:
    reliability: str = setting("best_effort", "Input subscriptions: best_effort matches "
                               "every camera driver; reliable only reliable publishers.",
                               choices=("best_effort", "reliable"))
    depth: int = setting(5, "Input queue depth.", 1, 1000)

    def __post_init__(self) -> None:
        check_settings(self)


@dataclass(frozen=True)
class PerceptionSettings:
    topics: PerceptionTopics = section(PerceptionTopics)
    pose_type: str = setting("PoseStamped", "Message type of the pose topic.",
                             choices=POSE_TYPES)
    world_frame_id: str = setting("map", "Frame of poses and observations; poses stamped "
                                  "with another (non-empty) frame are dropped (no tf here).")
    camera_frame_id: str = setting("", "Frame id put on the view's images; empty = the "
                                   "depth image's own.")
    camera_offset: CameraOffset = section(CameraOffset)
    depth_scale: float = setting(
        _CORE.depth_scale, "16UC1 depth units per metre (1000 = millimetres, the ROS "
        "convention; 32FC1 is metres).", 1.0, 100_000.0)
    near: float = setting(_CORE.near, "Nearest usable depth (m).", 0.01, 10.0)
    far: float = setting(_CORE.far, "Farthest usable depth (m).", 0.1, 100.0)
    min_score: float = setting(_CORE.min_score, "Detections scoring less are ignored.", 0.0, 1.0)
    max_points_per_detection: int = setting(
        _CORE.max_points_per_detection,
        "Depth pixels sampled per detection (the per-frame cost).", 50, 100_000)
    min_points: int = setting(_CORE.min_points, "Fewer valid depth points: no 3D estimate.",
                              4, 100_000)
    view_depth_stride: int = setting(
        _CORE.view_depth_stride, "Downsampling of the depth sent for occlusion tests.", 1, 64)
    min_object_pixels: int = setting(
        _CORE.min_object_pixels, "The detector's floor: fewest pixels of an object's image it "
        "reports. Memory does not expect a smaller object to be seen (0: no floor).",
        0, 1_000_000)
    outlier_method: str = setting("dbscan", "Outlier rejection.", choices=OUTLIER_METHODS)
    crop: CropSettings = section(CropSettings)
    sync: SyncSettings = section(SyncSettings)
    qos: InputQos = section(InputQos)
    frame_wait_s: float = setting(
        0.04, "A complete frame waits for the pipeline at most this long while newer ones "
        "queue behind it, then it is superseded (0: only the newest frame waits) (s).",
        0.0, 10.0)
    stats_period_s: float = setting(1.0, "Period of the stats (s).", 0.05, 3600.0)
    warn_throttle_s: float = setting(2.0, "Least time between two warnings of the same drop "
                                     "reason (s).", 0.0, 3600.0)

    def __post_init__(self) -> None:
        check_settings(self)
        if self.near >= self.far:
            raise ValueError(f"near {self.near} must be < far {self.far}")
