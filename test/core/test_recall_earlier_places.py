"""Round 39 (issue 11): a step putting a thing "where the bowl was at the very start",
"where the paper was first", "where the bowl started" means the place an earlier step took
that thing from, not the thing. Blind 28 r07, r13, r25: the bowl (the paper) took the
slot of the shelf (the armchair, the desk) it had been taken off."""

from __future__ import annotations

import pytest
from test_recall_structure import kitchen, step_labels
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import earlier_place, recall_subtasks


@pytest.mark.parametrize(("step", "phrase"), [
    ("The paper towel roll, put it where the bowl was at the very start.", "the bowl"),
    ("move it to where the paper was first", "the paper"),
    ("Then the teddy, put it where the bowl started.", "the bowl"),
    ("wherever the big red mug used to be", "the big red mug"),
    # A place said now, not before; and "where" asking a question.
    ("put the vase on the side table where the light is better", ""),
    ("where was the mug? put it in the sink", ""),
])
def test_where_a_thing_was(step: str, phrase: str) -> None:
    assert earlier_place(step) == phrase


def _last(embedder: Embedder, steps: list[str], **config: object) -> list[str]:
    """The last step's answer at k=3, without the fill of a short step."""
    recaller = Recaller(embedder, config=RecallConfig(step_fill_floor=0.5, **config))  # type: ignore[arg-type]
    return step_labels(recall_subtasks(recaller, " ".join(steps), kitchen(), 3, steps=steps),
                       len(steps) - 1)


@needs_wordnet
def test_the_place_the_thing_was_taken_from(embedder: Embedder) -> None:
    steps = ["Take the bowl out of the microwave and put it on the counter.",
             "Put the mug in the sink.",
             "The egg, put it where the bowl was at the start."]
    got = _last(embedder, steps)
    assert "Egg" in got and "Microwave" in got and "Bowl" not in got, got
    off = _last(embedder, steps, earlier_places=False)
    assert "Microwave" not in off and "Bowl" in off, off


@needs_wordnet
def test_nothing_taken_nothing_carried(embedder: Embedder) -> None:
    # No earlier step took the bowl from anywhere: the step is read as it always was.
    steps = ["Put the mug in the sink.", "The egg, put it where the bowl was."]
    assert _last(embedder, steps) == _last(embedder, steps, earlier_places=False)
