"""What the full-stack runner derives from what it observes, as plain functions (no ROS):
the memory ids a subtask needs (for MRA), the short-term memory's queries between two
stats readings (for MHR), and one printable line per planner step.

The runner reads the world's ground truth (`sim/ground_truth`), the memory's scene graph
and `memory/stats`; these functions turn them into records for `Recorder`.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from memory_node.core.recall.categories import type_key

MATCH_TOLERANCE_M = 1.0        # a memory object this close to a world object of its type
MISSING_PREFIX = "unseen:"     # a needed object memory has no unit for (never returned)


@dataclass(frozen=True)
class Located:
    """An object with an id, a type or label and a position (world or memory)."""

    id: str
    label: str
    position: tuple[float, float, float]


def needed_ids(groups: Iterable[frozenset[str]], world: Sequence[Located],
               memory: Sequence[Located], tolerance: float = MATCH_TOLERANCE_M,
               returned: Collection[str] = ()) -> tuple[str, ...]:
    """Per group of alternative types (`build.needed_types`), the memory unit that stands
    for a world object of the group: the memory object of a group type nearest to such a
    world object, within `tolerance`. A group memory has no unit for is `unseen:<Type>`,
    an id no recall can return (so MRA counts it as not retrieved).

    A goal names a type ("close the cabinet"), not an instance: any unit of the group that
    stands for a world object serves it. When the recall `returned` such a unit, it is the
    one needed; otherwise the nearest. Scored against the nearest alone, a house with five
    cabinets counted the cabinet the robot put the mug in and closed as a miss because
    another cabinet's unit lay a few centimetres nearer its own world cabinet (round 15:
    h0c-5's "close it" in every run)."""
    out: list[str] = []
    for group in groups:
        keys = {type_key(t) for t in group}
        things = [w for w in world if type_key(w.label) in keys]
        best: tuple[bool, float, str] | None = None
        for m in memory:
            if type_key(m.label) not in keys:
                continue
            d = min((math.dist(m.position, w.position) for w in things), default=math.inf)
            if d > tolerance:
                continue
            key = (m.id not in returned, d, m.id)
            if best is None or key < best:
                best = key
        out.append(best[2] if best else MISSING_PREFIX + sorted(group)[0])
    return tuple(dict.fromkeys(out))


@dataclass(frozen=True)
class StatsReading:
    """The cumulative hit-rate counters of one `memory/stats` message."""

    queries: int
    hits: int
    warm_queries: int
    warm_hits: int
    size: int
    capacity: int


def cache_accesses(before: StatsReading | None, after: StatsReading
                   ) -> list[tuple[bool, int]]:
    """The queries made between two readings as (hit, occupancy) pairs for
    `Recorder.cache`: warm ones (the server counted them at >= 95% occupancy) at full
    occupancy, the others at 0, so `metrics.mhr` applies the server's own warm-up. Counters
    that went down were reset (memory cleared): everything after counts."""
    b = before
    if b is None or after.queries < b.queries or after.warm_queries < b.warm_queries:
        b = StatsReading(0, 0, 0, 0, 0, after.capacity)
    warm_q = after.warm_queries - b.warm_queries
    warm_h = min(after.warm_hits - b.warm_hits, warm_q)
    cold_q = max(after.queries - b.queries - warm_q, 0)
    cold_h = min(max(after.hits - b.hits - warm_h, 0), cold_q)
    out = [(i < cold_h, 0) for i in range(cold_q)]
    out += [(i < warm_h, after.capacity) for i in range(warm_q)]
    return out


def step_line(step: int, skill: str, args: Sequence[str], status: str, note: str,
              width: int = 110) -> str:
    """`  3 pick(Apple_2)   succeeded   | memory: Apple Apple_2 in kitchen` (the planner's
    `memory_note` says what memory supplied for the step)."""
    call = f"{skill}({', '.join(args)})"
    line = f"{step:>3} {call:<34} {status:<28}"
    if note:
        line += f" | {' '.join(note.split())}"
    return line if len(line) <= width else line[:width - 1] + "…"
