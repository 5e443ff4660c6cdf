"""Round 19 (issue 11): an adjective of a skill's state between a determiner and a noun
says how the thing is, it asks for nothing: "put a clean towel on the rail" needs the
towel and its rail, not the sink and faucet washing would; "the warm water" needs no
stove. A participle there still says what was done ("the chilled wine": the fridge), and
so does the word as a verb or a predicate ("clean the towel", "get the towel clean")."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.implied import implied_skills
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.skills import load_skill_table

BATHROOM = ["Sink", "SinkBasin", "Faucet", "Toilet", "ToiletPaperHanger", "TowelHolder",
            "Towel", "Bathtub", "BathtubBasin", "CounterTop", "Cabinet", "GarbageCan",
            "Mirror", "LightSwitch", "ShowerHead", "SoapBar", "Candle"]


@needs_wordnet
def test_a_state_said_of_a_thing_implies_no_skill(lex: Lexicon) -> None:
    skills = load_skill_table()
    for text in ("put a clean towel on the rail", "make me a coffee in a clean mug",
                 "Let the warm water run into the tub"):
        assert implied_skills(text, skills, lex), text  # as before
        assert not implied_skills(text, skills, lex, described_states=True), text
    for text, skill in (("clean the towel", "clean"), ("get the towel clean", "clean"),
                        ("the chilled wine", "cool"), ("serve on a warmed plate", "heat"),
                        ("warm the milk", "heat")):
        assert skill in implied_skills(text, skills, lex, described_states=True), text


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_a_clean_towel_goes_on_its_rail(embedder: Embedder, vectorised: bool) -> None:
    # kin_heads off in both (round 22: "the rail" names the towel holder by itself), so
    # the pair isolates what described_states does.
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised, kin_heads=False))
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised, kin_heads=False,
                                                 described_states=False))
    text = "hang a clean towel in here on the rail"
    before = labels(off.rank(text, room(BATHROOM), 3))
    assert "Faucet" in before and "TowelHolder" not in before, before
    got = labels(on.rank(text, room(BATHROOM), 3))
    assert got[0] == "Towel" and "TowelHolder" in got and "Faucet" not in got, got
    # Washing it still needs the sink.
    assert "Faucet" in labels(on.rank("clean the towel", room(BATHROOM), 3))
