"""Round 52 (issue 11): a type's names leave out a sense of its name that WordNet files
under another field.

WordNet's first physical sense of "plate" is baseball's home plate ("(baseball) base
consisting of a rubber slab ..."): its names ("home", "home base") became full names of
the plate and its parent ("base, bag") partial ones. "the kids' bottle in the sink to
soak, it's been in a bag since Friday" (blind 40 r05/3) ranked the plate, named outright
by "bag", before the faucet the soak implies; "then they go home to the cupboard" (blind
6 g27/1) ranked it before the bowls "they" are. A sense with a topic domain that is not
the thing itself is that field's thing: the television's domain, "television", is its own
and stays."""

from __future__ import annotations

from pathlib import Path

import pytest
from recall_rooms import room, top_types
from wordnet_data import needs_wordnet

from memory_node.core.persistence.store import MemoryStore
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import label_terms
from memory_node.core.recall.recall import RecallConfig, Recaller

KITCHEN = ["Bottle", "Sink", "Faucet", "Plate", "Cabinet", "Bowl", "CounterTop", "Kettle",
           "WineBottle", "Fridge"]


@needs_wordnet
def test_the_plate_is_not_named_by_baseball(lex: Lexicon) -> None:
    off = label_terms("Plate", lex)
    on = label_terms("Plate", lex, household=True)
    assert ("home",) in off.full and {"base", "bag"} <= off.partial
    assert not {("home",), ("home", "base"), ("home", "plate")} & on.full
    assert not {"base", "bag", "home"} & (on.partial | on.modifiers)
    assert ("plate",) in on.full


@needs_wordnet
@pytest.mark.parametrize("label", ["Television", "Mug", "GarbageCan", "Sofa", "Faucet"])
def test_a_field_that_is_the_thing_itself_stays(lex: Lexicon, label: str) -> None:
    # Television's senses are filed under "television": its own word. The others have
    # no sense under a field: their names are the same either way.
    assert label_terms(label, lex, household=True) == label_terms(label, lex)


@needs_wordnet
@pytest.mark.parametrize(("text", "wanted", "plate_off"), [
    ("the kids' bottle in the sink to soak, it's been in a bag since Friday.",
     {"Bottle", "Sink", "Faucet"}, True),
    ("then they go home to the cupboard", {"Cabinet"}, True),
    ("the kettle must be full, fill it at the tap and put on its base.", {"Faucet"}, True),
])
def test_the_plate_leaves_the_slot(embedder: Embedder, text: str, wanted: set[str],
                                   plate_off: bool) -> None:
    units = room(KITCHEN)
    on = top_types(embedder, text, units, 3, household_senses=True)
    off = top_types(embedder, text, units, 3, household_senses=False)
    assert wanted <= set(on) and "Plate" not in on
    assert ("Plate" in off) is plate_off


@needs_wordnet
def test_a_plate_said_is_still_named(embedder: Embedder) -> None:
    units = room(KITCHEN)
    assert top_types(embedder, "put the plate in the cabinet", units, 2,
                     household_senses=True) == ["Plate", "Cabinet"]


@needs_wordnet
def test_stored_names_are_kept_apart_per_reading(tmp_path: Path, embedder: Embedder) -> None:
    # Names stored by a recaller reading every sense are not read by one that leaves
    # the fields out (nor the other way round): the two differ for the plate.
    store = MemoryStore(tmp_path / "memory.db")
    every = Recaller(embedder, config=RecallConfig(household_senses=False), terms_db=store)
    assert every.prefetch_terms(["Plate"]) == 1
    assert ("home",) in every.terms_for("Plate").full
    household = Recaller(embedder, config=RecallConfig(household_senses=True), terms_db=store)
    assert household.prefetch_terms(["Plate"]) == 1      # resolved, not read back
    assert ("home",) not in household.terms_for("Plate").full
    store.close()
