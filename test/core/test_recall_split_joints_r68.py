"""Round 68 (issue 11): the planner's split on db57fc09 kept two steps as one where the
second opens with an imperative the lexicon has mostly as a noun ("..., and stick a couple
of eggs on", "towel on the bath edge, spray the mirror", "water the flower"): a word the
lexicon has as a verb at all, in its base form, right after a joint and right before a
determiner opening its object, opens a step (``subtasks.SPLIT_JOINTS``'s "verb_det"). It
kept a gapped step joined by a bare "and" before a noun with no determiner ("Laptop to the
desk and phone beside the bed"; "bare_and")."""

from __future__ import annotations

from test_recall_split_joints_r65 import parted, unchanged
from wordnet_data import needs_wordnet

# db57fc09's joints (round 67's).
BEFORE = frozenset({"line", "extend", "to", "arrow", "spoken", "bullet", "emoji", "source",
                    "runon", "runon_np", "numbered", "modifier", "lead_prep", "typo_det",
                    "bare_runon", "degree", "mixed_source"})


@needs_wordnet
def test_an_imperative_before_its_object_opens_a_step() -> None:
    parted(BEFORE, (
            ("put the jug and the bowl back in the cupboard, and chuck the old cloth",
             ["put the jug and the bowl back in the cupboard", "chuck the old cloth"]),
            ("pop the cups in the sink and stick a pan on the hob",
             ["pop the cups in the sink", "stick a pan on the hob"]),
            ("clear the mugs from the desk, water the fern with the jug",
             ["clear the mugs from the desk", "water the fern with the jug"]),
            ("towel on the rail, spray the window",
             ["towel on the rail", "spray the window"])))


@needs_wordnet
def test_a_noun_or_a_subordinate_clause_before_a_determiner_stays() -> None:
    # A list of things, a subordinate clause before its main clause, an inflected verb
    # (a clause's own), no determiner after the word: as before. ("that" before a noun or
    # an adjective is one since round 69's "that_det": test_recall_split_joints_r69.)
    unchanged(BEFORE, ("a plate, a fork and a knife, and a glass of water",
                "When the pan is hot, stand the kettle by it",
                "the mug on the desk, leaves the stain"))


@needs_wordnet
def test_a_bare_and_before_a_noun_is_gapping_where_both_sides_have_a_place() -> None:
    parted(BEFORE, (
            ("Keys to the hook and phone beside the bed",
             ["Keys to the hook", "phone beside the bed"]),
            ("put cup on shelf and pens with pencils in drawer of desk",
             ["put cup on shelf", "pens with pencils in drawer of desk"]),
            ("the cup in the sink and water in the kettle",
             ["the cup in the sink", "water in the kettle"])))
    # One place, a source side: as before. (A verb with its pronoun object opens a step
    # since round 69's "verb_pron": test_recall_split_joints_r69.)
    unchanged(BEFORE, ("put the mug and plate in the sink",
                "season them with salt and pepper from the cruets"))
