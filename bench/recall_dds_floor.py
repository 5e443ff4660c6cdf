"""The floor of a recall round trip over DDS on this host, beside the real memory server
(round 46, issue 11 part 4).

How much of the per-subtask p99 over DDS is the memory server's own work, and how much would
any rclpy service of the same type pay here? The DDS bench's memory (10,000 units and a
1,000-object scene graph, `recall_dds_latency.prepare_bench_memory`, same seed) is served by
the real `memory_server` (`recall_dds_latency.Server`, the unit index), and beside it, each
in a ROS domain of its own, by `bench/recall_floor_server.py` processes that answer the same
service with a fixed answer and no recall work:

* ``floor``: an empty answer (``success`` set), no introspection events;
* ``floor_events``: the same with the service's introspection events and their reader,
  as the memory server counts dropped requests (`qos.track_requests`);
* ``floor_answer``: no events, the answer being the real server's serialised answer to the
  first recall (an instruction's k=5 answer), so the same kind of bytes travel back;
* ``floor_server_size``: ``floor_events`` with idle services (each with its events' reader),
  subscriptions and timers in the real server's numbers (counted from the DDS graph): the
  executor's wait set of the server's size.

One client (this process, `recall_dds_latency.call`: an rclpy client spun by its own
SingleThreadedExecutor) sends every request to every server in turn, the order rotating
per request, so the machine's load falls on all alike. Requests as the DDS bench's: the
instruction kind over the labelled set's distinct texts (k=5, budget 600), then the
per-subtask kind (each text + ", then tidy up", then + ", and then tidy up" past the set's
498, so no text repeats). Per server and kind: the client's wall p50 / p90 / p99 / max, the
server process's CPU per request (all threads, /proc), and the load average before and
after; per kind the p50 and p99 differences real - floor.

    ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST RECALL_BENCH_DOMAINS=LO-HI \\
        .venv/bin/python bench/recall_dds_floor.py [--calls 500] [--out NAME]
        # -> bench/results/<NAME>.json (default recall_dds_floor)
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import numpy as np  # noqa: E402
import rclpy  # noqa: E402
import recall_dds_latency as dds  # noqa: E402
from rclpy.executors import SingleThreadedExecutor  # noqa: E402
from rclpy.serialization import serialize_message  # noqa: E402
from recall_common import load, save_result, scene_units  # noqa: E402

from memory_node.core.recall.embedder import Embedder  # noqa: E402
from memory_node.srv import Recall  # noqa: E402

N_UNITS = 10_000
FLOORS = {"floor": [], "floor_events": ["--events"], "floor_answer": ["--answer"],
          "floor_server_size": ["--server-entities"]}


class Floor:
    """A recall_floor_server process in a domain of its own and this process's client."""

    def __init__(self, name: str, args: list[str], workdir: Path) -> None:
        self.scorer = self.node_name = name
        self.domain = dds.DOMAIN_POOL.take()
        env = os.environ | {"ROS_DOMAIN_ID": str(self.domain),
                            "PYTHONPATH": os.pathsep.join(
                                [str(ROOT), os.environ.get("PYTHONPATH", "")])}
        self.log_path = workdir / f"{name}.log"
        self.log = open(self.log_path, "wb")  # noqa: SIM115 - the process's life
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "bench" / "recall_floor_server.py"), *args],
            stdout=self.log, stderr=subprocess.STDOUT, env=env, cwd=workdir)
        self.context = rclpy.Context()
        rclpy.init(context=self.context, domain_id=self.domain)
        self.node = rclpy.create_node(f"recall_dds_floor_{name}", context=self.context)
        dds.EXECUTOR[self.node] = SingleThreadedExecutor(context=self.context)
        dds.EXECUTOR[self.node].add_node(self.node)
        self.client: Any = self.node.create_client(Recall, "/memory/recall")
        self.load_before = os.getloadavg()

    def ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while not self.client.wait_for_service(timeout_sec=0.1):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(self.log_path.read_text()[-2000:])

    def call(self, request: Recall.Request, timeout: float = 120
             ) -> tuple[Recall.Response, float]:
        return dds.call(self.node, self.client, request, timeout)

    def process_cpu_s(self) -> float:
        return dds.Server.process_cpu_s(self)  # type: ignore[arg-type]

    def stop(self) -> dict:
        dds.end_server(self)
        return {"domain_id": self.domain, "code": "bench/recall_floor_server.py",
                "loadavg_1_5_15_before_after": [list(self.load_before),
                                                list(os.getloadavg())]}


def server_entities(real: Any) -> dict[str, int]:
    """The real server's services and subscriptions as the DDS graph lists them (a node's
    own parameter services and the parameter events left out: every node has those; a
    service's introspection-event reader counted with its service)."""
    node, name = real.node, "memory_server"
    deadline = time.monotonic() + 10
    while name not in node.get_node_names() and time.monotonic() < deadline:
        dds.EXECUTOR[node].spin_once(timeout_sec=0.1)
    services = [s for s, _ in node.get_service_names_and_types_by_node(name, "/")
                if not s.startswith(f"/{name}/")]
    subs = [t for t, _ in node.get_subscriber_names_and_types_by_node(name, "/")
            if not t.endswith("/_service_event") and t != "/parameter_events"]
    return {"services": len(services), "subscriptions": len(subs)}


