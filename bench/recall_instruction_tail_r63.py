"""Round 63 (issue 11, part 4): what the slowest whole-instruction requests over DDS have in common.

Reads the raw records of ``bench/recall_dds_latency.py`` run with ``RECALL_BENCH_SPLIT=deep
RECALL_BENCH_SPLIT_RAW=DIR`` (``DIR/<out>_<scorer>_{server,client}.jsonl``; since round 63 a
served request's record also holds the WordNet index reads made since the previous record,
``wn``: thread and time, i.e. words new to the process, and the lexicon's memo misses inside
the callback, ``memo_misses``: bench/dds_split_hooks.py). Per request of the mode asked
(default ``instruction``), joined by (service, sequence number):

* ``wall``: the client's round trip; ``callback``: the server's callback wall;
  ``handler_cpu``: its thread CPU; ``handler_runqueue``: the executor thread runnable but
  without a core inside the callback (schedstat);
* ``model``: the model call's wall on the model worker (``Embedder.embed`` that started inside
  the callback), ``model_texts``: its batch; ``after_model``: its end to the callback's end;
* ``wordnet_reads``: WordNet index reads on the executor thread inside the callback (words
  new to the process, their forms and pairs); ``memo_misses``: the lexicon's memo misses;
* ``gc_ms``: collections on the executor thread inside the callback (generation 0/1: full ones
  only at settles); ``prefetch_ms``: the steps' prefetch embedding on its own thread
  overlapping the callback (CPU the request competed with).

Then the slowest ``--tail`` share (default 2 %) against the rest: each column's median and
mean, and the wall and handler CPU by WordNet reads (0 / 1-3 / 4+).

``--stages`` (round 66): per request also the server's own stage walls (``stage.<name>``: the
lock, snapshot, sources, the model, ranking, context, prefetch of ``recall_memory``), the
model worker's and the prefetch worker's thread CPU inside the callback (``model_cpu``,
``prefetch_cpu``), the text's words and the model's tokens (``words``, ``tokens``: the
request's text, recorded by recall_dds_latency.py since round 66), its position among the
server's requests (``seq``), and each column's share of the tail's excess over the rest's
median; the slowest requests are listed with their texts. ``--over MS``: the tail is every
request with a wall >= MS (e.g. 10, the target) instead of a share. ``--by cpu`` (with
``--stages``): requests ordered by their own CPU (the handler's thread plus the model
worker's inside the callback) instead of the client's wall: on a machine at load 20-60 the
wall is the run queue's, the CPU what the request itself costs.

    .venv/bin/python bench/recall_instruction_tail_r63.py DIR [--mode instruction]
        [--tail 0.02 | --over MS] [--stages [--by cpu]] [--out NAME]
        # -> bench/results/NAME.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from recall_common import save_result  # noqa: E402

COLUMNS = ("wall", "callback", "handler_cpu", "handler_runqueue", "model", "model_texts",
           "after_model", "wordnet_reads", "memo_misses", "gc_ms", "prefetch_ms")
# --stages: recall_memory's stage names (StageTimes "<kind>.<stage>", wall) and the rest.
STAGES = ("check", "lock", "snapshot", "sources", "model", "model_hidden", "rank", "context",
          "prefetch", "total")
STAGE_COLUMNS = (*(f"stage.{n}" for n in STAGES), "model_cpu", "prefetch_cpu",
                 "other_model_ms", "other_prefetch_ms", "words", "tokens", "seq")


def _thread_cpu(r: dict, prefix: str) -> float:
    """CPU ms of the server's threads named `prefix`* between the callback's start and end."""
    before, after = r.get("threads", {}), r.get("threads1", {})
    return sum(v - before.get(t, 0) for t, v in after.items() if t.startswith(prefix)) / 1e6


def _tokenizer() -> Any:
    """The model's tokenizer (the packaged tokenizer.json the embedder loads)."""
    from tokenizers import Tokenizer

    from memory_node.core.tokens import packaged_tokenizer_path
    tokenizer = Tokenizer.from_file(str(packaged_tokenizer_path()))
    tokenizer.no_padding()  # the file pads to 128; a request is embedded alone, unpadded
    return tokenizer


def stage_columns(r: dict, c: dict, mode: str, tokenizer: Any) -> dict:
    kind = {"instruction": "instruction", "per_subtask": "subtask"}.get(mode, mode)
    walls = {name.split(".", 1)[1]: w / 1e3 for name, w, _ in r.get("stages") or []
             if name.startswith(f"{kind}.")}
    text = c.get("text", "")
    return ({f"stage.{n}": walls.get(n, 0.0) for n in STAGES}
            | {"model_cpu": _thread_cpu(r, "recall-model"),
               "prefetch_cpu": _thread_cpu(r, "recall-prefetch"),
               "words": len(text.split()),
               "tokens": len(tokenizer.encode(text).ids) if text else 0,
               "seq": r["seq"], "text": text})


