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
* per-subtask mode (the planner's default): 100 of them with ``per_subtask`` (+ ", then
  tidy up": their steps were embedded by the instruction phase; RECALL_BENCH_PLANNER=1: 100
  texts not sent before, each with an episode id, as the planner sends an instruction);
* state-conditioned mode: 50 episodes x 4 steps with a brief state, every subgoal
  distinct; the first step of an episode builds its candidate pool (a full ranking);
* the floor: 100 /memory/get_units calls for one unknown id (DDS, both executors and
  (de)serialisation around a handler that does next to nothing).

Per server the JSON holds the server's own stage times (/memory/stats counters
``recall.wall_us.<kind>.<stage>``: lock wait, snapshot, the experience lines, the model,
the ranking, the context, the message conversion; kinds instruction, subtask, step_pool,
step), its GC pauses and heap counters, and the serialised response sizes.

Units are real AI2-THOR objects of the labelled set (drawn with replacement, ids made
unique) with colour crops, as in bench/recall_latency.py. One onnxruntime thread.

    .venv/bin/python bench/recall_dds_latency.py [sizes...] [--against DIR [--interleave]]
        # -> results/recall_dds_latency.json
    .venv/bin/python bench/recall_dds_latency.py 10000 --against DIR --restarts 5
        # -> results/recall_restart_dds.json (restart to first recall only, medians)

