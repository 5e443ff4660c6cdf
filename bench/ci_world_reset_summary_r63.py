"""Round 63 (flake64): figures of bench/ci_world_reset_loop_r63.sh's loops as JSON.

    .venv/bin/python bench/ci_world_reset_summary_r63.py --loop base=/tmp/flake64/runs_base \
        --loop fix=/tmp/flake64/runs_fix --probe /tmp/flake64/runs_probe --out x.json

Per loop: batches, runs (passed + failed), failures, and each failure's first assertion line.
With --probe (a loop of a tree with bench/results/ci_world_reset_probe_r63.patch applied, KEEP=1):
for every goal after the world's silence (each planner log's second goal), the silence the
planner saw (monotonic now minus its newest tick's arrival), whether it judged the clock
silent, and the worst lateness among the 25 ticks before it: DDS (reception minus source
timestamp) and to the callback (callback minus source timestamp)."""

from __future__ import annotations

import argparse
import glob
import json
import re
from pathlib import Path
from typing import Any

from environment import with_environment


def loop_figures(folder: Path) -> dict[str, Any]:
    runs = failed = batches = 0
    failures: list[str] = []
    for log in sorted(folder.glob("log*.txt")):
        text = log.read_text(errors="replace")
        p = re.search(r"(\d+) passed", text)
        f = re.search(r"(\d+) failed", text)
        if not p and not f:
            continue                      # a batch still running or cut off
        batches += 1
        runs += int(p[1]) if p else 0
        if f:
            runs += int(f[1])
            failed += int(f[1])
            failures += [f"{log.name}: {m}" for m in re.findall(r"^E +(.+)$", text, re.M)[:1]]
    return {"batches": batches, "runs": runs, "failed": failed, "failures": failures}


def probe_figures(folder: Path) -> dict[str, Any]:
    rows: list[dict[str, Any]] = []
    for f in sorted(glob.glob(str(folder / "keep*" / "*.log"))):
        lines = Path(f).read_text(errors="replace").splitlines()
        goals = [i for i, line in enumerate(lines) if "PROBE goal" in line]
        for gi in goals[1:]:              # the first goal is the old world's
            m = re.search(r"mono=([\d.]+) silent=(\w+) last_tick_wall=([\d.]+)", lines[gi])
            if not m:
                continue
            late: list[float] = []
            dds: list[float] = []
            for line in lines[gi + 1: gi + 26]:
                t = re.search(r"late_ms=([-\d.]+) dds_late_ms=([-\d.]+)", line)
                if "PROBE tick" not in line or not t:
                    break
                late.append(float(t[1]))
                dds.append(float(t[2]))
            rows.append({"silence_seen_s": round(float(m[1]) - float(m[3]), 3),
                         "silent": m[2] == "True", "max_callback_late_ms": max(late, default=0),
                         "max_dds_late_ms": max(dds, default=0)})
    n = len(rows)

    def q(key: str, p: float) -> float:
        v = sorted(r[key] for r in rows)
        return v[min(n - 1, int(p * n))] if n else float("nan")
    return {"goals": n, "not_silent": sum(not r["silent"] for r in rows),
            "silence_seen_s": {"min": q("silence_seen_s", 0), "p10": q("silence_seen_s", .1),
                               "median": q("silence_seen_s", .5)},
            "max_callback_late_ms": {"median": q("max_callback_late_ms", .5),
                                     "p90": q("max_callback_late_ms", .9),
                                     "max": q("max_callback_late_ms", 1)},
            "max_dds_late_ms": {"median": q("max_dds_late_ms", .5),
                                "p90": q("max_dds_late_ms", .9),
                                "max": q("max_dds_late_ms", 1)}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loop", action="append", default=[], help="tag=folder")
    ap.add_argument("--probe", action="append", default=[], help="a probed loop's folder")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    out: dict[str, Any] = {"loops": {}, "probe": {}}
    for item in a.loop:
        tag, folder = item.split("=", 1)
        out["loops"][tag] = loop_figures(Path(folder))
    for folder in a.probe:
        out["probe"][Path(folder).name] = probe_figures(Path(folder))
        out["loops"][Path(folder).name] = loop_figures(Path(folder))
    out = with_environment(out)
    Path(a.out).write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
