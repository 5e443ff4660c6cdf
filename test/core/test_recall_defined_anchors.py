"""A landmark's anchor may name its type as a place noun does (issue 11, round 47): in
"into the cupboard under the sink" the cupboard is the cabinet's near synonym (each
defined by the other in WordNet; ``names.place_noun_type``), so the sink only says which
cupboard, as it says which cabinet in "the cabinet under the sink" (round 46). Before,
an anchor counted only when a type's own words held it (round 29's ``landmark_anchors``),
and the sink kept its name and a slot."""

from __future__ import annotations

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.names import FULL, place_noun_type, type_set
from memory_node.core.recall.recall import RecallConfig, Recaller

BATH = sorted({"SoapBottle", "Window", "Cabinet", "Sink", "SinkBasin", "Toilet",
               "ToiletPaper", "Mirror", "CounterTop", "Towel", "DishSponge", "Bathtub",
               "Drawer", "Watch", "ArmChair", "Box"})


@pytest.fixture(scope="module")
def recaller() -> Recaller:
    return Recaller(Embedder())


@pytest.fixture(scope="module")
def off() -> Recaller:
    return Recaller(Embedder(), config=RecallConfig(defined_anchors=False))


@needs_wordnet
def test_a_cupboard_names_the_cabinet_as_a_place_noun(recaller: Recaller) -> None:
    lex = recaller.lexicon
    assert lex is not None and lex.available
    terms = {t: recaller.terms_for(t) for t in BATH}
    named = place_noun_type("cupboard", terms, type_set(terms, None), lex, True)
    assert named is not None and named[0] == "Cabinet"
    # A type's own word is no place noun of another type.
    assert place_noun_type("sink", terms, type_set(terms, None), lex, True) is None


@needs_wordnet
@pytest.mark.parametrize("text", [
    "The sponge, off the bath and in the cupboard under the sink.",
    "Soap bottle off the sill and into the cupboard under the sink.",
])
def test_the_sink_under_a_cupboard_yields_its_name(recaller: Recaller, off: Recaller,
                                                   text: str) -> None:
    assert recaller.names_in(text, BATH)["Sink"] < FULL
    assert off.names_in(text, BATH)["Sink"] == FULL
    assert recaller.names_in(text, BATH)["Cabinet"] == FULL


@needs_wordnet
def test_said_elsewhere_or_where_it_goes_the_sink_keeps_its_name(recaller: Recaller) -> None:
    # Said anywhere else as well, or where the thing goes (no other place in the clause).
    for text in ("the sponge off the sink and into the cupboard under the sink",
                 "put the sponge under the sink"):
        assert recaller.names_in(text, BATH)["Sink"] == FULL, text


@needs_wordnet
def test_a_noun_modifying_the_next_is_no_defined_anchor(recaller: Recaller,
                                                        off: Recaller) -> None:
    # "the drawer till I can": a till is a strongbox (the box, by its definition), but
    # the drawer is where the watch goes, not a landmark of the till.
    text = "His watch was on the armchair, I'd rather that went in the drawer till I can wipe it."
    assert recaller.names_in(text, BATH)["Drawer"] == FULL
    assert recaller.names_in(text, BATH) == off.names_in(text, BATH)
