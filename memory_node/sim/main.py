"""The main job: the whole robot loop on the embedded default, with memory and without.

    python -m memory_node.sim.main [--suite config/tasks/main_job.json]
        [--sequence house0-composite] [--ablations full,none] [--out runs/<timestamp>]
        [--max-steps 30] [--no-bag] [-p NODE:NAME:=VALUE]

Starts the household world (sensors, skill servers), the perception node, the memory
server and the planner (offline unless config/planner.yaml names an LLM endpoint), each in
its own process; runs one sequence of related tasks in one house (by default five
composite tasks in a four-room house: wash the mug, store it in the closed fridge, heat
it, serve it, put it away in a closed cabinet)
once per ablation — `full` memory, then `none` (memory cleared before every task) — with a
progress bar and one line per skill (result, what memory supplied); prints per-task results
and SR / GC / RE / RT of memory against the no-memory run; writes into the output
directory: `run_<ablation>.jsonl` (every record), `summary.json`, `results.md`,
`house_<ablation>_<sequence>.png` (the house, memory's scene graph, the robot's path),
`tasks/<ablation>_<sequence>_<nn>_<task>.png` (per task: memory's floor plan at its end and
what changed in memory during it, with the changes as .json beside it), `bag/` (a
rosbag2 MCAP recording: camera, detections, pose, markers, memory events and stats, ground
truth, planner feedback and results) and `logs/` (each node's output). Ctrl-C stops every
process it started and still writes what was recorded.

DDS stays on this machine (ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST unless set) on a domain
of its own.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from pathlib import Path

os.environ.setdefault("ROS_AUTOMATIC_DISCOVERY_RANGE", "LOCALHOST")
# A domain of its own (1-100, free on this host) unless the user set one.
from memory_node.ros_domain import use_default_domain  # noqa: E402

use_default_domain()
os.environ.setdefault("MUJOCO_GL", "egl")
# Whole camera images in shared memory for this process (its bag recorder subscribes to the
# camera) and the nodes it starts: world, perception, memory server, planner.
from memory_node.transport import use_large_messages  # noqa: E402

use_large_messages(processes=5)

import rclpy  # noqa: E402  (after the environment above)
from rclpy.signals import SignalHandlerOptions  # noqa: E402
from tqdm import tqdm  # noqa: E402

from memory_node.sim.nodes.bag_recorder import BagRecorder  # noqa: E402
from memory_node.sim.nodes.full_stack import (  # noqa: E402
    ABLATIONS,
    FullStack,
    StackOptions,
    StepEvent,
)
from memory_node.sim.picture import scene_picture, task_picture  # noqa: E402
from memory_node.sim.tasks.check import read_tasks  # noqa: E402
from memory_node.sim.tasks.driver import Progress, run_suite  # noqa: E402
from memory_node.sim.tasks.metrics import summarize, task_outcomes  # noqa: E402
from memory_node.sim.tasks.model import Suite  # noqa: E402
from memory_node.sim.tasks.records import Run, write_run  # noqa: E402
from memory_node.sim.tasks.report import results_markdown, task_table  # noqa: E402
from memory_node.sim.tasks.stack_records import step_line  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
# The embedded default: five composite tasks in the procedural house of seed 0 (its small
# objects stand where the robot's camera sees them; in the AI2-THOR floor plans, counter tops
# come out at 1.4 m, above the 1.25 m camera, so what stands on them is never detected).
DEFAULT_SUITE = ROOT / "config" / "tasks" / "main_job.json"
DEFAULT_SEQUENCE = "house0-composite"


def _parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", type=Path, default=DEFAULT_SUITE)
    ap.add_argument("--sequence", action="append", default=[],
                    help=f"sequence id(s) to run (default {DEFAULT_SEQUENCE})")
    ap.add_argument("--ablations", default="full,none",
                    help=f"comma-separated, of {', '.join(ABLATIONS)}; the first is compared "
                    "with 'none'")
    ap.add_argument("--out", type=Path, default=None,
                    help="output directory (default runs/<UTC timestamp>)")
    ap.add_argument("--max-steps", type=int, default=30, help="skill calls per subtask")
    ap.add_argument("--no-bag", action="store_true", help="no MCAP recording")
    ap.add_argument("-p", dest="overrides", action="append", default=[],
                    metavar="NODE:NAME:=VALUE",
                    help="parameter override of household_world, memory_server or planner")
    args = ap.parse_args(argv)
    args.ablations = [a.strip() for a in args.ablations.split(",") if a.strip()]
    bad = [a for a in args.ablations if a not in ABLATIONS]
    if bad or not args.ablations:
        ap.error(f"unknown ablation(s) {bad}; known: {', '.join(ABLATIONS)}")
    if not 1 <= args.max_steps <= 500:
        ap.error("--max-steps must be in 1..500")
    args.sequence = args.sequence or [DEFAULT_SEQUENCE]
    return args


def _options(args: argparse.Namespace, out: Path) -> StackOptions:
    opts = StackOptions(workdir=out, max_steps=args.max_steps)
    table = {"household_world": opts.world, "memory_server": opts.memory,
             "planner": opts.planner}
    for item in args.overrides:
        node, _, assignment = item.partition(":")
        name, sep, value = assignment.partition(":=")
        if node not in table or not sep or not name:
            raise SystemExit(f"override {item!r} is not NODE:NAME:=VALUE with NODE one of "
                             f"{', '.join(table)}")
        table[node][name] = value
    return opts


def _selected(suite: Suite, ids: list[str]) -> Suite:
    missing = [i for i in ids if i not in {s.id for s in suite.sequences}]
    if missing:
        raise SystemExit(f"{suite.name}: no sequence {', '.join(missing)}; there are "
                         f"{', '.join(s.id for s in suite.sequences)}")
    return Suite(suite.name, tuple(s for s in suite.sequences if s.id in ids),
                 tuple(x for x in suite.skipped if x.sequence in ids), suite.description)


class Console:
    """Progress bar plus one line per finished skill, per subtask and per task."""

    def __init__(self, total: int) -> None:
        self.bar = tqdm(total=total, unit="task", dynamic_ncols=True, file=sys.stdout)
        self.ablation = ""

    def say(self, text: str) -> None:
        self.bar.write(text)

    def step(self, e: StepEvent) -> None:
        if e.status != "running":
            self.say(f"  [{self.ablation}] {e.task} " + step_line(
                e.step, e.skill, e.args, e.status, e.memory_note))

    def progress(self, p: Progress) -> None:
        if p.kind == "sequence":
            self.say(f"== [{self.ablation}] sequence {p.sequence}: {p.detail}")
        elif p.kind == "subtask":
            self.say(f"  [{self.ablation}] {p.task} subtask {p.subtask + 1}: goals "
                     f"{'achieved' if p.success else 'NOT achieved'} ({p.detail[:80]})")
        elif p.kind == "task":
            self.bar.update(1)
            self.say(f"-> [{self.ablation}] {p.task}: {'SUCCESS' if p.success else 'failed'}")
        elif p.kind in ("error", "skipped"):
            if p.kind == "error" and p.task:
                self.bar.update(1)
            self.say(f"!! [{self.ablation}] {p.task or p.sequence}: {p.kind}: {p.detail[:200]}")

    def close(self) -> None:
        self.bar.close()


def _write(out: Path, runs: dict[str, Run], stack: FullStack | None, interrupted: bool
           ) -> dict:
    for name, run in runs.items():
        write_run(run, out / f"run_{name}.jsonl")
    memory = next((runs[a] for a in runs if a != "none"), None)
    baseline = runs.get("none")
    main = memory or baseline
    summary = summarize(main, baseline if memory is not None else None) if main else {}
    summary["interrupted"] = interrupted
    summary["per_task"] = {name: [o.__dict__ for o in task_outcomes(run)]
                           for name, run in runs.items()}
    (out / "summary.json").write_text(json.dumps(summary, indent=1, default=str))
    (out / "results.md").write_text(results_markdown(runs, summary))
    if stack is not None:
        for (ablation, seq), view in stack.views.items():
            path = out / f"house_{ablation}_{seq}.png"
            scene_picture(view.truth, view.nodes, view.edges, view.path, path,
                          f"{seq} ({ablation} memory): house, memory's scene graph "
                          f"({sum(1 for n in view.nodes if n[1] == 2)} objects), robot path")
        _task_pictures(out / "tasks", stack)
    return summary


def _task_pictures(folder: Path, stack: FullStack) -> None:
    """Per task: memory's floor plan at its end and what changed in memory during it."""
    folder.mkdir(parents=True, exist_ok=True)
    for v in stack.task_views:
        if not v.closed:
            continue
        name = "".join(ch if ch.isalnum() or ch in "-_" else "_"
                       for ch in f"{v.ablation}_{v.sequence}_{v.position:02d}_{v.task}")
        try:
            changes = task_picture(
                v.truth, v.before, v.after, v.edges, v.path, folder / f"{name}.png",
                f"{v.sequence}, task {v.position} ({v.task}), {v.ablation} memory: "
                f"\"{v.instruction[:90]}\"")
        except (ValueError, OSError) as exc:  # one bad picture must not lose the others
            print(f"no picture of {name}: {exc}", file=sys.stderr)
            continue
        kinds = {k: sum(1 for c in changes if c.kind == k)
                 for k in ("moved", "new", "removed", "state")}
        (folder / f"{name}.json").write_text(json.dumps(
            {"task": v.task, "ablation": v.ablation, "sequence": v.sequence,
             "position": v.position, "counts": kinds,
             "changes": [c.__dict__ for c in changes]}, indent=1))


