"""Set-up's maker of the table of the lexicon's answers (:mod:`.lexicon_answers`).

It reads SemCor's most tagged words as a request's lexical half reads a word it says (a
:class:`~memory_node.core.recall.recall.Recaller` over one unit of each known type) and
records every answer the lexicon's memoised methods computed; :mod:`.lexicon_answers` holds
the table's format and what a server reads. Apart from it because making the table needs
the recaller, which itself reads the table.

    python -c 'import sys; from memory_node.core.recall.lexicon_answers_build import main
    sys.exit(main(sys.argv[1:]))' [--out PATH] [--words N] [--inflected] [--if-missing]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.lexicon_answers import DEFAULT_WORDS, table_path, write


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
