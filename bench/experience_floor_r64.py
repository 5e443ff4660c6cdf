"""Where each arm of the experience streams spends steps, against each task's floor (issue 15,
round 64, exp71; tuning streams only).

`run`: bench/experience_tasks.py unchanged (same arguments, same results), with one read-only
addition: before each task's first call (after the daily tidy, when there is one) the world is
copied and `experience_oracle.OraclePlanner` plans the task on the copy: the fewest skill calls
that do the task from the state the ARM is in (where every object truly is, which receptacles
are open, what the robot holds, where it stands), run through the world's own skill logic. That
plan is written into the --log entry of the task's first subtask ("floor": calls, or null when
no choice achieves the task). The arm's world is never touched (a deep copy; the oracle's own
skill runner and navigator), so the arm's calls are those of experience_tasks.py.

    OMP_NUM_THREADS=1 PYTHONPATH=. PYTHONHASHSEED=0 nice -n 5 .venv/bin/python \\
        bench/experience_floor_r64.py run --split tune2 --length 30 [--tidy] --stream-seeds 3159 \\
        --arms full,full+experience --tag <tag> --log /tmp/exp71/logs/<tag>

`account`: reads the --log directories and sorts every call of every task both the arm and the
floor won by kind (navigate, explore, open, close, pick, put, the state skills; a refused call
as "failed <skill>"), the arm's count against the floor's, tidy and untidied apart; and the
excess of the experience arm over the floor by cause (opens the subtask then used nothing
from: "open, search"; the navigates before them; explores; refused calls; ...).

    .venv/bin/python bench/experience_floor_r64.py account /tmp/exp71/logs/* \\
        --out bench/results/experience_floor_exp71_r64.json
`run --homes` (round 68) also writes where every pickable object lies as each task begins;
`kinds` reads such logs (with `--parents`): at each first task of a type, whether its
receptacle held a type found there earlier ("kept together"), against chance; `together`
measures the same on the bench's houses directly (plans as the positional arguments).
`run --merges` (round 69) follows which world object each scene-graph node's sightings came
from (the camera's truth id, never given to memory) and writes identity switches, one node
holding two objects of a type ("merged") and picks of another object than the node's;
`merges` counts them from the logs. `run --places` (round 70) writes, as each task begins,
every unit memory holds "in" a receptacle from a sighting whose receptacle is not the world's
(stacked neighbour, cabinet vs drawer, ...); `places` counts them. `bindings` (round 71) counts,
from any --log, the "close it" tasks whose placement several instances met (`binding_counts`).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

from environment import with_environment  # noqa: E402

ARMS = ("full", "full+experience")
_CALL = re.compile(r"^([a-z_]+)\((.*)\)$")


def _install_floor() -> None:
    """experience_tasks' StateLoggingStack replaced by one that writes each task's floor."""
    import experience_oracle as EO
    import experience_tasks as ET

    from memory_node.sim.core.nav import Navigator
    from memory_node.sim.core.skill_logic import Costs, SkillRunner

    class FloorStack(ET.StateLoggingStack):
        def _query_cache(self) -> None:
            if self.log is not None and self._subtask == 0 and self.world is not None \
                    and self._task is not None:
                world = copy.deepcopy(self.world)
                oracle = EO.OraclePlanner(
                    SkillRunner(self.table, Navigator(world.free), Costs()), self.table)
                plan = oracle.plan_task(world, self._task)
                self.log[-1]["floor"] = None if plan is None else plan.calls
            super()._query_cache()

        def end_sequence(self, sequence: object = None) -> None:
            exp = self.memory.experience if self.memory is not None else None
            if self.log is not None and exp is not None:
                # The experience memory's counters and the house's tally of answered puts.
                self.log.append({"stats": {**exp.stats(), "places.kept": exp.places.kept,
                                           "places.moved": exp.places.moved}})
            super().end_sequence(sequence)

    ET.StateLoggingStack = FloorStack  # type: ignore[misc]


def world_of(w: Any, label: str, position: Any, pickable: bool | None = None) -> Any:
    """The world object of `label`'s class nearest `position` (within 1 m; of the robot's
    pickable objects only, or only the others, when `pickable` says)."""
    import numpy as np

    from memory_node.sim.core.catalog import canonical_type, similar_types
    kind = canonical_type(label) if label else None
    if kind is None:
        return None
    kinds = (kind, *similar_types(kind))
    p = np.asarray(position, dtype=float)
    near = [(float(np.linalg.norm(o.position - p)), o.id) for o in w.objects.values()
            if o.type in kinds and (pickable is None or o.kind.pickupable == pickable)]
    return w.objects[min(near)[1]] if near and min(near)[0] <= 1.0 else None


def _install_parents() -> None:
    """On top of the floor: before every pick, the place memory gives the object (what the
    experience memory counts as where it was found, `RecallMemory._places`) beside the
    world's receptacle of it, written into the call's log entry as "parent" (round 67)."""
    import experience_tasks as ET
    import numpy as np

    from memory_node.sim.core.skill_logic import SkillFailure
    from memory_node.sim.core.skill_logic import Target as WorldTarget

    base = ET.StateLoggingStack

    class ParentStack(base):  # type: ignore[misc,valid-type]
        def execute(self, call: Any, targets: Any, episode_id: str, timeout_s: float,
                    cancel: Any) -> Any:
            parent = self._parent(call, targets) if call.skill == "pick" else None
            result = super().execute(call, targets, episode_id, timeout_s, cancel)
            if parent is not None and self.log and self.log[-1]["calls"]:
                self.log[-1]["calls"][-1]["parent"] = parent
            return result

        def _world_of(self, label: str, position: Any) -> Any:
            return world_of(self.world, label, position)

        def _near_boxes(self, unit: Any, units: dict) -> list[str]:
            """Every box within 0.3 m of the unit's position: label, the distance outside
            it along x, y, z (its own frame; < 0 inside), its height, the unit's z and
            height."""
            import math
            r = self.memory.recall
            own = r.extent_of(unit.object_id) or (0.0, 0.0, 0.0)
            p, out = unit.position, []
            for u in units.values():
                box = r.extent_of(u.object_id) if u.object_id != unit.object_id else None
                if box is None:
                    continue
                yaw = r.yaw_of(u.object_id) or 0.0
                dx, dy = p[0] - u.position[0], p[1] - u.position[1]
                local = (math.cos(yaw) * dx + math.sin(yaw) * dy,
                         -math.sin(yaw) * dx + math.cos(yaw) * dy, p[2] - u.position[2])
                o = [abs(local[k]) - box[k] / 2 for k in range(3)]
                if max(o) <= 0.3:
                    out.append(f"{u.label} {u.object_id} out {o[0]:.2f},{o[1]:.2f},{o[2]:.2f}"
                               f" z {u.position[2]:.2f} h {box[2]:.2f} own z {p[2]:.2f}"
                               f" h {own[2]:.2f}")
            return out

        def _parent(self, call: Any, targets: Any) -> dict | None:
            w, m = self.world, self.memory
            if w is None or m is None or not call.args:
                return None
            arg = call.args[0]
            by_id = {t.id: WorldTarget(t.id, t.label, t.position, t.position_known)
                     for t in targets}
            try:
                o = self.runner.resolve_object(w, arg, by_id)
            except SkillFailure:
                return None
            r = m.recall
            units = {u.object_id: u for u in m.short_term.units()}
            if arg not in units and r.unit_fallback is not None:
                known = r.unit_fallback(arg)
                if known is not None:
                    units[arg] = known
            if arg not in units:
                return None
            unit = units[arg]
            place = r._places({arg}, units).get(arg)
            cands = self._near_boxes(unit, units) if not unit.receptacle_id else []
            wp = w.objects.get(o.parent) if o.parent else None
            out: dict = {"object": f"{o.id}", "world": (f"{o.relation} {wp.id}:{wp.type}"
                                                       if wp is not None else "none"),
                         "source": "unit" if unit.receptacle_id else "geometry",
                         "near": cands}
            if wp is not None:
                # The true receptacle's units in the scene graph, nearest the object first:
                # in the short-term snapshot or not, its distance, its box.
                true = [f"{h.object_id}{'' if h.object_id in units else ' (long-term only)'}"
                        f" {np.linalg.norm(np.asarray(h.position) - np.asarray(unit.position)):.2f}"
                        f" m box {r.extent_of(h.object_id)}"
                        for h in m.long_term.find(wp.type, near=unit.position, limit=2)]
                out["true_units"] = true
            if place is None:
                out.update(memory="none", cls="none" if wp is not None else "match")
                return out
            rel, rec_id, rec_label = place
            rec = units.get(rec_id) or (r.unit_fallback(rec_id) if r.unit_fallback else None)
            mo = self._world_of(rec_label, rec.position) if rec is not None else None
            out["memory"] = f"{rel} {rec_id}:{rec_label}->{mo.id if mo else 'ghost'}"
            if wp is not None and mo is not None and mo.id == wp.id:
                out["cls"] = "match"
            elif mo is None:
                out["cls"] = "ghost"
            elif mo.kind.pickupable and not mo.kind.receptacle:
                out["cls"] = "pickable"
            elif mo.kind.pickupable:
                out["cls"] = "movable receptacle"
            else:
                out["cls"] = "wrong receptacle" if wp is not None else "world none"
            if mo is not None and wp is not None and mo.parent == wp.id:
                out["cls"] += " (inside the true one)"
            return out

    ET.StateLoggingStack = ParentStack  # type: ignore[misc]


def _install_homes() -> None:
    """On top of the floor: as each task begins (after the daily tidy), where every object the
    robot can pick lies in the world, written into the log entry of the task's first subtask
    as "homes" ({world id: "in|on receptacle id:type"}; round 68, the "kept together"
    opportunity of `kinds`)."""
    import experience_tasks as ET

    base = ET.StateLoggingStack

    class HomesStack(base):  # type: ignore[misc,valid-type]
        def _query_cache(self) -> None:
            if self.log is not None and self._subtask == 0 and self.world is not None:
                w = self.world
                self.log[-1]["homes"] = {
                    o.id: (f"{o.relation} {o.parent}:{w.objects[o.parent].type}"
                           if o.parent in w.objects else "none")
                    for o in w.objects.values() if o.kind.pickupable}
            super()._query_cache()

    ET.StateLoggingStack = HomesStack  # type: ignore[misc]


def _install_places() -> None:
    """Round 70 (place81): as each task begins, every short-term unit memory holds "in" a
    receptacle from a SIGHTING (not the robot's own put: the graph node's `inside` is not
    that receptacle) whose world object lies elsewhere, written into the log entry of the
    task's first subtask as "wrong_places" ([world object, its unit, memory's receptacle
    unit, memory's receptacle's world object, the true receptacle, class, memory's
    receptacle open/shut/fixed in the world]) and "in_places" (how many such units). Units
    and receptacles are matched to the world object of their class nearest their position
    (within 1 m), as `run --parents` does."""
    import experience_tasks as ET
    import numpy as np


    base = ET.StateLoggingStack

    def holds(a: Any, b: Any) -> bool:
        """Does `a`'s box (axis-aligned, the world's size) hold `b`'s centre?"""
        return bool(np.all(np.abs(b.position - a.position) <= a.size / 2.0 + 0.02))

    def opened(o: Any) -> str:
        return "fixed" if o.is_open is None else ("open" if o.is_open else "shut")

    class PlacesStack(base):  # type: ignore[misc,valid-type]
        def _query_cache(self) -> None:
            if self.log is not None and self._subtask == 0 and self.world is not None \
                    and self.memory is not None:
                self.log[-1]["wrong_places"], self.log[-1]["in_places"] = self._wrong_places()
            super()._query_cache()

        def _wrong_places(self) -> tuple[list[list], int]:
            w, m = self.world, self.memory
            nodes = m.long_term.graph.graph.nodes
            out, n = [], 0
            for u in m.short_term.units():
                rec = u.receptacle_id
                if u.relation != "in" or not rec or rec == "robot" or rec not in nodes \
                        or u.object_id not in nodes or u.state == "absent" \
                        or nodes[u.object_id].get("inside") == rec:
                    continue
                o = world_of(w, u.label, u.position, True)
                if o is None:
                    continue
                n += 1
                r = nodes[rec]
                mo = world_of(w, r["label"], r["position"], None)
                wp = w.objects.get(o.parent) if o.parent else None
                if mo is not None and wp is not None and mo.id == wp.id:
                    continue
                if mo is None:
                    cls = "ghost receptacle"
                elif wp is None:
                    cls = "world: in nothing"
                elif o.relation == "on":
                    cls = "world: on a receptacle"
                elif mo.kind.pickupable:
                    cls = "a movable receptacle (pot, bowl)"
                elif mo.parent == wp.id or wp.parent == mo.id or holds(mo, wp) \
                        or holds(wp, mo):
                    cls = "a fixture and the one in it (cabinet vs its drawer, sink vs basin)"
                elif mo.type == wp.type:
                    dxy = float(np.linalg.norm(mo.position[:2] - wp.position[:2]))
                    dz = abs(float(mo.position[2] - wp.position[2]))
                    cls = "a stacked neighbour" if dz > dxy else "a neighbour beside"
                else:
                    cls = "other"
                out.append([o.id, u.object_id, rec, mo.id if mo else "", wp.id if wp else "",
                            cls, opened(mo) if mo else "", opened(wp) if wp else ""])
            return out, n

    ET.StateLoggingStack = PlacesStack  # type: ignore[misc]


