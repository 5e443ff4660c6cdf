"""Round 77 (issue 11): made_drinks. A food or drink that a verb asked
acts on ("make me a coffee") implies the container here that shares its use (WordNet:
coffee is "suitable for drinking", the cup "used for drinking"); a drink said as the end
of another task ("for the tea", "because I want tea") or inside a longer name ("the
coffee machine") does not (round 76's use_holders lost those). A remark's opposite
("it's getting dark": light) asks also for the things here of its kind (the lamp, a
source of illumination as a light is)."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.implied import _made_foods
from memory_node.core.recall.lexical import _WORD, split_label
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller

KITCHEN = ["CounterTop", "Cabinet", "Microwave", "Fridge", "SinkBasin", "Faucet", "StoveBurner",
           "Pot", "Mug", "Cup", "Bowl", "Kettle", "CoffeeMachine", "DiningTable", "SaltShaker",
           "PepperShaker"]


def _said(text: str) -> list[str]:
    return _WORD.findall(split_label(text))


@needs_wordnet
def test_a_food_is_made_only_as_the_object_of_a_verb_asked(lex: Lexicon) -> None:
    for text in ("make me a coffee while you're at it", "make some coffee",
                 "pour us a nice hot tea", "brew a coffee please"):
        assert _made_foods(_said(text), lex, (), ()), text
    # A preposition before it, a subject before the verb, after "of", a longer name's word.
    for text in ("fill the kettle there and stick it on the hob for the tea",
                 "put it on the stove because I want tea", "a mug of tea each",
                 "The little glass one we drink water from goes in the cupboard"):
        assert not _made_foods(_said(text), lex, (), ()), text
    # A word of a name here said whole, though a retraction leaves it unranked.
    assert not _made_foods(_said("Wrap the butter knife in foil, no wait, just put it in the "
                                 "sink, it's got jam on it."), lex, (), (),
                           (("butter", "knife"),))
    assert _made_foods(_said("make me a coffee"), lex, (), (), (("coffee", "machine"),))
    # A food modifying the noun after it, a thing or a compound WordNet knows, is no food.
    for text in ("put the coffee machine in the shelf", "grab the coffee maker",
                 "clear the coffee table", "fold the tea towel"):
        assert not _made_foods(_said(text), lex, (), ()), text
    assert not _made_foods(_said("Kettle on the counter by the coffee machine"), lex, (),
                           ("coffee", "machine"))


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_a_drink_asked_needs_what_it_is_drunk_from(embedder: Embedder, vectorised: bool) -> None:
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    assert on.config.made_drinks  # on by default since round 77
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised, made_drinks=False))
    text = "make me a coffee while you're at it"
    assert "Cup" not in labels(off.rank(text, room(KITCHEN), 3))
    assert "Cup" in labels(on.rank(text, room(KITCHEN), 3))
    # The drink as the end of a task, a container said, a longer name: answers alike.
    for text in ("fill the kettle and stick it on the hob for the tea",
                 "put the kettle on the stove because I want tea", "a mug of tea each",
                 "the mug by the coffee maker"):
        kitchen = room(KITCHEN)
        assert labels(on.rank(text, kitchen, 3)) == labels(off.rank(text, kitchen, 3)), text

