"""Round 13 (issue 11): things the speaker takes back ("not the cup", "a bar of - no, the
liquid soap", "in my bag no wait in the drawer") are not named."""

from __future__ import annotations

from wordnet_data import needs_wordnet

from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import (
    consume,
    drop_retracted,
    label_terms,
    name_match,
    query_terms,
    retracted,
)

KITCHEN = ["Cup", "Mug", "CoffeeMachine", "Fork", "Spoon", "Knife", "Pen", "Pencil", "Drawer",
           "Fridge", "SaltShaker", "DiningTable", "SoapBar", "SoapBottle", "Sink"]


def named(lex: Lexicon, text: str, present: list[str]) -> dict[str, float]:
    terms = {t: label_terms(t, lex) for t in present}
    q = query_terms(text, lex)
    names = consume({t: name_match(terms[t], q) for t in present}, terms, q)
    names = drop_retracted(names, {t: terms[t] for t, m in names.items() if m}, q)
    return {t: m for t, m in names.items() if m}


def words(lex: Lexicon, text: str) -> list[str]:
    q = query_terms(text, lex)
    return [q.tokens[i] for i in sorted(q.negated)]


@needs_wordnet
def test_a_negated_noun_phrase_is_not_named(lex: Lexicon) -> None:
    got = named(lex, "grab the - no, not the cup, the mug by the coffee maker", KITCHEN)
    assert "Mug" in got and "CoffeeMachine" in got
    assert "Cup" not in got
    got = named(lex, "lay the table, forks not spoons", KITCHEN)
    assert "Fork" in got and "Spoon" not in got
    assert "Knife" not in named(lex, "use the fish slice, not the knife", KITCHEN)


@needs_wordnet
def test_not_before_a_place_or_a_quality_denies_no_thing(lex: Lexicon) -> None:
    assert words(lex, "if the milk is not in the fridge check the drawer") == []
    assert words(lex, "run the bath not too hot") == []
    assert "Fridge" in named(lex, "if the milk is not in the fridge check the drawer", KITCHEN)


@needs_wordnet
def test_a_repair_takes_back_the_part_of_its_own_kind(lex: Lexicon) -> None:
    # A thing for a thing: from the last determiner before the marker.
    assert words(lex, "put a new bar of - no, the liquid soap next to the sink") == [
        "a", "new", "bar", "of"]
    # A place for a place: the pen and the pencil stay, the bag goes.
    text = "put the pen and the pencil in my bag no wait in the drawer by the fridge"
    assert words(lex, text) == ["in", "my", "bag"]
    got = named(lex, text, KITCHEN)
    assert {"Pen", "Pencil", "Drawer", "Fridge"} <= set(got)


@needs_wordnet
def test_a_thing_said_again_after_the_repair_stays_named(lex: Lexicon) -> None:
    text = "put my phone on charge no i mean put my phone on the dining table"
    assert "phone" in words(lex, text)
    assert "CellPhone" in named(lex, text, [*KITCHEN, "CellPhone"])


def test_without_a_negator_nothing_is_taken_back() -> None:
    assert retracted("wash the cup and put it on the shelf") == frozenset()
    # "Oh no," takes back only the words before it in its phrase.
    assert retracted("Oh no, the sink is grimy") == frozenset({0})
