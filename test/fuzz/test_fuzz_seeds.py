"""Every fuzz property runs the seed pinned for it (fuzz_support.PINNED_SEEDS_FILE), so an
edit of a property's text does not change the examples CI runs (round 56: derandomize's
seed comes from the source text, and a fix re-rolled test_skill_goals' 60 examples)."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from fuzz_support import PINNED_SEEDS_FILE, SEED, pinned_seed  # noqa: E402

MODULES = ("test_fuzz_memory_server", "test_fuzz_nodes")


def properties(module_name: str) -> list[Any]:
    module = importlib.import_module(module_name)
    return [getattr(module, name) for name in sorted(dir(module))
            if name.startswith("test") and hasattr(getattr(module, name), "hypothesis")]


@pytest.mark.parametrize("module_name", MODULES)
def test_every_fuzz_property_runs_its_pinned_seed(module_name: str) -> None:
    found = properties(module_name)
    assert found, f"no hypothesis property found in {module_name}"
    for prop in found:
        want = int(SEED) if SEED is not None else pinned_seed(prop)
        # What hypothesis's @seed sets, and reads before derandomize's source digest.
        assert prop._hypothesis_internal_use_seed == want, prop.__name__


def test_every_pinned_seed_names_a_property() -> None:
    names = {f"{m}.{p.__name__}" for m in MODULES for p in properties(m)}
    pinned = {k for k in json.loads(PINNED_SEEDS_FILE.read_text(encoding="utf-8"))
              if not k.startswith("_")}
    assert pinned == names
