"""Round 26 (issue 11, part 4): a step reads the name rules only for the types its words
can name.

The lexical half asked ``name_match`` of every type present for every step it ranked
(~50 types at 10,000 units; most answer 0); a three-step per-subtask request was the
kind's p99 (bench/README_recall.md, round 25). ``NameIndex`` indexes the types present by
every word that can name them, once per set of types (when the set comes again), and a
step asks ``name_match`` only of the types its words reach; the others score what
``name_match`` would give them (PURPOSE or 0), so the answers are the same numbers.
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from recall_rooms import room

from memory_node.core.recall import recall as recall_module
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.names import name_match
from memory_node.core.recall.recall import Recaller

# Types of AI2-THOR rooms (kitchen, bathroom, living room, bedroom): compounds, parts,
# kinds WordNet knows by other names.
TYPES = ["Apple", "Fridge", "Mug", "Sink", "SinkBasin", "Faucet", "Plate", "Pot", "Pan",
         "Microwave", "StoveBurner", "StoveKnob", "Bowl", "CoffeeMachine", "Toaster",
         "Spatula", "Ladle", "Knife", "ButterKnife", "SaltShaker", "PepperShaker",
         "GarbageCan", "Cabinet", "CounterTop", "DishSponge", "SoapBottle", "Vase",
         "TVStand", "Television", "Sofa", "ArmChair", "CoffeeTable", "SideTable",
         "DeskLamp", "Desk", "Bed", "Pillow", "TowelHolder", "HandTowel", "ToiletPaper",
         "ToiletPaperHanger", "Toilet", "SoapBar", "Bathtub", "Kettle", "WineBottle",
         "Cup", "Newspaper", "RemoteControl", "Book"]

TEXTS = [
    "wash the mug in the sink",
    "put the flowers somewhere nice",           # a definition's noun (the vase)
    "flip the pancakes",                        # a purpose (the spatula)
    "put the soapbar by the tub",               # a compound written as one word
    "chuck the peel in the bin",                # a British word
    "switch on the telly",                      # an everyday name
    "put the kettle on the hob",
    "grab the pepper shaker, not the salt shaker",
    "put a new bar of - no, the liquid soap",   # a retraction
    "leave the book beside the stove",          # a place noun
    "heat the pot of soup",                     # a fixture of use
    "wipe the counter",                         # a verb's tools
    "throw away the newspaper",                 # a verb's matter (the bin)
    "put the cushelle roll on its holder",
    "tidy up",
    "bring me the thing on the night stand",    # a compound WordNet does not know
    "put the remote on the tv stand and the blue container on the coffee table",
    "make me a coffee",
    "xyzzy plugh",                              # nothing here
]


@pytest.fixture(scope="module")
def recaller(embedder: Embedder) -> Recaller:
    return Recaller(embedder)


def test_the_index_gives_name_match_of_every_type(recaller: Recaller) -> None:
    """The index's names equal ``name_match`` asked of every type, text by text."""
    names = list(TYPES)
    assert recaller._name_index(names) is None  # a set seen once: no index built
    index = recaller._name_index(names)
    assert index is not None
    assert index.same_terms(recaller._label_terms)
    reached = 0
    for text in TEXTS:
        q = recaller.query(text)
        every = {n: name_match(recaller.terms_for(n), q, recaller._purposes_for(n, q))
                 for n in names}
        assert index.names(q, recaller._purposes_for) == every, text
        reached += len(index.reachable(q))
    # Not every type every time: most texts reach a few.
    assert reached < len(TEXTS) * len(names) / 3


def test_a_step_asks_name_match_only_of_the_types_its_words_reach(
        recaller: Recaller, monkeypatch: pytest.MonkeyPatch) -> None:
    """On main's code the ranking asked ``name_match`` of all 50 types for each text."""
    asked: list[str] = []

    def counted(label, query, purposes=frozenset()):  # noqa: ANN001, ANN202
        asked.append(" ".join(label.words))
        return name_match(label, query, purposes)

    monkeypatch.setattr(recall_module, "name_match", counted)
    try:  # the index's module (absent on main's code)
        monkeypatch.setattr(importlib.import_module("memory_node.core.recall.name_index"),
                            "name_match", counted)
    except ModuleNotFoundError:
        pass
    units = room(TYPES)
    recaller.rank("put the apple in the fridge", units, 3)  # this set of types seen
    asked.clear()
    ranked = recaller.rank("wash the mug in the sink", units, 3)
    assert [r.unit.label for r in ranked][:2] == ["Mug", "Sink"]
    assert 0 < len(asked) < len(TYPES) / 2


def test_a_set_of_types_seen_once_builds_no_index(recaller: Recaller) -> None:
    """A step's few candidates (a set seen once) are read type by type; the keyed
    ranking's set, seen at every step, is kept among sets of other steps."""
    big = list(TYPES)
    recaller._name_index(big)
    assert recaller._name_index(big) is not None
    for i in range(40):  # many steps' pools, each its own set
        assert recaller._name_index(TYPES[i:i + 5]) is None
        assert recaller._name_index(big) is not None


def test_answers_are_the_same_as_reading_every_type(
        recaller: Recaller, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text's scores, arrays and top-k equal, bit for bit, those of a ranking whose
    index reaches every type (``name_match`` asked of each, as before)."""
    units = room(TYPES)

    def run() -> list:
        out = []
        for text in TEXTS:
            s = recaller.scored(text, units)
            top = recaller.rank(text, units, 5)
            out.append((s.total.tobytes(), s.lexical.label.tobytes(),
                        s.lexical.fixture.tobytes(), dict(s.lexical.implied),
                        [(r.unit.object_id, r.score, r.matched) for r in top]))
        return out

    fast = run()
    from memory_node.core.recall.name_index import NameIndex
    monkeypatch.setattr(NameIndex, "reachable", lambda self, q: set(self.terms))
    every = run()
    assert fast == every
    assert any(np.frombuffer(t[0]).max() > 1 for t in fast)  # some text names something


def test_the_index_is_rebuilt_when_a_types_terms_change(recaller: Recaller) -> None:
    """A recaller's memo of type names may be cleared (it is bounded) and rebuilt: the
    index then reads the new terms, never the old objects."""
    names = ["Mug", "Sink", "Apple"]
    recaller._name_index(names)
    first = recaller._name_index(names)
    assert first is not None
    assert recaller._name_index(names) is first
    recaller._label_terms.pop("Sink")
    second = recaller._name_index(names)
    assert second is not None and second is not first
    assert second.terms["Sink"] is recaller.terms_for("Sink")
