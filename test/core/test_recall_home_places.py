"""A thing sent "home" goes where the instruction said it lives (issue 11, round 43): a
first-day tour says where things live, then a job says only "put it where it lives" or
"the mugs go home too" (RecallConfig.home_places). The step recalls the place the text
before it gave that thing; without the rule it has no word for it."""

from __future__ import annotations

from test_recall_structure import kitchen, step_labels
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import home_place, recall_subtasks

TOUR = ("Quick tour first: the mugs live in the cabinet, the eggs in the microwave. "
        "Your jobs: the mug on the counter, put it where it lives. "
        "The egg is in the sink, back home.")
JOBS = ["the mug on the counter, put it where it lives.", "The egg is in the sink, back home."]


@needs_wordnet
def test_which_steps_send_a_thing_home(lex: Lexicon) -> None:
    for text in ("put it where it lives", "take one from where they live", "back home, please",
                 "The mugs on the table go home too.", "The candles are on the tank, home please",
                 "the ladle, put it back where it belongs"):
        assert home_place(text, lex), text
    # "home" as a noun (a determiner, a possessive or an adjective before it), or no home.
    for text in ("turn the lamp on so it looks like someone's home", "far from home",
                 "the mugs think the table is their permanent home", "put the mug in the sink",
                 "the eggs live in the fridge"):
        assert not home_place(text, lex), text


@needs_wordnet
def test_a_thing_sent_home_recalls_where_the_tour_said_it_lives() -> None:
    on = Recaller(Embedder())
    sub = recall_subtasks(on, TOUR, kitchen(), 3, steps=JOBS)
    assert {"Mug", "CounterTop", "Cabinet"} == set(step_labels(sub, 0))
    assert {"Egg", "Microwave"} <= set(step_labels(sub, 1))
    off = Recaller(Embedder(), config=RecallConfig(home_places=False))
    sub = recall_subtasks(off, TOUR, kitchen(), 3, steps=JOBS)
    assert "Cabinet" not in step_labels(sub, 0)
    assert "Microwave" not in step_labels(sub, 1)


@needs_wordnet
def test_no_home_said_before_the_step_changes_nothing() -> None:
    # The home said after the step, or never: the step's answer is the rule's off answer.
    steps = ["the mug on the counter, put it where it lives.", "mugs live in the cabinet"]
    on, off = Recaller(Embedder()), Recaller(Embedder(), config=RecallConfig(home_places=False))
    text = " ".join(steps)
    assert step_labels(recall_subtasks(on, text, kitchen(), 3, steps=steps), 0) == \
        step_labels(recall_subtasks(off, text, kitchen(), 3, steps=steps), 0)
