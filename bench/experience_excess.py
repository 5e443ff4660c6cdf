"""Where an arm's steps exceed the oracle's on a stream (issue 15, round 7): reads the
--log files of bench/experience_tasks.py (the arm and the oracle, same stream) and sorts
every step of the arm beyond the oracle's into classes, per task.

    .venv/bin/python bench/experience_tasks.py --split tune --length 24 [--tidy] \\
        --arms full,full+experience,oracle --log /tmp/logs
    .venv/bin/python bench/experience_excess.py /tmp/logs/tune[_tidy]_full+experience.jsonl \\
        /tmp/logs/tune[_tidy]_oracle.jsonl

Classes (first that applies to a task, then per step within the rest):
- goal already met: the oracle took no step in the task (the tidy had put things where
  the goal wants them); every step of the arm is excess.
- not found (task lost): the arm's plan gave up without the object, the oracle did not.
- per step, for the other tasks: a failed call ("stale belief" for a navigate refused
  NOT_FOUND, "shut in" for a pick refused, "closed" for a put refused, else "failed
  other"), an explore, an open beyond the oracle's number of opens (with its navigate:
  "search of closed receptacles"); the remainder (positive or negative) is "other".
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from pathlib import Path


def tasks(path: Path) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = defaultdict(list)
    for line in path.read_text().splitlines():
        e = json.loads(line)
        out[e["task"]].append(e)
    return out


def classify(arm: dict[str, list[dict]], oracle: dict[str, list[dict]]) -> Counter:
    excess: Counter = Counter()
    for task, subs in arm.items():
        mine = [c for s in subs for c in s["calls"]]
        best = [c for s in oracle.get(task, []) for c in s["calls"]]
        if not best:
            excess["goal already met"] += len(mine)
            continue
        gave_up = any(not s["planner_success"] and "in memory" in s.get("message", "")
                      for s in subs)
        if gave_up and all(s["planner_success"] for s in oracle[task]):
            excess["not found (task lost)"] += len(mine) - len(best)
            continue
        left = len(mine) - len(best)
        for c in mine:
            if c["ok"]:
                continue
            kind = c["call"].split("(")[0]
            name = {"navigate": "stale belief (navigate refused)",
                    "pick": "shut in (pick refused)",
                    "put": "closed (put refused)"}.get(kind, "failed other")
            excess[name] += 1
            left -= 1
        explores = sum(c["call"].startswith("explore(") and c["ok"] for c in mine) \
            - sum(c["call"].startswith("explore(") for c in best)
        if explores > 0:
            excess["explores"] += explores
            left -= explores
        opens = sum(c["call"].startswith("open(") and c["ok"] for c in mine) \
            - sum(c["call"].startswith("open(") for c in best)
        if opens > 0:
            excess["search of closed receptacles"] += 2 * opens
            left -= 2 * opens
        excess["other"] += left
    return excess


def main(argv: list[str]) -> int:
    arm, oracle = tasks(Path(argv[0])), tasks(Path(argv[1]))
    excess = classify(arm, oracle)
    total = sum(excess.values())
    print(json.dumps({"arm": argv[0], "oracle": argv[1], "excess_steps": total,
                      "classes": dict(excess.most_common())}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
