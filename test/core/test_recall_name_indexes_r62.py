"""Round 62 (issue 11, part 4): two name-rule loops over every type present, per request,
read from indexes built once per set of types instead.

``place_nouns`` intersected every type's definition words (``LabelTerms.gloss``) with the
text's words, and ``place_noun_type`` scanned every type for one word; both now read
``TypeSet.by_gloss`` (word -> the types whose gloss holds it, in the set's order).
``NameIndex.names`` asked every type no word reaches for its purposes on every text with
verbs (``RecallConfig.purposes`` on; off by default); it now reads a purpose index
made on the first such text. Same answers: these
check the indexes against the loops they replace, and that the purposes are read once
per type, not once per type per request.
"""

from __future__ import annotations

import pytest
from test_name_index import TEXTS, TYPES

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.name_index import NameIndex
from memory_node.core.recall.names import PURPOSE, TypeSet, name_match, place_noun_type
from memory_node.core.recall.recall import RecallConfig, Recaller


@pytest.fixture(scope="module")
def r(embedder: Embedder) -> Recaller:
    return Recaller(embedder)


def test_by_gloss_holds_each_types_gloss_words_in_the_sets_order(r: Recaller) -> None:
    terms = {t: r.terms_for(t) for t in TYPES}
    ts = TypeSet(terms)
    by_gloss = ts.by_gloss
    every = {w for lt in terms.values() for w in lt.gloss}
    assert set(by_gloss) == every
    for w in every:
        assert list(by_gloss[w]) == [t for t, lt in terms.items() if w in lt.gloss]
    assert ts.by_gloss is by_gloss  # built once for the set


def test_place_noun_type_answers_alike_with_and_without_the_set(r: Recaller) -> None:
    """With a held set (the index) and without one (the loop over every type)."""
    lex = r._lexicon()
    terms = {t: r.terms_for(t) for t in TYPES}
    ts = TypeSet(terms)
    words = sorted({w for lt in terms.values() for w in lt.gloss}
                   | {"cupboard", "hob", "tub", "counter", "bin", "windowsill", "sill"})
    assert lex is None or words
    if lex is None:
        return
    seen_some = False
    for w in words:
        for defined in (False, True):
            a = place_noun_type(w, terms, ts, lex, defined, True, True, True)
            b = place_noun_type(w, terms, None, lex, defined, True, True, True)
            assert a == b, (w, defined)
            seen_some |= a is not None
    assert seen_some


def test_names_read_each_types_purposes_once_and_answer_as_name_match(
        embedder: Embedder) -> None:
    # Purposes are read only with RecallConfig.purposes on (off by default).
    r = Recaller(embedder, config=RecallConfig(purposes=True))
    names = list(TYPES)
    index = NameIndex({n: r.terms_for(n) for n in names})
    asked: list[str] = []

    def purposes_for(name: str, q):  # noqa: ANN001, ANN202
        asked.append(name)
        return r._purposes_for(name, q)

    purposed = 0
    with_verbs = sum(bool(r.query(t).verbs) for t in TEXTS)
    assert with_verbs >= len(TEXTS) // 2
    for text in TEXTS:
        q = r.query(text)
        every = {n: name_match(r.terms_for(n), q, r._purposes_for(n, q)) for n in names}
        got = index.names(q, purposes_for)
        assert got == every, text
        purposed += sum(v == PURPOSE for v in got.values())
    # Once per type for the index, then only the reached types' own name_match: before
    # round 62 every unreached type was asked again for every text with verbs.
    reached = sum(len(index.reachable(r.query(t))) for t in TEXTS)
    assert len(asked) <= len(names) + reached
    assert purposed > 0  # some text names a type by what it is for ("flip the pancakes")
