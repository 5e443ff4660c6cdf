"""Shared loading for the recall benchmarks: labelled scenes -> memory units."""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import yaml
from environment import with_environment

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# RECALL_BENCH_CODE=<dir holding memory_node/>: time that checkout's code instead (e.g.
# `git archive main memory_node | tar -x -C DIR`), the peer of a side-by-side run.
PEER_CODE = os.environ.get("RECALL_BENCH_CODE", "")
if PEER_CODE:
    sys.path.insert(0, PEER_CODE)

from memory_node.core.memory import Memory  # noqa: E402
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings  # noqa: E402
from memory_node.core.recall.embedder import Embedder  # noqa: E402
from memory_node.core.recall.recall import Recaller  # noqa: E402
from memory_node.core.recall.settings import RecallSettings  # noqa: E402
from memory_node.core.recall_memory import RecallMemory  # noqa: E402
from memory_node.core.short_term import ShortTermMemory  # noqa: E402
from memory_node.core.units import ObjectMemoryUnit  # noqa: E402

# Generated from ../shared/data on first use (seeded, deterministic), never committed: it
# carries object names and positions of the AI2-THOR data set.
INSTRUCTIONS = ROOT / "build" / "bench" / "recall_instructions.yaml"
RESULTS = ROOT / "bench" / "results"