def _arm_logs(dirs: list[str]) -> Iterator[tuple[str, list[dict]]]:
    """Per stream-arm log of the --log directories: "tidy|untidied arm" and its entries."""
    for d in dirs:
        house = "tidy" if re.search(r"t_\d+/?$", d) else "untidied"
        for path in sorted(Path(d).glob("*/*.jsonl")):
            yield (f"{house} {path.stem.split('_')[-1]}",
                   [json.loads(line) for line in path.read_text().splitlines()])


def _place_class(wrong: list) -> str:
    """A `run --places` entry's class, with memory's receptacle of a type the robot can pick
    (a pot, a kettle) its own class (logs written before the class existed named it
    "other" or "a cabinet vs its drawer")."""
    from memory_node.sim.core.catalog import object_type
    kind = wrong[3].rsplit("_", 1)[0]
    try:
        movable = bool(kind) and object_type(kind).pickupable
    except (KeyError, ValueError):
        movable = False
    return "a movable receptacle (pot, bowl)" if movable else str(wrong[5])


def place_counts(dirs: list[str]) -> dict:
    """`run --places` logs, per house (tidy/untidied) and arm: units memory held "in" a
    receptacle from a sighting at the tasks' starts, those whose receptacle is not the
    world's by class (and memory's receptacle open/shut in the world; the true one's), summed
    over task starts and as distinct (object, memory's receptacle) pairs."""
    out: dict[str, Counter] = {}
    for key, entries in _arm_logs(dirs):
        c = out.setdefault(key, Counter())
        pairs: set[tuple[str, str, str]] = set()
        for e in entries:
            if "in_places" not in e:
                continue
            c["in places (task starts)"] += e["in_places"]
            for wp in e["wrong_places"]:
                wp[5] = _place_class(wp)
                c[f"wrong: {wp[5]} (memory's {wp[6] or '-'}, true {wp[7] or '-'})"] += 1
                c["wrong (task starts)"] += 1
                pairs.add((wp[0], wp[3], wp[5]))
        for p in pairs:
            c[f"distinct: {p[2]}"] += 1
        c["wrong (distinct)"] += len(pairs)
    return {k: dict(sorted(v.items())) for k, v in sorted(out.items())}


