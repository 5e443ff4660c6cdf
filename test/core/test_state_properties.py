"""Every state word is a value of one property, and the skill table agrees (round 21)."""

from __future__ import annotations

from memory_node.core.skills import load_skill_table
from memory_node.core.units import OBJECT_STATES, STATE_PROPERTY, same_property


def test_every_state_but_none_and_absent_has_a_property() -> None:
    assert set(STATE_PROPERTY) == set(OBJECT_STATES) - {"none", "absent"}


def test_what_a_skill_clears_is_a_value_of_the_property_it_sets() -> None:
    # A skill's `clears` lists the states its own state ends (cooling ends heated): two
    # values of one property. A pair of two properties would let the one's readings
    # never vote the other out, though the skill says they exclude each other.
    table = load_skill_table()
    pairs = [(spec.state_after[1], c) for spec in table.skills.values()
             if spec.state_after is not None for c in spec.clears]
    assert pairs   # the table has such pairs (cleaned/dirty, heated/cooled, ...)
    assert all(STATE_PROPERTY[a] == STATE_PROPERTY[b] for a, b in pairs)


def test_none_stands_for_any_property() -> None:
    assert same_property("none", "filled") and same_property("opened", "closed")
    assert not same_property("cleaned", "filled")


def test_the_always_valued_properties_are_properties_of_state_words() -> None:
    """ALWAYS_VALUED names properties of STATE_PROPERTY (a typo there would make a fridge
    seen without a word read "none")."""
    from memory_node.core.units import ALWAYS_VALUED, STATE_PROPERTY  # noqa: PLC0415

    assert ALWAYS_VALUED and ALWAYS_VALUED <= set(STATE_PROPERTY.values())
