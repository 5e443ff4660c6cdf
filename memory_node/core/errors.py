"""Typed failures: one error code per kind of failure, shared by the core, the nodes and
the client library.

`ErrorCode` has the values of `memory_node/msg/ErrorCode` (a test checks they agree). Core
code raises a `MemoryRequestError` subclass (or a plain ValueError / LookupError, which
count as INVALID_ARGUMENT / NOT_FOUND); the server answers with the code; `MemoryClient`
raises the same subclass again on the caller's side. Behaviour is decided on the code,
never on message text.
"""

from __future__ import annotations

from enum import IntEnum


class ErrorCode(IntEnum):
    NONE = 0
    INVALID_ARGUMENT = 1
    NOT_FOUND = 2
    PRECONDITION_FAILED = 3
    CONFLICT = 4
    TIMEOUT = 5
    UNAVAILABLE = 6
    INTERNAL = 7
    CANCELED = 8


class MemoryRequestError(Exception):
    """A request the memory (or a skill server) refused; `code` says why."""

    code: ErrorCode = ErrorCode.INTERNAL

    def __init__(self, message: str, code: ErrorCode | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = ErrorCode(code)

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else ""


class InvalidArgument(MemoryRequestError, ValueError):
    code = ErrorCode.INVALID_ARGUMENT


class NotFound(MemoryRequestError, LookupError):
    code = ErrorCode.NOT_FOUND


class PreconditionFailed(MemoryRequestError):
    code = ErrorCode.PRECONDITION_FAILED


class Conflict(MemoryRequestError):
    code = ErrorCode.CONFLICT


class Timeout(MemoryRequestError, TimeoutError):
    code = ErrorCode.TIMEOUT


class Unavailable(MemoryRequestError):
    code = ErrorCode.UNAVAILABLE


class InternalError(MemoryRequestError):
    code = ErrorCode.INTERNAL


class Canceled(MemoryRequestError):
    code = ErrorCode.CANCELED


_BY_CODE: dict[ErrorCode, type[MemoryRequestError]] = {
    cls.code: cls for cls in (InvalidArgument, NotFound, PreconditionFailed, Conflict,
                              Timeout, Unavailable, InternalError, Canceled)
}


def error_for(code: int, message: str) -> MemoryRequestError:
    """The exception that stands for `code` (an unknown code is INTERNAL)."""
    try:
        kind = ErrorCode(code)
    except ValueError:
        return InternalError(f"{message} (unknown error code {code})")
    return _BY_CODE.get(kind, InternalError)(message, kind)


def code_of(exc: BaseException) -> ErrorCode:
    """The code a server answers for an exception raised while serving a request."""
    if isinstance(exc, MemoryRequestError):
        return exc.code
    if isinstance(exc, (LookupError, FileNotFoundError)):
        return ErrorCode.NOT_FOUND
    if isinstance(exc, TimeoutError):
        return ErrorCode.TIMEOUT
    if isinstance(exc, (ValueError, TypeError, OverflowError)):
        return ErrorCode.INVALID_ARGUMENT
    return ErrorCode.INTERNAL
