"""Round 35 (issue 11): a step naming an earlier step by its number. "1. Take the pot
out of the cupboard. 2. Fill the thing from step 1 at the tap ...", "4) The vase: same
place as 1.", "(iv) After, blow out the thing from (iii)": the step says what it acts on
only through the other step's number (blind 23, seven needs)."""

from __future__ import annotations

import pytest
from test_recall_structure import kitchen, step_labels
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import (
    recall_subtasks,
    split_subtasks,
    step_numbers,
    step_references,
)


def test_each_step_keeps_its_number() -> None:
    text = ("1. Take the pot out. 2. Fill the thing from step 1 at the tap, then put it on "
            "the stove. 3. Wipe the counter.")
    # The splitter drops "2." and cuts step 2 in two: both halves are still step 2.
    steps = split_subtasks(text)
    assert step_numbers(text, steps) == ["1", "2", "2", "3"], steps
    roman = "Bath night. (i) Run the bath. (ii) Put the soap on the edge of the thing from (i)."
    assert step_numbers(roman, ["(i) Run the bath.", "(ii) Put the soap on the edge of the "
                                                   "thing from (i)."]) == ["i", "ii"]
    # One number is no list ("Step 1: ..." alone), and a reference is no number.
    assert step_numbers("Step 1: take the mug to the sink", ["take the mug to the sink"]) == [""]
    assert step_numbers("put it where step 1 said. then wash (i) and dry", ["a", "b"]) == ["", ""]


@pytest.mark.parametrize(("step", "refs"), [
    ("2. Fill the thing from step 1 at the tap", [("1", False)]),
    ("(iv) After, blow out the thing from (iii) and put it away", [("iii", False)]),
    ("4) The vase: same place as 1.", [("1", True)]),
    ("Put the laptop where the thing from step 3 was.", [("3", False)]),
    # Its own number, a quantity and a time are no reference.
    ("3) Put the box on the shelf", []),
    ("take 2 mugs from 2 shelves to the sink", []),
    ("set the oven to 180 and wait", []),
])
def test_references_by_number(step: str, refs: list[tuple[str, bool]]) -> None:
    assert step_references(step) == refs


def _last(steps: list[str], k: int, **config: object) -> list[str]:
    """The last step's answer, without the fill of a short step."""
    recaller = Recaller(Embedder(), config=RecallConfig(step_fill_floor=0.5, **config))  # type: ignore[arg-type]
    text = " ".join(steps)
    return step_labels(recall_subtasks(recaller, text, kitchen(), k, steps=steps),
                       len(steps) - 1)


@needs_wordnet
def test_the_thing_from_step_n_is_that_steps_object() -> None:
    steps = ["1. Grab the mug from the cabinet.", "2. Put the pan on the stove.",
             "3. Fill the thing from step 1 at the tap."]
    got = _last(steps, 3)
    assert got[:2] == ["Faucet", "Mug"], got
    # Without the rule nothing in the step says the mug.
    assert "Mug" not in _last(steps, 3, step_numbers=False)


@needs_wordnet
def test_same_place_as_n_is_where_that_step_put_its_thing() -> None:
    steps = ["1) Mug off the counter, into the microwave.", "2) Bowl into the sink.",
             "3) The egg: same place as 1."]
    got = _last(steps, 3)
    assert got[:2] == ["Egg", "Microwave"], got
    assert "Microwave" not in _last(steps, 3, step_numbers=False)[:2]
