"""Round 17 (issue 11): a noun that is a kind of what a skill takes implies the skill.
Filling takes a liquid (the "liquid" label argument of `fill` in config/skills.yaml), so
"with some water" needs the faucet though no verb says fill; WordNet's water is a direct
kind of liquid."""

from __future__ import annotations

from wordnet_data import needs_wordnet

from memory_node.core.recall.implied import implied_types, skills_for_kinds
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.skills import load_skill_table

KITCHEN = ["Pot", "Egg", "StoveBurner", "SinkBasin", "Faucet", "CoffeeMachine", "Fridge",
           "WineBottle"]
BATHROOM = ["Bathtub", "BathtubBasin", "Faucet", "ShowerHead", "Towel"]


@needs_wordnet
def test_water_said_as_a_noun_needs_the_faucet(lex: Lexicon) -> None:
    skills = load_skill_table()
    assert lex.is_kind_of("water", "liquid")
    got = implied_types("stick a couple of eggs on in the pot with some water", skills, lex,
                        KITCHEN, mentioned=["egg", "pot"], things=["egg", "pot"])
    assert got.get("faucet") == "fill", got
    got = implied_types("Let the warm water run into the tub", skills, lex, BATHROOM,
                        mentioned=["bathtub"], things=["tub"])
    assert got.get("faucet") == "fill", got


@needs_wordnet
def test_the_kind_adds_to_what_a_named_things_use_implies(lex: Lexicon) -> None:
    skills = load_skill_table()
    # The pot's use (cooking: the stove) still counts: water says what goes in it, not
    # what is done to it.
    got = implied_types("the pot with water for the pasta", skills, lex, KITCHEN,
                        mentioned=["pot"], used=["pot"], things=["pot"])
    assert got.get("faucet") == "fill" and got.get("stoveburner") == "cook", got


@needs_wordnet
def test_no_kind_when_a_verb_an_indirect_kind_or_a_thing_here(lex: Lexicon) -> None:
    skills = load_skill_table()
    # A verb with its object: watering is done to the plant, nothing is filled.
    assert "fill" not in skills_for_kinds("water the plants", skills, lex)
    # A beverage is a liquid two levels up: milk is kept in the fridge, not run from a tap.
    assert not lex.is_kind_of("milk", "liquid")
    assert skills_for_kinds("pour me a glass of milk", skills, lex) == set()
    # A word that names a type here is that thing ("the wine": the wine bottle).
    assert skills_for_kinds("put the water in the fridge", skills, lex,
                            things=["water"]) == set()
    # The kind itself is no kind of itself; a thing of another kind implies nothing.
    assert not lex.is_kind_of("liquid", "liquid")
    assert skills_for_kinds("put the egg in the pot", skills, lex) == set()


@needs_wordnet
def test_the_data_line_reading_answers_as_nltks_synsets(lex: Lexicon) -> None:
    # is_kind_of reads the main sense's parents from its data line; nltk's parsed
    # synsets give the same answer.
    kinds = set(lex._physical("liquid"))
    for word in ("water", "milk", "wine", "coffee", "soup", "set", "plant", "ink", "egg",
                 "liquid", "juice", "beer", "oil", "soap"):
        first = lex._physical(lex.noun(word))[:1]
        expected = bool(first) and bool(kinds & set(first[0].hypernyms()))
        assert lex.is_kind_of(word, "liquid") == expected, word
