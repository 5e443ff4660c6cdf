"""CPU of one query model call: the one-thread session's `run` vs `run_async` on a session
with an intra-op pool of two (round 61, dds64; issue 11 part 4).

onnxruntime's `run_async` runs the graph on the session's intra-op pool thread and refuses a
session of one intra-op thread ("intra op thread pool must have at least one thread for
RunAsync"), so a request's call started that way needs a second session with two intra-op
threads (spinning off). This measures, in process and alternated call by call (the machine's
load moves both alike), the process CPU of the graph's run alone for each of the bench's
instructions: `intra1 sync` (the packaged path), `intra2 async` (run_async, waited for on an
Event) and `intra2 sync`; and whether the vectors are the same bytes.

    .venv/bin/python bench/embed_async_cpu_r61.py [--texts 200] [--out NAME]
"""

from __future__ import annotations

import argparse
import re
import sys
import threading
import time
from pathlib import Path

import numpy as np
import onnxruntime as ort

sys.path.insert(0, str(Path(__file__).resolve().parent))
from recall_common import ROOT, save_result  # noqa: E402

from memory_node.core.recall.embedder import Embedder, packaged_model_path  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--texts", type=int, default=200)
    ap.add_argument("--out", default="")
    args = ap.parse_args()
    source = ROOT / "build" / "bench" / "recall_instructions.yaml"  # recall_dds_latency's texts
    texts = [m.group(1).strip().strip('"') for m in
             re.finditer(r"(?:instruction|text): *(.+)", source.read_text())][:args.texts]
    e = Embedder()
    options = ort.SessionOptions()
    options.intra_op_num_threads = 2
    options.inter_op_num_threads = 1
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    s2 = ort.InferenceSession(str(packaged_model_path()), sess_options=options,
                              providers=["CPUExecutionProvider"])
    feeds = []
    for t in texts:
        enc = e._tokenizer.encode_batch([t])
        ids = np.array([x.ids for x in enc], dtype=np.int64)
        mask = np.array([x.attention_mask for x in enc], dtype=np.int64)
        f = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in e._input_names:
            f["token_type_ids"] = np.zeros_like(ids)
        feeds.append(f)
    done = threading.Event()
    box: dict[str, object] = {}

    def callback(results: list[np.ndarray], _user: object, error: str) -> None:
        box["out"], box["error"] = results, error
        done.set()

    def run_async(f: dict) -> np.ndarray:
        done.clear()
        s2.run_async(None, f, callback, None)
        done.wait()
        return box["out"][0]  # type: ignore[index]

    runs = {"intra1 sync": lambda f: e._session.run(None, f)[0],
            "intra2 async": run_async,
            "intra2 sync": lambda f: s2.run(None, f)[0]}
    differing = sum(not np.array_equal(runs["intra1 sync"](f), run_async(f)) for f in feeds)
    cpu: dict[str, list[float]] = {k: [] for k in runs}
    for i, f in enumerate(feeds * 2):
        names = list(runs)
        names = names[i % 3:] + names[:i % 3]
        for n in names:
            c = time.process_time()
            runs[n](f)
            cpu[n].append(time.process_time() - c)
    out = {"texts": len(feeds), "async_vectors_differing": differing,
           "process_cpu_ms": {n: {"median": round(float(np.median(v)) * 1e3, 3),
                                  "mean": round(float(np.mean(v)) * 1e3, 3)}
                              for n, v in cpu.items()},
           "loadavg": list(Path("/proc/loadavg").read_text().split()[:3])}
    print(out)
    if args.out:
        save_result(args.out, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
