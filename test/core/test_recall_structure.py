"""The structure of per-subtask recall (issue 11, round 12): what a step's pronoun stands
for, and the one-shot path left as it was."""

from __future__ import annotations

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import object_phrase, recall_subtasks, refers_back
from memory_node.core.units import ObjectMemoryUnit as Unit


@pytest.fixture(scope="module")
def recaller() -> Recaller:
    return Recaller(Embedder())


def kitchen() -> list[Unit]:
    units = [Unit(f"Cabinet_{i}", "Cabinet", (i, 1.5, 0), area_id="kitchen") for i in range(5)]
    units += [Unit(f"Drawer_{i}", "Drawer", (i, 0.7, 0), area_id="kitchen") for i in range(3)]
    units += [
        Unit("Mug_1", "Mug", (0, 0.9, 1), area_id="kitchen", receptacle_id="CounterTop_1",
             relation="on"),
        Unit("Bottle_1", "Bottle", (0.3, 0.9, 1), area_id="kitchen",
             receptacle_id="CounterTop_1", relation="on"),
        Unit("Egg_1", "Egg", (0.6, 0.9, 1), area_id="kitchen"),
        Unit("Bowl_1", "Bowl", (0.8, 0.9, 1), area_id="kitchen"),
        Unit("CoffeeMachine_1", "CoffeeMachine", (2, 0.9, 0), area_id="kitchen"),
        Unit("LightSwitch_1", "LightSwitch", (6, 1.2, 0), area_id="kitchen"),
        Unit("SinkBasin_1", "SinkBasin", (1, 0.8, 0), area_id="kitchen"),
        Unit("Sink_1", "Sink", (1, 0.8, 0), area_id="kitchen"),
        Unit("Faucet_1", "Faucet", (1, 1.0, 0), area_id="kitchen"),
        Unit("Microwave_1", "Microwave", (3, 1.2, 0), area_id="kitchen"),
        Unit("StoveBurner_1", "StoveBurner", (2, 0.9, 0.3), area_id="kitchen"),
        Unit("Pan_1", "Pan", (2, 0.95, 0.3), area_id="kitchen"),
        Unit("GarbageCan_1", "GarbageCan", (5, 0, 0), area_id="kitchen"),
        Unit("CounterTop_1", "CounterTop", (0, 0.9, 1), area_id="kitchen"),
    ]
    return units


def step_labels(sub: object, i: int) -> list[str]:
    return [r.unit.label for r in sub.steps[i][1]]  # type: ignore[attr-defined]


def test_which_pronouns_refer_back() -> None:
    for text in ("switch it on", "microwave it", "put them out by the bin",
                 "get it going on the stove", "they go in the drawer"):
        assert refers_back(text), text
    # A subject "it" is often no thing at all; a step with no pronoun names its own.
    for text in ("if it boils over wipe the hob", "it's getting dark in here",
                 "put the mug in the sink", "and it needs a wash"):
        assert not refers_back(text), text


def test_the_object_phrase_ends_where_the_destination_starts() -> None:
    assert object_phrase("rinse the glass bottles out at the sink") == "the glass bottles out"
    assert object_phrase("put them out by the bin") == "them out"
    assert object_phrase("switch it on") == "it"  # "switch" acts on "it": a verb
    assert object_phrase("take the pot out of the fridge") == "the pot"
    # Later in a step, a word before a determiner may be a name ("give the ladle a rinse").
    assert object_phrase("give the ladle a rinse") == "the ladle a rinse"


@needs_wordnet
def test_a_pronoun_step_recalls_what_the_step_before_named(recaller: Recaller) -> None:
    units = kitchen()
    sub = recall_subtasks(recaller, "Put the mug under the coffee machine and switch it on.",
                          units, 3, steps=["put the mug under the coffee machine",
                                           "switch it on"])
    # "it" is the mug or the machine it went under: both, before a light switch that
    # "switch" names only as a verb.
    assert {"Mug", "CoffeeMachine"} <= set(step_labels(sub, 1))
    sub = recall_subtasks(recaller, "Rinse the bottle at the sink and put it by the bin.",
                          units, 3, steps=["rinse the bottle at the sink",
                                           "put it out by the bin"])
    assert {"Bottle", "GarbageCan"} <= set(step_labels(sub, 1))
    # Chained: "it" of the third step is still the egg of the first.
    sub = recall_subtasks(recaller, "x", units, 3, steps=[
        "crack an egg into a bowl", "microwave it", "then put it on the counter"])
    assert "Microwave" in step_labels(sub, 1) and "Egg" in step_labels(sub, 1)
    assert {"Egg", "CounterTop"} <= set(step_labels(sub, 2))
    # The planner's path splits the instruction itself and does the same.
    sub = recall_subtasks(recaller, "Put the mug under the coffee machine, then switch it on.",
                          units, 3)
    assert len(sub.steps) == 2 and "CoffeeMachine" in step_labels(sub, 1)


