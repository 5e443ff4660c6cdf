"""The main job end to end, as a user runs it (`python -m memory_node.sim.main`), on a short
sequence in the house of seed 0: world, perception, memory server and planner in their own
processes.

One run covers: the records show skills, goal checks and a result; the planner killed
(SIGKILL) in the middle of the first task makes that task an error and the next task runs
on the restarted planner; Ctrl-C in the third task stops the job, which still writes its
outputs (records, summary, picture, an MCAP bag that reads back) and leaves no process
behind.
"""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from ros_harness import REPO_ROOT

pytestmark = [pytest.mark.ros, pytest.mark.slow]
JOB_TIMEOUT_S = 540.0

# The kill lands wherever t1 has got to when the test reads t1's first step and kills:
# at load it came a step or more later (round 62: after a "put the mug in the fridge"
# had picked the mug, so t3 "pick up the mug" had nothing to do; after its open of the
# fridge, t2 would have had none). So t1 picks nothing and touches nothing t2 and t3
# name: it only opens and switches on other things, seven steps (quiet) in one subtask
# (one planner goal: a kill between two subtasks' goals crashes no task). Wherever t1
# stopped, the fridge is shut (t2 needs an open), the hand is empty and the mug where
# the house put it (t3 needs a walk from the fridge and a pick: HOLDING is the planner's
# own hand, not memory's reading), and the test waits for a t3 step to interrupt.
# (Earlier t3s broken in this way or by memory: "close the fridge" after a failed
# "open", "turn on the television" when memory held a second TV read "on", "pick up the
# mug" once the kill came after t1's pick.) `_layout_fits` checks the suite and the
# house still are as this relies on.
SUITE: dict[str, Any] = {
    "format": "memory_node-task-suite", "version": 1, "name": "main_job_test",
    "sequences": [{
        "id": "k1", "category": "composite", "seed": 0,
        "tasks": [
            {"id": "t1-killed",
             "instruction": "Open the microwave, turn on the tap, then the coffee machine.",
             "subtasks": [{"goal_conditions": [
                 "OPEN(Microwave)", "TOGGLEON(Faucet)", "TOGGLEON(CoffeeMachine)"]}]},
            {"id": "t2-open", "instruction": "Open the fridge.",
             "subtasks": [{"goal_conditions": ["OPEN(Fridge)"]}]},
            {"id": "t3-interrupted", "instruction": "Pick up the mug.",
             "subtasks": [{"goal_conditions": ["HOLDING(Mug)"]}]},
            {"id": "t4-never", "instruction": "Open the fridge again.",
             "subtasks": [{"goal_conditions": ["OPEN(Fridge)"]}]},
        ]}],
}


def _layout_fits() -> None:
    """SUITE and the house of its seed as SUITE's comment relies on: t1's goals move
    nothing (no put, no hold) and name no type t2's or t3's do; the fridge starts shut;
    the one mug stands in the open (on something that does not open), so no search for
    it opens anything."""
    from memory_node.sim.core.catalog import object_type  # noqa: PLC0415
    from memory_node.sim.core.layouts import from_seed  # noqa: PLC0415
    from memory_node.sim.core.world import WorldObject  # noqa: PLC0415

    tasks = SUITE["sequences"][0]["tasks"]
    goals = [[re.findall(r"\w+", g) for sub in t["subtasks"] for g in sub["goal_conditions"]]
             for t in tasks[:3]]
    assert all(g[0] in ("OPEN", "TOGGLEON") for g in goals[0]), goals
    named = [{x for g in task for x in g[1:]} for task in goals]
    assert not named[0] & (named[1] | named[2]), named
    world = from_seed(SUITE["sequences"][0]["seed"])

    def only(kind: str) -> WorldObject:
        found = [o for o in world.objects.values() if o.type == kind]
        assert len(found) == 1, (kind, found)
        return found[0]

    assert only("Fridge").is_open is False
    mug = only("Mug")
    assert mug.parent is not None and mug.relation == "on", mug
    host = world.objects[mug.parent]
    assert not object_type(host.type).openable, host


def _is_step(task: str, line: str) -> bool:
    """A finished planner step of `task` (the job prints one line per skill)."""
    return re.search(rf"\[full\] {task} +\d+ \w+\(", line) is not None


