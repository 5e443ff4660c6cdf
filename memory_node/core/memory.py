"""The memory as the server exposes it: one object that owns the store and the memories
and answers the requests the ROS services carry. The node converts messages to and from
these calls and does nothing else, so every rule here is tested without ROS.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path

from memory_node.core.persistence.store import MemoryStore
from memory_node.core.scene_graph.config import SceneGraphConfig
from memory_node.core.short_term import ShortTermMemory
from memory_node.core.units import ObjectMemoryUnit, check_finite_position, check_identifier

MAX_QUERY_RESULTS = 1000


@dataclass(frozen=True)
class MemoryConfig:
    memory_dir: Path
    database_file: str = "memory.sqlite"
    short_term_capacity: int = 25
    short_term_policy: str = "wtinylfu"
    durability: str = "full"
    seed: int = 0
    # Long-term memory (memory_node.core.long_term); the server fills it from scene_graph.*.
    scene_graph: SceneGraphConfig | None = None  # None: SceneGraphConfig's defaults
    frame_id: str = "map"  # frame of the graph's positions (rviz markers)
    # Recall (memory_node.core.recall_memory); the server overrides these from recall.*.
    recall_model_path: str = ""            # "" = the packaged int8 MiniLM
    recall_min_score: float = 0.5
    recall_max_episodes: int = 64
    recall_working_memory_window: int = 8
    recall_intra_op_threads: int = 1


@dataclass(frozen=True)
class ObjectCandidate:
    """One answer to "where is X?"."""

    object_id: str
    label: str
    position: tuple[float, float, float]
    area_id: str
    source: str  # "short_term" | "long_term"
    confidence: float
    score: float
    last_seen: float


@dataclass
class Counters:
    """Requests rejected and messages dropped, by reason, for /memory/stats."""

    by_reason: dict[str, int] = field(default_factory=dict)

    def count(self, reason: str) -> None:
        self.by_reason[reason] = self.by_reason.get(reason, 0) + 1


class Memory:
    """Long- and short-term memory behind one SQLite file."""

    def __init__(self, config: MemoryConfig) -> None:
        self.config = config
        memory_dir = Path(config.memory_dir).expanduser().resolve()
        if "/" in config.database_file or config.database_file in ("", ".", ".."):
            raise ValueError(f"database_file {config.database_file!r} must be a plain file name")
        self.store = MemoryStore(memory_dir / config.database_file, durability=config.durability)
        self.short_term = ShortTermMemory(
            config.short_term_capacity, config.short_term_policy, self.store, seed=config.seed
        )
        self.counters = Counters()
        self.started_at = time.time()
        # Capabilities attach below, one block each (long-term memory, recall).
        # Recall: the model loads lazily (warm_up at server start), so a facade used
        # without recall pays nothing. Imported here: recall_memory imports this module.
        from memory_node.core.recall_memory import RecallMemory, RecallSettings
        self.recall = RecallMemory(self.short_term, RecallSettings(
            model_path=config.recall_model_path, min_score=config.recall_min_score,
            max_episodes=config.recall_max_episodes,
            working_memory_window=config.recall_working_memory_window,
            intra_op_threads=config.recall_intra_op_threads))
        # Long-term memory: the scene graph, in the same SQLite file, resumed as stored.
        from memory_node.core.long_term import LongTermMemory
        self.long_term = LongTermMemory(self.store, self.short_term, config.scene_graph,
                                        config.frame_id)
        if getattr(self, "recall", None) is not None:  # recall's scene-graph text
            self.recall.long_term_text = self.long_term.scene_graph_text
            self.recall.outcome_listener = self.long_term.apply_outcome_units

    # -- update_object --------------------------------------------------------------------
    def upsert_object(self, unit: ObjectMemoryUnit) -> list[ObjectMemoryUnit]:
        return self.short_term.upsert(unit)

    def remove_object(self, object_id: str) -> ObjectMemoryUnit:
        return self.short_term.remove(object_id)

    # -- query_object ---------------------------------------------------------------------
    def query_object(
        self,
        query: str,
        near: tuple[float, float, float] | None = None,
        max_results: int = 10,
    ) -> list[ObjectCandidate]:
        """Objects whose label is `query` (case-insensitive), nearest first when `near` is
        given, else most recently seen first."""
        label = check_identifier(query, "query")
        if near is not None:
            near = check_finite_position(near, "near")
        if not 1 <= max_results <= MAX_QUERY_RESULTS:
            raise ValueError(f"max_results {max_results} is outside [1, {MAX_QUERY_RESULTS}]")
        units = self.short_term.find_by_label(label, near=near, limit=max_results)
        candidates = [self._candidate(u, near) for u in units]
        # Then what only the long-term memory (scene graph) still knows, same ranking.
        held = {u.object_id for u in units}
        for hit in self.long_term.find(label, near, max_results):
            if len(candidates) < max_results and hit.object_id not in held:
                candidates.append(self._candidate(ObjectMemoryUnit(
                    hit.object_id, hit.label, hit.position, area_id=hit.area_id,
                    confidence=hit.confidence, last_seen=hit.last_seen), near, "long_term"))
        return candidates

    @staticmethod
    def _candidate(
        unit: ObjectMemoryUnit, near: tuple[float, float, float] | None,
        source: str = "short_term",
    ) -> ObjectCandidate:
        # Score: closeness when ranking by distance, else recency; both in (0, 1].
        if near is not None:
            score = 1.0 / (1.0 + math.dist(unit.position, near))
        else:
            score = 1.0 / (1.0 + max(0.0, time.time() - unit.last_seen) / 3600.0)
        return ObjectCandidate(
            object_id=unit.object_id, label=unit.label, position=unit.position,
            area_id=unit.area_id, source=source, confidence=unit.confidence,
            score=score, last_seen=unit.last_seen,
        )

    # -- manage -----------------------------------------------------------------------------
    def save(self, name: str) -> Path:
        return self.store.save_snapshot(name)

    def snapshot(self) -> Path:
        """Save under a fresh time-stamped name in snapshots/."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in range(1000):
            name = f"snapshots/memory-{stamp}-{n:03d}"
            if not self.store.resolve_snapshot_path(name).exists():
                return self.store.save_snapshot(name)
        raise FileExistsError("more than 1000 snapshots in one second")

    def load(self, name: str) -> Path:
        path = self.store.load_snapshot(name)
        self.short_term.reload()
        self.long_term.reload()
        return path

    def clear(self) -> None:
        self.store.clear()
        self.short_term.clear()
        self.long_term.clear()

    def close(self) -> None:
        self.store.close()
