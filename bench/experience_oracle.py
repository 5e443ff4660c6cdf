"""How much of issue 15's targets is reachable at all (round 35, lead 1): per task of an
experience stream, the fewest skill calls that do it in the simulator's true state (where
every object is, which receptacles are open), against the plain arm's and the experience
arm's steps from experience_tasks.py result files.

    .venv/bin/python bench/experience_oracle.py --split tune [--tidy] \
        --stream-seeds 3000,3001,3002,3003,3004 \
        [--arms bench/results/experience_tasks_tune_tidy_seeds_main_r35.json]
    -> bench/results/experience_oracle_<split>[_tidy][_<tag>].json

The oracle is a planner, not a memory: it reads the world (never memory) and runs every
call through the world's own skill logic (`SkillRunner`, the same skill table, reach,
"shut in", a put's receptacle open) on a copy of the world, so nothing it counts is a call
the robot's skills could not make. Per task it enumerates every instance of the object
type the goal names, every fixture instance a state skill could use and every instance of
the destination type, and for each choice runs the calls the goals cannot do without:
free the hand if it holds something else, open what shuts the object in, pick, the state
skill, open the destination if it is closed, put, close; a navigate goes before a call only
when that call is refused without it (the base is out of reach). Subtasks are judged as the
driver judges them (`goals.Binding`, each subtask's conditions after its calls), and a
subtask whose goals already hold costs nothing. The fewest calls over all choices is the
task's oracle count; a task no choice achieves is one the oracle loses too.

Bound, not optimum: the navigate is always `navigate(object)` to the object the next call
needs (the robot's own skill, the navigator's approach cell), so a cell within reach of two
objects that the navigator would not pick is not searched; the count can only be lower by
such coincidences, never higher than what the robot's skills allow.

The oracle runs its own stream: the same tasks, the same house, the same daily tidy
(`--tidy`: objects back where the layout put them, a held object kept); without the tidy
the house carries over what the oracle's own earlier tasks left, which is not what an arm
left (the arms' per-task start states differ from it; the per-stream sums are compared).
Tuning splits only (`experience_tasks.TUNING`): the report-only and held-out splits are
not to be run by a helper.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from environment import environment

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from experience_tasks import KINDS, SPLITS, TUNING, save_result  # noqa: E402

from memory_node.core.skills import SkillTable, load_skill_table  # noqa: E402
from memory_node.sim.core import goals  # noqa: E402
from memory_node.sim.core.catalog import accepts  # noqa: E402
from memory_node.sim.core.layouts import from_floorplan  # noqa: E402
from memory_node.sim.core.nav import Navigator  # noqa: E402
from memory_node.sim.core.skill_logic import Costs, SkillRunner, Target  # noqa: E402
from memory_node.sim.core.world import World, WorldObject  # noqa: E402
from memory_node.sim.tasks.model import Task  # noqa: E402
from memory_node.sim.tasks.streams import StreamSettings, generate  # noqa: E402

# The skill that makes each state a STATE goal names (the skill table's effects).
STATE_SKILL = {"heated": "heat", "cooled": "cool", "cooked": "cook", "clean": "clean",
               "sliced": "slice"}


@dataclass
class Plan:
    """A sequence of calls that succeeded, the world after them and the task's binding."""
    calls: list[str] = field(default_factory=list)
    world: World | None = None
    binding: goals.Binding = field(default_factory=goals.Binding)


