"""Slips in object names ("frige", "botle", "tisues") read as the object they name."""

from __future__ import annotations

from pathlib import Path

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.spelling import Speller, _within, table_vocabulary
from memory_node.core.units import ObjectMemoryUnit as Unit


def test_edit_distance_counts_one_slip_of_each_kind() -> None:
    assert _within("frige", "fridge", 1) == 1      # a letter left out
    assert _within("bottle", "botle", 1) == 1
    assert _within("remtoe", "remote", 1) == 1     # neighbours swapped
    assert _within("spatuls", "spatula", 1) == 1   # a wrong letter
    assert _within("spatla", "spatula", 1) == 1
    assert _within("drawr", "drawer", 1) == 1
    assert _within("plate", "pan", 2) is None
    assert _within("cabinet", "cabinet", 1) == 0


def test_vocabulary_is_the_type_tables_words() -> None:
    vocab = table_vocabulary()
    assert {"fridge", "bottle", "remote", "control", "tissue", "plunger"} <= vocab
    assert not vocab & {"the", "winebottle"}


@needs_wordnet
def test_slips_are_corrected_known_words_are_not(lex: Lexicon) -> None:
    s = Speller(lex)
    assert s.correct("pls put the botle of wine in the frige") == \
        "pls put the bottle of wine in the fridge"
    assert s.correct("the remot and the tisues, in a drawr") == \
        "the remote and the tissues, in a drawer"
    # Words WordNet knows are never changed, however close to a name ("pot" / "plot",
    # "telly"), nor short ones ("teh"), nor words one slip from two names.
    for text in ("plot the mug", "Turn the telly on", "put teh racket", "the clicker"):
        assert s.correct(text) == text
    assert Speller(lex, {"bottle", "bottler"}).word("bottlex") == "bottlex"  # ambiguous
    assert Speller(lex, {"bottle"}).word("bottlex") == "bottle"


def test_without_wordnet_nothing_is_corrected(tmp_path: Path) -> None:
    s = Speller(Lexicon(tmp_path))
    assert s.correct("the botle in the frige") == "the botle in the frige"


def _kitchen() -> list[Unit]:
    units = [Unit(f"Cabinet_{i}", "Cabinet", (i, 1.5, 0), area_id="kitchen") for i in range(5)]
    units += [Unit(f"Drawer_{i}", "Drawer", (i, 0.7, 0), area_id="kitchen") for i in range(3)]
    units += [
        Unit("WineBottle_1", "WineBottle", (0, 0.9, 1), area_id="kitchen",
             receptacle_id="CounterTop_1", relation="on"),
        Unit("Pencil_1", "Pencil", (0, 0.9, 1.2), area_id="kitchen",
             receptacle_id="CounterTop_1", relation="on"),
        Unit("Mug_1", "Mug", (0, 0.9, 1.4), area_id="kitchen",
             receptacle_id="CounterTop_1", relation="on"),
        Unit("Fridge_1", "Fridge", (4, 0, 0), area_id="kitchen"),
        Unit("Microwave_1", "Microwave", (3, 1.2, 0), area_id="kitchen"),
        Unit("SinkBasin_1", "SinkBasin", (1, 0.8, 0), area_id="kitchen"),
        Unit("CounterTop_1", "CounterTop", (0, 0.9, 1), area_id="kitchen"),
    ]
    return units


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_a_misspelt_instruction_recalls_what_it_names(embedder: Embedder,
                                                      vectorised: bool) -> None:
    units = _kitchen()
    text = "pls put the botle in the frige"
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised, spelling=False))
    got_on = {r.unit.label for r in on.rank(text, units, 3)}
    got_off = {r.unit.label for r in off.rank(text, units, 3)}
    assert {"WineBottle", "Fridge"} <= got_on
    assert not {"WineBottle", "Fridge"} <= got_off  # what the mechanism adds
    # Correctly spelt, both rank alike.
    clean = "put the bottle in the fridge"
    assert [r.unit.object_id for r in on.rank(clean, units, 3)] == \
        [r.unit.object_id for r in off.rank(clean, units, 3)]


def test_a_text_is_corrected_once_and_then_answered_from_the_memo() -> None:
    # Round 17: a request spells the same text three or four times.
    from memory_node.core.recall.lexicon import shared_lexicon

    speller = Speller(shared_lexicon())
    text = "put the smug in the sing"
    first = speller.correct(text)
    hits = speller.correct.cache_info().hits
    assert speller.correct(text) == first == speller._correct(text)
    assert speller.correct.cache_info().hits == hits + 1
