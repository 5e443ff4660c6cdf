"""A pronoun step naming k types outright keeps its k slots (issue 11, round 59b,
``RecallConfig.named_slots``): what the step names is what it acts on, where from and where
to; its pronoun's antecedent is in an earlier step's list already."""

from __future__ import annotations

import pytest
from test_recall_structure import kitchen, step_labels
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import recall_subtasks

# Step 1 names the egg, the counter and the drawer outright; its "it" (after "in") is the
# bowl of step 0 by the pronoun rules, which would take the third slot.
STEPS = ["take the bowl out of the microwave",
         "the egg that was in it on the counter goes in the drawer"]


@pytest.fixture(scope="module")
def recaller() -> Recaller:
    return Recaller(Embedder())


@needs_wordnet
def test_a_step_naming_k_types_outright_keeps_them(recaller: Recaller) -> None:
    sub = recall_subtasks(recaller, "x", kitchen(), 3, steps=STEPS)
    assert set(step_labels(sub, 1)) == {"Egg", "CounterTop", "Drawer"}
    # Without the rule the earlier step's bowl takes one of the three named types' slots.
    off = Recaller(Embedder(), config=RecallConfig(named_slots=False))
    labels = step_labels(recall_subtasks(off, "x", kitchen(), 3, steps=STEPS), 1)
    assert "Bowl" in labels
    assert not {"Egg", "CounterTop", "Drawer"} <= set(labels)


@needs_wordnet
def test_a_step_naming_fewer_types_still_carries_the_antecedent(recaller: Recaller) -> None:
    # Two types named outright: the pronoun's antecedent keeps the third slot, as before.
    steps = ["take the bowl out of the microwave", "crack the egg into it on the counter"]
    sub = recall_subtasks(recaller, "x", kitchen(), 3, steps=steps)
    assert {"Egg", "Bowl"} <= set(step_labels(sub, 1))
    # And with k = 4 a step naming three types leaves the antecedent a slot.
    sub = recall_subtasks(recaller, "x", kitchen(), 4, steps=STEPS)
    assert {"Egg", "CounterTop", "Drawer", "Bowl"} <= set(step_labels(sub, 1))


@needs_wordnet
def test_a_numbered_step_reference_is_not_a_pronoun(recaller: Recaller) -> None:
    # "the thing from step 1" names its antecedent itself: it keeps its slot.
    steps = ["take the bowl out of the microwave",
             "put the egg, the mug and the thing from step 1 on the counter"]
    on = step_labels(recall_subtasks(recaller, "x", kitchen(), 3, steps=steps), 1)
    off = Recaller(Embedder(), config=RecallConfig(named_slots=False))
    assert on == step_labels(recall_subtasks(off, "x", kitchen(), 3, steps=steps), 1)


@needs_wordnet
def test_a_pronoun_things_are_taken_from_keeps_its_slot(recaller: Recaller) -> None:
    # "off it": the pronoun is where the step's things come from, a place the step acts at.
    steps = ["take the bowl out of the microwave",
             "pick the egg and the mug up off it and put them in the drawer"]
    sub = recall_subtasks(recaller, "x", kitchen(), 3, steps=steps)
    off = Recaller(Embedder(), config=RecallConfig(named_slots=False))
    assert step_labels(sub, 1) == step_labels(recall_subtasks(off, "x", kitchen(), 3,
                                                              steps=steps), 1)
    assert "Bowl" in step_labels(sub, 1)
