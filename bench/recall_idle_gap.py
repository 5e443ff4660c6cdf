"""Why a recall after an idle gap is slow (round 49, issue 11 part 4).

Round 48's final DDS run: the planner's per-subtask request after the planner's 0.2 s
perception wait was p50 19.7 ms against 14.4 ms back to back, and round 47's code (no
prefetch) 29.9 against 12.7: the same request costs 10-17 ms more when the machine was
idle before it. This bench finds where, by elimination, with the idle gap before each
request drawn in rotation from ``--gaps`` (default 0, 0.05, 0.2, 1 s; a seeded shuffle of
the rotation, so every gap meets the same requests' mix and the machine's load alike):

``--part dds`` (default): the DDS bench's memory (10,000 units, `recall_dds_latency`'s
seed) served by the real `memory_server` and beside it, in a domain of its own, by
`recall_floor_server.py` (a fixed answer, no recall work: the transport and both
executors alone). Every request goes to both, the order alternating. Two kinds, alternating:

* ``mix``: an earlier instruction's text + ", then tidy up" (the DDS bench's mix: its steps
  were embedded by the instruction phase, so the handler calls no model);
* ``planner``: a text new to the server with an episode id (the planner's per-subtask
  request; its step is embedded inside the request, round 47's path; no text sent ahead,
  so the gap is pure idleness and not a prefetch's tail).

Every call is split (`dds_split_hooks`, RECALL_BENCH_SPLIT's executor timestamps on both
sides) into client send / DDS / server queue / take / handler / send / DDS / client queue
/ take / return, per (kind, gap); plus, per request, the server process's CPU and its
threads' run-queue wait (``/proc/<pid>/task/*/schedstat``, ns: CPU taken and time spent
runnable but not running, as this guest's scheduler sees it) and the host's steal time
(``/proc/stat``) over the request.

``--part probe``: no memory, no server: fixed pieces of a request's path after each gap (`probes`),
with the share of the gap the machine's CPUs were halted (cpuidle), so a slower first piece
of work can be tied to the machine having idled.

``--part inproc``: the same memory opened in this process as the server opens it
(`recall_common.served_memory`), the same two kinds, no DDS, no executor: each request's
wall, its thread's CPU, the model's CPU and the server's own stage times (`stage_recorder`)
per gap; and three fixed probes after each gap (the model on a fixed 12-token text, a
cosine + argsort over the 10,000 x 384 vectors' size, a pure-Python loop), so a slower
request can be told apart from a slower machine.

    ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST RECALL_BENCH_DOMAINS=LO-HI \\
        .venv/bin/python bench/recall_idle_gap.py [--part dds|inproc] [--per-gap 50] [--out NAME]
        # -> bench/results/<NAME>.json (default recall_idle_gap_<part>)
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import numpy as np  # noqa: E402
from recall_common import load, save_result, scene_units  # noqa: E402

from memory_node.core.recall.embedder import Embedder  # noqa: E402

N_UNITS = 10_000
N_INSTRUCTIONS = 200  # the DDS bench's instruction phase (RECALL_BENCH_CALLS' default)


def pcts(xs: list[float]) -> dict:
    a = np.array(xs, dtype=float)
    return {"p50": round(float(np.percentile(a, 50)), 3),
            "p90": round(float(np.percentile(a, 90)), 3),
            "p99": round(float(np.percentile(a, 99)), 3),
            "mean": round(float(a.mean()), 3), "n": len(xs)}


def gap_order(gaps: list[float], n: int, seed: int = 49) -> list[float]:
    """`n` gaps, each of `gaps` equally often, in blocks of one each (shuffled per block):
    every gap meets the machine's moments alike."""
    rng = random.Random(seed)
    out: list[float] = []
    while len(out) < n:
        block = list(gaps)
        rng.shuffle(block)
        out += block
    return out[:n]