def _overlap(a0: int, a1: int, b0: int, b1: int) -> int:
    return max(0, min(a1, b1) - max(a0, b0))


def _embeds(stem: Path) -> list[list]:
    """A server's model calls (thread, start, end, texts), from its raw records."""
    return [e for x in Path(f"{stem}_server.jsonl").read_text().splitlines() if x.strip()
            for e in json.loads(x).get("embeds", [])]


def rows(stem: Path, mode: str, tokenizer: Any = None, others: tuple[Path, ...] = ()
         ) -> list[dict]:
    server = [json.loads(x) for x in Path(f"{stem}_server.jsonl").read_text().splitlines()
              if x.strip()]
    calls = {(c["name"].lstrip("/"), c["seq"]): c for c in (
        json.loads(x) for x in Path(f"{stem}_client.jsonl").read_text().splitlines()
        if x.strip())}
    embeds = [e for r in server for e in r.get("embeds", [])]
    other_embeds = [e for o in others for e in _embeds(o)] if tokenizer is not None else []
    gcs = [g for r in server for g in r.get("gc", [])]
    reads = [w for r in server for w in r.get("wn", [])]
    out = []
    for r in server:
        if r["k"] != "srv":
            continue
        c = calls.get((r["name"].lstrip("/"), r["seq"]))
        if c is None or c["mode"] != mode:
            continue
        cb0, cb1 = r["cb0"], r["cb1"]
        model = [e for e in embeds if e[0].startswith("recall-model") and cb0 <= e[1] <= cb1]
        rq = r.get("rq") or [0, 0, 0]
        out.append({
            "stem": stem.name, "seq": r["seq"],
            "wall": (c["call1"] - c["call0"]) / 1e6,
            "callback": (cb1 - cb0) / 1e6,
            "handler_cpu": r["cpu"] / 1e6,
            "handler_runqueue": (rq[2] - rq[1]) / 1e6,
            "model": sum(e[2] - e[1] for e in model) / 1e6,
            "model_texts": sum(e[3] for e in model),
            "after_model": (cb1 - max(e[2] for e in model)) / 1e6 if model else 0.0,
            "wordnet_reads": sum(1 for w in reads if w[0] == "MainThread" and cb0 <= w[1] <= cb1),
            "memo_misses": r.get("memo_misses", 0),
            "gc_ms": sum(_overlap(g[1], g[2], cb0, cb1) for g in gcs
                         if g[3] == "MainThread") / 1e6,
            "prefetch_ms": sum(_overlap(e[1], e[2], cb0, cb1) for e in embeds
                               if e[0].startswith("recall-prefetch")) / 1e6})
        if tokenizer is not None:
            # The other server's model calls inside this callback (the interleaved bench
            # runs two servers on one machine; wall clocks are the host's, comparable).
            out[-1] |= stage_columns(r, c, mode, tokenizer) | {
                f"other_{kind}_ms": sum(_overlap(e[1], e[2], cb0, cb1) for e in other_embeds
                                        if e[0].startswith(f"recall-{kind}")) / 1e6
                for kind in ("model", "prefetch")}
    return out


def _summary(rs: list[dict], columns: tuple[str, ...] = COLUMNS) -> dict:
    return {k: {"median": round(float(np.median([r[k] for r in rs])), 3),
                "mean": round(float(np.mean([r[k] for r in rs])), 3)} for k in columns} \
        if rs else {}


