"""The trajectory graph: states -> actions, each transition counted by outcome (BrainMem).

Kept whole in memory (bounded by `max_transitions`) because every step recall asks it;
every change is written to `exp_transitions` in the caller's transaction. A transition is
"known bad" for the current state when it failed more often than it succeeded from a state
with the same robot part (area, held object) and the same states of the objects it names.
A call that takes the robot to an object (navigate) also carries where memory believed
the object was (`state.belief`): its NOT_FOUND failure says the object is not at that
place, so once memory has seen the object elsewhere the listing no longer applies.
Only failures the world gave count (a precondition, an object not found, a refused
argument); a timeout, an unreachable server or a cancellation says nothing about the
action and is not counted.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from memory_node.core.errors import ErrorCode
from memory_node.core.experience.state import ANY_CONDITION, belief_matches, split_belief

# Failures that say something about the action in that state.
PRUNE_TO = 0.9   # share of a cap left after pruning
WORLD_FAILURES = frozenset({ErrorCode.NONE, ErrorCode.INVALID_ARGUMENT, ErrorCode.NOT_FOUND,
                            ErrorCode.PRECONDITION_FAILED})


@dataclass
class Transition:
    transition_id: int
    robot_key: str
    state_key: str
    action: str
    object_states: dict[str, str]
    successes: int = 0
    failures: int = 0
    last_error_code: int = 0
    last_episode: str = ""
    updated_at: float = 0.0

    @property
    def item_id(self) -> str:
        return f"bad:{self.transition_id}"

    @property
    def known_bad(self) -> bool:
        return self.failures > self.successes


class TrajectoryGraph:
    def __init__(self) -> None:
        self._by_robot: dict[str, dict[tuple[str, str], Transition]] = {}
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def load(self, conn: sqlite3.Connection) -> None:
        self._by_robot.clear()
        self._count = 0
        for r in conn.execute("SELECT * FROM exp_transitions"):
            self._put(Transition(
                r["transition_id"], r["robot_key"], r["state_key"], r["action"],
                json.loads(r["object_states"]), r["successes"], r["failures"],
                r["last_error_code"], r["last_episode"], r["updated_at"]))

    def _put(self, t: Transition) -> None:
        bucket = self._by_robot.setdefault(t.robot_key, {})
        if (t.state_key, t.action) not in bucket:
            self._count += 1
        bucket[(t.state_key, t.action)] = t

    def record(self, conn: sqlite3.Connection, robot_key: str, state_key: str, action: str,
               object_states: Mapping[str, str], succeeded: bool, error_code: int,
               episode_id: str, now: float, radius: float = 0.5) -> Transition | None:
        """Count one outcome; None when the failure says nothing about the action.
        A believed position within `radius` of a transition's is that transition (the
        same belief, seen again with a few centimetres of noise)."""
        if not succeeded and error_code not in WORLD_FAILURES:
            return None
        bucket = self._by_robot.get(robot_key, {})
        t = bucket.get((state_key, action))
        if t is None and any("@" in v for v in object_states.values()):
            t = self._near(bucket.values(), action, object_states, radius,
                           with_successes=succeeded)
        if t is None:
            cur = conn.execute(
                "INSERT INTO exp_transitions (robot_key, state_key, action, object_states,"
                " updated_at) VALUES (?, ?, ?, ?, ?)",
                (robot_key, state_key, action, json.dumps(dict(object_states), sort_keys=True),
                 now))
            t = Transition(int(cur.lastrowid or 0), robot_key, state_key, action,
                           dict(object_states), updated_at=now)
            self._put(t)
        t.successes += bool(succeeded)
        t.failures += not succeeded
        t.last_error_code, t.last_episode, t.updated_at = int(error_code), episode_id, now
        conn.execute(
            "UPDATE exp_transitions SET successes=?, failures=?, last_error_code=?,"
            " last_episode=?, updated_at=? WHERE transition_id=?",
            (t.successes, t.failures, t.last_error_code, episode_id, now, t.transition_id))
        return t

    def reattribute(self, conn: sqlite3.Connection, t: Transition, state_key: str,
                    object_states: Mapping[str, str], now: float) -> Transition | None:
        """Move one failure of `t` to the finer state a later step of its episode showed
        it came from (a refused pick whose object turned out to be shut in a receptacle
        memory did not know it was in); that transition, or None when `t` has none."""
        if t.failures <= 0 or (t.state_key, t.action) == (state_key, t.action):
            return None
        t.failures -= 1
        conn.execute("UPDATE exp_transitions SET failures=? WHERE transition_id=?",
                     (t.failures, t.transition_id))
        return self.record(conn, t.robot_key, state_key, t.action, object_states, False,
                           t.last_error_code, t.last_episode, now)

    @staticmethod
    def _near(transitions: Iterable[Transition], action: str, object_states: Mapping[str, str],
              radius: float, with_successes: bool = True) -> Transition | None:
        """The nearest transition of `action` whose beliefs are within `radius` of these
        (same states otherwise). A failure (`with_successes` False) does not join one that
        has successes at another belief: a NOT_FOUND there is refused within the world's
        match tolerance, which covers the old belief too, so it says the object has left
        both; counted on the old success, two successes from an earlier day held the
        listing off for three refusals (tune2 tidy, stream seed 3004, round 30)."""
        plain = {o: split_belief(v) for o, v in object_states.items()}
        best: tuple[float, int] | None = None
        found = None
        for t in transitions:
            if t.action != action or t.object_states.keys() != plain.keys():
                continue
            if not with_successes and t.successes:
                continue
            gap = 0.0
            for o, v in t.object_states.items():
                state, belief = split_belief(v)
                if state != plain[o][0] or (belief is None) != (plain[o][1] is None):
                    break
                if belief is not None:
                    d = belief_matches(belief, plain[o][1], radius)
                    if d is None:
                        break
                    gap = max(gap, d)
            else:
                if best is None or (gap, t.transition_id) < best:
                    best, found = (gap, t.transition_id), t
        return found

    def known_bad(self, robot_key: str, states: Mapping[str, str],
                  positions: Mapping[str, tuple[float, ...]] | None = None,
                  radius: float = 0.5) -> list[Transition]:
        """Failed transitions from this state: same robot part, every object the action
        names is in memory in the state it was in when the action failed and, for a
        call that went to an object, where memory believed it then (within `radius`)."""
        positions = positions or {}

        def holds(o: str, v: str) -> bool:
            state, belief = split_belief(v)
            if states.get(o) is None or (state != ANY_CONDITION
                                         and (states[o] or "none") != state):
                return False
            if belief is None:
                return True
            where = positions.get(o)
            return where is not None and belief_matches(belief, where, radius) is not None

        out = [t for t in self._by_robot.get(robot_key, {}).values()
               if t.known_bad and all(holds(o, v) for o, v in t.object_states.items())]
        out.sort(key=lambda t: (-(t.failures - t.successes), -t.updated_at, t.action))
        return out

    def prune(self, conn: sqlite3.Connection, keep: int) -> list[str]:
        """Over `keep`, drop the least recently seen down to 90% of it (a sort of
        everything once per tenth of the cap, not at every step); their item ids."""
        if self._count <= keep:
            return []
        everything = sorted((t for b in self._by_robot.values() for t in b.values()),
                            key=lambda t: (t.updated_at, t.transition_id))
        dropped = everything[: self._count - int(keep * PRUNE_TO)]
        conn.executemany("DELETE FROM exp_transitions WHERE transition_id=?",
                         [(t.transition_id,) for t in dropped])
        for t in dropped:
            bucket = self._by_robot[t.robot_key]
            del bucket[(t.state_key, t.action)]
            if not bucket:
                del self._by_robot[t.robot_key]
        self._count -= len(dropped)
        return [t.item_id for t in dropped]