class OraclePlanner:
    """The fewest calls per task on the world's truth (module docstring)."""

    def __init__(self, runner: SkillRunner, table: SkillTable) -> None:
        self.runner = runner
        self.table = table
        self.calls_run = 0

    # -- one call on a copy -----------------------------------------------------------
    def _run(self, w: World, skill: str, objs: Sequence[WorldObject]) -> World | None:
        """`skill` on the objects named by id, type and true position (what a memory that
        knew the truth would hand the skill): the world after it, None when refused."""
        self.calls_run += 1
        targets = [Target(o.id, o.type, (float(o.position[0]), float(o.position[1]),
                                         float(o.position[2])), True) for o in objs]
        out = self.runner.run(w, skill, [o.id for o in objs], targets)
        if not out.success or out.world is None:
            return None
        out.world.time = w.time + out.duration
        return out.world

    def _step(self, plan: Plan, skill: str, objs: Sequence[WorldObject],
              walk_to: WorldObject | None) -> Plan | None:
        """The call, with a navigate to `walk_to` first only when the call is refused
        without it (out of reach, behind a wall)."""
        assert plan.world is not None
        w = plan.world
        ids = [o.id for o in objs]
        live = [w.objects[i] for i in ids]
        done = self._run(w, skill, live)
        calls = list(plan.calls)
        if done is None and walk_to is not None:
            moved = self._run(w, "navigate", [w.objects[walk_to.id]])
            if moved is None:
                return None
            calls.append(f"navigate({walk_to.id})")
            done = self._run(moved, skill, [moved.objects[i] for i in ids])
        if done is None:
            return None
        calls.append(f"{skill}({', '.join(ids)})")
        return Plan(calls, done, plan.binding)

    # -- a task -----------------------------------------------------------------------
    def plan_task(self, world: World, task: Task) -> Plan | None:
        """The fewest calls achieving every subtask of `task` in order, or None."""
        return self._rest(Plan([], world, goals.Binding(since=world.acted_count)), task, 0)

    def _rest(self, plan: Plan, task: Task, index: int) -> Plan | None:
        if index == len(task.subtasks):
            return plan
        best: Plan | None = None
        for seg in self._segments(plan, task, index):
            done = self._rest(seg, task, index + 1)
            if done is not None and (best is None or len(done.calls) < len(best.calls)):
                best = done
        return best

    def _judged(self, plan: Plan, task: Task, index: int) -> Plan | None:
        """The plan with its binding after the driver's check of subtask `index`; None
        when a goal is not as expected."""
        assert plan.world is not None
        binding = copy.deepcopy(plan.binding)
        for c in task.subtasks[index].conditions:
            if binding.check(plan.world, c.text, c.expected) is not c.expected:
                return None
        return Plan(plan.calls, plan.world, binding)

    def _segments(self, plan: Plan, task: Task, index: int) -> list[Plan]:
        """Every candidate way to do subtask `index` from `plan` (each judged)."""
        kept = self._judged(plan, task, index)
        if kept is not None:
            return [kept]        # its goals already hold: no call
        conds = [goals.parse_condition(c.text) for c in task.subtasks[index].conditions
                 if c.expected]
        out: list[Plan] = []
        for cand in self._candidates(plan, conds):
            judged = self._judged(cand, task, index)
            if judged is not None:
                out.append(judged)
        if not out:
            return []
        # Only the shortest few go on to the next subtask (its cost differs by at most a
        # navigate between them, so a plan longer by two cannot win).
        low = min(len(p.calls) for p in out)
        return [p for p in out if len(p.calls) <= low + 1]

    def _candidates(self, plan: Plan, conds: list[goals.Condition]) -> list[Plan]:
        assert plan.world is not None
        w = plan.world
        place = [c for c in conds if c.predicate in ("INSIDE", "ON")]
        states = [c for c in conds if c.predicate == "STATE"]
        flips = [c for c in conds if c.predicate in ("OPEN", "CLOSED")]
        if not place and not states:
            return self._flip_only(plan, flips)
        obj_type = (place or states)[0].args[0]
        xs = [o for o in _instances(w, obj_type, plan.binding)]
        out: list[Plan] = []
        for x in xs:
            got = self._in_hand(plan, x)
            if got is None:
                continue
            heated = [got]
            for c in states:
                heated = [p for h in heated for p in self._state(h, x, c.args[1])]
            for h in heated:
                if not place:
                    out.extend(self._flips_after(h, flips))
                    continue
                dest = place[0]
                assert h.world is not None
                for y in _instances(h.world, dest.args[1], plan.binding):
                    if y.id == x.id:
                        continue
                    p = self._put(h, x, y)
                    if p is not None:
                        out.extend(self._flips_after(p, flips))
        return out

    def _in_hand(self, plan: Plan, x: WorldObject) -> Plan | None:
        """`x` in the gripper: the hand freed, what shuts it in opened, picked."""
        assert plan.world is not None
        w = plan.world
        if w.robot.held == x.id:
            return plan
        if w.robot.held is not None:
            freed = self._free_hand(plan)
            if freed is None:
                return None
            plan = freed
        opened_to = self._open_to(plan, x)
        if opened_to is None:
            return None
        plan = opened_to
        assert plan.world is not None
        return self._step(plan, "pick", [plan.world.objects[x.id]], plan.world.objects[x.id])

    def _open_to(self, plan: Plan, o: WorldObject) -> Plan | None:
        """Every closed receptacle that shuts `o` in opened, the outermost first (the only
        one the arm can reach); None when one does not open."""
        for _ in range(4):       # nesting depth of the houses' receptacles
            assert plan.world is not None
            shut = plan.world.shut_by(plan.world.objects[o.id])
            if shut is None:
                return plan
            opened = self._step(plan, "open", [shut], shut)
            if opened is None:
                return None
            plan = opened
        return None

    def _free_hand(self, plan: Plan) -> Plan | None:
        """Set the held object down: the fewest calls over the receptacles that take it
        (one within reach first: a put alone)."""
        assert plan.world is not None
        w = plan.world
        held = w.objects[str(w.robot.held)]
        recs = sorted((o for o in w.objects.values()
                       if o.kind.receptacle and o.id != held.id and accepts(o.type, held.type)
                       and o.is_open is not False and w.shut_by(o) is None),
                      key=lambda o: (w.distance_to(o), o.id))
        for r in recs[:8]:
            p = self._step(plan, "put", [held, r], r)
            if p is not None:
                return p
        return None

    def _state(self, plan: Plan, x: WorldObject, state: str) -> list[Plan]:
        """The state skill on the held `x`: where it stands, else after a navigate to each
        fixture that could do it."""
        assert plan.world is not None
        skill = STATE_SKILL.get(state.lower())
        if skill is None or skill not in self.table:
            return []
        w = plan.world
        here = self._run(w, skill, [w.objects[x.id]])
        if here is not None:
            return [Plan([*plan.calls, f"{skill}({x.id})"], here, plan.binding)]
        spec = self.table[skill]
        types = {t for group in spec.fixtures for t in group}
        out: list[Plan] = []
        for f in sorted((o for o in w.objects.values() if o.type in types),
                        key=lambda o: o.id):
            moved = self._run(w, "navigate", [f])
            if moved is None:
                continue
            done = self._run(moved, skill, [moved.objects[x.id]])
            if done is not None:
                out.append(Plan([*plan.calls, f"navigate({f.id})", f"{skill}({x.id})"],
                                done, plan.binding))
        return out

    def _put(self, plan: Plan, x: WorldObject, y: WorldObject) -> Plan | None:
        opened_to = self._open_to(plan, y)   # a plate in the shut microwave
        if opened_to is None:
            return None
        plan = opened_to
        assert plan.world is not None
        if plan.world.objects[y.id].is_open is False:
            opened = self._step(plan, "open", [plan.world.objects[y.id]], y)
            if opened is None:
                return None
            plan = opened
        assert plan.world is not None
        return self._step(plan, "put", [plan.world.objects[x.id], plan.world.objects[y.id]], y)

    def _flips_after(self, plan: Plan, flips: list[goals.Condition]) -> list[Plan]:
        """OPEN/CLOSED goals of the same subtask, on the instance the put bound."""
        return self._flip_only(plan, flips) if flips else [plan]

    def _flip_only(self, plan: Plan, flips: list[goals.Condition]) -> list[Plan]:
        """A subtask of OPEN/CLOSED goals alone ("close it"): each instance the task's
        binding allows, opened or closed (a navigate first when out of reach)."""
        for c in flips:
            assert plan.world is not None
            want = c.predicate == "OPEN"
            cands = [o for o in _instances(plan.world, c.args[0], plan.binding)
                     if o.is_open is not None]
            best: Plan | None = None
            for o in cands:
                if o.is_open is want:
                    p: Plan | None = plan
                else:
                    p = self._step(plan, "open" if want else "close", [o], o)
                if p is not None and (best is None or len(p.calls) < len(best.calls)):
                    best = p
            if best is None:
                return []
            plan = best
        return [plan]


