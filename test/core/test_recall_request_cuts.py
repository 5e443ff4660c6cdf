"""Round 81 (issue 11, part 4): a per-subtask request's Python work cut, answers the same.

Each cut is the same computation read in C or read once instead of twice; these tests hold
each one against the plain form it replaced: the answer's units copied by ``evolve`` (not
``dataclasses.replace``), ``has_refused_characters``' ``isprintable`` fast path, the unit
index's postings looked up once per word, ``NameIndex.reachable``'s sets joined in C,
``_place_words``' spans read by ``issuperset``, and the serialiser's ``_plan`` stopping
once no area left fits.
"""

from __future__ import annotations

import dataclasses
import sys
import unicodedata

import numpy as np
import pytest

from memory_node.core.recall import recall as recall_module
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.index import UnitIndex
from memory_node.core.recall.name_index import NameIndex
from memory_node.core.recall.recall import RankedUnit, Recaller
from memory_node.core.recall_memory import evolve
from memory_node.core.scene_graph import SceneGraph, SceneGraphSerialiser
from memory_node.core.tokens import count_tokens
from memory_node.core.units import ObjectMemoryUnit, has_refused_characters

REFUSED = frozenset({"Cc", "Cs", "Zl", "Zp"})
TYPES = ["Apple", "Fridge", "Mug", "Sink", "SinkBasin", "Faucet", "Plate", "Pot", "Pan",
         "StoveBurner", "StoveKnob", "CounterTop", "GarbageCan", "SoapBottle", "Vase",
         "TVStand", "Television", "Sofa", "CoffeeTable", "SideTable", "Desk", "TowelHolder",
         "HandTowel", "ToiletPaper", "ToiletPaperHanger", "Kettle", "RemoteControl", "Book"]
TEXTS = ["wash the mug in the sink", "put the flowers somewhere nice", "chuck the peel in the bin",
         "switch on the telly", "put the kettle on the hob", "leave the book beside the stove",
         "put the cushelle roll on its holder", "bring me the thing on the night stand",
         "put the remote on the tv stand and the blue container on the coffee table",
         "xyzzy plugh"]


# -- evolve: the answer's units copied -------------------------------------------------------
@pytest.mark.parametrize("cls", [ObjectMemoryUnit, RankedUnit])
def test_evolve_is_only_used_where_replace_would_run_no_code(cls: type) -> None:
    """``evolve`` skips ``__init__``: right only for a dataclass without ``__post_init__``
    and with every field set by ``__init__`` (what ``replace`` would then do)."""
    assert dataclasses.is_dataclass(cls)
    assert not hasattr(cls, "__post_init__")
    assert all(f.init for f in dataclasses.fields(cls))


def _unit() -> ObjectMemoryUnit:
    return ObjectMemoryUnit("Mug_1", "Mug", (1.0, 2.0, 0.9), state="dirty",
                            attributes={"colour": "red"}, first_seen=5.0, last_seen=7.0,
                            observation_count=3, revision=4)


def test_evolve_gives_what_replace_gives_and_leaves_the_original() -> None:
    unit = _unit()
    changed = {"attributes": {**unit.attributes, "recalled_as": "named"}}
    got = evolve(unit, **changed)
    want = dataclasses.replace(unit, **changed)
    assert got == want and type(got) is ObjectMemoryUnit
    assert got is not unit and unit.attributes == {"colour": "red"}
    # Every other field is the same object, as replace passes it on.
    for f in dataclasses.fields(unit):
        if f.name != "attributes":
            assert getattr(got, f.name) is getattr(unit, f.name)
    ranked = RankedUnit(unit, None, 0.5, 0.25, 0.25, ("mug",), named=True)  # type: ignore[arg-type]
    other = _unit()
    assert evolve(ranked, unit=other) == dataclasses.replace(ranked, unit=other)
    assert evolve(ranked, unit=other).unit is other and ranked.unit is unit


def test_evolve_sets_a_frozen_dataclass_field() -> None:
    @dataclasses.dataclass(frozen=True)
    class Frozen:
        a: int
        b: str = "x"

    f = Frozen(1)
    assert evolve(f, b="y") == dataclasses.replace(f, b="y") == Frozen(1, "y")
    assert f == Frozen(1)


# -- has_refused_characters' fast path -------------------------------------------------------
def _refused(value: str, multiline: bool) -> bool:
    """The plain rule, code point by code point."""
    return any(unicodedata.category(c) in REFUSED and not (multiline and c in "\n\t")
               for c in value)


def test_no_printable_code_point_is_refused_and_every_refused_one_is_caught() -> None:
    """The fast path answers False for a ``str.isprintable()`` text: no printable code
    point is in Cc, Cs, Zl or Zp. Read over all of Unicode, both forms."""
    for cp in range(sys.maxunicode + 1):
        c = chr(cp)
        if c.isprintable():
            assert unicodedata.category(c) not in REFUSED, hex(cp)
        for multiline in (False, True):
            assert has_refused_characters(c, multiline) == _refused(c, multiline), hex(cp)


@pytest.mark.parametrize("text", ["the red mug", "café crème", "", "a\tb", "line\nline",
                                  "bell\x07", "del\x7f", "c1\x85", "sep\u2028", "par\u2029",
                                  "surrogate\ud800", "nbsp\u00a0", "zwj\u200d", "日本語"])
def test_mixed_texts_answer_as_the_plain_rule(text: str) -> None:
    for multiline in (False, True):
        assert has_refused_characters(text, multiline) == _refused(text, multiline)


