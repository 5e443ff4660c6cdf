"""Read any task file (our suite format or KARMA's ALFRED-L, told apart by content) and
report what would run and what is skipped, with reasons.

    python -m memory_node.sim.tasks.check config/tasks/karma_style.json other.json [--json]

Exit status 0 when every file was read (skips are reported, not failures), 1 when a file
could not be read at all.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

from memory_node.sim.tasks.alfred_l import parse_alfred_l
from memory_node.sim.tasks.model import SkipReason, Suite
from memory_node.sim.tasks.suite_io import FORMAT, load_task_file, parse_suite


def read_tasks(path: str | Path) -> Suite:
    """A suite from either format; a broken file is one skip, never an exception."""
    data = load_task_file(path)
    if isinstance(data, Suite):
        return data
    if isinstance(data, dict) and data.get("format") == FORMAT:
        return parse_suite(data, str(path))
    return parse_alfred_l(data, str(path))


def report(suite: Suite) -> dict:
    return {"name": suite.name, **suite.summary(),
            "skips": [{"sequence": s.sequence, "task": s.task, "reason": s.reason.value,
                       "code": int(s.code), "detail": s.detail} for s in suite.skipped],
            "rewrites": {t.id: list(t.notes) for t in suite.tasks() if t.notes}}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Check task files (suite or ALFRED-L format).")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--json", action="store_true", help="one JSON report per file")
    args = ap.parse_args(argv)
    status = 0
    for f in args.files:
        suite = read_tasks(f)
        r = report(suite)
        if any(s.reason is SkipReason.BROKEN_FILE for s in suite.skipped):
            status = 1
        if args.json:
            print(json.dumps({"file": f, **r}))
            continue
        print(f"{f}: {r['tasks']} tasks in {r['sequences']} sequences {r['per_category']}, "
              f"{r['skipped']} skipped {r['skipped_per_reason']}")
        for s in suite.skipped:
            print(f"  skipped {s}")
        for task, notes in r["rewrites"].items():
            print(f"  {task}: " + "; ".join(notes))
    return status


if __name__ == "__main__":
    raise SystemExit(main())
