"""What the name rules read across every type present (issue 11, round 30): one
``TypeSet`` per set of types, kept by the ``Recaller`` and handed to every rule that reads
it (the words that name some type, the types of each head, the types whose definitions
hold a word), instead of a per-rule description index beside a module-level cache keyed
by the terms objects' ids. These check what it answers and when it is reused."""

from __future__ import annotations

from dataclasses import replace

from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import shared_lexicon
from memory_node.core.recall.names import TypeSet, type_set
from memory_node.core.recall.recall import Recaller

KITCHEN = ["Mug", "CoffeeMachine", "SinkBasin", "Faucet", "DishSponge", "Pot", "Pan"]


def _terms(r: Recaller) -> dict:
    return {t: r.terms_for(t) for t in KITCHEN}


def test_its_words_and_heads_are_every_types() -> None:
    terms = _terms(Recaller(Embedder()))
    ts = TypeSet(terms)
    for t, lt in terms.items():
        assert set(lt.words) <= ts.words
        assert lt.partial <= ts.words and lt.modifiers <= ts.words
        for h in lt.heads:
            assert t in ts.by_head[h]
    # A word of no type here is in neither.
    assert "giraffe" not in ts.words and "giraffe" not in ts.by_head


def test_named_words_are_every_types_name_head_partial_and_modifier_words() -> None:
    # What ``described`` keeps out of a description, built once per set (round 31: it
    # was rebuilt by every step at 10,000 units).
    terms = _terms(Recaller(Embedder()))
    ts = TypeSet(terms)
    assert ts.named_words == {w for lt in terms.values()
                              for w in (*lt.words, *lt.heads, *lt.partial, *lt.modifiers)}
    assert ts.named_words is ts.named_words
    # A full name's other words are not named words ("coffee" of "coffee machine" is).
    full_only = {w for lt in terms.values() for p in lt.full for w in p} - ts.named_words
    assert full_only <= ts.words and not full_only & ts.named_words


@needs_wordnet
def test_described_reads_the_same_with_a_kept_set_or_none() -> None:
    from memory_node.core.recall.names import described

    r = Recaller(Embedder())
    terms = _terms(r)
    q = r.query("the round deep thing we cook pasta in goes on the stove")
    names = dict.fromkeys(terms, 0.0)
    kept = TypeSet(terms)
    fresh = described(names, terms, q, shared_lexicon(), 2, 2)
    assert described(names, terms, q, shared_lexicon(), 2, 2, kept) == fresh
    assert kept._named_words is not None  # read from the kept set, not rebuilt
    assert fresh["Pot"] > 0.0


def test_it_is_reused_for_the_same_terms_and_rebuilt_otherwise() -> None:
    terms = _terms(Recaller(Embedder()))
    ts = TypeSet(terms)
    assert type_set(dict(terms), ts) is ts  # a copy of the same objects: the same set
    fewer = {t: lt for t, lt in terms.items() if t != "Pan"}
    assert type_set(fewer, ts) is not ts and "pan" not in type_set(fewer, ts).words
    reordered = dict(reversed(list(terms.items())))
    assert not ts.holds(reordered)
    # A type's terms rebuilt (WordNet loaded since): a new object, a new set.
    rebuilt = dict(terms, Mug=replace(terms["Mug"]))
    assert not ts.holds(rebuilt)
    assert type_set(rebuilt, None).holds(rebuilt)


@needs_wordnet
def test_definitions_index_the_types_that_hold_a_word() -> None:
    lex = shared_lexicon()
    terms = _terms(Recaller(Embedder()))
    defining = TypeSet(terms).defining(lex)
    for t in KITCHEN:
        lt = terms[t]
        for w in lex.description_words(" ".join(lt.words)):
            assert t in defining[w]


def test_the_recaller_keeps_one_per_set_of_types() -> None:
    r = Recaller(Embedder())
    r.names_in("wash the mug in the sink", KITCHEN)
    kept = r._type_set
    assert kept is not None and set(kept.terms) == set(KITCHEN)
    r.names_in("put the pan on the stove", KITCHEN)
    assert r._type_set is kept  # same types: not rebuilt per request
    r.names_in("wash the mug", KITCHEN[:3])
    assert r._type_set is not kept and set(r._type_set.terms) == set(KITCHEN[:3])
