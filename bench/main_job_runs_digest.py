"""The main job's repetitions (`main_job_repeat.py --work DIR`) of several code versions,
one row per run, for telling apart what a change does to the memory arm from the run's luck.

Per run: RE, RT, SR per arm; simulated seconds, explores and calls per arm; the memory
arm's first calls; the mug's memory id in the first task (ids are never reused after a
clear, so it counts the units memory made before the mug: a first explore whose early views
perception never received gives a low one); world start lines and KeyboardInterrupts in the
world's log; how long after the first world's first log line the perception node logged its
first (negative: that world was stopped before its first line).

    python bench/main_job_runs_digest.py OUT.json WORK_DIR=VERSION [WORK_DIR=VERSION ...]
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from environment import with_environment


def _stamp(line: str) -> float | None:
    m = re.search(r"\[(\d+\.\d+)\]", line)
    return float(m.group(1)) if m else None


def digest(run: Path, version: str) -> dict[str, Any]:
    base = json.loads((run / "summary.json").read_text())["against_baseline"]["all"]
    meta_path = run.parent / f"{run.name}.meta.json"
    meta = json.loads(meta_path.read_text()) if meta_path.exists() else {}
    row: dict[str, Any] = {"version": version, "work": str(run.parent), "seed": int(run.name[4:]),
                           "wall_s": meta.get("wall_s"), "load_start": meta.get("load_start"),
                           "load_end": meta.get("load_end")}
    for key in ("re", "rt", "sr_memory", "sr_baseline"):
        row[key] = round(base[key], 3) if base.get(key) is not None else None
    for arm in ("full", "none"):
        records = [json.loads(x) for x in (run / f"run_{arm}.jsonl").read_text().splitlines()]
        skills = [r for r in records if r.get("kind") == "skill"]
        row[arm] = {"sim_s": round(sum(r["sim_duration_s"] for r in skills), 1),
                    "explores": sum(r["skill"] == "explore" for r in skills),
                    "calls": len(skills)}
        if arm == "full":
            row["full_first_calls"] = [f"{r['skill']}({','.join(r['args'])})"
                                       for r in skills[:5]]
    first = sorted((run / "tasks").glob("full_*_01_*.json"))
    mugs = []
    if first:
        changes = json.loads(first[0].read_text())["changes"]
        mugs = [int(c["object_id"].rsplit("_", 1)[1]) for c in changes
                if c["kind"] == "new" and c["label"] == "Mug"]
    row["mug_id"] = min(mugs) if mugs else None
    world = (run / "logs" / "household_world.log").read_text(errors="replace").splitlines()
    starts = [_stamp(x) for x in world if "house seed" in x]
    perception = (run / "logs" / "perception_node.log").read_text(errors="replace").splitlines()
    up = _stamp(perception[0]) if perception else None
    row["world_start_lines"] = len(starts)
    row["perception_up_after_first_world_line_s"] = (
        round(up - starts[0], 2) if up is not None and starts and starts[0] is not None else None)
    row["keyboard_interrupts"] = sum("KeyboardInterrupt" in x for x in world)
    return row


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__)
        return 2
    rows = []
    for spec in argv[1:]:
        work, _, version = spec.partition("=")
        for run in sorted(Path(work).glob("seed[0-9]*")):
            if run.is_dir() and (run / "summary.json").exists():
                rows.append(digest(run, version or work))
    Path(argv[0]).write_text(json.dumps(with_environment({"runs": rows}), indent=1) + "\n")
    for r in rows:
        print(r["version"], r["seed"], r["re"], r["rt"], r["full"]["sim_s"], r["none"]["sim_s"],
              r["full"]["explores"], r["none"]["explores"], r["mug_id"], r["wall_s"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
