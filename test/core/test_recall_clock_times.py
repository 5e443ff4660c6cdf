"""Round 35 (issue 11): a clock time says when, not what. "Lights off @ 2130." (blind 23,
twice) recalled nothing: the digits pulled the short step's vector below the floor for
every thing, the light switch included, which "Lights off." alone finds."""

from __future__ import annotations

import pytest
from test_recall_structure import kitchen
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller, without_clock_times


@pytest.mark.parametrize(("text", "left"), [
    ("Lights off @ 2130.", "Lights off ."),
    ("Lights off 2200.", "Lights off ."),
    ("10:00 racket and bat off the bed", " racket and bat off the bed"),
    ("alarm clock set for 7am, thanks", "alarm clock set for , thanks"),
    ("delivered at 18:42 and left at the door", "delivered  and left at the door"),
    # quantities, sizes, flat numbers and a lone time are no time to leave out
    ("put 2 mugs in the sink", "put 2 mugs in the sink"),
    ("the 500 ml bottle", "the 500 ml bottle"),
    ("flat 4B, room 101", "flat 4B, room 101"),
    ("2130", "2130"),
])
def test_clock_times_left_out(text: str, left: str) -> None:
    assert without_clock_times(text) == left


@needs_wordnet
def test_a_step_with_a_time_recalls_what_it_says() -> None:
    units = kitchen()
    on = Recaller(Embedder())
    # (plural_modifiers off too: since round 61 "lights" names the light switch outright in
    # a step naming nothing else, whatever the digits do to the step's vector)
    off = Recaller(Embedder(), config=RecallConfig(clock_times=False, plural_modifiers=False))
    for text in ("Lights off @ 2130.", "Lights off 2200."):
        assert [r.unit.label for r in on.rank(text, units, 3)][:1] == ["LightSwitch"], text
    # the step as read is the step without its time: the same answer
    assert [r.unit.object_id for r in on.rank("Lights off @ 2130.", units, 3)] == \
        [r.unit.object_id for r in on.rank("Lights off .", units, 3)]
    assert "LightSwitch" not in [r.unit.label for r in off.rank("Lights off @ 2130.", units, 3)]
