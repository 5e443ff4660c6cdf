"""Whether the robot's own placements last (issue 15): a household that tidies between
tasks puts back what the robot put down, so memory's belief "the mug is in the sink, where
the robot put it" is stale by the next task; in one that does not, it is the best belief
there is. Which household this is shows only in outcomes, so experience counts them: the
first later episode's call on an object the robot put (its current "placed" fact) away
from where its type is usually found (only those are in question: a tidy puts back there
too) either
finds it there (a pick from that place: kept) or not (refused NOT_FOUND, or picked from
another place memory saw it in since: undone). Each placement is judged once.

The two counts are stored in `memory_meta` (one row; CLEAR and snapshots take it with the
rest of memory). The set of judged placements is kept in memory only: after a restart a
placement judged before may be judged once more, which moves a count by one.
"""

from __future__ import annotations

import json
import sqlite3
from collections import OrderedDict

META_KEY = "experience.placements"


class Placements:
    def __init__(self, max_judged: int) -> None:
        self.max_judged = max_judged
        self.kept = 0
        self.undone = 0
        self._judged: OrderedDict[int, None] = OrderedDict()   # placed fact ids

    def load(self, conn: sqlite3.Connection) -> None:
        self.kept = self.undone = 0
        self._judged.clear()
        row = conn.execute("SELECT value FROM memory_meta WHERE key=?", (META_KEY,)).fetchone()
        if row is None:
            return
        try:
            kept, undone = json.loads(row[0])
        except (ValueError, TypeError):
            return   # not ours (written by hand): start counting again
        if isinstance(kept, int) and isinstance(undone, int) and kept >= 0 and undone >= 0:
            self.kept, self.undone = kept, undone

    def judged(self, fact_id: int) -> bool:
        return fact_id in self._judged

    def judge(self, conn: sqlite3.Connection, fact_id: int, kept: bool) -> None:
        """Count one placement (the placed fact `fact_id`) as kept or undone, once."""
        if fact_id in self._judged:
            return
        self._judged[fact_id] = None
        while len(self._judged) > self.max_judged:
            self._judged.popitem(last=False)
        if kept:
            self.kept += 1
        else:
            self.undone += 1
        conn.execute("INSERT INTO memory_meta (key, value) VALUES (?, ?) ON CONFLICT (key)"
                     " DO UPDATE SET value=excluded.value",
                     (META_KEY, json.dumps([self.kept, self.undone])))
