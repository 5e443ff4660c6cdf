"""Soak: a real memory server under steady load for a long time (issue 9's "Done when").

One server process (config/memory.yaml, a fresh memory directory), one client process
(this one, loopback DDS, a domain of its own) that keeps up, for `--minutes` (default 30):

* 30 Hz /memory/observations: frames of 4 objects out of a 40-object household (1 cm
  noise; every 10 s one object moves to another of its three places, `--moves drift`: 1-2
  m further along x, the first soak's model), each with a 32x32 JPEG crop;
* 20 Hz /memory/recall (instruction mode, 12 instructions in turn, k=5, budget 600);
* 5 Hz /memory/update_object (upserts cycling over 200 ids);
  (each stream keeps at most the documented 32 requests in flight: a tick beyond that is
  skipped and counted as `not_sent_concurrency_reached`, as a well-behaved client would);
* one /memory/manage LOAD per minute (of a snapshot SAVEd after warm-up);
* once per minute, a burst at the documented concurrency: `service_concurrency` (32)
  /memory/query_object requests in flight from one client, 10 rounds.

Reported (JSON in bench/results/soak.json): the server's RSS (from /proc) at the end of
warm-up and at the end, and its growth; recall round-trip p50/p99 per 5-minute window (a
shorter run uses windows of a sixth of the run) and the spread of the window p99s; requests
unanswered within 30 s (bursts and the steady streams), the server's own
`dropped.requests.*` counters, frames handled and dropped; per window, the server's own
time inside the recall handler (`service.*` counters of /memory/stats) and the scene
graph's size, so a round trip's tail can be told apart from the server's work.

    .venv/bin/python bench/soak.py                 # 30 minutes
    .venv/bin/python bench/soak.py --minutes 10    # shorter
    .venv/bin/python bench/soak.py --domains 80-95 # the server's domain from a given range
                                                   # (default RECALL_BENCH_DOMAINS, else 1-100)
"""

from __future__ import annotations

import argparse
import bisect
import io
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from environment import environment

os.environ["ROS_AUTOMATIC_DISCOVERY_RANGE"] = "LOCALHOST"  # before rclpy loads

import numpy as np  # noqa: E402
import rclpy  # noqa: E402
from geometry_msgs.msg import Point, Quaternion  # noqa: E402
from PIL import Image  # noqa: E402
from rclpy.executors import SingleThreadedExecutor  # noqa: E402
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy  # noqa: E402

from memory_node.core.limits import LIMITS  # noqa: E402
from memory_node.msg import (  # noqa: E402
    MemoryStats,
    MemoryUnit,
    ObjectObservation,
    ObjectObservations,
)
from memory_node.nodes.qos import SERVICE_QOS  # noqa: E402
from memory_node.ros_domain import BENCH_DOMAINS_ENV, DomainPool  # noqa: E402
from memory_node.srv import Manage, QueryObject, Recall, UpdateObject  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
LABELS = ["Apple", "Mug", "Bowl", "Knife", "Bread", "Book", "Pen", "Plate", "Cup", "Vase"]
INSTRUCTIONS = [
    "put the red apple in the fridge", "bring me a mug of coffee", "slice the bread",
    "find my book", "where is the pen", "wash the dirty plate", "heat the cup of milk",
    "put the vase on the table", "take the knife to the sink", "fill the bowl with water",
    "bring the apple and the bowl", "clean the mug",
]
DRAIN_S = 120.0  # after the load stops: a request not answered by then is lost
LATE_S = 5.0


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024.0
    return float("nan")


def crop(seed: int) -> bytes:
    pixels = np.random.default_rng(seed).integers(0, 255, (32, 32, 3), dtype=np.uint8)
    buf = io.BytesIO()
    Image.fromarray(pixels).save(buf, "JPEG", quality=80)
    return buf.getvalue()


def percentiles(xs: list[float]) -> dict:
    if not xs:
        return {"n": 0}
    a = np.array(xs) * 1000.0
    return {"n": len(xs), "p50_ms": round(float(np.percentile(a, 50)), 2),
            "p99_ms": round(float(np.percentile(a, 99)), 2)}


