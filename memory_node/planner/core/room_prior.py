"""Which room to explore first for an object type memory has never seen: the kind of room
that usually holds the type first.

The likelihoods are learned, not listed: `bench/room_prior_fit.py` counts, over AI2-THOR
floor plans (alfworld's per-plan object lists; each plan is one room of a known kind), in
how many plans of each room kind a type occurs, and writes the counts to
`config/room_priors.json`. A type's likelihood in a kind is (plans of the kind holding it
+ 1) / (plans of the kind + 2) (Laplace's rule: a type never counted in a kind is unlikely
there, not impossible). Which fitted plans were used is written in the file.

A room is of a kind when the map names its kind so (map/places' kinds), or when every word
of the kind's name is a word of the room's name (`living_room`, `Living room 2`,
`livingRoom` are all living rooms); a room of no known kind
gets the type's likelihood pooled over every kind, and a type never counted gets the same
value in every room, so the memory's order stands where the counts say nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memory_node.core.config_files import config_path
from memory_node.core.recall.categories import type_key
from memory_node.core.recall.lexical import split_label

FORMAT = "memory_node-room-prior"
VERSION = 1


def default_prior_path() -> Path:
    return config_path("room_priors.json")


def _words(name: str) -> frozenset[str]:
    return frozenset(w for w in re.split(r"[^a-z]+", split_label(name)) if w)


@dataclass(frozen=True)
class RoomPrior:
    """Plans counted per room kind, and per type (type_key) the plans of each kind that
    hold it."""

    plans: dict[str, int]
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    source: str = "<dict>"

    @classmethod
    def load(cls, path: str | Path | None = None) -> RoomPrior:
        path = Path(path) if path else default_prior_path()
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        return cls.from_dict(data, source=str(path))

    @classmethod
    def from_dict(cls, data: Any, source: str = "<dict>") -> RoomPrior:
        if not isinstance(data, dict) or data.get("format") != FORMAT \
                or not isinstance(data.get("plans"), dict) \
                or not isinstance(data.get("types"), dict):
            raise ValueError(f"{source}: not a {FORMAT} file")
        plans = {str(k): int(v) for k, v in data["plans"].items() if int(v) > 0}
        counts: dict[str, dict[str, int]] = {}
        for name, per_kind in data["types"].items():
            if not isinstance(per_kind, dict):
                raise ValueError(f"{source}: {name}: expected room kind -> count")
            row = {str(k): int(v) for k, v in per_kind.items() if str(k) in plans}
            if any(v < 0 or v > plans[k] for k, v in row.items()):
                raise ValueError(f"{source}: {name}: a count outside 0..plans of its kind")
            counts[type_key(str(name))] = row
        return cls(plans, counts, source)

    def kind_of(self, room: str) -> str | None:
        """The room kind whose name's words are all in the room's name (the longest such
        name when several are)."""
        words = _words(room)
        fits = [k for k in self.plans if _words(k) and _words(k) <= words]
        return max(fits, key=lambda k: (len(_words(k)), k)) if fits else None

    def likelihood(self, object_type: str, room: str) -> float:
        """P(a room of this room's kind holds the type), smoothed; the pooled value for a
        room of no known kind; 0.5 for a type never counted."""
        row = self.counts.get(type_key(object_type))
        if row is None:
            return 0.5
        kind = self.kind_of(room)
        if kind is None:
            return (sum(row.values()) + 1) / (sum(self.plans.values()) + 2)
        return (row.get(kind, 0) + 1) / (self.plans[kind] + 2)

    def order(self, types: Sequence[str], rooms: Sequence[str],
              kinds: Mapping[str, str] | None = None) -> list[str]:
        """`rooms` most likely to hold one of `types` first (a room's likelihood is its
        best type's); equal likelihoods keep their order. `kinds`: a room's kind as the
        map names it (map/places' kinds), else the room's own name is read."""
        kinds = kinds or {}
        return sorted(rooms, key=lambda r: -max(
            (self.likelihood(t, kinds.get(r) or r) for t in types), default=0.5))
