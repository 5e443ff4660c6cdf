"""One validation of what perception hands to memory: positions, box sizes, scores, views.

Shared by the perception pipeline (poses), the message conversions, the scene graph and the
long-term memory, and built on `units.check_finite_position` (the units' own check), so a
value is refused the same way wherever it enters, and BEFORE anything changes: the scene
graph validates a whole frame first, then applies only what passed.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from memory_node.core.units import MAX_COORDINATE_M, check_finite_position

MAX_EXTENT_M = 50.0  # a box side longer than a house is a depth or unit error
MAX_RANGE_M = 100.0  # a camera's far plane; a depth camera reads < 10 m
MAX_LABEL_CHARS = 128
MAX_TRACKER_CHARS = 128
MAX_HISTOGRAM_BINS = 512

__all__ = ["MAX_COORDINATE_M", "MAX_EXTENT_M", "MAX_RANGE_M", "check_extent",
           "check_finite_position", "check_observation", "check_score", "check_view"]


def check_extent(extent: Any, what: str = "box extent") -> tuple[float, float, float]:
    """Three finite side lengths in [0, MAX_EXTENT_M]; ValueError otherwise."""
    try:
        values = tuple(float(v) for v in extent)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{what} must be three numbers, got {extent!r}") from exc
    if len(values) != 3:
        raise ValueError(f"{what} must be three numbers, got {len(values)}")
    for v in values:
        if not (math.isfinite(v) and 0.0 <= v <= MAX_EXTENT_M):
            raise ValueError(f"{what} {values} is outside [0, {MAX_EXTENT_M}] m")
    return values  # type: ignore[return-value]


def check_score(score: Any, what: str = "score") -> float:
    try:
        value = float(score)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{what} {score!r} is not a number") from exc
    if not (0.0 <= value <= 1.0):  # NaN fails too
        raise ValueError(f"{what} {value} is outside [0, 1]")
    return value


def _check_text(value: Any, what: str, limit: int, optional: bool) -> None:
    if value is None and optional:
        return
    if not isinstance(value, str) or (not optional and not value.strip()):
        raise ValueError(f"{what} is empty or not a string")
    if len(value) > limit:
        raise ValueError(f"{what} is {len(value)} characters long (max {limit})")
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in value):
        raise ValueError(f"{what} contains control characters")


def check_observation(obs: Any) -> None:
    """Raise ValueError saying why `obs` (an Observation) cannot be used."""
    from memory_node.core.perception.observation import Observation  # noqa: PLC0415

    if not isinstance(obs, Observation):
        raise ValueError(f"not an Observation: {type(obs).__name__}")
    _check_text(obs.label, "observation label", MAX_LABEL_CHARS, optional=False)
    what = f"observation {obs.label!r}"
    check_finite_position(obs.position, f"{what} position")
    check_extent(obs.box_extent, f"{what} box extent")
    check_score(obs.score, f"{what} score")
    rotation = np.asarray(obs.box_rotation, dtype=float)
    if rotation.shape != (3, 3) or not np.all(np.isfinite(rotation)):
        raise ValueError(f"{what}: box rotation is not a finite 3x3 matrix")
    _check_text(obs.tracker_id, f"{what} tracker id", MAX_TRACKER_CHARS, optional=True)
    if obs.openness is not None:
        check_score(obs.openness, f"{what} openness")
    if obs.appearance is not None and (
            len(obs.appearance) > MAX_HISTOGRAM_BINS
            or not all(isinstance(v, (int, float)) and 0.0 <= v <= 1.0
                       for v in obs.appearance)):
        raise ValueError(f"{what}: appearance is not a histogram of <= "
                         f"{MAX_HISTOGRAM_BINS} values in [0, 1]")
    if not (isinstance(obs.stamp, (int, float)) and math.isfinite(obs.stamp)):
        raise ValueError(f"{what}: stamp {obs.stamp!r} is not finite")


def check_view(view: Any) -> None:
    """Raise ValueError when a visibility model cannot be used: its pose and range must be
    finite and within limits, and its bounds finite (an infinite far plane makes every
    frustum test NaN)."""
    if view is None:
        return
    near, far = getattr(view, "near", None), getattr(view, "far", None)
    if near is not None or far is not None:
        if not (isinstance(near, (int, float)) and isinstance(far, (int, float))
                and 0 < near < far <= MAX_RANGE_M):
            raise ValueError(f"view: need 0 < near < far <= {MAX_RANGE_M}, got {near}, {far}")
    pose = getattr(view, "pose", None)
    if pose is not None:
        check_finite_position(pose.position, "view pose")
        if not np.all(np.isfinite(np.asarray(pose.rotation, dtype=float))):
            raise ValueError("view: pose rotation is not finite")
    lo, hi = view.bounds()
    if not (np.all(np.isfinite(lo)) and np.all(np.isfinite(hi))):
        raise ValueError("view: bounds are not finite")