``--against DIR`` adds a third server, ``peer``: the unit index as DIR's code has it (a
checkout's ``memory_node/``, e.g. main's from ``git archive main memory_node``), started
on the same memory directory in the same run. Every server's record holds the load
average before and after its window.
"""

from __future__ import annotations

import json
import os
import platform
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from environment import environment

os.environ["ROS_AUTOMATIC_DISCOVERY_RANGE"] = "LOCALHOST"  # before rclpy loads

import numpy as np  # noqa: E402
import rclpy  # noqa: E402
from rclpy.executors import SingleThreadedExecutor  # noqa: E402
from rclpy.qos import DurabilityPolicy, QoSProfile, ReliabilityPolicy  # noqa: E402
from rclpy.serialization import deserialize_message, serialize_message  # noqa: E402
from recall_common import ROOT, load, save_result, scene_units  # noqa: E402
from std_msgs.msg import String  # noqa: E402

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
from memory_node.nodes.memory_server import message_fingerprint  # noqa: E402
from memory_node.nodes.qos import AHEAD_QOS  # noqa: E402
from memory_node.ros_domain import BENCH_DOMAINS_ENV, DomainPool  # noqa: E402
from memory_node.srv import GetUnits, Recall  # noqa: E402

SIZES = (100, 10_000)
SCORERS = ("loop", "vectorised")
SCENE_OBJECTS = 1000
EXECUTOR: dict = {}
# Fewer on a crowded machine: RECALL_BENCH_CALLS=60 (episodes = a quarter of it).
CALLS = int(os.environ.get("RECALL_BENCH_CALLS", "200"))
EPISODES = max(4, CALLS // 4)
K, BUDGET = 5, 600
ARGS = sys.argv[1:]
AGAINST = ""
# --interleave (with --against): this checkout's index server and the peer's run at the
# same time, requests alternated; --with-loop also runs the per-unit server first, alone.
INTERLEAVE = "--interleave" in ARGS
INTERLEAVE_WITH_LOOP = "loop" if "--with-loop" in ARGS else ""
# --restarts N (with --against): only restart to first recall, N rounds; in each round this
# checkout's server and the peer's start one after the other (order alternating), each on a
# fresh copy of the prepared memory and alone on the machine as far as this bench goes.
# RECALL_BENCH_COLD=1 (with --restarts, round 70): every odd round starts each server with
# the files the servers read out of the page cache (cold_paths: the memory's copy, the
# packages whose files a server of the round before had mapped, the interpreter's standard
# library, the code on PYTHONPATH, WordNet; posix_fadvise DONTNEED, after an fsync): a
# first start after boot, against the warm even rounds.
COLD = os.environ.get("RECALL_BENCH_COLD", "") == "1"
RESTARTS = 0
if "--restarts" in ARGS:
    i = ARGS.index("--restarts")
    RESTARTS = int(ARGS[i + 1])
    del ARGS[i:i + 2]
# --encoder NAME: this checkout's servers run recall.encoder NAME (round 16: "static").
# The memory holds MiniLM's vectors only (a store keeps one model's rows: opening it for
# another deletes the rest), as a server that ran with MiniLM left it: the peer starts warm
# and this checkout's servers show the first start after switching, every unit's text
# embedded by the new encoder.
ENCODER = ""
if "--encoder" in ARGS:
    i = ARGS.index("--encoder")
    ENCODER = ARGS[i + 1]
    del ARGS[i:i + 2]
# RECALL_BENCH_PREPARE_MODEL=PATH: the memory holds that .onnx model's unit vectors, as a
# server of that model left it (default: the packaged MiniLM's, as main's servers leave it).
# Round 28: recall serves the int8 copy by default, so this checkout's first start on a
# memory of the packaged model's vectors embeds every unit text again, once; with the int8
# copy's vectors stored, its restarts load them (--restarts N).
PREPARE_MODEL = os.environ.get("RECALL_BENCH_PREPARE_MODEL", "")
# RECALL_BENCH_TRACE=1: every timed request's (mode, start, round trip) in the JSON; with
# RECALL_BENCH_SPLIT=1 also every request's wall split, in request order (round 36: is the
# slowest request the same text in every run?).
TRACE = os.environ.get("RECALL_BENCH_TRACE", "") == "1"
# RECALL_BENCH_SPLIT=1 (round 33): every server and this client run with
# bench/dds_split_hooks.py's executor timestamps, and each timed request's wall is split
# into client send -> DDS -> the server's queue -> take -> handler -> response sent ->
# DDS -> the client's queue -> take -> returned ("wall_split" in each server's record).
SPLIT = os.environ.get("RECALL_BENCH_SPLIT", "") in ("1", "deep")
# RECALL_BENCH_SPLIT=deep (round 58): the hooks' deep records too (run-queue waits, garbage
# collections, model calls, the recall stages of each request: dds_split_hooks), and with
# RECALL_BENCH_SPLIT_RAW=DIR every server's raw records and this client's calls are copied to
# DIR/<out>_<scorer>_{server,client}.jsonl (bench/recall_tail_trace.py reads them).
SPLIT_DEEP = os.environ.get("RECALL_BENCH_SPLIT", "") == "deep"
SPLIT_RAW = os.environ.get("RECALL_BENCH_SPLIT_RAW", "")
SPLIT_FILE = "split_server.jsonl"
# RECALL_BENCH_PLANNER=1 (round 47): the per-subtask phase as the planner sends it
# (planner/core/loop.py: one per-subtask recall of the instruction when it arrives, with
# its episode id), texts the server has never seen, instead of an earlier instruction's
# text + ", then tidy up" (whose steps the instruction phase embedded already).
PLANNER = os.environ.get("RECALL_BENCH_PLANNER", "") == "1"
# Round 48: in PLANNER mode each per-subtask request is sent as the planner sends it now
# (planner/core/loop.py `_run`): the instruction's text on memory/recall_ahead when it
# arrives, then the planner's wait for a fresh view (`_perceived`), modelled as a fixed
# RECALL_BENCH_PERCEPTION_WAIT_S (default 0.2 s: the sim's camera gives ~5 frames a wall
# second, so a frame taken after the instruction is applied ~0.1-0.3 s later), then the
# request. Every server gets the text and the wait (a peer without the topic just has no
# reader); only the request's round trip is timed. RECALL_BENCH_AHEAD=0: no text sent,
# the wait kept (the same pacing without the prefetch).
AHEAD = PLANNER and os.environ.get("RECALL_BENCH_AHEAD", "1") != "0"
PERCEPTION_WAIT_S = float(os.environ.get("RECALL_BENCH_PERCEPTION_WAIT_S", "0.2"))
NICE = os.environ.get("RECALL_BENCH_NICE", "")
# RECALL_BENCH_PARAMS="name:=value ..." for every server, RECALL_BENCH_THIS_PARAMS for this
# checkout's only (round 19: capabilities:=[recall,experience] on both, executor:=events on
# this one). RECALL_BENCH_PEER_PARAMS (round 71): for the peer's only (a model file judged
# as the peer as well as first: both orientations with the same code).
PARAMS = os.environ.get("RECALL_BENCH_PARAMS", "").split()
THIS_PARAMS = os.environ.get("RECALL_BENCH_THIS_PARAMS", "").split()
PEER_PARAMS = os.environ.get("RECALL_BENCH_PEER_PARAMS", "").split()
# RECALL_BENCH_THIS_PYCACHE=DIR / RECALL_BENCH_PEER_PYCACHE=DIR (round 75): that side's
# servers run with PYTHONPYCACHEPREFIX=DIR, reading the bytecode there (what scripts/setup.sh's
# compile step leaves, when DIR holds it) and writing there where the shell lets them; each
# side's starts then see only their own install's bytecode, never the other's.
THIS_PYCACHE = os.environ.get("RECALL_BENCH_THIS_PYCACHE", "")
PEER_PYCACHE = os.environ.get("RECALL_BENCH_PEER_PYCACHE", "")
# RECALL_BENCH_DOMAINS=LOW-HIGH (or one id): the ROS domains servers may take (inclusive; a
# session given a range of its own on a shared machine). Unset: memory_node.ros_domain's
# 1-100 (before round 47 150-229, whose ports lie in Linux's ephemeral range). Each server
# a domain of its own that no live participant on this host holds (a bind probe).
DOMAIN_POOL = DomainPool.given(os.environ.get(BENCH_DOMAINS_ENV))
ARGS = [a for a in ARGS if a not in ("--interleave", "--with-loop")]
if "--against" in ARGS:
    i = ARGS.index("--against")
    AGAINST = str(Path(ARGS[i + 1]).resolve())
    del ARGS[i:i + 2]
    # DIR goes on the peer's PYTHONPATH, so it must hold the package: given the package
    # directory itself, `import memory_node` found this checkout's installed copy and both
    # servers ran the same code (the lead's round 22 and 23 "against the last round" runs).
    if not (Path(AGAINST) / "memory_node" / "__init__.py").is_file():
        sys.exit(f"--against {AGAINST}: no memory_node/__init__.py there; pass the directory "
                 "that holds memory_node/ (where `git archive main memory_node` was extracted)")


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
    recaller = Recaller(embedder, Describer(colour_store=CropColourStore(store)),
                        terms_db=store)
    contents = {recaller.entry(u, {}, None).description.content for u in units}
    # And the types' WordNet names (migration 6), as a server that answered once stores.
    recaller.prefetch_terms(recaller.index.type_names)
    recaller.describer.flush_colours()
    texts = sorted(contents)
    vectors = embedder.embed(texts)
    EmbeddingStore(store, embedder.model_id, embedder.dim).save(
        [(text_hash(t), v) for t, v in zip(texts, vectors, strict=True)])
    store.close()


def downgrade_for_peer(db: Path) -> None:
    """The peer's code refuses a database newer than it knows (it would misread it): drop
    the tables of this checkout's later migrations, all derived rows (label_terms), from
    the peer's copy, so it starts from what a memory of its own version holds."""
    import sqlite3

    from memory_node.core.persistence.migrations import MIGRATIONS
    known = int(subprocess.run(
        [sys.executable, "-c", "from memory_node.core.persistence.migrations import "
         "MIGRATIONS; print(MIGRATIONS[-1].version)"],
        env=os.environ | {"PYTHONPATH": AGAINST}, cwd=db.parent, check=True,
        capture_output=True, text=True).stdout)
    conn = sqlite3.connect(db)
    with conn:
        for m in MIGRATIONS:
            if m.version > known:
                for table in re.findall(r"CREATE TABLE (\w+)", m.sql):
                    conn.execute(f"DROP TABLE IF EXISTS {table}")
        conn.execute("DELETE FROM schema_version WHERE version > ?", (known,))
    conn.close()


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


def prepare_bench_memory(memory_dir: Path, n: int, pool: list, rng: random.Random,
                         embedder: Embedder) -> str:
    """This bench's memory in `memory_dir`: `n` units drawn from `pool` (each under its own
    id) and the scene graph (`prepare_scene_graph`, whose answer is returned)."""
    units = [replace(rng.choice(pool), object_id=f"u{i}") for i in range(n)]
    prepare(memory_dir, units, embedder)
    return prepare_scene_graph(memory_dir, n, sorted({u.label for u in pool}), rng)


# RECALL_BENCH_SPLIT: per client node, each request's response as the client took it
# (dds_split_hooks' record) with the call's start and return (CLOCK_REALTIME ns).
SPLIT_CALLS: dict[str, list[dict]] = {}


