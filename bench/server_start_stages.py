"""CPU per start-up stage of the memory server at 10,000 units, this checkout against
another's code, in process, by wrapping the stages' functions (either code has them).

The memory is the DDS bench's (`recall_dds_latency.prepare` and `prepare_scene_graph`:
10,000 units with stored vectors and colours, a 1,000-object scene graph), written once.
Each round starts, in a fresh process per code (order alternating), on a fresh copy of it:
the imports, `MemoryServer()` with its stages (the memory facade, each capability's
configure, the heap settle), then waits for the background start-up threads (recall's
preload, WordNet's load and the nltk import inside it) and reads the CPU each took: the
process's (all threads) and the stage's own thread's. Walls are printed too; on the
shared machine only the CPU says anything.

    MEMORY_NODE_SHARED_DATA=... ROS_DOMAIN_ID=N .venv/bin/python bench/server_start_stages.py \
        --against DIR [--rounds 3] [--out NAME]      # -> results/NAME.json
"""

from __future__ import annotations

import functools
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def child(memory_dir: str) -> None:
    """One start, in this process: print {stage: [wall_ms, process_cpu_ms, thread_cpu_ms]}."""
    rows: dict[str, list[int]] = {}
    w0, c0 = time.perf_counter(), time.process_time()

    def put(label: str, w: float, c: float, t: float) -> None:
        rows[label] = [round(w * 1000), round(c * 1000), round(t * 1000)]

    def wrap(obj: Any, name: str, label: str) -> None:
        f = getattr(obj, name)

        @functools.wraps(f)
        def timed(*a: Any, **k: Any) -> Any:
            w, c, t = time.perf_counter(), time.process_time(), time.thread_time()
            try:
                return f(*a, **k)
            finally:
                put(label, time.perf_counter() - w, time.process_time() - c,
                    time.thread_time() - t)
        setattr(obj, name, timed)

    import rclpy

    import memory_node.nodes.memory_server as ms
    put("imports", time.perf_counter() - w0, time.process_time() - c0, 0.0)
    import memory_node.core.recall.lexicon as lexicon
    import memory_node.core.recall.recall as recall
    from memory_node.core import memory, short_term
    from memory_node.core.recall_memory import RecallMemory
    from memory_node.nodes.capabilities import CAPABILITIES
    wrap(memory.Memory, "__init__", "memory")
    wrap(short_term.ShortTermMemory, "_reload", "memory.short_term_reload")
    for name, cls in CAPABILITIES.items():
        wrap(cls, "configure", f"capability.{name}")
    wrap(RecallMemory, "warm_up", "capability.recall.model")
    wrap(ms.HeapSettler, "settle", "heap_settle")
    wrap(RecallMemory, "preload", "thread.recall_preload")
    wrap(recall, "_warm_lexicon", "thread.wordnet_load")
    wrap(lexicon, "_reader_class", "thread.wordnet_load.nltk_import")
    # Round 44: the common words' warm-up, which now waits for the preload.
    wrap(lexicon.Lexicon, "warm_words", "thread.wordnet_load.common_words")
    # As run_node starts a node (round 45: rosidl_generator_py without its code generator),
    # for either code that has it.
    from memory_node.nodes import runner
    getattr(runner, "import_type_support_only", lambda: None)()
    rclpy.init(args=["x", "--ros-args", "--params-file", str(ROOT / "config" / "memory.yaml"),
                     "-p", f"memory_dir:={memory_dir}", "-p", "short_term.capacity:=10000",
                     "-p", "recall.prefetch_batch:=0"])
    w, c = time.perf_counter(), time.process_time()
    node = ms.MemoryServer()
    put("server_constructor", time.perf_counter() - w, time.process_time() - c, 0.0)
    # Round 44: the first recall, called at once (it waits for the preload, as a client's
    # does): [wall, process CPU] since this process's first line, at ready and when answered.
    put("at_ready", time.perf_counter() - w0, time.process_time() - c0, 0.0)
    node.memory.recall.recall("bring me the mug from the kitchen", 5, 600)
    put("at_first_recall", time.perf_counter() - w0, time.process_time() - c0, 0.0)
    for t in threading.enumerate():
        if t.name in ("recall-preload", "wordnet-load"):
            t.join()
    print(json.dumps({"stages_ms_wall_processcpu_threadcpu": rows,
                      "process_cpu_ms_total": round(time.process_time() * 1000),
                      "networkx_imported": "networkx" in sys.modules,
                      "code": ms.__file__}))
    node.destroy_node()
    os._exit(0)  # the executor's and DDS's threads need no orderly end here