def _children() -> dict[int, int]:
    """pid -> parent pid of every process on the machine."""
    out = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        out[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    return out


def _descendants(root: int) -> set[int]:
    parents = _children()
    found, frontier = set(), {root}
    while frontier:
        frontier = {p for p, pp in parents.items() if pp in frontier} - found
        found |= frontier
    return found


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.timeout(JOB_TIMEOUT_S + 60)
def test_main_job_runs_survives_a_crash_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    _layout_fits()
    suite = tmp_path / "suite.json"
    suite.write_text(json.dumps(SUITE))
    out = tmp_path / "out"
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    job = subprocess.Popen(
        [sys.executable, "-m", "memory_node.sim.main", "--suite", str(suite), "--sequence",
         "k1", "--ablations", "full", "--out", str(out), "--max-steps", "20"],
        cwd=REPO_ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue[str] = queue.Queue()
    transcript: list[str] = []
    threading.Thread(target=lambda: [lines.put(x) for x in job.stdout], daemon=True).start()
    seen: set[int] = set()
    killed = interrupted = False
    deadline = time.monotonic() + JOB_TIMEOUT_S
    try:
        while job.poll() is None:
            assert time.monotonic() < deadline, "".join(transcript[-60:])
            seen |= _descendants(job.pid)
            try:
                line = lines.get(timeout=0.5)
            except queue.Empty:
                continue
            transcript.append(line)
            if not killed and _is_step("t1-killed", line):
                planner = [p for p in _descendants(job.pid) if "planner_node" in _cmdline(p)]
                assert len(planner) == 1, planner
                os.kill(planner[0], signal.SIGKILL)
                killed = True
            elif killed and not interrupted and _is_step("t3-interrupted", line):
                job.send_signal(signal.SIGINT)
                interrupted = True
        job.wait(timeout=60)
    finally:
        if job.poll() is None:
            job.kill()
            job.wait()
    while not lines.empty():
        transcript.append(lines.get())
    text = "".join(transcript)
    assert killed and interrupted, text[-4000:]
    assert job.returncode == 130, text[-4000:]
    left = [p for p in seen if _alive(p)]
    assert not left, [(p, _cmdline(p)) for p in left]

    records = [json.loads(x) for x in (out / "run_full.jsonl").read_text().splitlines()]
    ends = {r["task"]: r for r in records if r.get("kind") == "task_end"}
    assert ends["t1-killed"]["status"] == "error"
    assert ends["t1-killed"]["reason"] == "UNAVAILABLE"
    assert ends["t2-open"]["status"] == "run", text[-4000:]
    skills = [r for r in records if r.get("kind") == "skill" and r["task"] == "t2-open"]
    # What the planner did is its business (explore, navigate, open, ...); that it was
    # executed by the world and recorded with codes and simulated durations is ours.
    assert skills and all(r["sim_duration_s"] > 0 for r in skills if r["error_code"] == 0)
    checks = [r for r in records if r.get("kind") == "goal" and r["task"] == "t2-open"]
    assert [c["condition"] for c in checks] == ["OPEN(Fridge)"]
    assert isinstance(checks[0]["observed"], bool)
    assert any(r.get("kind") == "recall" and r["task"] == "t2-open" for r in records)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["interrupted"] is True
    assert summary["tasks"]["all"]["errors"] >= 1
    assert (out / "results.md").read_text().startswith("# Task run results")
    assert (out / "house_full_k1.png").stat().st_size > 10_000
    # One picture per task that started, also the crashed one (ended by the next task's
    # start) and the interrupted one (ended by the orderly stop), with its changes beside it.
    for n, task in enumerate(("t1-killed", "t2-open", "t3-interrupted"), 1):
        stem = out / "tasks" / f"full_k1_{n:02d}_{task}"
        assert stem.with_suffix(".png").stat().st_size > 10_000, sorted(out.rglob("*.png"))
        change = json.loads(stem.with_suffix(".json").read_text())
        assert change["task"] == task and set(change["counts"]) == {
            "moved", "new", "removed", "state"}

    from rosbags.rosbag2 import Reader  # noqa: PLC0415 - only this test reads bags

    from memory_node.sim.nodes.bag_recorder import typestore  # noqa: PLC0415

    store = typestore()
    counts: dict[str, int] = {}
    decoded: dict[str, object] = {}
    assert "storage_identifier: mcap" in (out / "bag" / "metadata.yaml").read_text()
    with Reader(out / "bag") as bag:
        for conn, _stamp, raw in bag.messages():
            counts[conn.topic] = counts.get(conn.topic, 0) + 1
            if conn.topic not in decoded:
                decoded[conn.topic] = store.deserialize_cdr(raw, conn.msgtype)
    for topic in ("/camera/color/image_raw", "/detections", "/slam/pose", "/memory/events",
                  "/memory/scene_graph/markers", "/planner/execute_instruction/feedback",
                  "/planner/execute_instruction/result", "/sim/ground_truth"):
        assert counts.get(topic, 0) > 0, counts
    image = decoded["/camera/color/image_raw"]
    assert image.width * image.height * 3 == len(image.data)
    result = decoded["/planner/execute_instruction/result"]
    assert result.steps == len(result.step_results)
