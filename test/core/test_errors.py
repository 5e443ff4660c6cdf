"""Error codes: one set of values for the core, the messages and the client."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from memory_node.core.errors import (
    Conflict,
    ErrorCode,
    InvalidArgument,
    NotFound,
    code_of,
    error_for,
)


def test_core_codes_equal_the_message_constants() -> None:
    text = (Path(__file__).resolve().parents[2] / "msg" / "ErrorCode.msg").read_text()
    constants = {m[1]: int(m[2]) for m in re.finditer(r"^uint16 (\w+)=(\d+)$", text, re.M)}
    assert constants == {c.name: c.value for c in ErrorCode}


def test_codes_round_trip_through_exceptions() -> None:
    for code in ErrorCode:
        if code is ErrorCode.NONE:
            continue
        exc = error_for(code, "why")
        assert exc.code is code and code_of(exc) is code and exc.message == "why"
    assert isinstance(error_for(ErrorCode.NOT_FOUND, "x"), NotFound)
    assert error_for(999, "x").code is ErrorCode.INTERNAL


@pytest.mark.parametrize("exc, code", [
    (ValueError("bad"), ErrorCode.INVALID_ARGUMENT),
    (InvalidArgument("bad"), ErrorCode.INVALID_ARGUMENT),
    (KeyError("x"), ErrorCode.NOT_FOUND),
    (FileNotFoundError("x"), ErrorCode.NOT_FOUND),
    (Conflict("x"), ErrorCode.CONFLICT),
    (RuntimeError("x"), ErrorCode.INTERNAL),
])
def test_plain_exceptions_map_to_codes(exc: Exception, code: ErrorCode) -> None:
    assert code_of(exc) is code
