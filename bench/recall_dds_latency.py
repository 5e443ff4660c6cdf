"""/memory/recall round trips over DDS: a real memory server process, a client process.

For 100 and then 10,000 short-term units the benchmark writes the units into a fresh
memory directory with the core (`ShortTermMemory` over `MemoryStore`, the server's own
SQLite format; 10,000 /memory/update_object calls with fsync would only measure the
disk), starts `memory_node.nodes.memory_server` on it, waits for the services, warms the
embeddings with one recall (timed: the cold cost after a restart), then times round trips
from this process (rclpy client, loopback DDS, own domain):

* instruction mode: 200 distinct instructions of the labelled set (so no instruction
  embedding is cached server-side), k=5, budget 600;
* state-conditioned mode: 50 episodes x 4 steps with a brief state, every subgoal
  distinct; the first step of an episode builds its candidate pool (a full ranking).

Units are real AI2-THOR objects of the labelled set (drawn with replacement, ids made
unique) with colour crops, as in bench/recall_latency.py. One onnxruntime thread.

    .venv/bin/python bench/recall_dds_latency.py   # -> bench/results/recall_dds_latency.json
"""

from __future__ import annotations

import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

os.environ["ROS_AUTOMATIC_DISCOVERY_RANGE"] = "LOCALHOST"  # before rclpy loads

import numpy as np  # noqa: E402
import rclpy  # noqa: E402
from rclpy.executors import SingleThreadedExecutor  # noqa: E402
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy  # noqa: E402
from recall_common import RESULTS, ROOT, load, scene_units  # noqa: E402

from memory_node.core.memory import Memory  # noqa: E402
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings  # noqa: E402
from memory_node.core.persistence.store import MemoryStore  # noqa: E402
from memory_node.core.short_term import ShortTermMemory  # noqa: E402
from memory_node.msg import BriefState, MemoryStats  # noqa: E402
from memory_node.srv import Recall  # noqa: E402

SIZES = (100, 10_000)
SCENE_OBJECTS = 1000
EXECUTOR: dict = {}
CALLS = 200
EPISODES = 50
K, BUDGET = 5, 600


def stats_ms(xs: list[float]) -> dict:
    a = np.array(xs) * 1000
    return {"p50_ms": round(float(np.percentile(a, 50)), 2),
            "p99_ms": round(float(np.percentile(a, 99)), 2),
            "mean_ms": round(float(a.mean()), 2), "n": len(xs)}


def prepare(memory_dir: Path, units: list) -> None:
    store = MemoryStore(memory_dir / "memory.sqlite", durability="normal")
    st = ShortTermMemory(len(units), "wtinylfu", store)
    for u in units:
        st.upsert(u)
    assert len(st) == len(units), f"only {len(st)} of {len(units)} units admitted"
    store.close()


def prepare_scene_graph(memory_dir: Path, capacity: int, labels: list[str],
                        rng: random.Random) -> str:
    """A 1,000-object scene graph in the same file, if the long-term memory is wired into
    recall (built with the scene-graph core and saved with its own persistence)."""
    # The real capacity: a smaller one would make the short-term memory drop the overflow.
    m = Memory(MemorySettings(memory_dir=str(memory_dir),
                              short_term=ShortTermSettings(capacity=capacity)))
    try:
        if m.recall.long_term_text is None or getattr(m, "long_term", None) is None:
            return "absent (long-term memory not wired into recall)"
    finally:
        m.close()
    from memory_node.core.perception.observation import Observation
    from memory_node.core.scene_graph.graph import SceneGraph
    from memory_node.core.scene_graph.persistence import save_all
    g = SceneGraph()
    for x in range(0, 20, 2):      # a 20 m x 20 m flat the robot has driven through
        for y in range(0, 20, 2):
            g.visit((float(x), float(y), 0.0), 0.0)
    for _ in range(0, SCENE_OBJECTS, 100):
        g.update([Observation.at(rng.choice(labels), (rng.uniform(0, 20), rng.uniform(0, 20),
                                                      rng.uniform(0, 2)), 1.0)
                  for _ in range(100)], stamp=1.0)
    store = MemoryStore(memory_dir / "memory.sqlite", durability="normal")
    with store.transaction() as conn:
        save_all(conn, g)
    store.close()
    return f"{g.object_count} objects"


def call(node, client, request, timeout: float) -> tuple[Recall.Response, float]:
    t = time.perf_counter()
    future = client.call_async(request)
    rclpy.spin_until_future_complete(node, future, executor=EXECUTOR.get(node),
                                     timeout_sec=timeout)
    elapsed = time.perf_counter() - t
    if not future.done():
        raise RuntimeError(f"no response in {timeout} s")
    response = future.result()
    if not response.success:
        raise RuntimeError(response.message)
    return response, elapsed


