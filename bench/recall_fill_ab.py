"""The step fill's own cost, interleaved in one process (round 26): per-subtask recall with
the fill off (``step_fill_floor`` 1.0) and on (0.0) over the same 80 units and the same
texts (blind 1's first 40 instructions, tuning data), the two in random order per text, the
query vectors cached after a warm-up (the ranking's time, not the model's).

    .venv/bin/python bench/recall_fill_ab.py   # -> bench/results/recall_fill_ab_r26.json
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "test")]

from environment import with_environment  # noqa: E402
from recall_rooms import room  # noqa: E402

from memory_node.core.recall.embedder import Embedder  # noqa: E402
from memory_node.core.recall.recall import RecallConfig, Recaller  # noqa: E402
from memory_node.core.recall.subtasks import recall_subtasks  # noqa: E402
from memory_node.core.units import ObjectMemoryUnit  # noqa: E402

KITCHEN = ["Cabinet", "Drawer", "Fridge", "Microwave", "SinkBasin", "Sink", "Faucet",
           "StoveBurner", "StoveKnob", "CounterTop", "DiningTable", "Toaster",
           "CoffeeMachine", "GarbageCan", "LightSwitch", "Window", "Shelf", "Egg", "Pan",
           "Pot", "Spatula", "Mug", "Cup", "Plate", "Bowl", "Knife", "Fork", "CD", "Apple",
           "Bread", "Lettuce", "Tomato", "Potato", "Kettle", "SoapBottle", "DishSponge",
           "Spoon", "PepperShaker", "SaltShaker", "Chair"]
REPS = 5


def _quantile(values: list[float], p: float) -> float:
    return round(sorted(values)[int(p * (len(values) - 1))] * 1000, 3)


def main() -> int:
    # Two units of every type: the fill's one-per-type walk has ties to skip.
    units = [ObjectMemoryUnit(f"{u.object_id}_{i}", u.label, (float(i), 0.0, 0.0),
                              area_id="kitchen")
             for i, u in enumerate(room(KITCHEN) + room(KITCHEN))]
    items = yaml.safe_load((ROOT / "bench" / "recall_blind_instructions.yaml").read_text())
    items = items["instructions"] if isinstance(items, dict) else items
    texts = [it["text"] for it in items][:40]
    embedder = Embedder()
    arms = {"on": Recaller(embedder, config=RecallConfig(step_fill_floor=0.0)),
            "off": Recaller(embedder, config=RecallConfig(step_fill_floor=1.0))}
    for recaller in arms.values():
        for text in texts:
            recall_subtasks(recaller, text, units, 3)   # warm: vectors, lexical caches
    times: dict[str, list[float]] = {name: [] for name in arms}
    rng = random.Random(0)
    for _ in range(REPS):
        for text in texts:
            order = list(arms.items())
            rng.shuffle(order)
            for name, recaller in order:
                began = time.perf_counter()
                recall_subtasks(recaller, text, units, 3)
                times[name].append(time.perf_counter() - began)
    out: dict[str, object] = {
        name: {"p50_ms": _quantile(v, 0.5), "p99_ms": _quantile(v, 0.99), "n": len(v)}
        for name, v in times.items()}
    out["units"] = len(units)
    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(out))
    (ROOT / "bench" / "results" / "recall_fill_ab_r26.json").write_text(
        json.dumps(with_environment(out), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
