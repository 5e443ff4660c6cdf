"""The lexicon's per-word answers for every WordNet lemma, built once at set-up, read by index.

A word new to a process costs a request each of the lexicon's per-word readings of it
(its definition's nouns, synonyms, parents, the matter and tools of a verb, how often it
is a verb, ...): ~0.05-0.3 ms each, read from WordNet's data lines through memos that a
fresh server holds empty, so its first requests pay 2-3x the handler CPU of later ones
(round 63, dds66). This table holds, for every lemma of WordNet's index (not the words of
any instruction), the answers of :data:`METHODS` asked with the lemma alone, one row per
lemma (its non-empty answers as JSON) in a hash table read through ``mmap`` (as
lemma_table.py's), so a request's first reading of a lemma is one hash and a probe or two,
with the GIL held (format 1 was SQLite, whose every read released the GIL twice: round 64
measured whole-instruction wall p50 x1.23 with less handler CPU). Words that are no lemma
("knives", "grab_tissue") and calls with more arguments are computed as before.

The file's name holds the WordNet files' identity (names, sizes, modification times), the
hash of the code that computes the answers (lexicon.py, lexical.py, :data:`METHODS`,
:data:`FORMAT_VERSION`, which a change to how rows are written bumps) and nltk's version: a
table is only ever read by the code and data it was built from; otherwise (stale, missing
or unreadable) the lexicon reads WordNet as before. A word no lemma of the lexicon's index
is answered "no row" without the table (most words a request asks the table for: inflected
forms, joined pairs); a row is decoded per method when first asked.

    python -c 'import sys; from memory_node.core.recall.word_answers import main
    sys.exit(main(sys.argv[1:]))' [--root DIR] [--dir DIR] [--if-missing] [--limit N]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import mmap
import os
import struct
import sys
import time
import zlib
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memory_node.core.recall.lemma_table import INDEX_POS, table_dir

if TYPE_CHECKING:
    from memory_node.core.recall.lexicon import Lexicon

FORMAT_VERSION = 2
_MAGIC = b"MNWANS" + bytes([0, FORMAT_VERSION])
_HEADER = struct.Struct("<8sIII")  # magic, buckets, rows, the meta's length (JSON after it)
_BUCKET = struct.Struct("<I")  # a record's offset in the file; 0: empty
_RECORD = struct.Struct("<HI")  # the word's length, its row's length
# Lexicon methods whose answer is a function of one word (and of the WordNet data and the
# code) only, with their answer's kind: "set" (frozenset of str), "bool", "float". Not
# `regional` (breame's data), nor methods of two words or of a scene's units.
METHODS: dict[str, str] = {
    "gloss_nouns": "set", "description_words": "set", "container_matter": "set",
    "verb_matter": "set", "verb_tools": "set", "sibling_tools": "set",
    "sense_parents": "set", "synonyms": "set", "hyponym_names": "set",
    "hypernym_names": "set", "purposes": "set", "holds_contents": "bool",
    "is_size_word": "bool", "verb_share": "float",
}
_INDEX = {name: str(i) for i, name in enumerate(METHODS)}
_EMPTY: dict[str, object] = {"set": frozenset(), "bool": False, "float": 0.0}
MISSING = object()  # no row: the word was not built (no lemma); compute it
ENV_DIR = "MEMORY_NODE_WORD_ANSWERS_DIR"  # where the table is read and built (default: set-up's)
_ROW_MEMO = 20_000


@lru_cache(maxsize=1)
def code_version() -> str:
    """Hash of the code the answers come from (the lexicon's, the stored methods and the
    rows' format), and nltk's version (its reader parses the senses some answers walk)."""
    from memory_node.core.recall import lexical, lexicon

    h = hashlib.blake2b(digest_size=8)
    for module in (lexicon, lexical):
        h.update(Path(module.__file__ or "").read_bytes())
    h.update(repr((FORMAT_VERSION, sorted(METHODS.items()))).encode())
    # nltk's VERSION file, not ``nltk.__version__``: that runs nltk's whole ``__init__``
    # (~1 s of CPU at a server's start), which the lexicon's reader leaves out (round 32).
    spec = importlib.util.find_spec("nltk")
    folders = list(spec.submodule_search_locations or ()) if spec is not None else []
    try:
        h.update((Path(folders[0]) / "VERSION").read_bytes() if folders else b"no-nltk")
    except OSError:
        h.update(b"nltk-unknown")
    return h.hexdigest()


def wordnet_version(root: str | Path) -> str:
    """The WordNet files' identity: names, sizes and modification times."""
    h = hashlib.blake2b(digest_size=8)
    for f in sorted(Path(root).iterdir()):
        if f.is_file():
            st = f.stat()
            h.update(f"{f.name}:{st.st_size}:{st.st_mtime_ns};".encode())
    return h.hexdigest()


def answers_dir() -> Path:
    return Path(os.environ.get(ENV_DIR) or table_dir())


def answers_path(root: str | Path, directory: str | Path | None = None) -> Path:
    return Path(directory or answers_dir()) / (
        f"word_answers_{wordnet_version(root)}_{code_version()}_v{FORMAT_VERSION}.bin")


def encode(answers: dict[str, object]) -> str | None:
    """A lemma's row: its non-empty answers by method index; None when one is not of its
    method's kind (never stored: the word is then computed)."""
    out: dict[str, object] = {}
    for name, value in answers.items():
        kind = METHODS[name]
        if kind == "set":
            if not isinstance(value, frozenset) or not all(isinstance(v, str) for v in value):
                return None
            if value:
                out[_INDEX[name]] = sorted(value)
        elif kind == "bool":
            if type(value) is not bool:
                return None
            if value:
                out[_INDEX[name]] = True
        else:
            if type(value) is not float:
                return None
            if value != 0.0:
                out[_INDEX[name]] = value
    return json.dumps(out, separators=(",", ":"))


def _decode(name: str, value: object) -> object:
    """One method's answer from its row entry (None: the method's empty answer)."""
    kind = METHODS[name]
    if value is None:
        return _EMPTY[kind]
    if kind == "set":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ValueError(f"{name}: not a list of words")
        return frozenset(value)
    if kind == "bool":
        if value is not True:
            raise ValueError(f"{name}: not true")
        return True
    if type(value) not in (float, int) or isinstance(value, bool):
        raise ValueError(f"{name}: not a number")
    return float(value)  # type: ignore[arg-type]


class WordAnswers:
    """A built table, read per word: :meth:`answer` gives a method's stored answer or
    :data:`MISSING`."""

    def __init__(self, data: mmap.mmap, buckets: int,
                 known: Callable[[str], bool] | None = None) -> None:
        self._data = data
        self._buckets = buckets
        self._mask = buckets - 1
        self._base = 0
        self._known = known
        self._rows: dict[str, dict[str, object] | None] = {}
        self.reads = 0

    @classmethod
    def open(cls, root: str | Path, directory: str | Path | None = None,
             known: Callable[[str], bool] | None = None) -> WordAnswers | None:
        """The table built from ``root``'s WordNet by this code, or None (none built,
        another version's, or unreadable). ``known(key)``: whether ``key`` ("_" between
        words) is a lemma of the index (the lexicon's); a word it denies is not read."""
        try:
            path = answers_path(root, directory)
            if not path.is_file():
                return None
            with open(path, "rb") as fh:
                data = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError):
            return None
        try:
            magic, buckets, _, n_meta = _HEADER.unpack_from(data, 0)
            meta = json.loads(bytes(data[_HEADER.size:_HEADER.size + n_meta]))
            base = _HEADER.size + n_meta
            ok = (magic == _MAGIC and isinstance(meta, dict) and buckets > 0
                  and not buckets & (buckets - 1) and len(data) >= base + 4 * buckets
                  and meta.get("code") == code_version()
                  and meta.get("wordnet") == wordnet_version(root)
                  and meta.get("format") == FORMAT_VERSION)
        except (struct.error, ValueError, UnicodeDecodeError):
            ok = False
        if not ok:
            data.close()
            return None
        table = cls(data, buckets, known)
        table._base = base
        return table

    def _lookup(self, key: bytes) -> bytes | None:
        data, mask, base = self._data, self._mask, self._base
        h = zlib.crc32(key) & mask
        for _ in range(self._buckets):
            (at,) = _BUCKET.unpack_from(data, base + 4 * h)
            if not at:
                return None
            n_key, n_body = _RECORD.unpack_from(data, at)
            start = at + _RECORD.size
            if n_key == len(key) and data[start:start + n_key] == key:
                return data[start + n_key:start + n_key + n_body]
            h = (h + 1) & mask
        return None

    def _row(self, word: str) -> dict[str, object] | None:
        rows = self._rows
        if word in rows:
            return rows[word]
        row: dict[str, object] | None = None
        # Rows are lemmas with spaces between words: a word with "_" or one the index
        # lacks has none (no read).
        if "_" not in word and (self._known is None or self._known(word.replace(" ", "_"))):
            try:
                found = self._lookup(word.encode("utf-8"))
                if found is not None:
                    row = json.loads(found)
                    if not isinstance(row, dict):
                        row = None
            except (struct.error, ValueError, TypeError, IndexError):
                row = None  # a damaged row: computed, never a wrong answer
            self.reads += 1
        if len(rows) >= _ROW_MEMO:
            rows.clear()
        rows[word] = row
        return row

    def answer(self, method: str, word: str) -> object:
        row = self._row(word)
        if row is None:
            return MISSING
        try:
            return _decode(method, row.get(_INDEX[method]))
        except ValueError:
            return MISSING  # a damaged entry: computed


