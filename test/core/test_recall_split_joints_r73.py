"""Round 73 (issue 11): a list numbered with bare numerals ("bare_numbered": "1 pencils back
in the drawer 2 the vase off the desk"), "+" and text-speak "n" joining as "and" does
("plus_n": "toilet roll on the holder + a spare on the counter"). Its "verb_gap" failed:
``results/recall_verb_gap_r73.patch`` (with its test)."""

from __future__ import annotations

from test_recall_split_joints_r65 import _both as both_splits
from wordnet_data import needs_wordnet

# 990eb089's joints (round 72's).
BEFORE = frozenset({"line", "extend", "to", "arrow", "spoken", "bullet", "emoji", "source",
                    "runon", "runon_np", "numbered", "modifier", "lead_prep", "typo_det",
                    "bare_runon", "degree", "mixed_source", "verb_det", "bare_and",
                    "verb_pron", "that_det", "bare_runon_det", "plural_runon",
                    "particle_gap"})


def _both(text: str) -> tuple[list[str], list[str]]:
    return both_splits(text, BEFORE)


@needs_wordnet
def test_a_list_numbered_with_bare_numerals_parts_at_each_numeral() -> None:
    on, off = _both("The den is a tip. 1 cushions back on the sofa 2 the lamp off the floor "
                    "3 remote in the drawer")
    assert on == ["The den is a tip", "1 cushions back on the sofa",
                  "2 the lamp off the floor", "3 remote in the drawer"], on
    assert len(off) == 2, off
    # Counted things are no list: a "1" inside a sentence, numerals after a coordinator,
    # a list that does not go on to "2".
    for text in ("put 1 mug and 2 plates on the table", "1 mug, 2 plates on the table",
                 "get 1 towel 2 cloths from the cupboard", "1 cushion back on the sofa"):
        on, off = _both(text)
        assert on == off, (on, off)


@needs_wordnet
def test_plus_and_text_speak_n_join_as_and_does() -> None:
    on, off = _both("bath mat on the rail + a clean towel on the hook")
    assert on == ["bath mat on the rail", "a clean towel on the hook"], on
    assert len(off) == 1, off
    on, off = _both("the jumper on the chair goes in the wardrobe n theres a sock under the bed")
    assert on == ["the jumper on the chair goes in the wardrobe",
                  "theres a sock under the bed"], on
    assert len(off) == 1, off
    on, off = _both("wash the pan n dry it")
    assert on == ["wash the pan", "dry it"], on
    # One thing's phrase stays one step, as with "and": two things, one place.
    for text in ("the knives n forks go in the drawer", "cup + saucer in the sink"):
        on, off = _both(text)
        assert on == off == [text], (on, off)
