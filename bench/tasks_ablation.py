"""Task benchmark sweeps on the in-process fast path (memory_node/sim/tasks/inprocess.py):
memory ablations on our suite, short-term policies x capacities on long task streams, and
the plots (KARMA's figures 4-7 and success per category and ablation).

    .venv/bin/python bench/tasks_ablation.py --part suite     # ablations, karma_style.json
    .venv/bin/python bench/tasks_ablation.py --part suite \
        --ablations none,full,oracle,oracle_start,oracle_later   # with the bounds
    .venv/bin/python bench/tasks_ablation.py --part suite \
        --ablations none,full,full_premapped,oracle_start        # the robot maps first
    .venv/bin/python bench/tasks_ablation.py --part streams   # policies x capacities
    .venv/bin/python bench/tasks_ablation.py --part plots     # PNGs from the JSON
    -> bench/results/tasks_ablation.{json,md}, tasks_streams.{json,md}, tasks_*.png

Split (what was looked at while building the fast path and choosing its few constants,
against what is reported): the suite's sequences in TUNE_FLOOR_PLANS and stream seed
TUNE_STREAM_SEED were used for tuning and are reported apart ("tune" rows); the headline
rows are the other sequences and seeds. Same planner (offline, privileged goal conditions),
same step limits in every ablation; `none` is memory that answers nothing of earlier tasks.
`oracle`, `oracle_start` and `oracle_later` (bench/tasks_oracle.py) are bounds, not memories:
`full` whose memory is told the world's truth before every task, before each sequence's
first task only, or before every task but that one. `full_premapped` is not a bound: `full`
whose robot explores every room once before each sequence's first task (its own camera, no
truth; InProcessSettings.premap), that phase's cost reported apart.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, replace
from pathlib import Path

from environment import environment

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))   # tasks_oracle, also when loaded from a path

from tasks_oracle import (  # noqa: E402
    ORACLE,
    ORACLE_CAPACITY,
    ORACLE_LATER,
    ORACLE_START,
    TOLD,
    OracleStack,
)

from memory_node.core.recall.embedder import Embedder  # noqa: E402
from memory_node.core.skills import load_skill_table  # noqa: E402
from memory_node.sim.tasks.build import needed_types  # noqa: E402
from memory_node.sim.tasks.driver import Progress, run_suite  # noqa: E402
from memory_node.sim.tasks.inprocess import (  # noqa: E402
    ABLATIONS,
    InProcessSettings,
    InProcessStack,
)
from memory_node.sim.tasks.metrics import (  # noqa: E402
    TaskOutcome,
    compare,
    mhr,
    summarize,
    task_outcomes,
)
from memory_node.sim.tasks.model import Suite  # noqa: E402
from memory_node.sim.tasks.records import Run, SkillCall, read_run, write_run  # noqa: E402
from memory_node.sim.tasks.streams import StreamSettings, generate  # noqa: E402
from memory_node.sim.tasks.suite_io import read_suite  # noqa: E402

RESULTS = ROOT / "bench" / "results"
# Bounds the suite part can run after the memory ablations (bench-only, see tasks_oracle).
BOUNDS = (ORACLE, ORACLE_START, ORACLE_LATER)
# A deployment mode, not a bound: `full` whose robot explores every room once before each
# sequence's first task (InProcessSettings.premap); the premap's cost is reported apart.
PREMAPPED = "full_premapped"
ARMS = (*ABLATIONS, PREMAPPED, *BOUNDS)


def code_fingerprint(root: Path = ROOT) -> str:
    """A hash of every source and task file a run depends on. Finished runs are reused only
    by the same code: a cache shared by several trees (worktrees, an older checkout) once
    handed one tree's results to another without a word."""
    digest = hashlib.sha1()
    files = sorted([*(root / "memory_node").rglob("*.py"), *(root / "config").rglob("*.json"),
                    *(root / "config").rglob("*.yaml")])
    for path in files:
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


# Finished runs, reusable by later invocations of the same code (see code_fingerprint).
CACHE = Path(tempfile.gettempdir()) / "memory_node_tasks_bench" / code_fingerprint()
SUITE = ROOT / "config" / "tasks" / "karma_style.json"
TUNE_FLOOR_PLANS = frozenset({1})     # kitchen 1: the tests' and the smoke runs' house
TUNE_STREAM_SEED = 0
REPORT_STREAM_SEEDS = (100,)
POLICIES = ("fifo", "fifo_merge", "lru", "lfu", "wtinylfu")
CAPACITIES = (5, 10, 15, 20, 25)
# One colour per policy in every figure (the panels list their runs in different orders).
COLORS = {"fifo": "tab:blue", "fifo_merge": "tab:purple", "lru": "tab:green",
          "lfu": "tab:red", "wtinylfu": "tab:orange"}


def subset(run: Run, keep: Callable[[str], bool]) -> Run:
    return Run(dict(run.meta), [e for e in run.events if keep(e.sequence)])


