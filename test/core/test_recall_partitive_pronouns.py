"""A preposition's pronoun that stands for the step's own thing (issue 11, round 42): a
quantifier's "of them" is a share of the step's own things, not a place
(RecallConfig.partitive_pronouns: "the mugs, both of them, off the counter into the
cabinet"), and a word of a type's name here is a thing when the guard counts two things
before the pronoun (RecallConfig.scene_things: "the microwave has soup in it", WordNet's
first microwave being a wave). Neither carries an earlier step's thing into the step."""

from __future__ import annotations

from test_recall_structure import kitchen, step_labels
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import (
    pronoun_after_preposition,
    recall_subtasks,
    scene_words_of,
)

STEPS = ["take the pan off the stove", "the mugs, both of them, off the counter into the cabinet"]
SOUP = ["put the pan on the stove",
        "the microwave has soup in it, take the bowl out and put it in the sink"]


@needs_wordnet
def test_a_partitive_is_no_preposition_s_object(lex: Lexicon) -> None:
    for text in ("the mugs, both of them, into the cabinet", "CDs, I see two of 'em",
                 "three newspapers, all of them in the bin", "the cups, each of them",
                 "the candles, the rest of them too"):
        assert not pronoun_after_preposition(text, lex, partitives=True), text
        assert pronoun_after_preposition(text, lex), text  # as main read it
    # Every other preposition's pronoun still refers back, "of" after a noun too.
    for text in ("drop the pens in it", "put the lid on top of it",
                 "take the pens and pencils out of it", "put some water in with it"):
        assert pronoun_after_preposition(text, lex, partitives=True), text


@needs_wordnet
def test_a_partitive_step_keeps_its_own_things() -> None:
    on = Recaller(Embedder())
    assert set(step_labels(recall_subtasks(on, "x", kitchen(), 3, steps=STEPS), 1)) == {
        "Mug", "CounterTop", "Cabinet"}
    # Read as a place, "them" carried the step before's stove over the counter, a need
    # (named_slots off too: since round 59b a step naming three types outright keeps them).
    off = Recaller(Embedder(), config=RecallConfig(partitive_pronouns=False, named_slots=False))
    got = step_labels(recall_subtasks(off, "x", kitchen(), 3, steps=STEPS), 1)
    assert "StoveBurner" in got and "CounterTop" not in got


@needs_wordnet
def test_a_word_of_a_type_here_is_a_thing_before_the_pronoun(lex: Lexicon) -> None:
    text = "the microwave has soup in it"
    assert pronoun_after_preposition(text, lex)  # the microwave: no thing by WordNet alone
    assert not pronoun_after_preposition(text, lex, scene_words=scene_words_of(kitchen()))
    # A region of a thing is no thing, though "top" is a word of the counter top's name.
    assert pronoun_after_preposition("put the lid on top of it", lex,
                                     scene_words=scene_words_of(kitchen()))


@needs_wordnet
def test_a_step_naming_the_pronoun_s_thing_keeps_its_own_things() -> None:
    on = Recaller(Embedder())
    got = step_labels(recall_subtasks(on, "x", kitchen(), 3, steps=SOUP), 1)
    assert {"Microwave", "Bowl"} <= set(got) and {"Sink", "SinkBasin"} & set(got)
    # (named_slots off too: since round 59b a step naming three types outright keeps them)
    off = Recaller(Embedder(), config=RecallConfig(scene_things=False, named_slots=False))
    got = step_labels(recall_subtasks(off, "x", kitchen(), 3, steps=SOUP), 1)
    assert not {"Sink", "SinkBasin"} & set(got)
