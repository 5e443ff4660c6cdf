"""CPU per /memory/recall request, in the server's own objects, on the DDS bench's requests.

The DDS benchmark (`recall_dds_latency.py`) measures wall times on a shared machine, where
the load decides the tail. This replays the SAME memory (10,000 units drawn with
`random.Random(11)`, the same 992-object scene graph) and the SAME request sequence (200
distinct instructions, 100 per-subtask requests, 50 episodes x 4 state-conditioned steps)
in one process through `RecallMemory.recall`, as the server does after its preload, and
measures each request's CPU time (`time.thread_time`, which a loaded machine changes far
less than wall time), split into the model call (`Embedder.embed`, on whichever thread
runs it), the context block (`Recaller.context_for`) and the rest (the server's "rank"
stage plus its small stages), and its wall time (round 21: the model call runs beside the
ranking, which only wall time shows).

Per request it keeps a digest of the answer (ids, exact scores) so two codes' answers can
be compared, and
what the request had to look up first (WordNet lookups the process had not made before:
the lexicon's memo misses), for the question of which requests make the tail.

    .venv/bin/python bench/recall_rank_cost.py [--against DIR] [--rounds N] [--out NAME]
                                               [--planner]
        # -> bench/results/<NAME>.json (default recall_rank_cost)

``--planner`` (round 47): the per-subtask requests as the planner sends them, 100 texts the
instruction phase did not send, each with an episode id (`recall_dds_latency.py`'s
RECALL_BENCH_PLANNER=1), instead of an instruction's text + ", then tidy up". Each row's
``embedded`` is how many query texts the request sent to the model.

``--against DIR`` (a tree holding ``memory_node/`` and ``config/``, e.g. `git archive main
memory_node config | tar -x -C DIR`) runs the same in a child process on DIR's code,
rounds alternating (this, peer, this, peer...), each on a fresh copy of one memory, and
reports per kind the median over rounds of this/peer CPU p50 / p99 / mean, and whether
every answer was identical.
"""

from __future__ import annotations

import hashlib
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

ARGV = sys.argv[1:]

sys.path.insert(0, str(Path(__file__).resolve().parent))
from recall_common import (  # noqa: E402
    ab_bench_start,
    alternating_child_runs,
    load,
    save_result,
    scene_units,
    served_memory,
    stage_recorder,
)

CALLS, EPISODES = 200, 50   # the DDS bench's defaults
K, K_STEP, BUDGET = 5, 3, 600
KINDS = ("instruction", "subtask", "step_pool", "step")


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def answer_digest(answer: list) -> str:
    """An answer (ids in order, exact scores) as a short digest: equal answers, equal
    digests; the result file carries neither the labelled set's texts nor its ids."""
    return hashlib.blake2b(json.dumps(answer).encode(), digest_size=8).hexdigest()


def _lexicon_misses() -> int:
    """How many memoised WordNet lookups the process has made (cache misses so far)."""
    from memory_node.core.recall.lexicon import Lexicon
    total = 0
    for name in dir(Lexicon):
        f = getattr(Lexicon, name, None)
        info = getattr(f, "cache_info", None)
        if info is not None:
            total += info().misses
    return total


def timed_model(embedder: Any) -> dict[str, float]:
    """Wraps ``embedder.embed`` so its CPU is counted (seconds, in the returned dict): every
    request call's on whichever thread runs it in "model" (round 21: a worker thread beside
    the request's, RecallConfig.overlap_model), the share on the calling thread also in
    "model_inline" (it comes out of that thread's total), and background calls (a prefetch,
    ``Recaller.prefetch_queries``: no request's) in "background" only. Round 47: the
    wrapper this replaces took no ``background`` argument, so here every prefetch failed
    and its texts were embedded by the request that asked them, unlike in the server."""
    import threading

    cpu = {"model": 0.0, "model_inline": 0.0, "background": 0.0}
    embed = embedder.embed
    request_thread = threading.get_ident()

    def timed_embed(texts, background=False):  # type: ignore[no-untyped-def]
        t = time.thread_time()
        try:
            return embed(texts, background=background)
        finally:
            spent = time.thread_time() - t
            if background:
                cpu["background"] += spent
            else:
                cpu["model"] += spent
                if threading.get_ident() == request_thread:
                    cpu["model_inline"] += spent

    embedder.embed = timed_embed
    return cpu


def measure(memory_dir: Path, requests: list[dict]) -> dict:
    """Open the memory as the server does, then time every request's CPU (us)."""
    from memory_node.core.recall_memory import brief_from_fields

    m = served_memory(memory_dir)
    try:
        rm = m.recall
        # The server's first recall (the DDS bench's, untimed there too).
        rm.recall("bring me the mug from the kitchen", K, BUDGET)
        recaller = rm._ensure()
        cpu = timed_model(recaller.embedder)
        cpu["context"] = 0.0
        context_for = recaller.context_for

        def timed_context(*a, **kw):  # type: ignore[no-untyped-def]
            t = time.thread_time()
            try:
                return context_for(*a, **kw)
            finally:
                cpu["context"] += time.thread_time() - t

        recaller.context_for = timed_context  # type: ignore[method-assign]
        # The server's own stage times of each request (wall, us), as /memory/stats has them.
        stages = stage_recorder(rm)
        rows = []
        for req in requests:
            cpu["model"] = cpu["model_inline"] = cpu["context"] = 0.0
            stages.clear()
            misses = _lexicon_misses()
            embedded = recaller.query_texts_embedded
            brief = (brief_from_fields(req["subgoal"][:500], robot_area="kitchen")
                     if req["subgoal"] else None)
            t, wall = time.thread_time(), time.perf_counter()
            answer = rm.recall(req["text"], req["k"], BUDGET, req["episode"], brief,
                               per_subtask=req["per_subtask"])
            wall = time.perf_counter() - wall
            own = time.thread_time() - t
            # total: the request's CPU wherever it ran (its thread plus the model's worker)
            total = own + cpu["model"] - cpu["model_inline"]
            rows.append({
                "kind": answer.kind, "total_us": round(total * 1e6),
                "wall_us": round(wall * 1e6),
                "model_us": round(cpu["model"] * 1e6),
                "context_us": round(cpu["context"] * 1e6),
                "rest_us": round((own - cpu["model_inline"] - cpu["context"]) * 1e6),
                "wordnet_misses": _lexicon_misses() - misses,
                # query texts this request sent to the model (not found in the query cache)
                "embedded": recaller.query_texts_embedded - embedded,
                "stages_wall_us": dict(stages),
                "answer": answer_digest([[u.unit.object_id, repr(u.score)]
                                         for u in answer.units]),
                "context_tokens": answer.context_tokens})
        return {"requests": rows}
    finally:
        m.close()


