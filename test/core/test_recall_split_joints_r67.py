"""Round 67 (issue 11): the planner's split on f8d8a395 cut a step from its modifier when
the lexicon also has the modifier's word as a noun ("not cold", "too deep") or when the
modifier is an equative with its own clause ("as hot as it goes"): a degree word or "not"
grades the adjective after it, and an opening equative's standard is no word of the piece
(``subtasks.SPLIT_JOINTS``'s "degree"). It kept two steps as one where one side of a comma
says where its thing goes and the other, opening with a new thing, where its thing comes
from ("mixed_source")."""

from __future__ import annotations

from test_recall_split_joints_r65 import _both as both_splits
from wordnet_data import needs_wordnet

from memory_node.core.recall import subtasks

# f8d8a395's joints (round 66's).
BEFORE = frozenset({"line", "extend", "to", "arrow", "spoken", "bullet", "emoji", "source",
                    "runon", "runon_np", "numbered", "modifier", "lead_prep", "typo_det",
                    "bare_runon"})


def _both(text: str) -> tuple[list[str], list[str]]:
    return both_splits(text, BEFORE)


@needs_wordnet
def test_a_graded_adjective_stays_with_its_step() -> None:
    for text in ("Fill the bath for me, as hot as it goes",
                 "Fill the bath. Not cold.",
                 "Fill the sink - not too deep",
                 "Fill the sink. Not as deep as it was."):
        on, off = _both(text)
        assert len(on) == 1, on
        assert len(off) == 2, off


@needs_wordnet
def test_a_graded_noun_or_a_clause_is_still_a_step() -> None:
    # "not" before a determiner grades no adjective; a verb after the equative's place is
    # the standard's only when the equative opens the piece.
    for text in ("Fill the bath. Not the sink.",
                 "Fill the bath, then put the soap on the side"):
        on, off = _both(text)
        assert on == off and len(on) == 2, on
    assert subtasks._graded(["as", "hot", "as", "it", "goes"]) == (["as", "hot"], {1})
    assert subtasks._graded(["not", "as", "deep", "as", "that"]) == (["not", "as", "deep"],
                                                                     {1, 2})
    assert subtasks._graded(["put", "it", "as", "high", "as", "you", "can"])[0][-1] == "can"


@needs_wordnet
def test_a_source_side_after_a_place_side_is_a_gapped_step() -> None:
    for text, want in (
            ("the lamp from the desk onto the shelf, the clock off the dresser",
             ["the lamp from the desk onto the shelf", "the clock off the dresser"]),
            ("books on the shelf, that jug off the windowsill",
             ["books on the shelf", "that jug off the windowsill"])):
        on, off = _both(text)
        assert on == want, on
        assert off == [text], off
    # One thing's source and place, a side opening with a verb and its object pronoun, a
    # source with no determiner after it, the pro-form "one" telling the thing apart: one
    # step, as before.
    for text in ("the clock off the floor, back on the table",
                 "Crack two eggs into the pan, season them with salt from the shelf",
                 "the pot on the stove, the hob's off now",
                 "a towel on the rail, the clean one from the cupboard"):
        on, off = _both(text)
        assert on == off, on
