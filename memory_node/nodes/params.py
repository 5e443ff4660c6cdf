"""Typed, ranged, described parameter declarations."""

from __future__ import annotations

from typing import Any

from rcl_interfaces.msg import (
    FloatingPointRange,
    IntegerRange,
    ParameterDescriptor,
    ParameterType,
)
from rclpy.node import Node

_TYPES = {
    bool: ParameterType.PARAMETER_BOOL,
    int: ParameterType.PARAMETER_INTEGER,
    float: ParameterType.PARAMETER_DOUBLE,
    str: ParameterType.PARAMETER_STRING,
}


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
    value = node.declare_parameter(name, default, descriptor).value
    if choices is not None and value not in choices:
        raise ValueError(f"parameter {name}={value!r} is not one of {', '.join(choices)}")
    return value
