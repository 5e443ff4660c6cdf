"""Where to explore, in the memory's order: areas that hold what recall ranked high for the
instruction first (KARMA's "rank the areas"), then the long-term memory's other areas,
then the robot's named places that memory has not covered yet.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence

from .types import AreaView, UnitView

MAX_AREAS = 200
MAX_GRAPH_JSON_CHARS = 2_000_000


def areas_from_graph_json(text: str) -> list[AreaView]:
    """Areas of /memory/get_scene_graph's "json" answer (ids, positions, labels seen there).
    Malformed entries are skipped: the graph is memory's answer, not the planner's input."""
    if not text or len(text) > MAX_GRAPH_JSON_CHARS:
        return []
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return []
    out = []
    for a in (data.get("areas") if isinstance(data, dict) else None) or []:
        if not isinstance(a, dict) or not isinstance(a.get("id"), str) or not a["id"].strip():
            continue
        pos = a.get("position")
        position = None
        if isinstance(pos, list) and len(pos) >= 2 and all(
                isinstance(v, (int, float)) and math.isfinite(v) for v in pos[:3]):
            position = (float(pos[0]), float(pos[1]), float(pos[2]) if len(pos) > 2 else 0.0)
        labels = [o.get("label") for o in a.get("objects") or [] if isinstance(o, dict)]
        counts = a.get("object_counts")
        if isinstance(counts, dict):
            labels += list(counts)
        out.append(AreaView(a["id"].strip()[:128], position, "",
                            tuple(str(x) for x in labels if isinstance(x, str))))
        if len(out) >= MAX_AREAS:
            break
    return out


def units_from_graph_json(text: str) -> list[UnitView]:
    """Objects listed under the expanded areas of get_scene_graph's "json" answer."""
    if not text or len(text) > MAX_GRAPH_JSON_CHARS:
        return []
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return []
    out = []
    for a in (data.get("areas") if isinstance(data, dict) else None) or []:
        if not isinstance(a, dict) or not isinstance(a.get("id"), str):
            continue
        for o in a.get("objects") or []:
            if not isinstance(o, dict) or not isinstance(o.get("id"), str) \
                    or not isinstance(o.get("label"), str):
                continue
            pos = o.get("position")
            position = (0.0, 0.0, 0.0)
            if isinstance(pos, list) and len(pos) == 3 and all(
                    isinstance(v, (int, float)) and math.isfinite(v) for v in pos):
                position = (float(pos[0]), float(pos[1]), float(pos[2]))
            raw_state = o.get("state")
            state = raw_state if isinstance(raw_state, str) else "none"
            out.append(UnitView(o["id"][:128], o["label"][:128], position,
                                state[:32], a["id"][:128]))
    return out


def stamp_from_graph_json(text: str) -> float | None:
    """Memory's now in get_scene_graph's "json" answer (its "stamp": the newest frame's,
    on the sensors' clock), or None when it has none (no frame yet) or it is malformed."""
    if not text or len(text) > MAX_GRAPH_JSON_CHARS:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    stamp = data.get("stamp") if isinstance(data, dict) else None
    if isinstance(stamp, bool) or not isinstance(stamp, (int, float)) \
            or not math.isfinite(stamp):
        return None
    return float(stamp)


def rank_places(recalled: Sequence[UnitView], graph_areas: Sequence[AreaView],
                named: Sequence[AreaView], words: Sequence[str] = ()) -> list[AreaView]:
    """Exploration order: areas by the best recall score of a unit in them, then areas whose
    remembered labels match a word of the instruction, then the remaining memory areas in
    the memory's order, then named places not listed yet. A unit recall only filled a
    step's free slot with (`UnitView.filled`, below its relevance floor) ranks no area:
    a guess says nothing about where the instruction's things are."""
    by_id: dict[str, AreaView] = {}
    for a in [*graph_areas, *named]:
        by_id.setdefault(a.area_id, a)
    score: dict[str, float] = {}
    for u in recalled:
        if u.area_id and not u.filled:
            score[u.area_id] = max(score.get(u.area_id, -math.inf), u.score)
            by_id.setdefault(u.area_id, AreaView(u.area_id))
    lowered = {w.lower() for w in words if w}
    hits = {a.area_id for a in graph_areas if lowered & {x.lower() for x in a.labels}}
    order = sorted(score, key=lambda a: -score[a])
    order += [a.area_id for a in graph_areas if a.area_id in hits]
    order += [a.area_id for a in graph_areas]
    order += [a.area_id for a in named]
    return [by_id[a] for a in dict.fromkeys(order)][:MAX_AREAS]
