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

# Classes a detector is known to confuse (shape and context; symmetric). A detection of one
# may be evidence for a node of the other (inside the confusion gate); other label pairs
# never merge. A robot sets this from its detector's confusion matrix.
DEFAULT_SIMILAR = (
    ("mug", "cup"), ("bowl", "plate"), ("pen", "pencil"), ("knife", "butterknife"),
    ("fork", "spoon"), ("soapbar", "dishsponge"), ("soapbottle", "spraybottle"),
    ("statue", "vase"), ("phone", "remotecontrol"), ("saltshaker", "peppershaker"),
    ("spatula", "ladle"), ("creditcard", "cd"), ("book", "newspaper"),
    ("bottle", "winebottle"), ("pot", "pan"), ("kettle", "wateringcan"),
    ("toiletpaper", "papertowelroll"), ("alarmclock", "watch"), ("box", "tissuebox"),
    ("egg", "candle"), ("cabinet", "drawer"), ("laptop", "book"),
)


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
    min_misses_to_remove: int = 4  # in a row, in view: 3 was 0.1% per object per visit
    grid_cell: float = 1.0
    # Identity under partial views (issue 10).
    similar_labels: tuple[tuple[str, str], ...] = DEFAULT_SIMILAR
    confusion_gate: float = 0.25  # a similar label's detection merges only this close
    label_mismatch_cost: float = 0.2  # metres added to such a pairing (same label wins)
    min_class_share: float = 0.2  # a label this share of a node's evidence counts as its own
    class_evidence_cap: float = 20.0
    max_displacement: float = 25.0  # a takeover or join farther than this is not plausible
    takeover_misses: int = 2  # misses (this frame included) before a sighting elsewhere
    join_window: float = 600.0  # s: a NEW and a REMOVED this close in time may be one move
    size_ratio_max: float = 2.0  # per-axis box ratio beyond which two sightings differ
    min_appearance_similarity: float = 0.5  # histogram intersection, when both are known
    appearance_rate: float = 0.2  # blend of a new histogram into the node's
    # Small moves: the newest `recent_window` observations agreeing within `consistency`
    # and lying more than `move_shift` from the estimate restart it (MOVED if >= shift).
    recent_window: int = 2
    consistency: float = 0.08
    move_shift: float = 0.12
    # States: a new reading needs `state_frames` consistent frames; openness bins.
    state_frames: int = 2
    state_gain: float = 0.3
    openness_edges: tuple[float, ...] = (0.1, 0.6)
    openness_margin: float = 0.05
    openness_window: int = 5

    def __post_init__(self) -> None:
        for name in ("area_spacing", "floor_height", "object_area_radius", "gate_distance",
                     "grid_cell"):
            value = getattr(self, name)
            if not (math.isfinite(value) and value > 0):
                raise ValueError(f"scene graph config: {name} must be positive, got {value}")
        if self.position_window < 1 or self.min_misses_to_remove < 1:
            raise ValueError("scene graph config: position_window and min_misses_to_remove >= 1")
        for name in ("recent_window", "state_frames", "openness_window", "takeover_misses"):
            if getattr(self, name) < 1:
                raise ValueError(f"scene graph config: {name} must be >= 1")
        for name in ("confusion_gate", "label_mismatch_cost", "class_evidence_cap",
                     "max_displacement", "join_window", "size_ratio_max", "consistency",
                     "move_shift", "openness_margin"):
            value = getattr(self, name)
            if not (math.isfinite(value) and value >= 0):
                raise ValueError(f"scene graph config: {name} must be >= 0, got {value}")
        edges = tuple(float(e) for e in self.openness_edges)
        if len(edges) < 2 or list(edges) != sorted(edges) or not 0 < edges[0] < edges[-1] < 1:
            raise ValueError("scene graph config: openness_edges need >= 2 increasing values "
                             "in (0, 1) (three bins at least)")
        object.__setattr__(self, "openness_edges", edges)
        object.__setattr__(self, "_similar", frozenset(
            frozenset((self.canonical(a), self.canonical(b))) for a, b in self.similar_labels))
        object.__setattr__(self, "immovable_labels",
                           frozenset(self.canonical(x) for x in self.immovable_labels))

    def canonical(self, label: str) -> str:
        """Label used for matching: lower case, synonyms folded ("Refrigerator" -> "fridge")."""
        key = label.strip().lower()
        return self.synonyms.get(key, key)

    def similar(self, a: str, b: str) -> bool:
        """Are two canonical labels a known confusion pair?"""
        return frozenset((a, b)) in self._similar  # type: ignore[attr-defined]

    def is_movable(self, label: str) -> bool:
        return self.canonical(label) not in self.immovable_labels
