"""Where one /memory/recall request's time goes, in the server's own objects (no DDS).

Builds the memory the DDS benchmark uses (10,000 units with stored vectors and colours, a
1,000-object scene graph in the same SQLite file), opens it with the memory facade as the
server does (`Memory` + preload), then sends instructions and per-subtask requests to
`RecallMemory.recall` and times, per request, the whole call and its parts: the instruction
embedding (the model call), the scene-graph text and everything else, in three passes over
the same instructions: distinct (every word seen for the first time by the process), the
same with their words known but the model run (the query LRU cleared before each), the
same per subtask (vectors cached: a repeated request), and state-conditioned steps (15
episodes: a pool build with its instruction new to the model, then three warm steps, each
subgoal new). Stages are timed by wrapping the two
callables the request goes through, nothing else is changed.

    .venv/bin/python bench/recall_profile.py [--against DIR] [--units N] [--cprofile]
        # -> results/recall_profile.json

``--against DIR`` (a checkout's ``memory_node/``, e.g. ``git archive main memory_node
config | tar -x -C DIR``) runs the same requests on a copy of the same memory with DIR's
code in a child process, alternating rounds (this checkout, peer, this, peer...), so both
see the same load. Medians of the rounds' medians are reported, and the median over rounds
of each round's this/peer ratio (the load swings too much between rounds for anything else).
RECALL_PROFILE_ROUNDS (default 3) sets the rounds.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ARGV = sys.argv[1:]
CHILD = "--child" in ARGV  # the child's code comes first on the path (RECALL_BENCH_CODE)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from recall_common import load, save_result, scene_units  # noqa: E402

CALLS = int(os.environ.get("RECALL_BENCH_CALLS", "60"))
ROUNDS = int(os.environ.get("RECALL_PROFILE_ROUNDS", "3"))
STEP_MODES = ("step_pool_build", "step_warm_pool")
K, BUDGET = 5, 600


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def measure(memory_dir: Path, instructions: list[str], cprofile: bool) -> dict:
    """Open the memory as the server does and time every request and its stages (ms)."""
    from memory_node.core.memory import Memory
    from memory_node.core.memory_settings import MemorySettings, ShortTermSettings

    n = int(json.loads((memory_dir / "size.json").read_text())["units"])
    m = Memory(MemorySettings(memory_dir=str(memory_dir),
                              short_term=ShortTermSettings(capacity=n)))
    try:
        rm = m.recall
        rm.warm_up()
        rm.preload()
        try:  # what the server does after its preload, if this code's server does it
            from memory_node.nodes import recall_capability
            if getattr(recall_capability, "FREEZE_GC_AFTER_PRELOAD", False):
                import gc
                gc.freeze()
        except ImportError:
            pass
        recaller = rm._ensure()
        stage: dict[str, float] = {"embed": 0.0, "scene": 0.0}
        embed = recaller.embedder.embed
        scene = rm.long_term_text

        def timed_embed(texts):  # type: ignore[no-untyped-def]
            t = time.perf_counter()
            try:
                return embed(texts)
            finally:
                stage["embed"] += time.perf_counter() - t

        def timed_scene(*a):  # type: ignore[no-untyped-def]
            t = time.perf_counter()
            try:
                return scene(*a)
            finally:
                stage["scene"] += time.perf_counter() - t

        recaller.embedder.embed = timed_embed  # type: ignore[method-assign]
        rm.long_term_text = timed_scene
        out: dict = {}
        prof = None
        if cprofile:
            import cProfile
            prof = cProfile.Profile()
        passes = (("instruction", False, False), ("instruction_words_known", False, True),
                  ("per_subtask", True, False))
        for mode, per_subtask, model_again in passes:
            rows: dict[str, list[float]] = {"total": [], "embed": [], "scene": [], "rest": []}
            tokens = []
            for text in instructions:
                if model_again:  # words memoised, but the model runs as for a new text
                    recaller._query_cache.clear()
                stage["embed"] = stage["scene"] = 0.0
                t = time.perf_counter()
                if prof is not None:
                    prof.enable()
                answer = rm.recall(text, K, BUDGET, per_subtask=per_subtask)
                if prof is not None:
                    prof.disable()
                total = time.perf_counter() - t
                rows["total"].append(total * 1e3)
                rows["embed"].append(stage["embed"] * 1e3)
                rows["scene"].append(stage["scene"] * 1e3)
                rows["rest"].append((total - stage["embed"] - stage["scene"]) * 1e3)
                tokens.append(answer.context_tokens)
            out[mode] = {k: {"p50": round(statistics.median(v), 2),
                             "p99": round(pct(v, 0.99), 2)} for k, v in rows.items()}
            out[mode]["mean_context_tokens"] = round(statistics.fmean(tokens), 1)
            # In request order: the first uses of words are where the tail sits.
            out[mode]["total_series"] = [round(v, 1) for v in rows["total"]]
        # State-conditioned steps as the planner sends them: per episode a pool build (its
        # instruction new to the model: the query cache cleared) and three warm steps.
        from memory_node.core.recall_memory import brief_from_fields
        steps: dict[str, dict[str, list[float]]] = {
            m: {"total": [], "embed": [], "scene": [], "rest": []} for m in STEP_MODES}
        for e, text in enumerate(instructions[:max(4, len(instructions) // 4)]):
            subgoals = [f"go to the place for: {text}", f"pick up what is needed to {text}",
                        f"carry it, to {text}", f"place it down, to {text}"]
            for st, subgoal in enumerate(subgoals):
                if st == 0:
                    recaller._query_cache.clear()
                brief = brief_from_fields(subgoal[:500], robot_area="kitchen")
                stage["embed"] = stage["scene"] = 0.0
                t = time.perf_counter()
                rm.recall(text, 3, BUDGET, f"ep{e}", brief)
                total = time.perf_counter() - t
                rows = steps[STEP_MODES[st > 0]]
                rows["total"].append(total * 1e3)
                rows["embed"].append(stage["embed"] * 1e3)
                rows["scene"].append(stage["scene"] * 1e3)
                rows["rest"].append((total - stage["embed"] - stage["scene"]) * 1e3)
        for mode, rows in steps.items():
            out[mode] = {k: {"p50": round(statistics.median(v), 2),
                             "p99": round(pct(v, 0.99), 2)} for k, v in rows.items()}
        if prof is not None:
            import pstats
            pstats.Stats(prof, stream=sys.stderr).sort_stats("cumulative").print_stats(40)
        return out
    finally:
        m.close()


def build(memory_dir: Path, n: int) -> None:
    import recall_dds_latency as dds  # the DDS benchmark's own memory, byte for byte

    from memory_node.core.recall.embedder import Embedder

    doc = load()
    assert doc is not None
    rng = random.Random(11)
    pool = [u for s in doc["scenes"] for u in scene_units(s)]
    units = [replace(rng.choice(pool), object_id=f"u{i}") for i in range(n)]
    dds.prepare(memory_dir, units, Embedder(intra_op_threads=1))
    dds.prepare_scene_graph(memory_dir, n, sorted({u.label for u in pool}), rng)
    (memory_dir / "size.json").write_text(json.dumps({"units": n}))


def main() -> int:
    if CHILD:
        memory_dir = Path(ARGV[ARGV.index("--dir") + 1])
        instructions = json.loads(Path(ARGV[ARGV.index("--instructions") + 1]).read_text())
        print(json.dumps(measure(memory_dir, instructions, False)))
        return 0
    doc = load()
    if doc is None:
        print("skip: AI2-THOR rearrangement data absent; the labelled set is generated from it")
        return 0
    n = int(ARGV[ARGV.index("--units") + 1]) if "--units" in ARGV else 10_000
    against = ARGV[ARGV.index("--against") + 1] if "--against" in ARGV else ""
    texts = sorted({i["text"] for i in doc["instructions"]})
    instructions = random.Random(5).sample(texts, CALLS)
    result: dict = {"units": n, "calls": CALLS, "k": K, "token_budget": BUDGET,
                    "rounds": ROUNDS, "peer_code": against, "runs": []}
    with tempfile.TemporaryDirectory(prefix="recall_profile_") as tmp:
        base = Path(tmp) / "memory"
        base.mkdir()
        build(base, n)
        listing = Path(tmp) / "instructions.json"
        listing.write_text(json.dumps(instructions))
        for r in range(ROUNDS):
            for who in (("this", "peer") if against else ("this",)):
                d = Path(tmp) / f"m_{who}_{r}"
                shutil.copytree(base, d)
                if who == "peer":
                    import recall_dds_latency as dds
                    dds.AGAINST = against
                    dds.downgrade_for_peer(d / "memory.sqlite")
                load_before = os.getloadavg()
                if who == "this" and r == 0 and "--cprofile" in ARGV:
                    res = measure(d, instructions, True)
                else:
                    code = against if who == "peer" else str(Path(__file__).resolve().parents[1])
                    proc = subprocess.run(
                        [sys.executable, __file__, "--child", "--dir", str(d),
                         "--instructions", str(listing)],
                        env=os.environ | {"RECALL_BENCH_CODE": code},
                        check=True, capture_output=True, text=True)
                    res = json.loads(proc.stdout.strip().splitlines()[-1])
                res |= {"code": who, "round": r, "loadavg_before_after":
                        [load_before, os.getloadavg()]}
                print(json.dumps(res), flush=True)
                result["runs"].append(res)
                shutil.rmtree(d)
    modes = ("instruction", "instruction_words_known", "per_subtask", *STEP_MODES)
    summary: dict = {}
    for who in {r["code"] for r in result["runs"]}:
        runs = [r for r in result["runs"] if r["code"] == who]
        summary[who] = {mode: {part: {q: round(statistics.median(r[mode][part][q] for r in runs), 2)
                                      for q in ("p50", "p99")}
                               for part in ("total", "embed", "scene", "rest")}
                        for mode in modes}
    result["median_of_rounds"] = summary
    if against:
        # The load swings 2x between rounds (the model call alone: 5-12 ms): each round's
        # this/peer ratio, then their median, is the comparison that survives it.
        this = [r for r in result["runs"] if r["code"] == "this"]
        peer = [r for r in result["runs"] if r["code"] == "peer"]
        result["median_ratio_this_to_peer"] = {
            mode: {f"{part}_{q}": round(statistics.median(
                a[mode][part][q] / max(b[mode][part][q], 1e-6)
                for a, b in zip(this, peer, strict=True)), 3)
                for part in ("total", "rest") for q in ("p50", "p99")}
            for mode in modes}
        print(json.dumps(result["median_ratio_this_to_peer"], indent=1))
    print(json.dumps(summary, indent=1))
    out = save_result("recall_profile", result, indent=2)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
