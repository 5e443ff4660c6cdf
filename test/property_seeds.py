"""Pinned hypothesis seeds for the property tests outside test/fuzz (test/fuzz pins its own:
fuzz_support.fuzz_property and test/fuzz/pinned_seeds.json).

Hypothesis's derandomize seeds a property from its source text, decorators included, so any
edit of a property (a comment, a decorator) drew other examples than CI had been running
(round 56 met it in test/fuzz). `@pinned_seed` above a property's `@settings` / `@given`
gives it the seed property_seeds.json holds for "<module>.<function>"; a parametrized one
(hypothesis adds each case's test id to its digest, so each case had a seed of its own) takes
`@pytest.mark.usefixtures("pinned_param_seed")` instead, and each case the seed held for
"<module>.<function>[<case id>]" (the fixture imported into its module). The values are the
seeds derandomize gave these properties at 12693a5b (round 58), so pinning them changed no
example. A new property needs an entry (any integer); test/core/test_property_seeds.py
checks that every property in test/ is pinned and every entry names one.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import seed

SEEDS_FILE = Path(__file__).with_name("property_seeds.json")


def seed_key(test: Any) -> str:
    return f"{Path(sys.modules[test.__module__].__file__ or '').stem}.{test.__name__}"


def _seed(key: str) -> int:
    seeds = json.loads(SEEDS_FILE.read_text(encoding="utf-8"))
    if key not in seeds:
        raise KeyError(f"hypothesis property {key} has no seed in {SEEDS_FILE.name}: add one")
    return int(seeds[key], 0)


def pinned_seed(test: Any) -> Any:
    """`test` (a hypothesis property) with its seed from SEEDS_FILE."""
    return seed(_seed(seed_key(test)))(test)


@pytest.fixture()
def pinned_param_seed(request: pytest.FixtureRequest) -> None:
    """The seed of this case of a parametrized property (hypothesis reads it when the case
    runs, after its fixtures): SEEDS_FILE's "<module>.<function>[<case id>]"."""
    module = Path(request.path).stem
    seed(_seed(f"{module}.{request.node.name}"))(request.function)
