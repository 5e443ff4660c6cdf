"""A run's results as text: the per-task table printed at the end of the main job and the
markdown file beside the JSON (`metrics.summarize` computes every figure)."""

from __future__ import annotations

from collections.abc import Mapping

from memory_node.sim.tasks.metrics import ALL, TaskOutcome, task_outcomes
from memory_node.sim.tasks.records import Run


def _f(value: object, digits: int = 2) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def task_table(runs: Mapping[str, Run]) -> str:
    """One row per task: per ablation success, GC, exploration calls, simulated time."""
    names = list(runs)
    rows: dict[tuple[str, str], dict[str, TaskOutcome]] = {}
    for name, run in runs.items():
        for o in task_outcomes(run):
            rows.setdefault((o.sequence, o.task), {})[name] = o
    head = "| task | " + " | ".join(
        f"{n}: result | {n}: GC | {n}: explore | {n}: skills | {n}: sim s" for n in names) + " |"
    sep = "|---|" + "---|" * (5 * len(names))
    lines = [head, sep]
    for (_seq, task), per in rows.items():
        cells = []
        for n in names:
            got = per.get(n)
            if got is None:
                cells += ["–"] * 5
                continue
            result = ("SUCCESS" if got.success else "failed") if got.status == "run" \
                else got.status
            cells += [result, _f(got.gc), str(got.exploration_attempts),
                      str(got.skill_calls), f"{got.sim_time_s:.0f}"]
        lines.append(f"| {task} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def results_markdown(runs: Mapping[str, Run], summary: Mapping) -> str:
    """Headline figures (SR, GC per ablation; RE, RT, SR gain against `none`; MRA; MHR;
    costs), then the per-task table."""
    lines = ["# Task run results", ""]
    meta = summary.get("meta", {})
    lines.append(f"Suite `{meta.get('suite', '')}`, sequences {meta.get('sequences', '')}, "
                 f"stack `{meta.get('stack', '')}`, step limit {meta.get('max_steps', '')} "
                 f"per subtask{'; INTERRUPTED' if summary.get('interrupted') else ''}.")
    lines += ["", "| ablation | tasks | errors | SR | GC |", "|---|---|---|---|---|"]
    for name, run in runs.items():
        outcomes = [o for o in task_outcomes(run) if o.status != "skipped"]
        n = len(outcomes)
        sr = sum(o.success for o in outcomes) / n if n else None
        gc = sum(o.gc for o in outcomes) / n if n else None
        errors = sum(o.status == "error" for o in outcomes)
        lines.append(f"| {name} | {n} | {errors} | {_f(sr)} | {_f(gc)} |")
    against = summary.get("against_baseline", {}).get(ALL)
    if against:
        lines += ["", "Memory against the no-memory run, on the tasks both ran "
                  f"({against['tasks']}):", "",
                  "| RE | RT | SR memory | SR none | SR gain | explore calls (mem / none) | "
                  "sim time s (mem / none) |", "|---|---|---|---|---|---|---|",
                  f"| {_f(against['re'])} | {_f(against['rt'])} | {_f(against['sr_memory'])} "
                  f"| {_f(against['sr_baseline'])} | {_f(against['sr_gain'])} | "
                  f"{against['exploration_memory']} / {against['exploration_baseline']} | "
                  f"{against['time_memory_s']:.0f} / {against['time_baseline_s']:.0f} |"]
    mra = summary.get("mra", {})
    if mra:
        lines += ["", "| MRA | recalls | value |", "|---|---|---|"]
        lines += [f"| {k} | {v['recalls']} | {_f(v['mra'])} |" for k, v in mra.items()]
    hr = summary.get("mhr")
    if hr:
        lines += ["", f"Short-term memory: {hr['all_queries']} queries, {hr['all_hits']} hits; "
                  f"MHR after warm-up {_f(hr['mhr'])} over {hr['queries']} queries "
                  "(– = the cache never reached 95 % occupancy)."]
    comps = summary.get("components", {})
    if comps:
        lines += ["", "| component (memory run) | wall / sim s | calls | prompt tokens |",
                  "|---|---|---|---|"]
        lines += [f"| {k} | {v['wall_s']:.1f} | {v['calls']} | {v['prompt_tokens']} |"
                  for k, v in comps.items()]
    lines += ["", "## Per task", "", task_table(runs), ""]
    return "\n".join(lines)
