"""Every hypothesis property in test/ runs a pinned seed, so that CI runs the same examples
after an edit of the property's text (derandomize alone seeds from that text): test/fuzz's
through fuzz_support.fuzz_property (`@fuzz`), the others through property_seeds.pinned_seed
(test/property_seeds.json). Read from the source (no test module is imported)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from property_seeds import SEEDS_FILE

TEST_DIR = Path(__file__).resolve().parents[1]
# @pinned_seed, @pytest.mark.usefixtures("pinned_param_seed"), @fuzz (fuzz_property), @seed(n)
PINNING = {"pinned_seed", "pinned_param_seed", "fuzz", "seed"}


def _name(decorator: ast.expr) -> str:
    node = decorator.func if isinstance(decorator, ast.Call) else decorator
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    if name == "usefixtures" and isinstance(decorator, ast.Call):
        return " ".join(str(getattr(a, "value", "")) for a in decorator.args)
    return name


def _properties() -> dict[str, set[str]]:
    """Each hypothesis property ("<module>.<function>") and its decorators' names."""
    found = {}
    for path in sorted(TEST_DIR.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                names = {_name(d) for d in node.decorator_list}
                if "given" in names:
                    found[f"{path.stem}.{node.name}"] = names
    return found


def test_every_hypothesis_property_in_the_suite_runs_a_pinned_seed() -> None:
    found = _properties()
    assert len(found) >= 10, sorted(found)   # the scan sees the suite's properties
    unpinned = sorted(k for k, names in found.items() if not names & PINNING)
    assert not unpinned, f"hypothesis properties without a pinned seed: {unpinned}"


def test_every_seed_in_the_file_names_a_pinned_property() -> None:
    found = _properties()
    pinned = {k for k, names in found.items() if names & {"pinned_seed", "pinned_param_seed"}}
    listed = {k.split("[")[0] for k in json.loads(SEEDS_FILE.read_text(encoding="utf-8"))
              if not k.startswith("_")}   # a parametrized property's cases: "...[<case id>]"
    assert listed == pinned
