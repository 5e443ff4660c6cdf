"""Round 65 (issue 11, part 4): the planner-mode per-subtask requests of a
``recall_dds_latency.py`` run with RECALL_BENCH_SPLIT=deep and RECALL_BENCH_SPLIT_RAW=DIR,
each joined with what its server did for that text before it came: the recall_ahead
callback (wall, CPU, the gap to the request), the model's prefetch calls (their end against
the request's arrival), the table reads and page faults (dds_split_hooks, round 65), the
garbage collections; per server, and for the requests in the slowest 5 % of each server.

    .venv/bin/python bench/recall_dds_ahead_r65.py DIR OUT_STEM [MODE]  # -> results/OUT_STEM.json

MODE: per_subtask (default) or instruction (whole instructions: no text comes ahead).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
from environment import with_environment

RESULTS = Path(__file__).resolve().parent / "results"


def _p(xs: list[float]) -> dict[str, float]:
    if not xs:
        return {}
    a = np.asarray(xs, dtype=float)
    return {"n": len(xs), "p50": round(float(np.percentile(a, 50)), 3),
            "p90": round(float(np.percentile(a, 90)), 3),
            "p99": round(float(np.percentile(a, 99)), 3), "mean": round(float(a.mean()), 3)}


def rows_of(server: Path, client: Path, mode: str = "per_subtask") -> list[dict]:
    recs = [json.loads(x) for x in server.read_text().splitlines() if x.strip()]
    calls = {(c["name"].lstrip("/"), c["seq"]): c
             for c in (json.loads(x) for x in client.read_text().splitlines() if x.strip())}
    aheads = sorted((r for r in recs if r["k"] == "sub" and "recall_ahead" in r["name"]),
                    key=lambda r: r["t0"])
    out = []
    prev_flt = None
    for r in recs:
        if r["k"] != "srv":
            continue
        c = calls.get((r["name"].lstrip("/"), r["seq"]))
        flt = r.get("flt") or [0, 0, 0, 0]
        between: int | None = None if prev_flt is None else flt[0] - prev_flt
        prev_flt = flt[2]
        if c is None or c.get("mode") != mode:
            continue
        before = [a for a in aheads if a["t0"] < r["rcv"]]
        ahead = before[-1] if before and mode == "per_subtask" else None
        embeds = r.get("embeds") or []
        last_embed_end = max((e[2] for e in embeds), default=None)
        table = r.get("table") or []
        out.append({
            "total_ms": (c["call1"] - c["call0"]) / 1e6,
            "handler_ms": (r["cb1"] - r["cb0"]) / 1e6,
            "handler_cpu_ms": r["cpu"] / 1e6,
            "queue_ms": (r["take0"] - r["rcv"]) / 1e6,
            "send_ms": (r["sent"] - r["cb1"]) / 1e6,
            "dds_response_ms": (c["rcv"] - c["src"]) / 1e6,
            "ahead_wall_ms": None if ahead is None else (ahead["t1"] - ahead["t0"]) / 1e6,
            "ahead_cpu_ms": None if ahead is None else ahead["cpu"] / 1e6,
            "ahead_end_to_request_ms": None if ahead is None else (r["rcv"] - ahead["t1"]) / 1e6,
            "embed_after_arrival_ms": (None if last_embed_end is None
                                       else (last_embed_end - r["rcv"]) / 1e6),
            "embed_calls": len(embeds),
            "table_reads": len(table),
            "table_read_us": sum(t[2] - t[1] for t in table) / 1e3,
            "minflt_in_handler": flt[2] - flt[0], "majflt_in_handler": flt[3] - flt[1],
            "minflt_since_last": between,
            "gc_ms": sum(g[2] - g[1] for g in r.get("gc") or []) / 1e6,
            "rq_wait_in_handler_ms": (r["rq"][2] - r["rq"][1]) / 1e6 if r.get("rq") else None,
            "wn_reads": len(r.get("wn") or []),
            "other_threads_cpu_in_handler_ms": sum(
                (r.get("threads1", {}).get(t, v) - v) for t, v in r["threads"].items()
                if t != "MainThread") / 1e6,
        })
    return out


def summary(rows: list[dict]) -> dict:
    keys = [k for k in rows[0] if k != "total_ms"] if rows else []
    walls = np.array([r["total_ms"] for r in rows])
    cut = float(np.percentile(walls, 95)) if rows else 0.0
    tail = [r for r in rows if r["total_ms"] >= cut]
    out: dict = {"all": {"total_ms": _p([r["total_ms"] for r in rows])},
                 "slowest_5pct": {"total_ms": _p([r["total_ms"] for r in tail])}}
    for k in keys:
        out["all"][k] = _p([r[k] for r in rows if r[k] is not None])
        out["slowest_5pct"][k] = _p([r[k] for r in tail if r[k] is not None])
    return out


def main() -> int:
    raw, stem = Path(sys.argv[1]), sys.argv[2]
    mode = sys.argv[3] if len(sys.argv) > 3 else "per_subtask"
    result: dict = {"raw": str(raw), "mode": mode, "servers": {}}
    for server in sorted(raw.glob("*_server.jsonl")):
        name = server.name[:-len("_server.jsonl")]
        rows = rows_of(server, server.with_name(f"{name}_client.jsonl"), mode)
        result["servers"][name] = summary(rows) | {"rows": rows}
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"{stem}.json"
    path.write_text(json.dumps(with_environment(result), indent=1) + "\n")
    for name, s in result["servers"].items():
        print(name)
        for part in ("all", "slowest_5pct"):
            print(" ", part, {k: (v.get("p50"), v.get("p99"), v.get("mean"))
                              for k, v in s[part].items() if v})
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
