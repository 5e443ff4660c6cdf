"""exp124 probe: experience_tasks.py unchanged, plus a JSON line per executed call of the
experience arm: the issue key (stack.calls[-1]), the last recall's known-bad lines (what the
planner saw before this call), and every transition in the trajectory graph with this call's
action, with why it does / does not match the state the last recall looked up.
Run: PROBE_OUT=/tmp/x.jsonl python probe.py <experience_tasks args>"""
import json
import os
import sys
from pathlib import Path

TREE = Path(os.environ.get("TREE", "/work/wt/exp124"))
sys.path.insert(0, str(TREE / "bench"))
sys.path.insert(0, str(TREE))

import experience_tasks  # noqa: E402
import tasks_oracle  # noqa: E402
from memory_node.core.experience import graph as G  # noqa: E402
from memory_node.core.experience import memory as M  # noqa: E402
from memory_node.core.experience.state import (  # noqa: E402
    ANY_CONDITION, action_key, belief_matches, split_belief)

OUT = open(os.environ["PROBE_OUT"], "a")
LAST: dict = {}
SEQ = {"n": 0, "arm": ""}

_orig_known_bad = G.TrajectoryGraph.known_bad


def known_bad(self, robot_key, states, positions=None, radius=0.5):
    out = _orig_known_bad(self, robot_key, states, positions, radius)
    LAST["lookup"] = (robot_key, dict(states), dict(positions or {}), radius)
    LAST["listed"] = [t.action for t in out]
    return out


G.TrajectoryGraph.known_bad = known_bad

_orig_recall_extra = M.ExperienceMemory.recall_extra


def recall_extra(self, instruction, episode_id, brief, units, budget):
    LAST.pop("lookup", None)
    LAST["listed"] = []
    ans = _orig_recall_extra(self, instruction, episode_id, brief, units, budget)
    LAST["delivered"] = [ln for ln in ans.text.splitlines() if ln.startswith("do not ")]
    LAST["brief"] = None if brief is None else [brief.robot_area, brief.held_object]
    LAST["taken_out"] = []
    return ans


M.ExperienceMemory.recall_extra = recall_extra


def why(t, robot_key, states, positions, radius):
    if t.robot_key != robot_key:
        return f"robot key {t.robot_key} != {robot_key}"
    if not t.known_bad:
        return f"not known bad ({t.failures}f/{t.successes}s)"
    for o, v in t.object_states.items():
        state, belief = split_belief(v)
        if states.get(o) is None:
            return f"{o} not in memory's states"
        if state != ANY_CONDITION and (states[o] or "none") != state:
            return f"{o} state {states[o] or 'none'} != {state}"
        if belief is not None:
            where = positions.get(o)
            if where is None:
                return f"{o} no position"
            if belief_matches(belief, where, radius) is None:
                return f"{o} belief {belief} vs {tuple(round(x, 2) for x in where[:2])}"
    return "matches"


_orig_execute = tasks_oracle.StateLoggingStack.execute


def execute(self, call, targets, episode_id, timeout_s, cancel):
    exp = self.memory.experience if self.memory is not None else None
    rec = None
    if exp is not None:
        action = action_key(call.skill, list(call.args))
        lk = LAST.get("lookup")
        trans = []
        for bucket in exp.graph._by_robot.values():
            for t in bucket.values():
                if t.action == action:
                    w = why(t, *lk) if lk else "no lookup"
                    trans.append([t.transition_id, t.robot_key, t.state_key, t.failures,
                                  t.successes, w])
        rec = {"ep": episode_id, "call": action,
               "lookup_robot": lk[0] if lk else None,
               "lookup_states": {o: lk[1].get(o) for o in call.args} if lk else None,
               "lookup_pos": {o: [round(x, 2) for x in lk[2][o][:2]]
                              for o in call.args if lk and o in lk[2]},
               "listed": action in LAST.get("listed", []),
               "delivered": any(ln.startswith(f"do not {action}:")
                                for ln in LAST.get("delivered", [])),
               "n_delivered": len(LAST.get("delivered", [])),
               "n_listed": len(LAST.get("listed", [])),
               "brief": LAST.get("brief"),
               "dodged_before": [d for e, d in LAST.get("dodged", []) if e == episode_id],
               "transitions": trans}
    res = _orig_execute(self, call, targets, episode_id, timeout_s, cancel)
    if rec is not None:
        c = self.calls[-1]
        rec.update(ok=c["ok"], code=c["code"], room=c["room"], held=c["held"],
                   objects=c["objects"], msg=res.message[:160])
        if exp is not None and not c["ok"]:
            rec["recorded_as"] = exp.store.query(
                "SELECT state_key FROM exp_steps WHERE episode_id=? ORDER BY seq DESC LIMIT 1",
                (episode_id,))[0][0] if exp.store.query(
                "SELECT 1 FROM exp_steps WHERE episode_id=? LIMIT 1", (episode_id,)) else None
        OUT.write(json.dumps(rec) + "\n")
        OUT.flush()
    return res


tasks_oracle.StateLoggingStack.execute = execute

from memory_node.planner.core import loop as L  # noqa: E402

_orig_run = L.PlanLoop.run


def run(self, instruction, episode_id, max_steps=0, goal_conditions=(), cancel=None,
        feedback=None):
    inner = feedback

    def fb(step_no, call, status, plan, note, *a):
        if call is not None and status.startswith("re-planning: known bad"):
            LAST.setdefault("dodged", []).append([episode_id, str(call)])
        if inner is not None:
            return inner(step_no, call, status, plan, note, *a)
    return _orig_run(self, instruction, episode_id, max_steps, goal_conditions, cancel, fb)


L.PlanLoop.run = run

if __name__ == "__main__":
    sys.exit(experience_tasks.main(sys.argv[1:]))