def save_result(name: str, payload: object, indent: int = 1) -> Path:
    """Write bench/results/<name>.json whole (a run killed mid-write leaves the last one);
    a dict gets the package versions it was measured with (environment.py)."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    tmp = path.with_suffix(".json.tmp")
    if isinstance(payload, dict):
        payload = with_environment(payload)
    tmp.write_text(json.dumps(payload, indent=indent) + "\n")
    tmp.replace(path)
    return path
# BGR of each colour name the generator uses; crops are rendered from these with noise so
# that the colour a unit describes is measured by OpenCV, not copied from the label.
COLOUR_BGR = {
    "red": (35, 30, 200), "orange": (20, 120, 240), "yellow": (30, 215, 230),
    "green": (50, 170, 40), "blue": (200, 80, 30), "purple": (160, 40, 120),
    "pink": (180, 110, 240), "white": (235, 235, 235), "black": (25, 25, 25),
    "grey": (125, 125, 125), "brown": (25, 60, 110),
}
EPOCH = 1_700_000_000.0


def crop(colour: str, seed: str) -> bytes:
    # hashlib, not hash(): str hashes are salted per process and crops must be reproducible
    rng = np.random.default_rng(int(hashlib.sha256(seed.encode()).hexdigest()[:12], 16))
    base = np.array(COLOUR_BGR[colour], np.int16)
    image = np.clip(base + rng.integers(-15, 16, (40, 40, 3)), 0, 255).astype(np.uint8)
    image[:5, :] = 140  # background at the edge of a detector box
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    return buf.tobytes()


def load() -> dict | None:
    """The labelled set, generated on first use; None when the AI2-THOR data is absent."""
    if not INSTRUCTIONS.is_file():
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import recall_make_instructions

        recall_make_instructions.main(["--out", str(INSTRUCTIONS)])
    if not INSTRUCTIONS.is_file():
        return None
    with open(INSTRUCTIONS, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def scene_units(scene: dict) -> list[ObjectMemoryUnit]:
    units = []
    for i, o in enumerate(scene["objects"]):
        units.append(ObjectMemoryUnit(
            object_id=o["id"], label=o["type"], position=tuple(o["position"]),
            state=o["state"], area_id=scene["area"], receptacle_id=o["receptacle"],
            relation=o["relation"], image_jpeg=crop(o["colour"], o["id"]),
            first_seen=EPOCH, last_seen=EPOCH + 60 * i, last_touched_by="",
        ))
    return units


# The water fixtures `with_water_fixtures` puts in a memory, in turn: a faucet and what
# cleaning's groups fit to it (implied.py's fitted types), which the labelled set's scenes
# (MRA rooms) hold none of, so a fill step's fitted-fixture lookup never ran there.
WATER_FIXTURES = ("Faucet", "Sink", "SinkBasin", "BathtubBasin")


def with_water_fixtures(st: ShortTermMemory, n: int, seed: int = 57) -> None:
    """Put `n` water fixtures (WATER_FIXTURES in turn) in place of the units `u0`...: each a
    copy of a unit drawn (seeded) from the memory under the fixture's label, at a seeded
    place on a 20 x 20 m floor (round 57's set-up: 16 at 10,000 units)."""
    rng = random.Random(seed)
    base = list(st.units())
    for i in range(n):
        u = rng.choice(base)
        st.upsert(replace(u, object_id=f"u{i}", label=WATER_FIXTURES[i % len(WATER_FIXTURES)],
                          position=(rng.uniform(0, 20), 0.9, rng.uniform(0, 20))))


def labelled_short_term(capacity: int, units: int, seed: int = 11,
                        shuffle_texts: bool = False, water: int = 0) -> tuple[
        ShortTermMemory, list[str], random.Random] | None:
    """A short-term memory of `capacity` filled with `units` units drawn (seeded) from every
    scene of the labelled set, each under its own id, and the set's distinct instruction
    texts, sorted (or shuffled by the same generator before the fill); None when the data is
    absent. The fill the scale benches share; `water` water fixtures put in after it
    (`with_water_fixtures`, its own generator: the texts and `rng` stay as they were)."""
    doc = load()
    if doc is None:
        return None
    rng = random.Random(seed)
    pool = [u for s in doc["scenes"] for u in scene_units(s)]
    texts = sorted({i["text"] for i in doc["instructions"]})
    if shuffle_texts:
        rng.shuffle(texts)
    st = ShortTermMemory(capacity, "wtinylfu", None)
    for i in range(units):
        st.upsert(replace(rng.choice(pool), object_id=f"u{i}"))
    if water:
        with_water_fixtures(st, water)
    return st, texts, rng


def loaded_recall(units: int, settings: RecallSettings, shuffle_texts: bool = False,
                  water: int = 0) -> tuple[RecallMemory, list[str], random.Random] | None:
    """Recall over `labelled_short_term(units, units)` with `settings` and the real model,
    warmed up and preloaded (every unit embedded) before the first timed request; None when
    the data is absent. The set-up the in-process scale benches share."""
    filled = labelled_short_term(units, units, shuffle_texts=shuffle_texts, water=water)
    if filled is None:
        return None
    st, texts, rng = filled
    rm = RecallMemory(st, settings, embedder=Embedder())
    rm.warm_up()
    rm.preload()
    return rm, texts, rng


def fresh_scale_recall(lexicon_warmed: bool = False
                       ) -> tuple[RecallMemory, Recaller, list[str], random.Random] | None:
    """`loaded_recall(10_000, RecallSettings())` and its recaller, built; with `lexicon_warmed`
    after the lexicon's start-up warm-up thread has finished too (as before a DDS bench's
    timed calls). None, the skip line printed, when the data is absent."""
    loaded = loaded_recall(10_000, RecallSettings())
    if loaded is None:
        print("skip: AI2-THOR rearrangement data absent")
        return None
    rm, texts, rng = loaded
    rec = rm._ensure()
    if lexicon_warmed:
        for thread in threading.enumerate():
            if thread.name == "wordnet-load":
                thread.join()
    return rm, rec, texts, rng


def spread(xs: list[float], digits: int = 3) -> dict[str, float]:
    """n, mean, p50 and p99 of `xs` (`digits` decimals); {} when empty."""
    a = np.asarray(xs, dtype=float)
    return {"n": len(xs), "mean": round(float(a.mean()), digits),
            "p50": round(float(np.percentile(a, 50)), digits),
            "p99": round(float(np.percentile(a, 99)), digits)} if len(xs) else {}


def scale_bench_args(out: str, texts: int, switches: dict[str, str | None]
                     ) -> tuple[argparse.Namespace, tuple[float, float, float]]:
    """The in-process scale benches' command line (``--texts N``, each of `switches` an
    on/off flag with its help, ``--out NAME``) parsed, and the load average then (the
    result's ``loadavg_start``)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--texts", type=int, default=texts)
    for flag, help_ in switches.items():
        ap.add_argument(flag, action="store_true", help=help_)
    ap.add_argument("--out", default=out)
    return ap.parse_args(), os.getloadavg()


def counted_steps_recall(units: int, water: int = 0) -> tuple[
        RecallMemory, list[str], random.Random, list[int]] | None:
    """`loaded_recall` with the ranking memo off (every step's lexical half and selection
    run, as for a step new to the units version) and a counter of the steps ranked since it
    was last set to 0 (`counter[0]`): the per-subtask CPU benches' shared set-up."""
    from memory_node.core.recall.recall import Recaller

    loaded = loaded_recall(units, RecallSettings(), water=water)
    if loaded is None:
        return None
    rm, texts, rng = loaded
    recaller = rm._ensure()
    recaller.config = replace(recaller.config, scored_memo=0)
    counter = [0]
    inner = Recaller.rank_filled

    def counted(self, *a, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
        counter[0] += 1
        return inner(self, *a, **kw)

    Recaller.rank_filled = counted  # type: ignore[method-assign]
    return rm, texts, rng, counter


def switch_cpu_rows(rm: RecallMemory, on: object, off: object, texts: list[str], reps: int,
                    clear_terms: bool = False) -> tuple[list[list], int]:
    """Per text, a per-subtask request's least thread CPU (ms) with the recaller's config `on`
    and `off`, interleaved on-off-off-on `reps` times after the text's instruction recall, and
    how many texts the two configs answer differently. `clear_terms` empties the recaller's
    memo of an instruction's terms before every request (a switch read while the terms are
    made would otherwise be read once per text, by whichever arm came first)."""
    rec = rm._ensure()

    def once(cfg: object, text: str) -> tuple[float, list[str]]:
        rec.config = cfg  # type: ignore[assignment]
        if clear_terms:
            rec._query_terms.clear()
        c = time.thread_time()
        a = rm.recall(f"{text}, then tidy up", 5, 600, per_subtask=True)
        return (time.thread_time() - c) * 1e3, [u.unit.object_id for u in a.units]

    rows: list[list] = []
    differ = 0
    for text in texts:
        rm.recall(text, 5, 600)
        rec.wait_for_prefetch(5.0)
        a: list[float] = []
        b: list[float] = []
        ia = ib = None
        for _ in range(reps):
            for cfg, into in ((on, a), (off, b), (off, b), (on, a)):
                ms, ids = once(cfg, text)
                into.append(ms)
                if into is a:
                    ia = ids
                else:
                    ib = ids
        differ += ia != ib
        rows.append([text, round(min(a), 4), round(min(b), 4)])
    return rows, differ


def child_run(argv: list[str], measure: Callable[[Path, list[dict]], dict]) -> bool:
    """In a child of `alternating_child_runs` (``--child``): `measure` on ``--dir`` with the
    requests listed in ``--requests``, its JSON printed; False (nothing done) in the parent."""
    if "--child" not in argv:
        return False
    memory_dir = Path(argv[argv.index("--dir") + 1])
    requests = json.loads(Path(argv[argv.index("--requests") + 1]).read_text())
    print(json.dumps(measure(memory_dir, requests)))
    return True


def ab_options(argv: list[str], rounds: int, out: str) -> tuple[str, int, str]:
    """``--against DIR`` ("" without), ``--rounds N`` and ``--out NAME`` of an A/B bench
    whose children run through `alternating_child_runs`, with these defaults."""
    def value(flag: str, default: str) -> str:
        return argv[argv.index(flag) + 1] if flag in argv else default
    return value("--against", ""), int(value("--rounds", str(rounds))), value("--out", out)


def ab_bench_start(argv: list[str], measure: Callable[[Path, list[dict]], dict], rounds: int,
                   out: str) -> tuple[str, int, str] | None:
    """The opening of an A/B bench's main: None once a child has measured (`child_run`) or
    when the labelled set's source data is absent (the skip said), else `ab_options`."""
    if child_run(argv, measure):
        return None
    if load() is None:
        print("skip: AI2-THOR rearrangement data absent; the labelled set is generated from it")
        return None
    return ab_options(argv, rounds, out)


def child_measure(script: str, memory_dir: Path, code: str, child_args: list[str],
                  cwd: Path | None = None) -> dict:
    """One ``script --child`` run on ``memory_dir`` with ``code``'s memory_node (a tree
    holding it, as RECALL_BENCH_CODE): the JSON it printed last."""
    proc = subprocess.run(
        [sys.executable, str(Path(script).resolve()), "--child", "--dir", str(memory_dir),
         *child_args],
        env=os.environ | {"RECALL_BENCH_CODE": code}, capture_output=True, text=True, cwd=cwd)
    if proc.returncode:
        raise RuntimeError(proc.stderr[-3000:])
    return json.loads(proc.stdout.strip().splitlines()[-1])


def alternating_child_runs(script: str, base: Path, tmp: Path, against: str, rounds: int,
                           child_args: list[str], summarise: Callable[[list], dict],
                           cwd: Path | None = None) -> list[dict]:
    """Runs `script --child` once per round on a fresh copy of the prepared memory `base`
    for this checkout and, with `against`, for the peer code too (its store downgraded to
    what that code reads), the two alternating which goes first so neither always meets
    the machine in the same state; each run's JSON with its code, round, load and summary."""
    if against:
        import recall_dds_latency as dds
        dds.AGAINST = str(Path(against).resolve())
    this_code = str(Path(__file__).resolve().parents[1])
    runs: list[dict] = []
    for r in range(rounds):
        order = ("this", "peer") if against else ("this",)
        for who in (order[::-1] if r % 2 else order):
            d = tmp / f"m_{who}_{r}"
            shutil.copytree(base, d)
            if who == "peer":
                dds.downgrade_for_peer(d / "memory.sqlite")
            load_before = os.getloadavg()
            res = child_measure(script, d, against if who == "peer" else this_code, child_args,
                                cwd)
            res |= {"code": who, "round": r,
                    "loadavg_before_after": [load_before, os.getloadavg()],
                    "summary": summarise(res["requests"])}
            print(json.dumps({"code": who, "round": r, "summary": res["summary"]}),
                  flush=True)
            runs.append(res)
            shutil.rmtree(d)
    return runs


def served_memory(memory_dir: Path) -> Memory:
    """The memory in `memory_dir` opened as the memory server opens it before requests: the
    model warm, the index preloaded, the background WordNet warm-up finished (the server's
    is done before the DDS bench's timed requests: it takes ~0.2-1 s) and the heap frozen
    after a full collection (the server freezes it after its preload, nodes/heap.py), so no
    full collection of the long-lived heap falls inside a timed request here either. The
    caller closes it."""
    import gc
    import threading

    n = int(json.loads((memory_dir / "size.json").read_text())["units"])
    m = Memory(MemorySettings(memory_dir=str(memory_dir),
                              short_term=ShortTermSettings(capacity=n)))
    rm = m.recall
    rm.warm_up()
    rm.preload()
    for t in threading.enumerate():
        if t.name == "wordnet-load":
            t.join()
    gc.collect()
    gc.freeze()
    return m


def stage_recorder(rm: RecallMemory) -> dict[str, int]:
    """A dict that holds the stage times (wall, us) `rm` records for the request running
    now, keyed without the request kind ("rank", "model", ...), as /memory/stats has them;
    the caller clears it before each request. The times still reach `rm.times`."""
    stages: dict[str, int] = {}
    add = rm.times.add

    def kept_add(name, seconds, cpu_s=None):  # type: ignore[no-untyped-def]
        stages[name.split(".", 1)[1]] = round(seconds * 1e6)
        return add(name, seconds, cpu_s)

    rm.times.add = kept_add  # type: ignore[method-assign]
    return stages


def timed_into(spent: dict[str, float], f: Callable[..., Any], part: str) -> Callable[..., Any]:
    """``f`` wrapped to add its thread CPU (s) to ``spent[part]``: the stage benches patch the
    recall's parts with it, so a request's CPU is read per part without a profiler's cost."""
    @functools.wraps(f)
    def timed(*a: Any, **kw: Any) -> Any:
        t = time.thread_time()
        try:
            return f(*a, **kw)
        finally:
            spent[part] = spent.get(part, 0.0) + time.thread_time() - t
    return timed