def write(rows: dict[str, str], path: str | Path, meta: dict[str, object]) -> Path:
    """Write ``rows`` (word -> its row's JSON) as a hash table with ``meta`` to ``path``
    (atomically: a reader never sees half)."""
    head = json.dumps(meta, sort_keys=True).encode()
    buckets = 1 << max(4, (2 * len(rows) - 1).bit_length())  # load <= 0.5
    mask = buckets - 1
    table = [0] * buckets
    blob = bytearray()
    base = _HEADER.size + len(head) + _BUCKET.size * buckets
    for word, body in rows.items():
        key, value = word.encode("utf-8"), body.encode("utf-8")
        h = zlib.crc32(key) & mask
        while table[h]:
            h = (h + 1) & mask
        table[h] = base + len(blob)
        blob += _RECORD.pack(len(key), len(value)) + key + value
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as fh:
        fh.write(_HEADER.pack(_MAGIC, buckets, len(rows), len(head)))
        fh.write(head)
        fh.write(struct.pack(f"<{buckets}I", *table))
        fh.write(blob)
    os.replace(tmp, target)
    return target


def stored(fn: Callable[..., Any]) -> Callable[..., Any]:
    """A :class:`~.lexicon.Lexicon` method of :data:`METHODS`: asked with one word, the
    lexicon's table answers when it holds the word; otherwise ``fn`` computes."""
    name = fn.__name__
    if name not in METHODS:
        raise ValueError(f"{name} is not a stored method")

    def read(self: Lexicon, *args: Any, **kwargs: Any) -> Any:
        table = self._answers
        if table is not None and len(args) == 1 and not kwargs and type(args[0]) is str:
            found = table.answer(name, args[0])
            if found is not MISSING:
                return found
        return fn(self, *args, **kwargs)

    read.__name__ = name
    read.__qualname__ = fn.__qualname__
    read.__doc__ = fn.__doc__
    read.__wrapped__ = fn  # type: ignore[attr-defined]
    return read


