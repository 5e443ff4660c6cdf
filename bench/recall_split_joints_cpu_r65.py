"""Round 65 (issue 11, parts 1-3): what round 65's new joints cost a per-subtask request, in
one process, at 10,000 units: ``recall_switch_cpu_inproc``'s measure (on-off-off-on per
text, ``--reps`` times, each arm's least thread CPU, the terms memo emptied before every
request) with the arms being sets of joints, not a config switch: "on" the current
``subtasks.SPLIT_JOINTS``, "off" 3e81fe0d's ({line, extend, to, arrow}). Each arm has its
own config object, so the recaller's split memo (compared by identity) never hands one arm
the other's split.

    .venv/bin/python bench/recall_split_joints_cpu_r65.py [--units 10000] [--reps 5]
        [--texts bench/recall_ordinary_texts.json] [--on line,extend,...] [--off ...] [--out NAME]

Round 66: ``--off`` b48ad0a5's twelve joints, ``--on`` those and the new ones. Round 67
(``--round 67``): ``--off`` f8d8a395's fifteen. Round 69: ``--off-flags`` RecallConfig flags
off in "off" only (``antecedent_past_pronouns``). Round 70: ``--on-flags`` RecallConfig flags
on in "on" only (``described_join``, off by default while its A/B runs).

Round 72: ``--callgrind N`` counts instructions instead of the clock: the same set-up and arms in
one process under ``valgrind --tool=callgrind --instr-atstart=no`` (the set-up and a warm pass
of every text in both arms run uninstrumented); then, with instrumentation on and the counters
zeroed by ``callgrind_control`` from this (parent) process, N per-subtask requests (the texts
cycled, ", then tidy up" added) in each arm, in four phases on-off-off-on of N/2 each, every
thread counted, each phase dumped: instructions per request per arm and their ratio.
``--opcodes N`` (no valgrind): the same N requests in four phases, each request's Python
bytecode instructions on the requesting thread counted (``sys.settrace`` with
``f_trace_opcodes``, as ``cache_callgrind_r64.py --opcodes``): deterministic, and where the
arms' splits and answers are the same their C work (the model call on the same texts, the
ranking of the same units) is the same too.

    .venv/bin/python bench/recall_split_joints_cpu_r65.py --round 72 --off ... --on ... \
        --callgrind 200 --out recall_split_joints_callgrind_r72

Round 73: ``--warm-arms``: one request of "on" before each text's reps, discarded. Without it
"on" (first and last of each on-off-off-on rep) has one memoised repeat fewer than "off": the
first "on" of a text follows only its whole request, so its step rankings are not yet kept,
while each later rep's first "on" follows the rep before's "on" under the same config (the
ranking memo is cleared whenever the config object changes); off's second request of every rep
follows its first. The minimum of four warm requests against five: an A/A leans above x1.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from environment import with_environment  # noqa: E402
from opcode_count import OpcodeCount  # noqa: E402
from recall_common import counted_steps_recall  # noqa: E402

OFF = frozenset({"line", "extend", "to", "arrow"})


def main() -> int:
    from memory_node.core.recall import subtasks

    ap = argparse.ArgumentParser()
    ap.add_argument("--units", type=int, default=10_000)
    ap.add_argument("--texts", default=str(Path(__file__).resolve().parent
                                           / "recall_ordinary_texts.json"))
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--on", help="the 'on' joints (default: SPLIT_JOINTS as committed)")
    ap.add_argument("--off", help="the 'off' joints (default: 3e81fe0d's)")
    ap.add_argument("--out", default="recall_split_joints_cpu_r65")
    ap.add_argument("--off-flags", default="",
                    help="RecallConfig flags off in 'off' (comma-separated; round 69's "
                    "antecedent_past_pronouns)")
    ap.add_argument("--on-flags", default="",
                    help="RecallConfig flags on in 'on' only (comma-separated; round 70's "
                    "described_join)")
    ap.add_argument("--round", type=int, help="the round named in the result (default: 65 "
                    "with 3e81fe0d's joints off, else 66)")
    ap.add_argument("--callgrind", type=int, default=0,
                    help="count instructions of N per-subtask requests per arm (round 72)")
    ap.add_argument("--callgrind-sync", type=Path, help=argparse.SUPPRESS)  # the child's
    ap.add_argument("--warm-arms", action="store_true",
                    help="one discarded 'on' request before each text's reps (round 73)")
    ap.add_argument("--opcodes", type=int, default=0,
                    help="count the Python bytecodes of N per-subtask requests per arm")
    args = ap.parse_args()
    if args.callgrind and not args.callgrind_sync:
        return callgrind_parent(args)
    off_joints = frozenset(args.off.split(",")) if args.off else OFF
    on_joints = frozenset(args.on.split(",")) if args.on else frozenset(subtasks.SPLIT_JOINTS)
    loaded = counted_steps_recall(args.units, 0)
    if loaded is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    rm, _, _, _ = loaded
    rec = rm._ensure()
    on = replace(rec.config, **{f: True for f in args.on_flags.split(",") if f})
    off = replace(rec.config, **{f: False for f in args.off_flags.split(",") if f})
    joints = {id(on): on_joints, id(off): off_joints}
    if args.callgrind_sync:
        callgrind_child(args, rm, {"on": on, "off": off}, joints)
        return 0
    if args.opcodes:
        return opcode_counts(args, rm, {"on": on, "off": off}, joints)

    def once(cfg: object, text: str) -> tuple[float, list[str]]:
        subtasks.SPLIT_JOINTS.clear()
        subtasks.SPLIT_JOINTS.update(joints[id(cfg)])
        rec.config = cfg  # type: ignore[assignment]
        rec._query_terms.clear()
        c = time.thread_time()
        a = rm.recall(f"{text}, then tidy up", 5, 600, per_subtask=True)
        return (time.thread_time() - c) * 1e3, [u.unit.object_id for u in a.units]

    texts = json.loads(Path(args.texts).read_text())
    rows, differ, split_differ = [], 0, 0
    for text in texts:
        rm.recall(text, 5, 600)
        rec.wait_for_prefetch(5.0)
        a: list[float] = []
        b: list[float] = []
        ia = ib = None
        if args.warm_arms:
            once(on, text)
        for _ in range(args.reps):
            for cfg, into in ((on, a), (off, b), (off, b), (on, a)):
                ms, ids = once(cfg, text)
                into.append(ms)
                if into is a:
                    ia = ids
                else:
                    ib = ids
        differ += ia != ib
        split = []
        for j in (on_joints, off_joints):
            subtasks.SPLIT_JOINTS.clear()
            subtasks.SPLIT_JOINTS.update(j)
            split.append(subtasks.split_subtasks(f"{text}, then tidy up", rec.lexicon))
        split_differ += split[0] != split[1]
        rows.append([text, round(min(a), 4), round(min(b), 4)])
    subtasks.SPLIT_JOINTS.clear()
    subtasks.SPLIT_JOINTS.update(on_joints)
    ratios = [r[1] / r[2] for r in rows]
    out = {"round": args.round or (65 if off_joints == OFF else 66), "on": sorted(on_joints),
           "off": sorted(off_joints), "off_flags": args.off_flags,
           "on_flags": args.on_flags, "units": args.units,
           "reps": args.reps, "warm_arms": args.warm_arms, "texts": len(rows),
           "median_ratio_on_off": round(statistics.median(ratios), 4),
           "summed_ratio_on_off": round(sum(r[1] for r in rows) / sum(r[2] for r in rows), 4),
           "answers_differ": differ, "texts_split_differently": split_differ,
           "rows_text_on_ms_off_ms": rows}
    path = Path(__file__).resolve().parent / "results" / f"{args.out}.json"
    path.write_text(json.dumps(with_environment(out), indent=1) + "\n")
    print({k: v for k, v in out.items() if k != "rows_text_on_ms_off_ms"})
    print("wrote", path)
    return 0


def _wait_for(path: Path, proc: subprocess.Popen[bytes] | None = None) -> None:
    """Until ``path`` exists (the other process's signal), or ``proc`` has ended."""
    while not path.exists():
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"callgrind child ended ({proc.returncode}) before {path.name}")
        time.sleep(0.2)


