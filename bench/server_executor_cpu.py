"""Memory server CPU per request by executor: rclpy's SingleThreadedExecutor ("single")
against its EventsExecutor ("events"), the memory server's `executor` parameter.

Each round starts one empty memory server per executor (order alternating; capabilities
recall and experience: 'events' refuses scene_graph), sends 20 /memory/get_units requests to
warm it, measures its idle CPU for 2 s, then times N requests (one unknown id: the handler
does next to nothing, so what is measured is the executor, DDS and conversion around it)
and reads the process's CPU time from /proc before and after, less the idle rate.

    .venv/bin/python bench/server_executor_cpu.py [N=400] [rounds=4]
        # -> results/server_executor_cpu.json (RECALL_BENCH_OUT renames; each server's
        # ROS domain from RECALL_BENCH_DOMAINS=LO-HI, else one of 1-100 no live
        # participant here holds)
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ["ROS_AUTOMATIC_DISCOVERY_RANGE"] = "LOCALHOST"  # before rclpy loads

import numpy as np  # noqa: E402
import rclpy  # noqa: E402
from rclpy.executors import SingleThreadedExecutor  # noqa: E402
from recall_common import ROOT, save_result  # noqa: E402

from memory_node.ros_domain import BENCH_DOMAINS_ENV, DomainPool  # noqa: E402
from memory_node.srv import GetUnits  # noqa: E402

KINDS = ("single", "events")


def process_cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# Each server a domain of its own (RECALL_BENCH_DOMAINS, else 1-100, probed).
DOMAIN_POOL = DomainPool.given(os.environ.get(BENCH_DOMAINS_ENV))


def one_server(kind: str, n: int) -> dict:
    domain = DOMAIN_POOL.take()
    with tempfile.TemporaryDirectory(prefix="executor_cpu_") as tmp:
        server = subprocess.Popen(
            [sys.executable, "-m", "memory_node.nodes.memory_server", "--ros-args",
             "--params-file", str(ROOT / "config" / "memory.yaml"), "-p", f"memory_dir:={tmp}",
             "-p", "capabilities:=[recall,experience]", "-p", f"executor:={kind}"],
            env=os.environ | {"ROS_DOMAIN_ID": str(domain)}, cwd=tmp,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        context = rclpy.Context()
        rclpy.init(context=context, domain_id=domain)
        node = rclpy.create_node("executor_cpu", context=context)
        executor = SingleThreadedExecutor(context=context)
        executor.add_node(node)
        client = node.create_client(GetUnits, "/memory/get_units")
        try:
            if not client.wait_for_service(timeout_sec=120):
                raise RuntimeError(f"{kind}: no /memory/get_units in 120 s")

            def request() -> float:
                t = time.perf_counter()
                future = client.call_async(GetUnits.Request(object_ids=["u_absent"]))
                executor.spin_until_future_complete(future, timeout_sec=30)
                if not future.done():
                    raise RuntimeError(f"{kind}: no answer in 30 s")
                return time.perf_counter() - t

            for _ in range(20):
                request()
            c0, t0 = process_cpu_s(server.pid), time.perf_counter()
            time.sleep(2.0)
            idle = (process_cpu_s(server.pid) - c0) / (time.perf_counter() - t0)
            c0, t0 = process_cpu_s(server.pid), time.perf_counter()
            walls = [request() for _ in range(n)]
            elapsed = time.perf_counter() - t0
            cpu_ms = (process_cpu_s(server.pid) - c0 - idle * elapsed) / n * 1000
        finally:
            server.send_signal(2)
            server.wait(timeout=30)
            node.destroy_node()
            rclpy.try_shutdown(context=context)
            DOMAIN_POOL.release(domain)
    w = np.array(walls) * 1000
    return {"executor": kind, "domain_id": domain, "cpu_ms_per_request": round(cpu_ms, 3),
            "idle_cpu_share_of_a_core": round(idle, 4), "exit_status": server.returncode,
            "round_trip_p50_ms": round(float(np.percentile(w, 50)), 2),
            "round_trip_p99_ms": round(float(np.percentile(w, 99)), 2),
            "loadavg_after": list(os.getloadavg())}


def main() -> int:
    args = [int(a) for a in sys.argv[1:]]
    n, rounds = (args + [400, 4][len(args):])[:2]
    each: list[dict] = []
    for r in range(rounds):
        for kind in (KINDS if r % 2 == 0 else KINDS[::-1]):
            each.append(one_server(kind, n))
            print(each[-1], flush=True)
    median = {k: {m: round(float(np.median([e[m] for e in each if e["executor"] == k])), 3)
                  for m in ("cpu_ms_per_request", "round_trip_p50_ms", "round_trip_p99_ms")}
              for k in KINDS}
    out = save_result(os.environ.get("RECALL_BENCH_OUT", "server_executor_cpu"),
                      {"requests": n, "rounds": rounds, "median": median, "each": each}, indent=1)
    print(median, f"\nwrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
