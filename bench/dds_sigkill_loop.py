"""A server killed with SIGKILL and restarted, N times, beside one long-lived client
participant (as test/ros/test_sigkill_manage.py does with the memory server), over real Fast
DDS between processes on loopback, with the tests' transport profile (shared memory first).

Each round: start a small server (a Trigger service that answers with its pid and how many
probe messages it has heard on a topic), wait until the client's call is answered by THIS
server (its pid) and the server has heard a probe, then SIGKILL it. A round that gets no
answer from the new server within --timeout is a loss. Optionally, first leave --leak
killed participants on the same domain (zombie segments and ports in /dev/shm), to compare
with and without leaked files. /dev/shm's Fast DDS files are counted before and after.

    MEMORY_NODE_KEEP_SHM=1 ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST \
      .venv/bin/python bench/dds_sigkill_loop.py --domain 14 --rounds 30 --leak 0 \
      --out bench/results/dds_sigkill_loop_r61_leak0.json
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from environment import with_environment  # noqa: E402


def serve() -> None:
    import rclpy  # noqa: PLC0415
    from std_msgs.msg import String  # noqa: PLC0415
    from std_srvs.srv import Trigger  # noqa: PLC0415

    rclpy.init()
    node = rclpy.create_node(f"sigkill_loop_server_{os.getpid()}")
    heard = [0]

    def on_probe(_msg: Any) -> None:
        heard[0] += 1

    def answer(_req: Any, res: Any) -> Any:
        res.success = True
        res.message = f"{os.getpid()} {heard[0]}"
        return res

    node.create_subscription(String, "/sigkill_loop/probe", on_probe, 10)
    node.create_service(Trigger, "/sigkill_loop/who", answer)
    print("serving", flush=True)
    rclpy.spin(node)


def leak(n: int) -> None:
    """n participants started and killed with SIGKILL once they serve (zombie files)."""
    for _ in range(n):
        p = subprocess.Popen([sys.executable, __file__, "--serve"], stdout=subprocess.PIPE,
                             text=True, env=os.environ.copy())
        assert p.stdout is not None
        p.stdout.readline()
        p.send_signal(signal.SIGKILL)
        p.wait()


def run(args: argparse.Namespace) -> dict[str, Any]:
    import rclpy  # noqa: PLC0415
    from std_msgs.msg import String  # noqa: PLC0415
    from std_srvs.srv import Trigger  # noqa: PLC0415

    from memory_node.fastdds_shm import clean, count  # noqa: PLC0415

    files0, dead0 = count(), clean(dry_run=True, min_age_s=0).dead_segments
    leak(args.leak)
    files1, dead1 = count(), clean(dry_run=True, min_age_s=0).dead_segments
    rclpy.init()
    node = rclpy.create_node("sigkill_loop_client")
    client = node.create_client(Trigger, "/sigkill_loop/who")
    probe = node.create_publisher(String, "/sigkill_loop/probe", 10)
    server_env = os.environ.copy()
    if args.server_profile:
        server_env["FASTDDS_DEFAULT_PROFILES_FILE"] = str(args.server_profile)
    big = String(data="x" * args.flood_bytes)
    rounds = []
    for i in range(args.rounds):
        t0 = time.monotonic()
        proc = subprocess.Popen([sys.executable, __file__, "--serve"], stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, env=server_env)
        assert proc.stdout is not None
        proc.stdout.readline()
        t_ready = time.monotonic() - t0
        answered, heard, t_answer, t_heard = False, False, None, None
        deadline = t0 + args.timeout
        while time.monotonic() < deadline and not (answered and heard):
            probe.publish(String(data="p"))
            future = client.call_async(Trigger.Request())
            rclpy.spin_until_future_complete(node, future, timeout_sec=1.0)
            if not future.done():
                client.remove_pending_request(future)
                continue
            pid, count_heard = future.result().message.split()
            if int(pid) != proc.pid:
                continue  # a stale answer cannot come from a dead pid; kept for clarity
            if not answered:
                answered, t_answer = True, time.monotonic() - t0
            if int(count_heard) > 0:
                heard, t_heard = True, time.monotonic() - t0
        if args.flood_s > 0:  # kill it while it takes large samples in (a listener busy)
            stop = time.monotonic() + args.flood_s
            while time.monotonic() < stop:
                probe.publish(big)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        rounds.append({"round": i, "ready_s": round(t_ready, 2), "answered": answered,
                       "heard_probe": heard,
                       "answer_s": None if t_answer is None else round(t_answer, 2),
                       "heard_s": None if t_heard is None else round(t_heard, 2),
                       "load1": os.getloadavg()[0]})
        print(json.dumps(rounds[-1]), flush=True)
    node.destroy_node()
    rclpy.shutdown()
    lost = sum(1 for r in rounds if not (r["answered"] and r["heard_probe"]))
    answers = sorted(r["answer_s"] for r in rounds if r["answer_s"] is not None)
    return {"domain": os.environ.get("ROS_DOMAIN_ID"), "rounds": args.rounds,
            "flood_s": args.flood_s, "flood_bytes": args.flood_bytes,
            "server_profile": str(args.server_profile) if args.server_profile else None,
            "leaked_participants": args.leak, "timeout_s": args.timeout, "lost": lost,
            "answer_s_median": answers[len(answers) // 2] if answers else None,
            "answer_s_max": answers[-1] if answers else None,
            "fastdds_files": {"start": files0, "after_leak": files1, "end": count()},
            "dead_segments": {"start": dead0, "after_leak": dead1,
                              "end": clean(dry_run=True, min_age_s=0).dead_segments},
            "per_round": rounds}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--domain", type=int, default=14)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--leak", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--flood-s", type=float, default=0.0,
                        help="publish large probes this long right before each kill")
    parser.add_argument("--flood-bytes", type=int, default=300_000)
    parser.add_argument("--server-profile", type=Path,
                        help="FASTDDS_DEFAULT_PROFILES_FILE of the killed servers only")
    args = parser.parse_args()
    if args.serve:
        serve()
        return 0
    from memory_node.transport import use_large_messages  # noqa: PLC0415

    os.environ["ROS_DOMAIN_ID"] = str(args.domain)
    os.environ["ROS_AUTOMATIC_DISCOVERY_RANGE"] = "LOCALHOST"
    use_large_messages(processes=8)
    result = with_environment(run(args))
    summary = {k: v for k, v in result.items() if k != "per_round"}
    print(json.dumps({k: summary[k] for k in ("rounds", "leaked_participants", "flood_s",
                                              "server_profile", "lost",
                                              "answer_s_median", "answer_s_max",
                                              "fastdds_files", "dead_segments")}))
    if args.out:
        args.out.write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