def _instances(w: World, arg: str, binding: goals.Binding) -> list[WorldObject]:
    """The world objects a goal's argument names (exact type, as the checker reads it),
    limited to the task's bound instances of that type."""
    found = goals._matches(w, arg)          # the checker's own reading of an argument
    key = goals._type_key(w, arg)
    if key is not None and key in binding.bound:
        found = [o for o in found if o.id in binding.bound[key]]
    return sorted(found, key=lambda o: o.id)


def oracle_stream(floor_plan: int, stream_seed: int, length: int, tidy: bool,
                  world_seed: int = 0, table: SkillTable | None = None) -> dict:
    """The oracle over one stream (its own house, tidied as the arms' is): per task the
    fewest calls, or None when no choice achieves it."""
    table = table or load_skill_table()
    suite = generate(StreamSettings(floor_plan=floor_plan, length=length, seed=stream_seed,
                                    kinds=KINDS))
    per_task: list[list] = []
    start = time.perf_counter()
    calls_run = 0
    for sequence in suite.sequences:
        world = from_floorplan(floor_plan, world_seed)
        layout = copy.deepcopy(world.objects)
        oracle = OraclePlanner(SkillRunner(table, Navigator(world.free), Costs()), table)
        for task in sequence.tasks:
            if tidy:             # as InProcessStack does before every task
                held = world.robot.held
                objects = copy.deepcopy(layout)
                if held is not None:
                    objects[held] = world.objects[held]
                world.objects = objects
                world.follow_robot()
            plan = oracle.plan_task(world, task)
            if plan is None:
                per_task.append([task.id, False, None, []])
                continue
            assert plan.world is not None
            world = plan.world
            per_task.append([task.id, True, len(plan.calls), plan.calls])
        calls_run += oracle.calls_run
    won = [t for t in per_task if t[1]]
    return {"floor_plan": floor_plan, "stream_seed": stream_seed, "tidy": tidy,
            "tasks": len(per_task), "won": len(won), "sr": len(won) / max(1, len(per_task)),
            "steps_won": sum(t[2] for t in won), "calls_simulated": calls_run,
            "wall_s": round(time.perf_counter() - start, 1), "per_task": per_task}