@needs_wordnet
def test_a_pronoun_after_a_thing_of_its_own_step_stays_in_the_step(lex: Lexicon) -> None:
    assert refers_back("fill a glass with water and put it on the table")  # no lexicon
    assert not refers_back("fill a glass with water and put it on the table", lex)
    assert refers_back("then switch it on", lex) and refers_back("put them away", lex)


@needs_wordnet
def test_a_pronoun_step_keeps_the_fixture_its_own_action_needs(recaller: Recaller) -> None:
    sub = recall_subtasks(recaller, "x", kitchen(), 3, steps=[
        "take the egg out of the bowl", "fry it in the pan"])
    assert {"Egg", "StoveBurner"} <= set(step_labels(sub, 1))


@needs_wordnet
def test_without_antecedents_a_pronoun_step_stands_alone() -> None:
    plain = Recaller(Embedder(), config=RecallConfig(antecedents=False))
    sub = recall_subtasks(plain, "x", kitchen(), 3, steps=[
        "put the mug under the coffee machine", "switch it on"])
    assert "Mug" not in step_labels(sub, 1)
    # The instruction's merged units (the planner's answer) are the same with or without
    # it: the antecedents come from an earlier step's own list.
    text = "Wash the mug and the bowl, then stack them in the cupboard and switch it on."
    with_ = recall_subtasks(Recaller(Embedder()), text, kitchen(), 3)
    assert ({r.unit.object_id for r in with_.units}
            == {r.unit.object_id for r in recall_subtasks(plain, text, kitchen(), 3).units})
    # The one-shot path is the same ranking with or without the setting.
    text = "Put the mug under the coffee machine and switch it on."
    assert ([r.unit.object_id for r in plain.rank(text, kitchen(), 3)]
            == [r.unit.object_id for r in Recaller(Embedder()).rank(text, kitchen(), 3)])


@needs_wordnet
def test_a_step_that_names_its_own_object_keeps_its_own_top_k(recaller: Recaller) -> None:
    sub = recall_subtasks(recaller, "x", kitchen(), 3, steps=[
        "put the mug under the coffee machine", "fill the bowl and leave it on the counter"])
    assert "Mug" not in step_labels(sub, 1)
    assert step_labels(sub, 1)[:2] == [r.unit.label for r in recaller.rank(
        "fill the bowl and leave it on the counter", kitchen(), 3)][:2]


def test_caller_steps_are_checked(recaller: Recaller) -> None:
    with pytest.raises(ValueError):
        recall_subtasks(recaller, "wash the mug", kitchen(), 3, steps=["wash the mug", "  "])


@needs_wordnet
def test_when_no_step_names_its_object_the_pronoun_gets_where_it_was(
        recaller: Recaller) -> None:
    # "the little stone thingummy" names nothing here; the step still named the cabinet
    # it comes out of, which "put it back where it was" needs.
    steps = ["take the little stone thingummy out of the cabinet", "put it back where it was"]
    sub = recall_subtasks(recaller, "x", kitchen(), 3, steps=steps)
    assert "Cabinet" in step_labels(sub, 1)
    off = Recaller(Embedder(), config=RecallConfig(antecedent_places=False))
    assert "Cabinet" not in step_labels(recall_subtasks(off, "x", kitchen(), 3, steps=steps), 1)
    # A step that names its object still gives that object first, as before.
    sub = recall_subtasks(recaller, "x", kitchen(), 3, steps=[
        "take the mug out of the cabinet", "put it back where it was"])
    assert step_labels(sub, 1)[0] == "Mug"
