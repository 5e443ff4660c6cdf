"""Experience memory on a long stream of repeated household tasks: a CORE-LEVEL stream, not
the full-stack task benchmark (issue 14 does not exist yet).

What runs: the real memory core (`Memory` facade: SQLite, short-term memory, recall with
the real embedding model, experience memory attached or not), driven without DDS by a
scripted planner against a scripted household world built from the skill table. The world
has rules the planner's first guess does not know (a closed fridge, drawer or microwave
must be opened before use, cleaning happens at the sink, slicing needs the knife from the
closed drawer, a dirty mug must be washed before coffee, arm calls time out 10% of the
time). After a failure the planner repairs from the skill table and what memory says
about the objects (open a closed receptacle, go to the fixture, fetch the tool, wash the
dirty container) and retries; an episode fails at `STEP_LIMIT` steps.

Arms, same seeds, same task stream, memory never reset:
- `off`: experience memory not attached (today's memory).
- `graph`: known-bad actions only: before each step the planner recalls with its brief
  state and, when the next action is listed as known bad, applies the repair first.
- `full`: also follows the best procedure recall returns for the instruction.

Reported: success rate and steps per episode per window of the stream; failed world
transitions repeated in the same state (by the experience memory's own state definition,
computed from the world's truth); recall latency with and without experience (alternated,
same memory); store size after `--size-episodes` whole episodes (record_episode) with the
default caps. The world and the planner's mistakes are ours: the gains say that the
memory removes mistakes of this kind, not how much a real planner would gain.

    .venv/bin/python bench/experience_stream.py   # -> bench/results/experience_stream.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import statistics
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from environment import environment

from memory_node.core.errors import ErrorCode
from memory_node.core.experience import Episode, EpisodeStep, ExperienceSettings
from memory_node.core.experience.state import action_key, state_key
from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall_memory import RecallMemory, brief_from_fields
from memory_node.core.skills import load_skill_table
from memory_node.core.units import ObjectMemoryUnit

RESULTS = Path(__file__).resolve().parent / "results"
STEP_LIMIT = 10
TIMEOUT_P = 0.10
K, BUDGET = 5, 600
FOODS = ("Apple", "Tomato", "Potato", "Lettuce", "Bread")
CUPS = ("Mug", "Cup")
FIXED = {  # id: (label, state at reset, openable)
    "Fridge_1": ("Fridge", "closed", True), "Microwave_1": ("Microwave", "closed", True),
    "Drawer_1": ("Drawer", "closed", True), "SinkBasin_1": ("SinkBasin", "none", False),
    "CoffeeMachine_1": ("CoffeeMachine", "none", False),
    "CounterTop_1": ("CounterTop", "none", False),
    "DiningTable_1": ("DiningTable", "none", False), "Knife_1": ("Knife", "none", False),
}
TABLE = load_skill_table()


# -- the world --------------------------------------------------------------------------------
@dataclass
class Obj:
    label: str
    state: str
    at: str                      # where it is: a fixture id, or "robot"
    openable: bool = False


@dataclass
class World:
    objects: dict[str, Obj] = field(default_factory=dict)
    robot_at: str = "CounterTop_1"
    held: str = ""

    def reset(self, rng: random.Random) -> None:
        """A new day: things back in place, receptacles closed or left open at random."""
        self.objects = {i: Obj(lbl, st, "", op) for i, (lbl, st, op) in FIXED.items()}
        for i in ("Fridge_1", "Microwave_1", "Drawer_1"):
            self.objects[i].state = "closed" if rng.random() < 0.7 else "opened"
        self.objects["Knife_1"].at = "Drawer_1"
        for f in FOODS:
            self.objects[f"{f}_1"] = Obj(f, "none", "CounterTop_1")
        for c in CUPS:
            self.objects[f"{c}_1"] = Obj(c, "dirty" if rng.random() < 0.6 else "none",
                                         "DiningTable_1")
        self.held = ""

    def location(self, oid: str) -> str:
        o = self.objects[oid]
        return oid if not o.at else (self.robot_at if o.at == "robot" else o.at)

    def execute(self, skill: str, args: tuple[str, ...], rng: random.Random
                ) -> tuple[bool, ErrorCode]:
        """The world's answer to a skill call (its rules are not the planner's)."""
        o = self.objects
        if skill != "navigate" and rng.random() < TIMEOUT_P:
            return False, ErrorCode.TIMEOUT
        if skill == "navigate":
            self.robot_at = self.location(args[0]) if args[0] in o else args[0]
            return True, ErrorCode.NONE
        target = args[0]
        here = self.robot_at == self.location(target) or o[target].at == "robot"

        def closed(r: str) -> bool:
            return o[r].openable and o[r].state == "closed"

        if skill == "pick":
            if self.held or not here or closed(o[target].at or target):
                return False, ErrorCode.PRECONDITION_FAILED
            o[target].at, self.held = "robot", target
        elif skill == "put":
            rec = args[1]
            if self.held != target or self.robot_at != rec or closed(rec):
                return False, ErrorCode.PRECONDITION_FAILED
            o[target].at, self.held = rec, ""
        elif skill in ("open", "close"):
            if not here:
                return False, ErrorCode.PRECONDITION_FAILED
            o[target].state = "opened" if skill == "open" else "closed"
        elif skill == "clean":
            if self.held != target or self.robot_at != "SinkBasin_1":
                return False, ErrorCode.PRECONDITION_FAILED
            o[target].state = "cleaned"
        elif skill == "heat":
            if self.held != target or self.robot_at != "Microwave_1":
                return False, ErrorCode.PRECONDITION_FAILED
            o[target].state = "heated"
        elif skill == "slice":
            if self.held != "Knife_1" or not here:
                return False, ErrorCode.PRECONDITION_FAILED
            o[target].state = "sliced"
        elif skill == "fill":
            if (self.held != target or self.robot_at != "CoffeeMachine_1"
                    or o[target].state == "dirty"):
                return False, ErrorCode.PRECONDITION_FAILED
            o[target].state = "filled"
        else:
            return False, ErrorCode.INVALID_ARGUMENT
        return True, ErrorCode.NONE

    def units(self) -> list[ObjectMemoryUnit]:
        """What perception would report at the start of an episode."""
        pos = {i: (float(n), 0.9, 1.0) for n, i in enumerate(sorted(self.objects))}
        return [ObjectMemoryUnit(i, o.label, pos[self.location(i)] if o.at else pos[i],
                                 state=o.state, area_id="kitchen",
                                 receptacle_id=o.at if o.at and o.at != "robot" else "",
                                 relation="in" if o.at in ("Drawer_1", "Fridge_1") else
                                 ("on" if o.at else ""))
                for i, o in self.objects.items()]


# -- tasks and the planner's first guess ------------------------------------------------------
Call = tuple[str, tuple[str, ...]]


def task(rng: random.Random) -> tuple[str, str, list[Call], object]:
    kind = rng.choice(("wash", "heat", "slice", "coffee"))
    if kind == "coffee":
        c = rng.choice(CUPS)
        cid = f"{c}_1"
        plan = [("navigate", (cid,)), ("pick", (cid,)), ("navigate", ("CoffeeMachine_1",)),
                ("fill", (cid, "Coffee")), ("navigate", ("DiningTable_1",)),
                ("put", (cid, "DiningTable_1", "on"))]
        return kind, f"make coffee in the {c.lower()}", plan, (cid, "filled", "DiningTable_1")
    f = rng.choice(FOODS)
    fid = f"{f}_1"
    if kind == "wash":
        plan = [("navigate", (fid,)), ("pick", (fid,)), ("clean", (fid,)),
                ("navigate", ("Fridge_1",)), ("put", (fid, "Fridge_1", "in"))]
        return kind, f"put the washed {f.lower()} in the fridge", plan, (fid, "cleaned",
                                                                          "Fridge_1")
    if kind == "heat":
        plan = [("navigate", (fid,)), ("pick", (fid,)), ("heat", (fid,)),
                ("navigate", ("DiningTable_1",)),
                ("put", (fid, "DiningTable_1", "on"))]
        return kind, f"heat the {f.lower()} in the microwave", plan, (fid, "heated",
                                                                       "DiningTable_1")
    plan = [("navigate", (fid,)), ("slice", (fid,))]
    return kind, f"slice the {f.lower()}", plan, (fid, "sliced", None)


def repair(call: Call, units: dict[str, ObjectMemoryUnit], held: str, at: str) -> list[Call]:
    """What to do before `call` can work, from the skill table and memory's view."""
    skill, args = call
    spec = TABLE[skill]
    fix: list[Call] = []
    for req in spec.requires:
        if req.name == "open" and req.arg is not None:
            r = args[req.arg]
            if r in units and units[r].state == "closed":
                fix += [("navigate", (r,)), ("open", (r,))]
        if req.name == "holding_type":
            tool = next((u for u in units.values() if u.label in req.types), None)
            if tool is not None and held != tool.object_id:
                home = tool.receptacle_id
                if home and units.get(home) is not None and units[home].state == "closed":
                    fix += [("navigate", (home,)), ("open", (home,))]
                fix += [("navigate", (tool.object_id,)), ("pick", (tool.object_id,)),
                        ("navigate", (args[0],))]
    tools = {t for r in spec.requires if r.name == "holding_type" for t in r.types}
    for group in spec.fixtures:
        if tools & set(group):
            continue  # a tool in the hand (the knife), not a place to go to
        station = next((u for u in units.values() if u.label in group), None)
        if station is not None and at != station.object_id:
            if station.state == "closed":
                fix += [("navigate", (station.object_id,)), ("open", (station.object_id,))]
            fix.append(("navigate", (station.object_id,)))
            break
    if skill == "fill" and args[0] in units and units[args[0]].state == "dirty":
        fix = [("navigate", ("SinkBasin_1",)), ("clean", (args[0],)), *fix]
    if skill == "put" and at != args[1]:
        fix.append(("navigate", (args[1],)))
    if skill == "pick":
        home = units[args[0]].receptacle_id if args[0] in units else ""
        if home and home in units and units[home].state == "closed":
            fix += [("navigate", (home,)), ("open", (home,)), ("navigate", (args[0],))]
    return fix