def repeated_failures(run: Run) -> dict:
    """Known-bad actions repeated: the same call failing with the same code again later in
    the same sequence (the trajectory graph's promise is at most once per state; the
    records carry no state, so this counts per call and is an upper bound)."""
    seen: dict[tuple, int] = {}
    repeats = failures = 0
    for e in run.events:
        if isinstance(e, SkillCall) and not e.ok and e.skill != "explore":
            failures += 1
            key = (e.sequence, e.skill, e.args, e.error_code)
            if seen.get(key):
                repeats += 1
            seen[key] = seen.get(key, 0) + 1
    return {"failed_calls": failures, "repeated_failed_calls": repeats}


def steps(run: Run) -> int:
    return sum(1 for e in run.events if isinstance(e, SkillCall))


def run_one(suite: Suite, settings: InProcessSettings, embedder: Embedder,
            label: str, bound: str = "") -> tuple[Run, float]:
    """One arm over the suite; `bound` (one of BOUNDS) runs `settings` (a `full`
    arm) on the OracleStack instead, told the truth as that bound says."""
    stack = (OracleStack(settings, embedder=embedder, told=TOLD[bound]) if bound
             else InProcessStack(settings, embedder=embedder))
    run = Run(meta={"ablation": bound or settings.ablation, "policy": settings.policy,
                    "capacity": settings.capacity, "suite": suite.name, "seed": settings.seed,
                    "planner": "offline", "path": "in-process"})
    run.meta["load_start"] = list(os.getloadavg())
    start = time.perf_counter()

    def progress(p: Progress) -> None:
        if p.kind in ("error", "sequence"):
            print(f"  [{label}] {p.kind} {p.sequence} {p.task} ({p.done_tasks}/"
                  f"{p.total_tasks}, {time.perf_counter() - start:.0f} s) {p.detail[:120]}",
                  flush=True)

    run_suite(suite, stack, run, progress=progress)
    stack.end_sequence()
    run.meta["load_end"] = list(os.getloadavg())
    if isinstance(stack, OracleStack):
        run.meta["truths_told"] = stack.truths_told
        run.meta["tasks_not_cleared"] = stack.not_cleared
    if settings.premap:
        run.meta["premap"] = stack.premap_log
    return run, time.perf_counter() - start


# -- part 1: ablations on the suite ---------------------------------------------------------
def part_suite(args: argparse.Namespace, embedder: Embedder) -> dict:
    """Every ablation on the suite; each finished run is kept in CACHE, so an invocation
    with --ablations resumes and the table covers what has been run."""
    suite = read_suite(args.suite)
    if args.sequences:
        wanted = set(args.sequences.split(","))
        suite = replace(suite, sequences=tuple(s for s in suite.sequences if s.id in wanted))
    tune_ids = {s.id for s in suite.sequences if s.floor_plan in TUNE_FLOOR_PLANS}
    runs: dict[str, Run] = {}
    walls: dict[str, float] = {}
    chosen = args.ablations.split(",") if args.ablations else list(ABLATIONS)
    unknown = set(chosen) - set(ARMS) - {"nothing"}
    if unknown:
        raise SystemExit(f"unknown ablations {sorted(unknown)}; known: {', '.join(ARMS)}")
    # Another suite than karma_style gets its own cache entries (the name leads the tag).
    prefix = "" if suite.name == "karma_style" else f"{suite.name}_"
    tag = (f"{prefix}suite_{len(suite.sequences)}_c{args.capacity}_s{args.seed}"
           f"_p{int(args.per_step_recall)}")
    for name in ARMS:
        path = CACHE / f"{tag}_{name}.jsonl"
        if path.exists():
            runs[name] = read_run(path)
            walls[name] = float(runs[name].meta.get("wall_s", 0.0))
            continue
        if name not in chosen:
            continue
        bound = name if name in BOUNDS else ""
        # A bound's short-term memory holds every object: only its units carry what a
        # receptacle holds to the planner (a unit only the scene graph holds has none).
        premap = name == PREMAPPED
        settings = InProcessSettings(ablation="full" if bound or premap else name,
                                     policy="wtinylfu",
                                     capacity=ORACLE_CAPACITY if bound else args.capacity,
                                     seed=args.seed, per_step_recall=args.per_step_recall,
                                     premap=premap)
        runs[name], walls[name] = run_one(suite, settings, embedder, name, bound)
        runs[name].meta["wall_s"] = walls[name]
        CACHE.mkdir(parents=True, exist_ok=True)
        write_run(runs[name], path)
        print(f"suite {name}: {walls[name]:.0f} s", flush=True)
    out: dict = {"suite": suite.name, "sequences": len(suite.sequences),
                 "per_step_recall": args.per_step_recall,
                 "tune_sequences": sorted(tune_ids),
                 "tuned_on": ("the tune sequences (the fast path and its fixes were built "
                              "on them)" if tune_ids else "nothing: the suite was written "
                              "and committed before its first run"),
                 "capacity": args.capacity,
                 "bounds": {b: {"what": _BOUND_WHAT[b], "capacity": ORACLE_CAPACITY}
                            for b in BOUNDS if b in runs},
                 "seed": args.seed, "wall_s": walls, "report": {}, "tune": {}}
    if "none" not in runs:
        return out
    for split, keep in (("report", lambda s: s not in tune_ids), ("tune", tune_ids.__contains__)):
        if split == "tune" and not tune_ids:
            continue   # a suite written after the tuning, with none of its houses
        base = subset(runs["none"], keep)
        for name, run in runs.items():
            part = subset(run, keep)
            summary = summarize(part, None if name == "none" else base)
            summary["steps"] = steps(part)
            summary["known_bad"] = repeated_failures(part)
            summary["sim_time_by_skill"] = sim_time_by_skill(part)
            if name != "none":
                summary["against_baseline_split"] = split_reductions(part, base)
            if "premap" in part.meta:
                part.meta["premap"] = [p for p in part.meta["premap"] if keep(p["sequence"])]
                summary["premap"] = premap_cost(part, base)
            out[split][name] = summary
        if PREMAPPED in runs and ORACLE_START in runs:
            out.setdefault("premap_gap", {})[split] = premap_gap(subset(runs[PREMAPPED], keep),
                                                  subset(runs[ORACLE_START], keep), suite)
    return out


