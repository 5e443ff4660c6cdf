"""What makes the slowest requests of recall_dds_latency.py's per-subtask phase slow (round 58).

Reads the raw records a run of ``bench/recall_dds_latency.py`` with ``RECALL_BENCH_SPLIT=deep
RECALL_BENCH_SPLIT_RAW=DIR`` left (``DIR/<out>_<scorer>_{server,client}.jsonl``, one pair per
server), joins each timed request's client and server records (service, sequence number) and
splits its wall (the client's call, CLOCK_REALTIME) into parts that add up to it:

* ``dds_and_client``: the client's send, DDS both ways, the client's queue, take and return;
* ``queue_busy``: the server's executor running another callback (a timer, the text sent
  ahead, ...) while the request waited to be taken;
* ``queue_other``: the rest of the wait to be taken, the take and the dispatch (of which
  ``queue_runqueue``: the executor thread's run-queue wait from the previous request's
  callback end to this one's callback start, i.e. its wake-ups, this request's and the text
  sent ahead's);
* ``handler_cpu``: the callback's own thread CPU, less the collections it ran
  (``gc_in_handler``: the garbage collections on the executor thread inside the callback);
* ``handler_runqueue``: the callback's thread runnable but without a core (schedstat);
* ``handler_other_wait``: the callback's wall less its CPU and run-queue wait (the GIL held by
  another thread, a lock, the model worker's vectors);
* ``send``: the response's conversion and rcl's send.

Each request of the slowest ``--tail`` share (default 2 %, by wall, over every server and
run given) is classed by the part that exceeds its median (over all requests of the same
runs) the most; per class the count, and the tail's mean excess per part. Also what ran
beside the tail's callbacks: other threads' CPU, model calls on another thread overlapping
the callback, and the recall stages the callback timed (tail vs median).

    .venv/bin/python bench/recall_tail_trace.py DIR [--tail 0.02] [--mode per_subtask]
        [--out NAME]   # -> results/NAME.json

``--cache-phases`` (round 68): instead, per server, the short-term policy's calls (the deep
hook's ``cache`` events: method, thread, start, end) before the first timed call, inside each
timed phase's calls (by mode) and between them: the call counter that shows a change inside
the policy is off the path the DDS bench times (the COMMON brief's rule for such code).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

PARTS = ("dds_and_client", "queue_busy", "queue_other", "handler_cpu", "gc_in_handler",
         "handler_runqueue", "handler_other_wait", "send")


def _overlap(a0: int, a1: int, b0: int, b1: int) -> int:
    return max(0, min(a1, b1) - max(a0, b0))


def requests(stem: Path, mode: str) -> list[dict]:
    server = [json.loads(x) for x in Path(f"{stem}_server.jsonl").read_text().splitlines()
              if x.strip()]
    calls = [json.loads(x) for x in Path(f"{stem}_client.jsonl").read_text().splitlines()
             if x.strip()]
    served = {(r["name"].lstrip("/"), r["seq"]): r for r in server if r["k"] == "srv"}
    # The executor thread's run-queue wait from the previous request's callback end to this
    # one's take: its wake-ups meanwhile (this request's and the text sent ahead's).
    woke: dict[int, int] = {}
    last = None
    for r in server:
        if r["k"] == "srv" and "rq" in r:
            woke[id(r)] = r["rq"][0] - last["rq"][2] if last is not None else 0
            last = r
    others = [r for r in server if r["k"] in ("timer", "sub")]
    gcs = [g for r in server if r["k"] == "srv" for g in r.get("gc", [])]
    embeds = [e for r in server if r["k"] == "srv" for e in r.get("embeds", [])]
    caches = [e for r in server if r["k"] == "srv" for e in r.get("cache", [])]
    rows = []
    for c in calls:
        if c["mode"] != mode:
            continue
        s = served.get((c["name"].lstrip("/"), c["seq"]))
        if s is None or "rq" not in s:
            continue
        ms = 1e-6
        total = (c["call1"] - c["call0"]) * ms
        handler = (s["cb1"] - s["cb0"]) * ms
        cpu = s["cpu"] * ms
        gc_handler = sum(_overlap(g[1], g[2], s["cb0"], s["cb1"]) for g in gcs
                         if g[3] == "MainThread") * ms
        runq = (s["rq"][2] - s["rq"][1]) * ms
        busy = sum(_overlap(o["t0"], o["t1"], s["rcv"], s["take0"]) for o in others) * ms
        queue = (s["cb0"] - s["rcv"]) * ms
        send = (s["sent"] - s["cb1"]) * ms
        server_part = (s["sent"] - s["rcv"]) * ms
        parts = {"dds_and_client": total - server_part, "queue_busy": busy,
                 "queue_other": queue - busy, "handler_cpu": cpu - gc_handler,
                 "gc_in_handler": gc_handler, "handler_runqueue": runq,
                 "handler_other_wait": handler - cpu - runq, "send": send}
        beside = {t: (v - s["threads"].get(t, 0)) * ms for t, v in s.get("threads1", {}).items()
                  if t != "MainThread" and v - s["threads"].get(t, 0) > 0}
        model_beside: dict[str, float] = {}
        for e in embeds:
            o = _overlap(e[1], e[2], s["cb0"], s["cb1"]) * ms
            if o > 0 and e[0] != "MainThread":
                model_beside[e[0]] = model_beside.get(e[0], 0.0) + o
        # The model call of the text sent ahead: did it end before the request arrived?
        ahead = [e for e in embeds if e[0].startswith("recall-prefetch") and e[1] < s["rcv"]]
        last_ahead = max(ahead, key=lambda e: e[1]) if ahead else None
        rows.append({
            "stem": stem.name, "seq": c["seq"], "total": total, "parts": parts,
            "queue_runqueue": (s["rq"][1] - s["rq"][0] + woke.get(id(s), 0)) * ms,
            "client_runqueue": c.get("call_rq", 0) * ms,
            "handler": handler, "threads_beside": beside, "model_beside": model_beside,
            "ahead_end_before_request_ms": None if last_ahead is None
            else (s["rcv"] - last_ahead[2]) * ms,
            "ahead_model_ms": None if last_ahead is None else (last_ahead[2] - last_ahead[1]) * ms,
            "gc_in_handler": [[g[0], round((g[2] - g[1]) * ms, 3), g[4]] for g in gcs
                              if g[3] == "MainThread"
                              and _overlap(g[1], g[2], s["cb0"], s["cb1"]) > 0],
            "queue_busy_by": {o["name"]: round(_overlap(o["t0"], o["t1"], s["rcv"], s["take0"])
                                               * ms, 3) for o in others
                              if _overlap(o["t0"], o["t1"], s["rcv"], s["take0"]) > 0},
            # Round 66: the short-term policy's calls (any thread) during the callback.
            "cache_in_handler": [[e[0], round((e[3] - e[2]) * ms, 4)] for e in caches
                                 if _overlap(e[2], e[3], s["cb0"], s["cb1"]) > 0],
            "stages": {n: w / 1000 for n, w, _ in s.get("stages") or []}})
    return rows


def classify(rows: list[dict], tail: float) -> dict:
    med = {p: float(np.median([r["parts"][p] for r in rows])) for p in PARTS}
    walls = np.array([r["total"] for r in rows])
    cut = float(np.percentile(walls, 100 * (1 - tail)))
    slow = sorted((r for r in rows if r["total"] >= cut), key=lambda r: -r["total"])
    classes: dict[str, list[dict]] = {}
    for r in slow:
        excess = {p: r["parts"][p] - med[p] for p in PARTS}
        cause = max(excess, key=lambda p: excess[p])
        r["excess"] = excess
        r["cause"] = cause
        classes.setdefault(cause, []).append(r)
    stage_names = sorted({n for r in rows for n in r["stages"]})
    stage_med = {n: float(np.median([r["stages"].get(n, 0.0) for r in rows]))
                 for n in stage_names}

    def summary(group: list[dict]) -> dict:
        return {
            "n": len(group),
            "wall_ms_median": round(float(np.median([r["total"] for r in group])), 2),
            "mean_excess_ms": {p: round(float(np.mean([r["excess"][p] for r in group])), 2)
                               for p in PARTS},
            "with_gc_in_handler": sum(bool(r["gc_in_handler"]) for r in group),
            "with_model_beside": sum(bool(r["model_beside"]) for r in group),
            "queue_runqueue_ms_mean": round(float(np.mean([r["queue_runqueue"]
                                                           for r in group])), 2),
            "client_runqueue_ms_mean": round(float(np.mean([r["client_runqueue"]
                                                            for r in group])), 2)}

    return {
        "requests": len(rows), "tail_share": tail, "tail_cut_ms": round(cut, 2),
        "p50_ms": round(float(np.percentile(walls, 50)), 2),
        "p99_ms": round(float(np.percentile(walls, 99)), 2),
        "median_parts_ms": {p: round(v, 3) for p, v in med.items()},
        "all_requests_runqueue_ms": {
            "handler_p50": round(float(np.median([r["parts"]["handler_runqueue"]
                                                  for r in rows])), 3),
            "handler_p99": round(float(np.percentile([r["parts"]["handler_runqueue"]
                                                      for r in rows], 99)), 3)},
        "requests_with_gc_in_handler": sum(bool(r["gc_in_handler"]) for r in rows),
        "requests_with_model_beside": sum(bool(r["model_beside"]) for r in rows),
        "requests_with_cache_calls": sum(bool(r.get("cache_in_handler")) for r in rows),
        "cache_calls_in_handlers": sum(len(r.get("cache_in_handler", [])) for r in rows),
        "classes": {c: summary(g) for c, g in sorted(classes.items(),
                                                     key=lambda kv: -len(kv[1]))},
        "stage_median_ms": {n: round(v, 3) for n, v in stage_med.items()},
        "slowest": [{"stem": r["stem"], "seq": r["seq"], "wall_ms": round(r["total"], 2),
                     "cause": r["cause"],
                     "parts_ms": {p: round(v, 2) for p, v in r["parts"].items()},
                     "queue_runqueue_ms": round(r["queue_runqueue"], 2),
                     "client_runqueue_ms": round(r["client_runqueue"], 2),
                     "gc_in_handler": r["gc_in_handler"],
                     "queue_busy_by": r["queue_busy_by"],
                     "threads_beside_ms": {k: round(v, 2) for k, v in
                                           r["threads_beside"].items()},
                     "model_beside_ms": {k: round(v, 2) for k, v in r["model_beside"].items()},
                     "ahead_ended_ms_before": None if r["ahead_end_before_request_ms"] is None
                     else round(r["ahead_end_before_request_ms"], 1),
                     "stages_over_median_ms": {
                         n: round(v - stage_med.get(n, 0.0), 2)
                         for n, v in r["stages"].items() if v - stage_med.get(n, 0.0) > 0.3}}
                    for r in slow]}


def cache_phases(stem: Path) -> dict:
    """Round 68: the policy's calls of one server, by where they fall against the timed calls."""
    server = [json.loads(x) for x in Path(f"{stem}_server.jsonl").read_text().splitlines()
              if x.strip()]
    calls = [json.loads(x) for x in Path(f"{stem}_client.jsonl").read_text().splitlines()
             if x.strip()]
    events = [e for r in server if r["k"] == "srv" for e in r.get("cache", [])]
    first = min(c["call0"] for c in calls)
    last = max(c["call1"] for c in calls)
    by_mode: dict[str, list[tuple[int, int]]] = {}
    for c in calls:
        by_mode.setdefault(c["mode"], []).append((c["call0"], c["call1"]))
    out: dict = {"events": len(events),
                 "by_method": {m: sum(e[0] == m for e in events)
                               for m in sorted({e[0] for e in events})},
                 "before_the_first_timed_call": sum(e[3] < first for e in events),
                 "from_the_first_to_the_last_timed_call": sum(
                     e[3] >= first and e[2] <= last for e in events),
                 "after_the_last_timed_call": sum(e[2] > last for e in events),
                 "seconds_from_the_last_call_to_the_first_timed_call": round(
                     (first - max((e[3] for e in events if e[3] < first), default=first)) / 1e9,
                     3),
                 "inside_timed_calls_by_mode": {}}
    for mode, spans in sorted(by_mode.items()):
        out["inside_timed_calls_by_mode"][mode] = {
            "calls": len(spans),
            "policy_calls_inside": sum(any(e[2] <= b and e[3] >= a for a, b in spans)
                                       for e in events)}
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--tail", type=float, default=0.02)
    ap.add_argument("--mode", default="per_subtask")
    ap.add_argument("--out", default="")
    ap.add_argument("--only", default="", help="only stems containing this")
    ap.add_argument("--cache-phases", action="store_true",
                    help="round 68: the short-term policy's calls per server against the "
                    "timed phases (a deep run's raw records)")
    a = ap.parse_args()
    stems = sorted({Path(str(p)[:-len("_server.jsonl")])
                    for p in Path(a.dir).glob("*_server.jsonl") if a.only in p.name})
    if a.cache_phases:
        result = {"stems": [s.name for s in stems],
                  "servers": {s.name: cache_phases(s) for s in stems}}
        if a.out:
            sys.path.insert(0, str(Path(__file__).parent))
            from recall_common import save_result
            print(f"wrote {save_result(a.out, result, indent=1)}")
        else:
            print(json.dumps(result, indent=1))
        return 0
    rows = [r for stem in stems for r in requests(stem, a.mode)]
    if not rows:
        print("no deep records found", file=sys.stderr)
        return 1
    result = {"stems": [s.name for s in stems], "mode": a.mode} | classify(rows, a.tail)
    text = json.dumps(result, indent=1)
    if a.out:
        sys.path.insert(0, str(Path(__file__).parent))
        from recall_common import save_result
        print(f"wrote {save_result(a.out, result, indent=1)}")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
