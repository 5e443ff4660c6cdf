"""What goes into perception (a 2D detection) and what comes out (a 3D observation)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class Detection:
    """A 2D detection from the detector: a box in pixels (x1, y1, x2, y2), optional mask.

    The mask, when given, is a boolean image of the full frame size; it replaces the box
    for selecting depth pixels (the box still bounds the search).
    """

    label: str
    score: float
    box: tuple[float, float, float, float]
    mask: np.ndarray | None = field(default=None, repr=False, compare=False)
    tracker_id: str | None = None
    state: str | None = None


def clip_detection_box(
    detection: Detection, width: int, height: int
) -> tuple[int, int, int, int]:
    """Integer pixel box [x1, x2) x [y1, y2) clipped to the image; ValueError if unusable."""
    if not isinstance(detection.label, str) or not detection.label.strip():
        raise ValueError("detection: empty label")
    if not (isinstance(detection.score, (int, float)) and math.isfinite(detection.score)):
        raise ValueError(f"detection {detection.label!r}: score {detection.score!r} not finite")
    try:
        x1, y1, x2, y2 = (float(v) for v in detection.box)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"detection {detection.label!r}: box must be 4 numbers") from exc
    if not all(math.isfinite(v) for v in (x1, y1, x2, y2)):
        raise ValueError(f"detection {detection.label!r}: box {detection.box} is not finite")
    if x2 <= x1 or y2 <= y1:
        raise ValueError(f"detection {detection.label!r}: box {detection.box} is empty")
    if x2 <= 0 or y2 <= 0 or x1 >= width or y1 >= height:
        raise ValueError(
            f"detection {detection.label!r}: box {detection.box} lies outside the "
            f"{width}x{height} image"
        )
    ix1, iy1 = max(0, math.floor(x1)), max(0, math.floor(y1))
    ix2, iy2 = min(width, math.ceil(x2)), min(height, math.ceil(y2))
    if detection.mask is not None:
        mask = detection.mask
        if not isinstance(mask, np.ndarray) or mask.shape != (height, width):
            shape = getattr(mask, "shape", None)
            raise ValueError(
                f"detection {detection.label!r}: mask shape {shape} does not match the "
                f"{width}x{height} image"
            )
    return ix1, iy1, ix2, iy2


@dataclass
class Observation:
    """One object seen in one frame, in the world frame. Metres, seconds.

    The oriented box is centre + extent (full side lengths along the box axes) + rotation
    (3x3, box axes as columns, box-to-world). `centroid` is the median of the object's
    surface points; it leans towards the camera (only the near side is seen), so the
    scene graph uses the box centre (`position`) instead.
    """

    label: str
    score: float
    centroid: tuple[float, float, float]
    box_center: tuple[float, float, float]
    box_extent: tuple[float, float, float]
    box_rotation: np.ndarray = field(repr=False)
    point_count: int
    stamp: float
    crop: np.ndarray | None = field(default=None, repr=False)
    tracker_id: str | None = None
    state: str | None = None
    openness: float | None = None  # 0 closed .. 1 fully open, for articulated objects
    # Colour histogram of the crop (scene_graph.evidence.colour_histogram), when known.
    appearance: list[float] | None = field(default=None, repr=False)

    @property
    def position(self) -> tuple[float, float, float]:
        """Where the object is, for association: the box centre (see gravity_aligned_box)."""
        return self.box_center

    @classmethod
    def at(
        cls,
        label: str,
        position: tuple[float, float, float],
        stamp: float,
        extent: tuple[float, float, float] = (0.1, 0.1, 0.1),
        score: float = 1.0,
        **kwargs: object,
    ) -> Observation:
        """An axis-aligned observation at a known position (simulators, tests, manual input)."""
        return cls(
            label=label, score=score, centroid=tuple(map(float, position)),  # type: ignore[arg-type]
            box_center=tuple(map(float, position)),  # type: ignore[arg-type]
            box_extent=tuple(map(float, extent)),  # type: ignore[arg-type]
            box_rotation=np.eye(3), point_count=0, stamp=stamp, **kwargs,  # type: ignore[arg-type]
        )
