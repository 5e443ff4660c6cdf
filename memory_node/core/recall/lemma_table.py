"""WordNet's lemma index as one hash table, built at set-up and read through ``mmap``.

A word new to a process costs recall a lemma lookup for each form ``morphy`` tries (most
of them misses), and each lookup was four binary searches, one per index file, ~17 Python
steps each: 40-50 % of what the instruction kind's first use of a word costs (round 40,
the p99 of its thread CPU). Parsing the whole index at start instead costs 0.3 s of CPU
and ~100 MB in every process. This table holds the same lines, grouped by lemma in
:data:`INDEX_POS` order, so a lookup is one hash and one or two probes, and opening it
costs an ``mmap`` and a checksum of the index files.

The file's name holds that checksum: a table is only ever read for the very files it was
built from, and set-up builds it again exactly when they change. Without a table (not
built, or built from other files) the lexicon searches the files as before.

    python -c 'import sys; from memory_node.core.recall.lemma_table import main
    sys.exit(main(sys.argv[1:]))' [--root DIR] [--out PATH] [--if-missing]
"""

from __future__ import annotations

import argparse
import mmap
import os
import struct
import sys
import time
import zlib
from collections.abc import Mapping, Sequence
from pathlib import Path

# nltk's order of the index files, which later files override (the lemma map's order).
INDEX_POS = ("adj", "adv", "noun", "verb")
FORMAT_VERSION = 1
_MAGIC = b"MNWNLEM" + bytes([FORMAT_VERSION])
_HEADER = struct.Struct("<8sIIQ")  # magic, buckets, lemmas, index checksum
_BUCKET = struct.Struct("<I")  # a record's offset in the file; 0: empty
_RECORD = struct.Struct("<HI")  # the lemma's length, its lines' length


def table_dir() -> Path:
    """Where set-up writes recall's derived tables: inside the active virtual environment
    (not share/memory_node, which the interfaces' CMake install owns)."""
    return Path(sys.prefix) / "share" / "memory_node_recall"


def index_checksum(files: Mapping[str, bytes]) -> int:
    """CRC-32 of the four index files in :data:`INDEX_POS` order (~1.6 ms for 6 MB)."""
    crc = 0
    for suffix in INDEX_POS:
        crc = zlib.crc32(files[suffix], crc)
    return crc


def table_path(files: Mapping[str, bytes], directory: str | Path | None = None) -> Path:
    return Path(directory or table_dir()) / (
        f"wordnet_lemmas_{index_checksum(files):08x}_v{FORMAT_VERSION}.bin")


def read_index_files(root: str | Path) -> dict[str, bytes]:
    return {suffix: (Path(root) / f"index.{suffix}").read_bytes() for suffix in INDEX_POS}


def build(files: Mapping[str, bytes], path: str | Path) -> Path:
    """Write the table of ``files`` to ``path`` (atomically: a reader never sees half)."""
    lines: dict[bytes, list[bytes]] = {}
    for suffix in INDEX_POS:
        for raw in files[suffix].split(b"\n"):
            # Licence lines start with spaces: their empty first token is no lemma.
            token = raw.split(b" ", 1)[0]
            if token:
                lines.setdefault(token, []).append(raw)
    buckets = 1 << max(4, (2 * len(lines) - 1).bit_length())  # load <= 0.5
    mask = buckets - 1
    table = [0] * buckets
    blob = bytearray()
    base = _HEADER.size + _BUCKET.size * buckets
    for key, group in lines.items():
        body = b"\n".join(group)
        h = zlib.crc32(key) & mask
        while table[h]:
            h = (h + 1) & mask
        table[h] = base + len(blob)
        blob += _RECORD.pack(len(key), len(body)) + key + body
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as fh:
        fh.write(_HEADER.pack(_MAGIC, buckets, len(lines), index_checksum(files)))
        fh.write(struct.pack(f"<{buckets}I", *table))
        fh.write(blob)
    os.replace(tmp, target)
    return target


class LemmaTable:
    """A built table, read through ``mmap``: :meth:`lines` gives a lemma's index lines."""

    def __init__(self, data: mmap.mmap, buckets: int) -> None:
        self._data = data
        self._mask = buckets - 1
        self._buckets = buckets

    @classmethod
    def open(cls, files: Mapping[str, bytes],
             directory: str | Path | None = None) -> LemmaTable | None:
        """The table built from exactly ``files``, or None (none built, or unreadable)."""
        path = table_path(files, directory)
        try:
            with open(path, "rb") as fh:
                data = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError):
            return None
        try:
            magic, buckets, _, checksum = _HEADER.unpack_from(data, 0)
        except struct.error:
            data.close()
            return None
        if (magic != _MAGIC or checksum != index_checksum(files) or buckets <= 0
                or buckets & (buckets - 1) or len(data) < _HEADER.size + 4 * buckets):
            data.close()
            return None
        return cls(data, buckets)

    def lines(self, lemma: bytes) -> bytes | None:
        """The lemma's index lines joined by newlines (one per file that has it, in
        :data:`INDEX_POS` order), or None when no index file has it. Raises
        ``struct.error`` / ``ValueError`` on a damaged file (callers fall back)."""
        data, mask = self._data, self._mask
        h = zlib.crc32(lemma) & mask
        for _ in range(self._buckets):
            (at,) = _BUCKET.unpack_from(data, _HEADER.size + 4 * h)
            if not at:
                return None
            n_key, n_body = _RECORD.unpack_from(data, at)
            start = at + _RECORD.size
            if n_key == len(lemma) and data[start:start + n_key] == lemma:
                return data[start + n_key:start + n_key + n_body]
            h = (h + 1) & mask
        return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default="/usr/share/wordnet", help="WordNet's files")
    parser.add_argument("--out", default="", help="table path (default: under the venv)")
    parser.add_argument("--if-missing", action="store_true",
                        help="do nothing when the table already exists (set-up's re-runs)")
    args = parser.parse_args(argv)
    if not (Path(args.root) / "index.noun").is_file():
        print(f"WordNet lemma table: no WordNet under {args.root}; nothing built")
        return 0
    files = read_index_files(args.root)
    target = Path(args.out) if args.out else table_path(files)
    if args.if_missing and target.is_file():
        print(f"WordNet lemma table: {target} (up to date)")
        return 0
    began = time.perf_counter()
    build(files, target)
    print(f"WordNet lemma table: {target} ({time.perf_counter() - began:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