def _warmed(args: argparse.Namespace, rm: object, arms: dict[str, object],
            joints: dict[int, frozenset[str]]) -> tuple[list[str], Callable[[object, str], None]]:
    """The texts, and one per-subtask request in an arm, after every text's instruction
    recall and one request in each arm (the lexicon's and the model's caches warm)."""
    from memory_node.core.recall import subtasks

    rec = rm._ensure()  # type: ignore[attr-defined]
    texts = json.loads(Path(args.texts).read_text())

    def request(cfg: object, text: str) -> None:
        subtasks.SPLIT_JOINTS.clear()
        subtasks.SPLIT_JOINTS.update(joints[id(cfg)])
        rec.config = cfg
        rec._query_terms.clear()
        rm.recall(f"{text}, then tidy up", 5, 600, per_subtask=True)  # type: ignore[attr-defined]
        rec.wait_for_prefetch(5.0)

    for text in texts:
        rm.recall(text, 5, 600)  # type: ignore[attr-defined]
        rec.wait_for_prefetch(5.0)
        for cfg in arms.values():
            request(cfg, text)
    return texts, request


def opcode_counts(args: argparse.Namespace, rm: object, arms: dict[str, object],
                  joints: dict[int, frozenset[str]]) -> int:
    """``--opcodes``: each request's bytecodes on this thread, per arm, phases on-off-off-on."""
    texts, request = _warmed(args, rm, arms, joints)
    per_arm: dict[str, list[int]] = {"on": [], "off": []}
    half = args.opcodes // 2
    for arm in PHASES:
        for i in range(half):
            with OpcodeCount() as c:
                request(arms[arm], texts[i % len(texts)])
            per_arm[arm].append(c.n)
    mean = {a: sum(v) / len(v) for a, v in per_arm.items()}
    pairs = [a / b for a, b in zip(per_arm["on"], per_arm["off"], strict=True)]
    out = {"round": args.round, "what": "Python bytecodes per per-subtask request on the "
           "requesting thread (sys.settrace, f_trace_opcodes), phases on-off-off-on",
           "on": args.on, "off": args.off, "on_flags": args.on_flags,
           "off_flags": args.off_flags, "units": args.units, "requests_per_arm": half * 2,
           "opcodes_per_request": mean, "ratio_on_off": round(mean["on"] / mean["off"], 6),
           "per_request_ratio_median": round(statistics.median(pairs), 6),
           "per_request_ratio_max": round(max(pairs), 6),
           "requests_differing": sum(a != b for a, b in zip(per_arm["on"], per_arm["off"],
                                                            strict=True))}
    path = Path(__file__).resolve().parent / "results" / f"{args.out}.json"
    path.write_text(json.dumps(with_environment(out), indent=1) + "\n")
    print(out)
    print("wrote", path)
    return 0


