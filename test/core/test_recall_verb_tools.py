"""Round 17 (issue 11): a verb names the tool it is done with when WordNet has a kind of
the verb named after that tool ("wipe" -> "sponge": wipe with a sponge; "clean" ->
"brush": clean with a brush). The tool is named weakly (as a head names a type), after
what the instruction names outright."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.names import query_terms
from memory_node.core.recall.recall import RecallConfig, Recaller

KITCHEN = ["CounterTop", "Cabinet", "Microwave", "Fridge", "SinkBasin", "Faucet",
           "DishSponge", "Plate", "Mug", "Bread", "Toaster", "Knife"]


@needs_wordnet
def test_the_tools_of_a_verb_are_its_kinds_named_after_a_tool(lex: Lexicon) -> None:
    assert {"sponge", "towel"} <= lex.verb_tools("wipe")
    assert lex.verb_tools("wiped") == lex.verb_tools("wipe")
    assert "brush" in lex.verb_tools("clean")
    # A material ("cover with bread crumbs") or a thing the action makes ("cut a thread
    # with a tap") is no tool; light verbs have none.
    assert "bread" not in lex.verb_tools("cover")
    assert "tap" not in lex.verb_tools("cut")
    assert lex.verb_tools("put") == frozenset()
    # Kinds that give a thing ("supply with a tap", "provide with a key") use no tool.
    assert not {"tap", "key"} & lex.verb_tools("supply")
    # A gerund naming a kind of thing is no action: "the cleaning supply" needs no brush.
    assert query_terms("put the cleaning supply on the toilet", lex).tools == frozenset()
    assert "brush" in query_terms("clean the toilet", lex).tools


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_wiping_recalls_the_sponge(embedder: Embedder, vectorised: bool) -> None:
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised, verb_tools=False))
    for text in ("3. Worktops wiped down", "wipe cupboard fronts"):
        assert "DishSponge" not in labels(off.rank(text, room(KITCHEN), 3)), text
        assert "DishSponge" in labels(on.rank(text, room(KITCHEN), 3)), text
    # What is said outright comes first.
    assert labels(on.rank("wipe the microwave", room(KITCHEN), 3))[0] == "Microwave"


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_one_verb_is_done_with_one_tool(embedder: Embedder, vectorised: bool) -> None:
    bathroom = ["Sink", "SinkBasin", "Faucet", "Toilet", "Mirror", "Towel", "HandTowel",
                "SprayBottle", "ToiletPaper", "DishSponge", "Cabinet"]
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised, one_referent=False))
    # "wipe" is done with a sponge or a towel: the second tool waits behind the toilet
    # ("the seat": WordNet's toilet seat, part of the toilet).
    text = "spray n wipe the seat"
    assert "Toilet" not in labels(off.rank(text, room(bathroom), 3))
    got = labels(on.rank(text, room(bathroom), 3))
    assert "Toilet" in got and len({"DishSponge", "Towel", "HandTowel"} & set(got)) == 1, got


@needs_wordnet
def test_the_data_line_reading_answers_as_nltks_synsets(lex: Lexicon) -> None:
    # verb_tools reads hyponym pointers from the data lines (a verb like "move" has
    # hundreds of kinds); the answer is the one nltk's parsed synsets give.
    for word in ("wipe", "clean", "cut", "cover", "secure", "supply", "stir", "move",
                 "turn", "grab", "mop", "scrub", "wash", "hang", "water"):
        assert lex.verb_tools(word) == lex._verb_tools_parsed(lex.verb(word)), word
