"""bench/experience_tasks.py with read-only probes on the experience memory's "keeps puts" gate
(round 63, exp68; tuning streams only). Run from the repository root, same arguments as
experience_tasks.py; probe lines go to stdout:

  ANSWER   a later task's find that answers a put: "kept", "moved", or "SUPPRESSED" (at the
           put's place but within `belief_radius` of where the unit was found before the put's
           task: `UsualPlaces.follow`'s reach check, round 62), with the distance, the tally,
           the gate, memory's positions and labels of the step's objects and the unit's
           source / last_seen before the step ("U")
  PUT      a put (experience arm), with memory's positions at it
  TAKEN    a listing `ExperienceMemory._taken_out` left out
  DIVERGE  a `keeps_puts()` read whose answer differs from the tally with the suppressed finds
           counted kept: only a stream with such a line can differ with the reach check off
  DIVERGE2 the same for a shadow that counts a suppressed find kept while no moved find was seen

Env EXP68_NO_REACH=1 turns the reach check off (radius -1: every find at the put's place
counts kept, round 61's counting); the code under test is not edited.
"""

from __future__ import annotations

import json
import math
import os
import sys
from typing import Any

sys.path.insert(0, os.getcwd() + "/bench")
sys.path.insert(0, os.getcwd())

import experience_tasks as ET  # noqa: E402

from memory_node.core import recall_memory as RM  # noqa: E402
from memory_node.core.experience import memory as MEM  # noqa: E402
from memory_node.core.experience import places as PL  # noqa: E402
from memory_node.sim.tasks import inprocess as IP  # noqa: E402

cur: dict[str, Any] = {"task": None, "arm": None}
OFF = os.environ.get("EXP68_NO_REACH") == "1"
EXP = "full+experience"


def _say(kind: str, **fields: Any) -> None:
    print(kind, json.dumps(fields), flush=True)


def _r(v: Any) -> Any:
    return None if v is None else [round(x, 3) for x in v]


orig_run = IP.InProcessStack.run_subtask


def run_subtask(self: Any, task: Any, index: int, rec: Any) -> Any:
    cur["task"] = f"{task.id[:5]}#{index}"
    return orig_run(self, task, index, rec)


orig_taken = MEM.ExperienceMemory._taken_out


def taken_out(self: Any, t: Any) -> bool:
    r = orig_taken(self, t)
    if r:
        obj = t.action.partition("(")[2].rstrip(")").split(", ")[0]
        _say("TAKEN", arm=cur["arm"], task=cur["task"], action=t.action,
             last_place=self.places.last_place(obj), kept=self.places.kept,
             moved=self.places.moved)
    return r


orig_ro = RM.RecallMemory.record_outcome


def record_outcome(self: Any, episode_id: str, skill: str, args: Any, succeeded: bool,
                   *a: Any, **k: Any) -> Any:
    snap = {}
    for i in args:
        u = self.short_term.peek(i)
        if u is not None:
            snap[i] = {"src": u.source, "seen": round(u.last_seen, 3),
                       "n": u.observation_count, "pos": _r(u.position)}
    cur["units"] = snap
    return orig_ro(self, episode_id, skill, args, succeeded, *a, **k)


orig_upo = MEM.ExperienceMemory._usual_places_of


def usual_places_of(self: Any, conn: Any, step: Any, source: str,
                    opened_for: Any = None) -> Any:
    cur["step"] = step
    return orig_upo(self, conn, step, source, opened_for)


def _pos() -> dict[str, Any]:
    st = cur.get("step")
    return {} if st is None else {k: _r(v) for k, v in st.positions.items()}


def _lab() -> dict[str, str]:
    st = cur.get("step")
    return {} if st is None else dict(st.labels)


orig_follow = PL.UsualPlaces.follow


def follow(self: Any, conn: Any, unit: str, place_id: str, kind: str, episode_id: str,
           stamp: float, position: Any = None, radius: float = 0.0) -> None:
    if OFF:
        radius = -1.0
    p = self._puts.get(unit)
    before = None if p is None else (p.place_id, p.episode_id, p.found_at)
    bpos = self._found_pos.get(unit)
    k0, m0 = self.kept, self.moved
    answering = kind == "found" and p is not None and bool(p.place_id) and \
        PL._task_of(p.episode_id) != PL._task_of(episode_id)
    orig_follow(self, conn, unit, place_id, kind, episode_id, stamp, position, radius)
    shadow = self.__dict__.setdefault("shadow_kept", 0)
    if answering and before is not None:
        sup = before[0] == place_id and self.kept == k0
        if sup:
            self.shadow_kept = shadow = shadow + 1
            if m0 == 0:
                self.shadow2_kept = self.__dict__.get("shadow2_kept", 0) + 1
        d = None if position is None or bpos is None else round(math.dist(position, bpos), 3)
        _say("ANSWER", arm=cur["arm"], task=cur["task"], ep=episode_id, unit=unit, at=place_id,
             before=before, dist=d,
             what="SUPPRESSED" if sup else ("kept" if self.kept > k0 else "moved"),
             tally=[self.kept, self.moved], shadow=self.kept + shadow, P=_pos(), L=_lab(),
             U=cur.get("units"), stamp=stamp, bpos=_r(bpos), keeps=self.keeps_puts())
    elif kind == "put" and cur["arm"] == EXP:
        _say("PUT", task=cur["task"], ep=episode_id, unit=unit, at=place_id,
             found_at=before[2] if before else None, moved_it=self._puts[unit].place_id != "",
             P=_pos(), U=cur.get("units"), stamp=stamp, found_pos=bpos)


orig_keeps = PL.UsualPlaces.keeps_puts


def keeps_puts(self: Any) -> bool:
    r = orig_keeps(self)
    for name, key in (("DIVERGE2", "shadow2_kept"), ("DIVERGE", "shadow_kept")):
        sk = self.kept + self.__dict__.get(key, 0)
        if r != (sk >= PL.KEEPS_MIN and sk > self.moved):
            _say(name, arm=cur["arm"], task=cur["task"], real=r, tally=[self.kept, self.moved],
                 shadow=sk)
    return r


orig_arm = ET.run_arm


def run_arm(suite: Any, arm: str, args: Any, embedder: Any) -> Any:
    cur["arm"] = arm
    print("ARM", getattr(suite, "name", "?"), arm, flush=True)
    return orig_arm(suite, arm, args, embedder)


IP.InProcessStack.run_subtask = run_subtask
MEM.ExperienceMemory._taken_out = taken_out
RM.RecallMemory.record_outcome = record_outcome
MEM.ExperienceMemory._usual_places_of = usual_places_of
PL.UsualPlaces.follow = follow
PL.UsualPlaces.keeps_puts = keeps_puts
ET.run_arm = run_arm

if __name__ == "__main__":
    sys.argv = ["experience_tasks.py", *sys.argv[1:]]
    raise SystemExit(ET.main())
