"""Round 49 (issue 11, part 4): the bench that asks why a recall after an idle gap is slow
(`bench/recall_idle_gap.py`) compares gaps only if every gap meets the same requests and
the machine's moments alike, and its split by how idle the machine was must put each
request in the right half; its machine probes must each run the piece of work they name
(the pipe echo answers, the worker thread runs) and end their helper process."""

from __future__ import annotations

import pytest
from bench_scripts import load_bench

GAPS = [0.0, 0.05, 0.2, 1.0]


def test_gap_order_is_balanced_per_block_and_seeded() -> None:
    bench = load_bench("recall_idle_gap")
    order = bench.gap_order(GAPS, 40)
    assert order == bench.gap_order(GAPS, 40)  # seeded
    for i in range(0, 40, 4):
        assert sorted(order[i:i + 4]) == GAPS  # each block holds every gap once
    assert order[:4] != order[4:8] or order[4:8] != order[8:12]  # shuffled, not fixed


def test_by_halted_splits_at_the_median_idle_share() -> None:
    bench = load_bench("recall_idle_gap")
    rows = [{"server": "s", "kind": "k", "gap": 0.2, "halted_share_of_gap": h,
             "wall_ms": w, "server_cpu_ms": w / 2}
            for h, w in [(0.0, 1.0), (0.1, 2.0), (0.8, 10.0), (0.9, 20.0)]]
    rows.append({"server": "s", "kind": "k", "gap": 0.0, "halted_share_of_gap": 0.0,
                 "wall_ms": 5.0, "server_cpu_ms": 1.0})
    out = bench.by_halted(rows)
    assert list(out) == ["s/k@0.2"]  # no gap, nothing to split
    split = out["s/k@0.2"]
    assert split["median_halted_share"] == pytest.approx(0.45)
    assert split["more_idle"]["wall_ms"]["n"] == split["less_idle"]["wall_ms"]["n"] == 2
    assert split["more_idle"]["wall_ms"]["p50"] == pytest.approx(15.0)
    assert split["less_idle"]["wall_ms"]["p50"] == pytest.approx(1.5)


def test_probes_run_their_work_and_end_the_echo_process() -> None:
    bench = load_bench("recall_idle_gap")
    result = bench.run_probe([0.0, 0.01], 1)
    names = {k.split("/")[1].split("@")[0] for k in result["by_probe_gap"]}
    assert names == {"model", "numpy", "python", "thread_handoff", "process_pingpong"}
    for summary in result["by_probe_gap"].values():
        assert summary["wall_ms"]["n"] == 1 and summary["wall_ms"]["p50"] > 0
        assert 0.0 <= summary["halted_share_of_gap"]["p50"] <= 1.0


def test_halted_share_is_capped_when_an_idle_period_begun_before_the_gap_is_credited_in_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # cpuidle credits an idle period when it ends: one begun before the gap and ended inside
    # it counts wholly, so the counters can show more halted time than the gap held
    # (CI saw 1.001 on a 10 ms gap).
    bench = load_bench("recall_idle_gap")
    monkeypatch.setattr(bench, "CPUIDLE", [bench.Path(f"/sys/devices/system/cpu/cpu{i}/"
                                                      "cpuidle/state1/time") for i in (0, 1)])
    assert bench.halted_share(0, 25_000, 0.01) == 1.0  # 25 ms credited over 2 x 10 ms
    assert bench.halted_share(0, 10_000, 0.01) == pytest.approx(0.5)
    assert bench.halted_share(0, 10_000, 0.0) == 0.0
    monkeypatch.setattr(bench, "CPUIDLE", [])
    assert bench.halted_share(0, 10_000, 0.01) == 0.0


def test_no_halt_ab_holds_every_other_block_and_tags_its_rows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    bench = load_bench("recall_idle_gap")
    held: list[bool] = []
    # The device's request is machine-wide (every CPU kept polling): a test records the
    # requests instead of making them.
    monkeypatch.setattr(bench.NoHalt, "hold", lambda self, on: held.append(on))
    result = bench.run_probe([0.0, 0.01], 1, no_halt_ab=True)
    # per gap: block 0 free, block 1 held, then released
    assert held == [False, False, True, True, False]
    servers = {k.split("/")[0] for k in result["by_probe_gap"]}
    assert servers == {"probe", "probe_nohalt"}
    for summary in result["by_probe_gap"].values():
        assert summary["wall_ms"]["n"] == 1