def call(node, client, request, timeout: float) -> tuple[Recall.Response, float]:
    t, t_ns = time.perf_counter(), time.time_ns()
    if SPLIT_DEEP:
        import dds_split_hooks
        rq0 = dds_split_hooks._run_delay_ns()
    future = client.call_async(request)
    rclpy.spin_until_future_complete(node, future, executor=EXECUTOR.get(node),
                                     timeout_sec=timeout)
    elapsed = time.perf_counter() - t
    if SPLIT and future.done():
        import dds_split_hooks
        taken = dds_split_hooks.LAST_RESPONSE.get(id(client))
        if taken is not None:
            SPLIT_CALLS.setdefault(node.get_name(), []).append(
                taken | {"mode": "", "call0": t_ns, "call1": time.time_ns()}
                | ({"call_rq": dds_split_hooks._run_delay_ns() - rq0} if SPLIT_DEEP else {}))
    if not future.done():
        raise RuntimeError(f"no response in {timeout} s")
    response = future.result()
    if not response.success:
        raise RuntimeError(response.message)
    return response, elapsed


def planner_subtask_texts(texts: list[str], sent: list[str], n: int) -> list[str]:
    """`n` of `texts` not in `sent`, in an order of their own (a seed apart from the bench's
    draws, which stay as they were): instructions arriving at the server for the first time,
    as each of the planner's per-subtask recalls does."""
    unsent = sorted(set(texts) - set(sent))
    random.Random(47).shuffle(unsent)
    if len(unsent) < n:
        raise ValueError(f"{len(unsent)} unsent texts for {n} planner requests")
    return unsent[:n]