def premap_cost(run: Run, base: Run) -> dict[str, dict]:
    """The premap phase per category and over all: explores and simulated seconds, kept
    out of every task's records, and RT again with the premap's seconds charged to its
    sequence's tasks ("RT incl. mapping"), on the tasks both runs ran."""
    red = compare(task_outcomes(run), task_outcomes(base))
    out: dict[str, dict] = {}
    for cat, r in red.items():
        entries = [p for p in run.meta["premap"] if cat == "all" or p["category"] == cat]
        sim = sum(p["sim_s"] for p in entries)
        tb = r.time_baseline_s
        out[cat] = {"sequences": len(entries), "explores": sum(p["explores"] for p in entries),
                    "failed_explores": sum(not c["ok"] for p in entries for c in p["calls"]),
                    "sim_s": sim, "rt": r.rt,
                    "rt_incl_mapping": 1 - (r.time_memory_s + sim) / tb if tb else None,
                    "unseen_after_premap": sum(len(p["unseen"]) for p in entries),
                    "unseen_closed": sum(u["closed"] for p in entries for u in p["unseen"])}
    return out


def premap_gap(mine: Run, bound: Run, suite: Suite) -> dict[str, dict]:
    """Where full_premapped stays short of oracle_start, per task both ran: explores,
    simulated seconds and successes beside the bound's, on first and later tasks, sorted by
    whether the task needs a type of which the look-around saw no instance while one sat
    in a shut receptacle (no camera sees into one; the bound is told what is inside)."""
    hidden = {p["sequence"]: {u["type"] for u in p["unseen"] if u["closed"]}
              - set(p["seen_types"]) for p in mine.meta.get("premap", [])}
    table = load_skill_table()
    needs = {(s.id, t.id): [g for sub in t.subtasks for g in needed_types(sub, table)]
             for s in suite.sequences for t in s.tasks}
    theirs = {(o.sequence, o.task): o for o in task_outcomes(bound) if o.status == "run"}
    firsts = {s.id: s.tasks[0].id for s in suite.sequences if s.tasks}
    out: dict[str, dict] = {}
    for o in task_outcomes(mine):
        b = theirs.get((o.sequence, o.task))
        if o.status != "run" or b is None:
            continue
        why = ("needs_hidden" if any(g & hidden.get(o.sequence, set())
                                     for g in needs.get((o.sequence, o.task), []))
               else "other")
        part = "first" if firsts.get(o.sequence) == o.task else "later"
        for key in (f"{part}/{why}", f"{part}/all", "all/all"):
            row = out.setdefault(key, {"tasks": 0, "explores": 0, "explores_bound": 0,
                                       "sim_s": 0.0, "sim_s_bound": 0.0, "solved": 0,
                                       "solved_bound": 0})
            row["tasks"] += 1
            row["explores"] += o.exploration_attempts
            row["explores_bound"] += b.exploration_attempts
            row["sim_s"] += o.sim_time_s
            row["sim_s_bound"] += b.sim_time_s
            row["solved"] += int(o.success)
            row["solved_bound"] += int(b.success)
    return dict(sorted(out.items()))


_BOUND_WHAT = {
    ORACLE: "a bound, not a memory: `full` whose memory is cleared and told the world's "
            "truth (types, places, states, what closed receptacles hold) before every task",
    ORACLE_START: "a bound, not a memory: `full` told the world's truth once, before the "
                  "first task of each sequence (a robot that mapped the house beforehand), "
                  "then updated by its camera and outcomes as `full` is",
    ORACLE_LATER: "a bound, not a memory: `full` told the world's truth before every task "
                  "but the first of each sequence (which it starts with empty memory, as "
                  "`full` does): the best a memory that starts each sequence empty could do"}


