"""Round 66 (issue 11): the planner's split at joints b48ad0a5 read wrongly
(``subtasks.SPLIT_JOINTS``): a piece opening with a preposition WordNet has mostly as a verb
("off") is no step of its own ("The stapler, off the shelf, onto the desk" is one step); a
determiner typed with two letters swapped ("teh", "yuor") opens a run-on's or a gapped step
as the determiner does; a two-word thing with no determiner after a place phrase opens a
run-on's step ("... on the sink hand towel on its ring")."""

from __future__ import annotations

from test_recall_split_joints_r65 import _both as both_splits
from wordnet_data import needs_wordnet

from memory_node.core.recall import subtasks
from memory_node.core.recall.lexicon import shared_lexicon

# b48ad0a5's joints (round 65's).
BEFORE = frozenset({"line", "extend", "to", "arrow", "spoken", "bullet", "emoji", "source",
                    "runon", "runon_np", "numbered", "modifier"})


def _both(text: str) -> tuple[list[str], list[str]]:
    return both_splits(text, BEFORE)


@needs_wordnet
def test_a_piece_opening_with_a_preposition_is_no_step() -> None:
    for text in ("The stapler, off the shelf, onto the desk.",
                 "Take the pan off the hob and up to the shelf"):
        on, off = _both(text)
        assert on == [text.rstrip(".")], on
        assert len(off) == 2, off
    # A verb still opens one, and a particle after its verb is still the clause's verb.
    on, _ = _both("Put the lamp on the desk and switch it off")
    assert on == ["Put the lamp on the desk", "switch it off"], on
    on, off = _both("Turn the radio off and hide the keys so nobody can find them")
    assert on == off == ["Turn the radio off", "hide the keys so nobody can find them"], on


@needs_wordnet
def test_a_typed_determiner_opens_a_step_as_the_determiner_does() -> None:
    on, off = _both("put the spoon in the drawer teh plate on the table goes in the sink")
    assert on == ["put the spoon in the drawer", "teh plate on the table goes in the sink"], on
    assert len(off) == 1, off
    on, off = _both("the keys on the hook and yuor wallet in the bag")
    assert on == ["the keys on the hook", "yuor wallet in the bag"], on
    assert len(off) == 1, off
    # Only a word the lexicon does not know: "hat" (that, one letter dropped) is a hat.
    lex = shared_lexicon()
    assert subtasks._typo_determiners(["hat", "teh", "thier"], lex) == ["hat", "the", "their"]


@needs_wordnet
def test_a_bare_two_word_thing_after_a_place_opens_a_run_on_step() -> None:
    on, off = _both("put the plate in the sink dish soap by the tap")
    assert on == ["put the plate in the sink", "dish soap by the tap"], on
    assert len(off) == 1, off
    # Not inside a compound the lexicon has, nor after one word only.
    for text in ("put the mug in the kitchen sink in the morning",
                 "put the vase on the coffee table by the window"):
        on, off = _both(text)
        assert on == off == [text], on
