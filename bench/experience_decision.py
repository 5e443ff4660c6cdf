"""Issue 15's decision runs in one command: `experience_tasks.py` on a set of task streams,
one process per stream and a few at a time, from a given tree, and the rows a keep rule is
judged on: per stream and arm [tasks won, steps, worst repeat of one failed call in one
state (the issue's state key)], their totals, and how they differ from a base's rows.

    .venv/bin/python bench/experience_decision.py --tag cm91 [--tree DIR] [--jobs 2] \\
        [--arms full,full+experience] [--streams decision | fresh91a,fresh91b,...] \\
        [--against bench/results/experience_base_r92.json:base_main] [--log DIR]
    -> bench/results/experience_decision_<tag>.json (and each stream's own result file in
       the tree's bench/results, as experience_tasks.py writes it)

`--streams decision` (the default) is the set the keep rules of rounds 91 on are judged on:
round 82's 31 tuning streams (tune/tune2/tune3 x tidy/untidied x stream seeds 3152, 3159,
3162, 3163, and seven more) and every report-only split reported before this round
(`DECISION_FRESH`), untidied and tidied. Another set is a comma list: SPLIT (both), or
SPLIT:tidy / SPLIT:plain, and for a tuning split SPLIT:tidy:SEED. The tree is the one whose
package is run (a detached worktree of the candidate; its .venv, else this interpreter).
Each stream runs at length 30 under PYTHONHASHSEED 0 (experience_tasks.py's default), so a
tree's rows are the same from run to run and machine to machine.

Rounds 84-91 ran the same streams with shell scripts kept outside the repository; this is
that procedure written down (round 91)."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from environment import environment

ROOT = Path(__file__).resolve().parents[1]
ARMS = ("full", "full+experience")
LENGTH = 30
# Round 82's 31 tuning streams: (split, tidied, stream seed).
TUNING_STREAMS: tuple[tuple[str, bool, int], ...] = (
    *((split, tidy, seed) for split in ("tune", "tune2", "tune3") for tidy in (True, False)
      for seed in (3152, 3159, 3162, 3163)),
    ("tune3", True, 3825), ("tune", True, 4015), ("tune2", True, 4016), ("tune2", True, 4018),
    ("tune3", True, 4017), ("tune", False, 4019), ("tune3", False, 4020))
# Rounds whose report-only splits (freshNNa/b/c) have become decision data: a split is
# reported once, blind, in its round and is tuning data from the next round on. Extend it
# by one when a round starts.
DECISION_FRESH = tuple(range(85, 119))
# What a row holds, in order.
ROW = ("won", "steps", "worst_repeat")


@dataclass(frozen=True)
class Stream:
    split: str
    tidy: bool
    seed: int | None = None   # a tuning split's stream seed; None = the split's own

    @property
    def key(self) -> str:
        """The row's name, as the results of rounds 84-91 name it ("tune_tidy 3152",
        "fresh85a tidy")."""
        if self.seed is not None:
            return f"{self.split}{'_tidy' if self.tidy else ''} {self.seed}"
        return f"{self.split}{' tidy' if self.tidy else ''}"

    def args(self, tag: str, arms: Sequence[str]) -> list[str]:
        out = ["--split", self.split, "--length", str(LENGTH), "--arms", ",".join(arms)]
        if self.tidy:
            out.append("--tidy")
        if self.seed is not None:
            out += ["--stream-seeds", str(self.seed)]
            tag = f"{tag}_s{self.seed}"
        return out + ["--tag", tag]


def decision_streams() -> list[Stream]:
    fresh = [Stream(f"fresh{n}{c}", tidy) for n in DECISION_FRESH for c in "abc"
             for tidy in (False, True)]
    return [Stream(*s) for s in TUNING_STREAMS] + fresh


def parse_streams(spec: str) -> list[Stream]:
    """`decision`, or a comma list of SPLIT, SPLIT:tidy, SPLIT:plain, SPLIT:tidy:SEED."""
    if spec.strip() == "decision":
        return decision_streams()
    out: list[Stream] = []
    for item in (x.strip() for x in spec.split(",")):
        if not item:
            continue
        split, *rest = item.split(":")
        if not split or len(rest) > 2 or (rest and rest[0] not in ("tidy", "plain")):
            raise ValueError(f"stream {item!r}: SPLIT, SPLIT:tidy, SPLIT:plain or "
                             "SPLIT:tidy:SEED")
        seed = int(rest[1]) if len(rest) == 2 else None
        tidies = (rest[0] == "tidy",) if rest else (False, True)
        out += [Stream(split, tidy, seed) for tidy in tidies]
    if len({s.key for s in out}) != len(out):
        raise ValueError("a stream is named twice")
    return out


def rows_of(result: Mapping, stream: Stream) -> dict[str, list[int]]:
    """{arm: [won, steps, worst repeat]} from one experience_tasks.py result."""
    out: dict[str, list[int]] = {}
    if stream.seed is not None:
        for arm, a in result["streams"][str(stream.seed)].items():
            out[arm] = [round(a["sr"] * a["tasks"]), int(a["steps"]),
                        int(a["max_failures_issue_state"])]
        return out
    for arm, a in result["arms"].items():
        out[arm] = [round(a["sr"] * a["tasks"]), int(a["steps"]),
                    int(a["failures"]["issue"]["max_failures_one_state"])]
    return out


def totals(rows: Mapping[str, Mapping[str, Sequence[int]]]) -> dict[str, dict]:
    """Per arm: streams, tasks won, steps, and the streams whose worst repeat is over 1."""
    return {arm: {"streams": len(r), "won": sum(v[0] for v in r.values()),
                  "steps": sum(v[1] for v in r.values()),
                  "repeat_streams": sorted(k for k, v in r.items() if v[2] > 1)}
            for arm, r in rows.items()}


def against(rows: Mapping[str, Mapping[str, Sequence[int]]],
            base: Mapping[str, Mapping[str, Sequence[int]]]) -> dict[str, dict]:
    """Per arm, on the streams both have: the base's totals, the differences, the streams
    whose rows differ, and the streams the base lacks."""
    out: dict[str, dict] = {}
    for arm, r in rows.items():
        b = base.get(arm, {})
        common = sorted(k for k in r if k in b)
        won = sum(r[k][0] for k in common) - sum(b[k][0] for k in common)
        steps, base_steps = sum(r[k][1] for k in common), sum(b[k][1] for k in common)
        out[arm] = {
            "streams": len(common),
            "base": totals({arm: {k: b[k] for k in common}})[arm],
            "won_diff": won,
            "steps_change": steps / base_steps - 1.0 if base_steps else None,
            "changed": {k: {"base": list(b[k]), "this": list(r[k])}
                        for k in common if list(r[k]) != list(b[k])},
            "new_repeats": sorted(k for k in common if r[k][2] > 1 >= b[k][2]),
            "not_in_base": sorted(k for k in r if k not in b)}
    return out


def load_base(spec: str) -> dict:
    """FILE or FILE:KEY: rows {arm: {stream: row}}, at KEY of the file when given."""
    path, _, key = spec.partition(":")
    data = json.loads(Path(path).read_text())
    if key:
        data = data[key]
    return data.get("rows", data)


def _python(tree: Path) -> str:
    venv = tree / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def run_stream(stream: Stream, tree: Path, tag: str, arms: Sequence[str],
               log: Path | None) -> dict[str, list[int]]:
    cmd = [_python(tree), "bench/experience_tasks.py", *stream.args(tag, arms)]
    if log is not None:
        cmd += ["--log", str(log / stream.key.replace(" ", "_"))]
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    done = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True,
                          check=False)
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines or not lines[-1].endswith(".json"):
        raise RuntimeError(f"{stream.key}: experience_tasks.py failed "
                           f"(exit {done.returncode}): {done.stderr.strip()[-2000:]}")
    return rows_of(json.loads(Path(lines[-1]).read_text()), stream)


def run(streams: Iterable[Stream], tree: Path, tag: str, arms: Sequence[str], jobs: int,
        log: Path | None) -> dict[str, dict[str, list[int]]]:
    streams = list(streams)
    rows: dict[str, dict[str, list[int]]] = {}
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {pool.submit(run_stream, s, tree, tag, arms, log): s for s in streams}
        for n, (future, s) in enumerate(futures.items(), 1):
            for arm, row in future.result().items():
                rows.setdefault(arm, {})[s.key] = row
            print(f"[{n}/{len(streams)}] {s.key}: "
                  + "; ".join(f"{arm} {rows[arm][s.key]}" for arm in rows
                              if s.key in rows[arm]), flush=True)
    return {arm: dict(sorted(r.items())) for arm, r in rows.items()}


def _commit(tree: Path) -> str:
    done = subprocess.run(["git", "rev-parse", "HEAD"], cwd=tree, capture_output=True,
                          text=True, check=False)
    return done.stdout.strip()


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tag", required=True, help="names this run's result files")
    ap.add_argument("--tree", default=str(ROOT), help="the tree whose package runs")
    ap.add_argument("--streams", default="decision", help="decision, or a comma list")
    ap.add_argument("--arms", default=",".join(ARMS))
    ap.add_argument("--jobs", type=int, default=2, help="streams run at once")
    ap.add_argument("--against", default="", help="FILE[:KEY] of the base's rows")
    ap.add_argument("--log", default="", help="directory for per-subtask step logs")
    a = ap.parse_args(argv)
    arms = [x for x in a.arms.split(",") if x]
    if not arms:
        ap.error("--arms: a comma list of experience_tasks.py's arms")
    streams = parse_streams(a.streams)
    tree = Path(a.tree).resolve()
    base = load_base(a.against) if a.against else None
    rows = run(streams, tree, a.tag, arms, a.jobs, Path(a.log).resolve() if a.log else None)
    out: dict = {"tag": a.tag, "tree": str(tree), "commit": _commit(tree), "arms": arms,
                 "streams": [s.key for s in streams], "row": list(ROW), "rows": rows,
                 "totals": totals(rows), "environment": environment()}
    if base is not None:
        out["against"] = {"base": a.against, **against(rows, base)}
    path = ROOT / "bench" / "results" / f"experience_decision_{a.tag}.json"
    path.write_text(json.dumps(out, indent=1) + "\n")
    for arm, t in out["totals"].items():
        line = f"{arm}: {t['streams']} streams, {t['won']} won, {t['steps']} steps, " \
               f"repeat streams {t['repeat_streams']}"
        if base is not None:
            d = out["against"][arm]
            change = d["steps_change"]
            line += f"; against the base: won {d['won_diff']:+d}, steps " + (
                f"{change * 100:+.2f} %" if change is not None else "-") + \
                f", new repeats {d['new_repeats']}"
        print(line)
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