def _truth_places(lines: list[str]) -> list[tuple[str, str, str]]:
    """A log entry's "truth" lines of one type as (instance, relation, receptacle id)."""
    out = []
    for line in lines:
        parts = line.split()
        if len(parts) >= 4 and parts[2] in ("in", "on"):
            out.append((parts[0], parts[2], parts[3].split(":")[0]))
    return out


def binding_counts(dirs: list[str]) -> dict:
    """Round 71 (exp88): per house and arm, the tasks where a later subtask names alone a
    type an earlier subtask's INSIDE/ON goal placed into ("close it"), and two or more
    world instances of the goal's object stood in receptacles of that type as the earlier
    subtask ended (the goal checker then binds the one the robot acted on last, in the
    whole stream); which of them had the earlier subtask act on nothing (met as it began),
    their wins and their calls against the floor. From the --log's truth lines only."""
    out: dict[str, Counter] = {}
    cases: list[list] = []
    for d, (name, entries) in ((x, y) for x in dirs for y in _arm_logs([x])):
        c = out.setdefault(name, Counter())
        tasks: dict[str, list[dict]] = {}
        for e in entries:
            if "task" in e:
                tasks.setdefault(e["task"], []).append(e)
        for tid, subs in tasks.items():
            floor = subs[0].get("floor")
            for k, e in enumerate(subs):
                for cond in e["conditions"]:
                    m = re.match(r"(INSIDE|ON)\((\w+), (\w+)\)", cond)
                    if m is None:
                        continue
                    what, where = m.group(2), m.group(3)
                    rel = "in" if m.group(1) == "INSIDE" else "on"
                    later = [c2 for s in subs[k + 1:] for c2 in s["conditions"]
                             if re.match(rf"\w+\({where}\)$", c2)]
                    if not later:
                        continue
                    placed = [p for p in _truth_places(e.get("truth", {}).get(what, []))
                              if p[1] == rel and p[2].rsplit("_", 1)[0] == where]
                    c["it tasks"] += 1
                    if len({p[2] for p in placed}) < 2:
                        continue
                    won = all(all(s["goals"].values()) for s in subs)
                    calls = sum(len(s["calls"]) for s in subs)
                    c["two or more placed"] += 1
                    c["met as it began"] += not e["calls"]
                    c["lost"] += not won
                    if won and floor is not None:
                        c["calls"] += calls
                        c["floor"] += len(floor)
                    cases.append([name, Path(d).name, tid, cond,
                                  [p[0] + ">" + p[2] for p in placed], not e["calls"],
                                  won, calls, None if floor is None else len(floor)])
    return {"per_arm": {k: dict(v) for k, v in sorted(out.items())}, "cases": cases}


def _install_merges() -> None:
    """Round 69 (place80): which world object each scene-graph node's sightings came from
    (the camera's truth id, never published to memory), so that a node that took sightings
    of two objects of a type is seen. Written into the log: per task's first subtask
    "merged" (world objects seen before whose node now takes another object's sightings:
    [object, its node, the node's object now, the distance between the two]); per
    identity switch "switches" on the subtask it happened in (node, from, to, distance,
    how: "sighting" (the association) or "relocate" (a held or tracked node set down
    somewhere)); per pick "picked" (the node's object now, the world's resolved object)."""
    import experience_tasks as ET
    import numpy as np

    from memory_node.sim.core.skill_logic import SkillFailure
    from memory_node.sim.core.skill_logic import Target as WorldTarget

    base = ET.StateLoggingStack

    class MergeStack(base):  # type: ignore[misc,valid-type]
        def start_sequence(self, sequence: Any) -> None:
            super().start_sequence(sequence)
            self._truths: dict[str, list[str]] = {}   # node -> world ids of its sightings
            self._obs_truth: dict[int, str] = {}
            self._seen_ids: set[str] = set()
            cam, g = self.camera, self.memory.long_term.graph
            frame, observe, add = cam.frame, g._observe, g._add_object

            def frame_wrapped(world: Any) -> Any:
                out = frame(world)
                self._frame_truths = [d.truth for d in out]
                return out

            def observe_wrapped(obj: str, obs: Any, *a: Any, **k: Any) -> None:
                self._note(obj, obs, "relocate" if k.get("relocate") or
                           g.graph.nodes[obj].get("inside") == "robot" else "sighting")
                observe(obj, obs, *a, **k)

            def add_wrapped(obs: Any, *a: Any, **k: Any) -> str:
                obj = add(obs, *a, **k)
                self._note(obj, obs, "new")
                return obj
            cam.frame, g._observe, g._add_object = frame_wrapped, observe_wrapped, add_wrapped
            lt = self.memory.long_term
            apply = lt.apply

            def apply_wrapped(obs: Any, view: Any, stamp: float) -> Any:
                truths = getattr(self, "_frame_truths", [])
                self._obs_truth = {id(o): t for o, t in zip(obs, truths, strict=False)}
                self._seen_ids.update(t for t in truths if t)
                try:
                    return apply(obs, view, stamp)
                finally:
                    self._obs_truth = {}
            lt.apply = apply_wrapped

        def _note(self, obj: str, obs: Any, how: str) -> None:
            t = self._obs_truth.get(id(obs))
            if not t or self.world is None or t not in self.world.objects:
                return
            hist = self._truths.setdefault(obj, [])
            if hist and hist[-1] != t and hist[-1] in self.world.objects and \
                    self.log is not None and self.log:
                w = self.world
                a, b = w.objects[hist[-1]], w.objects[t]
                self.log[-1].setdefault("switches", []).append(
                    [obj, a.id, b.id, round(float(np.linalg.norm(a.position - b.position)), 2),
                     how, a.type == b.type])
            if not hist or hist[-1] != t:
                hist.append(t)

        def _query_cache(self) -> None:
            if self.log is not None and self._subtask == 0 and self.world is not None:
                self.log[-1]["merged"] = self._merged()
            super()._query_cache()

        def _merged(self) -> list[list]:
            """Seen pickable objects no live node holds as its object now, whose sightings a
            node of another object of the type within 0.5 m took."""
            w, g = self.world, self.memory.long_term.graph.graph
            now = {h[-1]: n for n, h in self._truths.items() if n in g and h}
            out = []
            for x in sorted(self._seen_ids):
                o = w.objects.get(x)
                if o is None or not o.kind.pickupable or x in now:
                    continue
                for n, h in self._truths.items():
                    if n not in g or x not in h[:-1]:
                        continue
                    y = w.objects.get(h[-1])
                    if y is None or y.type != o.type:
                        continue
                    d = float(np.linalg.norm(o.position - y.position))
                    if d <= 0.5:
                        out.append([x, n, y.id, round(d, 2)])
            return out

        def execute(self, call: Any, targets: Any, episode_id: str, timeout_s: float,
                    cancel: Any) -> Any:
            picked = None
            if call.skill == "pick" and call.args and self.world is not None:
                by_id = {t.id: WorldTarget(t.id, t.label, t.position, t.position_known)
                         for t in targets}
                try:
                    o = self.runner.resolve_object(self.world, call.args[0], by_id)
                    h = self._truths.get(call.args[0], [])
                    picked = [call.args[0], h[-1] if h else "", o.id, len(h)]
                except SkillFailure:
                    picked = None
            result = super().execute(call, targets, episode_id, timeout_s, cancel)
            if picked is not None and self.log and self.log[-1]["calls"]:
                self.log[-1]["calls"][-1]["picked"] = picked
            return result

    ET.StateLoggingStack = MergeStack  # type: ignore[misc]


