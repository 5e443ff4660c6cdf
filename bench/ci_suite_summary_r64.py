"""Round 64 (flake65): figures of bench/ci_suite_loop_r64.sh's loops as JSON.

    .venv/bin/python bench/ci_suite_summary_r64.py --loop base=/tmp/flake65/runs_main \
        --loop branch=/tmp/flake65/runs_fix --ab rtf3=/tmp/flake65/ab_rtf3 \
        --out bench/results/ci_suite_r64.json

Per loop: each run's start, end, load average (1 min) at both and pytest's exit code; per
test, how many times it ran and which runs failed it; the slowest tests (max and median of
junit's time, against pytest-timeout's 300 s or the test's own mark); the slowest test
files (round 66: their tests' junit times summed per run, and their share of the run); and
the harness waits closest to their own timeout (bench/ci_waits_probe_r64.py's records: the
largest elapsed / timeout per test and helper)."""

from __future__ import annotations

import argparse
import glob
import json
import statistics
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path
from typing import Any

from environment import with_environment


def _runs(root: Path) -> list[dict[str, Any]]:
    out = []
    for d in sorted((p for p in root.iterdir() if p.is_dir()), key=lambda p: int(p.name)):
        meta = (d / "meta").read_text().split() if (d / "meta").exists() else []
        rec: dict[str, Any] = {"run": int(d.name)}
        if "start" in meta:
            rec["start"], rec["load_start"] = meta[meta.index("start") + 1], float(
                meta[meta.index("start") + 3])
        if "end" in meta:
            rec["end"], rec["load_end"] = meta[meta.index("end") + 1], float(
                meta[meta.index("end") + 3])
            rec["rc"] = int(meta[meta.index("rc") + 1])
        out.append(rec)
    return out


def summarise(root: Path, top: int) -> dict[str, Any]:
    runs = [r for r in _runs(root) if "rc" in r]
    ran: dict[str, int] = defaultdict(int)
    failed: dict[str, list[int]] = defaultdict(list)
    times: dict[str, list[float]] = defaultdict(list)
    per_file: dict[str, dict[int, float]] = defaultdict(lambda: defaultdict(float))
    for r in runs:
        junit = root / str(r["run"]) / "junit.xml"
        if not junit.exists():
            continue
        for tc in ET.parse(junit).getroot().iter("testcase"):
            if tc.find("skipped") is not None:
                continue
            name = f"{tc.get('classname')}::{tc.get('name')}"
            ran[name] += 1
            times[name].append(float(tc.get("time") or 0.0))
            per_file[str(tc.get("classname"))][r["run"]] += float(tc.get("time") or 0.0)
            if tc.find("failure") is not None or tc.find("error") is not None:
                failed[name].append(r["run"])
    waits: dict[tuple[str, str, float], list[float]] = defaultdict(list)
    errors: dict[tuple[str, str, float], int] = defaultdict(int)
    for r in runs:
        for f in glob.glob(str(root / str(r["run"]) / "w*.jsonl")):
            for line in Path(f).read_text().splitlines():
                w = json.loads(line)
                if w.get("timeout"):
                    key = (w["test"], w["fn"], float(w["timeout"]))
                    waits[key].append(float(w["elapsed"]))
                    errors[key] += w["err"] is not None
    slow = sorted(times.items(), key=lambda kv: -max(kv[1]))[:top]
    run_total = {r["run"]: sum(f.get(r["run"], 0.0) for f in per_file.values()) for r in runs}
    files = sorted(per_file.items(), key=lambda kv: -statistics.median(kv[1].values()))[:top]
    close = sorted(waits.items(), key=lambda kv: -max(kv[1]) / kv[0][2])[:top]
    return {
        "runs": runs,
        "tests": len(ran), "executions": sum(ran.values()),
        "failures": {k: {"runs": v, "of": ran[k]} for k, v in failed.items()},
        "slowest_tests": [{"test": k, "max_s": round(max(v), 1),
                           "median_s": round(statistics.median(v), 1), "n": len(v)}
                          for k, v in slow],
        # Round 66: each test file's summed junit time (setup, call, teardown of its tests)
        # per run, and its share of the run's summed test time (xdist's workers summed).
        "slowest_files": [{"file": k, "median_s": round(statistics.median(v.values()), 1),
                           "max_s": round(max(v.values()), 1),
                           "share": [round(t / run_total[run], 3) for run, t in sorted(v.items())
                                     if run_total[run]]} for k, v in files],
        "waits_closest_to_timeout": [
            {"test": k[0], "helper": k[1], "timeout_s": k[2], "max_elapsed_s": max(v),
             "ratio": round(max(v) / k[2], 3), "calls": len(v), "raised": errors[k]}
            for k, v in close],
    }


def ab(root: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for tree in sorted(p for p in root.iterdir() if p.is_dir()):
        rows = []
        for d in sorted((p for p in tree.iterdir() if p.is_dir()), key=lambda p: int(p.name)):
            if not (d / "rc").exists():
                continue
            rc = (d / "rc").read_text().split()
            last = [x for x in (d / "out.txt").read_text().splitlines()
                    if " passed" in x or " failed" in x]
            waits = [json.loads(x) for f in glob.glob(str(d / "w*.jsonl"))
                     for x in Path(f).read_text().splitlines()]
            result = [w for w in waits if w.get("fn") == "sim_rig.SkillClient.result"]
            rows.append({"round": int(d.name), "rc": int(rc[1]), "at": rc[2],
                         "load_1min": float(rc[4]), "pytest": last[-1] if last else "",
                         "result_waits": [{"test": w["test"].split("::")[-1],
                                           "elapsed_s": w["elapsed"], "raised": w["err"]}
                                          for w in result]})
        out[tree.name] = rows
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--loop", action="append", default=[], help="tag=/tmp/flake65/runs_<tag>")
    ap.add_argument("--ab", action="append", default=[], help="tag=/tmp/flake65/ab_<what>")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    out: dict[str, Any] = {tag: summarise(Path(path), args.top)
                           for tag, path in (x.split("=", 1) for x in args.loop)}
    out.update({f"ab_{tag}": ab(Path(path)) for tag, path in (x.split("=", 1) for x in args.ab)})
    out = with_environment(out)
    text = json.dumps(out, indent=1)
    if args.out:
        args.out.write_text(text + "\n")
    else:
        print(text)


if __name__ == "__main__":
    main()
