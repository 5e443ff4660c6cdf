"""Round 80 (issue 11, part 4): the planner's per-subtask request's CPU outside the model call,
server and client, at 10,000 units, in process (no DDS), per request and per part.

The DDS bench's memory and planner requests (`recall_rank_cost.build(..., planner=True)`).
After the server's first recall and the 200 whole-instruction requests (which warm the
process as the DDS bench's instruction phase does), each of the 100 planner texts is handled
as the planner and the memory server handle it:

* ``ahead``: the planner's text on memory/recall_ahead, taken raw by the server's callback
  (`RecallCapability._on_ahead`'s work: the String deserialised, `prefetch_subtasks`: the
  split, the lexical halves; its background model call is waited for and not counted);
* ``client_request``: the client serialises the Recall request;
* ``server_request``: the server deserialises it;
* ``handler``: `RecallCapability._recall` (the recall and the response's conversion);
* ``server_response``: the server serialises the response;
* ``client_response``: the client deserialises it.

A part's CPU is the calling thread's (`time.thread_time`) minus any model call on that
thread (`Embedder.embed`, as `recall_rank_cost.timed_model`); ``total`` sums the parts.
With ``--opcodes`` each part's Python bytecodes on the calling thread are counted instead of
timed (`opcode_count`; the rows' "us" then hold bytecodes: deterministic, whatever the
load). Every response is digested as the client reads it (every field), so two codes'
answers compare field by field (its CDR bytes do not: the alignment padding is not written).

    .venv/bin/python bench/recall_request_cpu_r80.py [--against DIR] [--rounds N] [--memory DIR]
        [--aa] [--opcodes] [--out NAME]
        # -> bench/results/<NAME>.json (default recall_request_cpu_r80)

``--against DIR`` (a tree holding ``memory_node/``) runs children on this checkout's code and
DIR's in turn (the order reversed every other round), each on a fresh copy of one memory;
``--aa`` adds a third code to the rotation, this checkout's again, so the A/A's ratio is read
beside the A/B's. ``--profile FILE``: each child's cProfile (thread CPU) to
FILE.<code>.<round>. Reported: per code the pooled (all requests of all its children)
p50 / p99 of each part, the ratios to the peer's, the RSS after the requests,
and whether every response was identical field by field.
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ARGV = sys.argv[1:]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from recall_common import (  # noqa: E402
    child_measure,
    child_run,
    load,
    save_result,
    served_memory,
)

PARTS = ("ahead", "client_request", "server_request", "handler", "server_response",
         "client_response")
K, BUDGET = 5, 600
NOW = 1_800_000_000.0  # the responses' clock (after every stamp of the bench's units)
WARM = 20  # the first planner texts meet words new to the process: left out, as round 74


def measure(memory_dir: Path, requests: list[dict]) -> dict:
    from rclpy.serialization import deserialize_message, serialize_message
    from recall_rank_cost import timed_model
    from std_msgs.msg import String

    from memory_node.nodes.recall_capability import RecallCapability
    from memory_node.srv import Recall

    opcodes = "--opcodes" in ARGV
    if opcodes:
        from opcode_count import OpcodeCount
    m = served_memory(memory_dir)
    try:
        rm = m.recall
        # One clock for every process: a unit's "seen ... ago" is read against it, and two
        # codes' responses are compared field by field.
        rm.clock = lambda: NOW
        rm.recall("bring me the mug from the kitchen", K, BUDGET)  # the server's first
        rec = rm._ensure()
        model = timed_model(rec.embedder)
        cap = RecallCapability.__new__(RecallCapability)  # its callback, without a node
        cap.recall = rm
        for r in requests:  # the instruction phase, untimed (it warms what the DDS bench's does)
            if not r["per_subtask"] and not r["subgoal"]:
                rm.recall(r["text"], K, BUDGET)
                rec.wait_for_prefetch(5.0)
        rows = []
        spent: dict[str, float] = {}
        profile = None
        if "--profile" in ARGV:  # cProfile over the parts (a diagnosis: its times are inflated)
            import cProfile
            profile = cProfile.Profile(time.thread_time)  # this thread's CPU, not the GIL's waits

        def part(name: str, f: Any, *a: Any) -> Any:
            if opcodes:  # counted instead of timed (the tracer's cost is not the code's)
                with OpcodeCount() as c:
                    out = f(*a)
                spent[name] = c.n / 1e6  # rows' "us" then hold bytecodes
                return out
            model["model_inline"] = 0.0
            if profile is not None:
                profile.enable()
            t = time.thread_time()
            out = f(*a)
            spent[name] = time.thread_time() - t - model["model_inline"]
            if profile is not None:
                profile.disable()
            return out

        for r in requests:
            if not r["per_subtask"]:
                continue
            spent.clear()

            raw_ahead = serialize_message(String(data=r["text"]))
            part("ahead", lambda raw: rm.prefetch_subtasks(
                deserialize_message(raw, String).data), raw_ahead)
            rec.wait_for_prefetch(5.0)
            request = Recall.Request(instruction=r["text"], k=K, token_budget=BUDGET,
                                     episode_id=r["episode"], per_subtask=True)
            raw_request = part("client_request", serialize_message, request)
            taken = part("server_request", deserialize_message, raw_request, Recall.Request)
            response = Recall.Response()
            part("handler", cap._recall, taken, response)
            raw_response = part("server_response", serialize_message, response)
            answer = part("client_response", deserialize_message, raw_response, Recall.Response)
            rec.wait_for_prefetch(5.0)
            if "--dump" in ARGV:  # every response's bytes, to diff two codes' answers
                dump = Path(ARGV[ARGV.index("--dump") + 1])
                dump.mkdir(parents=True, exist_ok=True)
                (dump / f"{len(rows):03d}.cdr").write_bytes(raw_response)
            rows.append({"us": {k: round(v * 1e6) for k, v in spent.items()},
                         "total_us": round(sum(spent.values()) * 1e6),
                         "bytes": len(raw_response),
                         # The fields as the client reads them (the CDR's alignment padding
                         # is not written by the serialiser: raw bytes differ run to run).
                         "answer": hashlib.blake2b(repr(answer).encode(),
                                                   digest_size=8).hexdigest()})
        if profile is not None:
            profile.dump_stats(ARGV[ARGV.index("--profile") + 1])
        rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return {"requests": rows, "max_rss_mb": round(rss_kb / 1024, 1),
                "background_model_s": round(model["background"], 3)}
    finally:
        m.close()


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def summary(rows: list[dict]) -> dict:
    rs = rows[WARM:]
    out = {p: {"p50": pct([r["us"][p] for r in rs], 0.5),
               "p99": pct([r["us"][p] for r in rs], 0.99)} for p in PARTS}
    out["total"] = {"p50": pct([r["total_us"] for r in rs], 0.5),
                    "p99": pct([r["total_us"] for r in rs], 0.99)}
    return out


def pooled(runs: list[dict]) -> dict:
    rows = [r for run in runs for r in run["requests"][WARM:]]
    out = {p: {"p50": pct([r["us"][p] for r in rows], 0.5),
               "p99": pct([r["us"][p] for r in rows], 0.99),
               "mean": round(statistics.fmean(r["us"][p] for r in rows))} for p in PARTS}
    out["total"] = {"p50": pct([r["total_us"] for r in rows], 0.5),
                    "p99": pct([r["total_us"] for r in rows], 0.99),
                    "mean": round(statistics.fmean(r["total_us"] for r in rows))}
    out["n"] = len(rows)
    out["max_rss_mb"] = [run["max_rss_mb"] for run in runs]
    out["process_total_p50"] = [run["summary"]["total"]["p50"] for run in runs]
    return out


def main() -> int:
    if child_run(ARGV, measure):
        return 0
    if load() is None:
        print("skip: AI2-THOR rearrangement data absent; the labelled set is generated from it")
        return 0
    import recall_rank_cost

    def value(flag: str, default: str) -> str:
        return ARGV[ARGV.index(flag) + 1] if flag in ARGV else default
    against, rounds = value("--against", ""), int(value("--rounds", "4"))
    name = value("--out", "recall_request_cpu_r80")
    this_code = str(Path(__file__).resolve().parents[1])
    extra = ["--opcodes"] if "--opcodes" in ARGV else []
    if "--profile" in ARGV:  # one file per child: FILE.<code>.<round>
        extra += ["--profile", value("--profile", "")]
    codes_run = {"this": this_code, **({"peer": against} if against else {}),
                 **({"this_aa": this_code} if "--aa" in ARGV else {})}
    runs = []
    with tempfile.TemporaryDirectory(prefix="recall_request_cpu_") as tmp:
        # --memory DIR: the prepared memory and its request list kept there (made once, if
        # absent), so repeated runs skip the 10,000 units' preparation.
        base = Path(value("--memory", str(Path(tmp) / "memory")))
        listing = base.parent / f"{base.name}_requests.json"
        if not listing.is_file():
            base.mkdir(parents=True, exist_ok=True)
            listing.write_text(json.dumps(recall_rank_cost.build(base, planner=True)))
        if against:
            import recall_dds_latency as dds
            dds.AGAINST = str(Path(against).resolve())
        for r in range(rounds):
            # The codes in turn, the order reversed every other round, so no code always
            # meets the machine in the same state (the A/A's copy among them).
            order = list(codes_run) if r % 2 == 0 else list(codes_run)[::-1]
            for who in order:
                d = Path(tmp) / f"m_{who}_{r}"
                shutil.copytree(base, d)
                if who == "peer":
                    dds.downgrade_for_peer(d / "memory.sqlite")
                load_before = os.getloadavg()
                res = child_measure(
                    __file__, d, codes_run[who],
                    ["--requests", str(listing),
                     *[f"{x}.{who}.{r}" if x == value("--profile", "") else x for x in extra]])
                res |= {"code": who, "round": r,
                        "loadavg_before_after": [load_before, os.getloadavg()],
                        "summary": summary(res["requests"])}
                print(json.dumps({"code": who, "round": r, "total": res["summary"]["total"],
                                  "handler": res["summary"]["handler"]}), flush=True)
                runs.append(res)
                shutil.rmtree(d)
    result: dict = {"units": 10_000, "rounds": rounds, "peer_code": against,
                    "warm_left_out": WARM, "runs": runs}
    codes = sorted({r["code"] for r in runs})
    result["pooled"] = {c: pooled([r for r in runs if r["code"] == c]) for c in codes}
    digests = {c: [[x["answer"] for x in r["requests"]] for r in runs if r["code"] == c]
               for c in codes}
    first = digests[codes[0]][0]
    result["responses_identical"] = all(d == first for ds in digests.values() for d in ds)
    result["differing_requests"] = {  # per code, per run: which requests differ from the first
        c: [[i for i, (x, y) in enumerate(zip(d, first, strict=True)) if x != y] for d in ds]
        for c, ds in digests.items()}
    ratios = {}
    for a, b in (("this", "peer"), ("this_aa", "this"), ("this_aa", "peer")):
        if a in result["pooled"] and b in result["pooled"]:
            pa, pb = result["pooled"][a], result["pooled"][b]
            ratios[f"{a}/{b}"] = {p: {q: round(pa[p][q] / max(pb[p][q], 1), 3)
                                      for q in ("p50", "p99", "mean")}
                                  for p in (*PARTS, "total")}
    result["ratios"] = ratios
    for r in result["runs"]:
        r.pop("requests")  # per-request rows: summarised above; the file stays small
    print(json.dumps({"responses_identical": result["responses_identical"],
                      "pooled": {c: result["pooled"][c]["total"] for c in codes},
                      "ratios": {k: v["total"] for k, v in ratios.items()}}, indent=1))
    print("wrote", save_result(name, result, indent=None))
    return 0


if __name__ == "__main__":
    sys.exit(main())
