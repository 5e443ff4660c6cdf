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

    python -c 'import sys; from memory_node.core.recall.lexicon_answers import main
    sys.exit(main(sys.argv[1:]))' [--out PATH] [--words N] [--if-missing]
"""

from __future__ import annotations

import argparse
import importlib.metadata
import io
import os
import pickle
import sys
import time
from collections.abc import Iterable, Iterator
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


def known_types() -> list[str]:
    """Every object type the package knows, as the type table spells it ("ButterKnife":
    a unit's label, which the type's words are read from), in the table's order."""
    from memory_node.core.config_files import load_yaml
    from memory_node.core.recall.categories import default_table_path

    with open(default_table_path(), encoding="utf-8") as fh:
        return [str(name) for name in load_yaml(fh)["types"]]


_VOWELS = frozenset("aeiou")
_SIBILANT_ENDINGS = ("s", "x", "z", "ch", "sh")


def _regular(word: str, pos: str) -> str:
    """English spelling's regular plural of a noun (``pos`` "n") or past form of a verb
    ("v"): the forms WordNet's own morphology takes apart, built the other way."""
    consonant_y = word.endswith("y") and len(word) > 1 and word[-2] not in _VOWELS
    if pos == "n":
        if word.endswith(_SIBILANT_ENDINGS):
            return word + "es"
        return word[:-1] + "ies" if consonant_y else word + "s"
    if word.endswith("e"):
        return word + "d"
    return word[:-1] + "ied" if consonant_y else word + "ed"


def irregular_forms(lex: Lexicon) -> dict[tuple[str, str], tuple[str, ...]]:
    """WordNet's exception lists turned round: (base, pos) -> its irregular forms
    ("knife", "n") -> ("knives",), ("take", "v") -> ("taken", "takes", "taking", "took")."""
    wn = lex._wn
    found: dict[tuple[str, str], set[str]] = {}
    for pos in ("n", "v"):
        for form, bases in getattr(wn, "_exception_map", {}).get(pos, {}).items():
            if form.isalpha():
                for base in bases:
                    found.setdefault((base, pos), set()).add(form)
    return {k: tuple(sorted(v)) for k, v in found.items()}


def inflections(lex: Lexicon, word: str,
                irregular: dict[tuple[str, str], tuple[str, ...]]) -> list[str]:
    """The plural (if ``word`` is a noun) and past forms (if a verb) a request may say
    instead of ``word``: the regular spelling and WordNet's irregular ones, each kept only
    when the lexicon's morphology takes it back to ``word`` (a real inflection of it)."""
    out: dict[str, None] = {}
    for pos in ("n", "v"):
        if word not in lex._forms(word, pos):
            continue
        for form in (_regular(word, pos), *irregular.get((word, pos), ())):
            if form != word and word in lex._forms(form, pos):
                out[form] = None
    return list(out)


class _Reader:
    """A request's lexical half (the hybrid ranking's ``_lexical_arrays``: the name rules,
    implied skills and fixtures, place words) over one unit of each of ``types``, reading
    one word at a time into ``lex.recording``."""

    def __init__(self, lex: Lexicon, types: list[str]) -> None:
        from memory_node.core.recall.embedder import Embedder
        from memory_node.core.recall.recall import RecallConfig, Recaller
        from memory_node.core.units import ObjectMemoryUnit

        if not lex.load():
            raise RuntimeError(lex.error or "WordNet unavailable")
        # The lexical half never calls the model; a recaller is made with one all the same.
        self.recaller = Recaller(Embedder(intra_op_threads=1), lexicon=lex,
                                 config=RecallConfig())
        lex.warm()
        lex.warm_verbs([s for s in self.recaller.skills.names
                        if self.recaller.skills.fixtures_for(s)])
        units = [ObjectMemoryUnit(object_id=f"type{i}", label=t, position=(0.0, 0.0, 0.0))
                 for i, t in enumerate(types)]
        _, self.rows = self.recaller._rows_for(units, None, None, None)

    def read(self, text: str) -> None:
        self.recaller._lexical_arrays(text, self.rows)
        self.recaller._query_terms.clear()  # a memo of whole texts: not the lexicon's


def build(lex: Lexicon, words: Iterable[str], types: list[str],
          inflected: bool = False) -> dict[tuple, Any]:
    """Read each word (and, ``inflected``, its plural and past forms: :func:`inflections`)
    as a request's lexical half reads a text over one unit of each of ``types``, and
    return every answer the lexicon's memoised methods computed meanwhile."""
    lex.recording = {}
    try:
        reader = _Reader(lex, types)
        irregular = irregular_forms(lex) if inflected else {}
        for word in dict.fromkeys(words):
            reader.read(word)
            for form in inflections(lex, word, irregular) if inflected else ():
                reader.read(form)
        return dict(lex.recording)
    finally:
        lex.recording = None


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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="", help="file to write (default: set-up's table)")
    ap.add_argument("--words", type=int, default=DEFAULT_WORDS)
    ap.add_argument("--inflected", action="store_true",
                    help="read each word's plural and past forms too (larger table)")
    ap.add_argument("--if-missing", action="store_true")
    args = ap.parse_args(argv)
    lex = Lexicon()
    if not lex.load():
        print(f"lexicon answers: skipped ({lex.error})")
        return 0
    path = Path(args.out) if args.out else table_path(lex)
    if args.if_missing and path.is_file():
        return 0
    t = time.process_time()
    answers = build(lex, lex.common_words(args.words), known_types(), args.inflected)
    write(answers, path)
    print(f"lexicon answers: {len(answers)} in {path} ({path.stat().st_size / 1e6:.1f} MB, "
          f"{time.process_time() - t:.1f} s of CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
