"""bench/experience_tasks.py with read-only probes on exp69's `_returned_to` (round 64, exp70;
tuning streams only). Run from the repository root with experience_tasks.py's arguments;
probe lines go to stdout:

  NOTE  `ExperienceMemory._note_returned` fired: a find of an object in a receptacle after the
        robot's put of it elsewhere, with the step's context (`_opened_for`, memory's place,
        the put, `found_at`, the tally)
  VETO  a `_taken_out` read the `_returned_to` rule decided (the listing holds with the rule;
        it lapses without it)

Beside the --log file: calls_<arm>.json (each recall's "do not" lines, the lapses, the VETO
reads, the NOTEs). Env EXP70_OFF=1: `_taken_out` reads an empty `_returned_to` (the code
without exp69's rule); the rule is still evaluated as a shadow (its counters restored) to
print VETO lines. The code under test is not edited.
"""

from __future__ import annotations

import json
import os
import sys
from collections import OrderedDict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd() / "bench"))
sys.path.insert(0, str(Path.cwd()))

import experience_tasks as et  # noqa: E402
from environment import with_environment  # noqa: E402

from memory_node.core.experience import memory as em  # noqa: E402
from memory_node.sim.tasks import inprocess as ip  # noqa: E402

OFF = os.environ.get("EXP70_OFF") == "1"
_cur: dict[str, Any] = {"task": None, "step": None}
_recalls: list[Any] = []
_taken: list[Any] = []
_vetoes: list[Any] = []
_notes: list[Any] = []


def _say(kind: str, **fields: Any) -> None:
    print(kind, json.dumps(fields), flush=True)


def _held(action: str) -> str:
    return action.partition("(")[2].rstrip(")").split(", ")[0]


_orig_rep = et.repeats_in_state


def repeats_in_state(calls: Any, graph_steps: Any = ()) -> Any:
    _cur["calls"], _cur["graph"] = list(calls), list(graph_steps)
    return _orig_rep(calls, graph_steps)


_orig_run_arm = et.run_arm


def run_arm(suite: Any, arm: str, args: Any, embedder: Any) -> Any:
    for x in (_recalls, _taken, _vetoes, _notes):
        x.clear()
    r = _orig_run_arm(suite, arm, args, embedder)
    if args.log:
        p = Path(args.log) / f"calls_{arm}.json"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(with_environment(
            {"calls": _cur.get("calls", []), "graph": _cur.get("graph", []),
             "stats": r.get("experience_stats"), "recalls": _recalls,
             "taken_out": _taken, "vetoes": _vetoes, "notes": _notes})))
    return r


_orig_run = ip.InProcessStack.run_subtask


def run_subtask(self: Any, task: Any, index: int, rec: Any) -> Any:
    _cur["task"] = f"{task.id}#{index}"
    return _orig_run(self, task, index, rec)


_orig_recall_extra = em.ExperienceMemory.recall_extra


def recall_extra(self: Any, instruction: Any, episode_id: str, brief: Any, units: Any,
                 budget: int) -> Any:
    ans = _orig_recall_extra(self, instruction, episode_id, brief, units, budget)
    robot = (brief.robot_area, brief.held_object) if brief is not None else None
    _recalls.append([episode_id, robot, [ln for ln in ans.text.split("\n") if "do not" in ln]])
    return ans


_orig_taken = em.ExperienceMemory._taken_out


def taken_out(self: Any, t: Any) -> bool:
    snap = dict(self.counters)
    real = self._returned_to
    self._returned_to = OrderedDict()
    try:
        without = _orig_taken(self, t)
    finally:
        self._returned_to = real
    self.counters.clear()
    self.counters.update(snap)
    with_rule = _orig_taken(self, t)
    if OFF:
        self.counters.clear()
        self.counters.update(snap)
        if without:
            self.counters["experience.listing_taken_out"] = \
                snap.get("experience.listing_taken_out", 0) + 1
    out = without if OFF else with_rule
    if with_rule != without:
        obj = _held(t.action)
        v = [_cur["task"], t.action, t.state_key, sorted(real.get(obj, set()))]
        _vetoes.append(v)
        _say("VETO", off=OFF, task=_cur["task"], action=t.action, returned=v[3],
             last_place=self.places.last_place(obj))
    if out:
        _taken.append([t.action, t.state_key, t.last_episode])
    return bool(out)


_orig_upo = em.ExperienceMemory._usual_places_of


def usual_places_of(self: Any, conn: Any, step: Any, source: str,
                    opened_for: Any = None) -> Any:
    _cur["step"] = (step, opened_for)
    return _orig_upo(self, conn, step, source, opened_for)


_orig_note = em.ExperienceMemory._note_returned


def note_returned(self: Any, obj: str, rec: str) -> None:
    step, opened_for = _cur["step"]
    p = self.places._puts.get(obj)
    pos = step.positions
    d = {"task": _cur["task"], "episode": step.episode_id, "skill": step.skill, "obj": obj,
         "label": step.labels.get(obj), "rec": rec, "rec_label": step.labels.get(rec),
         "opened_for": opened_for, "place_of_obj": step.places.get(obj),
         "put_place": p.place_id if p else None, "put_episode": p.episode_id if p else None,
         "found_at": p.found_at if p else None,
         "found_pos": self.places._found_pos.get(obj), "pos_obj": pos.get(obj),
         "pos_rec": pos.get(rec), "pos_put": pos.get(p.place_id) if p else None,
         "kept": self.places.kept, "moved": self.places.moved,
         "keeps": self.places.keeps_puts(),
         "moved_since_refusal": obj in self._moved_since_refusal}
    _notes.append(d)
    _say("NOTE", **d)
    _orig_note(self, obj, rec)


em.ExperienceMemory.recall_extra = recall_extra  # type: ignore[method-assign]
em.ExperienceMemory._taken_out = taken_out  # type: ignore[method-assign]
em.ExperienceMemory._usual_places_of = usual_places_of  # type: ignore[method-assign]
em.ExperienceMemory._note_returned = note_returned  # type: ignore[method-assign]
ip.InProcessStack.run_subtask = run_subtask  # type: ignore[method-assign,assignment]
et.repeats_in_state = repeats_in_state
et.run_arm = run_arm

if __name__ == "__main__":
    sys.exit(et.main(sys.argv[1:]))
