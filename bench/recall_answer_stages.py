"""Round 27 (issue 11, part 4): where a /memory/recall request's time goes AFTER the ranking,
per request, in the server's own objects and the real message conversion.

The DDS bench's memory and request sequence (`recall_rank_cost.build`: 10,000 units, the
992-object scene graph, 200 instructions, 100 per-subtask requests, 50 episodes x 4 steps)
are replayed in one process through `RecallMemory.recall`, as the server does, and each
request is then turned into its `Recall.Response` by the capability's own handler code
(`RecallCapability._recall`'s conversion), serialised to CDR (what DDS carries), and turned
back into Python and into the client library's answer (`memory_node.client`'s conversion).
Per request, CPU (`time.thread_time`, us) of each stage:

* rank: the request inside `RecallMemory.recall` minus the parts below;
* context: `Recaller.context_for` (the context block's lines and text);
* describe: the describer's calls outside the context block (the answer's own descriptions);
* to_msg: units and fields into the response message (the capability's conversion);
* serialise / deserialise: CDR both ways (rclpy.serialization);
* client: the client library's conversion of the response into its `RecallAnswer`;
with the request's steps, units and response bytes, and a digest of the response's fields
(every field of the deserialised message: two codes' answers compared field for field).

    .venv/bin/python bench/recall_answer_stages.py [--against DIR] [--rounds N] [--out NAME]
                                                   [--planner]
        # -> bench/results/<NAME>.json (default recall_answer_stages)
"""

from __future__ import annotations

import hashlib
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

ARGV = sys.argv[1:]
CHILD = "--child" in ARGV

sys.path.insert(0, str(Path(__file__).resolve().parent))
from recall_common import alternating_child_runs, load, save_result, served_memory, stage_recorder  # noqa: E402

STAGES = ("rank", "context", "describe", "to_msg", "serialise", "deserialise", "client",
          "server", "total")
KINDS = ("instruction", "subtask", "step_pool", "step")


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def measure(memory_dir: Path, requests: list[dict], reps: int) -> dict:

    from rclpy.serialization import deserialize_message, serialize_message

    from memory_node import client as client_lib
    from memory_node.core.recall_memory import brief_from_fields
    from memory_node.nodes.recall_capability import RecallCapability
    from memory_node.srv import Recall

    m = served_memory(memory_dir)
    try:
        rm = m.recall
        rm.recall("bring me the mug from the kitchen", 5, 600)
        recaller = rm._ensure()
        cpu = {"context": 0.0, "describe": 0.0}
        depth = [0]
        context_for = recaller.context_for
        describer = recaller.describer
        describe = describer.describe

        def timed_context(*a, **kw):  # type: ignore[no-untyped-def]
            t = time.thread_time()
            depth[0] += 1
            try:
                return context_for(*a, **kw)
            finally:
                depth[0] -= 1
                cpu["context"] += time.thread_time() - t

        def timed_describe(*a, **kw):  # type: ignore[no-untyped-def]
            if depth[0]:
                return describe(*a, **kw)
            t = time.thread_time()
            try:
                return describe(*a, **kw)
            finally:
                cpu["describe"] += time.thread_time() - t

        recaller.context_for = timed_context  # type: ignore[method-assign]
        describer.describe = timed_describe  # type: ignore[method-assign]
        # The capability's handler on this process's RecallMemory (no node: the handler
        # reads only `self.recall`).
        cap = SimpleNamespace(recall=rm)
        answer_of = getattr(client_lib, "answer_from_response", None)
        from memory_node.core.recall.subtasks import split_subtasks
        # The server's own stage times of each request (wall, us), as /memory/stats has them.
        stages = stage_recorder(rm)
        rows = []
        unstable: list[list[str]] = []
        for req in requests:
            brief = (brief_from_fields(req["subgoal"][:500], robot_area="kitchen")
                     if req["subgoal"] else None)
            request = Recall.Request(instruction=req["text"], k=req["k"], token_budget=600,
                                     episode_id=req["episode"],
                                     per_subtask=req["per_subtask"])
            if brief is not None:
                request.use_brief_state = True
                request.brief_state.current_subgoal = brief.subgoal
                request.brief_state.robot_area = brief.robot_area
            best: dict[str, float] = {}
            stages.clear()
            digest = ""
            first = None
            for _ in range(reps if not req["episode"] else 1):
                cpu["context"] = cpu["describe"] = 0.0
                response = Recall.Response()
                t0 = time.thread_time()
                kinds: list[str] = []
                real = rm.recall

                def kept(*a, _real=real, _kinds=kinds, **kw):  # type: ignore[no-untyped-def]
                    ans = _real(*a, **kw)
                    _kinds.append(ans.kind)
                    return ans
                rm.recall = kept  # type: ignore[method-assign]
                try:
                    # The conversion is timed inside the handler by the server's own
                    # counter; here by CPU around the whole handler minus recall.
                    t_in = time.thread_time()
                    RecallCapability._recall(cap, request, response)  # type: ignore[arg-type]
                    handler = time.thread_time() - t_in
                finally:
                    rm.recall = real  # type: ignore[method-assign]
                t1 = time.thread_time()
                raw = serialize_message(response)
                t2 = time.thread_time()
                back = deserialize_message(raw, Recall.Response)
                t3 = time.thread_time()
                if answer_of is not None:
                    answer_of(back, brief is not None)
                else:
                    [client_lib.RecalledUnit(client_lib.stored_unit_from_msg(u),
                                             u.description, float(u.score))
                     for u in back.units]
                t4 = time.thread_time()
                row = {"to_msg": stages.get("to_msg", 0) / 1e6,
                       "rank_wall": stages.get("rank", 0) / 1e6, "server": handler,
                       "serialise": t2 - t1, "deserialise": t3 - t2,
                       "client": t4 - t3, "total": t4 - t0, "context": cpu["context"],
                       "describe": cpu["describe"]}
                best = row if not best or row["total"] < best["total"] else best
                # The message's fields (its repr), not its CDR bytes: the padding bytes
                # between fields are not the answer's and differ between runs.
                d = hashlib.blake2b(repr(back).encode(), digest_size=8).hexdigest()
                if digest and d != digest:
                    unstable.append(diff_fields(first, back))
                else:
                    first = back
                digest = d
            steps = (len(split_subtasks(req["text"], recaller.lexicon))
                     if req["per_subtask"] else 1)
            rows.append({"kind": kinds[0], "us": {k: round(v * 1e6) for k, v in best.items()},
                         "units": len(back.units), "bytes": len(raw),
                         "context_chars": len(back.context), "answer": digest,
                         "steps": steps})
        # to_msg and rank from the server's own counters are not per request here: the
        # handler's CPU minus recall's is read from the stage split below.
        return {"requests": rows, "unstable_between_reps": unstable}
    finally:
        m.close()


