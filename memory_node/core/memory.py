"""The memory as the server exposes it: one object that owns the store and the memories
and answers the requests the ROS services carry. The node converts messages to and from
these calls and does nothing else, so every rule here is tested without ROS.
"""

from __future__ import annotations

import math
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from memory_node.core.errors import NotFound
from memory_node.core.limits import LIMITS
from memory_node.core.persistence.store import MemoryStore, SchemaMismatch
from memory_node.core.scene_graph.config import SceneGraphConfig
from memory_node.core.scene_graph.graph import OBJECT
from memory_node.core.short_term import ShortTermMemory
from memory_node.core.units import (
    HELD_BY_ROBOT,
    ObjectMemoryUnit,
    check_finite_position,
    check_identifier,
    validate_unit,
)

MAX_QUERY_RESULTS = LIMITS.max_query_results


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

    def count(self, reason: str, n: int = 1) -> None:
        self.by_reason[reason] = self.by_reason.get(reason, 0) + n


class Memory:
    """Long- and short-term memory behind one SQLite file."""

    def __init__(self, config: MemoryConfig) -> None:
        self.config = config
        memory_dir = Path(config.memory_dir).expanduser().resolve()
        if "/" in config.database_file or config.database_file in ("", ".", ".."):
            raise ValueError(f"database_file {config.database_file!r} must be a plain file name")
        self.store = MemoryStore(memory_dir / config.database_file, durability=config.durability)
        try:
            self.short_term = ShortTermMemory(
                config.short_term_capacity, config.short_term_policy, self.store,
                seed=config.seed)
        except (TypeError, KeyError, sqlite3.DatabaseError) as exc:
            # Rows this code cannot read: a configuration problem (exit 2), not a crash
            # to restart in a loop.
            self.store.close()
            raise SchemaMismatch(f"{config.database_file}: unreadable object units: "
                                 f"{type(exc).__name__}: {exc}") from exc
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

    # -- update_object --------------------------------------------------------------------
    def upsert_object(self, unit: ObjectMemoryUnit) -> list[ObjectMemoryUnit]:
        unit = validate_unit(unit)
        receptacle = unit.receptacle_id
        if receptacle and receptacle != HELD_BY_ROBOT and not self.knows(receptacle):
            raise NotFound(f"receptacle_id {receptacle!r} names no remembered object")
        return self.short_term.upsert(unit)

    def knows(self, object_id: str) -> bool:
        """Whether `object_id` is an object the short- or the long-term memory holds."""
        if object_id in self.short_term:
            return True
        # The scene graph's object ids (the long-term module offers no lookup by id yet).
        return object_id in self.long_term.graph.nodes(OBJECT)

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
        """Replace the memory with snapshot `name`, all or nothing: the snapshot is copied,
        migrated and loaded into throw-away memories first, so a file this code cannot use
        is refused before anything changes."""
        prepared = self.store.prepare_snapshot(name)
        try:
            try:  # everything the live memories will read from it, read once here
                probe = ShortTermMemory(self.config.short_term_capacity,
                                        self.config.short_term_policy, prepared)
                from memory_node.core.long_term import LongTermMemory
                LongTermMemory(prepared, probe, self.long_term.config)
            except (ValueError, TypeError, KeyError, sqlite3.DatabaseError) as exc:
                raise SchemaMismatch(f"snapshot {name!r} holds data this code cannot "
                                     f"read: {type(exc).__name__}: {exc}") from exc
            previous = self.store.backup_in_memory()
            try:
                self.store.adopt(prepared)
                self.short_term.reload()
                self.long_term.reload()
            except BaseException:
                self.store.restore(previous)
                self.short_term.reload()
                self.long_term.reload()
                raise
            finally:
                previous.close()
        finally:
            prepared.discard()
        return self.store.resolve_snapshot_path(name)

    def clear(self) -> None:
        self.store.clear()
        self.short_term.clear()
        self.long_term.clear()

    def close(self) -> None:
        self.store.close()
