"""Parameters of the scene graph (loaded from the node's YAML by the memory server)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from memory_node.core.settings import check_settings, setting

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
    """The scene graph's settings (the memory server's `scene_graph.*` parameters)."""

    area_spacing: float = setting(
        2.0, "A new area is made where the robot is farther than this (m) from every area "
        "of its floor.", 0.1, 100.0)
    floor_height: float = setting(3.0, "Storey height (m) for assigning floors by z.",
                                  0.5, 20.0)
    floor_origin: float = setting(
        -0.5, "z (m) where floor 0 starts: floor k spans [origin + k h, origin + (k+1) h).",
        -100.0, 100.0)
    object_area_radius: float = setting(
        4.0, "Objects farther (m) from every area are flagged.", 0.1, 100.0)
    gate_distance: float = setting(
        0.5, "Association gate (m): an observation farther from every known object of its "
        "class is a new (or moved) object.", 0.01, 10.0)
    position_window: int = setting(
        15, "Observations kept per object; its position is their median.", 1, 1000)
    immovable_labels: frozenset[str] = setting(
        sorted(DEFAULT_IMMOVABLE), "Labels of furniture that never moves (a re-detection "
        "elsewhere is a new object, and misses cost it less confidence).")
    synonyms: Mapping[str, str] = field(default_factory=lambda: dict(DEFAULT_SYNONYMS))
    initial_confidence: float = setting(0.5, "Confidence of a new object.", 0.0, 1.0)
    hit_gain: float = setting(
        0.3, "Confidence gain per observation (fraction of the gap to 1).", 0.0, 1.0)
    miss_penalty: float = setting(
        0.2, "Confidence lost per frame a movable object should have been seen and was "
        "not.", 0.0, 1.0)
    immovable_miss_penalty: float = setting(0.05, "Same for immovable labels.", 0.0, 1.0)
    remove_below: float = setting(
        0.15, "An object whose confidence falls below this (after min_misses_to_remove "
        "misses) is REMOVED.", 0.0, 1.0)
    min_misses_to_remove: int = setting(
        3, "Consecutive misses before an object can be removed.", 1, 1000)
    grid_cell: float = setting(1.0, "Cell size (m) of the spatial index.", 0.05, 100.0)

    def __post_init__(self) -> None:
        check_settings(self)
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