_CALL = re.compile(r"(\w+)\(([^)]*)\)")


def procedure_plan(text: str, memory: Memory) -> list[Call]:
    """The procedure's steps with labels resolved to ids through memory (the planner
    knows objects only from memory)."""
    body = text.split("for this task: ", 1)[1].rsplit(" [proc:", 1)[0]
    plan: list[Call] = []
    for m in _CALL.finditer(body):
        args = []
        for a in [x.strip() for x in m.group(2).split(",") if x.strip()]:
            hit = memory.short_term.find_by_label(a, limit=1) if a[:1].isupper() else []
            args.append(hit[0].object_id if hit and a != "Coffee" else a)
        plan.append((m.group(1), tuple(args)))
    return plan


# -- one arm of the stream --------------------------------------------------------------------
def run_arm(arm: str, episodes: int, seed: int, embedder: Embedder, workdir: Path) -> dict:
    memory = Memory(MemorySettings(memory_dir=str(workdir / arm), durability="normal",
                                   short_term=ShortTermSettings(capacity=100)))
    memory.recall = RecallMemory(memory.short_term, memory.recall.settings, embedder=embedder)
    if arm != "off":
        memory.attach_experience(ExperienceSettings())
    rng, world_rng = random.Random(seed), random.Random(seed + 1)
    world = World()
    log: list[dict] = []
    world_failures: Counter[tuple[str, str]] = Counter()
    avoided = 0
    for n in range(episodes):
        world.reset(world_rng)
        world.robot_at = "CounterTop_1"
        for u in world.units():
            memory.upsert_object(u)
        kind, instruction, plan, goal = task(rng)
        eid = f"{arm}-{n}"
        if arm != "off":
            answer = memory.recall.recall(instruction, K, BUDGET, episode_id=eid)
            if arm == "full" and answer.procedure:
                plan = procedure_plan(answer.procedure, memory)
        queue, steps, ok_task, guard = list(plan), 0, False, 0
        while queue and steps < STEP_LIMIT and guard < 50:
            guard += 1
            skill, args = queue[0]
            units = {u.object_id: u for u in memory.short_term.units()}
            if arm != "off":
                brief = brief_from_fields(instruction[:200], world.held, world.robot_at)
                bad = memory.recall.recall(instruction, K, BUDGET, eid, brief).known_bad_actions
                if any(b.startswith(f"do not {action_key(skill, args)}:") for b in bad):
                    fix = repair((skill, args), units, world.held, world.robot_at)
                    if fix and fix[0] != queue[0]:
                        avoided += 1
                        queue = fix + queue
                        continue
            states = {a: world.objects[a].state for a in args if a in world.objects}
            key = state_key(world.robot_at, world.held, states)
            held_before = world.held
            ok, code = world.execute(skill, args, world_rng)
            steps += 1
            memory.recall.record_outcome(eid, skill, list(args), ok, "",
                                         robot_area=world.robot_at, error_code=code)
            if ok:
                queue.pop(0)
            elif code is ErrorCode.TIMEOUT:
                continue
            else:
                world_failures[(key, action_key(skill, args))] += 1
                fix = repair((skill, args), units, held_before, world.robot_at)
                if not fix:
                    break
                queue = fix + queue
        oid, state, place = goal  # type: ignore[misc]
        o = world.objects[oid]
        ok_task = o.state == state and (place is None or o.at == place)
        memory.end_episode(eid, task_succeeded=ok_task)
        log.append({"kind": kind, "success": ok_task, "steps": steps})
    repeated = sum(c - 1 for c in world_failures.values() if c > 1)
    result = {"episodes": episodes, "success_rate": _rate(log), "steps_mean": _steps(log),
              "steps_mean_successful": _steps([x for x in log if x["success"]]),
              "windows": _windows(log, 50), "failed_transitions": len(world_failures),
              "failures": sum(world_failures.values()), "repeated_failures": repeated,
              "max_failures_same_state": max(world_failures.values(), default=0),
              "avoided_by_known_bad": avoided,
              "by_kind": {k: {"success_rate": _rate([x for x in log if x["kind"] == k]),
                              "steps_mean": _steps([x for x in log if x["kind"] == k])}
                          for k in ("wash", "heat", "slice", "coffee")}}
    if memory.experience is not None:
        result["experience_stats"] = memory.experience.stats()
    result["_memory"] = memory
    return result


