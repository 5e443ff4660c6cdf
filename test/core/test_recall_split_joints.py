"""Round 64 (issue 11): the planner's split parts two steps at joints it used to read as one
step (``RecallConfig.split_more_joints``, ``subtasks.SPLIT_JOINTS``): a line break, and
gapping whose places are "to", "by", ... or an arrow, or whose right side runs on over a
bare "and". A list of things stays one step, and so does a left dislocation ("the candle
on the coffee table, light it")."""

from __future__ import annotations

from wordnet_data import needs_wordnet

from memory_node.core.recall.lexicon import shared_lexicon
from memory_node.core.recall.recall import RecallConfig
from memory_node.core.recall.subtasks import split_subtasks


def _both(text: str) -> tuple[list[str], list[str]]:
    lex = shared_lexicon()
    return split_subtasks(text, lex), split_subtasks(text, lex, more_joints=False)


def test_the_switch_is_on_by_default() -> None:
    assert RecallConfig().split_more_joints


def test_a_line_break_parts_the_lines_of_a_list() -> None:
    on, off = _both("> TAKE VASE\n> PUT VASE ON SHELF\n> TURN ON LAMP")
    assert on == ["> TAKE VASE", "> PUT VASE ON SHELF", "> TURN ON LAMP"], on
    assert len(off) == 1, off


@needs_wordnet
def test_gapping_with_destinations_arrows_and_a_coordinated_object() -> None:
    on, off = _both("book to the shelf, tissues to the desk, phone to the dresser")
    assert on == ["book to the shelf", "tissues to the desk", "phone to the dresser"], on
    assert len(off) == 1, off
    on, off = _both("vase>shelf, laptop>coffee tbl, card>drawer")
    assert on == ["vase>shelf", "laptop>coffee tbl", "card>drawer"], on
    assert len(off) == 1, off
    on, off = _both("the vase on the shelf, my credit card and pen in the drawer")
    assert on == ["the vase on the shelf", "my credit card and pen in the drawer"], on
    assert len(off) == 1, off


@needs_wordnet
def test_a_list_of_things_and_a_left_dislocation_stay_one_step() -> None:
    for text in ("Put the pan, bowl and fork in the sink",
                 "salt and pepper on the shelf, please",
                 "the mug and the plate go in the sink",
                 "The candle on the coffee table, light it at seven"):
        on, off = _both(text)
        assert on == off, (text, on)


@needs_wordnet
def test_each_line_of_a_note_gets_its_own_top_k() -> None:
    from test_recall_structure import kitchen

    from memory_node.core.recall.embedder import Embedder
    from memory_node.core.recall.recall import Recaller
    from memory_node.core.recall.subtasks import recall_subtasks

    units = kitchen()
    text = "mug -> sink\negg -> fridge\npan -> stove"
    on = Recaller(Embedder(), config=RecallConfig(step_fill_floor=0.5))
    off = Recaller(Embedder(), config=RecallConfig(step_fill_floor=0.5,
                                                   split_more_joints=False))
    got_on = recall_subtasks(on, text, units, 2)
    got_off = recall_subtasks(off, text, units, 2)
    assert len(got_on.steps) == 3 and len(got_off.steps) == 1
    labels = {r.unit.label for r in got_on.units}
    assert {"Mug", "Egg", "Pan"} <= labels, labels
    assert not {"Mug", "Egg", "Pan"} <= {r.unit.label for r in got_off.units}
