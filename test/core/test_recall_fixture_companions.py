"""Round 62 (issue 11, recall64): a fixture the instruction implies brings the fixtures
another skill lists beside it. The skill table says washing needs a basin and the faucet
([[SinkBasin, Sink, BathtubBasin], [Faucet]]): the two work together, the faucet runs
into the basin. Filling lists only the faucet (or the coffee machine), so "Fill the
kettle and put it on" (blind 42 r03/1, and eleven more kettle and "fill it at the tap"
steps on the decision sets) recalled the kettle, the faucet and the pot, and the sink
the annotators asked for was out (``RecallConfig.fixture_companions``,
``implied._companions``). Derived from the table only: a skill with one fixture group
(heating: the microwave or the stove) brings nothing."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.implied import _companions, implied_types
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.skills import load_skill_table

KITCHEN = ["Cabinet", "Drawer", "Fridge", "Microwave", "SinkBasin", "Sink", "Faucet",
           "StoveBurner", "StoveKnob", "CounterTop", "DiningTable", "Toaster",
           "CoffeeMachine", "GarbageCan", "Bowl", "Plate", "Pot", "Pan", "Kettle", "Cup"]


def test_companions_come_from_the_table() -> None:
    skills = load_skill_table()
    beside = _companions(skills, [s for s in skills.names if skills.fixtures_for(s)])
    assert beside["faucet"] == (("SinkBasin", "Sink", "BathtubBasin"),)
    assert beside["sinkbasin"] == (("Faucet",),)
    # One group: the fixtures are alternatives, none stands beside another.
    for key in ("microwave", "stoveburner", "fridge", "coffeemachine", "toaster"):
        assert key not in beside


@needs_wordnet
@pytest.mark.parametrize(("text", "named"), [
    ("Fill the kettle and put it on", ()),
    ("fill it at the tap", ("faucet",)),
])
def test_the_faucet_brings_its_basin(lex: Lexicon, text: str, named: tuple[str, ...]) -> None:
    skills = load_skill_table()
    off = implied_types(text, skills, lex, KITCHEN, named, ["Kettle"], {"kettle", "tap"})
    on = implied_types(text, skills, lex, KITCHEN, named, ["Kettle"], {"kettle", "tap"},
                       companions=True)
    assert off.get("faucet") == "fill" and "sinkbasin" not in off
    assert on == {**off, "sinkbasin": "fill"}


@needs_wordnet
def test_a_companion_said_is_the_one_taken(lex: Lexicon) -> None:
    # "the sink" said: the group gives the sink, not its first type held (the basin).
    skills = load_skill_table()
    on = implied_types("fill the pot at the sink", skills, lex, KITCHEN, ("sink",), ["Pot"],
                       {"pot", "sink"}, companions=True)
    assert on.get("faucet") == "fill" and on.get("sink") == "fill" and "sinkbasin" not in on


@needs_wordnet
def test_heating_brings_nothing(lex: Lexicon) -> None:
    skills = load_skill_table()
    text = "warm up the soup in the microwave"
    assert implied_types(text, skills, lex, KITCHEN, ("microwave",), [], {"microwave"},
                         companions=True) == implied_types(
        text, skills, lex, KITCHEN, ("microwave",), [], {"microwave"})


@needs_wordnet
def test_filling_the_kettle_recalls_the_sink(embedder: Embedder) -> None:
    text = "Fill the kettle and put it on"
    on = Recaller(embedder, config=RecallConfig())
    off = Recaller(embedder, config=RecallConfig(fixture_companions=False))
    assert not {"Sink", "SinkBasin"} & set(labels(off.rank(text, room(KITCHEN), 3)))
    got = labels(on.rank(text, room(KITCHEN), 3))
    assert {"Kettle", "Faucet"} <= set(got) and {"Sink", "SinkBasin"} & set(got)


def test_on_by_default() -> None:
    assert RecallConfig().fixture_companions is True
