"""Round 51 (issue 11, recall51b): a verb asked that is done in a kind a skill takes
("soak": submerge in a liquid; filling takes a liquid) says what is done, as a verb of a
skill does. So the use of the thing named (a pot or a pan is for cooking: the stove) is
not read beside it: "Soak the burnt pot in the sink" (blind 17 q08/0) needs the pot, the
sink and the faucet, and the stove burner held the faucet's slot. A stove the step says
("the pot's still on the stove - ... let it soak") is a need: the use still marks it."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.implied import _kinds, implied_types
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.skills import load_skill_table

KITCHEN = ["Cabinet", "Drawer", "Fridge", "Microwave", "SinkBasin", "Sink", "Faucet",
           "StoveBurner", "StoveKnob", "CounterTop", "DiningTable", "Toaster",
           "CoffeeMachine", "GarbageCan", "Bowl", "Plate", "Pot", "Pan"]


def implied(lex: Lexicon, text: str, used: list[str], act: bool,
            named: tuple[str, ...] = ("sink",)) -> dict[str, str]:
    return implied_types(text, load_skill_table(), lex, KITCHEN, named, used,
                         {"pot", "pan", "sink"}, kind_verbs=True, kind_verbs_act=act)


@needs_wordnet
@pytest.mark.parametrize(("text", "used"), [
    ("Soak the burnt pot in the sink", ["Pot"]),
    ("the pan in the sink to soak.", ["Pan"]),
])
def test_a_kind_verb_says_what_is_done(lex: Lexicon, text: str, used: list[str]) -> None:
    assert implied(lex, text, used, False) == {"faucet": "fill", "stoveburner": "cook"}
    assert implied(lex, text, used, True) == {"faucet": "fill"}


@needs_wordnet
def test_a_fixture_said_is_still_marked(lex: Lexicon) -> None:
    # The stove is said (where the pot is): the pot's use still marks it, as before; only
    # a fixture nobody said is not added.
    text = "the pot is still on the stove - move it to the sink and let it soak."
    named = ("sink", "stoveburner")
    assert implied(lex, text, ["Pot"], True, named) == implied(lex, text, ["Pot"], False,
                                                               named)
    assert implied(lex, text, ["Pot"], True, named)["stoveburner"] == "cook"


@needs_wordnet
def test_a_kind_noun_leaves_the_use(lex: Lexicon) -> None:
    # "water" says what a thing is, not what is done to the pot: the pot's use still
    # reads (filling the pot with water to cook in it).
    text = "put some water in the pot"
    assert implied(lex, text, ["Pot"], True) == implied(lex, text, ["Pot"], False)
    assert "stoveburner" in implied(lex, text, ["Pot"], True)


@needs_wordnet
def test_soaking_the_pot_recalls_the_faucet_not_the_stove(embedder: Embedder) -> None:
    text = "Soak the burnt pot in the sink"
    on = Recaller(embedder, config=RecallConfig(kind_verbs_act=True))
    off = Recaller(embedder, config=RecallConfig(kind_verbs_act=False))
    assert "StoveBurner" in labels(off.rank(text, room(KITCHEN), 3))
    assert set(labels(on.rank(text, room(KITCHEN), 3))) == {"Pot", "Sink", "Faucet"}


def test_on_by_default() -> None:
    assert RecallConfig().kind_verbs_act is True


# A present participle is the act going on ("would be best soaking in the sink", blind
# 24 r09/1): read as the verb is (recall.kind_participles); a past one says how a thing is.
@needs_wordnet
def test_a_present_participle_is_read_as_the_verb(lex: Lexicon) -> None:
    skills = load_skill_table()
    text = "The soup pot itself, once emptied, would be best soaking in the sink."
    assert _kinds(text, skills, lex, {"pot", "sink"}, True)[0] == set()
    assert _kinds(text, skills, lex, {"pot", "sink"}, True, True)[0] == {"fill"}
    assert _kinds("the toilet paper is soaked so bin it", skills, lex, (), True,
                  True) == (set(), set())


@needs_wordnet
def test_soaking_recalls_the_faucet(embedder: Embedder) -> None:
    text = "The pot would be best soaking in the sink."
    on = Recaller(embedder, config=RecallConfig())
    off = Recaller(embedder, config=RecallConfig(kind_participles=False))
    assert "Faucet" not in labels(off.rank(text, room(KITCHEN), 3))
    assert set(labels(on.rank(text, room(KITCHEN), 3))) == {"Pot", "Sink", "Faucet"}
    assert RecallConfig().kind_participles is True
