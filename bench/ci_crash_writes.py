"""SIGKILL of the memory server at random moments while it writes (ci42): upserts (one
object written again and again), an episode's outcomes and its end (the experience record),
and perception frames (the scene graph's rows), each from its own client process thread.
After each kill the database file is checked (SQLite `integrity_check`, `foreign_key_check`,
on a copy, before any server opens it again) and a restarted server must hold every write
it acknowledged:

- an object holds its last acknowledged position or one sent after it (never an older one);
- an episode holds at least its acknowledged steps and at most the steps sent; an episode
  whose end was acknowledged is `ended` with the steps it was told, and a copy of that end
  (same request id) gets the same summary; one still open is ended after the restart with
  its steps;
- the scene graph (no write of it is acknowledged) loads, and its rows pass the checks.

Not a test: the moments are random (seeded) and the server restarts every trial.

    ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST MEMORY_NODE_TEST_DOMAIN=82 ROS_DOMAIN_ID=82 \\
        PYTHONPATH=. .venv/bin/python bench/ci_crash_writes.py /tmp/crash --trials 12 \\
        --out bench/results/ci_crash_writes_r42.json
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sqlite3
import sys
import threading
import time
from pathlib import Path
from typing import Any

from environment import environment

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "test" / "ros"), str(ROOT / "test")]
from ros_harness import CONFIG, NodeProcess, confine_to_loopback  # noqa: E402

confine_to_loopback()

import rclpy  # noqa: E402
from rclpy.qos import QoSProfile, ReliabilityPolicy  # noqa: E402
from reliability_rig import frame, observation  # noqa: E402

from memory_node.client import MemoryClient  # noqa: E402
from memory_node.core.errors import ErrorCode  # noqa: E402
from memory_node.core.units import ObjectMemoryUnit  # noqa: E402
from memory_node.msg import ObjectObservations  # noqa: E402

SERVER = "memory_node.nodes.memory_server"
WASH = "put the washed apple in the fridge"
HOUSE = [
    ObjectMemoryUnit("Apple_1", "Apple", (1.0, 0.9, 1.0), area_id="kitchen"),
    ObjectMemoryUnit("Fridge_1", "Fridge", (3.0, 0.0, 1.0), state="closed",
                     area_id="kitchen"),
    ObjectMemoryUnit("SinkBasin_1", "SinkBasin", (0.0, 0.9, 2.0), area_id="kitchen"),
]
EPISODE = [("navigate", ["Apple_1"], True, ErrorCode.NONE),
           ("pick", ["Apple_1"], True, ErrorCode.NONE),
           ("navigate", ["SinkBasin_1"], True, ErrorCode.NONE),
           ("clean", ["Apple_1"], True, ErrorCode.NONE),
           ("navigate", ["Fridge_1"], True, ErrorCode.NONE),
           ("put", ["Apple_1", "Fridge_1", "in"], False, ErrorCode.PRECONDITION_FAILED),
           ("open", ["Fridge_1"], True, ErrorCode.NONE),
           ("put", ["Apple_1", "Fridge_1", "in"], True, ErrorCode.NONE),
           ("close", ["Fridge_1"], True, ErrorCode.NONE)]
OBJECTS = 20      # the upserter cycles over these, so each is overwritten many times
CALL_TIMEOUT_S = 4.0


class Ledger:
    """What each writer sent and what the server acknowledged, in order."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.upserts: list[tuple[str, float, bool]] = []          # (oid, x, acknowledged)
        self.steps: dict[str, list[bool]] = {}                    # episode -> acked per step
        self.ends: dict[str, tuple[str, int] | None] = {}        # episode -> (rid, steps)
        self.frames = 0
        self.ended_by: list[str] = []   # why each writer stopped (the kill: Timeout)


def upserter(memory: MemoryClient, ledger: Ledger, stop: threading.Event, trial: int) -> None:
    i = 0
    while not stop.is_set():
        # Within the memory's 10 km bound whatever the trial (x is unique per write).
        oid, x = f"Box_{i % OBJECTS}", round(trial * 100 + (i % 5000) * 0.01, 3)
        with ledger.lock:
            ledger.upserts.append((oid, x, False))
            at = len(ledger.upserts) - 1
        try:
            memory.update(ObjectMemoryUnit(oid, "Box", (x, 0.5, 0.8), area_id="kitchen"),
                          request_id=f"t{trial}-u{i}")
        except Exception as exc:  # noqa: BLE001 - the kill ends the writer; which, is kept
            ledger.ended_by.append(f"upserts: {type(exc).__name__}")
            return
        with ledger.lock:
            ledger.upserts[at] = (oid, x, True)
        i += 1