def diff_fields(a: object, b: object) -> list[str]:
    """The response fields that differ between two runs of one request (diagnostic)."""
    names = list(a.get_fields_and_field_types())  # type: ignore[attr-defined]
    return [n for n in names if getattr(a, n) != getattr(b, n)]


def summary(rows: list[dict]) -> dict:
    out: dict = {}
    for kind in KINDS:
        rs = [r for r in rows if r["kind"] == kind]
        if not rs:
            continue
        out[kind] = {s: {"p50": pct([r["us"][s] for r in rs], 0.5),
                         "p99": pct([r["us"][s] for r in rs], 0.99),
                         "mean": round(statistics.fmean(r["us"][s] for r in rs))}
                     for s in rs[0]["us"]}
        out[kind]["bytes"] = {"p50": pct([r["bytes"] for r in rs], 0.5),
                              "max": max(r["bytes"] for r in rs)}
        out[kind]["units"] = {"p50": pct([r["units"] for r in rs], 0.5),
                              "max": max(r["units"] for r in rs)}
        out[kind]["n"] = len(rs)
    return out


def main() -> int:
    if CHILD:
        memory_dir = Path(ARGV[ARGV.index("--dir") + 1])
        requests = json.loads(Path(ARGV[ARGV.index("--requests") + 1]).read_text())
        reps = int(ARGV[ARGV.index("--reps") + 1])
        print(json.dumps(measure(memory_dir, requests, reps)))
        return 0
    if load() is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    import recall_rank_cost

    against = ARGV[ARGV.index("--against") + 1] if "--against" in ARGV else ""
    rounds = int(ARGV[ARGV.index("--rounds") + 1]) if "--rounds" in ARGV else 1
    reps = int(ARGV[ARGV.index("--reps") + 1]) if "--reps" in ARGV else 3
    name = ARGV[ARGV.index("--out") + 1] if "--out" in ARGV else "recall_answer_stages"
    result: dict = {"units": 10_000, "rounds": rounds, "reps": reps, "peer_code": against,
                    "planner_mode": "--planner" in ARGV, "runs": []}
    with tempfile.TemporaryDirectory(prefix="recall_answer_stages_") as tmp:
        base = Path(tmp) / "memory"
        base.mkdir()
        # --planner (round 48): the per-subtask requests as the planner sends them
        # (recall_rank_cost.py --planner's, texts the server has not seen).
        requests = recall_rank_cost.build(base, "--planner" in ARGV)
        listing = Path(tmp) / "requests.json"
        listing.write_text(json.dumps(requests))
        result["runs"] = alternating_child_runs(
            __file__, base, Path(tmp), against, rounds,
            ["--requests", str(listing), "--reps", str(reps)], summary, cwd=Path(tmp))
    if against:
        this = [r for r in result["runs"] if r["code"] == "this"]
        peer = [r for r in result["runs"] if r["code"] == "peer"]
        same = [sum(x["answer"] == y["answer"] for x, y in
                    zip(a["requests"], b["requests"], strict=True))
                for a, b in zip(this, peer, strict=True)]
        result["answers_identical_bytes"] = {"same": same, "of": len(requests)}
        print(json.dumps(result["answers_identical_bytes"]))
    out = save_result(name, result, indent=None)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