class Load:
    """Timers that keep the load up; futures tracked so nothing is silently lost."""

    def __init__(self, node: rclpy.node.Node, minutes: float, warmup_s: float,
                 rng: random.Random, moves: str = "places") -> None:
        self.node, self.rng, self.moves = node, rng, moves
        self.t0 = time.monotonic()
        self.duration_s = minutes * 60.0
        self.warmup_s = warmup_s
        self.household = [(f"{LABELS[i % len(LABELS)].lower()}_{i}", LABELS[i % len(LABELS)],
                           [rng.uniform(-5, 5), rng.uniform(-5, 5), rng.uniform(0.4, 1.2)])
                          for i in range(40)]
        # A household's objects move between a few places (counter, table, sink...), not
        # ever further away: each has three. `drift` (the first soak's model) shifts an
        # object 1-2 m further along x at every move, so the house departs without bound
        # from the snapshot each minute's LOAD restores.
        self.places = [[list(pos)] + [[rng.uniform(-5, 5), rng.uniform(-5, 5),
                                       rng.uniform(0.4, 1.2)] for _ in range(2)]
                       for _, _, pos in self.household]
        self.crops = [crop(i) for i in range(40)]
        self.obs_pub = node.create_publisher(
            ObjectObservations, "/memory/observations",
            QoSProfile(depth=10, reliability=ReliabilityPolicy.RELIABLE))
        self.recall = node.create_client(Recall, "/memory/recall", qos_profile=SERVICE_QOS)
        self.update = node.create_client(UpdateObject, "/memory/update_object",
                                         qos_profile=SERVICE_QOS)
        self.query = node.create_client(QueryObject, "/memory/query_object",
                                        qos_profile=SERVICE_QOS)
        self.manage = node.create_client(Manage, "/memory/manage", qos_profile=SERVICE_QOS)
        self.stats: list[MemoryStats] = []
        # What the server holds over time: a latency drift is read beside the state it
        # served (graph objects, short-term size) at each stats message.
        self.state: list[tuple[float, int, int]] = []
        # The server's own time inside the recall handler (its rolling median and p99 over
        # the last 300 recalls, in µs) at each stats message: the round trip minus this is
        # DDS and queueing.
        self.server_recall: list[tuple[float, dict[str, int]]] = []
        node.create_subscription(MemoryStats, "/memory/stats", self.on_stats, QoSProfile(
            depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
            reliability=ReliabilityPolicy.RELIABLE))
        self.pending: list[tuple[str, float, rclpy.task.Future]] = []
        self.recall_latency: list[tuple[float, float]] = []  # (time since start, seconds)
        # Intervals (sent, answered; time since start) of the requests that may hold a recall
        # up: a recall's latency is read beside what it overlapped (see `attribute`).
        self.intervals: dict[str, list[tuple[float, float]]] = {"load": [], "burst": []}
        self.unanswered: dict[str, int] = {}
        self.sent: dict[str, int] = {}
        self.failed: dict[str, int] = {}
        self.loads_ok = 0
        self.frames = 0
        self.rss: list[tuple[float, float]] = []
        self.loadavg: list[tuple[float, float]] = []
        self._i = 0
        self.saved = False
        self.burst_rounds = 0
        self.late: dict[str, int] = {}  # answered, but after LATE_S
        self.throttled: dict[str, int] = {}  # not sent: 32 already in flight

    def on_stats(self, msg: MemoryStats) -> None:
        self.stats.append(msg)
        self.state.append((self.now(), int(msg.scene_graph_objects), int(msg.short_term_size)))
        times = {kv.key.removeprefix("service."): int(kv.value) for kv in msg.counters
                 if kv.key.startswith("service.") and ".recall." in kv.key}
        if times:
            self.server_recall.append((self.now(), times))

    # -- streams --------------------------------------------------------------------------
    def now(self) -> float:
        return time.monotonic() - self.t0

    def _send(self, kind: str, client: object, request: object) -> None:
        # A well-behaved client keeps at most the documented concurrency in flight per
        # service; a tick that would exceed it is skipped and counted, not queued.
        if kind in ("recall", "update") and sum(
                k == kind for k, _, _ in self.pending) >= LIMITS.service_concurrency:
            self.throttled[kind] = self.throttled.get(kind, 0) + 1
            return
        future = client.call_async(request)  # type: ignore[attr-defined]
        future.add_done_callback(stamp_done)
        self.sent[kind] = self.sent.get(kind, 0) + 1
        self.pending.append((kind, time.monotonic(), future))

    def observe(self) -> None:
        self._i += 1
        if self._i % 300 == 0:  # every 10 s at 30 Hz, something moves
            k = self.rng.randrange(len(self.household))
            pos = self.household[k][2]
            if self.moves == "drift":
                pos[0] += self.rng.uniform(1.0, 2.0)
            else:
                pos[:] = self.rng.choice([p for p in self.places[k] if p != pos])
        msg = ObjectObservations()
        msg.header.stamp = self.node.get_clock().now().to_msg()
        msg.header.frame_id = "map"
        for k in self.rng.sample(range(len(self.household)), 4):
            _, label, pos = self.household[k]
            p = [v + self.rng.gauss(0.0, 0.01) for v in pos]
            o = ObjectObservation(label=label, score=0.9, point_count=500,
                                  centroid=Point(x=p[0], y=p[1], z=p[2]))
            o.box.center.position = Point(x=p[0], y=p[1], z=p[2])
            o.box.center.orientation = Quaternion(w=1.0)
            o.box.size.x = o.box.size.y = o.box.size.z = 0.1
            o.crop.format, o.crop.data = "jpeg", self.crops[k]
            msg.observations.append(o)
        self.obs_pub.publish(msg)
        self.frames += 1

    def ask(self) -> None:
        instruction = INSTRUCTIONS[self._i % len(INSTRUCTIONS)]
        self._send("recall", self.recall, Recall.Request(instruction=instruction, k=5,
                                                         token_budget=600))

    def write(self) -> None:
        i = self.rng.randrange(200)
        unit = MemoryUnit(object_id=f"manual_{i}", label=LABELS[i % len(LABELS)],
                          position=Point(x=self.rng.uniform(-5, 5), y=self.rng.uniform(-5, 5),
                                         z=0.8), source="manual")
        self._send("update", self.update, UpdateObject.Request(operation=0, unit=unit))

    def each_minute(self) -> None:
        if not self.saved:
            self._send("save", self.manage, Manage.Request(command=Manage.Request.SAVE,
                                                           path="soak_base"))
            self.saved = True
        else:
            self._send("load", self.manage, Manage.Request(command=Manage.Request.LOAD,
                                                           path="soak_base"))
        self.burst_rounds += 10

    def burst(self) -> None:
        """Keep `service_concurrency` query_object requests in flight from this one client:
        a round of that many, the next when all of them are answered."""
        if self.burst_rounds == 0 or any(k == "burst" for k, _, _ in self.pending):
            return
        self.burst_rounds -= 1
        for _ in range(LIMITS.service_concurrency):
            self._send("burst", self.query, QueryObject.Request(query="Mug", max_results=5))

    def sample_rss(self, pid: int) -> None:
        self.rss.append((self.now(), rss_mb(pid)))
        # The machine is shared: a window's latency is read beside the load it ran under.
        self.loadavg.append((self.now(), os.getloadavg()[0]))

    # -- bookkeeping ------------------------------------------------------------------------
    def collect(self, final: bool = False) -> None:
        now = time.monotonic()
        keep = []
        for kind, sent_at, future in self.pending:
            if future.done():
                response = future.result()
                if not response.success:
                    self.failed[kind] = self.failed.get(kind, 0) + 1
                latency = getattr(future, "answered_at", now) - sent_at
                if latency > LATE_S:
                    self.late[kind] = self.late.get(kind, 0) + 1
                if kind == "recall":
                    self.recall_latency.append((sent_at - self.t0, latency))
                if kind in self.intervals:
                    self.intervals[kind].append((sent_at - self.t0,
                                                 sent_at - self.t0 + latency))
                if kind == "load" and response.success:
                    self.loads_ok += 1
            elif final:
                self.unanswered[kind] = self.unanswered.get(kind, 0) + 1
                client = {"recall": self.recall, "update": self.update, "burst": self.query,
                          "save": self.manage, "load": self.manage}[kind]
                client.remove_pending_request(future)
            else:
                keep.append((kind, sent_at, future))
        self.pending = keep