def callgrind_child(args: argparse.Namespace, rm: object, arms: dict[str, object],
                    joints: dict[int, frozenset[str]]) -> None:
    """Under callgrind: warm every text in both arms, then at each of the parent's signals
    one phase of per-subtask requests in one arm (the parent zeroes, and dumps, around it)."""
    texts, request = _warmed(args, rm, arms, joints)
    sync: Path = args.callgrind_sync
    (sync / "ready").touch()
    half = args.callgrind // 2
    for n, arm in enumerate(PHASES):
        _wait_for(sync / f"go{n}")
        for i in range(half):
            request(arms[arm], texts[i % len(texts)])
        (sync / f"done{n}").touch()


PHASES = ("on", "off", "off", "on")
_TOTALS = re.compile(r"^(?:summary|totals):\s+(\d+)", re.MULTILINE)


def callgrind_parent(args: argparse.Namespace) -> int:
    """Run this tool under callgrind as a child and count each phase's instructions."""
    import tempfile

    sync = Path(tempfile.mkdtemp(prefix="recall_cg_"))
    argv = list(sys.argv[1:])
    cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no",
           f"--callgrind-out-file={sync}/cg.out", sys.executable, str(Path(__file__).resolve()),
           *argv, "--callgrind-sync", str(sync)]
    proc = subprocess.Popen(cmd)
    per_arm: dict[str, list[int]] = {"on": [], "off": []}
    try:
        _wait_for(sync / "ready", proc)
        for n in range(len(PHASES)):
            subprocess.run(["callgrind_control", "-i", "on", str(proc.pid)], check=True,
                           capture_output=True)
            subprocess.run(["callgrind_control", "-z", str(proc.pid)], check=True,
                           capture_output=True)
            (sync / f"go{n}").touch()
            _wait_for(sync / f"done{n}", proc)
            subprocess.run(["callgrind_control", "-d", f"phase{n}", str(proc.pid)], check=True,
                           capture_output=True)
            subprocess.run(["callgrind_control", "-i", "off", str(proc.pid)], check=True,
                           capture_output=True)
        proc.wait()
    finally:
        if proc.poll() is None:
            proc.kill()
    dumps = sorted(sync.glob("cg.out.*"), key=lambda f: int(f.name.rsplit(".", 1)[1]))
    for f, arm in zip(dumps[:len(PHASES)], PHASES, strict=True):
        m = _TOTALS.search(f.read_text(errors="replace"))
        per_arm[arm].append(int(m.group(1)) if m else 0)
    half = args.callgrind // 2
    per_request = {a: sum(v) / (half * len(v)) for a, v in per_arm.items()}
    out = {"round": args.round, "what": "instructions per per-subtask request (callgrind Ir, "
           "every thread), phases on-off-off-on", "on": args.on, "off": args.off,
           "on_flags": args.on_flags, "off_flags": args.off_flags, "units": args.units,
           "requests_per_arm": half * 2, "phases": list(PHASES), "phase_ir": per_arm,
           "ir_per_request": per_request,
           "ratio_on_off": round(per_request["on"] / per_request["off"], 5)}
    path = Path(__file__).resolve().parent / "results" / f"{args.out}.json"
    path.write_text(json.dumps(with_environment(out), indent=1) + "\n")
    print(out)
    print("wrote", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
