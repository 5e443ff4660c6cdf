"""Round 21's held-out cache set (fresh9): its generators are seeded, exact in length and
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


def test_fresh9_is_a_registered_variant_set_of_eighteen_streams() -> None:
    assert HELDOUT.VARIANT_SETS["fresh9"] is HELDOUT.fresh9_variants
    names = list(HELDOUT.fresh9_variants(N))
    assert len(names) == 18
    # at least eight families (the name's first field), two variants of each
    families = {name.split("_")[0] for name in names}
    assert len(families) >= 8
    assert all(sum(n.split("_")[0] == f for n in names) == 2 for f in families)


@pytest.mark.parametrize("n", [1, N, 20_000])
def test_fresh9_streams_have_the_declared_length(n: int) -> None:
    for name, gen in HELDOUT.fresh9_variants(n).items():
        trace = gen()
        assert len(trace) == n, name
        assert all(isinstance(k, int) and k >= 0 for k in trace), name


def test_fresh9_streams_are_deterministic_for_their_seed() -> None:
    first = {name: gen() for name, gen in HELDOUT.fresh9_variants(N).items()}
    again = {name: gen() for name, gen in HELDOUT.fresh9_variants(N).items()}
    assert first == again
    # a longer stream starts with the shorter one (a pure function of the index)
    longer = {name: gen() for name, gen in HELDOUT.fresh9_variants(2 * N).items()}
    assert all(longer[name][:N] == first[name] for name in first)


def test_fresh9_streams_differ_from_each_other_and_are_not_trivial() -> None:
    traces = {name: gen() for name, gen in HELDOUT.fresh9_variants(N).items()}
    for (a, ta), (b, tb) in itertools.combinations(traces.items(), 2):
        assert ta != tb, (a, b)
    for name, trace in traces.items():
        distinct = len(set(trace))
        assert 20 <= distinct < N, (name, distinct)  # reuse, and more than a handful of keys


def test_another_seed_gives_another_stream() -> None:
    h = HELDOUT
    pairs = {
        "dns": lambda s: h.dns_resolver(s, 500, 1.0, 10, 1000, 0.3, 0.1),
        "ci": lambda s: h.ci_artifacts(s, 10, 200, 20, 300, 2, 2),
        "faas": lambda s: h.faas_keepalive(s, 100, 0.3, 0.01, 5.0, 0.05, 0.3),
        "backfwd": lambda s: h.back_forward(s, 30, 1.0, 0.3, 0.3, 5),
        "video": lambda s: h.video_decode(s, 3, 20, 3, 1, 6),
        "vo": lambda s: h.vo_landmarks(s, 10, 50, 20, 6.0, 20, 5, 0.1),
        "tidy": lambda s: h.tidy_sweeps(s, 5, 3, 4, 3, 2),
        "fleet": lambda s: h.fleet_tiles(s, 30, 4, 100, 2, 2, 1.0),
        "dash": lambda s: h.dashboards(s, 4, 30, 5, 1000, 0.2, 2000),
    }
    for family, make in pairs.items():
        a = list(itertools.islice(make(1), 2000))
        b = list(itertools.islice(make(2), 2000))
        assert a != b, family
        assert a == list(itertools.islice(make(1), 2000)), family


def test_the_recency_families_reuse_keys_soon() -> None:
    """The browser, decoder and SLAM families are meant to be recency-dominated: most keys
    used again come back within a short time (counted in events, a property of the stream
    alone)."""
    traces = HELDOUT.fresh9_variants(10_000)
    for name, gen in traces.items():
        if name.split("_")[0] not in {"backfwd", "video", "vo"}:
            continue
        last: dict[int, int] = {}
        soon = again = 0
        for i, key in enumerate(gen()):
            if key in last:
                again += 1
                soon += i - last[key] <= 200
            last[key] = i
        assert again > 0.5 * 10_000 and soon > 0.6 * again, (name, again, soon)
