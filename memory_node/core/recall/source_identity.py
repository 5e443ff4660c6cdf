"""Hashes that name what derived data was computed from: the code and the WordNet files.

Tables and rows that cache the lexicon's work (the type names in SQLite, the set-up table of
the lexicon's answers) are keyed by these, so data made by other code or from other files is
never read and is made again exactly when either changes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType


def modules_hash(modules: Iterable[ModuleType]) -> str:
    """A short hash of the modules' source files, in the order given."""
    h = hashlib.blake2b(digest_size=8)
    for module in modules:
        h.update(Path(module.__file__ or "").read_bytes())
    return h.hexdigest()


def files_hash(root: Path, extra: str = "") -> str:
    """A short hash of a directory's files' names, sizes and modification times (plus
    ``extra``): cheap, and it changes whenever a file is replaced."""
    h = hashlib.blake2b(digest_size=8)
    if root.is_dir():
        for f in sorted(root.iterdir()):
            if f.is_file():
                st = f.stat()
                h.update(f"{f.name}:{st.st_size}:{st.st_mtime_ns};".encode())
    if extra:
        h.update(extra.encode())
    return h.hexdigest()
