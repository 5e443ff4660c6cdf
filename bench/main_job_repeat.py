"""The main job (`python -m memory_node.sim.main`, what `bash scripts/run.sh` runs) N times:
the full stack, rendered, over DDS, both arms (memory / none) per repetition, each
repetition with its own detector-noise seed (`household_world:sensors.seed`; the house is
the sequence's, seed 0). One run is one sample of a timing-dependent system; this reports
the median and the range of SR / GC per arm and of RE / RT (memory against the no-memory
arm of the same repetition, so both arms share the load of their own minutes).

    .venv/bin/python bench/main_job_repeat.py --runs 3
    # -> bench/results/main_job_repeat.{json,md}; each run's output in --work (kept, resumed:
    #    a repetition whose summary.json exists is read, not run again)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from environment import with_environment

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
# A repetition that has not finished after this long is stuck (a run takes 5-10 min on
# the loaded 2-core machine); its processes are stopped and it is recorded as failed.
RUN_TIMEOUT_S = 40 * 60


def _load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def _spread(values: list[float | None]) -> dict[str, Any]:
    vals = [v for v in values if v is not None]
    if not vals:
        return {"median": None, "min": None, "max": None, "n": 0}
    return {"median": round(statistics.median(vals), 3), "min": round(min(vals), 3),
            "max": round(max(vals), 3), "n": len(vals)}


def _timeouts(log: Path) -> int:
    """Steps the planner decided on without a frame after the skill (its warnings)."""
    if not log.exists():
        return 0
    total = 0
    for line in log.read_text(errors="replace").splitlines():
        if "went on without a frame" in line:
            try:
                total += int(line.split(": ", 2)[-1].split(" of ")[0])
            except ValueError:
                continue
    return total


def _digest(out: Path) -> dict[str, Any]:
    s = json.loads((out / "summary.json").read_text())
    base = s["against_baseline"]["all"]
    per_task = {}
    for arm in ("full", "none"):
        path = out / f"run_{arm}.jsonl"
        explores: dict[str, int] = {}
        for line in path.read_text().splitlines():
            r = json.loads(line)
            if r.get("kind") == "skill" and r.get("skill") == "explore":
                explores[r["task"]] = explores.get(r["task"], 0) + 1
        per_task[arm] = explores
    none = _arm_sr(out / "run_none.jsonl")
    return {
        "sr_full": s["tasks"]["all"]["sr"], "gc_full": s["tasks"]["all"]["gc"],
        "sr_none": none["sr"], "gc_none": none["gc"],
        "re": base.get("re"), "rt": base.get("rt"), "sr_gain": base.get("sr_gain"),
        "explore_full": base.get("exploration_memory"),
        "explore_none": base.get("exploration_baseline"),
        "sim_s_full": round(base.get("time_memory_s") or 0.0, 1),
        "sim_s_none": round(base.get("time_baseline_s") or 0.0, 1),
        "explores_per_task": per_task,
        "perception_timeouts": _timeouts(out / "logs" / "planner.log"),
        "errors": s["tasks"]["all"]["errors"],
    }


def _arm_sr(path: Path) -> dict[str, float]:
    """SR and GC of one arm from its records (the summary holds the memory arm's)."""
    from memory_node.sim.tasks.metrics import summarize
    from memory_node.sim.tasks.records import read_run
    summary = summarize(read_run(path))
    return {"sr": summary["tasks"]["all"]["sr"], "gc": summary["tasks"]["all"]["gc"]}


def _run_one(out: Path, seed: int, log: Path) -> dict[str, Any]:
    cmd = [sys.executable, "-m", "memory_node.sim.main", "--no-bag", "--out", str(out),
           "-p", f"household_world:sensors.seed:={seed}"]
    load_start, t0 = _load(), time.monotonic()
    with log.open("w") as fh:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=fh, stderr=subprocess.STDOUT)
        try:
            code = proc.wait(timeout=RUN_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            proc.terminate()      # SIGTERM: main stops every process it started
            try:
                code = proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                code = proc.wait()
    return {"exit_code": code, "wall_s": round(time.monotonic() - t0, 1),
            "load_start": load_start, "load_end": _load(), "command": " ".join(cmd[1:])}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seeds", default="", help="comma-separated detector seeds "
                    "(default 0..runs-1)")
    ap.add_argument("--work", type=Path,
                    default=Path(os.environ.get("TMPDIR", "/tmp")) / "memory_node_main_job_repeat")
    ap.add_argument("--out", default="main_job_repeat", help="results/<out>.{json,md}")
    args = ap.parse_args(argv)
    seeds = ([int(x) for x in args.seeds.split(",") if x.strip()] if args.seeds
             else list(range(args.runs)))
    if not 1 <= len(seeds) <= 20:
        ap.error("1..20 repetitions")
    args.work.mkdir(parents=True, exist_ok=True)
    reps = []
    for i, seed in enumerate(seeds):
        out = args.work / f"seed{seed}"
        meta: dict[str, Any] = {"repetition": i, "sensor_seed": seed, "dir": str(out)}
        if not (out / "summary.json").exists():
            print(f"[{time.strftime('%H:%M:%S')}] repetition {i + 1}/{len(seeds)}: "
                  f"sensors.seed {seed} -> {out}", flush=True)
            meta.update(_run_one(out, seed, args.work / f"seed{seed}.log"))
            (args.work / f"seed{seed}.meta.json").write_text(json.dumps(meta, indent=1))
        elif (args.work / f"seed{seed}.meta.json").exists():
            meta = json.loads((args.work / f"seed{seed}.meta.json").read_text())
        if (out / "summary.json").exists():
            meta.update(_digest(out))
        else:
            meta["failed"] = True
        reps.append(meta)
        print(json.dumps({k: meta.get(k) for k in ("sensor_seed", "sr_full", "sr_none", "re",
                                                    "rt", "wall_s", "load_start")}),
              flush=True)
    done = [r for r in reps if not r.get("failed")]
    agg = {k: _spread([r.get(k) for r in done])
           for k in ("sr_full", "sr_none", "gc_full", "gc_none", "re", "rt", "sr_gain",
                     "explore_full", "explore_none", "sim_s_full", "sim_s_none",
                     "perception_timeouts")}
    result = {
        "what": "main job (house0-composite, 5 composite tasks, full stack rendered over "
                "DDS, offline planner) repeated; RE/RT against the none arm of the same "
                "repetition",
        "command": "python bench/main_job_repeat.py " + " ".join(argv or sys.argv[1:]),
        "repetitions": reps, "aggregate": agg,
        "environment": {"cpus": os.cpu_count(), "load_avg_at_write": _load()},
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{args.out}.json").write_text(json.dumps(with_environment(result), indent=1) + "\n")
    rows = ["| metric | median | min | max | runs |", "|---|---|---|---|---|"]
    for k, v in agg.items():
        rows.append(f"| {k} | {v['median']} | {v['min']} | {v['max']} | {v['n']} |")
    rows += ["", "| seed | SR full | SR none | RE | RT | explores full/none | wall s | load "
             "start / end |", "|---|---|---|---|---|---|---|---|"]
    for r in reps:
        if r.get("failed"):
            rows.append(f"| {r['sensor_seed']} | failed (exit {r.get('exit_code')}) |||||||")
            continue
        rows.append(f"| {r['sensor_seed']} | {r['sr_full']:.2f} | {r['sr_none']:.2f} | "
                    f"{_f(r['re'])} | {_f(r['rt'])} | {r['explore_full']} / "
                    f"{r['explore_none']} | {r.get('wall_s', '–')} | "
                    f"{r.get('load_start', '–')} / {r.get('load_end', '–')} |")
    (RESULTS / f"{args.out}.md").write_text("\n".join(rows) + "\n")
    print("\n".join(rows))
    return 0 if done else 1


def _f(v: float | None) -> str:
    return "–" if v is None else f"{v:.2f}"


if __name__ == "__main__":
    sys.exit(main())
