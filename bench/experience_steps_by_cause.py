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

    .venv/bin/python bench/experience_steps_by_cause.py DIR [DIR ...] [--out FILE]

prints one table per arm and the on-vs-off difference per cause; --out writes the counts
as JSON. Reads logs only: nothing is run.
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="+", help="log directories (searched recursively)")
    ap.add_argument("--out", default="", help="write the counts as JSON here")
    a = ap.parse_args(argv)
    totals = {arm: Counter() for arm in ARMS}
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
    if a.out:
        Path(a.out).write_text(json.dumps(with_environment({"tasks": tasks, "steps": {
            arm: {c: totals[arm][c] for c in CAUSES} for arm in ARMS}}), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