# -- the unit index's postings, looked up once -----------------------------------------------
def test_postings_give_rows_with_and_word_counts() -> None:
    rng = np.random.default_rng(3)
    vocab = [f"w{i}" for i in range(40)]
    index = UnitIndex(4)
    for i in range(300):
        index.put(f"U_{i}", "Mug", f"unit {i}",
                     frozenset(rng.choice(vocab, size=rng.integers(0, 6)).tolist()),
                     frozenset(rng.choice(vocab, size=rng.integers(0, 3)).tolist()))
    for i in range(0, 300, 7):
        index.remove(f"U_{i}")  # emptied postings are dropped, never kept empty
    index.put("U_7", "Mug", "unit 7 again", frozenset({"w1", "new"}), frozenset())
    for _ in range(50):
        said = rng.choice([*vocab, "absent", "new"], size=rng.integers(0, 12)).tolist()
        at = rng.choice([*vocab, "absent"], size=rng.integers(0, 5)).tolist()
        words, places = index.postings(said), index.postings(at, places=True)
        assert all(len(a) for a in [*words, *places])
        assert np.array_equal(index.counts(words), index.word_counts(said))
        assert np.array_equal(index.counts(places), index.word_counts(at, places=True))
        hit, want = index.rows_hit([*words, *places]), index.rows_with(said, at)
        assert (hit is None) == (want is None)
        if want is not None:
            assert np.array_equal(hit, want)


# -- NameIndex.reachable ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def recaller(embedder: Embedder) -> Recaller:
    return Recaller(embedder)


def _reachable_plain(index: NameIndex, query) -> set[str]:  # type: ignore[no-untyped-def]
    said = set(query.token_set)
    for v in query.variants:
        said.update(v)
    for g in query.grams:
        said.update(g)
    out = set(index._always)
    for w in said:
        out |= index._by_word.get(w, set())
    for w in query.gloss:
        out |= index._by_head.get(w, set())
    return out


def test_reachable_is_the_word_by_word_union(recaller: Recaller) -> None:
    index = NameIndex({t: recaller.terms_for(t) for t in TYPES})
    reached = 0
    for text in TEXTS:
        q = recaller.query(text)
        got = index.reachable(q)
        assert got == _reachable_plain(index, q)
        reached += len(got)
    assert reached  # the texts reach types: the comparison reads something


# -- _place_words ----------------------------------------------------------------------------
def test_place_words_read_spans_as_the_plain_rule(recaller: Recaller,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [*TEXTS, "leave the mug on the big hob", "put it beside the telly in the lounge",
             "take the pan off the cooker and put it in the sink", "the bin by the fridge"]
    got = [(recall_module._place_words(q.tokens, q.variants, q.origins, s))
           for q in map(recaller.query, texts) for s in (False, True)]

    def plain(tokens, variants=(), origins=(), sources=False):  # type: ignore[no-untyped-def]
        opens = (recall_module.PLACE_WORDS | recall_module.SOURCE_WORDS if sources
                 else recall_module.PLACE_WORDS)
        at, inside = set(), False
        for i, t in enumerate(tokens):
            if t in opens:
                inside = True
            elif t in recall_module.STOPWORDS and t not in recall_module.DETERMINERS:
                inside = False
            elif inside and t not in recall_module.DETERMINERS:
                at.add(i)
        out = {tokens[i] for i in at}
        for seq, origin in zip(variants, origins, strict=False):
            out.update(w for w, (lo, hi) in zip(seq, origin, strict=False)
                       if w not in recall_module.STOPWORDS
                       and all(j in at for j in range(lo, hi)))
        return frozenset(out)

    want = [plain(q.tokens, q.variants, q.origins, s)
            for q in map(recaller.query, texts) for s in (False, True)]
    assert got == want
    assert any(got)  # some text has a place phrase


# -- the serialiser's plan -------------------------------------------------------------------
def _house() -> SceneGraph:
    from memory_node.core.perception.observation import Observation
    rng = np.random.default_rng(11)
    g = SceneGraph()
    for x in np.arange(0, 20, 2.0):
        for y in (0.0, 2.5, 5.0):
            g.visit((x, y, 0.0), 0.0)
    labels = ["mug", "bowl", "apple", "book", "towel", "plate", "lamp", "fridge"]
    g.update([Observation.at(labels[i % len(labels)],
                             (rng.uniform(0, 20), rng.uniform(0, 5), rng.uniform(0, 1.5)), 1.0)
              for i in range(400)], stamp=1.0)
    return g


def test_the_plan_is_the_greedy_over_every_area() -> None:
    """``_plan`` stops once the least summary left cannot fit: the areas it keeps and
    expands are the plain greedy's (every area read), at every budget."""
    s = SceneGraphSerialiser(_house(), count_tokens)
    layout = s._layout()

    def plain(relevant: list[str], fixed: int, budget: int, mode: str):  # type: ignore[no-untyped-def]
        used, kept, expanded = fixed + 8, [], []
        for a in relevant:
            full = s._tokens(layout.fragments[a], mode, True)
            brief = s._tokens(layout.fragments[a], mode, False)
            if used + full <= budget:
                kept.append(a)
                expanded.append(a)
                used += full
            elif used + brief <= budget:
                kept.append(a)
                used += brief
        for a in [a for a in layout.nearest if a not in set(relevant)]:
            cost = s._tokens(layout.fragments[a], mode, False)
            if used + cost <= budget:
                kept.append(a)
                used += cost
        return kept, expanded

    stopped_early = 0
    for mode in ("text", "json"):
        for query in ([], ["lamp"], ["fridge", "area_3"], ["mug", "book", "towel"]):
            relevant = s._relevant_areas(query, layout)
            for budget in range(20, 1500, 7):
                got = s._plan(layout, relevant, 30, budget, mode)
                assert got == plain(relevant, 30, budget, mode), (mode, query, budget)
                stopped_early += len(got[0]) < len(layout.nearest)
    assert stopped_early  # budgets where not every area fits: the stop is read
