"""The task benchmark on every AI2-THOR floor plan: does the robot loop hold on houses no
bench was tuned on?

    .venv/bin/python bench/tasks_layout_sweep.py                # 120 plans, ~15-25 min
    .venv/bin/python bench/tasks_layout_sweep.py --plans 7,9,211 --length 6
    -> bench/results/tasks_layout_sweep.{json,md}

For each floor plan (kitchens 1-30, living rooms 201-230, bedrooms 301-330, bathrooms
401-430) one short stream of tasks (`streams.generate`, seed = plan number, all task
types) runs on the in-process path twice: without memory ("none", the blind baseline) and
with it ("full"). "Without memory" means of earlier tasks: "none" clears both memories
before each task, but within a task it sees and remembers through the same stack as
"full", and its recall pool is the short-term cache (C = 25 units, W-TinyLFU). Where a
look sees more objects than that (a kitchen of 28 cabinets), the cache's admission picks
which the planner may search, so the blind arm's rows move with the cache policy (round
50: the sketch's row floor of round 49 changed plans 9 and 219 this way).
Reported per plan and per room type: tasks, tasks ended in an error (an
exception or an error code from the stack: a defect, not a failed task), success rate of
both arms, and reduced exploration / time of "full" against "none". Plans split in two:
those some other bench or suite was tuned or reported on (`USED`), and the rest, which no
change was ever judged on.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from environment import environment

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memory_node.core.recall.embedder import Embedder  # noqa: E402
from memory_node.sim.tasks.driver import Progress, run_suite  # noqa: E402
from memory_node.sim.tasks.floorplans import ROOM_TYPES, room_type  # noqa: E402
from memory_node.sim.tasks.inprocess import (  # noqa: E402
    InProcessSettings,
    InProcessStack,
    reachable_in,
)
from memory_node.sim.tasks.metrics import summarize, task_outcomes  # noqa: E402
from memory_node.sim.tasks.records import Run, TaskEnd  # noqa: E402
from memory_node.sim.tasks.streams import StreamSettings, generate  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from tasks_oracle import StateLoggingStack  # noqa: E402

RESULTS = ROOT / "bench" / "results"
# Floor plans another bench or suite uses (karma_style, closed_stores, the streams, the
# experience splits): changes were judged on these.
USED = frozenset({1, 2, 3, 4, 5, 6, 8, 10, 12, 13, 201, 203, 205, 301, 302, 305, 402, 405,
                  410})
ARMS = ("none", "full")


def _run(suite: object, ablation: str, embedder: Embedder, seed: int,
         log: Path | None = None) -> tuple[Run, list]:
    settings = InProcessSettings(ablation=ablation, seed=seed)
    stack: InProcessStack
    if log is None:
        stack = InProcessStack(settings, embedder=embedder)
    else:
        # Per subtask: every call, its targets and the world's truth (tasks_oracle.py);
        # read to sort failed tasks by cause.
        stack = StateLoggingStack(settings, embedder=embedder)
        stack.log = []
    run = Run(meta={"ablation": ablation, "path": "in-process", "planner": "offline"})
    errors: list[str] = []

    def progress(p: Progress) -> None:
        if p.kind == "error":
            errors.append(f"{p.task or p.sequence}: {p.detail[:200]}")

    run_suite(suite, stack, run, progress=progress)  # type: ignore[arg-type]
    stack.end_sequence()
    if log is not None:
        assert isinstance(stack, StateLoggingStack)
        log.parent.mkdir(parents=True, exist_ok=True)
        log.write_text(json.dumps(stack.log, indent=1) + "\n")
    return run, errors


def sweep_plan(plan: int, length: int, seed: int, embedder: Embedder,
               log_dir: Path | None = None) -> dict:
    row: dict = {"plan": plan, "room": room_type(plan), "used": plan in USED}
    try:
        # Tasks only for what the world the arms run in has within reach (round 11).
        suite = generate(StreamSettings(floor_plan=plan, length=length, seed=plan),
                         reachable=reachable_in(plan, seed))
    except ValueError as exc:  # a plan with too few movable objects for `length` tasks
        row["not_generated"] = str(exc)
        return row
    row["tasks"] = len(suite.tasks())
    start = time.perf_counter()
    runs: dict[str, Run] = {}
    for arm in ARMS:
        log = None if log_dir is None else log_dir / f"plan{plan}_{arm}.json"
        runs[arm], errors = _run(suite, arm, embedder, seed, log)
        ends = [e for e in runs[arm].events if isinstance(e, TaskEnd)]
        row[arm] = {"errors": sum(e.status == "error" for e in ends),
                    "error_detail": errors[:5],
                    "failed": [o.task for o in task_outcomes(runs[arm]) if not o.success],
                    "steps": sum(o.skill_calls for o in task_outcomes(runs[arm]))}
    full = summarize(runs["full"], runs["none"])
    row["none"]["sr"] = summarize(runs["none"])["tasks"]["all"]["sr"]
    row["full"]["sr"] = full["tasks"]["all"]["sr"]
    row["re"] = full["against_baseline"]["all"]["re"]
    row["rt"] = full["against_baseline"]["all"]["rt"]
    row["wall_s"] = round(time.perf_counter() - start, 1)
    return row


def _mean(values: Iterable[float | None]) -> float | None:
    vs = [v for v in values if v is not None]
    return statistics.fmean(vs) if vs else None


def aggregate(rows: Sequence[dict]) -> dict:
    done = [r for r in rows if "tasks" in r]
    tasks = sum(r["tasks"] for r in done)

    def weighted_sr(arm: str) -> float | None:
        return (sum(r[arm]["sr"] * r["tasks"] for r in done) / tasks) if tasks else None

    return {"plans": len(rows), "plans_run": len(done), "tasks": tasks,
            "errors_none": sum(r["none"]["errors"] for r in done),
            "errors_full": sum(r["full"]["errors"] for r in done),
            "sr_none": weighted_sr("none"), "sr_full": weighted_sr("full"),
            "re_mean": _mean(r["re"] for r in done), "rt_mean": _mean(r["rt"] for r in done),
            "plans_full_below_none": sum(r["full"]["sr"] < r["none"]["sr"] for r in done)}


def groups(rows: Sequence[dict]) -> dict[str, dict]:
    """The aggregates by group. Round 11's split of the never-used plans: odd numbers were
    read and tuned on (logs, traces), even ones run only for the report."""
    never = [r for r in rows if not r["used"]]
    return {"all": aggregate(rows),
            "used by other benches": aggregate([r for r in rows if r["used"]]),
            "never used": aggregate(never),
            "never used, odd (tuning, round 11)": aggregate([r for r in never
                                                             if r["plan"] % 2]),
            "never used, even (report, round 11)": aggregate([r for r in never
                                                              if not r["plan"] % 2]),
            **{f"never used, {t}": aggregate([r for r in never if r["room"] == t])
               for t in ROOM_TYPES}}


def markdown(out: dict) -> str:
    def f(v: float | None) -> str:
        return "-" if v is None else f"{v:.3f}"

    lines = [f"Task benchmark on every floor plan (`bench/tasks_layout_sweep.py --length "
             f"{out['length']}`; code {out['code']}; load {out['load_before'][0]:.1f} -> "
             f"{out['load_after'][0]:.1f})", "",
             "| plans | run | tasks | errors none / full | SR none / full | RE | RT | "
             "plans where full < none |", "|---|---|---|---|---|---|---|---|"]
    for name, a in out["groups"].items():
        lines.append(f"| {name} | {a['plans_run']}/{a['plans']} | {a['tasks']} | "
                     f"{a['errors_none']} / {a['errors_full']} | {f(a['sr_none'])} / "
                     f"{f(a['sr_full'])} | {f(a['re_mean'])} | {f(a['rt_mean'])} | "
                     f"{a['plans_full_below_none']} |")
    bad = [r for r in out["rows"] if "tasks" in r
           and (r["full"]["errors"] or r["none"]["errors"])]
    if bad:
        lines += ["", "Errors:"]
        lines += [f"- plan {r['plan']}: {r['full']['error_detail'] or r['none']['error_detail']}"
                  for r in bad]
    skipped = [r for r in out["rows"] if "not_generated" in r]
    if skipped:
        lines += ["", "Not generated: " + "; ".join(f"{r['plan']} ({r['not_generated']})"
                                                   for r in skipped)]
    return "\n".join(lines) + "\n"


def _code() -> str:
    # `git rev-parse`, not .git/HEAD: in a worktree .git is a file.
    try:
        return subprocess.run(["git", "rev-parse", "--short=7", "HEAD"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--plans", default="", help="comma-separated floor plans (default: all)")
    ap.add_argument("--length", type=int, default=8, help="tasks per plan")
    ap.add_argument("--seed", type=int, default=0, help="world and detector seed")
    ap.add_argument("--out", default="tasks_layout_sweep", help="result file stem")
    ap.add_argument("--log", default="", help="directory for per-step logs, one file per "
                    "plan and arm (slower)")
    ap.add_argument("--regroup", action="store_true",
                    help="run nothing: recompute the groups and table of the --out result")
    a = ap.parse_args(argv)
    if a.regroup:
        path = RESULTS / f"{a.out}.json"
        done = json.loads(path.read_text())
        done["groups"] = groups(done["rows"])
        path.write_text(json.dumps(done, indent=1) + "\n")
        (RESULTS / f"{a.out}.md").write_text(markdown(done))
        print(markdown(done))
        return 0
    plans = ([int(p) for p in a.plans.split(",")] if a.plans
             else [n for r in ROOM_TYPES.values() for n in r])
    embedder = Embedder()
    out: dict = {"length": a.length, "seed": a.seed, "code": _code(),
                 "python": platform.python_version(),
                 "environment": environment(), "load_before": os.getloadavg(),
                 "used_plans": sorted(USED), "rows": []}
    for plan in plans:
        row = sweep_plan(plan, a.length, a.seed, embedder, Path(a.log) if a.log else None)
        out["rows"].append(row)
        if "tasks" in row:
            print(f"plan {plan:3d} ({row['room']}{', used' if row['used'] else ''}): "
                  f"SR {row['none']['sr']:.2f} -> {row['full']['sr']:.2f}, errors "
                  f"{row['none']['errors']}/{row['full']['errors']}, RE {row['re']}, "
                  f"{row['wall_s']:.0f} s", flush=True)
        else:
            print(f"plan {plan}: {row['not_generated']}", flush=True)
    out["load_after"] = os.getloadavg()
    out["groups"] = groups(out["rows"])
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{a.out}.json").write_text(json.dumps(out, indent=1) + "\n")
    (RESULTS / f"{a.out}.md").write_text(markdown(out))
    print(markdown(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
