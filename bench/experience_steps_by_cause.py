"""Where the steps of the experience streams go, by cause, arm against arm (issue 15).

Reads the per-subtask logs `bench/experience_tasks.py --log DIR` writes (one directory per
stream seed, one JSON Lines file per arm) and sorts every skill call of every subtask:

- failed: the world refused the call (any skill, explores included);
- explore: an explore that ran;
- open, used: an open after which the subtask picked something from it or put into it;
- open, search: an open after which the subtask used nothing in it (a look inside that
  turned out unnecessary: the object was elsewhere);
- navigate, to open: a navigate right before an open of its target (search or used);
- navigate, other: every other successful navigate;
- work: the rest (pick, put, close, heat, ...), what the task itself needs.

    .venv/bin/python bench/experience_steps_by_cause.py DIR [DIR ...] [--out FILE] [--by-task]

prints one table per arm and the on-vs-off difference per cause; --out writes the counts
as JSON. Reads logs only: nothing is run.

--by-task (round 66) also sorts whole tasks (all their subtasks) by what they did:

- look: calls, but only navigates, opens and closes, all successful, and the task won: the
  goal held as it began (memory's placement), the plan went to look at it first;
- re-put: a pick of an object and its put back into the receptacle it was picked from
  (the goal held too; the look did not confirm it or the object was not known there);
- work: the rest;

and counts successful navigates that moved the base 0.0 m (the world's "(0.0 m)"), at a
task's first call (the base stood where the last task left it) and within a task, and
sums the tasks of each arm where the other arm, same task, took fewer or more calls.

--looks (round 67) sorts, per arm and per stream, (a) the look tasks (as --by-task) by what
they looked at: "robot-left" when the unit navigated to, or a unit of the goal's type in the
receptacle opened, is where the robot itself last put it in an earlier task, "put back" when
that put was into the receptacle opened right before the unit's pick (where the pick found
it; a tidy keeps such a put too), "moved" otherwise (a unit picked with no open before,
from a counter, counts moved even when put back there); else "other"; and the tasks with no call
at all (the goal judged met without a look); (b) the opens of a search (an open after which
the subtask used nothing in it) and their navigates, by whether the robot had opened that
receptacle in an earlier task (what it held then is what an experience line could name) or
never; and the opens a pick then used, in a receptacle opened in an earlier task, of an
object the robot had not put there (seen on that earlier open, or put there by the house).
Memory ids are the arm's own (each arm has its own memory); nothing is run.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

from environment import with_environment

ARMS = ("full", "full+experience")
_CALL = re.compile(r"^([a-z_]+)\((.*)\)$")
CAUSES = ("failed", "explore", "open, used", "open, search", "navigate, to open",
          "navigate, other", "work")


def _parse(call: str) -> tuple[str, list[str]]:
    m = _CALL.match(call)
    if m is None:
        return call, []
    return m.group(1), [a.strip() for a in m.group(2).split(",") if a.strip()]


def causes(calls: list[dict]) -> list[str]:
    """The cause of every call of one subtask, in order."""
    parsed = [_parse(c["call"]) for c in calls]
    out: list[str] = []
    for i, (c, (skill, args)) in enumerate(zip(calls, parsed, strict=True)):
        if not c["ok"]:
            out.append("failed")
        elif skill == "explore":
            out.append("explore")
        elif skill == "open":
            rec = args[0] if args else ""
            used = any(ok and s in ("pick", "put") and rec in a
                       for (s, a), ok in zip(parsed[i + 1:], (x["ok"] for x in calls[i + 1:]),
                                             strict=True)) or any(
                # a pick whose object memory had inside: its target names no receptacle,
                # so a pick right after the open counts as using it
                s == "pick" and ok for (s, _), ok in zip(parsed[i + 1:i + 2],
                                                         (x["ok"] for x in calls[i + 1:i + 2]),
                                                         strict=True))
            out.append("open, used" if used else "open, search")
        elif skill == "navigate":
            nxt = parsed[i + 1] if i + 1 < len(parsed) else ("", [])
            out.append("navigate, to open" if nxt[0] == "open" and nxt[1][:1] == args[:1]
                       else "navigate, other")
        else:
            out.append("work")
    return out


def count(path: Path) -> tuple[Counter, int, int]:
    by_cause: Counter = Counter()
    tasks: set[str] = set()
    subtasks = 0
    for line in path.read_text().splitlines():
        e = json.loads(line)
        tasks.add(e["task"])
        subtasks += 1
        by_cause.update(causes(e["calls"]))
    return by_cause, len(tasks), subtasks


TASK_KINDS = ("look", "re-put", "work")


def task_kind(subtasks: list[dict]) -> str:
    """What one task's calls did (see --by-task)."""
    calls = [c for e in subtasks for c in e["calls"]]
    parsed = [_parse(c["call"]) for c in calls]
    won = all(e.get("planner_success") for e in subtasks)
    if calls and won and all(c["ok"] for c in calls) \
            and all(sk in ("navigate", "open", "close") for sk, _ in parsed):
        return "look"
    picked: dict[str, str] = {}   # object -> the receptacle its pick was right after an open of
    for i, ((sk, args), c) in enumerate(zip(parsed, calls, strict=True)):
        if sk == "pick" and c["ok"] and args:
            before = [a for s2, a in parsed[:i] if s2 == "open"]
            picked[args[0]] = before[-1][0] if before and before[-1] else ""
        elif sk == "put" and c["ok"] and len(args) >= 2 and args[0] in picked \
                and picked[args[0]] == args[1]:
            return "re-put"
    return "work"


