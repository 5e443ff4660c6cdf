"""Pronouns after a preposition and pronouns put back (issue 11, round 15b): what a step's
"in it" / "beside it" stands for though the step names its own object, and what "put it
back" returns."""

from __future__ import annotations

import pytest
from test_recall_structure import kitchen, step_labels
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import pronoun_after_preposition, recall_subtasks


@pytest.fixture(scope="module")
def recaller() -> Recaller:
    return Recaller(Embedder())


@needs_wordnet
def test_which_pronouns_are_a_preposition_s_object(lex: Lexicon) -> None:
    for text in ("drop the pens in it", "spatula, salt and pepper right beside it",
                 "put some water in with it", "take the pens and pencils out of it"):
        assert pronoun_after_preposition(text, lex), text
    # Two things not in a list: the first can be "it" ("the box with the remote in it").
    for text in ("the box with the remote in it", "put the mug on the tray with the spoon in it",
                 "switch it on", "put them on the shelf"):
        assert not pronoun_after_preposition(text, lex), text


@needs_wordnet
def test_a_pronoun_after_a_preposition_is_an_earlier_step_s_thing(recaller: Recaller) -> None:
    steps = ["take the bowl out of the cabinet", "crack the egg into it"]
    sub = recall_subtasks(recaller, "x", kitchen(), 3, steps=steps)
    # The step names the egg (what goes in), and "it" is the bowl of the step before.
    assert {"Egg", "Bowl"} <= set(step_labels(sub, 1))
    # Without the rule and without round 25's fill of a short step (its next unit by
    # cosine may be the bowl anyway).
    off = Recaller(Embedder(), config=RecallConfig(pronoun_objects=False,
                                                   step_fill_floor=0.5))
    assert "Bowl" not in step_labels(recall_subtasks(off, "x", kitchen(), 3, steps=steps), 1)
    # The planner's merged answer is the steps' own lists, as before.
    # (both without the fill, which adds each step's next units to the merge too)
    on = Recaller(Embedder(), config=RecallConfig(step_fill_floor=0.5))
    assert ({r.unit.object_id for r in recall_subtasks(on, "x", kitchen(), 3,
                                                        steps=steps).units}
            == {r.unit.object_id for r in recall_subtasks(off, "x", kitchen(), 3,
                                                          steps=steps).units})


@needs_wordnet
def test_a_thing_put_back_is_what_was_taken_from_somewhere(recaller: Recaller) -> None:
    steps = ["take the bottle out of the microwave", "fill the mug at the sink",
             "put it back where you found it"]
    sub = recall_subtasks(recaller, "x", kitchen(), 3, steps=steps)
    # Not the mug the step before named: the bottle, and where it came from.
    assert step_labels(sub, 2)[:2] == ["Bottle", "Microwave"]
    off = Recaller(Embedder(), config=RecallConfig(antecedent_return=False))
    assert "Bottle" not in step_labels(recall_subtasks(off, "x", kitchen(), 3, steps=steps), 2)
    # With no step that took a thing from somewhere, the last named thing, as before.
    sub = recall_subtasks(recaller, "x", kitchen(), 3, steps=[
        "rinse the mug at the sink", "put it back on the counter"])
    assert "Mug" in step_labels(sub, 1)


@needs_wordnet
def test_the_nearest_step_naming_its_object_even_partly_is_the_antecedent(
        recaller: Recaller) -> None:
    from memory_node.core.units import ObjectMemoryUnit as Unit
    # Two soaps: "the soap" names each only partly.
    units = [*kitchen(), Unit("SoapBar_1", "SoapBar", (1, 0.9, 0.2), area_id="kitchen"),
             Unit("SoapBottle_1", "SoapBottle", (1, 0.9, 0.4), area_id="kitchen")]
    steps = ["rinse the mug at the sink", "the soap's taking a swim in the microwave",
             "park it by the bin"]
    sub = recall_subtasks(recaller, "x", units, 3, steps=steps)
    # "the soap" names the soap bar only partly; it is still nearer than the mug.
    assert "GarbageCan" in step_labels(sub, 2)
    assert {"SoapBar", "SoapBottle"} & set(step_labels(sub, 2))
    off = Recaller(Embedder(), config=RecallConfig(antecedent_nearest=False))
    assert not {"SoapBar", "SoapBottle"} & set(
        step_labels(recall_subtasks(off, "x", units, 3, steps=steps), 2))
