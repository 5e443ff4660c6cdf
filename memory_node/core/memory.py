"""The memory as the server exposes it: one object that owns the store and the memories
and answers the requests the ROS services carry. The node converts messages to and from
these calls and does nothing else, so every rule here is tested without ROS.

Built once from `MemorySettings` (after the node has read its parameters): the SQLite
store, the short-term memory, the long-term scene graph (loaded from the store once) and
recall (its model loads on first use or at the server's start-up).
"""

from __future__ import annotations

import math
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from memory_node.core.candidates import MAX_QUERY_RESULTS, ObjectCandidate
from memory_node.core.errors import Conflict, ErrorCode, InvalidArgument, NotFound
from memory_node.core.experience import ExperienceMemory, ExperienceSettings
from memory_node.core.limits import LIMITS
from memory_node.core.long_term import LongTermMemory
from memory_node.core.memory_settings import MemorySettings
from memory_node.core.persistence.store import MemoryStore, SchemaMismatch
from memory_node.core.recall.categories import CategoryTable, type_key
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall_memory import EpisodeSummary, RecallMemory
from memory_node.core.short_term import ShortTermMemory
from memory_node.core.units import (
    HELD_BY_ROBOT,
    ObjectMemoryUnit,
    check_finite_position,
    check_identifier,
    validate_unit,
)

MAX_GET_UNITS = LIMITS.max_get_units

__all__ = ["MAX_GET_UNITS", "MAX_QUERY_RESULTS", "Counters", "EpisodeSummary", "Memory",
           "ObjectCandidate", "UnitLookup"]


@dataclass
class Counters:
    """Requests rejected and messages dropped, by reason, for /memory/stats."""

    by_reason: dict[str, int] = field(default_factory=dict)

    def count(self, reason: str, n: int = 1) -> None:
        self.by_reason[reason] = self.by_reason.get(reason, 0) + n


@dataclass(frozen=True)
class UnitLookup:
    """One id of a get_units request: the unit, or why there is none."""

    object_id: str
    unit: ObjectMemoryUnit | None
    code: ErrorCode
    message: str = ""