def episodes(memory: MemoryClient, ledger: Ledger, stop: threading.Event, trial: int) -> None:
    j = 0
    while not stop.is_set():
        ep = f"t{trial}e{j}"
        try:
            for unit in HOUSE:   # the episode's objects as it starts
                memory.update(unit)
            memory.recall(WASH, k=5, episode_id=ep)
            with ledger.lock:
                ledger.steps[ep] = []
            for n, (skill, args, ok, code) in enumerate(EPISODE):
                with ledger.lock:
                    ledger.steps[ep].append(False)
                memory.record_outcome(ep, skill, args, ok, error_code=code,
                                      robot_area="kitchen", request_id=f"{ep}-s{n}")
                with ledger.lock:
                    ledger.steps[ep][-1] = True
            with ledger.lock:
                ledger.ends[ep] = None
            summary = memory.end_episode(ep, task_succeeded=True, request_id=f"{ep}-end")
            with ledger.lock:
                ledger.ends[ep] = (f"{ep}-end", summary.steps)
        except Exception as exc:  # noqa: BLE001 - as the upserter's
            ledger.ended_by.append(f"episodes: {type(exc).__name__}")
            return
        j += 1


def perceiver(node: Any, ledger: Ledger, stop: threading.Event) -> None:
    pub = node.create_publisher(ObjectObservations, "/memory/observations",
                                QoSProfile(depth=10, reliability=ReliabilityPolicy.RELIABLE))
    i = 0
    while not stop.wait(0.05):
        obs = [observation(label, (x + 0.001 * (i % 5), 0.3, 0.8))
               for label, x in (("Apple", 1.0), ("Cup", 2.0), ("Plate", 2.5))]
        pub.publish(frame(obs, node))
        ledger.frames += 1
        i += 1
    node.destroy_publisher(pub)


def check_file(db: Path, scratch: Path) -> dict[str, Any]:
    """SQLite's checks on a copy of the killed server's files (the WAL replayed there)."""
    if scratch.exists():
        shutil.rmtree(scratch)
    scratch.mkdir(parents=True)
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{db}{suffix}").exists():
            shutil.copy2(f"{db}{suffix}", scratch / f"memory.sqlite{suffix}")
    conn = sqlite3.connect(scratch / "memory.sqlite")
    try:
        return {"integrity": conn.execute("PRAGMA integrity_check").fetchone()[0],
                "foreign_keys": len(conn.execute("PRAGMA foreign_key_check").fetchall()),
                "graph_rows": conn.execute("SELECT COUNT(*) FROM scene_graph_nodes")
                .fetchone()[0]}
    finally:
        conn.close()


