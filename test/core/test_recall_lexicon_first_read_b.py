"""A new word's first read, second cut (round 59, dds62): the same answers as before,
compared over WordNet itself.

* ``noun`` / ``verb`` of a lower-case word take the first of the forms ``_forms`` memoises
  (nltk's ``morphy`` is the first of its ``_morphy``): one run of nltk's rules and index
  checks per word and part of speech, not one for ``noun`` and another for ``is_noun``.
* ``hypernym_offsets`` is built from the parents' own sets, memoised per sense, and
  ``_has_hypernym`` (``holds_contents``) intersects it: a new word's walk stops at the
  first sense walked before, instead of reading every line to the root again.
* ``container_matter`` reads its container's definition from the data line (as
  ``gloss_nouns`` does), not from nltk's parse of the container's senses.
"""

from __future__ import annotations

import random

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.lexicon import HYPERNYM_POINTERS, Lexicon

pytestmark = needs_wordnet


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    lx = Lexicon()
    assert lx.load()
    return lx


def _index_lemmas(lex: Lexicon, name: str) -> list[str]:
    text = (lex.root / f"index.{name}").read_text(encoding="utf-8")
    return sorted({line.split(" ", 1)[0] for line in text.splitlines()
                   if line and not line.startswith(" ")})


def test_noun_and_verb_equal_nltks_morphy(lex: Lexicon) -> None:
    wn = lex._wn
    words = _index_lemmas(lex, "noun") + _index_lemmas(lex, "verb")
    rng = random.Random(4)
    sample = [w for w in rng.sample(words, 4000) if w.isalpha()]
    # inflected forms too: plurals, tenses, exception-list forms, and non-words
    sample += [w + suffix for w in sample[:800] for suffix in ("s", "es", "ed", "ing")]
    sample += ["knives", "geese", "went", "children", "mice", "better", "Cups", "Dishes"]
    for w in sample:
        for pos in ("n", "v"):
            ref = wn.morphy(w, pos)
            got = lex.noun(w) if pos == "n" else lex.verb(w)
            assert got == (ref or got), (w, pos)  # unknown: the fallback, as before
            if ref is None:
                fresh_fallback = Lexicon._morphy.__wrapped__(lex, w, pos)  # type: ignore[attr-defined]
                assert got == fresh_fallback


def test_noun_after_is_noun_runs_nltks_morphy_once() -> None:
    lx = Lexicon()
    assert lx.load()
    wn = lx._wn
    calls: list[tuple[str, str]] = []
    inner = wn._morphy

    def counting(form: str, pos: str, check_exceptions: bool = True) -> list[str]:
        calls.append((form, pos))
        return inner(form, pos, check_exceptions)

    wn._morphy = counting
    try:
        assert lx.is_noun("windowsills")
        assert lx.noun("windowsills") == "windowsill"
        assert lx.verb("scrubbed") == "scrub" and lx.is_verb("scrubbed")
    finally:
        del wn._morphy
    assert calls.count(("windowsills", "n")) == 1
    assert calls.count(("scrubbed", "v")) == 1


def test_hypernym_offsets_equal_the_plain_walk(lex: Lexicon) -> None:
    data = (lex.root / "data.noun").read_bytes()
    offsets = []
    at = 0
    while at < len(data):
        end = data.find(b"\n", at)
        end = len(data) if end < 0 else end
        if data[at:at + 1] != b" ":
            offsets.append(at)
        at = end + 1
    for off in offsets[::5]:
        assert lex.hypernym_offsets(off) == lex._walk_above(off), off
    assert len(offsets[::5]) > 15_000
    # the targets' test as the old walk answered it, both ways
    walked = 0
    for off in random.Random(6).sample(offsets, 2000):
        above = lex._walk_above(off)
        assert above is not None
        for targets in ({lex._offsets("container", "n")[0]}, set(random.Random(off).sample(
                offsets, 3)) | set(list(above)[:1])):
            old = _old_has_hypernym(lex, off, targets)
            assert lex._has_hypernym(off, targets) is old, off
            walked += bool(old)
    assert walked > 1000


def _old_has_hypernym(lex: Lexicon, offset: int, targets: set[int]) -> bool | None:
    seen: set[int] = set()
    todo = [offset]
    while todo:
        off = todo.pop()
        if off in seen:
            continue
        seen.add(off)
        parents = lex._pointers(off, HYPERNYM_POINTERS)
        if parents is None:
            return None
        if parents & targets:
            return True
        todo.extend(parents)
    return False


def test_hypernym_offsets_survive_a_cycle_of_pointers(lex: Lexicon,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # WordNet's nouns have no cycle; a damaged or edited file might: the plain walk answers
    lx = Lexicon()
    assert lx.load()
    real = lx._pointers

    def cyclic(offset: int, symbols: frozenset[str], pos: str = "n",
               target: str = "n") -> frozenset[int] | None:
        if offset in (1, 2):
            return frozenset({3 - offset})
        return real(offset, symbols, pos, target)

    monkeypatch.setattr(lx, "_pointers", cyclic)
    assert lx.hypernym_offsets(1) == frozenset({1, 2})
    assert lx._has_hypernym(1, {2}) is True


def _parsed_container_matter(lex: Lexicon, term: str) -> frozenset[str]:
    import re

    from memory_node.core.recall.lexicon import STOPWORDS

    if not lex.holds_contents(term):
        return frozenset()
    out: set[str] = set()
    for sense in lex._physical(term)[:1]:
        for w in re.findall(r"[a-z]+", sense.definition().lower()):
            if w in STOPWORDS:
                continue
            base = lex.verb(w)
            if base != w and lex.is_verb(base):
                out |= lex.verb_matter(base)
    return frozenset(out)


def test_container_matter_equals_nltks_parse(lex: Lexicon) -> None:
    nouns = _index_lemmas(lex, "noun")
    sample = random.Random(8).sample(nouns, 2500) + [
        "wastebasket", "garbage_can", "hamper", "bin", "bottle", "vase", "pot", "ashtray"]
    found = 0
    for w in sample:
        got = lex.container_matter(w)
        assert got == _parsed_container_matter(lex, w), w
        found += bool(got)
    assert found >= 3
    assert "rubbish" in lex.container_matter("wastebasket")


def test_container_matter_parses_no_sense_with_nltk() -> None:
    lx = Lexicon()
    assert lx.load()
    wn = lx._wn

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("nltk's sense parse on container_matter's path")

    wn._synset_from_pos_and_line = refuse
    try:
        assert "rubbish" in lx.container_matter("wastebasket")
    finally:
        del wn._synset_from_pos_and_line