def run_size(n: int, pool: list, texts: list[str], rng: random.Random,
             embedder: Embedder) -> dict:
    out: dict = {"units": n}
    with tempfile.TemporaryDirectory(prefix="recall_dds_") as tmp:
        memory_dir = Path(tmp) / "memory"
        memory_dir.mkdir()
        t = time.perf_counter()
        out["scene_graph"] = prepare_bench_memory(memory_dir, n, pool, rng, embedder)
        out["prepare_sqlite_s"] = round(time.perf_counter() - t, 2)
        if RESTARTS:
            out["restarts"] = restart_rounds(n, memory_dir, Path(tmp))
            return out
        # Distinct texts, so at most as many as the labelled set has (498: a request for
        # 500 failed in round 29); the JSON's "calls" says how many were asked.
        instructions = rng.sample(texts, min(CALLS, len(texts)))
        episodes = rng.sample(texts, EPISODES)
        if PLANNER:
            # As many texts kept unsent for the planner's requests as the default mode
            # sends per-subtask requests (at 500 calls: 249 instructions, 249 new texts).
            instructions = instructions[:min(len(instructions), len(texts) - CALLS // 2)]
            subtasks = [(t, f"pl{i}") for i, t in enumerate(
                planner_subtask_texts(texts, instructions, min(CALLS, len(texts)) // 2))]
        else:
            subtasks = [(f"{t}, then tidy up", "")
                        for t in instructions[:len(instructions) // 2]]
        scorers = SCORERS + (("peer",) if AGAINST else ())
        if INTERLEAVE:
            # Both index servers at once, each on its own copy of the memory, requests
            # alternated between them: the load of the shared machine falls on both alike.
            groups: list[tuple[str, ...]] = [("vectorised", "peer")]
            if "loop" in INTERLEAVE_WITH_LOOP:
                groups.insert(0, ("loop",))
        else:
            groups = [(sc,) for sc in scorers]
        for group in groups:
            dirs = []
            for scorer in group:
                d = Path(tmp) / f"memory_{scorer}"
                shutil.copytree(memory_dir, d)
                if scorer == "peer":
                    downgrade_for_peer(d / "memory.sqlite")
                dirs.append(d)
            print(f"[bench] {n} units, {' + '.join(group)} ...", flush=True)
            results = run_servers(n, dirs, group, instructions, episodes, subtasks)
            for scorer, r in zip(group, results, strict=True):
                out[scorer] = r | {"interleaved_with": [g for g in group if g != scorer]}
                print(json.dumps(out[scorer], indent=1), flush=True)
    return out


def _package_dir(path: str) -> str:
    """A mapped file's package directory (site-packages/<top>), else the file itself."""
    head, sep, tail = path.partition("site-packages/")
    return head + sep + tail.split("/", 1)[0] if sep else path


def cold_paths(mapped: set[str], memory_dir: Path) -> list[str]:
    """What a server's start reads from disk: see COLD."""
    import sysconfig
    code = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return sorted({_package_dir(p) for p in mapped} | {sysconfig.get_paths()["stdlib"]}
                  | {str(Path(p) / "memory_node") for p in code + ([AGAINST] if AGAINST else [])}
                  | {"/usr/share/wordnet", str(memory_dir)})


def evict_page_cache(paths: list[str]) -> dict:
    """Every regular file under `paths` written back and dropped from the page cache."""
    files = size = 0
    for root in paths:
        walk = [(root, [], [""])] if os.path.isfile(root) else os.walk(root)
        for d, _, names in walk:
            for name in names:
                f = os.path.join(d, name) if name else d
                try:
                    fd = os.open(f, os.O_RDONLY)
                except OSError:
                    continue
                try:
                    os.fsync(fd)
                    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
                    files += 1
                    size += os.fstat(fd).st_size
                except OSError:
                    pass
                finally:
                    os.close(fd)
    return {"files": files, "mb": round(size / 1e6, 1)}


def _mapped_files(pid: int) -> set[str]:
    try:
        with open(f"/proc/{pid}/maps", encoding="utf-8", errors="replace") as fh:
            return {line.split(None, 5)[5].strip() for line in fh
                    if len(line.split(None, 5)) == 6 and line.split(None, 5)[5].startswith("/")}
    except OSError:
        return set()


def restart_rounds(n: int, memory_dir: Path, tmp: Path) -> dict:
    scorers = ("vectorised", "peer") if AGAINST else ("vectorised",)
    rounds: dict[str, list[dict]] = {sc: [] for sc in scorers}
    mapped: set[str] = set()
    for r in range(RESTARTS):
        for scorer in (scorers if r % 2 == 0 else scorers[::-1]):
            d = tmp / f"restart_{scorer}_{r}"
            shutil.copytree(memory_dir, d)
            if scorer == "peer":
                downgrade_for_peer(d / "memory.sqlite")
            cold = COLD and r % 2 == 1 and bool(mapped)
            evicted = evict_page_cache(cold_paths(mapped, d)) if cold else {}
            s = Server(n, d, scorer)
            try:
                while not s.poll_ready():
                    pass
                cpu_ready = s.process_cpu_s()
                sent = time.perf_counter()
                s.call(Recall.Request(instruction="bring me the mug from the kitchen", k=K,
                                      token_budget=BUDGET), timeout=1800)
                now = time.perf_counter()
                s.first_s, s.restart_s = now - sent, now - s.started
                s.mark_start("first_recall")
                # The server's CPU (all its threads, from /proc: either code), read once
                # the client saw the service and once the first answer came: on a loaded
                # machine the walls are the scheduler's, the CPU is the start's own.
                cpu_first = s.process_cpu_s()
                mapped |= _mapped_files(s.process.pid)
                startup = {k: v for k, v in s.server_stages().items()
                           if k.startswith("startup.")}
            finally:
                head = s.stop()
            head |= {"cold": cold, "evicted": evicted, "server_cpu_s_at_ready": cpu_ready,
                     "server_cpu_s_at_first_recall": cpu_first,
                     "server_startup_counters": startup}
            rounds[scorer].append(head)
            print(scorer, r, "cold" if cold else "warm", head["server_ready_s"],
                  head["first_recall_s"], head["restart_to_first_recall_s"], flush=True)
            shutil.rmtree(d, ignore_errors=True)
    out: dict = {"rounds": RESTARTS, "cold_odd_rounds": COLD}
    for sc, heads in rounds.items():
        out[sc] = {"code": heads[0]["code"], "median": {
            k: round(float(np.median([h[k] for h in heads])), 2)
            for k in ("server_ready_s", "first_recall_s", "restart_to_first_recall_s",
                      "server_cpu_s_at_ready", "server_cpu_s_at_first_recall")},
            "each": heads}
        if COLD:
            for temp in ("cold", "warm"):
                sel = [h for h in heads if h["cold"] == (temp == "cold")]
                if sel:
                    out[sc][f"median_{temp}"] = {
                        k: round(float(np.median([h[k] for h in sel])), 2)
                        for k in ("server_ready_s", "first_recall_s",
                                  "restart_to_first_recall_s", "server_cpu_s_at_first_recall")}
    if AGAINST:
        out["ratio_restart_this_over_peer"] = round(
            out["vectorised"]["median"]["restart_to_first_recall_s"]
            / out["peer"]["median"]["restart_to_first_recall_s"], 3)
        out["ratio_server_cpu_to_first_recall_this_over_peer"] = round(
            out["vectorised"]["median"]["server_cpu_s_at_first_recall"]
            / out["peer"]["median"]["server_cpu_s_at_first_recall"], 3)
    return out


class Server:
    """One memory_server process and this process's client of it (own domain)."""

    def __init__(self, n: int, memory_dir: Path, scorer: str) -> None:
        # A domain of its own per server: a server left over from a previous run, another
        # engineer's or a test's must not be the one answering.
        self.scorer, self.memory_dir, self.n = scorer, memory_dir, n
        self.domain = DOMAIN_POOL.take()
        env = os.environ | {"ROS_DOMAIN_ID": str(self.domain)}
        # Absolute: the server runs in memory_dir, where a relative entry (PYTHONPATH=.,
        # as the in-process benches are run) names nothing and the venv's copy of main's
        # code answers as "this checkout" (round 30's first two A/B runs were main vs main).
        env["PYTHONPATH"] = os.pathsep.join(
            str(Path(p).resolve()) for p in env.get("PYTHONPATH", "").split(os.pathsep) if p)
        if scorer == "peer":  # another checkout's code first on the path (types stay)
            env["PYTHONPATH"] = os.pathsep.join(
                p for p in (AGAINST, env.get("PYTHONPATH", "")) if p)
        pycache = PEER_PYCACHE if scorer == "peer" else THIS_PYCACHE
        if pycache:
            env["PYTHONPYCACHEPREFIX"] = pycache
        self.context = rclpy.Context()
        rclpy.init(context=self.context, domain_id=self.domain)
        self.node_name = f"recall_dds_latency_{n}_{scorer}"
        self.node = rclpy.create_node(self.node_name, context=self.context)
        EXECUTOR[self.node] = SingleThreadedExecutor(context=self.context)
        EXECUTOR[self.node].add_node(self.node)
        self.log_path = memory_dir / f"server_{scorer}.log"
        self.log = open(self.log_path, "wb")
        self.load_before = os.getloadavg()
        self.started = time.perf_counter()
        # RECALL_BENCH_NICE=N (root, diagnostic): this checkout's servers start under
        # `nice -n N`, every thread of theirs at that priority; a negative N tells how much
        # of the tail is waiting for a core that other processes hold.
        nice = (["nice", "-n", NICE] if NICE and scorer != "peer" else [])
        start = ["-m", "memory_node.nodes.memory_server"]
        if SPLIT:  # the same server, its executor timestamped (either code: rclpy's level)
            env["PYTHONPATH"] += os.pathsep + str(ROOT / "bench")
            start = ["-c", "import sys, dds_split_hooks; dds_split_hooks.install("
                     f"{str(memory_dir / SPLIT_FILE)!r}, deep={SPLIT_DEEP}); "
                     "from memory_node.nodes."
                     "memory_server import main; sys.exit(main())"]
        self.process = subprocess.Popen(
            [*nice, sys.executable, *start, "--ros-args",
             "--params-file", str(ROOT / "config" / "memory.yaml"),
             "-p", f"memory_dir:={memory_dir}", "-p", f"short_term.capacity:={n}",
             "-p", f"recall.vectorised:={'false' if scorer == 'loop' else 'true'}",
             # prefetch off: the first recall below loads everything
             "-p", "recall.prefetch_batch:=0",
             *(["-p", f"recall.encoder:={ENCODER}"] if ENCODER and scorer != "peer" else []),
             *(a for p in PARAMS + (THIS_PARAMS if scorer != "peer" else PEER_PARAMS)
               for a in ("-p", p))],
            # cwd: `python -m` puts it first on sys.path, ahead of PYTHONPATH; run from
            # the repository, the peer would import this checkout's code.
            stdout=self.log, stderr=subprocess.STDOUT, env=env, cwd=memory_dir)
        self.client = self.node.create_client(Recall, "/memory/recall")
        self.ahead_pub = self.node.create_publisher(String, "/memory/recall_ahead", AHEAD_QOS)
        # The floor of a round trip through this server: DDS both ways, both executors and
        # (de)serialisation, with a handler that does next to nothing (one unknown id).
        self.floor_client = self.node.create_client(GetUnits, "/memory/get_units")
        self.ready_s = self.first_s = self.restart_s = 0.0
        # Round 70: where the start's wall goes (the server's threads' CPU, their waits for
        # a core, page faults that read the disk, bytes read from it; the machine's CPU and
        # I/O pressure), read at start, at ready and at the first answer (start_split).
        self._threads: dict[str, tuple[int, int]] = {}
        self.start_marks: dict[str, dict] = {"start": _machine_pressure()}

    def sample_threads(self) -> None:
        """Each live thread's CPU and run-queue wait so far (/proc/PID/task/*/schedstat),
        kept per thread id: a thread that ends (the preload, a warm-up) keeps its last
        reading; sampled while the client waits (every poll), so one that lived less than
        a poll is missed."""
        try:
            tasks = os.listdir(f"/proc/{self.process.pid}/task")
        except OSError:
            return
        for tid in tasks:
            try:
                with open(f"/proc/{self.process.pid}/task/{tid}/schedstat", encoding="ascii") as fh:
                    on_cpu, waited = fh.read().split()[:2]
            except (OSError, ValueError):
                continue
            self._threads[tid] = (int(on_cpu), int(waited))

    def mark_start(self, name: str) -> None:
        """The start's split so far, as `name` (ready, first_recall)."""
        self.sample_threads()
        pid = self.process.pid
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{pid}/io", encoding="ascii") as fh:
                io = dict(line.split(": ") for line in fh.read().splitlines())
        except OSError:
            return
        tick = os.sysconf("SC_CLK_TCK")
        main_cpu, main_wait = self._threads.get(str(pid), (0, 0))
        self.start_marks[name] = {
            "wall_s": round(time.perf_counter() - self.started, 3),
            "cpu_s": round((int(fields[11]) + int(fields[12])) / tick, 3),
            # The main thread's wall = its CPU + its run-queue wait + the rest (blocked).
            "main_thread_cpu_s": round(main_cpu / 1e9, 3),
            "main_thread_run_queue_wait_s": round(main_wait / 1e9, 3),
            "threads_run_queue_wait_s": round(sum(w for _, w in self._threads.values()) / 1e9, 3),
            "threads_seen": len(self._threads),
            "major_faults": int(fields[9]), "disk_read_mb": round(int(io["read_bytes"]) / 1e6, 2),
            "io_read_syscalls": int(io["syscr"])} | _machine_pressure()

    def poll_ready(self) -> bool:
        if self.ready_s:
            return True
        if self.process.poll() is not None:
            raise RuntimeError(self.log_path.read_text()[-2000:])
        self.sample_threads()
        if self.client.wait_for_service(timeout_sec=0.1):
            self.ready_s = time.perf_counter() - self.started
            self.mark_start("ready")
            return True
        return False

    def process_cpu_s(self) -> float:
        """The server process's CPU so far (user + system, all threads; /proc, Linux)."""
        with open(f"/proc/{self.process.pid}/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return round((int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"), 2)

    def _listen_stats(self) -> None:
        self.stats = stats = []
        latched = QoSProfile(depth=1, durability=DurabilityPolicy.TRANSIENT_LOCAL,
                             reliability=ReliabilityPolicy.RELIABLE)
        self.stats_sub = self.node.create_subscription(MemoryStats, "/memory/stats",
                                                       stats.append, latched)

    def check_units(self) -> None:
        self._listen_stats()
        deadline = time.monotonic() + 60
        stats = self.stats
        while not stats or stats[-1].short_term_size != self.n:
            if time.monotonic() > deadline:
                raise RuntimeError(f"the answering server does not hold {self.n} units: "
                                   f"{stats[-1].short_term_size if stats else 'no stats'}")
            EXECUTOR[self.node].spin_once(timeout_sec=0.2)
        # Not listened to while requests are timed (round 18): the server publishes its
        # stats every second, and this client turning that message (hundreds of counters)
        # into Python inside a timed round trip is this bench's cost, not the memory's.
        raw = serialize_message(stats[-1])
        t = time.perf_counter()
        deserialize_message(raw, MemoryStats)
        self.stats_message = {"bytes": len(raw), "counters": len(stats[-1].counters),
                              "deserialise_ms": round((time.perf_counter() - t) * 1000, 3)}
        self.node.destroy_subscription(self.stats_sub)

    def call(self, request: Recall.Request, timeout: float = 120
             ) -> tuple[Recall.Response, float]:
        return call(self.node, self.client, request, timeout)

    def server_stages(self) -> dict[str, float]:
        """The server's own per-request stage times (/memory/stats counters "recall.*",
        and its GC pauses), from a stats message published after the last request; {} for
        a server whose code has none (a peer from before them)."""
        # Subscribed again: the latched message may predate the last request, the next
        # one (a period later) does not.
        self._listen_stats()
        deadline = time.monotonic() + 10
        while len(self.stats) < 2 and time.monotonic() < deadline:
            EXECUTOR[self.node].spin_once(timeout_sec=0.2)
        if not self.stats:
            return {}
        return {kv.key: float(kv.value) for kv in self.stats[-1].counters
                if kv.key.startswith(("recall.", "heap.", "startup.", "service.wall_us.get_units",
                                      "service.wall_us.stats", "service.cpu_us.stats"))
                or ".gc.gen" in kv.key}

    def stop(self) -> dict:
        end_server(self)
        # What the server says about its start-up (model load), for the breakdown.
        said = [line.split("]: ", 1)[-1] for line in
                self.log_path.read_text(errors="replace").splitlines()
                if "ready in" in line or "code from" in line or "indexed in" in line][:4]
        return {"server_log": said, "domain_id": self.domain,
                "code": AGAINST if self.scorer == "peer" else "this checkout",
                "loadavg_1_5_15_before_after": [list(self.load_before),
                                                list(os.getloadavg())],
                "server_ready_s": round(self.ready_s, 2),
                "first_recall_s": round(self.first_s, 2),
                "restart_to_first_recall_s": round(self.restart_s, 2),
                "start_split": start_split(self)}



def _machine_pressure() -> dict:
    """The machine's CPU and I/O pressure totals so far (/proc/pressure, microseconds in
    which some runnable task waited for a core / for I/O); {} without PSI."""
    out = {}
    for what in ("cpu", "io"):
        try:
            with open(f"/proc/pressure/{what}", encoding="ascii") as fh:
                some = fh.readline().split()
        except OSError:
            continue
        out[f"machine_{what}_some_total_s"] = round(int(some[-1].split("=")[1]) / 1e6, 3)
    return out


def start_split(server: Any) -> dict:
    """The start's marks (start_marks) as they were taken, and the steps between them:
    the wall, the server's CPU, its threads' waits for a core (summed over threads), the
    main thread's CPU, wait for a core and the rest of its wall (blocked: the disk, a lock,
    a sleep, DDS discovery), major faults, disk reads, the machine's pressure."""
    marks = server.start_marks
    out: dict = {"marks": marks}
    prev, prev_name = {"wall_s": 0.0, "cpu_s": 0.0, "threads_run_queue_wait_s": 0.0,
                       "main_thread_cpu_s": 0.0, "main_thread_run_queue_wait_s": 0.0,
                       "major_faults": 0, "disk_read_mb": 0.0} | marks["start"], "start"
    for name in ("ready", "first_recall"):
        if name not in marks:
            continue
        m = marks[name]
        step = {k: round(m[k] - prev[k], 3) for k in m
                if k in prev and isinstance(m[k], (int, float)) and k != "threads_seen"}
        step["main_thread_blocked_s"] = round(
            step["wall_s"] - step.get("main_thread_cpu_s", 0.0)
            - step.get("main_thread_run_queue_wait_s", 0.0), 3)
        out[f"{prev_name}_to_{name}"] = step
        prev, prev_name = m, name
    return out


def end_server(server: Any) -> None:
    """Stop a bench server's process (SIGINT, killed after 20 s) and this process's client of
    it, and free its domain (the floors of recall_dds_floor.py end the same way)."""
    server.process.send_signal(2)
    try:
        server.process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.process.kill()
    server.log.close()
    server.node.destroy_node()
    rclpy.try_shutdown(context=server.context)
    DOMAIN_POOL.release(server.domain)

def run_servers(n: int, dirs: list[Path], scorers: tuple[str, ...], instructions: list[str],
                episodes: list[str],
                subtasks: list[tuple[str, str]]) -> list[dict]:
    """Start the servers together, then send every request to each, alternating which
    goes first; with one server this is the plain sequential benchmark. `subtasks`: the
    per-subtask phase's (text, episode id) pairs."""
    servers = [Server(n, d, sc) for d, sc in zip(dirs, scorers, strict=True)]
    try:
        while not all(s.poll_ready() for s in servers):
            pass
        # First recalls in flight together (each timed to its own answer).
        pending = []
        for s in servers:
            fut = s.client.call_async(Recall.Request(
                instruction="bring me the mug from the kitchen", k=K, token_budget=BUDGET))
            pending.append((s, fut, time.perf_counter()))
        deadline = time.monotonic() + 1800
        while pending:
            if time.monotonic() > deadline:
                raise RuntimeError("no first recall in 1800 s")
            for item in list(pending):
                s, fut, sent = item
                EXECUTOR[s.node].spin_once(timeout_sec=0.01)
                if fut.done():
                    now = time.perf_counter()
                    if not fut.result().success:
                        raise RuntimeError(fut.result().message)
                    s.first_s, s.restart_s = now - sent, now - s.started
                    s.mark_start("first_recall")
                    pending.remove(item)
                else:
                    s.sample_threads()
        for s in servers:
            s.check_units()
        acc = {s.scorer: {"inst": [], "tok": [], "lt": 0, "sub": [], "all": [], "warm": [],
                          "tok_s": [], "empty": 0, "bytes": {}, "deser": [], "floor": [],
                          "pool": [], "trace": [], "answers": []}
               for s in servers}

        def traced(s: Server, mode: str, dt: float, text: str = "") -> None:
            # When each request ran (this host's monotonic clock, the one time.perf_counter
            # reads in every process here), so the slowest can be matched with what the
            # server did then (RECALL_BENCH_TRACE=1 keeps them in the JSON); with
            # RECALL_BENCH_SPLIT, the request's text in its record (round 66: which texts
            # are the tail, bench/recall_instruction_tail_r63.py --stages).
            acc[s.scorer]["trace"].append((mode, time.perf_counter() - dt, dt))
            if SPLIT and SPLIT_CALLS.get(s.node_name):
                SPLIT_CALLS[s.node_name][-1] |= {"mode": mode, "text": text}

        def size(s: Server, mode: str, r: Recall.Response) -> None:
            # What DDS carries back (serialised CDR) and what turning it back into Python
            # costs this client; outside the timed round trip, measured on the same bytes.
            raw = serialize_message(r)
            t = time.perf_counter()
            deserialize_message(raw, Recall.Response)
            a = acc[s.scorer]
            a["deser"].append(time.perf_counter() - t)
            a["bytes"].setdefault(mode, []).append(len(raw))
            # Round 54: what was answered, by field values (not CDR bytes: padding varies),
            # so that two servers given the same requests can be compared answer by answer.
            a["answers"].append(message_fingerprint(r))

        def each(i: int):  # alternate which server goes first
            return servers if i % 2 == 0 else servers[::-1]

        # Round 43: each server's process CPU (all threads, /proc) over each timed phase, per
        # request: what a kind costs the server around and inside its handler (the executor's
        # rounds, the service events, DDS's threads), in CPU, which a loaded machine inflates
        # far less than the walls.
        phase_cpu: dict[str, dict[str, float]] = {s.scorer: {} for s in servers}

        def phase(name: str) -> None:
            for s in servers:
                phase_cpu[s.scorer][name] = s.process_cpu_s()

        phase("instruction")
        for i, text in enumerate(instructions):
            for s in each(i):
                r, dt = s.call(Recall.Request(instruction=text, k=K, token_budget=BUDGET))
                a = acc[s.scorer]
                a["inst"].append(dt)
                traced(s, "instruction", dt, text)
                size(s, "instruction", r)
                a["tok"].append(r.context_tokens)
                a["lt"] += bool(r.long_term_text)
        phase("per_subtask")
        # Distinct texts again (a suffix), so no instruction vector is cached server-side
        # (but their steps are: the instruction phase prefetched them); with PLANNER, texts
        # new to the server, each with an episode id, as the planner sends them.
        for i, (text, episode_id) in enumerate(subtasks):
            for s in each(i):
                if PLANNER:
                    if AHEAD:
                        s.ahead_pub.publish(String(data=text))
                    time.sleep(PERCEPTION_WAIT_S)  # the planner's wait for the view
                r, dt = s.call(Recall.Request(instruction=text, k=K, token_budget=BUDGET,
                                              per_subtask=True, episode_id=episode_id))
                acc[s.scorer]["sub"].append(dt)
                traced(s, "per_subtask", dt, text)
                size(s, "per_subtask", r)
        phase("steps")
        for e, text in enumerate(episodes):
            subgoals = [f"go to the place for: {text}", f"pick up what is needed to {text}",
                        f"carry it, to {text}", f"place it down, to {text}"]
            for st, subgoal in enumerate(subgoals):
                brief = BriefState(current_subgoal=subgoal[:500], robot_area="kitchen")
                for s in each(e * 4 + st):
                    r, dt = s.call(Recall.Request(
                        instruction=text, k=3, token_budget=BUDGET, episode_id=f"ep{e}",
                        use_brief_state=True, brief_state=brief))
                    a = acc[s.scorer]
                    a["all"].append(dt)
                    traced(s, "step" if st > 0 else "step_pool", dt)
                    if st > 0:
                        a["warm"].append(dt)
                    else:
                        a["pool"].append(dt)
                    a["tok_s"].append(r.context_tokens)
                    a["empty"] += r.nothing_relevant
                    size(s, "step", r)
        # The server's process CPU (all threads, /proc) over the floor calls: what a
        # request costs the server around a handler that does next to nothing (executor,
        # DDS, the service events), and the stats timer's ticks meanwhile.
        phase("end")
        floor_cpu = {s.scorer: s.process_cpu_s() for s in servers}
        floor_wall = time.perf_counter()
        for i in range(len(instructions) // 2):
            for s in each(i):
                t = time.perf_counter()
                future = s.floor_client.call_async(GetUnits.Request(object_ids=["u_absent"]))
                rclpy.spin_until_future_complete(s.node, future, executor=EXECUTOR[s.node],
                                                 timeout_sec=60)
                acc[s.scorer]["floor"].append(time.perf_counter() - t)
        floor_wall = time.perf_counter() - floor_wall
        for s in servers:
            floor_cpu[s.scorer] = s.process_cpu_s() - floor_cpu[s.scorer]
        stages = {s.scorer: s.server_stages() for s in servers}
    finally:
        heads = [s.stop() for s in servers]
    out = []
    for s, head in zip(servers, heads, strict=True):
        a = acc[s.scorer]
        out.append(head | {
            "instruction_mode": stats_ms(a["inst"]) | {
                "mean_context_tokens": round(float(np.mean(a["tok"])), 1),
                "share_with_long_term_text": round(a["lt"] / len(instructions), 3)},
            "per_subtask_mode": stats_ms(a["sub"]),
            "state_conditioned_mode": {
                "all_steps": stats_ms(a["all"]), "steps_with_warm_pool": stats_ms(a["warm"]),
                "steps_building_the_pool": stats_ms(a["pool"]),
                "mean_context_tokens": round(float(np.mean(a["tok_s"])), 1),
                "nothing_relevant_share": round(a["empty"] / len(a["all"]), 3)},
            "response_bytes": {m: {"p50": int(np.median(v)), "max": int(max(v))}
                               for m, v in a["bytes"].items()},
            "client_deserialise": stats_ms(a["deser"]),
            "answers": len(a["answers"]),
            "answers_differing_from_first_server": sum(
                x != y for x, y in zip(a["answers"], acc[servers[0].scorer]["answers"],
                                       strict=True)),
            "get_units_round_trip_floor": stats_ms(a["floor"]),
            "floor_server_cpu_ms_per_call": round(floor_cpu[s.scorer] * 1000
                                                  / max(1, len(a["floor"])), 3),
            "floor_loop_wall_s": round(floor_wall, 2),
            "server_cpu_ms_per_request": {
                kind: round((phase_cpu[s.scorer][end] - phase_cpu[s.scorer][kind]) * 1000
                            / max(1, n), 3)
                for kind, end, n in (("instruction", "per_subtask", len(a["inst"])),
                                     ("per_subtask", "steps", len(a["sub"])),
                                     ("steps", "end", len(a["all"])))},
            "stats_message": s.stats_message,
            "server_stages_us": stages.get(s.scorer, {}),
            "server_pid": s.process.pid}
            | ({"requests_mode_start_s_wall_s": [(m, round(t0, 6), round(dt, 6))
                                                 for m, t0, dt in a["trace"]]}
               if TRACE else {})
            | ({"split_raw": copy_split_raw(s)} if SPLIT_RAW else {})
            | ({"wall_split": wall_split(s.memory_dir / SPLIT_FILE,
                                         SPLIT_CALLS.get(s.node_name, []))}
               if SPLIT else {}))
    return out


def copy_split_raw(s: Server) -> str:
    """RECALL_BENCH_SPLIT_RAW: this server's records and this client's calls to it, kept."""
    out = os.environ.get("RECALL_BENCH_OUT", "recall_dds_latency")
    stem = Path(SPLIT_RAW) / f"{out}_{s.scorer}"
    stem.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(s.memory_dir / SPLIT_FILE, f"{stem}_server.jsonl")
    Path(f"{stem}_client.jsonl").write_text("".join(
        json.dumps(c) + "\n" for c in SPLIT_CALLS.get(s.node_name, [])))
    return str(stem)


# The segments of a request's wall (RECALL_BENCH_SPLIT), each (name, from, to) over the
# joined record: "c." the client's record (dds_split_hooks), "s." the server's.
SEGMENTS = (
    ("client_send", "c.call0", "s.src"),        # request to C, rcl's send
    ("dds_request", "s.src", "s.rcv"),          # the client's writer to the server's reader
    ("server_queue", "s.rcv", "s.take0"),       # until the executor takes it
    ("server_take", "s.take0", "s.take1"),      # rcl's take, the request to Python
    ("server_dispatch", "s.take1", "s.cb0"),    # the executor's task around the callback
    ("handler", "s.cb0", "s.cb1"),              # the service's callback
    ("server_send", "s.cb1", "s.sent"),         # the response to C, rcl's send
    ("dds_response", "c.src", "c.rcv"),         # the server's writer to the client's reader
    ("client_queue", "c.rcv", "c.take0"),       # until the client's executor takes it
    ("client_take", "c.take0", "c.take1"),      # rcl's take, the response to Python
    ("client_return", "c.take1", "c.call1"),    # the future set, spin returns
)


def _pcts_ms(xs: list[float]) -> dict:
    return ({q: round(float(np.percentile(xs, int(q[1:]))), 3) for q in ("p50", "p90", "p99")}
            if xs else {})


def wall_split(server_file: Path, calls: list[dict]) -> dict:
    """Per mode, each segment's p50 / p99 / mean (ms) over the requests, the handler's
    thread CPU, and where the slowest 1 % (by the client's wall) spent theirs; what else
    the server's executor ran inside each request's queue wait, and the CPU its other
    Python threads took between the previous request's callback and this one's."""
    try:
        lines = server_file.read_text().splitlines()
    except FileNotFoundError:
        return {"error": f"{server_file} absent"}
    records = [json.loads(x) for x in lines if x.strip()]
    served = {(r["name"].lstrip("/"), r["seq"]): r for r in records if r["k"] == "srv"}
    others = sorted((r for r in records if r["k"] in ("timer", "sub")), key=lambda r: r["t0"])
    by_mode: dict[str, list[dict]] = {}
    previous: dict | None = None
    for c in calls:
        srv = served.get((c["name"].lstrip("/"), c["seq"]))
        if srv is None:
            continue
        joined = {f"c.{k}": v for k, v in c.items()} | {f"s.{k}": v for k, v in srv.items()}
        row = {name: (joined[b] - joined[a]) / 1e6 for name, a, b in SEGMENTS}
        row["total"] = (c["call1"] - c["call0"]) / 1e6
        row["handler_cpu"] = srv["cpu"] / 1e6
        row["handler_waited"] = row["handler"] - row["handler_cpu"]
        row["server_take_cpu"] = (srv["ct1"] - srv["ct0"]) / 1e6
        row["server_send_cpu"] = (srv["csent"] - srv["c1"]) / 1e6
        # The executor busy with another callback while this request waited to be taken.
        busy: dict[str, float] = {}
        for o in others:
            overlap = min(o["t1"], srv["take0"]) - max(o["t0"], srv["rcv"])
            if overlap > 0:
                busy[o["name"]] = busy.get(o["name"], 0.0) + overlap / 1e6
        row["queue_busy"] = busy
        if previous is not None:
            # The executor thread's CPU from the previous timed request's send to this
            # one's take, less the other callbacks it ran meanwhile (their own execute
            # only): its wait sets, takes and dispatch around them (every served request
            # in between, e.g. a floor call, is counted here too: none in the timed modes).
            between = [o for o in others if previous["sent"] <= o["t0"] < srv["take0"]]
            row["executor_cpu_between"] = (srv["ct0"] - previous["csent"]
                                           - sum(o["cpu"] for o in between)) / 1e6
            row["callbacks_between"] = len(between)
            row["threads_cpu_since_last"] = {
                t: (v - previous["threads"].get(t, 0)) / 1e6
                for t, v in srv["threads"].items()
                if t != "MainThread" and v - previous["threads"].get(t, 0) > 0}
        previous = srv
        by_mode.setdefault(c["mode"], []).append(row)
    # Every other callback the server's executor ran in the run (the timers, the service
    # events it listens to), with its wall and CPU.
    kinds: dict[str, list[tuple[float, float]]] = {}
    for o in others:
        kinds.setdefault(o["name"], []).append(((o["t1"] - o["t0"]) / 1e6, o["cpu"] / 1e6))
    out: dict = {"other_callbacks_ms": {
        k: {"n": len(v), "wall_p50": round(float(np.median([w for w, _ in v])), 3),
            "wall_p99": round(float(np.percentile([w for w, _ in v], 99)), 3),
            "cpu_p50": round(float(np.median([c for _, c in v])), 3),
            "cpu_sum": round(sum(c for _, c in v), 1)} for k, v in kinds.items()},
        "requests_with_equal_dds_stamps": sum(
            r["src"] == r["rcv"] for r in served.values())}
    names = [n for n, _, _ in SEGMENTS] + ["handler_cpu", "handler_waited", "server_take_cpu",
                                           "server_send_cpu", "total"]
    for mode, rows in by_mode.items():
        walls = np.array([r["total"] for r in rows])
        tail = [r for r in rows if r["total"] >= np.percentile(walls, 99)]
        busy_all: dict[str, float] = {}
        for r in rows:
            for k, v in r["queue_busy"].items():
                busy_all[k] = busy_all.get(k, 0.0) + v
        out[mode] = {
            "n": len(rows),
            "segments_ms": {n: {"p50": round(float(np.percentile([r[n] for r in rows], 50)), 3),
                                "p99": round(float(np.percentile([r[n] for r in rows], 99)), 3),
                                "mean": round(float(np.mean([r[n] for r in rows])), 3)}
                            for n in names},
            "slowest_1pct": [{k: ({a: round(b, 3) for a, b in v.items()}
                                  if isinstance(v, dict) else round(v, 3))
                              for k, v in r.items()} for r in tail],
            "queue_busy_ms_total": {k: round(v, 2) for k, v in busy_all.items()},
            "executor_cpu_between_ms": _pcts_ms([r["executor_cpu_between"] for r in rows
                                                 if "executor_cpu_between" in r]),
            "callbacks_between_mean": round(float(np.mean(
                [r.get("callbacks_between", 0) for r in rows])), 2),
            "requests_queued_behind_a_callback": sum(bool(r["queue_busy"]) for r in rows)}
        if TRACE:  # every request's segments, in request order (which text was slow)
            out[mode]["rows_ms"] = [{n: round(r[n], 3) for n in names} for r in rows]
    return out


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
        "environment": environment(),
        "cpus": os.cpu_count(), "rmw": os.environ.get("RMW_IMPLEMENTATION", "default (Fast DDS)"),
        "onnx_threads": 1, "k": K, "k_step": 3, "token_budget": BUDGET,
        "calls": min(CALLS, len(texts)), "episodes": EPISODES,
        "fill": "SQLite written with the core before start (ShortTermMemory + MemoryStore)",
        "sizes": {}, "peer_code": AGAINST, "encoder": ENCODER or "minilm",
        "this_checkout_nice": NICE or "0", "server_params": PARAMS,
        "this_checkout_params": THIS_PARAMS, "peer_params": PEER_PARAMS,
        "this_checkout_pycache": THIS_PYCACHE, "peer_pycache": PEER_PYCACHE,
        "dont_write_bytecode": sys.flags.dont_write_bytecode == 1,
        "planner_mode": PLANNER,
        "planner_ahead": AHEAD, "planner_perception_wait_s": PERCEPTION_WAIT_S if PLANNER else 0,
    }
    if SPLIT:  # this client's executor timestamped too (its records: LAST_RESPONSE)
        import dds_split_hooks
        dds_split_hooks.install(os.devnull, deep=SPLIT_DEEP)
        result["wall_split"] = "segments: " + ", ".join(n for n, _, _ in SEGMENTS)
    embedder = Embedder(PREPARE_MODEL or None, intra_op_threads=1)
    result["prepared_with_model"] = str(embedder.model_path)
    sizes = [int(a) for a in ARGS] or list(SIZES)
    for n in sizes:
        result["sizes"][str(n)] = run_size(n, pool, texts, rng, embedder)
    name = "recall_restart_dds" if RESTARTS else "recall_dds_latency"
    out = save_result(os.environ.get("RECALL_BENCH_OUT", name), result,
                      indent=2)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
