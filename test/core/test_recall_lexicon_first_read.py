"""A new word's first read without nltk's per-sense parse or its stream reader (round 59,
dds61): the same answers as nltk's path, compared over WordNet itself.

* nltk's ``synset_from_pos_and_offset`` read a sense's line by seek + readline on a shared
  stream reader that decodes 72 bytes at a time; the reader slices the line from the
  data file mapped once and parses it with nltk's own parser.
* ``hyponym_names`` (not household) and ``is_part_within`` read data lines' pointers,
  as ``sense_parents`` and ``part_wholes`` do; nltk parsed every sense of the word, of
  each kind below it and of each kind above the whole.
"""

from __future__ import annotations

import random

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.lexicon import Lexicon

pytestmark = needs_wordnet


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    lx = Lexicon()
    assert lx.load()
    return lx


def _nltk_line(lex: Lexicon, pos: str, offset: int) -> str | None:
    wn = lex._wn
    fh = wn._data_file(pos)
    fh.seek(offset)
    line = fh.readline()
    fh.seek(0)
    ok = line[:8].isalnum() and line[:8] == f"{'0' * (8 - len(str(offset)))}{offset}"
    return line if ok else None


def test_mapped_lines_are_nltks_lines(lex: Lexicon) -> None:
    wn = lex._wn
    checked = 0
    for pos in ("n", "v", "a", "s", "r"):
        name = wn._FILEMAP["a" if pos == "s" else pos]
        data = (lex.root / f"data.{name}").read_bytes()
        starts = [0]
        at = data.find(b"\n")
        while at >= 0:
            starts.append(at + 1)
            at = data.find(b"\n", at + 1)
        # every 7th line (the licence header's too), the file's edges and past them
        for offset in [*starts[::7], 1, 9, len(data) - 1, len(data), len(data) + 3]:
            assert wn._mapped_line(pos, offset) == _nltk_line(lex, pos, offset), (pos, offset)
            checked += 1
    assert checked > 15_000


def test_sense_reads_leave_nltks_stream_reader_closed() -> None:
    lx = Lexicon()
    assert lx.load()
    wn = lx._wn
    got = wn.synsets("windowsill", "n")
    assert got and got[0].name() == "windowsill.n.01"
    assert lx.hyponym_names("container") and lx.is_part_within("windowsill", "window")
    # every sense was read from the mapped file: nltk's shared reader never opened
    assert wn._data_file_map.get("n") is None


def test_synsets_equal_nltks_for_every_part_of_speech(lex: Lexicon) -> None:
    wn = lex._wn
    fresh = Lexicon()
    assert fresh.load()
    old = fresh._wn
    words = sorted({w for name in ("noun", "verb", "adj", "adv") for w in _index_lemmas(lex, name)})
    for w in random.Random(3).sample(words, 1500):
        for pos in ("n", "v", "a", "s", "r"):
            mine = wn.synsets(w, pos)
            for s in mine:
                # nltk's own path, on another reader with nothing cached
                ref = type(old).__mro__[1].synset_from_pos_and_offset(old, s.pos(), s.offset())
                assert ref is not None
                assert (s.name(), s.definition(), s.examples(), s.lemma_names(),
                        s.lexname(), sorted(s._pointers.items())) == \
                       (ref.name(), ref.definition(), ref.examples(), ref.lemma_names(),
                        ref.lexname(), sorted(ref._pointers.items())), (w, pos)


def _index_lemmas(lex: Lexicon, name: str) -> list[str]:
    """The lemmas of WordNet's index file ``index.<name>`` (no sense parsed to list them)."""
    text = (lex.root / f"index.{name}").read_text(encoding="utf-8")
    return sorted({line.split(" ", 1)[0] for line in text.splitlines()
                   if line and not line.startswith(" ")})


def _parsed_hyponym_names(lex: Lexicon, term: str) -> frozenset[str]:
    out: set[str] = set()
    for s in lex._physical(term):
        for h in s.hyponyms():
            out.update(n.lower().replace("_", " ") for n in h.lemma_names())
    return frozenset(out)


def _parsed_part_within(lex: Lexicon, part: str, whole: str) -> bool:
    p = lex._physical(part)[:1]
    w = lex._physical(whole)[:1]
    if not p or not w:
        return False
    kinds = {w[0]} | set(w[0].closure(lambda x: x.hypernyms()))
    near = set(p[0].part_holonyms())
    return bool((near | {g for h in near for g in h.part_holonyms()}) & kinds)


def test_hyponym_names_from_data_lines_equal_nltks_parse(lex: Lexicon) -> None:
    nouns = _index_lemmas(lex, "noun")
    sample = random.Random(5).sample(nouns, 3000) + ["container", "pan", "sill", "seat"]
    found = 0
    for w in sample:
        read = lex._hyponym_names_read(w)
        assert read == _parsed_hyponym_names(lex, w), w
        found += bool(read)
    assert found > 150  # both answers covered (202 of 3,004 have kinds)
    assert "frying pan" in lex.hyponym_names("pan")
    assert "windowsill" in lex.hyponym_names("sill")


def test_part_within_from_data_lines_equals_nltks_parse(lex: Lexicon) -> None:
    nouns = _index_lemmas(lex, "noun")
    rng = random.Random(9)
    pairs = 0
    positives = 0
    for w in rng.sample(nouns, 5000):
        p = lex._physical(w)[:1]
        if not p:
            continue
        for h in p[0].part_holonyms():
            related = (h.lemma_names()[:1] + [x.lemma_names()[0] for x in h.hypernyms()[:1]]
                       + [x.lemma_names()[0] for x in h.hyponyms()[:1]]
                       + [x.lemma_names()[0] for x in h.part_holonyms()[:1]]
                       + [rng.choice(nouns)])
            for whole in related:
                whole = whole.lower()
                got = lex._part_within_read(w, whole)
                assert got == _parsed_part_within(lex, w, whole), (w, whole)
                pairs += 1
                positives += bool(got)
    assert pairs > 500 and positives > 100
    assert lex.is_part_within("windowsill", "window")
    assert not lex.is_part_within("bedroom", "bed")
