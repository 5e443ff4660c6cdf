"""A failure whose traceback holds a frame without a line number is reported as any other.

CPython 3.11 gives a traceback entry `tb_lineno` None when its frame stood at an instruction
that has no line: a loop's back jump after an `if` without an else is one, and back jumps are
where the eval loop runs signal handlers, so pytest-timeout's SIGALRM can raise there (round
66: test_oracle_bounds at pytest-timeout's 300 s). pytest 9.2 then fails building the report
(`TracebackEntry.lineno` is `tb_lineno - 1`, also with `--tb=native`): an INTERNALERROR that
ends the session, and under xdist the failure can vanish from the counts with exit status 0.
The hook below gives each such entry the line of the nearest instruction before it that has
one (the function's first line if none does) before pytest formats the report; test/conftest.py
loads it, `-p traceback_lines` loads it in a pytest of its own."""

from __future__ import annotations

from builtins import BaseExceptionGroup  # a builtin since Python 3.11
from collections.abc import Generator
from types import CodeType, TracebackType

import pytest


def line_before(code: CodeType, lasti: int) -> int:
    """The line of the last instruction at or before byte offset `lasti` that has one; the
    code's first line if none has."""
    line = code.co_firstlineno
    for start, _end, lineno in code.co_lines():
        if start > lasti:
            break
        if lineno is not None:
            line = lineno
    return line


def with_lines(tb: TracebackType | None) -> TracebackType | None:
    """`tb` itself when every entry of its chain has a line number; else the same chain
    (frames, instructions) rebuilt with `line_before` for the entries without one."""
    entries = []
    while tb is not None:
        entries.append(tb)
        tb = tb.tb_next
    if all(entry.tb_lineno is not None for entry in entries):
        return entries[0] if entries else None
    rebuilt: TracebackType | None = None
    for entry in reversed(entries):
        lineno = entry.tb_lineno
        if lineno is None:
            lineno = line_before(entry.tb_frame.f_code, entry.tb_lasti)
        rebuilt = TracebackType(rebuilt, entry.tb_frame, entry.tb_lasti, lineno)
    return rebuilt


def fill_lines(exc: BaseException) -> bool:
    """Give every traceback of `exc`, its causes, contexts and group members the lines they
    lack (`with_lines`); whether any changed."""
    changed = False
    seen: set[int] = set()
    todo = [exc]
    while todo:
        e = todo.pop()
        if id(e) in seen:
            continue
        seen.add(id(e))
        tb = with_lines(e.__traceback__)
        if tb is not e.__traceback__:
            e.__traceback__ = tb
            changed = True
        todo.extend(x for x in (e.__cause__, e.__context__) if x is not None)
        if isinstance(e, BaseExceptionGroup):
            todo.extend(e.exceptions)
    return changed


@pytest.hookimpl(tryfirst=True, wrapper=True)
def pytest_runtest_makereport(item: pytest.Item,
                              call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport,
                                                                         pytest.TestReport]:
    """Before any report is built from `call` (setup, call or teardown)."""
    if call.excinfo is not None and fill_lines(call.excinfo.value):
        call.excinfo = pytest.ExceptionInfo.from_exception(call.excinfo.value)
    return (yield)