def split_reductions(run: Run, base: Run) -> dict[str, dict[str, dict]]:
    """RE, RT and SR gain (as `compare` computes them) on parts of the suite: the first
    task of each sequence (memory starts empty there), the later tasks, and the tasks both
    this arm and the no-memory arm solved (a failed task can end early and look fast)."""
    mine, theirs = task_outcomes(run), task_outcomes(base)
    firsts: dict[str, str] = {}
    for o in theirs:
        firsts.setdefault(o.sequence, o.task)
    solved = {(o.sequence, o.task) for o in mine if o.success} \
        & {(o.sequence, o.task) for o in theirs if o.success}
    parts: dict[str, Callable[[TaskOutcome], bool]] = {
        "first_task": lambda o: firsts.get(o.sequence) == o.task,
        "later_tasks": lambda o: firsts.get(o.sequence) != o.task,
        "both_solved": lambda o: (o.sequence, o.task) in solved}
    return {part: {cat: asdict(r) for cat, r in compare(
        [o for o in mine if keep(o)], [o for o in theirs if keep(o)]).items()}
        for part, keep in parts.items()}


def sim_time_by_skill(run: Run) -> dict[str, dict[str, dict[str, float]]]:
    """Simulated seconds and calls per skill, per task category and over all: where the
    time behind RT goes (driving, opening, the skills themselves)."""
    category = _categories(run)
    out: dict[str, dict[str, dict[str, float]]] = {}
    for e in run.events:
        if not isinstance(e, SkillCall):
            continue
        for cat in (category.get((e.sequence, e.task), "?"), "all"):
            row = out.setdefault(cat, {}).setdefault(e.skill, {"s": 0.0, "calls": 0,
                                                                "failed": 0})
            row["s"] += e.sim_duration_s
            row["calls"] += 1
            row["failed"] += 0 if e.ok else 1
    return out


def _categories(run: Run) -> dict[tuple[str, str], str]:
    return {(o.sequence, o.task): o.category for o in task_outcomes(run)}