def lemmas(root: str | Path) -> list[str]:
    """Every lemma of WordNet's index files, as a request asks it: lower case, words
    separated by spaces."""
    out: set[str] = set()
    for suffix in INDEX_POS:
        with open(Path(root) / f"index.{suffix}", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith(" "):
                    continue  # the licence
                token = line.split(" ", 1)[0]
                if token:
                    out.add(token.lower().replace("_", " "))
    return sorted(out)


def compute(lex: Lexicon, word: str) -> dict[str, object]:
    """Every stored method's answer for ``word``, computed from WordNet (the lexicon's own
    table is not read)."""
    return {name: getattr(lex, name)(word) for name in METHODS}


def build(root: str | Path, path: str | Path, limit: int = 0,
          progress: Callable[[int, int], None] | None = None,
          words: Sequence[str] | None = None) -> tuple[Path, int]:
    """Write the table of ``root``'s lemmas (or of ``words``: tests) to ``path``
    (atomically). Returns the path and the rows written."""
    from memory_node.core.recall.lexicon import Lexicon

    lex = Lexicon(root, answers=False)
    if not lex.load():
        raise RuntimeError(lex.error)
    lex.warm()
    words = list(words) if words is not None else lemmas(root)
    if limit:
        words = words[:limit]
    rows: dict[str, str] = {}
    for i, word in enumerate(words):
        row = encode(compute(lex, word))
        if row is not None:
            rows[word] = row
        if progress is not None and ((i + 1) % 2000 == 0 or i == len(words) - 1):
            progress(i + 1, len(words))
    meta = {"format": FORMAT_VERSION, "code": code_version(),
            "wordnet": wordnet_version(root), "words": len(rows)}
    return write(rows, path, meta), len(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--root", default="/usr/share/wordnet", help="WordNet's files")
    parser.add_argument("--dir", default="", help=f"table directory (default: ${ENV_DIR} "
                        "or set-up's, under the venv)")
    parser.add_argument("--if-missing", action="store_true",
                        help="do nothing when the table already exists (set-up's re-runs)")
    parser.add_argument("--limit", type=int, default=0, help="the first N lemmas only (tests)")
    args = parser.parse_args(argv)
    if not (Path(args.root) / "index.noun").is_file():
        print(f"WordNet word answers: no WordNet under {args.root}; nothing built")
        return 0
    target = answers_path(args.root, args.dir or None)
    if args.if_missing and target.is_file():
        print(f"WordNet word answers: {target} (up to date)")
        return 0
    began = time.perf_counter()

    def progress(done: int, total: int) -> None:
        if done % 20_000 < 2000 or done == total:
            print(f"  {done}/{total} lemmas, {time.perf_counter() - began:.0f} s", flush=True)

    path, rows = build(args.root, target, args.limit, progress)
    print(f"WordNet word answers: {path} ({rows} lemmas, {path.stat().st_size / 1e6:.1f} MB, "
          f"{time.perf_counter() - began:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