def schedstat(pid: int) -> tuple[int, int]:
    """(CPU ns, run-queue wait ns) summed over the process's threads."""
    cpu = wait = 0
    base = f"/proc/{pid}/task"
    for tid in os.listdir(base):
        try:
            with open(f"{base}/{tid}/schedstat", encoding="ascii") as fh:
                c, w, _ = fh.read().split()
        except (FileNotFoundError, ProcessLookupError, ValueError):
            continue  # a thread that ended meanwhile
        cpu += int(c)
        wait += int(w)
    return cpu, wait


CPUIDLE = sorted(Path("/sys/devices/system/cpu").glob("cpu[0-9]*/cpuidle/state[1-9]/time"))


def halted_us() -> int:
    """Microseconds the machine's CPUs spent in an idle state deeper than polling (all CPUs
    summed; a guest's halt: its vCPU handed back to the host), 0 without cpuidle."""
    total = 0
    for f in CPUIDLE:
        try:
            total += int(f.read_text())
        except (OSError, ValueError):
            pass
    return total


def halted_share(h0: int, h1: int, span_s: float) -> float:
    """The share (0-1) of a span the machine's CPUs were halted. cpuidle credits an idle
    period when it ends, so one begun before the span counts wholly in it and the raw
    ratio can pass 1 (a sleep also overruns the gap asked for): the span is measured and
    the share capped."""
    if span_s <= 0 or not CPUIDLE:
        return 0.0
    ncpu = max(1, len({f.parts[5] for f in CPUIDLE}))
    return min(1.0, max(0.0, (h1 - h0) / 1e6 / span_s / ncpu))


def steal_ticks() -> int:
    with open("/proc/stat", encoding="ascii") as fh:
        fields = fh.readline().split()
    return int(fields[8])  # cpu  user nice system idle iowait irq softirq steal


def requests_of(texts: list[str], rng: random.Random, per_kind: int
                ) -> tuple[list[str], list[tuple[str, str, str]]]:
    """The DDS bench's instruction texts (its seed) and the timed (kind, text, episode)
    requests, the kinds alternating."""
    import recall_dds_latency as dds

    instructions = rng.sample(texts, N_INSTRUCTIONS)
    mix = [f"{t}, then tidy up" for t in instructions]
    mix += [f"{t}, and then tidy up" for t in instructions]
    planner = dds.planner_subtask_texts(texts, instructions, min(per_kind, len(texts)
                                                                 - N_INSTRUCTIONS))
    if len(planner) < per_kind:
        raise ValueError(f"{len(planner)} new texts for {per_kind} planner requests")
    timed: list[tuple[str, str, str]] = []
    for i in range(per_kind):
        timed.append(("mix", mix[i], ""))
        timed.append(("planner", planner[i], f"gap{i}"))
    return instructions, timed


