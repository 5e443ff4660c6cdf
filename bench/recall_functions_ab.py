"""Round 38 (issue 11, part 4): per-subtask CPU of another checkout's versions of some
functions against this code's, in ONE process, request by request.

``recall_subtask_cpu_ab.py`` runs each code in its own process, one after the other: on a
machine whose load moves by 5-10 between processes, a change of a few per cent is lost in
that drift. Here the named functions of the peer checkout (``--against DIR``) are compiled
into this code's modules beside this code's own, and each request (the same per-subtask
requests at 10,000 units, ranking memo off, as ``recall_subtask_cpu_ab``) runs under the
peer's, this code's, this code's and the peer's functions again (ABBA; the next request
BAAB), ``--reps`` times each; a request's figure per code is its least thread CPU. Every
answer's digest is compared between the two. Only functions whose peer source runs against
this code's module globals can be swapped (a change confined to their bodies).

    .venv/bin/python bench/recall_functions_ab.py --against DIR \
        --functions recall.py:Recaller._spare,names.py:TypeSet.holds [--requests 150]
        [--reps 3] [--out NAME]       # -> bench/results/<NAME>.json
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from recall_common import counted_steps_recall, save_result  # noqa: E402


def _peer_function(path: Path, module: object, cls: str, name: str) -> object:
    """``cls.name`` as written in ``path``, compiled against ``module``'s globals."""
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for f in node.body:
                if isinstance(f, ast.FunctionDef) and f.name == name:
                    ns: dict = {}
                    exec(compile(ast.Module(body=[f], type_ignores=[]), str(path), "exec"),
                         vars(module), ns)
                    return ns[name]
    raise SystemExit(f"{path}: no {cls}.{name}")


def _inner(f: object) -> object:
    """The function a bench wrapper (recall_common's step counter) calls, else ``f``."""
    code = getattr(f, "__code__", None)
    if code is not None and "inner" in code.co_freevars:
        return f.__closure__[code.co_freevars.index("inner")].cell_contents  # type: ignore[attr-defined]
    return f


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--against", required=True)
    ap.add_argument("--functions", required=True,
                    help="comma-separated FILE:Class.method under memory_node/core/recall/")
    ap.add_argument("--requests", type=int, default=150)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--out", default="recall_functions_ab")
    args = ap.parse_args()
    loaded = counted_steps_recall(10_000)
    if loaded is None:
        print("skip: AI2-THOR rearrangement data absent")
        return 0
    rm, texts, rng, _ = loaded
    recaller = rm._ensure()
    peer_dir = Path(args.against).resolve() / "memory_node" / "core" / "recall"
    swaps: list[tuple[type, str, object, object, object]] = []  # class, name, this, peer, wrapper
    for spec in args.functions.split(","):
        file, _, qual = spec.partition(":")
        cls, _, name = qual.partition(".")
        module = importlib.import_module(f"memory_node.core.recall.{Path(file).stem}")
        klass = getattr(module, cls)
        held = vars(klass)[name]
        this = _inner(held)
        peer = _peer_function(peer_dir / file, module, cls, name)
        if isinstance(held, staticmethod):
            peer = staticmethod(peer)  # type: ignore[arg-type]
        swaps.append((klass, name, this, peer, held if this is not held else None))

    def use(who: str) -> None:
        for klass, name, this, peer, wrapper in swaps:
            f = this if who == "this" else peer
            if wrapper is None:
                setattr(klass, name, f)
            else:  # keep the counter, swap what it calls
                code = wrapper.__code__  # type: ignore[attr-defined]
                wrapper.__closure__[code.co_freevars.index("inner")].cell_contents = f  # type: ignore[attr-defined]

    def digest(a: object) -> str:
        return hashlib.sha1(repr(([(u.unit.object_id, u.score) for u in a.units],  # type: ignore[attr-defined]
                                  a.context)).encode()).hexdigest()  # type: ignore[attr-defined]

    from memory_node.nodes.heap import HeapSettler

    HeapSettler(settles_only=True).settle()  # as the server's start does
    load = os.getloadavg()
    best: dict[str, list[float]] = {"this": [], "peer": []}
    same = 0
    for j, text in enumerate(rng.sample(texts, args.requests)):
        rm.recall(text, 5, 600)
        recaller.wait_for_prefetch(5.0)
        order = ("peer", "this") if j % 2 == 0 else ("this", "peer")
        seen: dict[str, str] = {}
        least = {"this": float("inf"), "peer": float("inf")}
        for who in order + order[::-1]:
            use(who)
            for _ in range(args.reps):
                c = time.thread_time_ns()
                a = rm.recall(f"{text}, then tidy up", 5, 600, per_subtask=True)
                least[who] = min(least[who], (time.thread_time_ns() - c) / 1e6)
            d = digest(a)
            assert seen.setdefault(who, d) == d, "an answer changed between runs"
        use("this")
        same += seen["this"] == seen["peer"]
        for who in best:
            best[who].append(least[who])
    t, p = np.array(best["this"]), np.array(best["peer"])

    def pcts(x: np.ndarray) -> list[float]:
        return [round(float(np.percentile(x, q)), 3) for q in (50, 90, 99)]

    out = {"requests": args.requests, "reps": args.reps, "peer_code": args.against,
           "functions": args.functions.split(","), "answers_equal": f"{same}/{args.requests}",
           "this_p50_p90_p99_ms": pcts(t), "peer_p50_p90_p99_ms": pcts(p),
           "ratio_per_request_p50": round(float(np.median(t / p)), 4),
           "ratio_sum": round(float(t.sum() / p.sum()), 4),
           "loadavg_before_after": [load, os.getloadavg()]}
    print(json.dumps(out))
    print("wrote", save_result(args.out, out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