def _rate(log: list[dict]) -> float:
    return round(sum(x["success"] for x in log) / len(log), 3) if log else 0.0


def _steps(log: list[dict]) -> float:
    return round(statistics.fmean(x["steps"] for x in log), 2) if log else 0.0


def _windows(log: list[dict], size: int) -> list[dict]:
    return [{"from": i, "success_rate": _rate(log[i:i + size]),
             "steps_mean": _steps(log[i:i + size])} for i in range(0, len(log), size)]


# -- latency ----------------------------------------------------------------------------------
def latency(memory: Memory, n: int) -> dict:
    """Recall with and without the experience sources, alternated on the same memory."""
    r = memory.recall
    sources = list(r.sources)
    instructions = ["put the washed apple in the fridge", "heat the bread in the microwave",
                    "slice the tomato", "make coffee in the mug"]
    brief = brief_from_fields("put the apple in the fridge", "Apple_1", "Fridge_1")
    times: dict[str, list[float]] = {f"{m}_{e}": [] for m in ("instruction", "step")
                                     for e in ("with", "without")}
    for i in range(n):
        text = instructions[i % len(instructions)]
        for with_exp in ((True, False) if i % 2 else (False, True)):
            r.sources = sources if with_exp else []
            tag = "with" if with_exp else "without"
            # Every request pays for its own text's embedding, as a new instruction or
            # subgoal would (the same four texts would otherwise hit the query cache).
            r._ensure()._query_cache.clear()
            t = time.perf_counter()
            r.recall(text, K, BUDGET, episode_id="latency")
            times[f"instruction_{tag}"].append(time.perf_counter() - t)
            r._ensure()._query_cache.clear()
            t = time.perf_counter()
            r.recall(text, K, BUDGET, "latency", brief)
            times[f"step_{tag}"].append(time.perf_counter() - t)
    r.sources = sources
    out = {k: {"median_ms": round(statistics.median(v) * 1000, 3),
               "mean_ms": round(statistics.fmean(v) * 1000, 3), "n": len(v)}
           for k, v in times.items()}
    for m in ("instruction", "step"):
        out[f"{m}_ratio_median"] = round(out[f"{m}_with"]["median_ms"]
                                         / out[f"{m}_without"]["median_ms"], 3)
    return out