def prepare(memory_dir: Path) -> None:
    sys.argv[1:] = []  # the DDS bench reads its own arguments at import
    sys.path.insert(0, str(ROOT / "bench"))
    import recall_dds_latency as dds

    from memory_node.core.recall.embedder import Embedder
    doc = dds.load()
    if doc is None:
        sys.exit("AI2-THOR rearrangement data absent (MEMORY_NODE_SHARED_DATA)")
    rng = random.Random(11)   # as the DDS bench draws them
    pool = [u for s in doc["scenes"] for u in dds.scene_units(s)]
    units = [replace(rng.choice(pool), object_id=f"u{i}") for i in range(10_000)]
    dds.prepare(memory_dir, units, Embedder(None, intra_op_threads=1))
    dds.prepare_scene_graph(memory_dir, 10_000, sorted({u.label for u in pool}), rng)


def alternate(script: str, child_args: list[str], codes: dict[str, str], rounds: int,
              shown: str, prefix: str) -> dict[str, list[dict]]:
    """Run `script --child <memory copy> *child_args` under each code, alternating which
    goes first each round (this machine's load drifts), on one prepared memory copied per
    run. Each child prints its result as JSON on its last line; `shown` is printed per run."""
    runs: dict[str, list[dict]] = {who: [] for who in codes}
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        base = Path(tmp) / "memory"
        base.mkdir()
        prepare(base)
        order = list(codes)
        for r in range(rounds):
            for who in (order if r % 2 == 0 else order[::-1]):
                d = Path(tmp) / f"{who}_{r}"
                shutil.copytree(base, d)
                env = os.environ | {"PYTHONPATH": codes[who]}
                load = os.getloadavg()[0]
                done = subprocess.run([sys.executable, script, "--child", str(d), *child_args],
                                      env=env, capture_output=True, text=True, check=True,
                                      cwd=d)
                result = json.loads(done.stdout.strip().splitlines()[-1]) | {"load_1m": load}
                runs[who].append(result)
                print(who, r, result[shown], flush=True)
                shutil.rmtree(d, ignore_errors=True)
    return runs


def main() -> int:
    args = sys.argv[1:]
    if args and args[0] == "--child":
        child(args[1])
        return 0
    against = str(Path(args[args.index("--against") + 1]).resolve())
    rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 3
    out_name = args[args.index("--out") + 1] if "--out" in args else "server_start_stages"
    codes = {"this": str(ROOT), "peer": against}
    runs = alternate(__file__, [], codes, rounds, "process_cpu_ms_total", "start_stages_")
    summary: dict[str, Any] = {}
    for who, results in runs.items():
        stages = results[0]["stages_ms_wall_processcpu_threadcpu"]
        summary[who] = {
            "process_cpu_ms_total_median": statistics.median(
                x["process_cpu_ms_total"] for x in results),
            "thread_cpu_ms_median": {s: statistics.median(
                x["stages_ms_wall_processcpu_threadcpu"][s][2] for x in results) for s in stages},
            "process_cpu_ms_median": {s: statistics.median(
                x["stages_ms_wall_processcpu_threadcpu"][s][1] for x in results) for s in stages}}
    summary["ratio_process_cpu_this_over_peer"] = round(
        summary["this"]["process_cpu_ms_total_median"]
        / summary["peer"]["process_cpu_ms_total_median"], 3)
    # Round 44: from ready to the first recall answered (wall, process CPU), the window a
    # restarted server's first client waits through after it sees the service.
    for who, results in runs.items():
        windows = [[b - a for a, b in zip(x["stages_ms_wall_processcpu_threadcpu"]["at_ready"][:2],
                                          x["stages_ms_wall_processcpu_threadcpu"]
                                          ["at_first_recall"][:2], strict=True)]
                   for x in results]
        summary[who]["ready_to_first_recall_ms_wall_processcpu_median"] = [
            statistics.median(w[i] for w in windows) for i in (0, 1)]
        summary[who]["at_first_recall_ms_wall_processcpu_median"] = [
            statistics.median(x["stages_ms_wall_processcpu_threadcpu"]["at_first_recall"][i]
                              for x in results) for i in (0, 1)]
    sys.path.insert(0, str(ROOT / "bench"))
    from recall_common import save_result
    path = save_result(out_name, {"codes": codes, "rounds": rounds, "summary": summary,
                                  "runs": runs}, indent=1)
    print(json.dumps(summary, indent=1))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
