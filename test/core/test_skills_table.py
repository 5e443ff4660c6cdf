"""The skill vocabulary: the shipped table parses, its rules are enforced at load time."""

from __future__ import annotations

import pytest
import yaml

from memory_node.core.skills import (
    default_skill_table_path,
    load_skill_table,
    parse_skill_table,
)


def shipped() -> dict:
    return yaml.safe_load(default_skill_table_path().read_text())


def test_shipped_table_names_servers_fixtures_and_effects() -> None:
    table = load_skill_table()
    assert {"navigate", "explore", "pick", "put", "open", "close", "toggle_on", "toggle_off",
            "slice", "clean", "heat", "cool", "fill", "pour"} <= set(table.names)
    assert table.action_for("navigate") == "base/execute_skill"
    assert table.action_for("pick") == "arm/execute_skill"
    assert ("Faucet",) in table.fixtures_for("clean")
    assert table["open"].state_after == (0, "opened")
    assert table["put"].object_args == (0, 1)
    assert table["put"].signature() == "put(object, receptacle, [relation])"


def test_calls_are_checked_against_the_table() -> None:
    table = load_skill_table()
    assert table.check_call(" Pick ", [" Apple_1 "]) == ("pick", ("Apple_1",))
    for skill, args, words in [
        ("fly", ["x"], "unknown skill"),
        ("pick", [], "takes 1..1"),
        ("pick", "Apple_1", "list of strings"),
        ("put", ["a", "b", "under"], "'in' or 'on'"),
        ("pick", [""], "non-empty"),
        ("pick", ["x" * 500], "at most"),
    ]:
        with pytest.raises(ValueError, match=words):
            table.check_call(skill, args)


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d["skills"]["pick"].update(server="elbow"), "server"),
    (lambda d: d["skills"]["pick"].update(requires=["levitating"]), "unknown requirement"),
    (lambda d: d["skills"]["pick"].update(requires=[{"holding": 5}]), "names argument"),
    (lambda d: d["skills"]["pick"].update(effect={"explode": 0}), "effect forms"),
    (lambda d: d["skills"]["pick"].update(args=[{"role": "x", "kind": "weapon"}]), "kind"),
    (lambda d: d["skills"]["put"]["args"].reverse(), "optional arguments must come last"),
    (lambda d: d.pop("servers"), "servers"),
])
def test_a_bad_table_is_refused_at_load(mutate, words: str) -> None:
    data = shipped()
    mutate(data)
    with pytest.raises(ValueError, match=words):
        parse_skill_table(data, "test")


def test_what_fixtures_undo_is_read_from_the_table() -> None:
    """What a fixture may undo in what is left in or on it: the states its skills' effects
    clear; a tool held for a skill (slice's knife) is not such a fixture."""
    clears = load_skill_table().fixture_clears()
    assert clears["Fridge"] == frozenset({"heated"})
    assert clears["Microwave"] == clears["StoveBurner"] == frozenset({"cooled"})
    assert clears["SinkBasin"] == frozenset({"dirty"})
    assert "Knife" not in clears and "Toaster" not in clears and "CoffeeMachine" not in clears
    data = shipped()
    data["skills"]["cool"]["effect"]["state"]["clears"] = "heated"
    with pytest.raises(ValueError, match="clears is a list of states"):
        parse_skill_table(data)
