"""Perception geometry: depth + pose + 2D detections -> 3D object observations.

Pure numpy/open3d; the ROS perception node converts messages to these types and back.
"""

from memory_node.core.perception.camera import CameraIntrinsics, Pose, decode_depth
from memory_node.core.perception.frustum import CameraView
from memory_node.core.perception.geometry import OutlierConfig
from memory_node.core.perception.observation import Detection, Observation
from memory_node.core.perception.pipeline import FrameResult, PerceptionConfig, PerceptionPipeline
from memory_node.core.perception.sync import SyncedSet, TimestampSynchroniser

__all__ = [
    "CameraIntrinsics", "CameraView", "Detection", "FrameResult", "Observation",
    "OutlierConfig", "PerceptionConfig", "PerceptionPipeline", "Pose", "SyncedSet",
    "TimestampSynchroniser", "decode_depth",
]