def run_dds(doc: dict, gaps: list[float], per_gap: int) -> dict:
    import dds_split_hooks
    import recall_dds_latency as dds
    from recall_dds_floor import Floor

    from memory_node.srv import Recall

    dds_split_hooks.install(os.devnull)  # this client's responses stamped (LAST_RESPONSE)
    rng = random.Random(11)  # the DDS bench's seed: the same memory
    pool = [u for s in doc["scenes"] for u in scene_units(s)]
    texts = sorted({i["text"] for i in doc["instructions"]})
    embedder = Embedder(None, intra_op_threads=1)
    result: dict[str, Any] = {"units": N_UNITS, "gaps_s": gaps, "per_gap_and_kind": per_gap,
                              "cpus": os.cpu_count(), "loadavg_before": list(os.getloadavg())}
    rows: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="recall_idle_gap_") as tmp:
        memory_dir = Path(tmp) / "memory"
        memory_dir.mkdir()
        dds.prepare_bench_memory(memory_dir, N_UNITS, pool, rng, embedder)
        instructions, timed = requests_of(texts, rng, per_gap * len(gaps))
        order = gap_order(gaps, len(timed))
        real = dds.Server(N_UNITS, memory_dir, "vectorised")
        servers: list[Any] = [real]
        try:
            while not real.poll_ready():
                pass
            real.call(Recall.Request(instruction="bring me the mug from the kitchen",
                                     k=dds.K, token_budget=dds.BUDGET), timeout=1800)
            real.check_units()
            floor = Floor("floor", [], Path(tmp))
            servers.append(floor)
            floor.ready()
            # The instruction phase (untimed): the mix's steps embedded, as in the DDS bench.
            for text in instructions:
                for s in servers:
                    s.call(Recall.Request(instruction=text, k=dds.K, token_budget=dds.BUDGET))
            steal_hz = os.sysconf("SC_CLK_TCK")
            for i, ((kind, text, episode), gap) in enumerate(zip(timed, order, strict=True)):
                for s in (servers if i % 2 == 0 else servers[::-1]):
                    pid = s.process.pid
                    gap0, h0, g0 = schedstat(pid), halted_us(), time.perf_counter()
                    if gap:
                        time.sleep(gap)
                    h1, span = halted_us(), time.perf_counter() - g0
                    # Read after the gap: what the server ran during it (its timers) is
                    # counted apart from the request's window.
                    cpu0, wait0 = schedstat(pid)
                    me0 = schedstat(os.getpid())
                    st0 = steal_ticks()
                    _, dt = s.call(Recall.Request(instruction=text, k=dds.K,
                                                  token_budget=dds.BUDGET,
                                                  per_subtask=True, episode_id=episode))
                    h2 = halted_us()
                    cpu1, wait1 = schedstat(pid)
                    me1 = schedstat(os.getpid())
                    mode = f"{kind}@{gap:g}"
                    dds.SPLIT_CALLS[s.node.get_name()][-1]["mode"] = mode
                    rows.append({"server": s.scorer, "kind": kind, "gap": gap,
                                 "wall_ms": dt * 1000,
                                 "server_cpu_ms": (cpu1 - cpu0) / 1e6,
                                 "server_cpu_in_gap_ms": (cpu0 - gap0[0]) / 1e6,
                                 # the share of the gap the CPUs were halted (0-1: both)
                                 "halted_share_of_gap": (halted_share(h0, h1, span)
                                                         if gap else 0.0),
                                 "halted_in_request_ms": (h2 - h1) / 1e3,
                                 "server_runq_wait_ms": (wait1 - wait0) / 1e6,
                                 "client_cpu_ms": (me1[0] - me0[0]) / 1e6,
                                 "client_runq_wait_ms": (me1[1] - me0[1]) / 1e6,
                                 "steal_ms": (steal_ticks() - st0) * 1000 / steal_hz})
            result["loadavg_after"] = list(os.getloadavg())
            result["server_stages_us"] = {k: v for k, v in real.server_stages().items()
                                          if ".subtask." in k}
        finally:
            result["servers"] = {s.scorer: s.stop() for s in servers}
        # The real server's only: the floor process runs without the executor stamps.
        split = dds.wall_split(memory_dir / dds.SPLIT_FILE,
                               dds.SPLIT_CALLS.get(real.node_name, []))
    for mode in split.values():
        if isinstance(mode, dict):
            mode.pop("slowest_1pct", None)
    result["wall_split_real"] = split
    result["by_server_kind_gap"] = summarise(rows, ("wall_ms", "server_cpu_ms",
                                                    "server_cpu_in_gap_ms",
                                                    "halted_share_of_gap",
                                                    "halted_in_request_ms",
                                                    "server_runq_wait_ms", "client_cpu_ms",
                                                    "client_runq_wait_ms", "steal_ms"))
    result["by_halted_gap"] = by_halted(rows)
    result["rows"] = [{k: (round(v, 4) if isinstance(v, float) else v) for k, v in r.items()}
                      for r in rows]
    return result


