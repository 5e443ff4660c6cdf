"""Procedures: the successful skill sequences of a task type, with roles instead of
instance names, success counts, confidence = successes / uses, and a cap with pruning of
the least useful (never a proven one).

A procedure is "used" by an episode when recall delivered it to that episode, or when a
successful episode's own sequence is that procedure; its success counts when the
episode's task succeeded. Ranked by confidence (Laplace-smoothed) times the outcome
utility of its deliveries, times how well the task type matches.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Collection
from dataclasses import dataclass

from memory_node.core.experience.task_types import TaskType, similarity

# Below this (similarity x smoothed confidence x utility) a procedure is not offered: one
# success and then two failed tasks after it was delivered give 2/5 x 1/4 = 0.1.
MIN_SCORE = 0.15


@dataclass
class Procedure:
    procedure_id: int
    task_type: str
    signature: str            # role steps joined by " ; "
    roles: int
    uses: int
    successes: int
    first_episode: str
    last_episode: str
    updated_at: float

    @property
    def item_id(self) -> str:
        return f"proc:{self.procedure_id}"

    @property
    def confidence(self) -> float:
        return self.successes / self.uses if self.uses else 0.0

    @property
    def steps(self) -> list[str]:
        return self.signature.split(" ; ")


class ProcedureLibrary:
    def __init__(self, per_task: int, total: int, proven_successes: int,
                 proven_confidence: float) -> None:
        self.per_task, self.total = per_task, total
        self.proven_successes, self.proven_confidence = proven_successes, proven_confidence
        self._by_task: dict[str, list[Procedure]] = {}
        self.min_score = MIN_SCORE
        self.rejected_full = 0   # new procedures not kept because every kept one is proven

    def __len__(self) -> int:
        return sum(len(v) for v in self._by_task.values())

    def load(self, conn: sqlite3.Connection) -> None:
        self._by_task.clear()
        for r in conn.execute("SELECT * FROM exp_procedures ORDER BY procedure_id"):
            self._by_task.setdefault(r["task_type"], []).append(Procedure(
                r["procedure_id"], r["task_type"], r["signature"], r["roles"], r["uses"],
                r["successes"], r["first_episode"], r["last_episode"], r["updated_at"]))

    def proven(self, p: Procedure) -> bool:
        return p.successes >= self.proven_successes and p.confidence >= self.proven_confidence

    def get(self, procedure_id: int) -> Procedure | None:
        for ps in self._by_task.values():
            for p in ps:
                if p.procedure_id == procedure_id:
                    return p
        return None

    def task_types(self) -> list[str]:
        return list(self._by_task)

    def of(self, task_type: str) -> list[Procedure]:
        return list(self._by_task.get(task_type, ()))

    def find(self, task_type: str, signature: str) -> Procedure | None:
        return next((p for p in self._by_task.get(task_type, ()) if p.signature == signature),
                    None)

    def best(self, task: TaskType, utility: Callable[[str], float],
             min_similarity: float) -> tuple[Procedure, float] | None:
        """The best procedure for `task`: same task type first, else the most similar one
        with as many roles."""
        best: tuple[Procedure, float] | None = None
        for key, procedures in self._by_task.items():
            sim = 1.0 if key == task.key else similarity(task, TaskType(key, ()))
            if sim < min_similarity:
                continue
            for p in procedures:
                if p.roles > len(task.roles) or (sim < 1.0 and p.roles != len(task.roles)):
                    # It names objects this instruction does not have; or, for another task
                    # type, its roles are numbered for other words (<1> was the cabinet).
                    continue
                score = sim * (p.successes + 1) / (p.uses + 2) * utility(p.item_id)
                if score < self.min_score:
                    continue  # repeatedly followed by failure: no longer worth offering
                if best is None or score > best[1] or (
                        score == best[1] and p.procedure_id < best[0].procedure_id):
                    best = (p, score)
        return best

    def learn(self, conn: sqlite3.Connection, task_type: str, signature: str, roles: int,
              episode_id: str, succeeded: bool, used: Collection[int], now: float,
              utility: Callable[[str], float]) -> list[str]:
        """Count the episode against the procedures it used and, when it succeeded, its
        own sequence. Returns the item ids pruned."""
        procedures = self._by_task.setdefault(task_type, [])
        counted: set[int] = set()
        # Uses count for the task type a procedure is for; delivered to a similar task, only
        # its utility (Utility) hears how that went.
        for p in [p for p in procedures if p.procedure_id in used]:
            self._count(conn, p, succeeded, episode_id, now)
            counted.add(p.procedure_id)
        pruned: list[str] = []
        if succeeded and signature:
            own = next((p for p in procedures if p.signature == signature), None)
            if own is None:
                cur = conn.execute(
                    "INSERT INTO exp_procedures (task_type, signature, roles, uses, successes,"
                    " first_episode, last_episode, updated_at) VALUES (?, ?, ?, 0, 0, ?, ?, ?)",
                    (task_type, signature, roles, episode_id, episode_id, now))
                own = Procedure(int(cur.lastrowid or 0), task_type, signature, roles, 0, 0,
                                episode_id, episode_id, now)
                procedures.append(own)
            if own.procedure_id not in counted:
                self._count(conn, own, True, episode_id, now)
            pruned += self._prune(conn, procedures, self.per_task, utility, keep=own)
        if not self._by_task.get(task_type):
            self._by_task.pop(task_type, None)
        pruned += self._prune(conn, [p for ps in self._by_task.values() for p in ps],
                              self.total, utility)
        return pruned

    def _count(self, conn: sqlite3.Connection, p: Procedure, succeeded: bool, episode_id: str,
               now: float) -> None:
        p.uses += 1
        p.successes += bool(succeeded)
        p.last_episode, p.updated_at = episode_id, now
        conn.execute("UPDATE exp_procedures SET uses=?, successes=?, last_episode=?,"
                     " updated_at=? WHERE procedure_id=?",
                     (p.uses, p.successes, episode_id, now, p.procedure_id))

    def _prune(self, conn: sqlite3.Connection, pool: list[Procedure], cap: int,
               utility: Callable[[str], float], keep: Procedure | None = None) -> list[str]:
        """Drop the least useful unproven procedures of `pool` beyond `cap`. When every
        other one is proven, the newcomer `keep` is the one that goes."""
        dropped: list[Procedure] = []
        excess = len(pool) - cap
        if excess <= 0:
            return []
        candidates = sorted((p for p in pool if not self.proven(p) and p is not keep),
                            key=lambda p: ((p.successes + 1) / (p.uses + 2)
                                           * utility(p.item_id), p.updated_at))
        dropped = candidates[:excess]
        if len(dropped) < excess and keep is not None and not self.proven(keep):
            dropped.append(keep)
            self.rejected_full += 1
        for p in dropped:
            self._by_task[p.task_type].remove(p)
            if not self._by_task[p.task_type]:
                del self._by_task[p.task_type]
            if p in pool:
                pool.remove(p)
        conn.executemany("DELETE FROM exp_procedures WHERE procedure_id=?",
                         [(p.procedure_id,) for p in dropped])
        return [p.item_id for p in dropped]
