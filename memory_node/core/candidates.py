"""The answer to "where is X?", shared by the label query, the free-text query and the
client library."""

from __future__ import annotations

from dataclasses import dataclass

from memory_node.core.limits import LIMITS

MAX_QUERY_RESULTS = LIMITS.max_query_results


@dataclass(frozen=True)
class ObjectCandidate:
    object_id: str
    label: str
    position: tuple[float, float, float]
    area_id: str
    source: str  # "short_term" | "long_term"
    confidence: float
    score: float
    last_seen: float