def by_tokens(rs: list[dict]) -> dict:
    """Round 71 (``--by-tokens``, with ``--stages``): the model's tokens against its cost, per
    request: per token band the model call's thread CPU and wall, the handler's run-queue
    wait and the client's wall (p50 / p99); and least squares of the model's CPU on tokens
    (a + b t) and with a quadratic term (a + b t + c t^2): attention's n^2 part shows as c."""
    bands = ((0, 8), (9, 12), (13, 16), (17, 10**9))
    out: dict[str, Any] = {}
    for lo, hi in bands:
        sel = [r for r in rs if lo <= r["tokens"] <= hi]
        if not sel:
            continue
        out[f"{lo}-{hi if hi < 10**9 else 'more'}"] = {"requests": len(sel), **{
            k: [round(float(np.median(v := [r[k] for r in sel])), 3),
                round(float(np.percentile(v, 99)), 3)]
            for k in ("model_cpu", "model", "handler_cpu", "handler_runqueue", "wall")}}
    t = np.array([r["tokens"] for r in rs], dtype=float)
    y = np.array([r["model_cpu"] for r in rs], dtype=float)
    fits = {}
    for name, cols in (("linear", [np.ones_like(t), t]),
                       ("quadratic", [np.ones_like(t), t, t * t])):
        x = np.stack(cols, axis=1)
        coef, *_ = np.linalg.lstsq(x, y, rcond=None)
        resid = y - x @ coef
        fits[name] = {"coef_ms": [round(float(c), 5) for c in coef],
                      "rmse_ms": round(float(np.sqrt(np.mean(resid ** 2))), 3)}
    return {"bands": out, "model_cpu_fit": fits,
            "correlation_tokens_model_cpu": round(float(np.corrcoef(t, y)[0, 1]), 3)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--mode", default="instruction")
    ap.add_argument("--tail", type=float, default=0.02)
    ap.add_argument("--over", type=float, default=0.0)
    ap.add_argument("--stages", action="store_true")
    ap.add_argument("--by", choices=("wall", "cpu"), default="wall")
    ap.add_argument("--out", default="recall_instruction_tail_r63")
    ap.add_argument("--by-tokens", action="store_true",
                    help="round 71, with --stages: the model's cost per token band and its CPU "
                         "fitted on tokens, linear and quadratic (by_tokens)")
    a = ap.parse_args()
    stems = sorted({Path(str(p)[:-len("_server.jsonl")])
                    for p in Path(a.dir).glob("*_server.jsonl")})
    tokenizer = _tokenizer() if a.stages else None
    columns = COLUMNS + (STAGE_COLUMNS if a.stages else ())
    all_rows = [r for s in stems for r in rows(s, a.mode, tokenizer,
                                               tuple(o for o in stems if o != s))]
    if a.by == "cpu":
        for r in all_rows:
            r["own_cpu"] = r["handler_cpu"] + r["model_cpu"]
        columns += ("own_cpu",)
    by = "own_cpu" if a.by == "cpu" else "wall"
    walls = np.array([r["wall"] for r in all_rows])
    ordered = np.array([r[by] for r in all_rows])
    cut = a.over or float(np.quantile(ordered, 1 - a.tail))
    tail = [r for r in all_rows if r[by] >= cut]
    rest = [r for r in all_rows if r[by] < cut]
    by_reads = {}
    for lo, hi in ((0, 0), (1, 3), (4, 10**9)):
        sel = [r for r in all_rows if lo <= r["wordnet_reads"] <= hi]
        if sel:
            w = [r["wall"] for r in sel]
            h = [r["handler_cpu"] for r in sel]
            by_reads[f"{lo}-{hi if hi < 10**9 else 'more'}"] = {
                "requests": len(sel), "in_tail": sum(r[by] >= cut for r in sel),
                "wall_p50": round(float(np.median(w)), 3),
                "wall_p99": round(float(np.percentile(w, 99)), 3),
                "handler_cpu_p50": round(float(np.median(h)), 3),
                "handler_cpu_p99": round(float(np.percentile(h, 99)), 3)}
    # How much of the wall (--by cpu: of the request's own CPU) each column explains across
    # requests (Pearson r).
    corr = {k: round(float(np.corrcoef(ordered, [r[k] for r in all_rows])[0, 1]), 3)
            for k in columns if k != by and np.std([r[k] for r in all_rows]) > 0}
    excess = {}
    if a.stages and tail and rest:
        # Where the tail's wall goes over the rest's: each column's tail mean less the rest's
        # median, in ms (stage walls, thread CPU), as a share of the wall's excess.
        over = float(np.mean([r[by] for r in tail]) - np.median([r[by] for r in rest]))
        excess = {f"{by}_excess_ms": round(over, 3)} | {
            k: round(float(np.mean([r[k] for r in tail]) - np.median([r[k] for r in rest])), 3)
            for k in ("wall", "callback", "handler_cpu", "handler_runqueue", "model", "model_cpu",
                      "prefetch_cpu", "other_model_ms", "other_prefetch_ms", "gc_ms",
                      *(f"stage.{n}" for n in STAGES))}
    result = {"dir": a.dir, "mode": a.mode, "stems": [s.name for s in stems], "by": by,
              "requests": len(all_rows), "tail_share": a.tail, "tail_cut_ms": round(cut, 3),
              "tail_requests": len(tail),
              "wall_p50": round(float(np.median(walls)), 3),
              "wall_p99": round(float(np.percentile(walls, 99)), 3),
              "tail": _summary(tail, columns), "rest": _summary(rest, columns),
              f"correlation_with_{by}": corr,
              "tail_excess_over_rest_median_ms": excess,
              "by_wordnet_reads": by_reads,
              **({"by_tokens": by_tokens(all_rows)} if a.stages and a.by_tokens else {}),
              "slowest": sorted(({k: (round(v, 3) if isinstance(v, float) else v)
                                  for k, v in r.items()} for r in tail),
                                key=lambda r: -r[by])}
    path = save_result(a.out, result)
    print(json.dumps({k: v for k, v in result.items() if k != "slowest"}, indent=1))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
