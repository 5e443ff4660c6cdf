"""Task suites in memory: goal conditions, subtasks, tasks, sequences, and why a task was
skipped. Plain frozen dataclasses; reading and checking live in `suite_io`, `alfred_l` and
`build`.

A suite is a list of named sequences; a sequence runs in one house (an AI2-THOR floor plan
number or a seed) and its tasks run in order, so later tasks meet the state earlier ones
left. A task has an instruction, a category and ordered subtasks; each subtask has ordered
goal conditions that are checked right after that subtask ends (so a later subtask may
undo an earlier one's goal: open the fridge, put the apple in, close it).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import Enum

from memory_node.core.errors import ErrorCode, MemoryRequestError

CATEGORIES = ("simple", "composite", "complex", "stream")
REFERENCES = ("direct", "vague")

# Size limits of everything a task file may hold (a reader refuses more, task by task).
MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_TASKS_PER_FILE = 5000
MAX_SEQUENCES = 1000
MAX_SUBTASKS = 16
MAX_CONDITIONS_PER_SUBTASK = 32      # the planner's limit per ExecuteInstruction goal
MAX_CONDITION_CHARS = 200            # the planner's and the goal checker's limit
MAX_INSTRUCTION_CHARS = 1000
MAX_ID_CHARS = 64
MAX_SEED = 2**31 - 1


class SkipReason(str, Enum):
    """Why a task (or a whole file) was not accepted; each has a typed error code."""

    BROKEN_FILE = "broken_file"                  # unreadable, not JSON, too large
    BAD_FORMAT = "bad_format"                    # a field missing or of the wrong type
    TOO_LARGE = "too_large"                      # beyond a size limit
    DUPLICATE_ID = "duplicate_id"
    UNKNOWN_FLOOR_PLAN = "unknown_floor_plan"
    NO_GOALS = "no_goal_conditions"
    BAD_CONDITION = "bad_condition"              # not PRED(args)[: 0|1]
    UNKNOWN_PREDICATE = "unknown_predicate"
    WRONG_ARITY = "wrong_arity"
    UNKNOWN_STATE = "unknown_state"
    UNKNOWN_OBJECT = "unknown_object"            # a name neither a type nor in the table
    UNRESOLVED_COORDINATES = "unresolved_coordinates"
    ABSENT_OBJECT = "absent_from_floor_plan"     # a type (or a skill's fixture) not there
    CONTRADICTORY_GOALS = "contradictory_goals"
    NO_SKILL = "no_skill"                        # no skill in config/skills.yaml reaches it

    @property
    def code(self) -> ErrorCode:
        return _CODES.get(self, ErrorCode.INVALID_ARGUMENT)


_CODES = {
    SkipReason.UNKNOWN_FLOOR_PLAN: ErrorCode.NOT_FOUND,
    SkipReason.UNKNOWN_OBJECT: ErrorCode.NOT_FOUND,
    SkipReason.UNRESOLVED_COORDINATES: ErrorCode.NOT_FOUND,
    SkipReason.ABSENT_OBJECT: ErrorCode.NOT_FOUND,
    SkipReason.CONTRADICTORY_GOALS: ErrorCode.CONFLICT,
    SkipReason.DUPLICATE_ID: ErrorCode.CONFLICT,
    SkipReason.NO_SKILL: ErrorCode.PRECONDITION_FAILED,
}


class TaskRejected(MemoryRequestError):
    """A task (or condition) that cannot be run; `reason` says which kind of problem."""

    def __init__(self, reason: SkipReason, message: str) -> None:
        super().__init__(message, reason.code)
        self.reason = reason


@dataclass(frozen=True)
class GoalCondition:
    """One predicate over object types: `INSIDE(Apple, Fridge)` expected to hold (or not).

    Arguments are AI2-THOR types (`AppleSliced` is a sliced apple); STATE's second argument
    is a state value of the skill table's effects (sliced, cleaned, heated, ...).
    """

    predicate: str
    args: tuple[str, ...]
    expected: bool = True

    @property
    def text(self) -> str:
        """The form the goal checker and the planner read: `INSIDE(Apple, Fridge)`."""
        return f"{self.predicate}({', '.join(self.args)})"

    def __str__(self) -> str:
        return self.text if self.expected else f"{self.text}: 0"

    @property
    def object_args(self) -> tuple[str, ...]:
        return self.args[:1] if self.predicate == "STATE" else self.args

    def holds(self, observed: bool) -> bool:
        """Is the goal achieved when the checker observed `observed` for the predicate?"""
        return observed is self.expected


@dataclass(frozen=True)
class Subtask:
    conditions: tuple[GoalCondition, ...]
    instruction: str = ""          # its own words, when the file gives them
    reference: str = "direct"      # how the instruction names its objects: direct | vague

    @property
    def planner_conditions(self) -> tuple[str, ...]:
        """What to send in ExecuteInstruction.goal_conditions: the positive goals (a
        negative one is only checked; no skill is asked to make something not hold)."""
        return tuple(c.text for c in self.conditions if c.expected)

    def expects(self, text: str) -> bool:
        """Is the goal of this subtask written `text` expected to hold? (Within a subtask a
        text is either expected or not: both is a contradiction the reader skips.)"""
        return next((c.expected for c in self.conditions if c.text == text), True)


@dataclass(frozen=True)
class Task:
    id: str
    instruction: str
    category: str
    subtasks: tuple[Subtask, ...]
    floor_plan: int | None = None
    seed: int | None = None
    notes: tuple[str, ...] = ()    # rewrites the reader made (aliases, names, relations)

    @property
    def conditions(self) -> tuple[GoalCondition, ...]:
        return tuple(c for s in self.subtasks for c in s.conditions)

    @property
    def object_types(self) -> tuple[str, ...]:
        """Every object type the goals name, in order of first mention."""
        seen: dict[str, None] = {}
        for c in self.conditions:
            for a in c.object_args:
                seen.setdefault(a, None)
        return tuple(seen)


@dataclass(frozen=True)
class TaskSequence:
    id: str
    category: str
    tasks: tuple[Task, ...]
    floor_plan: int | None = None
    seed: int | None = None
    description: str = ""


@dataclass(frozen=True)
class Skipped:
    """A task the reader did not accept, and why; `task` is empty for a file-level error."""

    source: str
    reason: SkipReason
    detail: str
    sequence: str = ""
    task: str = ""

    @property
    def code(self) -> ErrorCode:
        return self.reason.code

    def __str__(self) -> str:
        where = "/".join(p for p in (self.source, self.sequence, self.task) if p)
        return f"{where}: {self.reason.value}: {self.detail}"


@dataclass(frozen=True)
class Suite:
    name: str
    sequences: tuple[TaskSequence, ...]
    skipped: tuple[Skipped, ...] = ()
    description: str = ""
    meta: dict = field(default_factory=dict, compare=False)

    def tasks(self) -> list[Task]:
        return [t for s in self.sequences for t in s.tasks]

    def summary(self) -> dict:
        """Counts for a run's report: accepted per category, skipped per reason."""
        return {
            "sequences": len(self.sequences),
            "tasks": len(self.tasks()),
            "per_category": dict(Counter(t.category for t in self.tasks())),
            "skipped": len(self.skipped),
            "skipped_per_reason": dict(Counter(s.reason.value for s in self.skipped)),
        }
