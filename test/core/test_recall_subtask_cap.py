"""Round 63 (issue 11): an instruction of more pieces than ``MAX_SUBTASKS`` keeps its steps
apart. The cap used to join every piece past its last into one, so a long list's last steps
("Row 3: pot onto the stove ... Row 4: salt and pepper onto the shelf. Cast off.") shared
one top-k; now the neighbours of fewest words join first (a heading, a count, a thank-you),
and every step said at length stays its own (``RecallConfig.cap_joins_shortest``)."""

from __future__ import annotations

import time

from test_recall_structure import kitchen
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import MAX_SUBTASKS, recall_subtasks, split_subtasks

STEPS = ["the mug to the sink", "the egg into the fridge", "the pan on the stove",
         "the bottle in the bin", "the light switch off", "the bowl in the microwave",
         "the coffee machine on"]
# A heading before each step and a greeting either side: 2 + 2 x 7 = 16 pieces.
LIST = ("Morning. " + " ".join(f"Item {n}: {s}." for n, s in
                               zip(("one", "two", "three", "four", "five", "six", "seven"),
                                   STEPS, strict=True)) + " Cheers.")


def _holding(steps: list[str]) -> list[int]:
    """How many of STEPS each split step holds."""
    return [sum(s in step for s in STEPS) for step in steps]


def test_over_the_cap_the_shortest_neighbours_join() -> None:
    steps = split_subtasks(LIST)
    assert len(steps) == MAX_SUBTASKS, steps
    # Every step said at length is its own subtask (a heading joins a neighbour) ...
    assert max(_holding(steps)) == 1, steps
    assert sum(_holding(steps)) == len(STEPS)
    # ... where the tail join put the last three in one.
    old = split_subtasks(LIST, join_shortest=False)
    assert len(old) == MAX_SUBTASKS
    assert max(_holding(old)) == 2, old
    # The words and their order are kept.
    assert " ".join(steps).split() == " ".join(old).split()


def test_under_the_cap_nothing_joins() -> None:
    text = "Wash the mug. Put the egg in the fridge. Cheers."
    assert split_subtasks(text) == split_subtasks(text, join_shortest=False) == [
        "Wash the mug", "Put the egg in the fridge", "Cheers"]


def test_a_long_list_of_one_word_pieces_is_cheap() -> None:
    text = " ".join(["a."] * 666)  # 1,998 characters, 666 pieces
    t0 = time.perf_counter()
    steps = split_subtasks(text)
    assert time.perf_counter() - t0 < 1.0  # a heap of pairs: no n-squared rescans
    assert len(steps) == MAX_SUBTASKS
    assert " ".join(steps).split() == ["a"] * 666  # the full stops split, and go


@needs_wordnet
def test_the_last_steps_of_a_long_list_each_get_their_top_k() -> None:
    units = kitchen()
    on = Recaller(Embedder(), config=RecallConfig(step_fill_floor=0.5))
    off = Recaller(Embedder(), config=RecallConfig(step_fill_floor=0.5,
                                                   cap_joins_shortest=False))
    k = 2
    got_on = {r.unit.label for r in recall_subtasks(on, LIST, units, k).units}
    got_off = {r.unit.label for r in recall_subtasks(off, LIST, units, k).units}
    # The sixth step's bowl and microwave and the seventh's coffee machine: one top-2
    # held them on the tail join; each step has its own now.
    assert {"Bowl", "Microwave", "CoffeeMachine"} <= got_on, got_on
    assert not {"Bowl", "Microwave", "CoffeeMachine"} <= got_off, got_off
