"""Round 78 (issue 11): carried_use. A step that stands for an earlier thing by a pronoun
and whose own words imply no fixture is lent that thing's use, as if it named it: "run it
not too hot", it the bathtub ("that you fill with water"), needs the faucet; "put it on",
it the kettle ("for boiling"), the stove burner. A step whose own verb implies a fixture
("fill it") keeps its own, and a carried thing with no use at a fixture lends nothing."""

from __future__ import annotations

import pytest
from recall_rooms import labels, room
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import recall_subtasks

KITCHEN = ["CounterTop", "Cabinet", "Microwave", "Fridge", "SinkBasin", "Faucet", "StoveBurner",
           "Pot", "Mug", "Cup", "Bowl", "Kettle", "DiningTable", "Apple"]
BATHROOM = ["Bathtub", "BathtubBasin", "Faucet", "Towel", "TowelHolder", "Toilet", "SoapBar",
            "Sink", "SinkBasin", "Mirror"]


def _steps(rec: Recaller, steps: list[str], kinds: list[str]) -> list[list[str]]:
    got = recall_subtasks(rec, ". ".join(steps), room(kinds), 3, steps=steps)
    return [labels(units) for _, units in got.steps]


@needs_wordnet
@pytest.mark.parametrize("vectorised", [True, False])
def test_a_pronoun_lends_its_antecedents_use(embedder: Embedder, vectorised: bool) -> None:
    on = Recaller(embedder, config=RecallConfig(vectorised=vectorised))
    assert on.config.carried_use  # on by default since round 78
    off = Recaller(embedder, config=RecallConfig(vectorised=vectorised, carried_use=False))
    for steps, kinds, thing, fixture in (
            (["find the bathtub", "run it not too hot"], BATHROOM, "Bathtub", "Faucet"),
            (["grab the kettle", "put it on"], KITCHEN, "Kettle", "StoveBurner")):
        before, after = _steps(off, steps, kinds)[1], _steps(on, steps, kinds)[1]
        assert fixture not in before, (steps, before)
        # The carried thing keeps its slot; the fixture its use implies comes after it.
        assert after[:2] == [thing, fixture], (steps, after)


@needs_wordnet
def test_a_step_that_implies_its_own_fixture_or_carries_no_use_is_unchanged(
        embedder: Embedder) -> None:
    on = Recaller(embedder, config=RecallConfig(carried_use=True))
    off = Recaller(embedder, config=RecallConfig(carried_use=False))
    for steps, kinds in ((["grab the kettle", "fill it"], KITCHEN),
                         (["take the apple from the fridge", "put it on the table"], KITCHEN),
                         (["grab the towel", "hang it up"], BATHROOM)):
        assert _steps(on, steps, kinds) == _steps(off, steps, kinds), steps
