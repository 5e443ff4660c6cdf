"""Classify every repeat (2nd+ failure of one issue key) in probe jsonl files.
usage: classify.py probe1.jsonl [...]  -> prints per file the repeats and a JSON summary"""
import json
import sys
from collections import Counter, defaultdict


def key(r):
    return (r["room"], r["held"], r["objects"], r["call"], r["code"])


def cls(r):
    tr = r["transitions"]
    if r["delivered"]:
        if r["call"] in r.get("dodged_before", []):
            return "D1 delivered; loop re-planned once, planner chose it again"
        return "D2 delivered; planner's plan (made from that recall) kept it"
    if r["listed"]:
        return "N1 listed but not delivered (cut)"
    if r["lookup_robot"] is None:
        return "N0 no known-bad lookup in the recall"
    failed = [t for t in tr if t[3] > 0]
    if not failed:
        return "R0 no failed transition recorded"
    whys = [t[5] for t in failed]
    if any(w.startswith("robot key") for w in whys) and not any(
            not w.startswith("robot key") for w in whys):
        return "K1 other state key: robot part (area/held)"
    if any("belief" in w for w in whys):
        return "K2 other state key: memory's belief position moved"
    if any(" state " in w for w in whys):
        return "K3 other state key: memory's object state differs"
    if any("not in memory" in w or "no position" in w for w in whys):
        return "K4 object not in memory's states"
    if any(w.startswith("not known bad") for w in whys):
        return "S1 not known bad (successes >= failures)"
    return "X " + "; ".join(whys)


def main(paths):
    out = {}
    for p in paths:
        recs = [json.loads(x) for x in open(p)]
        seen = defaultdict(list)
        reps = []
        for i, r in enumerate(recs):
            if r["ok"] or r["call"].startswith("explore("):
                continue
            k = key(r)
            seen[k].append(i)
            if len(seen[k]) >= 2:
                reps.append((k, len(seen[k]), i, r, [recs[j] for j in seen[k][:-1]]))
        worst = max((len(v) for v in seen.values()), default=0)
        rows = []
        for k, n, i, r, prev in reps:
            c = cls(r)
            rows.append({"n": n, "ep": r["ep"], "call": r["call"], "room": r["room"],
                         "held": r["held"], "objects": r["objects"], "msg": r["msg"],
                         "class": c, "prev_eps": [q["ep"] for q in prev],
                         "prev_recorded_as": [q.get("recorded_as") for q in prev],
                         "lookup_robot": r["lookup_robot"],
                         "lookup_states": r["lookup_states"], "lookup_pos": r["lookup_pos"],
                         "brief": r["brief"], "dodged_before": r.get("dodged_before"),
                         "transitions": r["transitions"]})
        out[p] = {"worst": worst, "repeats": rows,
                  "classes": Counter(x["class"] for x in rows)}
    return out


if __name__ == "__main__":
    res = main(sys.argv[1:])
    for p, v in res.items():
        print(f"== {p}: worst {v['worst']}, repeats {len(v['repeats'])}")
        for x in v["repeats"]:
            print(f"  #{x['n']} {x['ep']} {x['call']} [{x['room']}|{x['held']}|{x['objects']}]"
                  f" {x['msg'][:90]!r}")
            print(f"     -> {x['class']}; prev {x['prev_eps']} as {x['prev_recorded_as']}")
            print(f"     lookup {x['lookup_robot']} {x['lookup_states']} {x['lookup_pos']}"
                  f" brief {x['brief']} dodged {x['dodged_before']}")
            for t in x["transitions"]:
                print(f"       t{t[0]} {t[1]} | {t[2]} | {t[3]}f/{t[4]}s | {t[5]}")
