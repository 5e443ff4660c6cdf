"""Keep-rule account of a change on the 24 usual experience tuning streams, both arms (issue 15,
round 65, exp73: an object seen inside a receptacle answered in it by memory's graph fallback).

The base is exp71's a2b91dc0 record (`results/experience_put_back_exp71_r64.json`, "base": both
arms, per task, worst repeat), which 3e81fe0d repeats task for task on every stream re-run here
(tune tidy and untidied, both arms: 15 runs). A variant is a directory of bench/experience_tasks.py
result JSONs (one stream and one arm each, tag `exp73_<variant>_<S><t|u>_<seed>_<arm>`) and the
--log directories of the same runs (`<logs>/<variant>_<S><t|u>_<seed>_<arm>`), read for the
"re-put" count: a task whose goal held as it began (exp71's floor is no call) where the arm
picked an object of the goal's type and put it in a receptacle of the goal's type.

    .venv/bin/python bench/experience_seen_inside_r65.py \\
        --variant fix2=/tmp/exp73/fix2/bench/results --logs /tmp/exp73/logs \\
        --floor-logs /tmp/exp71/logs --out bench/results/experience_seen_inside_exp73_r65.json
"""

from __future__ import annotations

import argparse
import glob
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from environment import with_environment  # noqa: E402

ARMS = ("full", "full+experience")
BASE = ROOT / "bench" / "results" / "experience_put_back_exp71_r64.json"
NAME = re.compile(r"exp73_(?P<v>[a-z0-9]+)_(?P<key>\w+?_\d+)_(?P<arm>full_experience|full)\.json$")
CALL = re.compile(r"(\w+)\((.*)\)")
PLACE = re.compile(r"(INSIDE|ON)\((\w+), (\w+)\)")


def _call(text: str) -> tuple[str, list[str]]:
    m = CALL.match(text)
    return (m.group(1), [a.strip() for a in m.group(2).split(",")]) if m else (text, [])


def _tasks(path: str) -> dict[str, list[dict]]:
    files = glob.glob(f"{path}/*/*.jsonl")
    out: dict[str, list[dict]] = {}
    if files:
        for line in Path(files[0]).read_text().splitlines():
            r = json.loads(line)
            out.setdefault(r["task"], []).append(r)
    return out


def re_puts(arm_log: str, floor_log: str) -> list[str]:
    """Tasks whose goal held at their start (the floor is no call) where the arm picked an object
    of the goal's type and put it into a receptacle of the goal's type."""
    arm, floor = _tasks(arm_log), _tasks(floor_log)
    found = []
    for task, subs in arm.items():
        if not floor.get(task) or any(s.get("floor") != [] for s in floor[task][:1]):
            continue
        goals = [m for s in subs for c in s["conditions"] if (m := PLACE.match(c))]
        if not goals:
            continue
        label: dict[str, str] = {}
        calls = [c for s in subs for c in s["calls"]]
        for c in calls:
            for t in c.get("targets", []):
                oid, rest = t.split(":", 1)
                label[oid] = rest.split("@")[0]
        _, what, where = goals[0].groups()
        picked = {_call(c["call"])[1][0] for c in calls
                  if c["ok"] and _call(c["call"])[0] == "pick"}
        if any(c["ok"] and _call(c["call"])[0] == "put" and len(_call(c["call"])[1]) > 1
               and _call(c["call"])[1][0] in picked and label.get(_call(c["call"])[1][0]) == what
               and label.get(_call(c["call"])[1][1]) == where for c in calls):
            found.append(task)
    return found