def check_memory(memory: MemoryClient, db: Path, ledger: Ledger) -> list[str]:
    """Every acknowledged write, read back from the restarted server (and its file)."""
    lost: list[str] = []
    sent: dict[str, list[tuple[float, bool]]] = {}
    for oid, x, acked in ledger.upserts:
        sent.setdefault(oid, []).append((x, acked))
    held = memory.get_units(sorted(sent))
    for oid, writes in sent.items():
        last_acked = max((k for k, (_, a) in enumerate(writes) if a), default=None)
        if last_acked is None:
            continue
        allowed = {x for x, _ in writes[last_acked:]}
        unit = held.get(oid)
        if unit is None or round(unit.position[0], 3) not in allowed:
            lost.append(f"{oid}: holds {None if unit is None else unit.position[0]}, "
                        f"acknowledged {writes[last_acked][0]}")
    conn = sqlite3.connect(db)
    try:
        rows = {r[0]: (r[1], r[2]) for r in conn.execute(
            "SELECT episode_id, status, steps FROM exp_episodes")}
    finally:
        conn.close()
    for ep, acks in ledger.steps.items():
        n_acked, n_sent = sum(acks), len(acks)
        status, steps = rows.get(ep, ("missing", -1))
        end = ledger.ends.get(ep)
        if end is not None:
            rid, told = end
            copy = memory.end_episode(ep, task_succeeded=True, request_id=rid)
            if status != "ended" or steps != told or copy.steps != told:
                lost.append(f"{ep}: end acknowledged with {told} steps; {status} {steps}, "
                            f"copy {copy.steps}")
            continue
        if n_acked and not n_acked <= steps <= n_sent:
            lost.append(f"{ep}: {steps} steps stored, {n_acked} acknowledged, {n_sent} sent")
        if status == "open":
            summary = memory.end_episode(ep, task_succeeded=False)
            if not n_acked <= summary.steps <= n_sent:
                lost.append(f"{ep}: ended after the restart with {summary.steps} steps, "
                            f"{n_acked} acknowledged")
    return lost


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--trials", type=int, default=12)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    args.root.mkdir(parents=True, exist_ok=True)
    mem = args.root / "mem"
    db = mem / "memory.sqlite"
    params = {"memory_dir": str(mem), "recall.prefetch_batch": 0}
    rclpy.init()
    node = rclpy.create_node("ci42_crash")
    rows: list[dict[str, Any]] = []
    for trial in range(args.trials):
        delay = round(rng.uniform(0.2, 6.0), 2)
        server = NodeProcess(SERVER, params_file=CONFIG / "memory.yaml", params=params,
                             log_path=args.root / f"server{trial}.log")
        ledger, stop = Ledger(), threading.Event()
        clients = [MemoryClient(timeout=CALL_TIMEOUT_S) for _ in range(2)]
        for c in clients:
            c.wait_until_ready(timeout=180.0)
        threads = [threading.Thread(target=upserter, args=(clients[0], ledger, stop, trial)),
                   threading.Thread(target=episodes, args=(clients[1], ledger, stop, trial)),
                   threading.Thread(target=perceiver, args=(node, ledger, stop))]
        for t in threads:
            t.start()
        time.sleep(delay)   # the moment of the kill, not a wait for anything
        server.kill()
        stop.set()
        for t in threads:
            t.join(timeout=60)
        for c in clients:
            c.close()
        server.stop()
        row: dict[str, Any] = {"trial": trial, "kill_after_s": delay,
                               **check_file(db, args.root / "copy")}
        restarted = NodeProcess(SERVER, params_file=CONFIG / "memory.yaml", params=params,
                                log_path=args.root / f"restart{trial}.log")
        try:
            with MemoryClient(timeout=30.0) as memory:
                memory.wait_until_ready(timeout=180.0)
                row["lost"] = check_memory(memory, db, ledger)
                row["graph_nodes_served"] = len(memory.get_scene_graph(format="graph").nodes)
        finally:
            row["restart_exit"] = restarted.stop()
        row.update(upserts_acked=sum(a for _, _, a in ledger.upserts),
                   upserts_sent=len(ledger.upserts),
                   steps_acked=sum(sum(v) for v in ledger.steps.values()),
                   steps_sent=sum(len(v) for v in ledger.steps.values()),
                   ends_acked=sum(v is not None for v in ledger.ends.values()),
                   frames_sent=ledger.frames, writers_ended_by=ledger.ended_by,
                   tracebacks=(args.root / f"restart{trial}.log").read_text(
                       errors="replace").count("Traceback"))
        print(json.dumps(row), flush=True)
        rows.append(row)
    summary = {"trials": len(rows),
               "integrity_ok": sum(r["integrity"] == "ok" and not r["foreign_keys"]
                                   for r in rows),
               "trials_losing_an_acknowledged_write": sum(bool(r["lost"]) for r in rows),
               "upserts_acked": sum(r["upserts_acked"] for r in rows),
               "steps_acked": sum(r["steps_acked"] for r in rows),
               "ends_acked": sum(r["ends_acked"] for r in rows),
               "restart_tracebacks": sum(r["tracebacks"] for r in rows),
               "writers_ended_by": sorted({e for r in rows for e in r["writers_ended_by"]})}
    print(json.dumps(summary, indent=1))
    if args.out:
        args.out.write_text(json.dumps({"command": " ".join(sys.argv), **summary,
                                        "rows": rows, "environment": environment()},
                                       indent=1) + "\n")
    node.destroy_node()
    rclpy.try_shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