def _terminate(*_args: object) -> None:
    raise KeyboardInterrupt   # SIGTERM: the same orderly stop as Ctrl-C


def main(argv: list[str] | None = None) -> int:
    args = _parse(argv)
    out = args.out or ROOT / "runs" / time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    out.mkdir(parents=True, exist_ok=True)
    suite = _selected(read_tasks(args.suite), args.sequence)
    opts = _options(args, out)
    total = sum(len(s.tasks) for s in suite.sequences) * len(args.ablations)
    print(f"memory_node main job: {', '.join(args.sequence)} from {args.suite.name} "
          f"({total} task runs: {', '.join(args.ablations)}); output in {out}")
    print(f"ROS_DOMAIN_ID={os.environ['ROS_DOMAIN_ID']} (loopback only); node logs in "
          f"{out / 'logs'}; starting world, perception, memory and planner ...")
    signal.signal(signal.SIGTERM, _terminate)
    # Ctrl-C as KeyboardInterrupt even when started from a shell that ignored SIGINT.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    console = Console(total)
    runs: dict[str, Run] = {}
    stack: FullStack | None = None
    interrupted = False
    bag = None if args.no_bag else (lambda node: BagRecorder(node, out / "bag"))
    # Python's own Ctrl-C (KeyboardInterrupt), not rclpy's handler: rclpy's would shut the
    # context down first, and the orderly stop below still talks to the nodes' processes.
    rclpy.init(signal_handler_options=SignalHandlerOptions.NO)
    try:
        stack = FullStack(opts, bag=bag, on_step=console.step)
        stack.start()
        console.say("all nodes up")
        for ablation in args.ablations:
            stack.ablation = console.ablation = ablation
            run = runs[ablation] = Run(meta={
                "ablation": ablation, "suite": suite.name, "sequences": args.sequence,
                "stack": "full", "planner": opts.planner.get("planner", "config"),
                "max_steps": args.max_steps})
            run_suite(suite, stack, run, console.progress)
    except KeyboardInterrupt:
        interrupted = True
        console.say("interrupted: stopping every process ...")
        try:
            if stack is not None:
                stack.capture_view()       # the picture of the sequence so far
        except Exception as exc:  # noqa: BLE001 - a picture is not worth a hang on the way out
            console.say(f"no picture of the interrupted sequence: {exc}")
    finally:
        console.close()
        if stack is not None:
            stack.close()
        if rclpy.ok():
            rclpy.try_shutdown()
    _write(out, runs, stack, interrupted)
    print(task_table(runs))
    print((out / "results.md").read_text().split("## Per task")[0])
    print(f"wrote {out}")
    return 130 if interrupted else 0


if __name__ == "__main__":
    sys.exit(main())
