"""Round 20's held-out cache set (fresh8): its generators are seeded, exact in length and
distinct. Only the streams are checked here; no policy runs on them (they are held out)."""

from __future__ import annotations

import importlib.util
import itertools
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _heldout() -> ModuleType:
    """bench/cache_rule_heldout.py as a module (bench/ is scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(
        "cache_rule_heldout", ROOT / "bench" / "cache_rule_heldout.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HELDOUT = _heldout()
N = 3000


def test_fresh8_is_a_registered_variant_set_of_eighteen_streams() -> None:
    assert HELDOUT.VARIANT_SETS["fresh8"] is HELDOUT.fresh8_variants
    names = list(HELDOUT.fresh8_variants(N))
    assert len(names) == 18
    # at least eight families (the name's first field), two variants of each
    families = {name.split("_")[0] for name in names}
    assert len(families) >= 8
    assert all(sum(n.split("_")[0] == f for n in names) == 2 for f in families)


@pytest.mark.parametrize("n", [1, N, 20_000])
def test_fresh8_streams_have_the_declared_length(n: int) -> None:
    for name, gen in HELDOUT.fresh8_variants(n).items():
        trace = gen()
        assert len(trace) == n, name
        assert all(isinstance(k, int) and k >= 0 for k in trace), name


def test_fresh8_streams_are_deterministic_for_their_seed() -> None:
    first = {name: gen() for name, gen in HELDOUT.fresh8_variants(N).items()}
    again = {name: gen() for name, gen in HELDOUT.fresh8_variants(N).items()}
    assert first == again
    # a longer stream starts with the shorter one (a pure function of the index)
    longer = {name: gen() for name, gen in HELDOUT.fresh8_variants(2 * N).items()}
    assert all(longer[name][:N] == first[name] for name in first)


def test_fresh8_streams_differ_from_each_other_and_are_not_trivial() -> None:
    traces = {name: gen() for name, gen in HELDOUT.fresh8_variants(N).items()}
    for (a, ta), (b, tb) in itertools.combinations(traces.items(), 2):
        assert ta != tb, (a, b)
    for name, trace in traces.items():
        distinct = len(set(trace))
        assert 20 <= distinct < N, (name, distinct)  # reuse, and more than a handful of keys


def test_another_seed_gives_another_stream() -> None:
    h = HELDOUT
    pairs = {
        "agent": lambda s: h.agent_docs(s, 50, 100, 8, 40, 4, 0.3),
        "ycsbe": lambda s: h.ycsb_scans(s, 2000, 0.9, 30, 0.05),
        "feed": lambda s: h.feed_reads(s, 300, 100, 10, 10, 0.2, 500, 0.2),
        "level": lambda s: h.level_stream(s, 50, 2, 60, 4, 10, 0.01, 5),
        "mail": lambda s: h.mail_folders(s, 6, 20, 30, 0.01, 2),
        "lsm": lambda s: h.lsm_blocks(s, 3000, 0.9, 0.3, 8, 100, 3, 256),
        "photo": lambda s: h.photo_browse(s, 50, 20, 1.0, 500, 0.3, 3),
        "tpcc": lambda s: h.tpcc(s, 1, 100, 1000),
        "mapq": lambda s: h.map_queries(s, 10, 2, 15, 1.0, 30, 2),
    }
    for family, make in pairs.items():
        a = list(itertools.islice(make(1), 2000))
        b = list(itertools.islice(make(2), 2000))
        assert a != b, family
        assert a == list(itertools.islice(make(1), 2000)), family
