"""Round 74 (issue 11): comma gapping after a side with its own imperative ("verb_gap": its
own complement, "spray the sink with the spray bottle, the scrubbing brush to the toilet";
"verb_gap_bare": none, after a bare comma, "boil the kettle, eggs in the pot"), a side whose
thing's fate is a past participle ("participle_gap": "mirror cleaned, the books onto the
shelf") and "round" / "around" before their object as place words ("round_place": "candles
round it")."""

from __future__ import annotations

from test_recall_split_joints_r65 import _both as both_splits
from wordnet_data import needs_wordnet

# 389f3150's joints (round 73's).
BEFORE = frozenset({"line", "extend", "to", "arrow", "spoken", "bullet", "emoji", "source",
                    "runon", "runon_np", "numbered", "modifier", "lead_prep", "typo_det",
                    "bare_runon", "degree", "mixed_source", "verb_det", "bare_and",
                    "verb_pron", "that_det", "bare_runon_det", "plural_runon",
                    "particle_gap", "bare_numbered", "plus_n"})


def _both(text: str) -> tuple[list[str], list[str]]:
    return both_splits(text, BEFORE)


@needs_wordnet
def test_a_gapped_side_after_a_side_with_its_own_imperative() -> None:
    on, off = _both("wipe the table with the cloth, the chairs to the wall")
    assert on == ["wipe the table with the cloth", "the chairs to the wall"], on
    assert len(off) == 1, off
    on, off = _both("boil the kettle, eggs in the pot on the big burner")
    assert on == ["boil the kettle", "eggs in the pot on the big burner"], on
    assert len(off) == 1, off


@needs_wordnet
def test_a_list_after_its_verb_and_a_thing_told_apart_stay_one_step() -> None:
    # A serial list the verb takes whole (with or without the serial comma, "&" closing it),
    # the pro-form "one", a right side with no place, a left side with no imperative.
    for text in ("Put the pan, bowl and fork in the sink",
                 "Put the pan, bowl, and fork in the sink",
                 "put the mug, plates & bowls in the sink", "take the mug, the one on the left",
                 "wipe the table, the big one", "the mug with the chip, the plate to the sink"):
        on, off = _both(text)
        assert on == off, (on, off)


@needs_wordnet
def test_a_side_whose_thing_s_fate_is_a_past_participle() -> None:
    on, off = _both("mirror cleaned, the cds and the books onto the shelf")
    assert on == ["mirror cleaned", "the cds and the books onto the shelf"], on
    assert len(off) == 1, off
    on, off = _both("toilet scrubbed with the brush, the spray on the mirror")
    assert on == ["toilet scrubbed with the brush", "the spray on the mirror"], on
    assert len(off) == 1, off
    # A participle before its noun is a modifier, no fate.
    on, off = _both("the cleaned mirror, the books onto the shelf")
    assert on == off, (on, off)


@needs_wordnet
def test_round_before_its_object_is_a_place() -> None:
    on, off = _both("run the bath, candles round it, fresh towel on the rail")
    assert on == ["run the bath", "candles round it", "fresh towel on the rail"], on
    assert len(off) == 1, off
    # The adjective is no place.
    on, off = _both("The round shiny disc, back in its case")
    assert on == off, (on, off)