def parse_call(call: str) -> tuple[str, list[str]]:
    """A logged call "skill(a, b)" as ("skill", ["a", "b"])."""
    m = _CALL.match(call)
    if m is None:
        return call, []
    return m.group(1), [a.strip() for a in m.group(2).split(",") if a.strip()]


def kind(call: str, ok: bool) -> str:
    skill = parse_call(call)[0]
    return skill if ok else f"failed {skill}"


def tasks_of(path: Path) -> dict[str, dict]:
    """Per task: won (every subtask's goals held), the arm's calls, the floor's calls."""
    out: dict[str, dict] = {}
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        e = json.loads(line)
        if "task" not in e:
            continue
        t = out.setdefault(e["task"], {"won": True, "calls": [], "floor": None,
                                       "subtasks": []})
        if e["subtask"] == 0:
            t["floor"] = e.get("floor")
        t["won"] = t["won"] and all(e["goals"].values())
        t["calls"].extend(e["calls"])
        t["subtasks"].append(e)
    return out


def causes(subtasks: list[dict]) -> list[str]:
    """experience_steps_by_cause's causes of every call, subtask by subtask."""
    from experience_steps_by_cause import causes as by_cause
    out: list[str] = []
    for s in subtasks:
        out.extend(by_cause(s["calls"]))
    return out


def part_of(task: dict, seen: set[str]) -> str:
    """"first"/"later" (an earlier task of the stream named the goal's object type or not)
    and "met" (the floor is no call: the goals held as the task began) / "work"."""
    cond = task["subtasks"][0]["conditions"][0] if task["subtasks"][0]["conditions"] else ""
    m = re.match(r"\w+\((\w+)", cond)
    typ = m.group(1) if m else ""
    first = typ not in seen
    seen.add(typ)
    return f"{'first' if first else 'later'} {'met' if task['floor'] == [] else 'work'}"


def robot_put_first_calls(calls_by_task: list[list[dict]]
                          ) -> Iterator[tuple[int, dict, str, list[str]]]:
    """Each task's first navigate (or pick) of each unit the robot put in an earlier task
    (the unit's id in a successful put's first argument), as (task's index, the call, its
    skill, its arguments)."""
    put_in: dict[str, int] = {}
    for n, calls in enumerate(calls_by_task):
        touched: set[str] = set()
        for c in calls:
            skill, args = parse_call(c["call"])
            if skill in ("navigate", "pick") and args and put_in.get(args[0], n) < n \
                    and args[0] not in touched:
                touched.add(args[0])
                yield n, c, skill, args
        for c in calls:
            skill, args = parse_call(c["call"])
            if skill == "put" and c["ok"] and args:
                put_in[args[0]] = n


def robot_put_navigates(tasks: dict[str, dict]) -> Counter:
    """`robot_put_first_calls` of the tasks, refused or not."""
    out: Counter = Counter()
    for _, c, skill, _ in robot_put_first_calls([t["calls"] for t in tasks.values()]):
        out[f"{skill} {'ok' if c['ok'] else 'refused'}"] += 1
    return out


def _types(task: dict) -> tuple[str, set[str]]:
    """The goal's object type and every other type the task's conditions name."""
    names = [a for e in task["subtasks"] for c in e["conditions"]
             for a in re.findall(r"\w+", c.split("(", 1)[1] if "(" in c else "")]
    return (names[0] if names else ""), set(names[1:])


def excess_classes(tasks: dict[str, dict], per_task: dict[str, Counter] | None = None
                   ) -> Counter:
    """`--classes` (round 67): every excess call of the tasks the arm and the floor both
    won, in the class memory could (or by definition could not) remove:
    - "first: object type new": no earlier task named the goal's object type (no
      experience exists for it);
    - "first: destination type new": the object's type was named before, another type the
      conditions name (a movable receptacle: Cup, Mug, Pot...) was not;
    - later tasks whose goals held as they began (the floor is no call): "met: look"
      (navigates, opens, closes only), "met: re-put" (a pick and a put), "met: other";
    - later tasks with work, per call beyond the floor's count of its kind: "search: open
      of a receptacle opened in an earlier task" (memory saw inside it before; in a tidied
      house it holds what it held then) / "search: open never opened before" (with the
      navigate right before each, and the closes over the floor's); "search: explore";
      "refused: <skill>" and "refused: repeat" (the same refused call again in the task);
      "re-handling" (picks and puts over the floor's); "walk: 0.0 m" / "walk" (the other
      successful navigates over the floor's).
    A kind the arm used fewer times than the floor nets against the same class.
    `per_task` (round 73): filled with each task's own classes."""
    total: Counter = Counter()
    named: set[str] = set()
    opened_before: set[str] = set()
    for tid, t in tasks.items():
        out: Counter = Counter()
        obj, others = _types(t)
        first = ("first: object type new" if obj not in named
                 else "first: destination type new" if others - named else "")
        named.add(obj)
        named.update(others)
        calls = t["calls"]
        floor = t["floor"]
        if t["won"] and floor is not None:
            excess = len(calls) - len(floor)
            if first:
                out[first] += excess
            elif not floor:
                skills = {parse_call(c["call"])[0] for c in calls}
                out["met: look" if skills <= {"navigate", "open", "close"}
                    else "met: re-put" if {"pick", "put"} <= skills else "met: other"] += excess
            else:
                fk = Counter(kind(c, True) for c in floor)
                refused: set[str] = set()
                opens = {"reopened": 0, "new": 0}
                walks = {"0.0 m": 0, "moved": 0}
                to_open = 0
                for i, c in enumerate(calls):
                    skill, args = parse_call(c["call"])
                    if not c["ok"]:
                        if skill == "explore":
                            out["search: explore"] += 1
                        elif c["call"] in refused:
                            out["refused: repeat"] += 1
                        else:
                            out[f"refused: {skill}"] += 1
                        refused.add(c["call"])
                    elif skill == "open":
                        opens["reopened" if args[:1] and args[0] in opened_before
                              else "new"] += 1
                    elif skill == "navigate":
                        nxt = parse_call(calls[i + 1]["call"]) if i + 1 < len(calls) else ("", [])
                        if nxt[0] == "open" and nxt[1][:1] == args[:1]:
                            to_open += 1
                        else:
                            walks["0.0 m" if "(0.0 m)" in c.get("message", "")
                                  else "moved"] += 1
                    elif skill == "explore":
                        out["search: explore"] += 1
                    elif skill in ("pick", "put"):
                        out["re-handling"] += 1
                    elif skill == "close":
                        out["search: close"] += 1
                # the floor's own calls of each kind net against the arm's
                out["re-handling"] -= fk["pick"] + fk["put"]
                out["search: close"] -= fk["close"]
                extra_opens = opens["reopened"] + opens["new"] - fk["open"]
                # the floor's opens are taken from the never-opened part first
                new = max(0, min(opens["new"], extra_opens))
                out["search: open never opened before"] += new
                out["search: open of a receptacle opened in an earlier task"] += extra_opens - new
                nav = to_open + walks["0.0 m"] + walks["moved"] - fk["navigate"]
                out["search: navigate to an open"] += min(to_open, max(0, extra_opens))
                rest = nav - min(to_open, max(0, extra_opens))
                out["walk: 0.0 m"] += min(walks["0.0 m"], max(0, rest))
                out["walk"] += rest - min(walks["0.0 m"], max(0, rest))
        for c in calls:
            skill, args = parse_call(c["call"])
            if skill == "open" and c["ok"] and args:
                opened_before.add(args[0])
        total.update(out)
        if per_task is not None:
            per_task[tid] = out
    return total


