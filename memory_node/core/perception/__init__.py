"""Perception geometry: depth + pose + 2D detections -> 3D object observations.

Pure numpy/open3d; the ROS perception node converts messages to these types and back.
Names are imported lazily: the scene graph needs `Observation` and `Pose` but not open3d.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "CameraIntrinsics": "camera", "Pose": "camera", "decode_depth": "camera",
    "CameraView": "frustum",
    "OutlierConfig": "geometry",
    "Detection": "observation", "Observation": "observation",
    "FrameResult": "pipeline", "PerceptionConfig": "pipeline", "PerceptionPipeline": "pipeline",
    "SyncedSet": "sync", "TimestampSynchroniser": "sync",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