def compare(oracle: dict, arms: dict) -> dict:
    """One stream: the oracle against each arm (experience_tasks' `_brief` rows), and what
    the issue's targets leave reachable. Steps are compared on the tasks both won (a lost
    task's steps say how long the arm tried, not what the task needs)."""
    o_steps = {t[0]: t[2] for t in oracle["per_task"] if t[1]}
    out: dict = {"oracle": {"sr": round(oracle["sr"], 4), "won": oracle["won"]}}
    for arm, r in arms.items():
        steps = {t[0]: t[2] for t in r["per_task"]}
        won = {t[0] for t in r["per_task"] if t[1]}
        both = sorted(won & set(o_steps))
        arm_steps, o_sum = sum(steps[t] for t in both), sum(o_steps[t] for t in both)
        out[arm] = {"sr": round(r["sr"], 4), "won": len(won), "steps": r["steps"],
                    "tasks_both_won": len(both), "steps_both_won": arm_steps,
                    "oracle_steps_both_won": o_sum,
                    "excess_pct": round(100 * (arm_steps / max(1, o_sum) - 1), 1),
                    "sr_gap_points": round(100 * (oracle["sr"] - r["sr"]), 1),
                    "lost_oracle_won": sorted((set(o_steps) - won) & set(steps))}
    plain = out.get("full")
    if plain is not None:
        # -20 % steps needs the plain arm at least 25 % above what any plan needs (on the
        # same tasks); +10 SR points needs the plain arm 10 points below the oracle's SR.
        out["reachable"] = {
            "steps_minus_20pct": plain["excess_pct"] >= 25.0,
            "sr_plus_10": plain["sr_gap_points"] >= 10.0,
            "best_steps_pct_any_memory": round(
                100 * (plain["oracle_steps_both_won"] / max(1, plain["steps_both_won"]) - 1), 1),
        }
    exp = out.get("full+experience")
    if plain is not None and exp is not None:
        # Of the plain arm's excess over the oracle, the share experience has closed.
        gap = plain["steps_both_won"] - plain["oracle_steps_both_won"]
        shared = sorted(set(_won(arms["full+experience"])) & set(_won(arms["full"]))
                        & set(o_steps))
        e = sum(_steps(arms["full+experience"])[t] for t in shared)
        p = sum(_steps(arms["full"])[t] for t in shared)
        o = sum(o_steps[t] for t in shared)
        out["closed_by_experience"] = {
            "tasks_all_won": len(shared), "plain": p, "experience": e, "oracle": o,
            "share_of_gap_closed": round((p - e) / (p - o), 3) if p > o else None,
            "plain_excess_all_won": gap}
    return out


def call_kind(call: str, ok: bool, message: str) -> str:
    """The category of one call in the excess table: a refused call, a navigate that did
    not move the base ("(0.0 m)"), or the skill's name."""
    skill = call.partition("(")[0]
    if not ok:
        return "refused"
    if skill == "navigate" and "(0.0 m)" in message:
        return "navigate_0m"
    return skill


