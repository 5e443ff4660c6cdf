"""Round 72 (issue 11): comma gapping whose sides say what becomes of their things by a verb
particle left after the thing's noun ("particle_gap": "the study book on the desk, desk lamp
on, pencil and pen out")."""

from __future__ import annotations

from test_recall_split_joints_r65 import _both as both_splits
from wordnet_data import needs_wordnet

# 53bcebca's joints (round 71's).
BEFORE = frozenset({"line", "extend", "to", "arrow", "spoken", "bullet", "emoji", "source",
                    "runon", "runon_np", "numbered", "modifier", "lead_prep", "typo_det",
                    "bare_runon", "degree", "mixed_source", "verb_det", "bare_and",
                    "verb_pron", "that_det", "bare_runon_det", "plural_runon"})


def _both(text: str) -> tuple[list[str], list[str]]:
    return both_splits(text, BEFORE)


@needs_wordnet
def test_a_particle_after_a_things_noun_is_a_gapped_step() -> None:
    on, off = _both("the novel on the shelf, reading lamp on, knife and fork out")
    assert on == ["the novel on the shelf", "reading lamp on", "knife and fork out"], on
    assert off != on, off
    on, off = _both("plates in the sink, chair out of the way")
    assert on == ["plates in the sink", "chair out of the way"], on
    assert len(off) == 1, off
    # A side opening with a particle, or a pro-form "one", is no new thing; a particle
    # before a determiner is a place's preposition, and neither side here has a particle.
    for text in ("the clock off the floor, back on the table",
                 "put the milk back, the one in the door",
                 "run the bath, warm not hot"):
        on, off = _both(text)
        assert on == off, (on, off)