def pcts(xs: list[float]) -> dict:
    a = np.array(xs) * 1000
    return {**{q: round(float(np.percentile(a, int(q[1:]))), 2)
               for q in ("p50", "p90", "p99")},
            "max": round(float(a.max()), 2), "mean": round(float(a.mean()), 2), "n": len(xs)}


def timed(servers: list[Any], requests: list[Recall.Request]) -> dict[str, Any]:
    """Every request to every server, the order rotating per request; per server its walls,
    its process CPU per request and the answer bytes of its last answer."""
    walls: dict[str, list[float]] = {s.scorer: [] for s in servers}
    real = servers[0].scorer
    size: dict[str, int] = {}
    cpu0 = {s.scorer: s.process_cpu_s() for s in servers}
    for i, request in enumerate(requests):
        k = i % len(servers)
        for s in servers[k:] + servers[:k]:
            r, dt = s.call(request)
            walls[s.scorer].append(dt)
            size[s.scorer] = len(serialize_message(r))
    out: dict[str, Any] = {s.scorer: pcts(walls[s.scorer]) | {
        "server_cpu_ms_per_request": round((s.process_cpu_s() - cpu0[s.scorer]) * 1000
                                           / len(requests), 3),
        "last_answer_bytes": size[s.scorer]} for s in servers}
    # The real server's slowest 1 % and what every floor took for the same request (sent
    # within a few ms of it): a slow moment of the machine shows in both, a slow request in
    # the real one only.
    slow = np.argsort(-np.array(walls[real]))[:max(1, len(requests) // 100)]
    # (Request indices only: the texts are the labelled set's, generated from the data set.)
    out["real_slowest_1pct"] = [
        {"i": int(i), **{s.scorer: round(walls[s.scorer][i] * 1000, 2) for s in servers}}
        for i in slow]
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=500, help="per kind and server")
    ap.add_argument("--out", default="recall_dds_floor")
    args = ap.parse_args()
    doc = load()
    if doc is None:
        print("skip: AI2-THOR rearrangement data absent; the labelled set is generated from it")
        return 0
    rng = random.Random(11)  # the DDS bench's seed: the same memory
    pool = [u for s in doc["scenes"] for u in scene_units(s)]
    texts = sorted({i["text"] for i in doc["instructions"]})
    embedder = Embedder(None, intra_op_threads=1)
    result: dict = {"units": N_UNITS, "calls_per_kind": args.calls, "cpus": os.cpu_count(),
                    "rmw": os.environ.get("RMW_IMPLEMENTATION", "default (Fast DDS)")}
    with tempfile.TemporaryDirectory(prefix="recall_dds_floor_") as tmp:
        memory_dir = Path(tmp) / "memory"
        memory_dir.mkdir()
        result["scene_graph"] = dds.prepare_bench_memory(memory_dir, N_UNITS, pool, rng,
                                                         embedder)
        order = rng.sample(texts, len(texts))
        instruction = [Recall.Request(instruction=order[i % len(order)], k=dds.K,
                                      token_budget=dds.BUDGET)
                       for i in range(min(args.calls, len(order)))]
        suffixes = (", then tidy up", ", and then tidy up", ", then tidy up after")
        subtask = [Recall.Request(
            instruction=order[i % len(order)] + suffixes[i // len(order)], k=dds.K,
            token_budget=dds.BUDGET, per_subtask=True) for i in range(args.calls)]
        real = dds.Server(N_UNITS, memory_dir, "vectorised")
        servers: list[Any] = [real]
        try:
            while not real.poll_ready():
                pass
            first, _ = real.call(Recall.Request(instruction="bring me the mug from the kitchen",
                                                k=dds.K, token_budget=dds.BUDGET), timeout=1800)
            real.check_units()
            answer = Path(tmp) / "first_answer.cdr"
            answer.write_bytes(serialize_message(first))
            entities = server_entities(real)
            result["real_server_entities"] = entities
            for name, extra in FLOORS.items():
                given = {"--answer": f"--answer={answer}",
                         "--server-entities": "--server-entities={services},{subscriptions}"
                         .format(**entities)}
                floor_args = [given.get(a, a) for a in extra]
                servers.append(Floor(name, floor_args, Path(tmp)))
            for s in servers[1:]:
                s.ready()
                s.call(Recall.Request(instruction="warm up", k=dds.K, token_budget=dds.BUDGET))
            result["instruction"] = timed(servers, instruction)
            result["per_subtask"] = timed(servers, subtask)
            result["server_stages_us"] = {k: v for k, v in real.server_stages().items()
                                          if ".subtask." in k or ".instruction." in k}
        finally:
            heads = {s.scorer: s.stop() for s in servers}
    result["servers"] = heads
    for kind in ("instruction", "per_subtask"):
        r = result[kind]
        result[f"{kind}_real_minus_floor_ms"] = {
            f: {q: round(r["vectorised"][q] - r[f][q], 2) for q in ("p50", "p99")}
            for f in FLOORS}
    print(f"wrote {save_result(args.out, result, indent=1)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