def stream_places(tasks: dict[str, dict]) -> dict[str, str]:
    """`--classes` (round 73): each task's place in its stream: "first of its type" (no
    earlier task named the goal's object type), "repeat of the instruction" (an earlier
    task had the same instruction), else "repeat of the type"."""
    out: dict[str, str] = {}
    types: set[str] = set()
    said: set[str] = set()
    for tid, t in tasks.items():
        obj, _ = _types(t)
        text = t["subtasks"][0]["instruction"].strip().lower()
        out[tid] = ("repeat of the instruction" if text in said
                    else "repeat of the type" if obj in types else "first of its type")
        types.add(obj)
        said.add(text)
    return out


_PLACE = re.compile(r"^(INSIDE|ON)\((\w+), (\w+)\)$")


def _labels(tasks: dict[str, dict]) -> dict[str, str]:
    """{memory object id: its label} from every call's logged targets ("object_31:Drawer@...")."""
    out: dict[str, str] = {}
    for t in tasks.values():
        for c in t["calls"]:
            for tg in c.get("targets", []):
                m = re.match(r"^(object_\d+):(\w+)@", tg)
                if m:
                    out.setdefault(m.group(1), m.group(2))
    return out


_SHUT_IN = re.compile(r"inside a closed (\w+)")


def held_by(task: dict, otype: str, rtype: str, labels: dict[str, str],
            put_units: set[str], put_into: set[str]) -> tuple[str, str]:
    """`--met-at-start` (round 72): of a placement task whose goal held as it began, what the
    arm did ("nothing", "refused shut in R": a pick refused "inside a closed R" of the goal's
    receptacle type, "look": walks, opens and closes only, "re-put": a pick and a put,
    "search": explores or anything else) and what memory held, as far as the stream's earlier
    calls of the arm show it ("robot's put": the first unit of the goal's object or
    receptacle type the task goes to was put (into) by the robot in an earlier task,
    `put_units` / `put_into`; "sighting": another; "-": no call)."""
    calls = task["calls"]
    if not calls:
        return "nothing", "-"
    skills = [parse_call(c["call"])[0] for c in calls]
    if any(not c["ok"] and parse_call(c["call"])[0] == "pick"
           and (m := _SHUT_IN.search(c["message"])) and m.group(1) == rtype for c in calls):
        did = "refused shut in R"
    elif set(skills) <= {"navigate", "open", "close"}:
        did = "look"
    elif "pick" in skills and "put" in skills:
        did = "re-put"
    else:
        did = "search"
    first = next((a[0] for c in calls if (a := parse_call(c["call"])[1])
                  and labels.get(a[0]) in (otype, rtype)), "")
    mem = "robot's put" if first in put_units or first in put_into else "sighting"
    return did, mem


def met_at_start(tasks: dict[str, dict]) -> Counter:
    """`--met-at-start` (round 68): the placement tasks (the task's last condition INSIDE/ON(X, R))
    the arm and the floor both won. Goal held as the task began (the floor is no call): the
    arm's calls by class: "open R" (an open of a unit of the goal's receptacle type, with the
    navigate right before it), "open elsewhere" (of another type, with its navigate), "explore",
    "re-put" (the picks and puts, with the navigates right before them), "close", "refused",
    "walk other"; and "at best" what a destination-first look still needs: the arm's R opens
    up to the last before its pick (or all of them; one navigate when R is not opened), each
    with a navigate; "saved at best" = the arm's calls minus that. Goal not held: whether the
    floor opens a unit of R (the later put reuses a destination-first open: only the walk
    order costs) or not (R stands open: a destination-first look is a walk), and the number of
    units of R the stream's calls met (one or many: which to open first)."""
    out: Counter = Counter()
    labels = _labels(tasks)
    units: dict[str, set[str]] = {}
    for o, lab in labels.items():
        units.setdefault(lab, set()).add(o)
    put_units: set[str] = set()
    put_into: set[str] = set()
    for t in tasks.values():
        conds = t["subtasks"][0]["conditions"]
        m = _PLACE.match(conds[-1]) if conds else None
        earlier = (set(put_units), set(put_into))
        for c in t["calls"]:
            skill, args = parse_call(c["call"])
            if skill == "put" and c["ok"] and len(args) > 1:
                put_units.add(args[0])
                put_into.add(args[1])
        if m is None or not t["won"] or t["floor"] is None:
            continue
        rtype = m.group(3)
        many = "many R units" if len(units.get(rtype, ())) > 1 else "one R unit"
        calls = t["calls"]
        if t["floor"]:
            out["not held: tasks"] += 1
            out[f"not held: tasks, {many}"] += 1
            fopens = [parse_call(c)[1][:1] for c in t["floor"] if parse_call(c)[0] == "open"]
            # the floor names world objects ("Drawer_03"): the type is the name's stem
            r_open = any(a and a[0].rsplit("_", 1)[0] == rtype for a in fopens)
            out["not held: floor opens R" if r_open else "not held: floor opens no R"] += 1
            continue
        out["held: tasks"] += 1
        out[f"held: tasks, {many}"] += 1
        did, mem = held_by(t, m.group(2), rtype, labels, *earlier)
        out[f"held by: {did} / {mem}: tasks"] += 1
        out[f"held by: {did} / {mem}: calls"] += len(t["calls"])
        out[f"held by: {did} / {mem}: calls after the first subtask"] += sum(
            len(s["calls"]) for s in t["subtasks"][1:])
        out["held: arm calls"] += len(calls)
        kinds: list[str] = []
        for c in calls:
            skill, args = parse_call(c["call"])
            if not c["ok"]:
                kinds.append("refused")
            elif skill == "open":
                kinds.append("open R" if args and labels.get(args[0]) == rtype
                             else "open elsewhere")
            elif skill in ("pick", "put"):
                kinds.append("re-put")
            elif skill in ("explore", "close"):
                kinds.append(skill)
            else:
                kinds.append("walk other")
        for i in range(len(kinds) - 1):   # a navigate goes with the call it walks to
            if kinds[i] == "walk other" and parse_call(calls[i]["call"])[0] == "navigate" \
                    and kinds[i + 1] in ("open R", "open elsewhere", "re-put"):
                kinds[i] = kinds[i + 1]
        out.update(f"held: {k}" for k in kinds)
        picks = [i for i, c in enumerate(calls)
                 if c["ok"] and parse_call(c["call"])[0] == "pick"]
        until = picks[0] if picks else len(calls)
        r_opens = sum(1 for c in calls[:until]
                      if c["ok"] and parse_call(c["call"])[0] == "open"
                      and parse_call(c["call"])[1][:1]
                      and labels.get(parse_call(c["call"])[1][0]) == rtype)
        need = 2 * r_opens if r_opens else (1 if calls else 0)
        out["held: at best"] += need
        out["held: saved at best"] += max(0, len(calls) - need)
        if r_opens:
            out["held: R opened by the arm"] += 1
    return out