def excess_by_kind(oracle: dict, log: list[dict], won: set[str]) -> dict:
    """An arm's calls by category against the oracle's, summed over the tasks both won
    (the arm's `--log` entries, one per subtask), split into the first task of the
    stream that names its object's type (no earlier task looked for one: what any memory
    pays the first time) and the later ones (what a memory of earlier tasks could have
    known); and the arm's calls on the tasks whose goals held before any call (the
    oracle's 0)."""
    o_calls = {t[0]: t[3] for t in oracle["per_task"] if t[1]}
    arm: dict[str, list[dict]] = {}
    first: dict[str, bool] = {}
    seen: set[str] = set()
    for e in log:
        if e["task"] not in arm:
            kind = goals.parse_condition(e["conditions"][0]).args[0] if e["conditions"] \
                else ""
            first[e["task"]] = kind not in seen
            seen.add(kind)
        arm.setdefault(e["task"], []).extend(e["calls"])
    out: dict = {}
    for part in ("first", "later"):
        kinds: dict[str, list[int]] = {}
        met_at_start = {"tasks": 0, "arm_calls": 0}
        tasks = 0
        for task, calls in arm.items():
            if task not in won or task not in o_calls or first[task] != (part == "first"):
                continue
            tasks += 1
            if not o_calls[task]:
                met_at_start["tasks"] += 1
                met_at_start["arm_calls"] += len(calls)
            for c in calls:
                kinds.setdefault(call_kind(c["call"], c["ok"], c["message"]), [0, 0])[0] += 1
            for c in o_calls[task]:
                kinds.setdefault(call_kind(c, True, ""), [0, 0])[1] += 1
        out[part] = {"tasks": tasks,
                     "arm": sum(a for a, _ in kinds.values()),
                     "oracle": sum(o for _, o in kinds.values()),
                     "by_kind": {k: {"arm": a, "oracle": o, "excess": a - o}
                                 for k, (a, o) in sorted(kinds.items())},
                     "goals_met_at_start": met_at_start}
    return out


def memory_bound(excess: dict) -> dict:
    """What a memory of earlier tasks could save of an arm's steps at most (on the tasks
    the arm and the oracle both won): the arm's excess over the oracle on the later tasks
    (a type an earlier task named), less its navigates that did not move the base (the
    loop's and the planner's, not memory's: removing them would shorten both arms).
    `with_0m_walks` keeps them in the arm's total (today's count), `without_0m_walks`
    takes them out of it too (a loop that skips them, in both arms)."""
    first, later = excess["first"], excess["later"]
    total = first["arm"] + later["arm"]
    zero = sum(p["by_kind"].get("navigate_0m", {}).get("arm", 0) for p in (first, later))
    later_zero = later["by_kind"].get("navigate_0m", {}).get("excess", 0)
    closable = max(0, later["arm"] - later["oracle"] - later_zero)
    return {"arm_steps": total, "oracle_steps": first["oracle"] + later["oracle"],
            "first_of_type_excess": first["arm"] - first["oracle"],
            "later_excess": later["arm"] - later["oracle"], "later_0m_walks": later_zero,
            "closable_by_memory": closable,
            "best_pct_with_0m_walks": round(-100 * closable / max(1, total), 1),
            "best_pct_without_0m_walks": round(-100 * closable / max(1, total - zero), 1)}


def arms_from_logs(logs: Path, split: str, tidy: bool, seed: int) -> dict:
    """An experience_tasks `_brief`-like row per arm rebuilt from its `--log` file alone
    (a stream whose split had not finished, so no result file): per task, won when every
    subtask's goals held, and its calls; the same per_task the result file has (checked
    on the tune streams of round 35: equal on all 10 arm-streams)."""
    out: dict = {}
    for f in sorted((logs / f"ss{seed}").glob(f"{split}{'_tidy' if tidy else ''}_*.jsonl")):
        arm = f.stem[len(f"{split}{'_tidy' if tidy else ''}_"):]
        tasks: dict[str, list] = {}
        for line in f.read_text().splitlines():
            e = json.loads(line)
            t = tasks.setdefault(e["task"], [e["task"], True, 0])
            t[1] = t[1] and all(e["goals"].values())
            t[2] += len(e["calls"])
        per_task = list(tasks.values())
        out[arm] = {"sr": sum(t[1] for t in per_task) / max(1, len(per_task)),
                    "steps": sum(t[2] for t in per_task), "per_task": per_task}
    return out


