"""What a run records, event by event, so metrics come from what happened and not from the
planner's own claims. The runner appends one record per event; `metrics` reads them back.

Records (every one names its sequence and task):
- TaskEnd     a task finished: run (checked), skipped (reader's reason) or error (a node
              crashed, a timeout); with the task's number of subtasks and goal conditions,
              so an unchecked subtask counts as failed rather than vanishing.
- SkillCall   one ExecuteSkill goal: skill, arguments, error code, simulated duration.
- GoalCheck   one goal condition checked by the world right after its subtask ended.
- Recall      one memory recall: the unit ids returned and the ids the step needed (from
              the world's ground truth, written by the runner), and how the task named them.
- CacheAccess one short-term memory query: hit or miss, occupancy and capacity then.
- Usage       time (and tokens, for the LLM) spent by one component on one task.
A run file is JSON Lines: a first line {"run": {...meta...}}, then one {"kind": ..., ...}
per event.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import MISSING, asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

TASK_STATUSES = ("run", "skipped", "error")
MAX_IDS = 1000
MAX_TEXT = 256
MAX_RECORDS = 5_000_000


@dataclass(frozen=True)
class TaskEnd:
    sequence: str
    task: str
    category: str
    status: str                   # one of TASK_STATUSES
    subtasks: int = 0
    conditions: int = 0
    reason: str = ""              # skip reason or error code name


@dataclass(frozen=True)
class SkillCall:
    sequence: str
    task: str
    skill: str
    args: tuple[str, ...] = ()
    error_code: int = 0           # memory_node ErrorCode; 0 = success
    sim_duration_s: float = 0.0   # simulated time the skill took (the world's clock)
    subtask: int = 0

    @property
    def ok(self) -> bool:
        return self.error_code == 0


@dataclass(frozen=True)
class GoalCheck:
    sequence: str
    task: str
    subtask: int
    condition: str                # canonical text, e.g. INSIDE(Apple, Fridge)
    expected: bool
    observed: bool

    @property
    def achieved(self) -> bool:
        return self.observed is self.expected


@dataclass(frozen=True)
class Recall:
    sequence: str
    task: str
    returned: tuple[str, ...]
    needed: tuple[str, ...]
    reference: str = "direct"     # direct | vague
    subtask: int = 0
    stage: str = "step"           # instruction | step (which recall of the loop)


@dataclass(frozen=True)
class CacheAccess:
    sequence: str
    task: str
    hit: bool
    occupancy: int
    capacity: int


@dataclass(frozen=True)
class Usage:
    sequence: str
    task: str
    component: str                # planner_llm, memory_recall, memory_record, perception, ...
    wall_s: float = 0.0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    calls: int = 0


Record = TaskEnd | SkillCall | GoalCheck | Recall | CacheAccess | Usage
KINDS: dict[str, type] = {"task_end": TaskEnd, "skill": SkillCall, "goal": GoalCheck,
                          "recall": Recall, "cache": CacheAccess, "usage": Usage}
_KIND_OF = {cls: name for name, cls in KINDS.items()}


@dataclass
class Run:
    """One run: its settings (ablation, policy, capacity, suite, seed, planner) and events."""

    meta: dict[str, Any] = field(default_factory=dict)
    events: list[Record] = field(default_factory=list)

    def add(self, record: Record) -> None:
        self.events.append(record)


def _check(cls: type, raw: dict[str, Any], where: str) -> Record:
    names = {f.name: f for f in fields(cls)}
    unknown = set(raw) - set(names)
    if unknown:
        raise ValueError(f"{where}: unknown fields {sorted(unknown)}")
    values: dict[str, Any] = {}
    for name, f in names.items():
        if name not in raw:
            if f.default is MISSING:
                raise ValueError(f"{where}: missing {name}")
            continue
        v = raw[name]
        kind = str(f.type)
        if kind.startswith("tuple"):
            if not isinstance(v, list) or len(v) > MAX_IDS or \
                    not all(isinstance(x, str) and len(x) <= MAX_TEXT for x in v):
                raise ValueError(f"{where}: {name} must be a list of at most {MAX_IDS} strings")
            v = tuple(v)
        elif kind == "bool":
            if not isinstance(v, bool):
                raise ValueError(f"{where}: {name} must be true or false")
        elif kind == "int":
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"{where}: {name} must be a non-negative integer")
        elif kind == "float":
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v < 1e9:
                raise ValueError(f"{where}: {name} must be a non-negative number")
            v = float(v)
        elif not isinstance(v, str) or len(v) > MAX_TEXT:
            raise ValueError(f"{where}: {name} must be a string of at most {MAX_TEXT} chars")
        values[name] = v
    record = cls(**values)
    if isinstance(record, TaskEnd) and record.status not in TASK_STATUSES:
        raise ValueError(f"{where}: status must be one of {TASK_STATUSES}")
    return record


def record_from_dict(raw: Any, where: str = "record") -> Record:
    if not isinstance(raw, dict) or raw.get("kind") not in KINDS:
        raise ValueError(f"{where}: needs a kind in {', '.join(KINDS)}")
    body = {k: v for k, v in raw.items() if k != "kind"}
    return _check(KINDS[raw["kind"]], body, where)


def record_to_dict(record: Record) -> dict[str, Any]:
    return {"kind": _KIND_OF[type(record)], **asdict(record)}


def write_run(run: Run, path: str | Path) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(json.dumps({"run": run.meta}) + "\n")
        for e in run.events:
            fh.write(json.dumps(record_to_dict(e)) + "\n")


def read_run(path: str | Path) -> Run:
    """A run file back; ValueError naming the line of the first bad record."""
    run = Run()
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if n > MAX_RECORDS:
                raise ValueError(f"{path}: more than {MAX_RECORDS} records")
            if not line.strip():
                continue
            try:
                raw = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{n}: not JSON ({exc})") from None
            if n == 1 and isinstance(raw, dict) and set(raw) == {"run"}:
                run.meta = dict(raw["run"]) if isinstance(raw["run"], dict) else {}
                continue
            run.add(record_from_dict(raw, f"{path}:{n}"))
    return run


def runs_events(events: Iterable[Record], cls: type) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]
