"""Python bytecode instructions executed on the calling thread while a block runs
(``sys.settrace`` with ``f_trace_opcodes``): a deterministic cost of Python code, used by
``cache_callgrind_r64.py --opcodes`` (round 70) and ``recall_split_joints_cpu_r65.py
--opcodes`` (round 72).

With ``OPCODE_COUNT_BY_FUNCTION=PREFIX`` in the environment (round 81, a diagnosis) every
block's bytecodes are also kept per function (self: the function's own frames), and the
process writes them at exit to ``PREFIX.<pid>.json`` (``"file:line name"`` -> count)."""

from __future__ import annotations

import atexit
import json
import os
import sys
from collections import Counter
from collections.abc import Callable
from types import FrameType, TracebackType
from typing import Any

from environment import with_environment


class OpcodeCount:
    """``with OpcodeCount() as c: ...``; then ``c.n`` is the block's bytecodes on this
    thread (every frame under it)."""

    def __init__(self) -> None:
        self.n = 0

    def _local(self, frame: FrameType, event: str, arg: Any) -> Callable[..., Any]:
        if event == "opcode":
            self.n += 1
        return self._local

    def _local_by_function(self, frame: FrameType, event: str,
                           arg: Any) -> Callable[..., Any]:
        if event == "opcode":
            self.n += 1
            BY_FUNCTION[frame.f_code] += 1
        return self._local_by_function

    def _enter(self, frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
        if frame.f_code is _EXIT:
            return None  # the counter's own way out is not the block's
        frame.f_trace_opcodes = True
        return self._local_by_function if _PREFIX else self._local

    def __enter__(self) -> OpcodeCount:
        self.n = 0
        sys.settrace(self._enter)
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        sys.settrace(None)


_EXIT = OpcodeCount.__exit__.__code__


_PREFIX = os.environ.get("OPCODE_COUNT_BY_FUNCTION", "")
BY_FUNCTION: Counter[Any] = Counter()


def _write_by_function() -> None:
    if BY_FUNCTION:
        rows = Counter({f"{c.co_filename}:{c.co_firstlineno} {c.co_qualname}": n
                        for c, n in BY_FUNCTION.items()})
        with open(f"{_PREFIX}.{os.getpid()}.json", "w", encoding="utf-8") as f:
            json.dump(with_environment({"self_bytecodes": dict(rows.most_common())}), f, indent=0)


if _PREFIX:
    atexit.register(_write_by_function)
