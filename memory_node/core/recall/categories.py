"""The object type table (config/object_categories.yaml): categories, size, relation."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from memory_node.core.config_files import config_path, load_yaml
from memory_node.core.recall.lexical import split_label

SIZE_CLASSES = ("small", "medium", "large")
# Categories of things that stand in nothing (a drawer's box lies within its cabinet's).
STANDS_ALONE = frozenset({"furniture", "appliance", "fixture"})


def default_table_path() -> Path:
    return config_path("object_categories.yaml")


@lru_cache(maxsize=8192)  # per unit and per type on every index build; few distinct labels
def type_key(label: str) -> str:
    """Lookup key of a type name or label: 'Butter knife', 'ButterKnife' -> 'butterknife'."""
    return split_label(label).replace(" ", "")


@dataclass(frozen=True)
class TypeInfo:
    categories: tuple[str, ...] = ()
    size: str = ""


@dataclass
class CategoryTable:
    types: dict[str, TypeInfo] = field(default_factory=dict)
    small_max_m: float = 0.15
    medium_max_m: float = 0.6
    in_receptacles: frozenset[str] = frozenset()
    receptacles: frozenset[str] = frozenset()
    names: tuple[str, ...] = ()   # the types as the table spells them ("ButterKnife")

    @classmethod
    def load(cls, path: str | Path | None = None) -> CategoryTable:
        path = Path(path) if path else default_table_path()
        with open(path, encoding="utf-8") as fh:
            data = load_yaml(fh)
        return cls.from_dict(data, source=str(path))

    @classmethod
    def from_dict(cls, data: Any, source: str = "<dict>") -> CategoryTable:
        if not isinstance(data, dict) or not isinstance(data.get("types"), dict):
            raise ValueError(f"{source}: expected a mapping with a 'types' mapping")  # noqa: TRY004 - callers map ValueError to a rejected request
        types: dict[str, TypeInfo] = {}
        for name, entry in data["types"].items():
            entry = entry or {}
            size = str(entry.get("size", ""))
            if size and size not in SIZE_CLASSES:
                raise ValueError(f"{source}: {name}: size {size!r} not in {SIZE_CLASSES}")
            categories = tuple(str(c).lower() for c in entry.get("categories", []))
            types[type_key(str(name))] = TypeInfo(categories, size)
        thresholds = data.get("size_thresholds_m", {}) or {}
        return cls(
            types=types,
            small_max_m=float(thresholds.get("small", 0.15)),
            medium_max_m=float(thresholds.get("medium", 0.6)),
            in_receptacles=frozenset(type_key(str(t)) for t in data.get("in_receptacles", [])),
            receptacles=frozenset(type_key(str(t)) for t in data.get("receptacles", [])),
            names=tuple(str(name) for name in data["types"]),
        )

    def info(self, label: str) -> TypeInfo:
        return self.types.get(type_key(label), TypeInfo())

    def categories(self, label: str) -> tuple[str, ...]:
        return self.info(label).categories

    def size_from_extent(self, largest_dimension_m: float) -> str:
        if largest_dimension_m < self.small_max_m:
            return "small"
        if largest_dimension_m < self.medium_max_m:
            return "medium"
        return "large"

    def relation_for(self, receptacle_label: str) -> str:
        return "in" if type_key(receptacle_label) in self.in_receptacles else "on"

    def holds_objects(self, label: str) -> bool:
        """Can other objects go in or on a `label`? A type the table lists as neither a
        receptacle nor an in-receptacle cannot (a lettuce, a fork); a type the table does not
        know is not ruled out, nor is any type when the table lists no receptacles."""
        key = type_key(label)
        return (not self.receptacles or key not in self.types or key in self.receptacles
                or key in self.in_receptacles)

    def stands_alone(self, label: str) -> bool:
        """Does a `label` stand in nothing (furniture, an appliance, a fixture)?"""
        return bool(STANDS_ALONE.intersection(self.categories(label)))

    def all_categories(self) -> frozenset[str]:
        return frozenset(c for info in self.types.values() for c in info.categories)