def by_task(dirs: list[str]) -> dict:
    """Per arm: tasks, calls and "(0.0 m)" navigates per task kind; per stream the two
    arms paired task by task."""
    out: dict = {arm: {k: {"tasks": 0, "calls": 0} for k in TASK_KINDS} for arm in ARMS}
    for arm in ARMS:
        out[arm]["navigate 0.0 m"] = {"first call of a task": 0, "within a task": 0,
                                      "navigates": 0}
    pairs = {"experience fewer": [0, 0], "experience more": [0, 0], "equal": [0, 0]}
    for d in dirs:
        for off_path in sorted(Path(d).rglob("*_full.jsonl")):
            logs = {}
            for arm in ARMS:
                path = off_path.with_name(off_path.name.replace("_full.jsonl", f"_{arm}.jsonl"))
                tasks: dict[str, list[dict]] = {}
                for line in path.read_text().splitlines() if path.exists() else ():
                    e = json.loads(line)
                    tasks.setdefault(e["task"], []).append(e)
                logs[arm] = tasks
                for subs in tasks.values():
                    k = task_kind(subs)
                    calls = [c for e in subs for c in e["calls"]]
                    out[arm][k]["tasks"] += 1
                    out[arm][k]["calls"] += len(calls)
                    z = out[arm]["navigate 0.0 m"]
                    for i, c in enumerate(calls):
                        if c["ok"] and c["call"].startswith("navigate("):
                            z["navigates"] += 1
                            if "(0.0 m)" in c.get("message", ""):
                                z["first call of a task" if i == 0 else "within a task"] += 1
            off, on = logs["full"], logs["full+experience"]
            for t in off.keys() & on.keys():
                a = sum(len(e["calls"]) for e in off[t])
                b = sum(len(e["calls"]) for e in on[t])
                key = "equal" if a == b else "experience fewer" if b < a else "experience more"
                pairs[key][0] += 1
                pairs[key][1] += b - a
    out["paired tasks (count, experience minus plain calls)"] = pairs
    return out


LOOK_KINDS = ("robot-left, put back", "robot-left, moved", "other")


def _goal_type(subtasks: list[dict]) -> str:
    """The object type of the task's first placement goal ("" when it has none)."""
    for e in subtasks:
        for cond in e.get("conditions", ()):
            m = re.match(r"^(INSIDE|ON)\((\w+),", cond)
            if m:
                return m.group(2)
    return ""


def _labels(subtasks: list[dict]) -> dict[str, str]:
    """Memory id -> the label memory gave it, from the calls' targets ("id:Label@x,y->T")."""
    out: dict[str, str] = {}
    for e in subtasks:
        for c in e["calls"]:
            for t in c.get("targets", ()):
                oid, _, rest = t.partition(":")
                out[oid] = rest.partition("@")[0]
    return out


