"""The plan request's notes are one dict two owners write: the plan loop sets what it knows
for the instruction (`req.notes[key] = ...` before each plan) and the offline planner keeps
its own working sets there (`req.notes.setdefault(key, ...)`). A key both use is two
meanings in one slot: round 77's first form of exp107's note ("opened_for", a tuple of
receptacles) took the key of the planner's set of objects it had sent an open for, and the
planner's `.add` on the loop's tuple raised AttributeError mid-task (fresh54a tidy lost two
tasks in the experience arm). Read from the sources, so a new key of either side is checked."""

from __future__ import annotations

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "memory_node" / "planner" / "core"


def _notes_keys(source: Path, how: str) -> set[str]:
    """Keys of `<x>.notes` that `source` assigns (`how="set"`: `x.notes["k"] = v`), takes
    with a default (`how="setdefault"`: `x.notes.setdefault("k", d)`) or reads (`how="get"`:
    `x.notes.get("k", ...)`)."""
    keys: set[str] = set()
    for node in ast.walk(ast.parse(source.read_text())):
        if how == "set" and isinstance(node, ast.Assign):
            for target in node.targets:
                if (isinstance(target, ast.Subscript) and isinstance(target.value, ast.Attribute)
                        and target.value.attr == "notes"
                        and isinstance(target.slice, ast.Constant)):
                    keys.add(target.slice.value)
        if (isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute) and node.func.attr == how
                and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "notes"
                and node.args and isinstance(node.args[0], ast.Constant)):
            keys.add(node.args[0].value)
    return keys


def test_the_loops_notes_and_the_offline_planners_own_notes_share_no_key() -> None:
    """A key both write is shared on purpose only where the loop reads back what the planner
    added to it ("looked": the loop hands its set over and keeps the planner's additions)."""
    loop = _notes_keys(CORE / "loop.py", "set")
    planner = _notes_keys(CORE / "offline.py", "setdefault")
    handed_back = _notes_keys(CORE / "loop.py", "get")
    assert {"put_into", "acted"} <= loop                    # the reader finds the loop's keys
    assert {"avoid", "opened_for", "bindings"} <= planner  # and the planner's
    assert "looked" in handed_back
    clash = (loop & planner) - handed_back
    assert not clash, f"keys with two owners: {sorted(clash)}"