def by_halted(rows: list[dict]) -> dict:
    """Per server, kind and gap > 0: the requests whose gap found the machine more idle
    (the CPUs halted for a larger share of it than the median) against the rest; the same
    gap, the same run: what idleness itself costs, apart from the gap's length."""
    out: dict[str, dict] = {}
    for key in sorted({(r["server"], r["kind"], r["gap"]) for r in rows if r["gap"]}):
        sel = [r for r in rows if (r["server"], r["kind"], r["gap"]) == key]
        cut = float(np.median([r["halted_share_of_gap"] for r in sel]))
        more = [r for r in sel if r["halted_share_of_gap"] > cut]
        less = [r for r in sel if r["halted_share_of_gap"] <= cut]
        if more and less:
            out[f"{key[0]}/{key[1]}@{key[2]:g}"] = {
                "median_halted_share": round(cut, 3),
                "more_idle": {f: pcts([r[f] for r in more])
                              for f in ("wall_ms", "server_cpu_ms", "halted_share_of_gap")},
                "less_idle": {f: pcts([r[f] for r in less])
                              for f in ("wall_ms", "server_cpu_ms", "halted_share_of_gap")}}
    return out


def summarise(rows: list[dict], fields: tuple[str, ...]) -> dict:
    out: dict[str, dict] = {}
    keys = sorted({(r.get("server", "inproc"), r["kind"], r["gap"]) for r in rows})
    for server, kind, gap in keys:
        sel = [r for r in rows if r.get("server", "inproc") == server and r["kind"] == kind
               and r["gap"] == gap]
        out[f"{server}/{kind}@{gap:g}"] = {f: pcts([r[f] for r in sel]) for f in fields
                                           if f in sel[0]}
    return out


def run_inproc(doc: dict, gaps: list[float], per_gap: int) -> dict:
    import json
    import threading

    import recall_dds_latency as dds
    from recall_common import served_memory, stage_recorder
    from recall_rank_cost import timed_model

    rng = random.Random(11)
    pool = [u for s in doc["scenes"] for u in scene_units(s)]
    texts = sorted({i["text"] for i in doc["instructions"]})
    embedder = Embedder(None, intra_op_threads=1)
    result: dict[str, Any] = {"units": N_UNITS, "gaps_s": gaps, "per_gap_and_kind": per_gap,
                              "loadavg_before": list(os.getloadavg())}
    rows: list[dict] = []
    probes: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="recall_idle_gap_") as tmp:
        memory_dir = Path(tmp)
        dds.prepare_bench_memory(memory_dir, N_UNITS, pool, rng, embedder)
        (memory_dir / "size.json").write_text(json.dumps({"units": N_UNITS}))
        instructions, timed = requests_of(texts, rng, per_gap * len(gaps))
        order = gap_order(gaps, len(timed))
        m = served_memory(memory_dir)
        try:
            rm = m.recall
            rm.recall("bring me the mug from the kitchen", dds.K, dds.BUDGET)
            for text in instructions:
                rm.recall(text, dds.K, dds.BUDGET)
            recaller = rm._ensure()
            model_embedder = recaller.embedder
            cpu = timed_model(model_embedder)
            stages = stage_recorder(rm)
            vectors = np.random.default_rng(49).standard_normal((N_UNITS, 384)).astype(
                np.float32)

            def probe_model() -> None:
                model_embedder._session.run(None, probe_feed)  # noqa: SLF001

            enc = model_embedder._tokenizer.encode("put the red mug in the sink, then wipe")
            probe_feed = {k: v for k, v in {
                "input_ids": np.array([enc.ids], dtype=np.int64),
                "attention_mask": np.array([enc.attention_mask], dtype=np.int64),
                "token_type_ids": np.array([enc.type_ids], dtype=np.int64)}.items()
                if k in model_embedder._input_names}

            def probe_numpy() -> None:
                np.argsort(vectors @ vectors[0])[:10]

            def probe_python() -> None:
                s = 0
                for j in range(20_000):
                    s += j * j

            probe_fns = [("model", probe_model), ("numpy", probe_numpy),
                         ("python", probe_python)]
            for i, ((kind, text, episode), gap) in enumerate(zip(timed, order, strict=True)):
                if gap:
                    time.sleep(gap)
                cpu["model"] = cpu["model_inline"] = 0.0
                stages.clear()
                c, w = time.thread_time(), time.perf_counter()
                rm.recall(text, dds.K, dds.BUDGET, episode, None, per_subtask=True)
                w, c = time.perf_counter() - w, time.thread_time() - c
                rows.append({"kind": kind, "gap": gap, "wall_ms": w * 1000,
                             "thread_cpu_ms": (c - cpu["model_inline"]) * 1000,
                             "model_cpu_ms": cpu["model"] * 1000,
                             "request_cpu_ms": (c - cpu["model_inline"] + cpu["model"]) * 1000,
                             **{f"stage_{k}_ms": v / 1000 for k, v in stages.items()
                                if k in ("model", "rank", "total", "answer")}})
                # The probes after a gap of their own (the same gap again, probe order
                # rotating), so each sees the idle machine, not the request's warm caches.
                if i % 2 == 0:
                    turn = i // 2 % len(probe_fns)
                    for name, fn in probe_fns[turn:] + probe_fns[:turn]:
                        if gap:
                            time.sleep(gap)
                        c, w = time.thread_time(), time.perf_counter()
                        fn()
                        probes.append({"kind": f"probe_{name}", "gap": gap,
                                       "wall_ms": (time.perf_counter() - w) * 1000,
                                       "thread_cpu_ms": (time.thread_time() - c) * 1000})
            result["threads_alive"] = sorted(t.name for t in threading.enumerate())
        finally:
            m.close()
    result["loadavg_after"] = list(os.getloadavg())
    result["by_kind_gap"] = summarise(rows + probes, (
        "wall_ms", "thread_cpu_ms", "model_cpu_ms", "request_cpu_ms", "stage_model_ms",
        "stage_rank_ms", "stage_total_ms"))
    return result


