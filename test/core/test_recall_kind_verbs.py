"""Round 21 (issue 11): a verb asked whose main sense is done in a kind a skill takes
implies that skill, as a noun of that kind does (round 17). Filling takes a liquid (the
"liquid" label argument of `fill` in config/skills.yaml); WordNet's "soak" is "submerge
in a liquid", so "pop the bowls in the sink to soak" needs the faucet though no noun of
the step is a liquid."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.implied import skills_for_kinds
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.skills import load_skill_table

KITCHEN = ["Cabinet", "Drawer", "Fridge", "Microwave", "SinkBasin", "Sink", "Faucet",
           "StoveBurner", "StoveKnob", "CounterTop", "DiningTable", "Toaster",
           "CoffeeMachine", "GarbageCan", "Bowl", "Plate", "Cup", "Apple"]


@needs_wordnet
def test_a_verb_done_in_a_liquid_implies_filling(lex: Lexicon) -> None:
    skills = load_skill_table()
    assert lex.verb_in_kind("soak", "liquid")
    assert not lex.verb_in_kind("wash", "liquid")
    assert not lex.verb_in_kind("soak", "container")
    said = "pop the bowls in the sink to soak"
    assert skills_for_kinds(said, skills, lex, kind_verbs=True) == {"fill"}
    assert skills_for_kinds(said, skills, lex) == set()
    # Only a verb asked, in its base form: "is soaked" says how a thing is, and after
    # a determiner the word is a noun.
    assert skills_for_kinds("the toilet paper is soaked so bin it", skills, lex,
                            kind_verbs=True) == set()
    assert skills_for_kinds("leave the bowls for a soak", skills, lex,
                            kind_verbs=True) == set()


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_soaking_in_the_sink_recalls_the_faucet(embedder: Embedder, vectorised: bool) -> None:
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised, kind_verbs=False))
    text = "pop the bowls in the sink to soak"
    assert "Faucet" not in labels(off.rank(text, room(KITCHEN), 3))
    got = labels(on.rank(text, room(KITCHEN), 3))
    assert {"Bowl", "Sink", "Faucet"} <= set(got), got
