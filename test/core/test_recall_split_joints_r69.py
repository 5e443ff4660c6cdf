"""Round 69 (issue 11): the planner's split on bd608ce1 kept two steps as one where the second
opens with a verb before an object pronoun ("take the towel from the rail and hand it to
me": ``subtasks.SPLIT_JOINTS``'s "verb_pron") or before "that" and a noun or an adjective
("..., and bin that manky Spontex": "that_det"). And a later clause that acts on a thing it
names only by a pronoun names no antecedent of its own ("Break in two new-laid eggs, and
season them with salt and pepper", then "When they are set, turn them out": the salt was
carried, not what the steps before named; ``RecallConfig.antecedent_past_pronouns``)."""

from __future__ import annotations

from test_recall_split_joints_r65 import parted, unchanged
from test_recall_structure import kitchen, step_labels
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import recall_subtasks

# bd608ce1's joints (round 68's).
BEFORE = frozenset({"line", "extend", "to", "arrow", "spoken", "bullet", "emoji", "source",
                    "runon", "runon_np", "numbered", "modifier", "lead_prep", "typo_det",
                    "bare_runon", "degree", "mixed_source", "verb_det", "bare_and"})


@needs_wordnet
def test_a_verb_before_an_object_pronoun_opens_a_step() -> None:
    parted(BEFORE, (
            ("take the towel from the rail and hand it to me",
             ["take the towel from the rail", "hand it to me"]),
            ("put the candle on the counter and light it",
             ["put the candle on the counter", "light it"]),
            ("drop the pens in the mug and stand it on the desk",
             ["drop the pens in the mug", "stand it on the desk"])))
    # A left dislocation (no verb on the left), a subordinate clause, an inflected verb:
    # as before.
    unchanged(BEFORE, ("the candle on the table, light it",
                "When they are set, turn them out with a slice",
                "the mug on the desk, leaves it there"))


@needs_wordnet
def test_that_before_a_noun_or_an_adjective_is_a_determiner() -> None:
    parted(BEFORE, (
            ("Imperial Leather on the side of the bath, and bin that manky Spontex",
             ["Imperial Leather on the side of the bath", "bin that manky Spontex"]),
            ("the rug by the door, and bin that old box",
             ["the rug by the door", "bin that old box"])))
    # "that" before a pronoun, a determiner or a function word is no determiner.
    unchanged(BEFORE, ("put the mug in the sink and see that it is rinsed",
                "put the lamp on the desk and check that the plug is in",
                "the rug by the door, and leave that for now"))


@needs_wordnet
def test_a_later_clause_acting_on_a_pronoun_names_no_antecedent() -> None:
    # The middle step's first clause acts on nothing here ("go over"); its later clause acts
    # on "it" and names the bottle only as what it is rinsed with: the last step's "it" is
    # what the first step named, not the bottle.
    steps = ["take the pan off the stove",
             "go over to the coffee machine, then rinse it with the bottle",
             "then set it on the counter"]
    on = Recaller(Embedder(), config=RecallConfig(step_fill_floor=0.5))
    got = step_labels(recall_subtasks(on, "x", kitchen(), 2, steps=steps), 2)
    assert "Bottle" not in got and got[1] in ("Pan", "StoveBurner"), got
    off = Recaller(Embedder(), config=RecallConfig(antecedent_past_pronouns=False,
                                                   step_fill_floor=0.5))
    assert "Bottle" in step_labels(recall_subtasks(off, "x", kitchen(), 2, steps=steps), 2)
