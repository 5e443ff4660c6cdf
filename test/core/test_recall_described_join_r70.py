"""Round 70 (issue 11): a step acting on a pronoun right after a piece with no verb that names
nothing here ("The heavy stone figure. Put it beside the lamp") carried what an earlier step
named (the vase), because its pronoun's antecedent named nothing; the hand-written step, the
two said together, reaches the statue. With ``RecallConfig.described_join`` the step is also
ranked joined to that piece, and what the joined words add to its own ranking and fill is
its pronoun's antecedent (``subtasks.described_before``, ``subtasks._described``)."""

from __future__ import annotations

from test_recall_structure import kitchen, step_labels
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import shared_lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import described_before, recall_subtasks
from memory_node.core.units import ObjectMemoryUnit as Unit


def living_room() -> list[Unit]:
    return [Unit(f"{label}_1", label, (i, 0.5, 0), area_id="living")
            for i, label in enumerate(("Shelf", "Vase", "Statue", "FloorLamp", "Box",
                                       "CreditCard", "Plate", "Pen", "SideTable", "Sofa",
                                       "Television", "Window", "LightSwitch", "TVStand"))]


@needs_wordnet
def test_what_may_describe_the_thing_a_pronoun_step_acts_on() -> None:
    lex = shared_lexicon()
    for piece, step in (("The heavy stone figure", "put it beside the lamp"),
                        ("the Louisville Sluggers", "lean 'em by the dresser")):
        assert described_before(piece, step, lex), (piece, step)
    # A piece with a verb, or opening with a word that may be an imperative verb, acts; a
    # step naming its own thing, or no pronoun, has no antecedent to find.
    for piece, step in (("my phone is on the sofa", "put it to charge"),
                        ("Heat the apple", "put it in the bowl"),
                        ("The heavy stone figure", "put the vase beside the lamp")):
        assert not described_before(piece, step, lex), (piece, step)


@needs_wordnet
def test_a_pronoun_after_a_description_that_names_nothing_reaches_the_described() -> None:
    steps = ["The little glass one with the flowers painted on it goes on the shelf",
             "The heavy stone figure", "put it beside the lamp"]
    on = Recaller(Embedder(), config=RecallConfig())  # on by default
    got = step_labels(recall_subtasks(on, "x", living_room(), 3, steps=steps), 2)
    assert "Statue" in got and "FloorLamp" in got, got
    off = Recaller(Embedder(), config=RecallConfig(described_join=False))
    assert "Statue" not in step_labels(recall_subtasks(off, "x", living_room(), 3,
                                                       steps=steps), 2)


@needs_wordnet
def test_a_piece_that_names_a_thing_keeps_the_usual_antecedent() -> None:
    # "the mug" names the mug here: "rinse it" carries it, joined or not.
    steps = ["take the pan off the stove", "the mug", "rinse it"]
    on = Recaller(Embedder(), config=RecallConfig(described_join=True))
    off = Recaller(Embedder(), config=RecallConfig(described_join=False))
    assert (step_labels(recall_subtasks(on, "x", kitchen(), 3, steps=steps), 2)
            == step_labels(recall_subtasks(off, "x", kitchen(), 3, steps=steps), 2))
    assert "Mug" in step_labels(recall_subtasks(on, "x", kitchen(), 3, steps=steps), 2)
