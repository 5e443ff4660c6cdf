"""The planner's cost per instruction and per planning step, through the whole DDS path.

A real memory server process holding a house of 90 remembered objects in 4 rooms (the
scene graph and short-term units perception leaves after one look into each room), the
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
from environment import with_environment  # noqa: E402
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
from memory_node.core.memory import Memory  # noqa: E402
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings  # noqa: E402
from memory_node.core.perception.observation import Observation  # noqa: E402
from memory_node.core.recall.brief_state import BriefState  # noqa: E402
from memory_node.core.scene_graph.persistence import save_all  # noqa: E402
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
    ("put the key chain on the coffee table", "KeyChain", "CoffeeTable", "on"),
]


def house_units(seed: int = 7) -> list[tuple[str, str, tuple[float, float, float]]]:
    """(room, type, position) of every object of the house."""
    rng = random.Random(seed)
    out = []
    for room, types in TYPES.items():
        cx, cy, _ = ROOMS[room]
        for t in types:
            out.append((room, t, (round(cx + rng.uniform(-1.5, 1.5), 2),
                                  round(cy + rng.uniform(-1.5, 1.5), 2),
                                  round(rng.uniform(0.0, 1.2), 2))))
    return out


def prepare_memory(memory_dir: Path) -> tuple[list[Unit], dict[str, tuple]]:
    """The memory as perception would have left it after the robot looked into each room:
    the scene-graph core applies one frame per room (areas from the robot's position), NEW
    objects become short-term units, everything is saved in the server's SQLite format.
    Returns the units (memory's ids) and the areas' positions."""
    m = Memory(MemorySettings(memory_dir=str(memory_dir), durability="normal",
                              short_term=ShortTermSettings(capacity=200)))
    try:
        by_room: dict[str, list] = {}
        for room, label, position in house_units():
            by_room.setdefault(room, []).append((label, position))
        for i, (room, objects) in enumerate(by_room.items()):
            stamp = 1_000_000.0 + i
            m.long_term.graph.visit(ROOMS[room], stamp)
            m.long_term.apply([Observation.at(label, pos, stamp, (0.2, 0.2, 0.2), 0.9)
                               for label, pos in objects], None, stamp)
        with m.store.transaction() as conn:
            save_all(conn, m.long_term.graph)
        units = list(m.short_term.units())
        graph = json.loads(m.long_term.serialise("json", 0, "").text)
        centres = {a["id"]: tuple(a["position"]) for a in graph["areas"]}
        return units, centres
    finally:
        m.close()


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
        plan = self.plans.get(instruction, [])
        steps = plan[done:done + 1]
        return Reply(content=json.dumps({"steps": steps}))


def pick_ids(units: list[Unit], task: tuple) -> tuple[str, str]:
    _, obj_type, rec_type, _ = task
    obj = next(u.object_id for u in units if u.label == obj_type)
    rec = next(u.object_id for u in units if u.label == rec_type)
    return obj, rec


def run_mode(name: str, params: dict, latency: float, tmp: Path,
             node: rclpy.node.Node) -> dict:
    units, centres = prepare_memory(tmp / f"mem_{name}")
    plans = {t[0]: reference_plan(*pick_ids(units, t), t[3]) for t in TASKS}
    # Every remembered object stays in the short-term memory (recall ranks those); the
    # benchmark measures the planner, not the replacement policy.
    mem = memory_server(tmp, f"mem_{name}", **{"short_term.capacity": 200})
    per_instruction = []
    try:
        with MemoryClient(timeout=30.0) as memory, \
                ScriptedLlm(default=ScriptedModel(plans), latency_s=latency) as llm:
            memory.wait_until_ready(timeout=120.0)
            with skill_servers(House(house_things(units), memory.update, centres=centres)):
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
                services = service_latency(memory)
    finally:
        mem.stop()
    return {**summarise(per_instruction, params), "memory_service_p50_ms": services}


def service_latency(memory: MemoryClient, n: int = 15) -> dict:
    """What the services cost right after the run, from this process (context for the
    memory share: the machine is shared and its load moves these figures)."""
    def p50(fn) -> float:  # noqa: ANN001
        xs = []
        for i in range(n):
            start = time.perf_counter()
            fn(i)
            xs.append(time.perf_counter() - start)
        return round(1000 * sorted(xs)[n // 2], 1)

    unit = memory.query("Apple")[0].object_id
    return {
        "recall_instruction": p50(lambda i: memory.recall(
            f"put the apple on the table {i}", k=8, token_budget=400, episode_id="probe")),
        "recall_step": p50(lambda i: memory.recall(
            "put the apple on the table", k=8, token_budget=300, episode_id="probe",
            brief_state=BriefState(f"navigate {unit} {i}"))),
        "record_outcome": p50(lambda i: memory.record_outcome(
            "probe", "navigate", [unit], True, "ok", robot_area="area_0")),
        "get_scene_graph_json": p50(lambda i: memory.get_scene_graph("json", 0, "apple")),
    }


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
        # A planning step: memory services + the model (the target's denominator).
        "memory_share_of_planning_step": round(mem / (mem + llm), 4),
        "memory_share_with_skills": round(mem / (mem + llm + skill), 4),
        "per_instruction_s": {"memory": round(mem / n, 3), "llm": round(llm / n, 3),
                              "skill": round(skill / n, 3),
                              "total": round(sum(r["total_s"] for r in rows) / n, 3)},
        "rows": rows,
    }


MODES = {
    # MemCompiler: a small instruction recall, then the brief state before every step.
    "per_step_recall": {"recall.per_step": True, "recall.k": 8,
                        "recall.instruction_budget": 400, "recall.step_budget": 300},
    # One dump at the start (KARMA's prompt): the whole scene graph as text plus the
    # instruction's recall, re-sent unchanged with every request.
    "one_dump": {"recall.per_step": False, "recall.k": 8, "recall.instruction_budget": 400,
                 "recall.dump_budget": 4000},
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--latency", type=float, default=0.3, help="model seconds per call")
    parser.add_argument("--out", type=Path, default=RESULTS / "planner_loop.json")
    parser.add_argument("--modes", nargs="+", choices=tuple(MODES), default=list(MODES))
    args = parser.parse_args()
    rclpy.init()
    node = rclpy.create_node("bench_planner_loop")
    results = {}
    try:
        with tempfile.TemporaryDirectory() as d:
            for name in args.modes:
                params = MODES[name]
                start = time.perf_counter()
                results[name] = run_mode(name, params, args.latency, Path(d), node)
                brief = {k: v for k, v in results[name].items() if k != "rows"}
                for row in results[name]["rows"]:
                    if not row["success"]:
                        print(f"  failed: {row['instruction']}: {row['message']}")
                print(f"{name}: {json.dumps(brief)} ({time.perf_counter() - start:.0f} s)",
                      flush=True)
    finally:
        node.destroy_node()
        rclpy.try_shutdown()
    out = {"benchmark": "planner_loop", "latency_s": args.latency, "objects": len(house_units()),
           "tasks": len(TASKS), "machine": platform.platform(),
           "note": "scripted model (one step per request); prompt tokens counted with the "
                   "memory's MiniLM tokenizer over the messages sent", **results}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(with_environment(out), indent=1))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
