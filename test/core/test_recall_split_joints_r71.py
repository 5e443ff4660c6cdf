"""Round 71 (issue 11): two merged run-ons eeeb0181's split left whole
(``subtasks.SPLIT_JOINTS``): a bare two-word thing after a place phrase whose noun the lexicon
has mostly as a verb, though a determiner comes right before it ("hand towel on its ring |
toilet roll on the holder": a determiner's word is its noun), and one bare thing's noun right
after a determiner's plural noun, the words before saying where a thing goes ("vase on the
coffee table for the flowers | remote away in the drawer": English compounds take their first
noun in the singular)."""

from __future__ import annotations

from test_recall_described_join_r70 import living_room
from test_recall_split_joints_r65 import _both as both_splits
from test_recall_structure import step_labels
from wordnet_data import needs_wordnet

from memory_node.core.recall import subtasks
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import shared_lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import recall_subtasks

# eeeb0181's joints (round 70's).
BEFORE = frozenset({"line", "extend", "to", "arrow", "spoken", "bullet", "emoji", "source",
                    "runon", "runon_np", "numbered", "modifier", "lead_prep", "typo_det",
                    "bare_runon", "degree", "mixed_source", "verb_det", "bare_and",
                    "verb_pron", "that_det"})


def _both(text: str) -> tuple[list[str], list[str]]:
    return both_splits(text, BEFORE)


@needs_wordnet
def test_a_bare_thing_after_a_determiners_noun_opens_a_run_on_step() -> None:
    on, off = _both("hand towel on its ring toilet roll on the holder")
    assert on == ["hand towel on its ring", "toilet roll on the holder"], on
    assert len(off) == 1, off
    # Without a determiner right before it, a word mostly a verb still ends no phrase.
    on, off = _both("put the cup near the sink ring toilet roll on the holder")
    assert on == off, on


@needs_wordnet
def test_a_bare_thing_after_a_plural_noun_opens_a_run_on_step() -> None:
    on, off = _both("vase on the coffee table for the flowers remote away in the drawer")
    assert on == ["vase on the coffee table for the flowers", "remote away in the drawer"], on
    assert len(off) == 1, off
    # A singular noun before it may be a compound's first word ("the bedroom floor"), a
    # plural one that the lexicon has as a compound's is one ("the glasses case"), and with
    # no place said before there is no step to end.
    for text in ("put the shoes on the bedroom floor by the bed",
                 "put the glasses case on the table",
                 "take the flowers vase into the kitchen",
                 "wash the plates remote in the drawer"):
        on, off = _both(text)
        assert on == off == [text], (on, off)


@needs_wordnet
def test_a_pronoun_standing_alone_as_a_verbs_object_refers_back() -> None:
    lex = shared_lexicon()
    for step in ("put him back on the bed", "take both to the kitchen", "put her in the cot"):
        assert not subtasks.refers_back(step, lex, True), step
        assert subtasks.refers_back(step, lex, True, alone=True), step
    # Not a determiner's, a quantifier's before "of", an indirect object's, nor after a
    # copula: none stands alone for a thing.
    for step in ("put her coat on the hook", "put all of the cups in the sink",
                 "give her the cup", "that is all", "thats all"):
        assert not subtasks.refers_back(step, lex, True, alone=True), step


@needs_wordnet
def test_both_after_a_description_reaches_a_described_thing() -> None:
    # "both" stands for the two things the verbless piece before describes; read as a
    # pronoun, the step joined to that piece (RecallConfig.described_join) reaches the jar.
    steps = ["The heavy grey figure and the little glass jar", "put both on the shelf"]
    on = Recaller(Embedder(), config=RecallConfig(alone_pronouns=True))
    off = Recaller(Embedder(), config=RecallConfig(alone_pronouns=False))
    assert "Vase" in step_labels(recall_subtasks(on, "x", living_room(), 3, steps=steps), 1)
    assert "Vase" not in step_labels(recall_subtasks(off, "x", living_room(), 3,
                                                     steps=steps), 1)
