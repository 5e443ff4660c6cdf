"""Parameters of the scene graph (loaded from the node's YAML by the memory server)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

DEFAULT_IMMOVABLE = frozenset({
    "fridge", "cabinet", "sink", "table", "counter", "bed", "sofa", "shelf", "stove",
    "bathtub", "toilet", "dresser", "desk", "oven", "dishwasher", "washing machine",
})
DEFAULT_SYNONYMS = {
    "refrigerator": "fridge", "countertop": "counter", "couch": "sofa", "cupboard": "cabinet",
    "dining table": "table", "coffeetable": "table", "diningtable": "table",
    "sidetable": "table", "bookshelf": "shelf", "stoveburner": "stove", "sinkbasin": "sink",
    "tvstand": "table", "tv": "television", "cellphone": "phone",
}


@dataclass(frozen=True)
class SceneGraphConfig:
    area_spacing: float = 2.0  # a new area when the robot is farther than this from all
    floor_height: float = 3.0
    floor_origin: float = -0.5  # floor k spans [origin + k h, origin + (k + 1) h) in z
    object_area_radius: float = 4.0  # objects farther from every area are flagged
    gate_distance: float = 0.5  # association gate, metres (xyz)
    position_window: int = 15  # observations kept for the robust (median) position
    immovable_labels: frozenset[str] = DEFAULT_IMMOVABLE
    synonyms: Mapping[str, str] = field(default_factory=lambda: dict(DEFAULT_SYNONYMS))
    initial_confidence: float = 0.5
    hit_gain: float = 0.3  # confidence += gain * (1 - confidence) per observation
    miss_penalty: float = 0.2  # confidence -= penalty per expected-but-missed frame
    immovable_miss_penalty: float = 0.05  # furniture is rarely really gone
    remove_below: float = 0.15
    min_misses_to_remove: int = 3
    grid_cell: float = 1.0

    def __post_init__(self) -> None:
        for name in ("area_spacing", "floor_height", "object_area_radius", "gate_distance",
                     "grid_cell"):
            value = getattr(self, name)
            if not (math.isfinite(value) and value > 0):
                raise ValueError(f"scene graph config: {name} must be positive, got {value}")
        if self.position_window < 1 or self.min_misses_to_remove < 1:
            raise ValueError("scene graph config: position_window and min_misses_to_remove >= 1")
        object.__setattr__(self, "immovable_labels",
                           frozenset(self.canonical(x) for x in self.immovable_labels))

    def canonical(self, label: str) -> str:
        """Label used for matching: lower case, synonyms folded ("Refrigerator" -> "fridge")."""
        key = label.strip().lower()
        return self.synonyms.get(key, key)

    def is_movable(self, label: str) -> bool:
        return self.canonical(label) not in self.immovable_labels