def account(base: dict[str, Any], results: str, logs: str, floor_logs: str,
            variant: str) -> dict[str, Any]:
    fix: dict[str, dict[str, Any]] = {}
    for f in glob.glob(f"{results}/experience_tasks_*_exp73_{variant}_*.json"):
        m = NAME.search(f)
        if m is None:
            continue
        arm = m["arm"].replace("_experience", "+experience")
        (stream,) = json.loads(Path(f).read_text())["streams"].values()
        fix.setdefault(m["key"], {})[arm] = stream[arm]
    streams: dict[str, Any] = {}
    totals = {a: {"streams": 0, "lost": 0, "gained": 0, "both_won_base": 0, "both_won_fix": 0,
                  "worse_repeat": 0, "re_puts_base": 0, "re_puts_fix": 0} for a in ARMS}
    never = [0, 0, 0]
    for key in sorted(fix):
        row: dict[str, Any] = {}
        for arm in ARMS:
            if arm not in fix[key]:
                continue
            b, x = base[key][arm], fix[key][arm]
            pb = {t: (ok, n) for t, ok, n in b["per_task"]}
            px = {t: (ok, n) for t, ok, n in x["per_task"]}
            both = [t for t in pb if pb[t][0] and px.get(t, (False, 0))[0]]
            tag = "E" if arm == "full+experience" else "P"
            floor = f"{floor_logs}/base{tag}_{key}"
            suffix = arm.replace("+", "_")
            r = {"base_won": sum(v[0] for v in pb.values()),
                 "fix_won": sum(v[0] for v in px.values()),
                 "base_steps": b["steps"], "fix_steps": x["steps"],
                 "both_won_base": sum(pb[t][1] for t in both),
                 "both_won_fix": sum(px[t][1] for t in both),
                 "lost": [t for t in pb if pb[t][0] and not px.get(t, (False, 0))[0]],
                 "gained": [t for t in px if px[t][0] and not pb.get(t, (False, 0))[0]],
                 "worst_base": b["max_failures_issue_state"],
                 "worst_fix": x["max_failures_issue_state"],
                 "re_puts_base": re_puts(floor, floor),
                 "re_puts_fix": re_puts(f"{logs}/{variant}_{key}_{suffix}", floor),
                 "per_task_fix": x["per_task"]}
            row[arm] = r
            t = totals[arm]
            t["streams"] += 1
            t["lost"] += len(r["lost"])
            t["gained"] += len(r["gained"])
            t["both_won_base"] += r["both_won_base"]
            t["both_won_fix"] += r["both_won_fix"]
            t["worse_repeat"] += r["worst_fix"] > r["worst_base"]
            t["re_puts_base"] += len(r["re_puts_base"])
            t["re_puts_fix"] += len(r["re_puts_fix"])
        if len(row) == 2:
            e, p = row["full+experience"], row["full"]
            nw = [e[f"{s}_won"] >= p[f"{s}_won"] and e[f"{s}_steps"] <= p[f"{s}_steps"]
                  for s in ("base", "fix")]
            row["never_worse"] = nw
            never = [never[0] + nw[0], never[1] + nw[1], never[2] + 1]
        streams[key] = row
    return {"streams": streams, "totals": totals,
            "never_worse": {"base": never[0], "fix": never[1], "of": never[2]}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", action="append", required=True,
                    help="NAME=DIR of experience_tasks result JSONs (repeatable)")
    ap.add_argument("--logs", required=True, help="the variants' --log parent directory")
    ap.add_argument("--floor-logs", required=True, help="exp71's logs (baseE_*/baseP_*)")
    ap.add_argument("--notes", default="", help="a JSON file of notes merged into the result")
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    base = json.loads(BASE.read_text())["base"]
    out: dict[str, Any] = {"what": "exp73 round 65: keep-rule account vs 3e81fe0d (exp71's "
                           "a2b91dc0 record, repeated task for task on the runs re-run here)",
                           "variants": {}}
    for spec in a.variant:
        name, _, results = spec.partition("=")
        out["variants"][name] = account(base, results, a.logs, a.floor_logs, name)
        t = out["variants"][name]["totals"]
        print(name, json.dumps(t), json.dumps(out["variants"][name]["never_worse"]))
    if a.notes:
        out["notes"] = json.loads(Path(a.notes).read_text())
    Path(a.out).write_text(json.dumps(with_environment(out), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
