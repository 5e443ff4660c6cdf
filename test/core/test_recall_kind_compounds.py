"""Round 15 (issue 11): a two-word name the speaker says that WordNet knows as a kind of
a thing with a two-word name is read as that name ("toilet roll": a kind of toilet
paper), so it names the toilet paper outright and its word "toilet" is spent on it."""

from __future__ import annotations

from wordnet_data import names_said, needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import FULL
from memory_node.core.recall.recall import Recaller
from memory_node.core.units import ObjectMemoryUnit as Unit

BATHROOM = ["Toilet", "ToiletPaper", "ToiletPaperHanger", "TowelHolder", "HandTowelHolder",
            "Sink", "Faucet", "Mirror", "SoapBar", "LightSwitch"]


def named(text: str, lex: Lexicon, types: list[str]) -> dict[str, float]:
    return names_said(text, lex, types)


@needs_wordnet
def test_a_compound_kind_names_its_parent_compound(lex: Lexicon) -> None:
    got = named("put a fresh toilet roll in the cabinet", lex, BATHROOM)
    assert got.get("ToiletPaper") == FULL, got
    # "toilet" is spent on the roll: the toilet itself is not named.
    assert "Toilet" not in got, got
    # Said on its own, the toilet is still the toilet.
    assert named("clean the toilet", lex, BATHROOM).get("Toilet") == FULL


@needs_wordnet
def test_a_one_word_parent_does_not_become_a_name(lex: Lexicon) -> None:
    # "dining table" is a kind of table: "table" is not added as a name said outright,
    # so it does not name the side table or the coffee table more than before.
    got = named("put the plates on the dining table", lex,
                ["DiningTable", "SideTable", "CoffeeTable", "Plate"])
    assert got.get("DiningTable") == FULL
    assert got.get("SideTable", 0) < FULL and got.get("CoffeeTable", 0) < FULL


@needs_wordnet
def test_the_toilet_roll_is_recalled(embedder: Embedder) -> None:
    units = [Unit(f"{t}_1", t, (i, 0.9, 0), area_id="bathroom") for i, t in enumerate(BATHROOM)]
    got = [r.unit.label for r in Recaller(embedder).rank(
        "The toilet roll, hang it on the holder", units, 3)]
    assert "ToiletPaper" in got, got
