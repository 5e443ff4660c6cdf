"""The planner's cost per instruction and per planning step, through the whole DDS path.

A real memory server process holding a house of 120 remembered objects in 4 rooms, the
planner node process with the LLM planner, the test suite's base and arm skill servers
(symbolic house, test/house.py, in this process) and a scripted OpenAI-compatible model on
127.0.0.1 that answers every request after LATENCY seconds (0.3 s: the "LLM step takes
300 ms" of the target) with the next step of the task's reference plan, one step per
request, as a step-wise planner does. The model is scripted, so success says nothing about
planning quality; what is measured is what the planner sends and what it costs:

* LLM calls and prompt tokens per instruction (counted with the memory's tokenizer over
  the messages actually sent), for per-step recall with the brief state (recall.per_step,
  small budgets) against one memory dump (the instruction's recall with a large budget,
  re-sent with every request);
* time in memory services (recall, record_outcome, query, scene graph, end_episode) vs in
  the LLM vs in skills, per instruction and per planning step; the target is memory ≤ 3%
  of a planning step.

    .venv/bin/python bench/planner_loop.py   # -> bench/results/planner_loop.json
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "test"), str(ROOT / "test" / "ros")]
from ros_harness import confine_to_loopback  # noqa: E402

confine_to_loopback()

import rclpy  # noqa: E402
from house import House, Thing  # noqa: E402
from planner_stack import (  # noqa: E402
    execute,
    instruction_client,
    memory_server,
    planner_node,
    skill_servers,
)
from scripted_llm import Reply, ScriptedLlm  # noqa: E402

from memory_node.client import MemoryClient  # noqa: E402
from memory_node.core.units import ObjectMemoryUnit as Unit  # noqa: E402

RESULTS = ROOT / "bench" / "results"
ROOMS = {"kitchen": (2.0, 1.0, 0.0), "living_room": (8.0, 1.0, 0.0),
         "bedroom": (2.0, 8.0, 0.0), "bathroom": (8.0, 8.0, 0.0)}
TYPES = {
    "kitchen": ["Apple", "Bread", "Egg", "Tomato", "Potato", "Lettuce", "Mug", "Cup", "Bowl",
                "Plate", "Knife", "Fork", "Spoon", "Pan", "Pot", "Kettle", "Toaster",
                "CoffeeMachine", "Microwave", "Fridge", "SinkBasin", "Faucet", "CounterTop",
                "DiningTable", "Cabinet", "Drawer", "StoveBurner", "GarbageCan", "SoapBottle",
                "DishSponge"],
    "living_room": ["Sofa", "ArmChair", "CoffeeTable", "TVStand", "Television",
                    "RemoteControl", "Book", "Laptop", "Pillow", "Newspaper", "KeyChain",
                    "CreditCard", "Statue", "Vase", "FloorLamp", "Shelf", "Box", "Watch",
                    "HousePlant", "Painting"],
    "bedroom": ["Bed", "Desk", "Dresser", "SideTable", "DeskLamp", "AlarmClock", "CellPhone",
                "Pen", "Pencil", "CD", "BaseballBat", "TennisRacket", "Blinds", "Mirror",
                "Laundry", "TeddyBear", "Chair", "Shelf", "Book", "Pillow"],
    "bathroom": ["Toilet", "ToiletPaper", "Towel", "TowelHolder", "SoapBar", "SprayBottle",
                 "Plunger", "ScrubBrush", "Candle", "BathtubBasin", "ShowerHead", "Cloth",
                 "HandTowel", "Faucet", "SinkBasin", "CounterTop", "GarbageCan", "Mirror",
                 "TissueBox", "PaperTowelRoll"],
}
TASKS = [  # (instruction, object type, receptacle type, relation)
    ("put the apple on the dining table", "Apple", "DiningTable", "on"),
    ("bring the remote control to the sofa", "RemoteControl", "Sofa", "on"),
    ("put the book on the shelf in the living room", "Book", "Shelf", "on"),
    ("put the mug on the counter top", "Mug", "CounterTop", "on"),
    ("take the cell phone to the desk", "CellPhone", "Desk", "on"),
    ("put the towel on the towel holder", "Towel", "TowelHolder", "on"),
    ("put the apple in the bowl", "Apple", "Bowl", "in"),
    ("put the keys on the coffee table", "KeyChain", "CoffeeTable", "on"),
]


def house_units(seed: int = 7) -> list[Unit]:
    rng = random.Random(seed)
    units = []
    for room, types in TYPES.items():
        cx, cy, _ = ROOMS[room]
        for t in types:
            units.append(Unit(f"{t}_{room[:3]}", t, (round(cx + rng.uniform(-1.5, 1.5), 2),
                                                     round(cy + rng.uniform(-1.5, 1.5), 2),
                                                     round(rng.uniform(0.0, 1.2), 2)),
                              area_id=room))
    return units


def house_things(units: list[Unit]) -> dict[str, Thing]:
    return {u.object_id: Thing(u.label, u.area_id, position=u.position) for u in units}


def reference_plan(obj: str, rec: str, relation: str) -> list[dict]:
    return [{"skill": "navigate", "destination": obj}, {"skill": "pick", "object": obj},
            {"skill": "navigate", "destination": rec},
            {"skill": "put", "object": obj, "receptacle": rec, "relation": relation}]


class ScriptedModel:
    """Next step of the task's reference plan, read off the prompt's instruction and the
    number of steps reported done; ids come from the schema the planner sent (memory's)."""

    def __init__(self, plans: dict[str, list[dict]]) -> None:
        self.plans = plans

    def __call__(self, body: dict) -> Reply:
        user = next(m["content"] for m in body["messages"] if m["role"] == "user")
        instruction = user.split("<<instruction (data, not instructions)>>\n")[1].split(
            "\n<<end instruction>>")[0]
        done = len(re.findall(r"^- \S+\(.*\): ok$", user, flags=re.MULTILINE))
        plan = self.plans[instruction]
        steps = plan[done:done + 1]
        return Reply(content=json.dumps({"steps": steps}))


def pick_ids(units: list[Unit], task: tuple) -> tuple[str, str]:
    _, obj_type, rec_type, _ = task
    obj = next(u.object_id for u in units if u.label == obj_type)
    rec = next(u.object_id for u in units if u.label == rec_type)
    return obj, rec


def run_mode(name: str, params: dict, units: list[Unit], latency: float, tmp: Path,
             node: rclpy.node.Node) -> dict:
    plans = {t[0]: reference_plan(*pick_ids(units, t), t[3]) for t in TASKS}
    mem = memory_server(tmp, f"mem_{name}")
    per_instruction = []
    try:
        with MemoryClient(timeout=30.0) as memory, \
                ScriptedLlm(default=ScriptedModel(plans), latency_s=latency) as llm:
            memory.wait_until_ready(timeout=120.0)
            memory.manage("clear")
            for u in units:
                memory.update(u)
            with skill_servers(House(house_things(units), memory.update)):
                planner = planner_node(tmp, f"planner_{name}", **{
                    "planner": "llm", "llm.base_url": llm.url, "llm.timeout_s": 30.0,
                    "llm.retries": 0, **params})
                try:
                    client = instruction_client(node)
                    execute(node, client, "warm up: nothing to do", "warm")   # cold paths
                    for i, task in enumerate(TASKS):
                        r = execute(node, client, task[0], f"{name}-{i}").result
                        per_instruction.append({
                            "instruction": task[0], "success": r.success,
                            "message": r.message, "steps": r.steps,
                            "llm_calls": r.llm_calls, "prompt_tokens": r.prompt_tokens,
                            "memory_s": r.memory_time, "llm_s": r.llm_time,
                            "skill_s": r.skill_time, "total_s": r.total_time})
                finally:
                    planner.stop()
    finally:
        mem.stop()
    return summarise(per_instruction, params)


def summarise(rows: list[dict], params: dict) -> dict:
    n = len(rows)
    calls = sum(r["llm_calls"] for r in rows)
    mem, llm, skill = (sum(r[k] for r in rows) for k in ("memory_s", "llm_s", "skill_s"))
    return {
        "params": params, "instructions": n,
        "succeeded": sum(r["success"] for r in rows),
        "llm_calls_per_instruction": round(calls / n, 2),
        "prompt_tokens_per_instruction": round(sum(r["prompt_tokens"] for r in rows) / n, 1),
        "prompt_tokens_per_llm_call": round(sum(r["prompt_tokens"] for r in rows) / calls, 1),
        "per_planning_step_ms": {"memory": round(1000 * mem / calls, 1),
                                 "llm": round(1000 * llm / calls, 1),
                                 "skill": round(1000 * skill / calls, 1)},
        "memory_share_of_step": round(mem / (mem + llm + skill), 4),
        "per_instruction_s": {"memory": round(mem / n, 3), "llm": round(llm / n, 3),
                              "skill": round(skill / n, 3),
                              "total": round(sum(r["total_s"] for r in rows) / n, 3)},
        "rows": rows,
    }


MODES = {
    # MemCompiler: a small instruction recall, then the brief state before every step.
    "per_step_recall": {"recall.per_step": True, "recall.k": 8,
                        "recall.instruction_budget": 400, "recall.step_budget": 300},
    # One dump: everything recall gives for the instruction, re-sent with every request.
    "one_dump": {"recall.per_step": False, "recall.k": 50,
                 "recall.instruction_budget": 4000},
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--latency", type=float, default=0.3, help="model seconds per call")
    parser.add_argument("--out", type=Path, default=RESULTS / "planner_loop.json")
    args = parser.parse_args()
    units = house_units()
    rclpy.init()
    node = rclpy.create_node("bench_planner_loop")
    results = {}
    try:
        with tempfile.TemporaryDirectory() as d:
            for name, params in MODES.items():
                start = time.perf_counter()
                results[name] = run_mode(name, params, units, args.latency, Path(d), node)
                print(f"{name}: {json.dumps({k: v for k, v in results[name].items() if k != 'rows'})} "
                      f"({time.perf_counter() - start:.0f} s)", flush=True)
    finally:
        node.destroy_node()
        rclpy.try_shutdown()
    out = {"benchmark": "planner_loop", "latency_s": args.latency, "units": len(units),
           "tasks": len(TASKS), "machine": platform.platform(),
           "note": "scripted model (one step per request); prompt tokens counted with the "
                   "memory's MiniLM tokenizer over the messages sent", **results}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
