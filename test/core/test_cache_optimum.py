"""Belady optimum, trace readers and the simulator CLI; real traces when the data is present."""

from __future__ import annotations

import gzip
import json
import lzma
import os
import random
import struct
from functools import cache
from pathlib import Path

import pytest

from memory_node.core.cache import POLICY_NAMES
from memory_node.core.cache.optimum import optimal_hit_rate
from memory_node.core.cache.simulate import main as simulate_main
from memory_node.core.cache.simulate import simulate
from memory_node.core.cache.traces import detect_format, read_trace, trace_name


def _shared_data() -> Path:
    env = os.environ.get("MEMORY_NODE_SHARED_DATA")
    return Path(env) if env else Path(__file__).resolve().parents[2].parent / "shared" / "data"


def _brute_force_hits(trace: list[int], capacity: int, bypass: bool) -> int:
    """Best achievable hits over every eviction (and, with bypass, admission) choice."""

    @cache
    def best(i: int, cache: frozenset[int]) -> int:
        if i == len(trace):
            return 0
        k = trace[i]
        if k in cache:
            return 1 + best(i + 1, cache)
        if len(cache) < capacity:
            options = [cache | {k}]
        else:
            options = [(cache - {v}) | {k} for v in cache]
        if bypass:
            options.append(cache)
        return max(best(i + 1, c) for c in options)

    return best(0, frozenset())


@pytest.mark.parametrize("seed", range(12))
def test_optimum_matches_exhaustive_search(seed: int) -> None:
    rng = random.Random(seed)
    trace = [rng.randrange(5) for _ in range(14)]
    for capacity in (1, 2, 3):
        for bypass in (True, False):
            got = optimal_hit_rate(trace, capacity, bypass=bypass).hits
            assert got == _brute_force_hits(trace, capacity, bypass), (capacity, bypass)


@pytest.mark.parametrize("seed", range(4))
def test_online_policies_never_beat_the_optimum_on_generated_traces(seed: int) -> None:
    rng = random.Random(seed)
    trace = [int(rng.paretovariate(0.9)) % 400 if rng.random() < 0.7 else rng.randrange(5000)
             for _ in range(4000)]
    for capacity in (1, 3, 10, 40):
        opt = optimal_hit_rate(trace, capacity).hits
        assert optimal_hit_rate(trace, capacity, bypass=False).hits <= opt
        for name in POLICY_NAMES:
            assert simulate(trace, name, capacity).hits <= opt, (name, capacity)


def test_optimum_warm_accounting_and_bad_input() -> None:
    c = optimal_hit_rate([1, 2, 1, 2, 3, 1], 2)
    assert (c.hits, c.queries) == (3, 6)
    assert c.warm_start == 2 and c.warm_queries == 4
    with pytest.raises(ValueError):
        optimal_hit_rate([1, 2], 0)
    with pytest.raises(ValueError, match="hashable"):
        optimal_hit_rate([1, [2]], 2)


# -- readers and CLI -------------------------------------------------------------------------


def _write_traces(tmp: Path) -> dict[str, Path]:
    keys = [5, -3, 7, 5, 2**31 - 1, 7]
    lirs = tmp / "t.trace.gz"
    with gzip.open(lirs, "wt") as fh:
        fh.write("* a comment\n" + "\n".join(map(str, keys)) + "\n\n*\n")
    c2k = tmp / "web.trace.xz"
    with lzma.open(c2k, "wb") as fh:
        fh.write(struct.pack(f">{len(keys)}i", *keys))
    corda = tmp / "corda_x.trace.gz"
    with gzip.open(corda, "wb") as fh:
        fh.write(struct.pack(f">{len(keys)}q", *(k * 2**30 for k in keys)))
    return {"lirs": lirs, "cache2k": c2k, "corda": corda}


def test_trace_readers(tmp_path: Path) -> None:
    paths = _write_traces(tmp_path)
    keys = [5, -3, 7, 5, 2**31 - 1, 7]
    for fmt, path in paths.items():
        assert detect_format(path) == fmt
        expected = [k * 2**30 for k in keys] if fmt == "corda" else keys
        assert read_trace(path, fmt) == expected
        assert read_trace(path) == expected
    assert trace_name(paths["cache2k"]) == "web"
    bad = tmp_path / "bad.trace"
    bad.write_text("1\nnope\n")
    with pytest.raises(ValueError, match="not an integer"):
        read_trace(bad, "lirs")
    with pytest.raises(ValueError, match="unknown trace format"):
        read_trace(bad, "csv")
    odd = tmp_path / "odd.bin"
    odd.write_bytes(b"\x00\x01\x02")
    with pytest.raises(ValueError, match="whole number"):
        read_trace(odd, "cache2k")


def test_simulator_cli_json_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = _write_traces(tmp_path)
    out = tmp_path / "out.jsonl"
    rc = simulate_main([str(paths["lirs"]), "--format", "lirs", "--capacities", "1,2",
                        "--policies", "wtinylfu,lru,optimum", "--output", str(out)])
    assert rc == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["policy"], r["capacity"]) for r in rows] == [
        ("wtinylfu", 1), ("lru", 1), ("optimum", 1), ("wtinylfu", 2), ("lru", 2), ("optimum", 2)]
    assert all(r["trace"] == "t" and r["queries"] == 6 for r in rows)
    # keys 5 -3 7 5 M 7 at capacity 2: LRU never hits; the optimum keeps 5 and 7 (2 hits)
    assert rows[4]["hits"] == 0 and rows[4]["hit_rate"] == 0.0
    assert rows[5]["hits"] == 2 and rows[5]["hit_rate"] == pytest.approx(2 / 6)
    assert simulate_main([str(paths["corda"]), "--capacities", "3", "--policies", "fifo"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["policy"] == "fifo" and row["events"] == 6
    for bad in (["--capacities", "0"], ["--capacities", "x"], ["--policies", "arc"]):
        with pytest.raises(SystemExit) as exc:
            simulate_main([str(paths["lirs"]), *bad])
        assert exc.value.code == 2
    assert simulate_main([str(tmp_path / "missing.trace")]) == 1


# -- the shared public traces ------------------------------------------------------------------

SMALL_TRACES = ("gli", "cpp", "ps", "multi1")


@pytest.mark.parametrize("name", SMALL_TRACES)
def test_every_policy_at_most_the_optimum_on_public_traces(name: str) -> None:
    d = _shared_data() / "cache_traces"
    if not d.is_dir():
        pytest.skip(f"../shared/data/cache_traces absent: {d} (set MEMORY_NODE_SHARED_DATA)")
    path = d / f"{name}.trace.gz"
    if not path.exists():
        pytest.skip(f"../shared/data/cache_traces absent: no {path.name} in {d}")
    trace = read_trace(path)
    for capacity in (5, 25, 100):
        opt = optimal_hit_rate(trace, capacity)
        assert optimal_hit_rate(trace, capacity, bypass=False).hits <= opt.hits
        for policy in POLICY_NAMES:
            c = simulate(trace, policy, capacity)
            assert c.hits <= opt.hits, (name, policy, capacity)
            assert c.queries == len(trace)
        # W-TinyLFU must beat LRU where frequency matters (these are LIRS's loop-ish traces)
        if capacity == 100:
            assert simulate(trace, "wtinylfu", 100).hits >= simulate(trace, "lru", 100).hits
