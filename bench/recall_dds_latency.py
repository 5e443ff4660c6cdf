"""/memory/recall round trips over DDS: a real memory server process, a client process.

For 100 and then 10,000 short-term units the benchmark writes the units into a fresh
memory directory with the core (`ShortTermMemory` over `MemoryStore`, the server's own
SQLite format; 10,000 /memory/update_object calls with fsync would only measure the
disk), with their embeddings and crop colours already stored (a memory that has run
before), and a 1,000-object scene graph. On the same directory it then starts
`memory_node.nodes.memory_server` once per scorer, side by side in one run:

* ``loop``: ``recall.vectorised:=false``, the per-unit scorer (today's code before the
  index);
* ``vectorised``: the unit index (one embedding matrix, inverted word index).

Each server: time to services, the first recall after start (restart to first recall,
stored vectors and colours loaded, WordNet indexed), then round trips from this process
(rclpy client, loopback DDS, own domain):

* instruction mode: 200 distinct instructions of the labelled set (so no instruction
  embedding is cached server-side), k=5, budget 600;
* per-subtask mode (the planner's default): 100 of them with ``per_subtask``;
* state-conditioned mode: 50 episodes x 4 steps with a brief state, every subgoal
  distinct; the first step of an episode builds its candidate pool (a full ranking).

Units are real AI2-THOR objects of the labelled set (drawn with replacement, ids made
unique) with colour crops, as in bench/recall_latency.py. One onnxruntime thread.

    .venv/bin/python bench/recall_dds_latency.py [sizes...]  # -> results/recall_dds_latency.json
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
from memory_node.core.recall.colour_store import CropColourStore  # noqa: E402
from memory_node.core.recall.describe import Describer  # noqa: E402
from memory_node.core.recall.embedder import Embedder, text_hash  # noqa: E402
from memory_node.core.recall.embedding_store import EmbeddingStore  # noqa: E402
from memory_node.core.recall.recall import Recaller  # noqa: E402
from memory_node.core.short_term import ShortTermMemory  # noqa: E402
from memory_node.msg import BriefState, MemoryStats  # noqa: E402
from memory_node.srv import Recall  # noqa: E402

SIZES = (100, 10_000)
SCORERS = ("loop", "vectorised")
SCENE_OBJECTS = 1000
EXECUTOR: dict = {}
# Fewer on a crowded machine: RECALL_BENCH_CALLS=60 (episodes = a quarter of it).
CALLS = int(os.environ.get("RECALL_BENCH_CALLS", "200"))
EPISODES = max(4, CALLS // 4)
K, BUDGET = 5, 600


def stats_ms(xs: list[float]) -> dict:
    a = np.array(xs) * 1000
    return {"p50_ms": round(float(np.percentile(a, 50)), 2),
            "p99_ms": round(float(np.percentile(a, 99)), 2),
            "mean_ms": round(float(a.mean()), 2), "n": len(xs)}


def prepare(memory_dir: Path, units: list, embedder: Embedder) -> None:
    store = MemoryStore(memory_dir / "memory.sqlite", durability="normal")
    st = ShortTermMemory(len(units), "wtinylfu", store)
    for u in units:
        st.upsert(u)
    assert len(st) == len(units), f"only {len(st)} of {len(units)} units admitted"
    # What a server that ran before has stored: crop colours and unit vectors (each
    # distinct text embedded once: units are drawn from 708 objects).
    recaller = Recaller(embedder, Describer(colour_store=CropColourStore(store)))
    contents = {recaller.entry(u, {}, None).description.content for u in units}
    recaller.describer.flush_colours()
    texts = sorted(contents)
    vectors = embedder.embed(texts)
    EmbeddingStore(store, embedder.model_id, embedder.dim).save(
        [(text_hash(t), v) for t, v in zip(texts, vectors, strict=True)])
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


def run_size(n: int, pool: list, texts: list[str], rng: random.Random,
             embedder: Embedder) -> dict:
    units = [replace(rng.choice(pool), object_id=f"u{i}") for i in range(n)]
    out: dict = {"units": n}
    with tempfile.TemporaryDirectory(prefix="recall_dds_") as tmp:
        memory_dir = Path(tmp)
        t = time.perf_counter()
        prepare(memory_dir, units, embedder)
        out["scene_graph"] = prepare_scene_graph(memory_dir, n,
                                                 sorted({u.label for u in pool}), rng)
        out["prepare_sqlite_s"] = round(time.perf_counter() - t, 2)
        instructions = rng.sample(texts, CALLS)
        episodes = rng.sample(texts, EPISODES)
        for scorer in SCORERS:
            print(f"[bench] {n} units, {scorer} scorer ...", flush=True)
            out[scorer] = run_server(n, memory_dir, scorer, instructions, episodes, rng)
            print(json.dumps(out[scorer], indent=1), flush=True)
    return out


def run_server(n: int, memory_dir: Path, scorer: str, instructions: list[str],
               episodes: list[str], rng: random.Random) -> dict:
    # A domain of its own per server (and not the tests' 1..100): a server left over from
    # a previous run, or another engineer's, must not be the one answering.
    domain = rng.randrange(150, 230)
    env = os.environ | {"ROS_DOMAIN_ID": str(domain)}
    context = rclpy.Context()
    rclpy.init(context=context, domain_id=domain)
    node = rclpy.create_node(f"recall_dds_latency_{n}_{scorer}", context=context)
    EXECUTOR[node] = SingleThreadedExecutor(context=context)
    EXECUTOR[node].add_node(node)
    log = open(memory_dir / f"server_{scorer}.log", "wb")
    started = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-m", "memory_node.nodes.memory_server", "--ros-args",
         "--params-file", str(ROOT / "config" / "memory.yaml"),
         "-p", f"memory_dir:={memory_dir}", "-p", f"short_term.capacity:={n}",
         "-p", f"recall.vectorised:={'true' if scorer == 'vectorised' else 'false'}",
         "-p", "recall.prefetch_batch:=0"],  # the first recall below loads everything
        stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        client = node.create_client(Recall, "/memory/recall")
        while not client.wait_for_service(timeout_sec=0.5):
            if server.poll() is not None:
                raise RuntimeError((memory_dir / f"server_{scorer}.log").read_text()[-2000:])
        ready_s = time.perf_counter() - started
        _, first_s = call(node, client, Recall.Request(
            instruction="bring me the mug from the kitchen", k=K, token_budget=BUDGET), 1800)
        restart_s = time.perf_counter() - started
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

        per_instruction, tokens_i, lt_tokens = [], [], 0
        for text in instructions:
            r, dt = call(node, client, Recall.Request(
                instruction=text, k=K, token_budget=BUDGET), 120)
            per_instruction.append(dt)
            tokens_i.append(r.context_tokens)
            lt_tokens += bool(r.long_term_text)

        # Distinct texts again (a suffix), so no instruction vector is cached server-side.
        per_subtask = []
        for text in instructions[:CALLS // 2]:
            _, dt = call(node, client, Recall.Request(
                instruction=f"{text}, then tidy up", k=K, token_budget=BUDGET,
                per_subtask=True), 120)
            per_subtask.append(dt)

        steps_all, steps_warm, tokens_s, empty = [], [], [], 0
        for e, text in enumerate(episodes):
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
        "domain_id": domain, "server_ready_s": round(ready_s, 2),
        "first_recall_s": round(first_s, 2), "restart_to_first_recall_s": round(restart_s, 2),
        "instruction_mode": stats_ms(per_instruction) | {
            "mean_context_tokens": round(float(np.mean(tokens_i)), 1),
            "share_with_long_term_text": round(lt_tokens / len(instructions), 3)},
        "per_subtask_mode": stats_ms(per_subtask),
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
        "calls": CALLS, "episodes": EPISODES,
        "fill": "SQLite written with the core before start (ShortTermMemory + MemoryStore)",
        "sizes": {},
    }
    embedder = Embedder(intra_op_threads=1)
    sizes = [int(a) for a in sys.argv[1:]] or list(SIZES)
    for n in sizes:
        result["sizes"][str(n)] = run_size(n, pool, texts, rng, embedder)
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / "recall_dds_latency.json"
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