class Memory:
    """Long- and short-term memory and recall behind one SQLite file."""

    def __init__(self, settings: MemorySettings | None = None,
                 embedder: Embedder | None = None) -> None:
        self.settings = settings = settings or MemorySettings()
        memory_dir = Path(settings.memory_dir).expanduser().resolve()
        self.store = MemoryStore(memory_dir / settings.database_file,
                                 durability=settings.durability,
                                 checkpoint_period_s=settings.checkpoint_period_s)
        try:
            self.short_term = ShortTermMemory(settings.short_term.capacity,
                                              settings.short_term.policy, self.store,
                                              seed=settings.seed,
                                              utility_weight=settings.short_term.utility_weight)
        except (TypeError, KeyError, sqlite3.DatabaseError) as exc:
            # Rows this code cannot read: a configuration problem (exit 2), not a crash
            # to restart in a loop.
            self.store.close()
            raise SchemaMismatch(f"{settings.database_file}: unreadable object units: "
                                 f"{type(exc).__name__}: {exc}") from exc
        self.counters = Counters()
        self.started_at = time.time()
        self.long_term = LongTermMemory(self.store, self.short_term, settings.scene_graph,
                                        settings.frame_id)
        table = CategoryTable.load()
        self.long_term.is_container = lambda label: type_key(label) in table.in_receptacles
        self.long_term.stands_alone = table.stands_alone
        self.recall = RecallMemory(self.short_term, settings.recall,
                                   long_term_text=self.long_term.scene_graph_text,
                                   embedder=embedder)
        self.recall.long_term_key = self.long_term.text_key
        # Skill outcomes also reach the scene graph (containment, skill-set states).
        self.recall.outcome_listener = self.long_term.apply_outcome_units
        self.recall.clock = self.long_term.sensor_time
        # An outcome may name an object only the scene graph holds (found by query_object).
        self.recall.unit_fallback = self.long_term.unit
        self.recall.removed_fallback = self.long_term.removed_unit
        # A put object stands where the robot set it down on the receptacle's box.
        self.recall.extent_of = self.long_term.extent
        self.recall.yaw_of = self.long_term.yaw
        self.recall.ids_near = self.long_term.ids_near
        # A part of a piece of furniture folded into the piece: outcomes naming it reach it.
        self.recall.current_id = self.long_term.current_id
        # Answers carry the graph's current evidence (observations, confirmed state).
        self.recall.evidence = self.long_term.with_evidence
        self.experience: ExperienceMemory | None = None  # attach_experience()

    # -- update_object --------------------------------------------------------------------
    def upsert_object(self, unit: ObjectMemoryUnit,
                      expected_revision: int | None = None) -> list[ObjectMemoryUnit]:
        """Store `unit`; with `expected_revision`, only if the stored unit still has that
        revision (0: only if there is none), else Conflict and nothing is written."""
        if expected_revision is not None:
            if isinstance(expected_revision, bool) or not isinstance(expected_revision, int) \
                    or expected_revision < 0:
                raise InvalidArgument(f"expected_revision must be a non-negative integer, "
                                      f"got {expected_revision!r}")
            stored = self.short_term.peek(unit.object_id.strip())
            current = stored.revision if stored is not None else 0
            if current != expected_revision:
                raise Conflict(f"{unit.object_id.strip()} is at revision {current}, not "
                               f"{expected_revision}: it changed since it was read")
        unit = validate_unit(unit)
        receptacle = unit.receptacle_id
        if receptacle and receptacle != HELD_BY_ROBOT and not self.knows(receptacle):
            raise NotFound(f"receptacle_id {receptacle!r} names no remembered object")
        return self.short_term.upsert(unit)

    def knows(self, object_id: str) -> bool:
        """Whether `object_id` is an object the short- or the long-term memory holds."""
        return object_id in self.short_term or self.long_term.unit(object_id) is not None

    def remove_object(self, object_id: str) -> ObjectMemoryUnit:
        return self.short_term.remove(object_id)

    # -- get_units --------------------------------------------------------------------------
    def get_units(self, object_ids: Sequence[str]) -> list[UnitLookup]:
        """Each id's unit (short-term first, then the scene graph), answered per id."""
        if len(object_ids) > MAX_GET_UNITS:
            raise InvalidArgument(f"{len(object_ids)} ids asked for (max {MAX_GET_UNITS})")
        out = []
        for raw in object_ids:
            try:
                object_id = check_identifier(raw, "object_id")
            except ValueError as exc:
                out.append(UnitLookup(str(raw)[:64], None, ErrorCode.INVALID_ARGUMENT,
                                      str(exc)))
                continue
            unit = self.short_term.peek(object_id)
            if unit is None:
                unit = self.long_term.unit(object_id)
            if unit is None:
                out.append(UnitLookup(object_id, None, ErrorCode.NOT_FOUND,
                                      f"no object {object_id!r} in memory"))
            else:
                (unit,) = self.long_term.with_evidence((unit,))
                out.append(UnitLookup(object_id, unit, ErrorCode.NONE))
        return out

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
        now = self.long_term.sensor_time()  # the clock last_seen is stamped on
        candidates = [self._candidate(u, near, now) for u in units]
        # Then what only the long-term memory (scene graph) still knows, same ranking.
        held = {u.object_id for u in units}
        for hit in self.long_term.find(label, near, max_results):
            if len(candidates) < max_results and hit.object_id not in held:
                candidates.append(self._candidate(ObjectMemoryUnit(
                    hit.object_id, hit.label, hit.position, area_id=hit.area_id,
                    confidence=hit.confidence, last_seen=hit.last_seen), near, now,
                    "long_term"))
        return candidates

    @staticmethod
    def _candidate(
        unit: ObjectMemoryUnit, near: tuple[float, float, float] | None, now: float,
        source: str = "short_term",
    ) -> ObjectCandidate:
        # Score: closeness when ranking by distance, else recency; both in (0, 1].
        if near is not None:
            score = 1.0 / (1.0 + math.dist(unit.position, near))
        else:
            score = 1.0 / (1.0 + max(0.0, now - unit.last_seen) / 3600.0)
        return ObjectCandidate(
            object_id=unit.object_id, label=unit.label, position=unit.position,
            area_id=unit.area_id, source=source, confidence=unit.confidence,
            score=score, last_seen=unit.last_seen,
        )

    # -- episodes ---------------------------------------------------------------------------
    def end_episode(self, episode_id: str, task_succeeded: bool = False,
                    reason: str = "") -> EpisodeSummary:
        return self.recall.end_episode(episode_id, task_succeeded, reason)

    # -- experience ---------------------------------------------------------------------------
    def attach_experience(self, settings: ExperienceSettings | None = None) -> ExperienceMemory:
        """Start learning from episodes: the experience memory (same SQLite file) hears
        every outcome and end of episode through recall's hooks and adds its knowledge to
        recall. Not attached, the memory behaves exactly as without it."""
        if self.experience is None:
            self.experience = ExperienceMemory(self.store, settings or ExperienceSettings())
            # Put records follow an object the scene graph joins to another.
            self.experience.joined_ids = self.long_term.joined_ids
            self.recall.observers.append(self.experience)
            self.recall.sources.append(self.experience)
            self.short_term.utility_of = self.experience.unit_utility
        return self.experience

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
                probe = ShortTermMemory(self.settings.short_term.capacity,
                                        self.settings.short_term.policy, prepared)
                LongTermMemory(prepared, probe, self.long_term.config)
                if self.experience is not None:
                    ExperienceMemory(prepared, self.experience.settings)
            except (ValueError, TypeError, KeyError, sqlite3.DatabaseError) as exc:
                raise SchemaMismatch(f"snapshot {name!r} holds data this code cannot "
                                     f"read: {type(exc).__name__}: {exc}") from exc
            previous = self.store.backup_in_memory()
            try:
                self.store.adopt(prepared)
                self._reload_all()
            except BaseException:
                self.store.restore(previous)
                self._reload_all()
                raise
            finally:
                previous.close()
        finally:
            prepared.discard()
        return self.store.resolve_snapshot_path(name)

    def _reload_all(self) -> None:
        self.short_term.reload()
        self.long_term.reload()
        if self.experience is not None:
            self.experience.reload()

    def clear(self) -> None:
        self.store.clear()
        self.short_term.clear()
        self.long_term.clear()
        if self.experience is not None:
            self.experience.reload()

    def close(self) -> None:
        self.store.close()
