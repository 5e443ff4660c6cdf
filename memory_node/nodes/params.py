"""Typed, ranged, described parameter declarations, taken from the core's settings
dataclasses (`memory_node.core.settings`): the dataclass is the one source of every default,
range and description; the YAML file only overrides."""

from __future__ import annotations

from typing import Any, TypeVar

from rcl_interfaces.msg import (
    FloatingPointRange,
    IntegerRange,
    ParameterDescriptor,
    ParameterType,
)
from rclpy.node import Node

from memory_node.core.settings import build_settings, iter_settings

_TYPES = {
    bool: ParameterType.PARAMETER_BOOL,
    int: ParameterType.PARAMETER_INTEGER,
    float: ParameterType.PARAMETER_DOUBLE,
    str: ParameterType.PARAMETER_STRING,
    tuple: ParameterType.PARAMETER_STRING_ARRAY,
}

S = TypeVar("S")


def declare(
    node: Node,
    name: str,
    default: Any,
    description: str,
    low: float | None = None,
    high: float | None = None,
    choices: tuple[str, ...] | None = None,
    read_only: bool = True,
) -> Any:
    """Declare one parameter and return its value, checked against range and choices."""
    kind = type(default)
    descriptor = ParameterDescriptor(
        name=name, type=_TYPES[kind], read_only=read_only,
        description=description + (f" One of: {', '.join(choices)}." if choices else ""),
    )
    if kind is int and low is not None and high is not None:
        descriptor.integer_range = [IntegerRange(from_value=int(low), to_value=int(high), step=1)]
    if kind is float and low is not None and high is not None:
        descriptor.floating_point_range = [
            FloatingPointRange(from_value=float(low), to_value=float(high), step=0.0)
        ]
    value = node.declare_parameter(
        name, list(default) if kind is tuple else default, descriptor).value
    if kind is tuple:
        value = tuple(value)
    if choices is not None:
        for v in value if kind is tuple else (value,):
            if v not in choices:
                raise ValueError(f"parameter {name}={v!r} is not one of {', '.join(choices)}")
    return value


def declare_settings(node: Node, cls: type[S], prefix: str = "") -> S:
    """Declare every setting of `cls` (sections as `name.`), under `prefix`, and return the
    settings built from the values the node was given."""
    values = {
        name: declare(node, prefix + name, default, info.description, info.low, info.high,
                      info.choices)
        for name, default, info in iter_settings(cls)
    }
    result: S = build_settings(cls, values)
    return result

