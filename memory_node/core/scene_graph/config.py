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

# Classes a detector is known to confuse (shape and context; symmetric). A detection of one
# may be evidence for a node of the other (inside the confusion gate); other label pairs
# never merge. A robot sets this from its detector's confusion matrix.
DEFAULT_SIMILAR = (
    ("mug", "cup"), ("bowl", "plate"), ("pen", "pencil"), ("knife", "butterknife"),
    ("fork", "spoon"), ("soapbar", "dishsponge"), ("soapbottle", "spraybottle"),
    ("statue", "vase"), ("phone", "remotecontrol"), ("saltshaker", "peppershaker"),
    ("spatula", "ladle"), ("creditcard", "cd"), ("book", "newspaper"),
    ("bottle", "winebottle"), ("glassbottle", "winebottle"), ("apple", "tomato"),
    ("towel", "handtowel"), ("pot", "pan"), ("kettle", "wateringcan"),
    ("toiletpaper", "papertowelroll"), ("alarmclock", "watch"), ("box", "tissuebox"),
    ("egg", "candle"), ("cabinet", "drawer"), ("laptop", "book"),
    # Furniture a detector takes for one another (the simulated detector's error model
    # confuses the same pairs): a misread must feed the piece it was, not make a second.
    ("counter", "table"), ("table", "dresser"), ("sofa", "armchair"),
)


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
    fixture_margin: float = setting(
        0.15, "A sighting of furniture (immovable label) whose box centre lies within this "
        "distance (m) of the space a piece of furniture of the same or a similar label has "
        "been seen to fill (or whose box holds that piece's centre) is that piece: partial "
        "views of a 1.6 m counter or a fridge's door put box centres farther apart than the "
        "gate. 0 turns the rule off.", 0.0, 2.0)
    fixture_max_side: float = setting(
        4.0, "The space a piece of furniture has been seen to fill grows no larger than this "
        "(m per side), so a stray box cannot make it swallow a room.", 0.1, 100.0)
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
        4, "Consecutive misses in view before an object can be removed (a movable one is "
        "then REMOVED; 3 gave ~0.1 % false REMOVED per object per visit).", 1, 1000)
    grid_cell: float = setting(1.0, "Cell size (m) of the spatial index.", 0.05, 100.0)
    # Identity under partial views (issue 10).
    similar_labels: tuple[tuple[str, str], ...] = DEFAULT_SIMILAR
    confusion_gate: float = setting(
        0.25, "A detection of a known similar label (similar_labels) may be evidence for an "
        "object only this close (m).", 0.0, 10.0)
    arm_label_holds: bool = setting(
        True, "A node whose class the robot's arm reported (`grasped_as`: it held a mug that "
        "memory called a cup) takes a sighting of another label only while that label has not "
        "been seen on it more often than the arm's since: then it is a look-alike standing "
        "where the object was, and becomes a node of its own. Off, the arm's word is "
        "ordinary evidence and a cup set 9 cm from where the tidy took the mug from fed the "
        "stale Mug node, so no cup was ever found there (tune2 tidy 3134, s0008).")
    label_mismatch_cost: float = setting(
        0.2, "Metres added to such a pairing, so that the same label wins.", 0.0, 10.0)
    min_class_share: float = setting(
        0.2, "A label with this share of an object's class evidence counts as its own.",
        0.0, 1.0)
    class_evidence_cap: float = setting(
        20.0, "Class evidence is scaled down beyond this total, so recent frames count.",
        1.0, 1e6)
    moved_class_evidence: float = setting(
        2.0, "Class evidence a node keeps from before a move memory inferred (a takeover, "
        "or a NEW elsewhere joined into a MOVED), scaled down to this total: the sightings "
        "at the new place decide the class within a few frames. Kept whole, a cup's one "
        "misread as a mug joined it to a mug memory missed, and the mug's 19 sightings "
        "outvoted the cup's own for the rest of the stream (fresh100a, round 107).",
        0.0, 1e6)
    max_displacement: float = setting(
        25.0, "A takeover or NEW+REMOVED join farther than this (m) is not plausible.",
        0.0, 1e4)
    takeover_misses: int = setting(
        2, "Misses in view in a row (this frame included) before a sighting elsewhere may "
        "be the same object, or a NEW elsewhere is joined into a MOVED.", 1, 1000)
    join_window: float = setting(
        600.0, "A NEW and an object missed or REMOVED within this time (s) may be one move.",
        0.0, 1e7)
    size_ratio_max: float = setting(
        2.0, "Per-axis box size ratio beyond which two sightings are different objects.",
        1.0, 100.0)
    min_appearance_similarity: float = setting(
        0.5, "Colour-histogram intersection below which two sightings differ (when both "
        "have one).", 0.0, 1.0)
    appearance_rate: float = setting(
        0.2, "Blend of a new colour histogram into the object's.", 0.0, 1.0)
    recent_window: int = setting(
        2, "Small moves: this many newest observations agreeing within `consistency` and "
        "farther than `move_shift` from the estimate restart it (a MOVED).", 1, 100)
    consistency: float = setting(0.08, "See recent_window (m).", 0.0, 10.0)
    move_shift: float = setting(0.12, "See recent_window (m).", 0.0, 10.0)
    move_shift_per_size: float = setting(
        1.0, "The shift that means a small move is at least this fraction of the object's "
        "largest box side (big boxes wander more between views: on the TUM cabinet, 0.4 "
        "let the estimate jump 24 cm).", 0.0, 10.0)
    state_frames: int = setting(
        2, "Consistent frames before a perceived state (or openness bin) changes.", 1, 100)
    state_gain: float = setting(
        0.3, "State confidence gain per agreeing reading (a contrary one costs half).",
        0.0, 1.0)
    state_flip_below: float = setting(
        0.5, "A perceived state changes only once contrary readings have brought its "
        "confidence below this (as well as `state_frames` of them): a state seen many times "
        "needs more contrary frames than one seen once. 1 = count frames only.", 0.0, 1.0)
    openness_edges: tuple[float, ...] = setting(
        [0.1, 0.6], "Openness bin edges (>= 2 values in (0, 1): closed / partly open / "
        "open).", 0.0, 1.0)
    openness_margin: float = setting(
        0.05, "A reading this close to an edge of the current bin keeps it.", 0.0, 0.5)
    openness_clear_margin: float = setting(
        0.03, "An openness reading is evidence for a bin (a change to it, or confirming it) "
        "only this far inside it: nearer an edge, sensor noise decides the side.", 0.0, 0.5)
    openness_window: int = setting(
        5, "Openness readings kept for the estimate shown.", 1, 1000)

    # Bad input (issue 10): frames out of order, a relocalising pose, runaway evidence.
    max_frame_lag_s: float = setting(
        1.0, "A frame older than the newest applied one by more than this (s) is refused "
        "(counted frames.refused_stale); a smaller lag is applied (frames.out_of_order).",
        0.0, 1e6)
    clock_reset_s: float = setting(
        30.0, "A frame older than the newest by more than this (s) means the clock was reset "
        "(simulation restarted, log replayed): applied, counted frames.clock_reset.",
        0.0, 1e9)
    max_robot_speed: float = setting(
        3.0, "Robot displacement faster than this (m/s, plus 0.5 m) between frames is "
        "counted as a pose jump (relocalisation): robot.pose_jumps.", 0.0, 1e4)
    max_class_labels: int = setting(
        8, "Labels kept in an object's class evidence (the weakest go first).", 1, 1000)
    max_join_candidates: int = setting(
        2000, "REMOVED objects and NEW objects per label kept for joining into a MOVED (the "
        "oldest go first): bounds memory when labels or boxes jump every frame.", 1, 10 ** 7)

    def __post_init__(self) -> None:
        check_settings(self)
        for name in ("area_spacing", "floor_height", "object_area_radius", "gate_distance",
                     "grid_cell"):
            value = getattr(self, name)
            if not (math.isfinite(value) and value > 0):
                raise ValueError(f"scene graph config: {name} must be positive, got {value}")
        if self.position_window < 1 or self.min_misses_to_remove < 1:
            raise ValueError("scene graph config: position_window and min_misses_to_remove >= 1")
        if self.clock_reset_s < self.max_frame_lag_s:
            raise ValueError("scene graph config: clock_reset_s must be >= max_frame_lag_s")
        for name in ("recent_window", "state_frames", "openness_window", "takeover_misses",
                     "max_class_labels", "max_join_candidates"):
            if getattr(self, name) < 1:
                raise ValueError(f"scene graph config: {name} must be >= 1")
        for name in ("confusion_gate", "label_mismatch_cost", "class_evidence_cap",
                     "moved_class_evidence", "max_displacement", "join_window",
                     "size_ratio_max", "consistency", "move_shift", "openness_margin",
                     "openness_clear_margin"):
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
