"""Round 65 (issue 11): the planner's split parts steps at joints 3e81fe0d read as one step
(``subtasks.SPLIT_JOINTS``): dictated punctuation ("... full stop put the books ..."), bullets and
prompts on one line, an emoji arrow after a comma, run-ons ("the egg is in a bowl put the
bowl in the cupboard"), an inline numbered list; and a piece of only modifiers ("warm not
hot") stays with its step."""

from __future__ import annotations

from wordnet_data import needs_wordnet

from memory_node.core.recall import subtasks
from memory_node.core.recall.lexicon import shared_lexicon
from memory_node.core.recall.subtasks import split_subtasks

# 3e81fe0d's joints (round 64's).
BEFORE = frozenset({"line", "extend", "to", "arrow"})


def _both(text: str, before: frozenset[str] = BEFORE) -> tuple[list[str], list[str]]:
    """``text`` split with SPLIT_JOINTS as committed, and with ``before``'s joints."""
    lex = shared_lexicon()
    now = frozenset(subtasks.SPLIT_JOINTS)
    on = split_subtasks(text, lex)
    subtasks.SPLIT_JOINTS.clear()
    subtasks.SPLIT_JOINTS.update(before)
    try:
        off = split_subtasks(text, lex)
    finally:
        subtasks.SPLIT_JOINTS.clear()
        subtasks.SPLIT_JOINTS.update(now)
    return on, off


def parted(before: frozenset[str], cases: tuple[tuple[str, list[str]], ...]) -> None:
    """Each text split as wanted now, and as one step with ``before``'s joints."""
    for text, want in cases:
        on, off = _both(text, before)
        assert on == want, on
        assert off == [text], off


def unchanged(before: frozenset[str], texts: tuple[str, ...]) -> None:
    """Each text split the same now as with ``before``'s joints."""
    for text in texts:
        on, off = _both(text, before)
        assert on == off, on


@needs_wordnet
def test_dictated_punctuation_is_read_as_the_marks() -> None:
    on, off = _both("note to robot colon move the laptop from the sofa to the coffee table "
                    "period new paragraph put the statue back on the shelf exclamation mark")
    assert on == ["note to robot", "move the laptop from the sofa to the coffee table",
                  "put the statue back on the shelf"], on
    assert len(off) == 1, off
    on, off = _both("ARRIVING TONIGHT STOP EGGS INTO FRIDGE STOP FOIL INTO DRAWER STOP")
    assert on == ["ARRIVING TONIGHT", "EGGS INTO FRIDGE", "FOIL INTO DRAWER"], on
    assert len(off) == 1, off
    # The names as nouns stay words: after a determiner, before "of", opening the text.
    for text in ("Put the kettle of the period on the hob",
                 "period cramps again, put the hot water bottle on the bed"):
        on, off = _both(text)
        assert on == off, (text, on)


@needs_wordnet
def test_bullets_and_prompts_on_one_line_part_the_items() -> None:
    on, off = _both("Before the inspection: • pens and pencils into the desk drawer "
                    "• tissue box onto the nightstand • mirror wiped")
    assert on == ["Before the inspection", "• pens and pencils into the desk drawer",
                  "• tissue box onto the nightstand", "• mirror wiped"], on
    assert len(off) == 2, off
    on, off = _both("> TAKE MUG FROM CABINET > FILL MUG AT FAUCET > PUT MUG IN MICROWAVE")
    assert on == ["> TAKE MUG FROM CABINET", "> FILL MUG AT FAUCET",
                  "> PUT MUG IN MICROWAVE"], on
    assert len(off) == 1, off
    # A ">" between two words is an arrow, not a prompt.
    on, off = _both("vase > shelf")
    assert on == off == ["vase > shelf"], on


@needs_wordnet
def test_an_emoji_arrow_after_a_comma_parts_gapping() -> None:
    on, off = _both("bats \u27a1\ufe0f under \U0001f6cf\ufe0f, \U0001f4f1 \u27a1\ufe0f "
                    "nightstand, \U0001f4bf \u27a1\ufe0f shelf")
    assert len(on) == 3, on
    assert len(off) == 1, off


@needs_wordnet
def test_a_run_on_parts_before_a_bare_verb_with_its_own_object() -> None:
    on, off = _both("the egg is in a bowl put the bowl in the cold cupboard")
    assert on == ["the egg is in a bowl", "put the bowl in the cold cupboard"], on
    assert len(off) == 1, off
    # A verb acting on a pronoun is the same step as the thing before it, and a verb after
    # a function word or an adverb opens none.
    for text in ("the watch on the sofa put it in the drawer",
                 "the phone on the desk, can you put the charger in it",
                 "the mug is on the shelf do not move the plate"):
        on, off = _both(text)
        assert on == off, (text, on)


@needs_wordnet
def test_an_inline_numbered_list_parts_at_each_number() -> None:
    on, off = _both("eczema bath: 1. run the bath 2. NO bubble bath 3. soft towel from the "
                    "cupboard")
    assert on == ["eczema bath", "run the bath", "NO bubble bath",
                  "soft towel from the cupboard"], on
    assert on != off, off


@needs_wordnet
def test_a_piece_of_only_modifiers_stays_with_its_step() -> None:
    on, off = _both("Run the bath, warm not hot. Candles on the edge of the bath.")
    assert on == ["Run the bath, warm not hot", "Candles on the edge of the bath"], on
    assert off[:2] == ["Run the bath", "warm not hot"], off


@needs_wordnet
def test_gapping_with_source_places_parts() -> None:
    on, off = _both("get me my phone off the desk, the alarm clock and my book from the "
                    "bedside table")
    assert on == ["get me my phone off the desk",
                  "the alarm clock and my book from the bedside table"], on
    assert len(off) == 1, off
    # A source and a place are one step.
    on, off = _both("Alarm clock off the floor, the one by the bed, onto the bedside table")
    assert on == off, on


@needs_wordnet
def test_a_run_on_at_a_noun_phrase_with_its_own_place() -> None:
    on, off = _both("can u put my phone on charge like just put it on the desk the book on "
                    "my bed goes on the shelf")
    assert on[-1] == "the book on my bed goes on the shelf", on
    assert len(off) == 1, off
