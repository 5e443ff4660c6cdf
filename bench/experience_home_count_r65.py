"""A unit the robot put in an earlier task, in a house that puts things back: what memory
knows of its home when the task asks for its type (issue 15, round 65, exp72; tuning streams).

`run`: bench/experience_tasks.py (same arguments) with `ExperienceMemory._put_back` wrapped:
at every recall, each unit memory has where the robot put it in an earlier task (any type)
is written to `<--log>/homes.jsonl` with the put's place, the unit's home
(`UsualPlaces.put_before`: where it was last found not at a put of the robot's), its
`found_at` (exp71's v3 place) and whether the house's gate (`undoes_puts`) is open. With
EXP72_LINE=0 the wrapper answers no line (the arm is the code without the doubt line: the
count on the base's calls); otherwise the line is the code's own.

    OMP_NUM_THREADS=1 PYTHONPATH=. PYTHONHASHSEED=0 nice -n 5 EXP72_LINE=0 .venv/bin/python \\
        bench/experience_home_count_r65.py run --split tune2 --length 30 --tidy \\
        --stream-seeds 3159 --arms full+experience --tag <tag> --log /tmp/exp72/logs/<tag>

`count`: for each task's first navigate (or pick) of a unit the robot put (a successful put)
in an earlier task (exp71's `robot_put_navigates`), refused or not, what the wrapper saw of
that unit at the task's first recall: gate open, home known, home differs from the put,
home equals `found_at`.

    .venv/bin/python bench/experience_home_count_r65.py count /tmp/exp72/logs/cnt_* \\
        --out bench/results/experience_home_count_exp72_r65.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

from environment import with_environment  # noqa: E402
from experience_floor_r64 import robot_put_first_calls, run_streams, save  # noqa: E402


def _install(log_dir: Path, line: bool) -> None:
    from memory_node.core.experience.memory import ExperienceMemory

    original = ExperienceMemory._put_back
    log_dir.mkdir(parents=True, exist_ok=True)
    out = (log_dir / "homes.jsonl").open("a")

    def wrapped(self: ExperienceMemory, task: Any, episode_id: str, units: Any) -> list[str]:
        gate = self.places.undoes_puts()
        for oid, u in sorted(units.items()):
            place, home = self.places.put_before(oid, episode_id)
            if not place or u.state == "absent":
                continue
            p = self.places._puts[oid]
            out.write(json.dumps({
                "episode": episode_id, "unit": oid, "label": u.label, "at": u.receptacle_id,
                "put": place, "home": home, "found_at": p.found_at, "gate": gate,
                "home_state": units[home].state if home in units else None,
                "role": u.label.lower() in {r.lower() for r in task.roles}}) + "\n")
        out.flush()
        return original(self, task, episode_id, units) if line else []

    ExperienceMemory._put_back = wrapped  # type: ignore[method-assign]


def count(dirs: list[str]) -> dict:
    rows: list[dict] = []
    totals: Counter = Counter()
    for d in dirs:
        homes: dict[tuple[str, str], dict] = {}
        hp = Path(d) / "homes.jsonl"
        if not hp.exists():
            continue
        for line in hp.read_text().splitlines():
            r = json.loads(line)
            homes.setdefault((r["episode"].rpartition("#")[0], r["unit"]), r)  # task's first
        tasks: dict[str, list[dict]] = {}
        for p in sorted(Path(d).rglob("*.jsonl")):
            if p.name == "homes.jsonl" or not p.stem.endswith("full+experience"):
                continue
            for line in p.read_text().splitlines():
                e = json.loads(line)
                if "task" in e:
                    tasks.setdefault(e["task"], []).extend(e["calls"])
        names = list(tasks)
        for n, c, _, args in robot_put_first_calls(list(tasks.values())):
            name = names[n]
            r = homes.get((name, args[0]))
            # The world's answer for the call's target: its label when the unit is
            # where memory had it, "ghost" when nothing is there.
            there = any(t.startswith(args[0] + ":") and not t.endswith("->ghost")
                        for t in c.get("targets", []))
            ok = ("ok" if c["ok"] else "refused") + (", there" if there else ", gone")
            key = (f"{ok}: " + ("no record" if r is None else
                   ("gate shut" if not r["gate"] else "gate open")
                   + (", at the put" if r["at"] == r["put"] else ", moved on")
                   + (", no home" if not r["home"] else
                      ", home " + str(r.get("home_state", "?"))
                      + (" = found_at" if r["home"] == r["found_at"]
                         else " != found_at"))))
            totals[key] += 1
            rows.append({"stream": Path(d).name, "task": name, "call": c["call"],
                         "ok": c["ok"], "there": there, "record": r})
    return {"what": "exp72 round 65: first calls of a task to a unit the robot put in an "
                    "earlier task, and what memory knew of the unit's home then",
            "totals": dict(sorted(totals.items())), "rows": rows}


def _stream(path: Path) -> dict:
    d = json.loads(path.read_text())
    (_, arms), = d["streams"].items()
    (arm, r), = arms.items()
    return {"won": sum(1 for _, w, _ in r["per_task"] if w), "steps": r["steps"],
            "worst": r["max_failures_issue_state"],
            "per_task": {t: (w, n) for t, w, n in r["per_task"]}}


def compare(base_json: str, results: str, prefix: str) -> dict:
    """A variant's experience-arm runs (results/experience_tasks_*_<prefix>_<S><t|u>_<SEED>
    .json) against the base's per-task figures (exp71's experience_put_back_exp71_r64.json
    "base": a2b91dc0 both arms, which 3e81fe0d reproduces call for call)."""
    base = json.loads(Path(base_json).read_text())["base"]
    out: dict[str, Any] = {"streams": {}}
    tot: Counter[str] = Counter()
    for p in sorted(Path(results).glob(f"experience_tasks_*_seeds_{prefix}_*.json")):
        key = p.stem.rsplit("_", 2)[-2] + "_" + p.stem.rsplit("_", 1)[-1]
        b = base[key]
        e, pl = b["full+experience"], b["full"]
        bt = {t: (w, n) for t, w, n in e["per_task"]}
        f = _stream(p)
        both = [t for t in bt if bt[t][0] and f["per_task"].get(t, (False, 0))[0]]
        row = {"base_won": sum(w for w, _ in bt.values()), "fix_won": f["won"],
               "base_steps": e["steps"], "fix_steps": f["steps"],
               "both_won_base": sum(bt[t][1] for t in both),
               "both_won_fix": sum(f["per_task"][t][1] for t in both),
               "lost": [t for t in bt if bt[t][0] and not f["per_task"][t][0]],
               "gained": [t for t in bt if not bt[t][0] and f["per_task"][t][0]],
               "moved": {t: [bt[t][1], f["per_task"][t][1]] for t in bt
                         if bt[t] != f["per_task"][t]},
               "worst_base": e["max_failures_issue_state"], "worst_fix": f["worst"]}
        pw = sum(1 for _, w, _ in pl["per_task"] if w)
        row["never_worse_base"] = row["base_won"] >= pw and e["steps"] <= pl["steps"]
        row["never_worse_fix"] = f["won"] >= pw and f["steps"] <= pl["steps"]
        out["streams"][key] = row
        for k in ("both_won_base", "both_won_fix", "never_worse_base", "never_worse_fix"):
            tot[k] += int(row[k])
        tot["lost"] += len(row["lost"])
        tot["gained"] += len(row["gained"])
        tot["streams"] += 1
        tot["worse_repeat"] += int(row["worst_fix"] > row["worst_base"])
    out["totals"] = dict(tot)
    return out


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["run"]:
        line = os.environ.get("EXP72_LINE", "1") != "0"
        return run_streams(argv, lambda log: _install(log, line))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cmd", choices=("count", "compare"))
    ap.add_argument("dirs", nargs="+", help="count: --log dirs; compare: BASE_JSON RESULTS "
                    "PREFIX")
    ap.add_argument("--out", default="")
    a = ap.parse_args(argv)
    if a.cmd == "compare":
        cmp = compare(*a.dirs)
        for k, r in cmp["streams"].items():
            print(k, {x: r[x] for x in ("base_won", "fix_won", "both_won_base",
                                         "both_won_fix", "lost", "worst_base", "worst_fix",
                                         "never_worse_base", "never_worse_fix")})
        print(cmp["totals"])
        if a.out:
            Path(a.out).write_text(json.dumps(with_environment(cmp), indent=1) + "\n")
        return 0
    out = count(a.dirs)
    for k, v in out["totals"].items():
        print(f"{k}: {v}")
    save(out, a.out)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    raise SystemExit(main())