def attribute(recalls: list[tuple[float, float]],
              intervals: dict[str, list[tuple[float, float]]]) -> list[str]:
    """Per recall (sent, latency), what it overlapped: the first kind of `intervals` (in
    their order) with an interval that overlaps [sent, sent + latency], else "steady"."""
    merged = {kind: sorted(spans) for kind, spans in intervals.items()}
    starts = {kind: [a for a, _ in spans] for kind, spans in merged.items()}
    out = []
    for sent, latency in recalls:
        end = sent + latency
        label = "steady"
        for kind, spans in merged.items():
            # Spans are short and do not nest much: look back a few from the last start <= end.
            i = bisect.bisect_right(starts[kind], end)
            if any(spans[j][1] >= sent for j in range(max(0, i - 64), i)):
                label = kind
                break
        out.append(label)
    return out


def stamp_done(future: rclpy.task.Future) -> None:
    future.answered_at = time.monotonic()  # type: ignore[attr-defined]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--warmup-minutes", type=float, default=None,
                        help="excluded from RSS growth (default: min(3, minutes / 5))")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--moves", choices=("places", "drift"), default="places",
                        help="places: an object moves between three places of its own; "
                             "drift: 1-2 m further along x at every move (first soak)")
    parser.add_argument("--out", type=Path, default=RESULTS / "soak.json")
    parser.add_argument("--domains", default=os.environ.get(BENCH_DOMAINS_ENV),
                        help=f"the ROS domain ids the server may take, N or LO-HI (default "
                             f"{BENCH_DOMAINS_ENV}, else 1-100): one no live participant "
                             "here holds")
    args = parser.parse_args()
    warmup_s = 60.0 * (args.warmup_minutes if args.warmup_minutes is not None
                       else min(3.0, args.minutes / 5.0))
    window_s = min(300.0, args.minutes * 60.0 / 6.0)
    rng = random.Random(args.seed)
    # Concurrent soaks (e.g. two movement models) apart: the probe sees the other's
    # participants once they have started.
    domain = DomainPool.given(args.domains, "--domains").take()
    env = os.environ | {"ROS_DOMAIN_ID": str(domain)}
    context = rclpy.Context()
    rclpy.init(context=context, domain_id=domain)
    memory_dir = Path(tempfile.mkdtemp(prefix="soak_"))
    log = open(memory_dir.parent / f"{memory_dir.name}.log", "wb")
    server = subprocess.Popen(
        [sys.executable, "-m", "memory_node.nodes.memory_server", "--ros-args",
         "--params-file", str(ROOT / "config" / "memory.yaml"),
         "-p", f"memory_dir:={memory_dir}", "-p", "stats_period_s:=1.0"],
        stdout=log, stderr=subprocess.STDOUT, env=env)
    node = rclpy.create_node("soak_client", context=context)
    executor = SingleThreadedExecutor(context=context)
    executor.add_node(node)
    load = Load(node, args.minutes, warmup_s, rng, args.moves)
    loadavg_start = os.getloadavg()
    try:
        for client in (load.recall, load.update, load.query, load.manage):
            while not client.wait_for_service(timeout_sec=1.0):
                if server.poll() is not None:
                    raise RuntimeError("the memory server died at start")
        t_wait = time.monotonic()
        while load.obs_pub.get_subscription_count() == 0 and time.monotonic() - t_wait < 60:
            executor.spin_once(timeout_sec=0.1)
        load.t0 = time.monotonic()
        streams = [node.create_timer(1 / 30, load.observe),
                   node.create_timer(1 / 20, load.ask),
                   node.create_timer(1 / 5, load.write),
                   node.create_timer(60.0, load.each_minute),
                   node.create_timer(0.05, load.burst)]
        node.create_timer(5.0, lambda: load.sample_rss(server.pid))
        node.create_timer(1.0, load.collect)
        load.sample_rss(server.pid)
        while load.now() < load.duration_s:
            executor.spin_once(timeout_sec=0.05)
            if server.poll() is not None:
                raise RuntimeError(f"the memory server died (status {server.returncode})")
        # Stop the load, let the last requests come back, then count what never did.
        for timer in streams:
            timer.cancel()
        end = time.monotonic() + DRAIN_S
        while load.pending and time.monotonic() < end:
            executor.spin_once(timeout_sec=0.05)
            load.collect()
        load.collect(final=True)
        load.sample_rss(server.pid)
        stats = load.stats[-1] if load.stats else None
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        node.destroy_node()
        rclpy.try_shutdown(context=context)
        log.close()
        shutil.rmtree(memory_dir, ignore_errors=True)

    after_warmup = [mb for t, mb in load.rss if t >= warmup_s]
    rss_start = after_warmup[0] if after_warmup else float("nan")
    rss_end = load.rss[-1][1]
    labels = attribute(load.recall_latency, load.intervals)
    windows = []
    n_windows = max(1, int(round(load.duration_s / window_s)))
    for w in range(n_windows):
        lo, hi = w * window_s, (w + 1) * window_s
        loads = [x for t, x in load.loadavg if lo <= t < hi]
        inside = [(d, label) for (t, d), label in zip(load.recall_latency, labels, strict=True)
                  if lo <= t < hi]
        windows.append({"from_s": round(lo), "to_s": round(hi),
                        **percentiles([d for d, _ in inside]),
                        # What the tail is made of: recalls that overlapped a LOAD, a burst
                        # of 32 queries, or neither.
                        "by_overlap": {k: percentiles([d for d, label in inside if label == k])
                                       for k in ("steady", "load", "burst")},
                        "loadavg_1min_max": round(max(loads), 2) if loads else None,
                        "server_recall_us": {key: int(np.median(values)) for key, values in {
                            k: [v[k] for t, v in load.server_recall if lo <= t < hi and k in v]
                            for k in ("wall_us.recall.median", "wall_us.recall.p99",
                                      "cpu_us.recall.median", "cpu_us.recall.p99")}.items()
                            if values},
                        "scene_graph_objects_max": max(
                            (n for t, n, _ in load.state if lo <= t < hi), default=None)})
    p99s = [w["p99_ms"] for w in windows if w.get("n")]
    # Flatness is judged after warm-up: windows that start once it is over.
    settled = [w["p99_ms"] for w in windows if w.get("n") and w["from_s"] >= warmup_s]
    counters = {kv.key: kv.value for kv in stats.counters} if stats else {}
    result = {
        "command": " ".join(["bench/soak.py", *sys.argv[1:]]),
        "minutes": args.minutes, "moves": args.moves, "domain_id": domain, "warmup_s": warmup_s,
        "window_s": window_s,
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                    "environment": environment(),
                    # The machine is shared: its load says how much CPU the server had.
                    "loadavg_1_5_15_start": [round(x, 2) for x in loadavg_start],
                    "loadavg_1_5_15_end": [round(x, 2) for x in os.getloadavg()]},
        "rates_hz": {"observations": 30, "recall": 20, "update_object": 5},
        "documented_concurrency": LIMITS.service_concurrency,
        "rss_mb": {"after_warmup": round(rss_start, 1), "end": round(rss_end, 1),
                   "growth_pct": round(100.0 * (rss_end - rss_start) / rss_start, 2),
                   "samples": [(round(t), round(mb, 1)) for t, mb in load.rss]},
        "recall_windows": windows,
        "recall_all": percentiles([d for _, d in load.recall_latency]),
        "recall_all_by_overlap": {k: percentiles([d for (_, d), label in zip(
            load.recall_latency, labels, strict=True) if label == k])
            for k in ("steady", "load", "burst")},
        "manage_load_round_trip": percentiles([b - a for a, b in load.intervals["load"]]),
        "recall_p99_spread_pct": (round(100.0 * (max(p99s) - min(p99s)) / min(p99s), 1)
                                  if p99s else None),
        "recall_p99_spread_after_warmup_pct": (
            round(100.0 * (max(settled) - min(settled)) / min(settled), 1) if settled else None),
        "sent": load.sent, "unanswered": load.unanswered, "failed": load.failed,
        "answered_after_s": {"threshold": LATE_S, "counts": load.late},
        "not_sent_concurrency_reached": load.throttled,
        "loads_ok": load.loads_ok, "frames_published": load.frames,
        "server": {"observations_applied": int(stats.observations_applied) if stats else None,
                   "short_term_size": int(stats.short_term_size) if stats else None,
                   "scene_graph_objects": int(stats.scene_graph_objects) if stats else None,
                   "counters": {k: v for k, v in counters.items()
                                if k.startswith(("dropped", "rejected", "heap.", "store."))}},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    summary = {k: result[k] for k in ("recall_windows", "recall_p99_spread_pct",
                                      "recall_p99_spread_after_warmup_pct", "sent",
                                      "unanswered", "answered_after_s",
                                      "not_sent_concurrency_reached", "failed", "loads_ok",
                                      "frames_published", "server")}
    summary["rss_mb"] = {k: v for k, v in result["rss_mb"].items() if k != "samples"}
    print(json.dumps(summary, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
