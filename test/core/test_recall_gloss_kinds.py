"""Round 41 (issue 11): a word a type's WordNet definition only mentions ("a window ... to
admit light", "a mirror ... reflecting light") is no rival claim to it, so "the light" names
the one type whose own name says it, the light switch; a word the type is a kind of ("a
bowl is a dish") still is, and so is any where the word is said as a verb ("light it")
(names.sole_names, RecallConfig.gloss_kinds)."""

from __future__ import annotations

from recall_rooms import labels, room
from wordnet_data import names_sole as named
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import FULL
from memory_node.core.recall.recall import RecallConfig, Recaller

LIVING = ["LightSwitch", "Window", "Mirror", "Candle", "FloorLamp", "Sofa"]
KITCHEN = ["Faucet", "SinkBasin", "DishSponge", "Bowl", "Plate", "Mug"]


@needs_wordnet
def test_a_word_a_definition_only_mentions_is_no_rival(lex: Lexicon) -> None:
    text = "turn the light off when you go"
    # The window's and the mirror's definitions say "light": on main a tie, so partial.
    assert named(lex, text, LIVING, kinds=False)["LightSwitch"] < FULL
    assert named(lex, text, LIVING, kinds=True)["LightSwitch"] == FULL
    # Said as a verb, right before its object, the word names no thing: the ties stay.
    assert named(lex, "put it by the bath and light it", LIVING, kinds=True).get(
        "LightSwitch", 0.0) < FULL
    # What a type is a kind of still rivals: a bowl is a dish.
    assert named(lex, "every dish washed", KITCHEN, kinds=True).get("DishSponge", 0.0) < FULL


@needs_wordnet
def test_recall_answers_the_light_switch(embedder: Embedder) -> None:
    text = "as you leave, let the overhead light go dark"
    on = Recaller(embedder, config=RecallConfig())
    off = Recaller(embedder, config=RecallConfig(gloss_kinds=False))
    assert labels(on.rank(text, room(LIVING), 3))[0] == "LightSwitch"
    # Without the rule nothing reaches the relevance floor: an empty answer.
    assert "LightSwitch" not in labels(off.rank(text, room(LIVING), 3))