def account(dirs: list[str], classes: bool = False, met: bool = False) -> dict:
    rows: dict[str, dict] = {}
    for d in dirs:
        for p in sorted(Path(d).rglob("*.jsonl")):
            arm = next((a for a in sorted(ARMS, key=len, reverse=True)
                        if p.stem.endswith("_" + a)), None)
            if arm is None:
                continue
            split = p.stem[:-len(arm) - 1]
            tidy = split.endswith("_tidy")
            seed = p.parent.name.removeprefix("ss")
            key = f"{split.removesuffix('_tidy')}{'t' if tidy else 'u'}_{seed}"
            rows.setdefault(key, {"tidy": tidy})[arm] = tasks_of(p)
    out: dict[str, Any] = {"streams": {}, "totals": {}}
    tot: dict[str, dict[str, Counter]] = {}
    for key, row in sorted(rows.items()):
        house = "tidy" if row["tidy"] else "untidied"
        srow: dict[str, Any] = {}
        for arm in ARMS:
            if arm not in row:
                continue
            tasks = row[arm]
            arm_k: Counter = Counter()
            floor_k: Counter = Counter()
            cause_k: Counter = Counter()
            per_task = []
            parts: dict[str, Counter] = {}
            seen: set[str] = set()
            n = lost = no_floor = 0
            for tid, t in tasks.items():
                part = part_of(t, seen)
                if t["floor"] is None:
                    no_floor += 1
                    continue
                if not t["won"]:
                    lost += 1
                    continue
                n += 1
                arm_k.update(kind(c["call"], c["ok"]) for c in t["calls"])
                floor_k.update(kind(c, True) for c in t["floor"])
                cause_k.update(causes(t["subtasks"]))
                per_task.append([tid, len(t["calls"]), len(t["floor"]), part])
                pc = parts.setdefault(part, Counter())
                pc.update({"tasks": 1, "arm": len(t["calls"]), "floor": len(t["floor"])})
                pc.update({f"excess {k}": v for k, v in (
                    Counter(kind(c["call"], c["ok"]) for c in t["calls"])
                    - Counter(kind(c, True) for c in t["floor"])).items()})
            srow[arm] = {"tasks_both_won": n, "arm_lost": lost, "floor_lost": no_floor,
                         "arm_steps": sum(arm_k.values()),
                         "floor_steps": sum(floor_k.values()),
                         "by_kind": {k: [arm_k[k], floor_k[k]]
                                     for k in sorted(set(arm_k) | set(floor_k))},
                         "by_cause": dict(sorted(cause_k.items())),
                         "parts": {k: dict(v) for k, v in sorted(parts.items())},
                         "robot_put_first_calls": dict(robot_put_navigates(tasks)),
                         "per_task": per_task}
            if met:
                srow[arm]["met_at_start"] = dict(sorted(met_at_start(tasks).items()))
                tot.setdefault(f"{house}|{arm}|met", {}).setdefault(
                    "c", Counter()).update(srow[arm]["met_at_start"])
            if classes:
                each: dict[str, Counter] = {}
                srow[arm]["classes"] = dict(excess_classes(tasks, each).most_common())
                tot.setdefault(f"{house}|{arm}|classes", {}).setdefault(
                    "c", Counter()).update(srow[arm]["classes"])
                wheres = stream_places(tasks)
                for tid, c in each.items():
                    if tasks[tid]["won"] and tasks[tid]["floor"] is not None:
                        pl = tot.setdefault(f"{house}|{arm}|places", {})
                        pl.setdefault(wheres[tid], Counter()).update(
                            {"tasks": 1, "excess": len(tasks[tid]["calls"])
                             - len(tasks[tid]["floor"]), **c})
            for name, c in (("arm", arm_k), ("floor", floor_k), ("cause", cause_k)):
                tot.setdefault(f"{house}|{arm}|{name}", {}).setdefault("c", Counter()).update(c)
            for part, pc in parts.items():
                tot.setdefault(f"{house}|{arm}|parts", {}).setdefault(part, Counter()).update(pc)
            tot.setdefault(f"{house}|{arm}|rput", {}).setdefault("c", Counter()).update(
                robot_put_navigates(tasks))
            tt = tot.setdefault(f"{house}|{arm}|n", {}).setdefault("c", Counter())
            tt.update({"streams": 1, "tasks_both_won": n, "arm_lost": lost,
                       "floor_lost": no_floor})
        out["streams"][key] = srow
    for house in ("tidy", "untidied"):
        for arm in ARMS:
            a = tot.get(f"{house}|{arm}|arm", {}).get("c", Counter())
            f = tot.get(f"{house}|{arm}|floor", {}).get("c", Counter())
            if not a:
                continue
            out["totals"][f"{house} {arm}"] = {
                **dict(tot[f"{house}|{arm}|n"]["c"]),
                "arm_steps": sum(a.values()), "floor_steps": sum(f.values()),
                "excess": sum(a.values()) - sum(f.values()),
                "by_kind": {k: {"arm": a[k], "floor": f[k], "excess": a[k] - f[k]}
                            for k in sorted(set(a) | set(f), key=lambda k: -(a[k] - f[k]))},
                "by_cause": dict(tot[f"{house}|{arm}|cause"]["c"].most_common()),
                "parts": {k: {"tasks": v["tasks"], "arm": v["arm"], "floor": v["floor"],
                              "excess": v["arm"] - v["floor"],
                              "excess_by_kind": dict(Counter(
                                  {x[7:]: c for x, c in v.items()
                                   if x.startswith("excess ")}).most_common())}
                          for k, v in sorted(tot[f"{house}|{arm}|parts"].items())},
                "robot_put_first_calls": dict(tot[f"{house}|{arm}|rput"]["c"])}
            if met:
                out["totals"][f"{house} {arm}"]["met_at_start"] = dict(sorted(
                    tot[f"{house}|{arm}|met"]["c"].items()))
            if classes:
                out["totals"][f"{house} {arm}"]["classes"] = dict(
                    tot[f"{house}|{arm}|classes"]["c"].most_common())
                out["totals"][f"{house} {arm}"]["classes_by_place_in_stream"] = {
                    k: dict(v.most_common()) for k, v in sorted(
                        tot.get(f"{house}|{arm}|places", {}).items())}
    return out


def parent_counts(dirs: list[str]) -> dict:
    """`run --parents` logs: every pick the world resolved, by the class of the place memory
    gave the object against the world's receptacle of it (match / none / pickable / movable
    receptacle / wrong receptacle / ghost / world none; "(inside the true one)": memory's
    place stands in or on the object's true receptacle), tidy and untidied apart, the
    succeeded picks (finds: what the experience memory counts) and the refused apart."""
    out: dict[str, Counter] = {}
    for d in dirs:
        house = "tidy" if re.search(r"t_\d+/?$", d) else "untidied"
        for path in sorted(Path(d).glob("*/*.jsonl")):
            arm = path.stem.split("_")[-1]
            for t in tasks_of(path).values():
                for c in t["calls"]:
                    p = c.get("parent")
                    if p is None:
                        continue
                    key = f"{house} {arm} {'found' if c['ok'] else 'refused'}"
                    out.setdefault(key, Counter())[f"{p['cls']} [{p['source']}]"] += 1
    return {k: dict(v.most_common()) for k, v in sorted(out.items())}


def merge_counts(dirs: list[str]) -> dict:
    """`run --merges` logs, per house (tidy/untidied) and arm: "merged" summed over the tasks'
    starts and as distinct (object, node) pairs; identity switches of a node between two
    objects of one type by how (sighting / relocate / new) and within 0.5 m; picks the world
    resolved to another object than the one the node's sightings came from last."""
    out: dict[str, Counter] = {}
    for key, entries in _arm_logs(dirs):
        c = out.setdefault(key, Counter())
        pairs: set[tuple[str, str]] = set()
        for e in entries:
            for m in e.get("merged") or []:
                c["merged (task starts)"] += 1
                pairs.add((m[0], m[1]))
            for sw in e.get("switches") or []:
                if sw[5]:
                    c[f"switch {sw[4]}{' <=0.5 m' if sw[3] <= 0.5 else ''}"] += 1
            for call in e.get("calls") or []:
                pk = call.get("picked")
                if pk and pk[1]:
                    c["picks (node with a sighting)"] += 1
                    c["picks of another object than the node's"] += pk[1] != pk[2]
        c["merged (distinct)"] += len(pairs)
    return {k: dict(sorted(v.items())) for k, v in sorted(out.items())}