def probes() -> tuple[list[tuple[str, Any]], Any]:
    """Fixed pieces of work, each a part of a request's path: the model's graph on a fixed
    12-token input (onnxruntime, one thread), a cosine + argsort over 10,000 x 384 floats
    (the ranking's size), a pure-Python loop (no memory to speak of), a hand-off to a
    sleeping worker thread and back (the model worker's), and a byte echoed by another
    process over pipes (a DDS round trip's wake-ups, without DDS)."""
    import subprocess
    from concurrent.futures import ThreadPoolExecutor

    embedder = Embedder(None, intra_op_threads=1)
    enc = embedder._tokenizer.encode("put the red mug in the sink, then wipe the table")
    feed = {k: v for k, v in {
        "input_ids": np.array([enc.ids], dtype=np.int64),
        "attention_mask": np.array([enc.attention_mask], dtype=np.int64),
        "token_type_ids": np.array([enc.type_ids], dtype=np.int64)}.items()
        if k in embedder._input_names}
    vectors = np.random.default_rng(49).standard_normal((N_UNITS, 384)).astype(np.float32)
    worker = ThreadPoolExecutor(max_workers=1)
    worker.submit(int).result()
    echo = subprocess.Popen(
        [sys.executable, "-c", "import os\nwhile (b := os.read(0, 1)): os.write(1, b)"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    assert echo.stdin is not None and echo.stdout is not None
    w, r = echo.stdin.fileno(), echo.stdout.fileno()

    def python_loop() -> None:
        s = 0
        for j in range(20_000):
            s += j * j

    def pingpong() -> None:
        os.write(w, b"x")
        os.read(r, 1)

    def close() -> None:
        assert echo.stdin is not None
        echo.stdin.close()  # its read ends, and so does it
        echo.wait(10)
        worker.shutdown()

    return [("model", lambda: embedder._session.run(None, feed)),
            ("numpy", lambda: np.argsort(vectors @ vectors[0])[:10]),
            ("python", python_loop),
            ("thread_handoff", lambda: worker.submit(int).result()),
            ("process_pingpong", pingpong)], close


class NoHalt:
    """While held, a PM QoS request of 0 us CPU wake-up latency (/dev/cpu_dma_latency, root):
    the kernel keeps every CPU out of idle states with an exit latency (a guest's halt), so
    an idle CPU polls instead. Machine-wide while held: a diagnostic for a quiet machine."""

    PATH = "/dev/cpu_dma_latency"

    def __init__(self) -> None:
        self.fd: int | None = None

    def hold(self, on: bool) -> None:
        if on and self.fd is None:
            self.fd = os.open(self.PATH, os.O_WRONLY)
            os.write(self.fd, (0).to_bytes(4, "little"))
        elif not on and self.fd is not None:
            os.close(self.fd)  # the request ends with its file
            self.fd = None


def run_probe(gaps: list[float], per_gap: int, no_halt_ab: bool = False) -> dict:
    """Each probe after each gap (blocks of every gap once, shuffled; probes rotating), with
    its wall, its thread's CPU and the share of the gap the machine's CPUs were halted.
    `no_halt_ab`: every other block with the CPUs kept from halting (`NoHalt`), rows tagged
    "nohalt", so idling with and without the halt is compared in one run."""
    work, close = probes()
    qos = NoHalt()
    rows: list[dict] = []
    result: dict[str, Any] = {"gaps_s": gaps, "per_gap_and_probe": per_gap,
                              "loadavg_before": list(os.getloadavg()),
                              "cpuidle_states": [str(f) for f in CPUIDLE]}
    n = per_gap * len(gaps) * (2 if no_halt_ab else 1)
    for i, gap in enumerate(gap_order(gaps, n)):
        held = no_halt_ab and (i // len(gaps)) % 2 == 1
        qos.hold(held)
        turn = i % len(work)
        for name, fn in work[turn:] + work[:turn]:
            h0, g0 = halted_us(), time.perf_counter()
            if gap:
                time.sleep(gap)
            h1, span = halted_us(), time.perf_counter() - g0
            c, t = time.thread_time(), time.perf_counter()
            fn()
            rows.append({"server": "probe_nohalt" if held else "probe", "kind": name,
                         "gap": gap,
                         "wall_ms": (time.perf_counter() - t) * 1000,
                         "server_cpu_ms": (time.thread_time() - c) * 1000,
                         "halted_share_of_gap": (halted_share(h0, h1, span)
                                                 if gap else 0.0)})
    qos.hold(False)
    close()
    result["loadavg_after"] = list(os.getloadavg())
    # ("server_cpu_ms" here: this thread's CPU for the probe)
    result["by_probe_gap"] = summarise(rows, ("wall_ms", "server_cpu_ms",
                                              "halted_share_of_gap"))
    result["by_halted_gap"] = by_halted(rows)
    return result


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--part", choices=("dds", "inproc", "probe"), default="dds")
    ap.add_argument("--gaps", default="0,0.05,0.2,1")
    ap.add_argument("--per-gap", type=int, default=50, help="requests per kind and gap")
    ap.add_argument("--out", default="")
    ap.add_argument("--no-halt-ab", action="store_true",
                    help="probe: every other block with the CPUs kept from halting (root)")
    args = ap.parse_args()
    gaps = [float(g) for g in args.gaps.split(",")]
    if args.part == "probe":
        result = run_probe(gaps, args.per_gap, args.no_halt_ab)
        print(f"wrote {save_result(args.out or 'recall_idle_gap_probe', result, indent=1)}")
        return 0
    # recall_dds_latency reads its own flags from sys.argv and its split switch from the
    # environment when imported: none of this bench's flags are its, and every call is split.
    sys.argv = sys.argv[:1]
    if args.part == "dds":
        os.environ["RECALL_BENCH_SPLIT"] = "1"
    doc = load()
    if doc is None:
        print("skip: AI2-THOR rearrangement data absent; the labelled set is generated from it")
        return 0
    run = run_dds if args.part == "dds" else run_inproc
    result = run(doc, gaps, args.per_gap)
    print(f"wrote {save_result(args.out or f'recall_idle_gap_{args.part}', result, indent=1)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