def _won(r: dict) -> list[str]:
    return [t[0] for t in r["per_task"] if t[1]]


def _steps(r: dict) -> dict[str, int]:
    return {t[0]: t[2] for t in r["per_task"]}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=sorted(TUNING), required=True,
                    help="tuning splits only (report-only and held-out ones are the lead's)")
    ap.add_argument("--length", type=int, default=30)
    ap.add_argument("--seed", type=int, default=0, help="world seed, as experience_tasks'")
    ap.add_argument("--tidy", action="store_true")
    ap.add_argument("--stream-seeds", default="",
                    help="comma-separated stream seeds (default: the split's own)")
    ap.add_argument("--arms", default="",
                    help="an experience_tasks --stream-seeds result file of the same split "
                    "and tidy flag: each stream is compared with its arms")
    ap.add_argument("--oracle-file", default="",
                    help="an earlier result of this tool for the same split: its oracle "
                    "streams are reused (only the comparison with --arms is made again)")
    ap.add_argument("--logs", default="",
                    help="experience_tasks --log directory of the same runs (ss<seed>/"
                    "<split>[_tidy]_<arm>.jsonl): the arms' calls by category against the "
                    "oracle's")
    ap.add_argument("--tag", default="")
    a = ap.parse_args(argv)
    floor_plan, own_seed = SPLITS[a.split]
    seeds = [int(s) for s in a.stream_seeds.split(",")] if a.stream_seeds else [own_seed]
    arms = json.loads(Path(a.arms).read_text())["streams"] if a.arms else {}
    table = load_skill_table()
    earlier = json.loads(Path(a.oracle_file).read_text())["streams"] if a.oracle_file else {}
    out: dict = {"split": a.split, "floor_plan": floor_plan, "tidy": a.tidy,
                 "length": a.length, "seed": a.seed, "arms_file": a.arms,
                 "python": platform.python_version(),
                 "environment": environment(), "load_before": os.getloadavg(),
                 "streams": {}}
    for seed in seeds:
        o = earlier[str(seed)]["oracle"] if str(seed) in earlier else \
            oracle_stream(floor_plan, seed, a.length, a.tidy, a.seed, table)
        row: dict = {"oracle": o}
        if str(seed) not in arms and a.logs:
            found = arms_from_logs(Path(a.logs), a.split, a.tidy, seed)
            if found:
                arms[str(seed)] = found
                row["arms_from_logs"] = sorted(found)
        if str(seed) in arms:
            row["compare"] = compare(o, arms[str(seed)])
        if a.logs:
            for arm in arms.get(str(seed), {}):
                f = Path(a.logs) / f"ss{seed}" / \
                    f"{a.split}{'_tidy' if a.tidy else ''}_{arm}.jsonl"
                if f.exists():
                    log = [json.loads(x) for x in f.read_text().splitlines() if x.strip()]
                    ex = excess_by_kind(o, log, set(_won(arms[str(seed)][arm])))
                    row.setdefault("excess", {})[arm] = ex
                    row.setdefault("memory_bound", {})[arm] = memory_bound(ex)
        out["streams"][str(seed)] = row
        line = f"stream {seed}: oracle SR {o['sr']:.3f}, {o['steps_won']} steps"
        if "compare" in row:
            c = row["compare"]
            line += "".join(f"; {arm} SR {c[arm]['sr']:.3f} excess {c[arm]['excess_pct']}%"
                            for arm in arms[str(seed)])
        print(line + f" ({o['wall_s']:.0f} s)", flush=True)
    rows = [r["compare"] for r in out["streams"].values() if "compare" in r]
    if rows and all("reachable" in r for r in rows):
        out["summary"] = {
            "streams": len(rows),
            "steps_minus_20pct_reachable": sum(r["reachable"]["steps_minus_20pct"] for r in rows),
            "sr_plus_10_reachable": sum(r["reachable"]["sr_plus_10"] for r in rows),
            "median_plain_excess_pct": statistics.median(r["full"]["excess_pct"] for r in rows),
        }
        print(json.dumps(out["summary"]))
    out["load_after"] = os.getloadavg()
    save_result(out, "experience_oracle", a.split, a.tidy, a.tag)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
