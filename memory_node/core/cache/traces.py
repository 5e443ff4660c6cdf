"""Readers for public cache traces (as bundled with Caffeine's simulator).

* ``lirs``: text, one integer key per line; lines starting with ``*`` (and blank lines) are
  skipped.
* ``cache2k``: a stream of big-endian signed 32-bit keys.
* ``corda``: a stream of big-endian signed 64-bit keys.

Files may be plain, gzip or xz compressed (detected from their magic bytes, not the name).
"""

from __future__ import annotations

import gzip
import lzma
import sys
from array import array
from pathlib import Path

__all__ = ["TRACE_FORMATS", "detect_format", "read_trace", "trace_name"]

TRACE_FORMATS = ("lirs", "cache2k", "corda", "auto")


def _read_bytes(path: Path) -> bytes:
    with open(path, "rb") as fh:
        magic = fh.read(6)
    if magic[:2] == b"\x1f\x8b":
        with gzip.open(path, "rb") as fh:
            return fh.read()
    if magic == b"\xfd7zXZ\x00":
        with lzma.open(path, "rb") as fh:
            return fh.read()
    return path.read_bytes()


def _looks_textual(data: bytes) -> bool:
    """True if the head parses as LIRS: ASCII lines that are integers or ``*`` comments."""
    head = data[:4096]
    if not head:
        return True
    try:
        text = head.decode("ascii")
    except UnicodeDecodeError:
        return False
    lines = text.splitlines()
    if len(data) > len(head) and len(lines) > 1:
        lines = lines[:-1]  # the last line may be cut off mid-number
    for line in lines:
        line = line.strip()
        if not line or line.startswith("*"):
            continue
        if not line.lstrip("+-").isdigit():
            return False
    return True


def detect_format(path: str | Path, data: bytes | None = None) -> str:
    """Guess a trace's format. Text is ``lirs``. Binary key width cannot be told from the
    bytes, so a binary file is ``corda`` (64-bit) if its name contains "corda" and ``cache2k``
    (32-bit) otherwise; pass the format explicitly for other binary traces."""
    path = Path(path)
    if data is None:
        data = _read_bytes(path)
    if _looks_textual(data):
        return "lirs"
    if "corda" in path.name.lower():
        return "corda"
    return "cache2k"


def _ints(data: bytes, typecode: str, width: int, path: Path) -> list[int]:
    if len(data) % width:
        raise ValueError(
            f"{path}: {len(data)} bytes is not a whole number of {width}-byte keys"
        )
    arr = array(typecode)
    if arr.itemsize != width:
        raise RuntimeError(f"array typecode {typecode!r} is not {width} bytes on this platform")
    arr.frombytes(data)
    if sys.byteorder == "little":
        arr.byteswap()  # the files are big-endian
    return arr.tolist()


def read_trace(path: str | Path, fmt: str = "auto") -> list[int]:
    """Read every key of a trace file, in order.

    Raises:
        ValueError: unknown format, or content that does not parse as that format.
        FileNotFoundError: no such file.
    """
    path = Path(path)
    if fmt not in TRACE_FORMATS:
        raise ValueError(f"unknown trace format {fmt!r}; expected one of {TRACE_FORMATS}")
    data = _read_bytes(path)
    if fmt == "auto":
        fmt = detect_format(path, data)
    if fmt == "lirs":
        keys: list[int] = []
        append = keys.append
        for lineno, line in enumerate(data.splitlines(), 1):
            line = line.strip()
            if not line or line.startswith(b"*"):
                continue
            try:
                append(int(line))
            except ValueError:
                raise ValueError(f"{path}:{lineno}: not an integer key: {line[:40]!r}") from None
        return keys
    if fmt == "cache2k":
        return _ints(data, "i", 4, path)
    return _ints(data, "q", 8, path)


def trace_name(path: str | Path) -> str:
    """``loop.trace.gz`` -> ``loop``."""
    name = Path(path).name
    for suffix in (".gz", ".xz", ".trace"):
        name = name.removesuffix(suffix)
    return name