# -- store size -------------------------------------------------------------------------------
def store_size(episodes: int, seed: int, workdir: Path) -> dict:
    """Whole episodes (as the stream produces them) recorded one after another with the
    default caps; rows and file size at checkpoints."""
    memory = Memory(MemorySettings(memory_dir=str(workdir / "size"), durability="normal"))
    exp = memory.attach_experience(ExperienceSettings())
    rng, world_rng = random.Random(seed), random.Random(seed + 1)
    world = World()
    checkpoints = {c for c in (100, 1000, 2000, 5000, 10_000, episodes) if c <= episodes}
    out = []
    start = time.perf_counter()
    for n in range(1, episodes + 1):
        world.reset(world_rng)
        _, instruction, plan, _ = task(rng)
        # Instances vary so that states, facts and transitions keep growing.
        suffix = f"_{n % 500}"
        steps = []
        for skill, args in plan:
            args = tuple(a + suffix if a in world.objects else a for a in args)
            labels = {a: world.objects[a[: -len(suffix)]].label for a in args
                      if a.endswith(suffix)}
            ok = world_rng.random() > 0.2
            steps.append(EpisodeStep(skill, args, ok, ErrorCode.NONE if ok
                                     else ErrorCode.PRECONDITION_FAILED, "kitchen",
                                     labels=labels, states={a: "none" for a in labels},
                                     stamp=float(n)))
        exp.record_episode(Episode(f"e{n}", instruction, tuple(steps), world_rng.random() > 0.3))
        if n in checkpoints:
            memory.store.query("PRAGMA wal_checkpoint(TRUNCATE)")
            rows = {t: memory.store.query(f"SELECT COUNT(*) FROM {t}")[0][0]
                    for t in ("exp_episodes", "exp_steps", "exp_transitions",
                              "exp_procedures", "exp_facts", "exp_utility", "exp_places")}
            out.append({"episodes": n, "file_bytes": memory.store.path.stat().st_size,
                        "rows": rows, "elapsed_s": round(time.perf_counter() - start, 1)})
    s = ExperienceSettings()
    bound = {"episodes": s.max_stored_episodes,
             "steps": s.max_stored_episodes * s.max_steps_per_episode,
             "transitions": s.max_transitions, "procedures": s.max_procedures,
             "facts_current": s.max_facts,
             "facts_with_history": s.max_facts * (1 + s.max_fact_history)}
    memory.close()
    return {"checkpoints": out, "row_bound": bound}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--episodes", type=int, default=300)
    ap.add_argument("--size-episodes", type=int, default=10_000)
    ap.add_argument("--latency-n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--out", default=str(RESULTS / "experience_stream.json"))
    a = ap.parse_args()
    embedder = Embedder(intra_op_threads=1)
    result: dict = {"what": "core-level stream (Memory facade, no DDS), scripted world and "
                            "planner; NOT the full-stack task benchmark",
                    "machine": platform.machine(), "python": platform.python_version(),
                    "environment": environment(),
                    "step_limit": STEP_LIMIT, "timeout_probability": TIMEOUT_P,
                    "seed": a.seed, "load_before": os.getloadavg(), "arms": {}}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for arm in ("off", "graph", "full"):
            t = time.perf_counter()
            r = run_arm(arm, a.episodes, a.seed, embedder, work)
            memory = r.pop("_memory")
            r["elapsed_s"] = round(time.perf_counter() - t, 1)
            if arm == "full":
                result["recall_latency"] = latency(memory, a.latency_n)
            memory.close()
            result["arms"][arm] = r
            print(f"{arm}: SR {r['success_rate']}, steps {r['steps_mean']}, repeated "
                  f"failures {r['repeated_failures']} ({r['elapsed_s']} s)", flush=True)
        if a.size_episodes:
            result["store_size"] = store_size(a.size_episodes, a.seed, work)
            print(f"store: {result['store_size']['checkpoints'][-1]}", flush=True)
    result["load_after"] = os.getloadavg()
    off, full = result["arms"]["off"], result["arms"]["full"]
    result["summary"] = {
        "sr_points_full_vs_off": round(100 * (full["success_rate"] - off["success_rate"]), 1),
        "steps_reduction_full_vs_off": round(1 - full["steps_mean"] / off["steps_mean"], 3),
        "repeated_failures": {k: v["repeated_failures"] for k, v in result["arms"].items()},
    }
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    Path(a.out).write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result["summary"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