def run_size(n: int, pool: list, texts: list[str], rng: random.Random) -> dict:
    units = [replace(rng.choice(pool), object_id=f"u{i}") for i in range(n)]
    # A domain of its own per size (and not the tests' 1..100): a server left over from a
    # previous size, or another engineer's, must not be the one answering.
    domain = rng.randrange(150, 230)
    env = os.environ | {"ROS_DOMAIN_ID": str(domain)}
    context = rclpy.Context()
    rclpy.init(context=context, domain_id=domain)
    node = rclpy.create_node(f"recall_dds_latency_{n}", context=context)
    EXECUTOR[node] = SingleThreadedExecutor(context=context)
    EXECUTOR[node].add_node(node)
    with tempfile.TemporaryDirectory(prefix="recall_dds_") as tmp:
        memory_dir = Path(tmp)
        t = time.perf_counter()
        prepare(memory_dir, units)
        scene = prepare_scene_graph(memory_dir, n, sorted({u.label for u in pool}), rng)
        prepare_s = time.perf_counter() - t
        log = open(memory_dir / "server.log", "wb")
        started = time.perf_counter()
        server = subprocess.Popen(
            [sys.executable, "-m", "memory_node.nodes.memory_server", "--ros-args",
             "--params-file", str(ROOT / "config" / "memory.yaml"),
             "-p", f"memory_dir:={memory_dir}", "-p", f"short_term.capacity:={n}",
             "-p", "recall.prefetch_batch:=0"],  # the cold recall below embeds everything
            stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            client = node.create_client(Recall, "/memory/recall")
            while not client.wait_for_service(timeout_sec=0.5):
                if server.poll() is not None:
                    raise RuntimeError((memory_dir / "server.log").read_text()[-2000:])
            ready_s = time.perf_counter() - started
            stats: list[MemoryStats] = []
            latched = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                                 reliability=ReliabilityPolicy.RELIABLE)
            node.create_subscription(MemoryStats, "/memory/stats", stats.append, latched)
            deadline = time.monotonic() + 60
            while not stats or stats[-1].short_term_size != n:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the answering server does not hold {n} units: "
                                       f"{stats[-1].short_term_size if stats else 'no stats'}")
                EXECUTOR[node].spin_once(timeout_sec=0.2)
            _, cold_s = call(node, client, Recall.Request(
                instruction="warm up every unit embedding", k=K, token_budget=BUDGET), 1800)

            instructions = rng.sample(texts, CALLS)
            per_instruction, tokens_i, lt_tokens = [], [], 0
            for text in instructions:
                r, dt = call(node, client, Recall.Request(
                    instruction=text, k=K, token_budget=BUDGET), 120)
                per_instruction.append(dt)
                tokens_i.append(r.context_tokens)
                lt_tokens += bool(r.long_term_text)

            steps_all, steps_warm, tokens_s, empty = [], [], [], 0
            for e, text in enumerate(rng.sample(texts, EPISODES)):
                subgoals = [f"go to the place for: {text}", f"pick up what is needed to {text}",
                            f"carry it, to {text}", f"place it down, to {text}"]
                for s, subgoal in enumerate(subgoals):
                    brief = BriefState(current_subgoal=subgoal[:500], robot_area="kitchen")
                    r, dt = call(node, client, Recall.Request(
                        instruction=text, k=3, token_budget=BUDGET, episode_id=f"ep{e}",
                        use_brief_state=True, brief_state=brief), 120)
                    steps_all.append(dt)
                    if s > 0:
                        steps_warm.append(dt)
                    tokens_s.append(r.context_tokens)
                    empty += r.nothing_relevant
        finally:
            server.send_signal(2)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
            log.close()
            node.destroy_node()
            rclpy.try_shutdown(context=context)
    return {
        "units": n, "domain_id": domain, "prepare_sqlite_s": round(prepare_s, 2),
        "server_ready_s": round(ready_s, 2), "cold_first_recall_s": round(cold_s, 2),
        "scene_graph": scene,
        "instruction_mode": stats_ms(per_instruction) | {
            "mean_context_tokens": round(float(np.mean(tokens_i)), 1),
            "share_with_long_term_text": round(lt_tokens / len(instructions), 3)},
        "state_conditioned_mode": {
            "all_steps": stats_ms(steps_all), "steps_with_warm_pool": stats_ms(steps_warm),
            "mean_context_tokens": round(float(np.mean(tokens_s)), 1),
            "nothing_relevant_share": round(empty / len(steps_all), 3)},
    }


def main() -> int:
    doc = load()
    if doc is None:
        print("skip: AI2-THOR rearrangement data absent; the labelled set is generated from it")
        return 0
    rng = random.Random(11)
    pool = [u for s in doc["scenes"] for u in scene_units(s)]
    texts = sorted({i["text"] for i in doc["instructions"]})
    result: dict = {
        "machine": platform.machine(), "python": platform.python_version(),
        "cpus": os.cpu_count(), "rmw": os.environ.get("RMW_IMPLEMENTATION", "default (Fast DDS)"),
        "onnx_threads": 1, "k": K, "k_step": 3, "token_budget": BUDGET,
        "fill": "SQLite written with the core before start (ShortTermMemory + MemoryStore)",
        "sizes": {},
    }
    for n in SIZES:
        print(f"[bench] {n} units ...", flush=True)
        result["sizes"][str(n)] = run_size(n, pool, texts, rng)
        print(json.dumps(result["sizes"][str(n)], indent=1), flush=True)
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / "recall_dds_latency.json"
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