def stream_looks(tasks: dict[str, list[dict]]) -> dict:
    """(a) and (b) of --looks for one arm's stream (tasks in stream order)."""
    looks = {k: {"tasks": 0, "calls": 0} for k in LOOK_KINDS}
    looks["no call"] = {"tasks": 0, "calls": 0}
    search = {"opened before": {"opens": 0, "navigates": 0},
              "never opened": {"opens": 0, "navigates": 0}}
    reopened_pick = 0
    left: dict[str, str] = {}        # unit -> where the robot itself last left it
    found_in: dict[str, str] = {}    # unit -> receptacle opened right before its last pick
    opened: set[str] = set()         # receptacles opened in earlier tasks
    label: dict[str, str] = {}
    for subs in tasks.values():
        label.update(_labels(subs))
        calls = [c for e in subs for c in e["calls"]]
        parsed = [_parse(c["call"]) for c in calls]
        kind = task_kind(subs)
        if not calls and all(e.get("planner_success") for e in subs):
            looks["no call"]["tasks"] += 1
        elif kind == "look":
            goal = _goal_type(subs).lower()
            hits = [u for sk, args in parsed if args for u in (
                [args[0]] if sk == "navigate" and args[0] in left else
                [u for u, r in left.items() if sk == "open" and r == args[0]
                 and label.get(u, "").lower() == goal])]
            k = "other" if not hits else "robot-left, put back" if all(
                found_in.get(u) == left[u] for u in hits) else "robot-left, moved"
            looks[k]["tasks"] += 1
            looks[k]["calls"] += len(calls)
        for e in subs:
            sub_parsed = [_parse(c["call"]) for c in e["calls"]]
            sub_causes = causes(e["calls"])
            for i, ((sk, args), cause) in enumerate(zip(sub_parsed, sub_causes, strict=True)):
                if sk != "open" or not args:
                    continue
                before = args[0] in opened
                nav = i > 0 and sub_parsed[i - 1] == ("navigate", args[:1])
                if cause == "open, search":
                    row = search["opened before" if before else "never opened"]
                    row["opens"] += 1
                    row["navigates"] += nav
                elif before and i + 1 < len(sub_parsed) and sub_parsed[i + 1][0] == "pick" \
                        and sub_parsed[i + 1][1][:1] and left.get(sub_parsed[i + 1][1][0]) \
                        != args[0]:
                    reopened_pick += 1
        last_open = ""
        for (sk, args), c in zip(parsed, calls, strict=True):
            if not c["ok"] or not args:
                continue
            if sk == "open":
                last_open = args[0]
            elif sk == "pick":
                found_in[args[0]] = last_open
                left.pop(args[0], None)
            elif sk == "put" and len(args) >= 2:
                left[args[0]] = args[1]
        opened.update(a[0] for (sk, a), c in zip(parsed, calls, strict=True)
                      if sk == "open" and c["ok"] and a)
    return {"looks": looks, "search opens": search,
            "opens a pick used, opened in an earlier task, not the robot's put": reopened_pick}


def looks_by_stream(dirs: list[str]) -> dict:
    """--looks: per arm, per stream (its log file) and summed."""
    out: dict = {}
    for arm in ARMS:
        per: dict = {}
        for d in dirs:
            for path in sorted(Path(d).rglob(f"*_{arm}.jsonl")):
                tasks: dict[str, list[dict]] = {}
                for line in path.read_text().splitlines():
                    e = json.loads(line)
                    tasks.setdefault(e["task"], []).append(e)
                per[str(path)] = stream_looks(tasks)
        total: dict = {}
        for row in per.values():
            _add(total, row)
        out[arm] = {"all": total, "streams": per}
    return out


def _add(into: dict, row: dict) -> None:
    for k, v in row.items():
        if isinstance(v, dict):
            _add(into.setdefault(k, {}), v)
        else:
            into[k] = into.get(k, 0) + v


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="+", help="log directories (searched recursively)")
    ap.add_argument("--out", default="", help="write the counts as JSON here")
    ap.add_argument("--by-task", action="store_true",
                    help="also sort whole tasks (look, re-put, work) and count 0.0 m walks")
    ap.add_argument("--looks", action="store_true",
                    help="also sort look tasks by what they looked at and search opens by "
                         "whether the receptacle was opened before, per stream")
    a = ap.parse_args(argv)
    totals: dict[str, Counter] = {arm: Counter() for arm in ARMS}
    tasks = dict.fromkeys(ARMS, 0)
    for d in a.dirs:
        for arm in ARMS:
            for p in sorted(Path(d).rglob(f"*_{arm}.jsonl")):
                c, n, _ = count(p)
                totals[arm].update(c)
                tasks[arm] += n
    off, on = totals["full"], totals["full+experience"]
    n_off, n_on = tasks["full"], tasks["full+experience"]
    if not n_off or not n_on:
        print("no logs of both arms found", file=sys.stderr)
        return 1
    print(f"{'cause':<20} {'off':>7} {'on':>7} {'off/task':>9} {'on/task':>8} {'on-off':>7}")
    for cause in CAUSES:
        print(f"{cause:<20} {off[cause]:>7} {on[cause]:>7} {off[cause] / n_off:>9.2f} "
              f"{on[cause] / n_on:>8.2f} {on[cause] - off[cause]:>+7}")
    so, sn = sum(off.values()), sum(on.values())
    print(f"{'all':<20} {so:>7} {sn:>7} {so / n_off:>9.2f} {sn / n_on:>8.2f} {sn - so:>+7}")
    result: dict = {"tasks": tasks, "steps": {
        arm: {c: totals[arm][c] for c in CAUSES} for arm in ARMS}}
    if a.by_task:
        result["by_task"] = by_task(a.dirs)
        print(json.dumps(result["by_task"], indent=1))
    if a.looks:
        result["looks"] = looks_by_stream(a.dirs)
        print(json.dumps({arm: v["all"] for arm, v in result["looks"].items()}, indent=1))
    if a.out:
        Path(a.out).write_text(json.dumps(with_environment(result), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
