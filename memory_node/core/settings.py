"""Settings: every default, type, range and description once.

A settings class is a frozen dataclass whose fields are made with `setting(...)` (a value
with its description and bounds) or `section(Cls)` (a nested settings class). The nodes
declare their ROS parameters from these fields (`memory_node.nodes.params.declare_settings`:
name = the field path, e.g. `short_term.capacity`), the YAML file only overrides, and the
same bounds are checked when the core is used without ROS (`check_settings` in each class's
`__post_init__`). Nothing else states a default.
"""

from __future__ import annotations

import dataclasses
import math
import typing
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

_META = "memory_node.setting"


@dataclass(frozen=True)
class SettingInfo:
    description: str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] | None = None


def setting(default: Any, description: str, low: float | None = None,
            high: float | None = None, choices: tuple[str, ...] | None = None) -> Any:
    """A field with its default, description and bounds (inclusive)."""
    info = SettingInfo(description, low, high, tuple(choices) if choices else None)
    if isinstance(default, (list, set, frozenset)):
        value = tuple(default)
        return field(default=value, metadata={_META: info})
    return field(default=default, metadata={_META: info})


def section(cls: type) -> Any:
    """A nested settings class (its fields are declared under `<name>.`)."""
    return field(default_factory=cls, metadata={_META: "section"})


def info_of(f: dataclasses.Field[Any]) -> SettingInfo | None:
    meta = f.metadata.get(_META)
    return meta if isinstance(meta, SettingInfo) else None


def is_section(f: dataclasses.Field[Any]) -> bool:
    return f.metadata.get(_META) == "section"


def section_type(cls: type, f: dataclasses.Field[Any]) -> type:
    hint = typing.get_type_hints(cls)[f.name]
    if not dataclasses.is_dataclass(hint):
        raise TypeError(f"{cls.__name__}.{f.name} is a section but not a dataclass")
    return typing.cast(type, hint)


def iter_settings(cls: type, prefix: str = "") -> Iterator[tuple[str, Any, SettingInfo]]:
    """(parameter name, default, info) of every setting of `cls`, sections flattened."""
    for f in dataclasses.fields(cls):
        if is_section(f):
            yield from iter_settings(section_type(cls, f), f"{prefix}{f.name}.")
        elif (info := info_of(f)) is not None:
            yield prefix + f.name, f.default, info


def check_settings(obj: Any) -> None:
    """ValueError naming the first field outside its range or choices."""
    where = type(obj).__name__
    for f in dataclasses.fields(obj):
        info = info_of(f)
        if info is None:
            continue
        value = getattr(obj, f.name)
        if info.choices is not None:
            values = value if isinstance(value, (tuple, frozenset)) else (value,)
            bad = [v for v in values if v not in info.choices]
            if bad:
                raise ValueError(f"{where}.{f.name}: {bad[0]!r} is not one of "
                                 f"{', '.join(info.choices)}")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"{where}.{f.name} is not finite ({value})")
        if info.low is not None and value < info.low:
            raise ValueError(f"{where}.{f.name}={value} is below {info.low}")
        if info.high is not None and value > info.high:
            raise ValueError(f"{where}.{f.name}={value} is above {info.high}")


def build_settings(cls: type, values: dict[str, Any], prefix: str = "") -> Any:
    """An instance of `cls` from flat parameter values (`{"short_term.capacity": 5}`);
    missing names keep their defaults. Unknown names are the caller's business."""
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        name = prefix + f.name
        if is_section(f):
            kwargs[f.name] = build_settings(section_type(cls, f), values, name + ".")
        elif info_of(f) is not None and name in values:
            value = values[name]
            if isinstance(f.default, tuple) and isinstance(value, (list, tuple)):
                value = tuple(value)
            elif isinstance(f.default, float) and isinstance(value, int) \
                    and not isinstance(value, bool):
                value = float(value)
            kwargs[f.name] = value
    return cls(**kwargs)
