"""A failing test whose traceback holds a frame without a line number is reported as failed,
not a crashed session (test/traceback_lines.py; round 66's INTERNALERROR at load)."""

from __future__ import annotations

import dis
import os
import subprocess
import sys
from collections.abc import Generator
from pathlib import Path
from types import GeneratorType, TracebackType

from traceback_lines import line_before, with_lines

TEST_DIR = Path(__file__).resolve().parents[1]

# Two routes to a line-less entry, and a test after them that must still run.
FAILING = '''
import dis
import types

import pytest


def _spin():
    n = 0
    flag = False
    for _ in iter(int, 1):
        if flag:
            n += 1   # line 13: the back jump after it has no line; SIGALRM's handler runs there


def _paused():
    n = 0
    flag = False
    for _ in range(2):
        yield
        if flag:
            n += 1   # line 22


@pytest.mark.timeout(1)
def test_a_timeout_that_lands_where_no_line_is():
    _spin()


def test_a_raise_from_a_frame_without_a_line():
    gen = _paused()
    next(gen)
    lasti = next(i.offset for i in dis.get_instructions(gen.gi_code)
                 if i.opname == "JUMP_BACKWARD" and i.positions.lineno is None)
    tb = types.TracebackType(None, gen.gi_frame, lasti, -1)
    assert tb.tb_lineno is None
    raise AssertionError("no line here").with_traceback(tb)


def test_after_them():
    assert True
'''


def _paused() -> Generator[None, None, None]:
    n = 0
    flag = False
    for _ in range(2):
        yield
        if flag:
            n += 1


def _lineless(gen: Generator[None, None, None]) -> tuple[TracebackType, int]:
    """A traceback entry of `gen`'s frame at its back jump (no line), and that offset."""
    assert isinstance(gen, GeneratorType) and gen.gi_frame is not None
    lasti = next(i.offset for i in dis.get_instructions(gen.gi_code)
                 if i.opname == "JUMP_BACKWARD" and i.positions is not None
                 and i.positions.lineno is None)
    return TracebackType(None, gen.gi_frame, lasti, -1), lasti


def test_an_entry_without_a_line_gets_the_line_before_it() -> None:
    gen = _paused()
    next(gen)
    tb, lasti = _lineless(gen)
    assert tb.tb_lineno is None
    fixed = with_lines(tb)
    assert fixed is not None and fixed is not tb
    increment = _paused.__code__.co_firstlineno + 6   # `n += 1`
    assert fixed.tb_lineno == line_before(_paused.__code__, lasti) == increment
    assert (fixed.tb_frame, fixed.tb_lasti, fixed.tb_next) == (tb.tb_frame, lasti, None)


def test_a_traceback_with_every_line_is_kept_as_it_is() -> None:
    try:
        raise ValueError("x")
    except ValueError as exc:
        tb = exc.__traceback__
    assert tb is not None and tb.tb_lineno is not None
    assert with_lines(tb) is tb
    assert with_lines(None) is None


def test_a_failure_without_a_line_is_reported_and_the_session_goes_on(tmp_path: Path) -> None:
    """pytest 9.2 alone: INTERNALERROR, exit status 3, the third test never runs."""
    (tmp_path / "test_lineless.py").write_text(FAILING)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(TEST_DIR), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:dash", "-p", "no:cacheprovider",
         "-p", "traceback_lines", "-q", "-n", "0", "--rootdir", str(tmp_path),
         "test_lineless.py"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    out = done.stdout + done.stderr
    assert "INTERNALERROR" not in out, out[-3000:]
    assert done.returncode == 1, out[-3000:]
    assert "2 failed, 1 passed" in out, out[-3000:]
    # Each failure at the line before the line-less back jump.
    assert "test_lineless.py:13: Failed" in out, out[-3000:]
    assert "test_lineless.py:22: AssertionError" in out, out[-3000:]