def _words(type_name: str) -> str:
    """"ButterKnife" as "butter knife" (the text the embedding model reads)."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", type_name).lower()


def _type_similarity() -> Callable[[str, str], float]:
    """Cosine of two type names' words by the project's embedding model, memoised."""
    from memory_node.core.recall.embedder import Embedder
    emb = Embedder()
    sims: dict[tuple[str, str], float] = {}

    def sim(a: str, b: str) -> float:
        if (a, b) not in sims:
            v = emb.embed([_words(a), _words(b)])
            sims[(a, b)] = sims[(b, a)] = float(v[0] @ v[1] / (
                (v[0] @ v[0]) ** 0.5 * (v[1] @ v[1]) ** 0.5))
        return sims[(a, b)]
    return sim


def _world_type(world_id: str) -> str:
    return world_id.rsplit("_", 1)[0]


def kinds(dirs: list[str]) -> dict:
    """`kinds` (round 68, needs `run --homes --parents` logs): at each task that is the first
    of the stream to name its goal's object type T, where the world keeps T as the task
    begins (every receptacle holding a T) against where the robot had found other types in
    earlier tasks (each successful pick's world object and its receptacle at that task's
    start). Counted per task: "opportunity" (a receptacle holding a T held, as its task
    began, an object of a type an earlier task found there), the chance of that (the share
    of the receptacles that accept T and held any T-or-other small object that are among
    the robot's find places), and the similarity-ranked guess (the find place whose found
    type is nearest T by the project's embedding model; hit = it holds a T), with the
    similarity; and what the arm spent before its first successful pick of T (opens and
    walks)."""
    from memory_node.sim.core.catalog import accepts
    sim = _type_similarity()

    rows: list[dict] = []
    for d in dirs:
        for path in sorted(Path(d).rglob("*.jsonl")):
            tidy = "_tidy_" in path.name
            tasks = tasks_of(path)
            entries = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
            homes = {e["task"]: e["homes"] for e in entries
                     if e.get("subtask") == 0 and "homes" in e}
            if not homes:
                continue
            seen: set[str] = set()
            found_in: dict[str, set[str]] = {}      # receptacle id -> types found there
            for name, t in tasks.items():
                typ, _ = _types(t)
                h = homes.get(name, {})
                if typ and typ not in seen:
                    rec_of_t = {v.split(" ", 1)[1].split(":")[0] for k, v in h.items()
                                if _world_type(k) == typ and v != "none"}
                    hosts = {v.split(" ", 1)[1] for v in h.values() if v != "none"}
                    able = {x.split(":")[0] for x in hosts if accepts(x.split(":")[1], typ)}
                    cands = {r for r in found_in if r in able}
                    kind_of = {x.split(":")[0]: x.split(":")[1] for x in hosts}
                    opens = walks = 0
                    for c in t["calls"]:
                        skill, args = parse_call(c["call"])
                        if skill == "pick" and c["ok"] and args:
                            break
                        opens += skill == "open"
                        walks += skill == "navigate"
                    best = max(cands, key=lambda r: (max(sim(typ, u) for u in found_in[r]), r),
                               default="")
                    rows.append({
                        "stream": f"{path.parent.parent.name}", "tidy": tidy, "task": name,
                        "type": typ, "won": t["won"], "t_in": sorted(rec_of_t),
                        "able": len(able), "find_places": len(cands),
                        "opportunity": bool(rec_of_t & cands),
                        "chance": round(len(cands & able) / max(1, len(able)), 3),
                        "guess": best, "guess_hit": best in rec_of_t,
                        # The same guess by receptacle type ("a drawer"): hit when a T lies
                        # in one of that type; chance: that type's share of `able`.
                        "guess_kind_hit": bool(best) and kind_of.get(best) in {
                            kind_of.get(r) for r in rec_of_t},
                        "kind_chance": round(sum(kind_of.get(r) == kind_of.get(best)
                                                 for r in able) / max(1, len(able)), 3)
                        if best else 0.0,
                        "guess_sim": round(max((sim(typ, u) for u in found_in.get(best, ())),
                                               default=0.0), 3),
                        "guess_types": sorted(found_in.get(best, ())),
                        "hit_types": sorted({u for r in rec_of_t & cands for u in found_in[r]}),
                        "hit_sim": round(max((sim(typ, u) for r in rec_of_t & cands
                                              for u in found_in[r]), default=0.0), 3),
                        "opens_before_pick": opens, "walks_before_pick": walks})
                if typ:
                    seen.add(typ)
                for c in t["calls"]:
                    par = c.get("parent")
                    if parse_call(c["call"])[0] == "pick" and c["ok"] and par:
                        obj = par["object"]
                        where = h.get(obj, "none")
                        if where != "none":
                            found_in.setdefault(where.split(" ", 1)[1].split(":")[0],
                                                set()).add(_world_type(obj))
    out: dict[str, Any] = {}
    for label, sel in (("tidy", [r for r in rows if r["tidy"]]),
                       ("untidied", [r for r in rows if not r["tidy"]])):
        n = len(sel)
        out[label] = {
            "first_of_type_tasks": n,
            "with_find_places": sum(r["find_places"] > 0 for r in sel),
            "opportunity": sum(r["opportunity"] for r in sel),
            "expected_by_chance": round(sum(r["chance"] for r in sel), 1),
            "guess_hits": sum(r["guess_hit"] for r in sel),
            "guesses": sum(r["guess"] != "" for r in sel),
            "guess_hits_by_chance": round(sum(1 / r["able"] for r in sel
                                              if r["guess"] and r["able"]), 1),
            "guess_kind_hits": sum(r["guess_kind_hit"] for r in sel),
            "guess_kind_hits_by_chance": round(sum(r["kind_chance"] for r in sel), 1),
            "guess_hits_by_sim": {f">={th}": [sum(r["guess_hit"] for r in sel
                                                   if r["guess_sim"] >= th),
                                               sum(r["guess_sim"] >= th and r["guess"] != ""
                                                   for r in sel)]
                                  for th in (0.3, 0.4, 0.5, 0.6, 0.7)},
            "opens_before_pick": sum(r["opens_before_pick"] for r in sel),
            "opens_before_pick_where_opportunity": sum(r["opens_before_pick"] for r in sel
                                                       if r["opportunity"]),
        }
    out["rows"] = rows
    return out


def together(plans: list[int], seeds: int) -> dict:
    """`together` (round 68): does the bench's world keep similar types together? Over the
    houses `memory_node.sim.core.layouts.from_floorplan(plan, seed)` builds (the bench's own
    world; seed 0 is the one every stream of a split runs in), for every ordered pair of
    small-object types (A, B) present in a house and every receptacle R holding an A that
    accepts B: is a B in R (observed), against 1 / the number of the room's receptacles
    that accept B and hold anything (uniform placement's expectation), by the similarity of
    the two type names (the project's embedding model). The lift (observed / expected) per
    similarity band says what a "kept together" prior could learn: 1.0 = nothing."""
    from memory_node.sim.core.catalog import accepts
    from memory_node.sim.core.layouts import from_floorplan
    sim = _type_similarity()
    bands = (0.0, 0.3, 0.4, 0.5, 0.6, 1.01)
    acc = {b: [0, 0.0, 0] for b in bands[:-1]}   # observed, expected, pairs

    houses = 0
    for plan in plans:
        for seed in range(seeds):
            w = from_floorplan(plan, seed)
            houses += 1
            small = [o for o in w.objects.values() if o.kind.pickupable and o.parent]
            hosts = {o.id: o.type for o in w.objects.values()
                     if o.kind.receptacle and o.kind.static}
            where: dict[str, set[str]] = {}
            for o in small:
                if o.parent in hosts:
                    where.setdefault(o.type, set()).add(o.parent)
            for a, ra in where.items():
                for b, rb in where.items():
                    if a == b:
                        continue
                    able = [h for h, t in hosts.items() if accepts(t, b)
                            and t != "GarbageCan"]
                    band = max(x for x in bands[:-1] if sim(a, b) >= x)
                    for r in ra:
                        if r not in able:
                            continue
                        acc[band][0] += r in rb
                        acc[band][1] += len(rb) / len(able)
                        acc[band][2] += 1
    return {"houses": houses, "plans": plans, "world_seeds": seeds,
            "by_similarity": {f"{b}-{min(1.0, bands[bands.index(b) + 1])}": {
                "pairs": v[2], "observed": v[0],
                "expected_uniform": round(v[1], 1),
                "lift": round(v[0] / v[1], 2) if v[1] else None}
                for b, v in acc.items()}}


def worst_repeat(out_file: Path, arm: str = "") -> int:
    """The issue-state key's worst repeat of a failed transition, from a run's printout:
    the line of `arm` ("stream seed 3152 full+experience: ..."), else the first line (a run
    of both arms prints the plain arm first)."""
    text = out_file.read_text() if out_file.exists() else ""
    m = re.search(rf" {re.escape(arm)}: .*issue's state (\d+)", text) if arm else None
    m = m or re.search(r"issue's state (\d+)", text)
    return int(m.group(1)) if m else -1


def _sig(task: dict) -> list[tuple[str, bool]]:
    """A task's calls as (call, succeeded): what two runs are compared on."""
    return [(c["call"], c["ok"]) for c in task["calls"]]


def compare(base: list[str], change: list[str]) -> dict:
    """Per stream (the --log directories paired by what follows the tag's first "_") and arm:
    tasks won by each code, steps summed over the tasks both won, worst repeat (the sibling
    .out file); totals tidy / untidied."""
    def key(d: str) -> str:
        return Path(d).name.split("_", 1)[1]
    b_by = {key(d): Path(d) for d in base}
    streams, tot = {}, {}
    for d in change:
        k = key(d)
        if k not in b_by:
            continue
        house = "tidy" if re.search(r"t_\d+$", k) else "untidied"
        for path in sorted(Path(d).glob("*/*.jsonl")):
            bpath = b_by[k] / path.parent.name / path.name
            if not bpath.exists():
                continue
            arm = path.stem.split("_")[-1]
            bt, ct = tasks_of(bpath), tasks_of(path)
            both = [t for t in bt if bt[t]["won"] and t in ct and ct[t]["won"]]
            row = {"won": [sum(v["won"] for v in bt.values()), sum(v["won"] for v in ct.values())],
                   "lost": sorted(t for t in bt if bt[t]["won"] and not ct.get(t, {}).get("won")),
                   "both_won_steps": [sum(len(bt[t]["calls"]) for t in both),
                                      sum(len(ct[t]["calls"]) for t in both)],
                   "worst_repeat": [worst_repeat(Path(str(b_by[k]) + ".out"), arm),
                                    worst_repeat(Path(d.rstrip("/") + ".out"), arm)],
                   "tasks_changed": sum(_sig(bt[t]) != _sig(ct[t]) for t in both)}
            streams[f"{k} {arm}"] = row
            t = tot.setdefault(f"{house} {arm}", {"streams": 0, "lost": 0, "both_won_steps":
                                                 [0, 0], "tasks_changed": 0,
                                                 "worst_repeat_higher": 0})
            t["streams"] += 1
            t["lost"] += len(row["lost"])
            t["both_won_steps"] = [a + b for a, b in zip(t["both_won_steps"],
                                                         row["both_won_steps"], strict=True)]
            t["tasks_changed"] += row["tasks_changed"]
            t["worst_repeat_higher"] += row["worst_repeat"][1] > row["worst_repeat"][0]
    return {"totals": tot, "streams": streams}


def run_streams(argv: list[str], install: Callable[[Path], None]) -> int:
    """`run ARGS`: bench/experience_tasks.py ARGS after `install(the --log directory)`, a
    wrapper that writes what it adds into the log."""
    import experience_tasks as ET
    if "--log" not in argv:
        raise SystemExit("run needs --log (what the run adds is written into the log)")
    install(Path(argv[argv.index("--log") + 1]))
    return int(ET.main(argv[1:]))


def save(out: dict, path: str) -> None:
    """`out` with its environment written to `path` (when given), the path printed."""
    if path:
        Path(path).write_text(json.dumps(with_environment(out), indent=1) + "\n")
        print(path)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["run"]:
        parents, homes = "--parents" in argv, "--homes" in argv
        merges, places = "--merges" in argv, "--places" in argv
        argv = [a for a in argv if a not in ("--parents", "--homes", "--merges", "--places")]

        def install(_log: Path) -> None:
            _install_floor()
            if parents:
                _install_parents()
            if homes:
                _install_homes()
            if merges:
                _install_merges()
            if places:
                _install_places()
        return run_streams(argv, install)
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cmd", choices=("account", "parents", "compare", "kinds", "together",
                                        "merges", "places", "bindings"))
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--out", default="")
    ap.add_argument("--classes", action="store_true",
                    help="also class the excess (see excess_classes)")
    ap.add_argument("--met-at-start", action="store_true",
                    help="also the placement tasks whose goal held as they began (met_at_start)")
    ap.add_argument("--world-seeds", type=int, default=20,
                    help="together: houses per floor plan (world seeds 0..N-1); dirs: the plans")
    ap.add_argument("--against", nargs="+", default=[],
                    help="compare: the base's --log directories (dirs: the change's)")
    a = ap.parse_args(argv)
    counters = {"parents": parent_counts, "merges": merge_counts, "places": place_counts,
                "bindings": binding_counts}
    if a.cmd in counters:
        counts = counters[a.cmd](a.dirs)
        for k, v in counts.items():
            print(k, v)
        save({a.cmd: counts}, a.out)
        return 0
    if a.cmd == "together":
        res = together([int(x) for x in a.dirs], a.world_seeds)
        print(json.dumps(res, indent=1))
        save(res, a.out)
        return 0
    if a.cmd == "kinds":
        res = kinds(a.dirs)
        for k in ("tidy", "untidied"):
            print(k, res[k])
        save(res, a.out)
        return 0
    if a.cmd == "compare":
        res = compare(a.against, a.dirs)
        for k, v in res["totals"].items():
            print(k, v)
        for k, v in res["streams"].items():
            if v["lost"] or v["tasks_changed"] or v["worst_repeat"][0] != v["worst_repeat"][1]:
                print("   ", k, v)
        save(res, a.out)
        return 0
    out = account(a.dirs, a.classes, a.met_at_start)
    for name, t in out["totals"].items():
        print(f"{name}: {t['streams']} streams, {t['tasks_both_won']} tasks both won, "
              f"arm {t['arm_steps']} floor {t['floor_steps']} excess {t['excess']}")
        print("   ", ", ".join(f"{k} {v['excess']:+d}" for k, v in t["by_kind"].items()))
        for part, v in t["parts"].items():
            print(f"    {part}: {v['tasks']} tasks, arm {v['arm']} floor {v['floor']} "
                  f"excess {v['excess']}")
        print("    first call to a unit the robot put in an earlier task:",
              t["robot_put_first_calls"])
        if "met_at_start" in t:
            print("    met at start:", t["met_at_start"])
        if "classes" in t:
            print("    classes:", ", ".join(f"{k} {v:+d}" for k, v in t["classes"].items()))
            for where, v in t["classes_by_place_in_stream"].items():
                print(f"    {where}:", ", ".join(f"{k} {n:+d}" for k, n in v.items()))
    save(out, a.out)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    raise SystemExit(main())