def build(memory_dir: Path, planner: bool = False) -> list[dict]:
    """The DDS bench's memory and request sequence, byte for byte (same seeds, same calls).
    `planner`: the per-subtask requests as the planner sends them (`planner_subtask_texts`)."""
    import recall_dds_latency as dds

    from memory_node.core.recall.embedder import Embedder

    doc = load()
    assert doc is not None
    rng = random.Random(11)
    pool = [u for s in doc["scenes"] for u in scene_units(s)]
    texts = sorted({i["text"] for i in doc["instructions"]})
    n = 10_000
    units = [replace(rng.choice(pool), object_id=f"u{i}") for i in range(n)]
    dds.prepare(memory_dir, units, Embedder(intra_op_threads=1))
    dds.prepare_scene_graph(memory_dir, n, sorted({u.label for u in pool}), rng)
    (memory_dir / "size.json").write_text(json.dumps({"units": n}))
    instructions = rng.sample(texts, CALLS)
    episodes = rng.sample(texts, EPISODES)
    reqs = [{"text": t, "k": K, "episode": "", "subgoal": "", "per_subtask": False}
            for t in instructions]
    if planner:
        reqs += [{"text": t, "k": K, "episode": f"pl{i}", "subgoal": "", "per_subtask": True}
                 for i, t in enumerate(dds.planner_subtask_texts(texts, instructions,
                                                                 CALLS // 2))]
    else:
        reqs += [{"text": f"{t}, then tidy up", "k": K, "episode": "", "subgoal": "",
                  "per_subtask": True} for t in instructions[:CALLS // 2]]
    for e, text in enumerate(episodes):
        for subgoal in (f"go to the place for: {text}", f"pick up what is needed to {text}",
                        f"carry it, to {text}", f"place it down, to {text}"):
            reqs.append({"text": text, "k": K_STEP, "episode": f"ep{e}", "subgoal": subgoal,
                         "per_subtask": False})
    return reqs


def summary(rows: list[dict]) -> dict:
    out: dict = {}
    for kind in KINDS:
        rs = [r for r in rows if r["kind"] == kind]
        if not rs:
            continue
        out[kind] = {part: {"p50": pct([r[part] for r in rs], 0.5),
                            "p99": pct([r[part] for r in rs], 0.99),
                            "mean": round(statistics.fmean(r[part] for r in rs))}
                     for part in ("total_us", "wall_us", "model_us", "context_us",
                                  "rest_us")}
        out[kind]["n"] = len(rs)
    return out


def ab_runs(script: str, against: str, rounds: int, planner: bool,
            summarise: Callable[[list], dict]) -> tuple[list[dict], list[dict]]:
    """The DDS bench's memory and requests (`build`), then `script`'s children on them
    (`alternating_child_runs`): the requests and the runs."""
    with tempfile.TemporaryDirectory(prefix="recall_ab_") as tmp:
        base = Path(tmp) / "memory"
        base.mkdir()
        requests = build(base, planner)
        listing = Path(tmp) / "requests.json"
        listing.write_text(json.dumps(requests))
        return requests, alternating_child_runs(
            script, base, Path(tmp), against, rounds, ["--requests", str(listing)], summarise)


def main() -> int:
    started = ab_bench_start(ARGV, measure, 1, "recall_rank_cost")
    if started is None:
        return 0
    against, rounds, name = started
    planner = "--planner" in ARGV
    result: dict = {"units": 10_000, "calls": CALLS, "episodes": EPISODES, "k": K,
                    "k_step": K_STEP, "token_budget": BUDGET, "rounds": rounds,
                    "peer_code": against, "planner_mode": planner}
    requests, result["runs"] = ab_runs(__file__, against, rounds, planner, summary)
    result["requests"] = [{"kind": "subtask" if r["per_subtask"] else
                           r["episode"] and "step" or "instruction"}
                          for r in requests]  # the texts are the labelled set's: not kept
    if against:
        this = [r for r in result["runs"] if r["code"] == "this"]
        peer = [r for r in result["runs"] if r["code"] == "peer"]
        result["answers_identical"] = all(
            [x["answer"] for x in a["requests"]] == [x["answer"] for x in b["requests"]]
            for a, b in zip(this, peer, strict=True))
        result["median_ratio_this_to_peer"] = {
            kind: {f"{part}_{q}": round(statistics.median(
                a["summary"][kind][part][q] / max(b["summary"][kind][part][q], 1)
                for a, b in zip(this, peer, strict=True)), 3)
                for part in ("total_us", "wall_us", "rest_us")
                for q in ("p50", "p99", "mean")}
            for kind in KINDS}
        print(json.dumps({"answers_identical": result["answers_identical"],
                          "ratio": result["median_ratio_this_to_peer"]}, indent=1))
    out = save_result(name, result, indent=None)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
