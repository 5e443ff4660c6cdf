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
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

from environment import with_environment  # noqa: E402

_CALL = re.compile(r"^([a-z_]+)\((.*)\)$")


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
                "role": u.label.lower() in {r.lower() for r in task.roles}}) + "\n")
        out.flush()
        return original(self, task, episode_id, units) if line else []

    ExperienceMemory._put_back = wrapped  # type: ignore[method-assign]


def _parse(call: str) -> tuple[str, list[str]]:
    m = _CALL.match(call)
    if m is None:
        return call, []
    return m.group(1), [a.strip() for a in m.group(2).split(",") if a.strip()]


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
        put_in: dict[str, int] = {}
        for n, (name, calls) in enumerate(tasks.items()):
            touched: set[str] = set()
            for c in calls:
                skill, args = _parse(c["call"])
                if skill in ("navigate", "pick") and args and put_in.get(args[0], n) < n \
                        and args[0] not in touched:
                    touched.add(args[0])
                    r = homes.get((name, args[0]))
                    ok = "ok" if c["ok"] else "refused"
                    key = (f"{ok}: " + ("no record" if r is None else
                           ("gate shut" if not r["gate"] else "gate open")
                           + (", no home" if r and not r["home"] else
                              ", home" + (" = found_at" if r and r["home"] == r["found_at"]
                                          else " != found_at"))))
                    totals[key] += 1
                    rows.append({"stream": Path(d).name, "task": name, "call": c["call"],
                                 "ok": c["ok"], "record": r})
            for c in calls:
                skill, args = _parse(c["call"])
                if skill == "put" and c["ok"] and args:
                    put_in[args[0]] = n
    return {"what": "exp72 round 65: first calls of a task to a unit the robot put in an "
                    "earlier task, and what memory knew of the unit's home then",
            "totals": dict(sorted(totals.items())), "rows": rows}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["run"]:
        import experience_tasks as ET
        if "--log" not in argv:
            raise SystemExit("run needs --log")
        _install(Path(argv[argv.index("--log") + 1]), os.environ.get("EXP72_LINE", "1") != "0")
        return int(ET.main(argv[1:]))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cmd", choices=("count",))
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--out", default="")
    a = ap.parse_args(argv)
    out = count(a.dirs)
    for k, v in out["totals"].items():
        print(f"{k}: {v}")
    if a.out:
        Path(a.out).write_text(json.dumps(with_environment(out), indent=1) + "\n")
        print(a.out)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    raise SystemExit(main())
