"""The lexicon's answers for common words and the known object types, made at set-up.

A word new to a server process costs its first request WordNet's reads: its senses, forms
and pointers, and then its relation to every type present and every skill verb (dozens of
lookups, ~0.1-0.3 ms each; round 72: more than half of the slowest whole-instruction
requests' CPU, round 74: most of the whole request's tail beside the model). Set-up reads
SemCor's most tagged words (:meth:`Lexicon.common_words`) as a request's lexical half
reads a word it says (:meth:`Recaller.names_in` against every type of
``config/object_categories.yaml``), records every answer the lexicon's memoised methods
computed meanwhile, and writes them here; a server loads the file after its preload (the
``wordnet-load`` thread, not in the restart's path) and its lexicon then reads them before
WordNet. The answers are the lexicon's own, for the same arguments: no recall differs.

The file's name holds a hash of the code that computes the answers and of the WordNet
files they were read from (with the British names' data): a table made by other code or
from other data is never read, and set-up makes it again exactly when either changes.

Set-up makes it with :mod:`.lexicon_answers_build` (which needs the recaller, so it is
not here: the recaller reads this module).
"""

from __future__ import annotations

import importlib.metadata
import io
import os
import pickle
import time
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from memory_node.core.recall import lexical, lexicon, regional
from memory_node.core.recall.lemma_table import table_dir
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.source_identity import files_hash, modules_hash

FORMAT_VERSION = 1
# The words set-up reads: SemCor's most tagged (2,000 are the start-up thread's
# `RecallConfig.warm_words`; the table reaches further, being paid once at set-up). Round
# 76 (bench/README_recall.md): of the lexicon keys the decision sets' texts read cold, 5,000
# words hold 24.0 % in 179,029 answers (~56 MB in a server), 2,000 words 14.8 % (75,744);
# each word's plural and past forms as well (`--inflected`) add 3.0-3.3 points for
# 50,000-106,000 more answers: less per answer than more words, and 5,000 words with them
# (285,351) would pass the 60 MB a server may grow. So plain words, 5,000.
DEFAULT_WORDS = 5_000
CHUNK = 2_000  # answers per pickled part (~2-4 ms to read)
_MAGIC = b"MNLEXANS" + bytes([FORMAT_VERSION])


@lru_cache(maxsize=1)
def code_version() -> str:
    """Hash of the source of what the lexicon's answers depend on (once per process)."""
    return modules_hash((lexicon, regional, lexical))


def data_version(lex: Lexicon) -> str:
    """The WordNet files' identity (names, sizes, modification times) and the British
    names' (breame's version, or off): what the answers are read from."""
    british = "off"
    if lex.regional_names.enabled:
        try:
            british = importlib.metadata.version("breame")
        except importlib.metadata.PackageNotFoundError:
            british = "absent"
    return files_hash(lex.root if lex.root is not None else Path("/nonexistent"), british)


def table_path(lex: Lexicon, directory: str | Path | None = None) -> Path:
    return Path(directory or table_dir()) / (
        f"lexicon_answers_{code_version()}_{data_version(lex)}_v{FORMAT_VERSION}.pickle")


class _Unpickler(pickle.Unpickler):
    """Plain data and the lexicon's sense records only: the file never names code."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) == ("builtins", "frozenset"):
            return frozenset
        if (module, name) == (lexicon.__name__, "_Sense"):
            return lexicon._Sense
        raise pickle.UnpicklingError(f"{module}.{name} is not in a lexicon answers table")


def chunks(lex: Lexicon, path: str | Path | None = None) -> Iterator[dict[tuple, Any]]:
    """The answers set-up made for this code and ``lex``'s data, a part at a time (each
    ~:data:`CHUNK` answers, a few ms to read), or none (no table, one made by other code
    or data; a damaged part ends the reading: the lexicon then reads WordNet)."""
    if not lex.available:
        return
    path = Path(path) if path else table_path(lex)
    try:
        raw = path.read_bytes()
    except OSError:
        return
    if not raw.startswith(_MAGIC):
        return
    stream = io.BytesIO(raw)
    stream.seek(len(_MAGIC))
    while stream.tell() < len(raw):
        try:
            part = _Unpickler(stream).load()
        except Exception:  # noqa: BLE001 - a damaged table costs time, never an answer
            return
        if not isinstance(part, dict):
            return
        yield part


def attach(lex: Lexicon, path: str | Path | None = None) -> int:
    """Load the table into ``lex`` (:meth:`Lexicon.use_answers`), a part at a time with
    the GIL handed on between parts, so a request on another thread waits at most one
    part's reading (whole, the file holds it ~0.1-0.3 s); returns how many answers. A
    request meanwhile reads WordNet for what is not there yet: the same answers."""
    answers: dict[tuple, Any] = {}
    for i, part in enumerate(chunks(lex, path)):
        if not i:
            lex.use_answers(answers)
        answers.update(part)
        time.sleep(0)
    return len(answers)


def write(answers: dict[tuple, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    items = list(answers.items())
    with open(tmp, "wb") as fh:
        fh.write(_MAGIC)
        for start in range(0, len(items), CHUNK):
            pickle.dump(dict(items[start:start + CHUNK]), fh,
                        protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(tmp, path)  # whole or absent: a reader never sees it half written