def suite_markdown(res: dict) -> str:
    reported = (f"Reported: every sequence except {', '.join(res['tune_sequences'])} (tuning)."
                if res["tune_sequences"] else "Reported: every sequence (none was tuned on).")
    lines = [f"Suite {res['suite']}: {res['sequences']} sequences, short-term W-TinyLFU at "
             f"C = {res['capacity']}, seed {res['seed']}, offline planner, in-process path. "
             + reported]
    for bound, b in res.get("bounds", {}).items():
        lines.append(f"`{bound}` is {b['what']} (short-term capacity {b['capacity']}).")
    lines += ["", "| ablation | category | tasks | SR | GC | RE | RT | SR gain | explores "
              "arm / none | sim s arm / none | MRA direct | MRA vague | steps |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, s in res["report"].items():
        against = s.get("against_baseline", {})
        label = f"{name} (bound)" if name in res.get("bounds", {}) else name
        for cat, sc in s["tasks"].items():
            red = against.get(cat, {})
            mra = s["mra"]
            spent = (f"{red['exploration_memory']} / {red['exploration_baseline']} | "
                     f"{red['time_memory_s']:.0f} / {red['time_baseline_s']:.0f}"
                     if red else "– | –")
            lines.append(
                f"| {label} | {cat} | {sc['tasks']} | {_f(sc['sr'])} | {_f(sc['gc'])} | "
                f"{_f(red.get('re'))} | {_f(red.get('rt'))} | {_f(red.get('sr_gain'))} | "
                f"{spent} | "
                f"{_f(mra.get('direct', {}).get('mra'))} | {_f(mra.get('vague', {}).get('mra'))}"
                f" | {s['steps'] if cat == 'all' else ''} |")
    lines += _premap_markdown(res["report"], res.get("premap_gap", {}).get("report"))
    lines += _split_markdown(res["report"], "composite")
    lines += _by_skill_markdown(res["report"], "composite")
    return "\n".join(lines) + "\n"


def _premap_markdown(report: dict, gap: dict | None) -> list[str]:
    """The premap phase's cost beside the RT it buys, and the gap to oracle_start."""
    cost = report.get(PREMAPPED, {}).get("premap")
    if not cost:
        return []
    lines = ["", f"`{PREMAPPED}`: `full` whose robot explores every room once before each "
             "sequence's first task (not a bound; no truth told). The premap phase is kept "
             "out of every task's records; its cost, and RT with its seconds charged to the "
             "sequence:", "",
             "| category | sequences | premap explores (failed) | premap sim s | RT | "
             "RT incl. mapping | objects unseen after premap (in shut receptacles) |",
             "|---|---|---|---|---|---|---|"]
    for cat, c in cost.items():
        lines.append(f"| {cat} | {c['sequences']} | {c['explores']} ({c['failed_explores']}) "
                     f"| {c['sim_s']:.0f} | {_f(c['rt'])} | {_f(c['rt_incl_mapping'])} | "
                     f"{c['unseen_after_premap']} ({c['unseen_closed']}) |")
    if gap:
        lines += ["", f"`{PREMAPPED}` against `oracle_start`, per part of the sequences and "
                  "by whether the task needs a type the premap saw no instance of while one "
                  "sat in a shut receptacle (`needs_hidden`):", "",
                  "| part / tasks | tasks | explores premapped / bound | sim s premapped / "
                  "bound | solved premapped / bound |", "|---|---|---|---|---|"]
        for key, r in gap.items():
            lines.append(f"| {key} | {r['tasks']} | {r['explores']} / {r['explores_bound']} "
                         f"| {r['sim_s']:.0f} / {r['sim_s_bound']:.0f} | {r['solved']} / "
                         f"{r['solved_bound']} |")
    return lines


def _split_markdown(report: dict, category: str) -> list[str]:
    """RE / RT of one category on the first task of each sequence, the later tasks, and
    the tasks both the arm and `none` solved (explores and simulated s, arm / none)."""
    arms = [n for n, s in report.items() if "against_baseline_split" in s]
    if not arms:
        return []
    parts = ("first_task", "later_tasks", "both_solved")
    lines = ["", f"RE / RT of {category} tasks by part (explores, simulated s: arm / none):",
             "", "| ablation | " + " | ".join(parts) + " |", "|---|" + "---|" * len(parts)]
    for n in arms:
        cells = []
        for part in parts:
            r = report[n]["against_baseline_split"][part].get(category)
            cells.append("–" if not r else
                         f"{r['tasks']} tasks: RE {_f(r['re'])}, RT {_f(r['rt'])} "
                         f"({r['exploration_memory']} / {r['exploration_baseline']}, "
                         f"{r['time_memory_s']:.0f} / {r['time_baseline_s']:.0f})")
        lines.append(f"| {n} | " + " | ".join(cells) + " |")
    return lines


def _by_skill_markdown(report: dict, category: str) -> list[str]:
    """Simulated seconds per skill on one category, arm by arm (calls in brackets)."""
    arms = [n for n, s in report.items() if category in s.get("sim_time_by_skill", {})]
    if not arms:
        return []
    skills = sorted({k for n in arms for k in report[n]["sim_time_by_skill"][category]})
    lines = ["", f"Simulated seconds by skill, {category} tasks (calls):", "",
             "| skill | " + " | ".join(arms) + " |", "|---|" + "---|" * len(arms)]
    for skill in [*skills, "total"]:
        cells = []
        for n in arms:
            rows = report[n]["sim_time_by_skill"][category]
            if skill == "total":
                cells.append(f"{sum(r['s'] for r in rows.values()):.0f} "
                             f"({sum(r['calls'] for r in rows.values())})")
            else:
                r = rows.get(skill)
                cells.append(f"{r['s']:.0f} ({r['calls']})" if r else "0")
        lines.append(f"| {skill} | " + " | ".join(cells) + " |")
    return lines


# -- part 2: policies x capacities on streams -------------------------------------------------
def _baseline(suite: Suite, args: argparse.Namespace, embedder: Embedder, key: str) -> Run:
    """The no-memory run of a stream, kept between invocations (one per policy group)."""
    path = CACHE / f"{key}_none.jsonl"
    if path.exists():
        return read_run(path)
    run, _ = run_one(suite, InProcessSettings(ablation="none", seed=args.seed,
                                              per_step_recall=args.per_step_recall),
                     embedder, f"{key} none")
    CACHE.mkdir(parents=True, exist_ok=True)
    write_run(run, path)
    return run


def part_streams(args: argparse.Namespace, embedder: Embedder) -> dict:
    """Rows for the chosen policies and capacities, merged into what earlier invocations
    wrote (each invocation stays short on a shared machine)."""
    out = _load(args.out) or {}
    if (out.get("floor_plan"), out.get("length")) != (args.floor_plan, args.length):
        out = {"floor_plan": args.floor_plan, "length": args.length,
               "tune_seed": TUNE_STREAM_SEED, "seeds": {}}
    out["per_step_recall"] = args.per_step_recall
    policies = args.policies.split(",") if args.policies else list(POLICIES)
    capacities = [int(c) for c in args.capacities.split(",")] if args.capacities \
        else list(CAPACITIES)
    seeds = [int(s) for s in args.stream_seeds.split(",")]
    for seed in seeds:
        suite = generate(StreamSettings(floor_plan=args.floor_plan, length=args.length,
                                        seed=seed))
        base = _baseline(suite, args, embedder,
                         f"stream_fp{args.floor_plan}_s{seed}_n{args.length}_w{args.seed}"
                         f"_p{int(args.per_step_recall)}")
        block = out["seeds"].setdefault(str(seed), {"rows": []})
        block["tasks"] = len(suite.tasks())
        block["baseline_sr"] = summarize(base)["tasks"]["all"]["sr"]
        for policy in policies:
            for capacity in capacities:
                settings = InProcessSettings(ablation="full", policy=policy,
                                             capacity=capacity, seed=args.seed,
                                             per_step_recall=args.per_step_recall)
                run, wall = run_one(suite, settings, embedder, f"{policy} C={capacity}")
                s = summarize(run, base)
                hr = mhr(run)
                row = {"policy": policy, "capacity": capacity, "wall_s": wall,
                       "mhr": hr.mhr, "warm_queries": hr.queries,
                       "warmup_queries": hr.warmup_queries, "curve": hr.curve,
                       "sr": s["tasks"]["all"]["sr"],
                       "re": s["against_baseline"]["all"]["re"],
                       "rt": s["against_baseline"]["all"]["rt"]}
                block["rows"] = [r for r in block["rows"]
                                 if (r["policy"], r["capacity"]) != (policy, capacity)]
                block["rows"].append(row)
                print(f"stream {seed} {policy:10s} C={capacity:2d}: MHR {_f(hr.mhr)} "
                      f"RE {_f(row['re'])} SR {_f(row['sr'])} ({wall:.0f} s)", flush=True)
                _write(args.out, out)
    return out


def merge_streams(args: argparse.Namespace) -> dict:
    """Rows of several invocations (run side by side, one file each) in one result."""
    out = _load(args.out) or {}
    for name in args.merge.split(","):
        part = _load(name)
        if not part:
            continue
        for key in ("floor_plan", "length", "tune_seed", "per_step_recall"):
            out.setdefault(key, part.get(key))
        for seed, block in part["seeds"].items():
            mine = out.setdefault("seeds", {}).setdefault(seed, {"rows": []})
            mine.update({k: v for k, v in block.items() if k != "rows"})
            keys = {(r["policy"], r["capacity"]) for r in block["rows"]}
            mine["rows"] = [r for r in mine["rows"] if (r["policy"], r["capacity"]) not in keys]
            mine["rows"] += block["rows"]
    return out


def streams_markdown(res: dict) -> str:
    lines = []
    for seed, block in res["seeds"].items():
        tag = " (tuning seed)" if int(seed) == res["tune_seed"] else ""
        lines += [f"Stream seed {seed}{tag}: floor plan {res['floor_plan']}, {block['tasks']} "
                  f"tasks, MHR after warm-up (95% occupancy), % ; RE against the no-memory run",
                  "", "| C | " + " | ".join(POLICIES) + " | RE (wtinylfu) |",
                  "|---|" + "---|" * (len(POLICIES) + 1)]
        for c in CAPACITIES:
            cells = {r["policy"]: r for r in block["rows"] if r["capacity"] == c}
            lines.append(f"| {c} | " + " | ".join(
                _pct(cells[p]["mhr"]) if p in cells else "" for p in POLICIES)
                + f" | {_f(cells.get('wtinylfu', {}).get('re'))} |")
        lines.append("")
    return "\n".join(lines)


# -- part 2b: does the short-term policy change what the robot does? ------------------------
def part_premise(args: argparse.Namespace, embedder: Embedder) -> dict:
    """The premise of a record-once, replay-per-policy path: if the short-term cache never
    changed what the planner does, the stream of short-term lookups would be the same
    under every policy and could be replayed. Checked on a short stream: the skill calls
    of each policy's run, compared call by call."""
    seed = int(args.stream_seeds.split(",")[0])
    suite = generate(StreamSettings(floor_plan=args.floor_plan, length=args.length, seed=seed))
    policies = args.policies.split(",") if args.policies else ["fifo", "wtinylfu"]
    calls: dict[str, list] = {}
    out: dict = {"floor_plan": args.floor_plan, "length": args.length, "stream_seed": seed,
                 "capacity": args.capacity, "per_step_recall": args.per_step_recall,
                 "load_before": os.getloadavg(), "arms": {}}
    for policy in policies:
        settings = InProcessSettings(ablation="full", policy=policy, capacity=args.capacity,
                                     seed=args.seed, per_step_recall=args.per_step_recall)
        run, wall = run_one(suite, settings, embedder, policy)
        calls[policy] = [(e.task, e.skill, list(e.args), e.error_code) for e in run.events
                         if isinstance(e, SkillCall)]
        hr = mhr(run)
        out["arms"][policy] = {"skill_calls": len(calls[policy]), "mhr": hr.mhr,
                               "warm_queries": hr.queries, "wall_s": wall}
    first = policies[0]
    out["identical"] = all(calls[p] == calls[first] for p in policies)
    for p in policies[1:]:
        diff = next((i for i, (a, b) in enumerate(zip(calls[first], calls[p], strict=False))
                     if a != b), None)
        if diff is None and len(calls[first]) != len(calls[p]):
            diff = min(len(calls[first]), len(calls[p]))
        if diff is not None:
            out.setdefault("first_difference", {})[p] = {
                "index": diff, first: calls[first][diff:diff + 3], p: calls[p][diff:diff + 3]}
    out["load_after"] = os.getloadavg()
    return out


# -- part 4: experience memory on a stream (issue 15) ---------------------------------------
def part_experience(args: argparse.Namespace, embedder: Embedder) -> dict:
    """full against full+experience on the same stream of repeated task types, memory
    never reset: SR, steps, failed calls repeated, SR per window of the stream."""
    seed = int(args.stream_seeds.split(",")[0])
    suite = generate(StreamSettings(floor_plan=args.floor_plan, length=args.length, seed=seed))
    out: dict = {"floor_plan": args.floor_plan, "length": args.length, "stream_seed": seed,
                 "capacity": args.capacity, "arms": {}}
    for name in ("full", "full+experience"):
        settings = InProcessSettings(ablation=name, capacity=args.capacity, seed=args.seed,
                                     per_step_recall=args.per_step_recall)
        run, wall = run_one(suite, settings, embedder, name)
        outcomes = task_outcomes(run)
        window = max(1, len(outcomes) // 4)
        out["arms"][name] = {
            "wall_s": wall, "sr": summarize(run)["tasks"]["all"]["sr"],
            "steps": steps(run), "steps_per_task": steps(run) / max(1, len(outcomes)),
            "known_bad": repeated_failures(run),
            "sr_per_window": [sum(o.success for o in outcomes[i:i + window]) / len(
                outcomes[i:i + window]) for i in range(0, len(outcomes), window)],
            "window": window}
        print(f"experience {name}: {out['arms'][name]}", flush=True)
    return out


def experience_markdown(res: dict) -> str:
    lines = [f"Stream seed {res['stream_seed']}, floor plan {res['floor_plan']}, "
             f"{res['length']} tasks, memory never reset, W-TinyLFU C = {res['capacity']}",
             "", "| arm | SR | steps/task | failed calls | repeated failed calls | SR per window |",
             "|---|---|---|---|---|---|"]
    for name, a in res["arms"].items():
        lines.append(f"| {name} | {_f(a['sr'])} | {a['steps_per_task']:.2f} | "
                     f"{a['known_bad']['failed_calls']} | "
                     f"{a['known_bad']['repeated_failed_calls']} | "
                     + ", ".join(f"{v:.2f}" for v in a["sr_per_window"]) + " |")
    return "\n".join(lines) + "\n"


# -- part 3: plots ------------------------------------------------------------------------
def part_plots() -> list[str]:
    import matplotlib  # noqa: PLC0415 - only this part needs it

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    made = []
    streams = _load("tasks_streams.json")
    if streams:
        seed, block = _report_block(streams)
        caps = [c for c in CAPACITIES if any(r["capacity"] == c and r["mhr"] is not None
                                             for r in block["rows"])]
        fig, axes = plt.subplots(1, len(caps), figsize=(4 * len(caps) + 1, 3.6), sharey=True,
                                 squeeze=False)
        axes = axes[0]
        for ax, c in zip(axes, caps, strict=True):
            for r in block["rows"]:
                if r["capacity"] != c:
                    continue
                pts = [(n, v * 100) for n, v in r["curve"] if v is not None]
                if pts:
                    ax.plot(*zip(*pts, strict=True), label=r["policy"],
                            color=COLORS.get(r["policy"]))
            ax.set_title(f"capacity {c}")
            ax.set_xlabel("tasks performed")
            ax.grid(alpha=0.3)
        axes[0].set_ylabel("hit rate after warm-up (%)")
        axes[0].legend(loc="lower right", fontsize=8)
        fig.suptitle(f"Short-term hit rate vs tasks (stream seed {seed}, "
                     f"floor plan {streams['floor_plan']})")
        fig.tight_layout()
        made.append(_save(fig, "tasks_hit_rate_curves.png"))
        fig, ax = plt.subplots(figsize=(5.5, 4))
        for policy in POLICIES:
            rows = [r for r in block["rows"] if r["policy"] == policy
                    and r["mhr"] is not None and r["re"] is not None]
            if not rows:
                continue
            ax.scatter([r["mhr"] * 100 for r in rows], [r["re"] for r in rows],
                       s=[10 + 3 * r["capacity"] for r in rows], label=policy,
                       color=COLORS[policy])
        ax.set_xlabel("hit rate after warm-up (%)")
        ax.set_ylabel("reduced exploration (RE)")
        ax.set_title("Reduced exploration vs hit rate (size = capacity)")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
        fig.tight_layout()
        made.append(_save(fig, "tasks_re_vs_hit_rate.png"))
    suite = _load("tasks_ablation.json")
    if suite:
        report = suite["report"]
        cats = [c for c in ("simple", "composite", "complex")
                if any(c in s["tasks"] for s in report.values())]
        names = [n for n in report if n not in BOUNDS]   # memories only, no bounds
        fig, ax = plt.subplots(figsize=(7, 4))
        width = 0.8 / max(len(names), 1)
        for i, name in enumerate(names):
            vals = [(report[name]["tasks"].get(c, {}).get("sr") or 0.0) for c in cats]
            ax.bar([k + i * width for k in range(len(cats))], vals, width, label=name)
        ax.set_xticks([k + width * (len(names) - 1) / 2 for k in range(len(cats))], cats)
        ax.set_xlabel("task category (reported sequences)")
        ax.set_ylabel("success rate (SR)")
        ax.set_ylim(0, 1)
        ax.set_title("Success per category and memory ablation")
        ax.legend(fontsize=8)
        ax.grid(axis="y", alpha=0.3)
        fig.tight_layout()
        made.append(_save(fig, "tasks_success_by_ablation.png"))
    return made


def _report_block(streams: dict) -> tuple[str, dict]:
    for seed, block in streams["seeds"].items():
        if int(seed) != streams["tune_seed"]:
            return seed, block
    seed = next(iter(streams["seeds"]))
    return seed, streams["seeds"][seed]


def _save(fig: object, name: str) -> str:
    """Write the PNG and describe what it shows (axes, labels, legend, series), so the
    figure can be checked without looking at it: bench/results/tasks_plots.json."""
    path = RESULTS / name
    fig.savefig(path, dpi=110)  # type: ignore[attr-defined]
    axes = []
    for ax in fig.axes:  # type: ignore[attr-defined]
        legend = ax.get_legend()
        axes.append({"title": ax.get_title(), "xlabel": ax.get_xlabel(),
                     "ylabel": ax.get_ylabel(), "xlim": list(ax.get_xlim()),
                     "ylim": list(ax.get_ylim()), "lines": len(ax.get_lines()),
                     "collections": len(ax.collections), "bars": len(ax.patches),
                     "legend": [t.get_text() for t in legend.get_texts()] if legend else []})
    described = _load("tasks_plots.json") or {}
    described[name] = {"suptitle": fig._suptitle.get_text()  # type: ignore[attr-defined]
                       if getattr(fig, "_suptitle", None) else "", "axes": axes}
    _write("tasks_plots.json", described)
    return str(path.relative_to(ROOT))


def _load(name: str) -> dict | None:
    path = RESULTS / name
    return json.loads(path.read_text()) if path.exists() else None


def _write(name: str, data: dict) -> None:
    (RESULTS / name).write_text(json.dumps(data, indent=1, default=_json))


def _f(v: float | None) -> str:
    return "–" if v is None else f"{v:.2f}"


def _pct(v: float | None) -> str:
    return "–" if v is None else f"{100 * v:.1f}"


def _environment() -> dict:
    # The machine is shared: the load when the result was written says what the wall
    # times are worth (runs also keep theirs in their meta, load_start / load_end).
    return {"python": platform.python_version(),
            "environment": environment(), "machine": platform.machine(),
            "cpus": os.cpu_count(), "load_avg_at_write": os.getloadavg()}


def main(argv: Iterable[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--part", choices=("suite", "streams", "premise", "experience", "plots"),
                    required=True)
    ap.add_argument("--capacity", type=int, default=25, help="suite part: short-term capacity")
    ap.add_argument("--seed", type=int, default=0, help="world and detector seed")
    ap.add_argument("--sequences", default="", help="suite part: only these sequence ids")
    ap.add_argument("--suite", default=str(SUITE),
                    help="suite part: suite file (results of another suite than karma_style "
                    "go to tasks_ablation_<name>.{json,md})")
    ap.add_argument("--out", default="tasks_streams.json",
                    help="streams part: result file in bench/results (rows are merged)")
    ap.add_argument("--merge", default="",
                    help="streams part: merge these result files' rows into --out, run nothing")
    ap.add_argument("--ablations", default="",
                    help="suite part: run only these (others are read from earlier runs); "
                    "also full_premapped (full, the house explored once before each "
                    "sequence) and the bounds oracle, oracle_start, oracle_later "
                    "(bench/tasks_oracle.py)")
    ap.add_argument("--floor-plan", type=int, default=1, help="streams part: floor plan")
    ap.add_argument("--length", type=int, default=200, help="streams part: tasks per stream")
    ap.add_argument("--stream-seeds", default=",".join(str(s) for s in REPORT_STREAM_SEEDS),
                    help=f"streams part: stream seeds (tuning: {TUNE_STREAM_SEED})")
    ap.add_argument("--per-step-recall", choices=("on", "off"), default="on",
                    help="recall with the brief state before every step (the planner's "
                    "default: on; off: one recall per plan, for long streams)")
    ap.add_argument("--policies", default="", help="streams part: comma-separated subset")
    ap.add_argument("--capacities", default="", help="streams part: comma-separated subset")
    args = ap.parse_args(list(argv) if argv is not None else None)
    args.per_step_recall = args.per_step_recall == "on"
    RESULTS.mkdir(parents=True, exist_ok=True)
    if args.part == "plots":
        for p in part_plots():
            print(p)
        return 0
    embedder = Embedder() if not args.merge else None
    if args.part == "suite":
        res = part_suite(args, embedder)
        res["environment"] = _environment()
        name = "tasks_ablation" if res["suite"] == "karma_style" \
            else f"tasks_ablation_{res['suite']}"
        _write(f"{name}.json", res)
        md = suite_markdown(res)
        (RESULTS / f"{name}.md").write_text(md)
    elif args.part == "premise":
        res = part_premise(args, embedder)
        res["environment"] = _environment()
        _write("tasks_streams_premise.json", res)
        md = json.dumps({k: res[k] for k in ("identical", "arms")}, indent=1)
    elif args.part == "experience":
        res = part_experience(args, embedder)
        res["environment"] = _environment()
        _write("tasks_experience.json", res)
        md = experience_markdown(res)
        (RESULTS / "tasks_experience.md").write_text(md)
    else:
        res = merge_streams(args) if args.merge else part_streams(args, embedder)
        res["environment"] = _environment()
        _write(args.out, res)
        md = streams_markdown(res)
        (RESULTS / "tasks_streams.md").write_text(md)
    print(md)
    return 0


def _json(value: object) -> object:
    if hasattr(value, "__dataclass_fields__"):
        return asdict(value)  # type: ignore[arg-type]
    raise TypeError(f"not JSON: {type(value).__name__}")


if __name__ == "__main__":
    raise SystemExit(main())
