"""Checks shared by every reader: a task's goals parse, name objects the floor plan holds,
need only skills of the skill table (and their fixtures), and do not contradict each other
within a subtask. A reader calls `build_task` per task and records a `Skipped` on
`TaskRejected`, so one bad task never stops the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from memory_node.core.skills import SkillTable, load_skill_table
from memory_node.sim.tasks.conditions import first_conflict, parse_condition, types_of
from memory_node.sim.tasks.floorplans import FloorPlan, floor_plan, room_type
from memory_node.sim.tasks.model import (
    CATEGORIES,
    MAX_CONDITIONS_PER_SUBTASK,
    MAX_INSTRUCTION_CHARS,
    MAX_SEED,
    MAX_SUBTASKS,
    REFERENCES,
    GoalCondition,
    SkipReason,
    Subtask,
    Task,
    TaskRejected,
)
from memory_node.sim.tasks.vocabulary import Vocabulary

_STATE_OF = {"TOGGLEON": "on", "TOGGLEOFF": "off", "OPEN": "opened", "CLOSED": "closed"}


@dataclass(frozen=True)
class RawSubtask:
    conditions: Sequence[str]
    instruction: str = ""
    reference: str = "direct"


def skill_for(condition: GoalCondition, table: SkillTable) -> str | None:
    """The skill whose success makes the goal hold, read from the table's effects."""
    p = condition.predicate
    if p in ("ON", "INSIDE"):
        form, value = "place", None
    elif p == "HOLDING":
        form, value = "hold", None
    else:
        form, value = "state", _STATE_OF.get(p) or condition.args[1]
    for spec in table.skills.values():
        if form == "state":
            if spec.state_after and spec.state_after[1] == value:
                return spec.name
            if value == "filled" and spec.effect_param("pour") is not None:
                return spec.name
        elif spec.effect_param(form) is not None:
            return spec.name
    return None


def needed_types(subtask: Subtask, table: SkillTable | None = None
                 ) -> tuple[frozenset[str], ...]:
    """What a subtask needs from memory, as groups of alternative types: each object its
    goals name (`AppleSliced` needs the apple) and one of each fixture group of the skills
    that reach its goals (slicing needs a Knife or a ButterKnife). A runner maps these to
    the world's object ids for MRA's `needed`."""
    table = table or load_skill_table()
    groups: dict[frozenset[str], None] = {}
    for c in subtask.conditions:
        for a in c.object_args:
            groups.setdefault(frozenset({a.removesuffix("Sliced")}), None)
        skill = skill_for(c, table) if c.expected else None
        for g in table.fixtures_for(skill) if skill else ():
            groups.setdefault(frozenset(g), None)
    return tuple(groups)


def check_floor_plan(number: object) -> int:
    if isinstance(number, bool) or not isinstance(number, int):
        raise TaskRejected(SkipReason.BAD_FORMAT, f"floor plan must be an integer, got "
                                                  f"{number!r}")
    if room_type(number) is None:
        raise TaskRejected(SkipReason.UNKNOWN_FLOOR_PLAN,
                           f"FloorPlan{number} is not an AI2-THOR floor plan (1-30, 201-230, "
                           "301-330, 401-430)")
    return number


def check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise TaskRejected(SkipReason.BAD_FORMAT, f"seed must be an integer in 0..{MAX_SEED}, "
                                                  f"got {seed!r}")
    return seed


def check_text(value: object, what: str, limit: int = MAX_INSTRUCTION_CHARS,
               required: bool = True) -> str:
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise TaskRejected(SkipReason.BAD_FORMAT, f"{what} must be a non-empty string")
    if len(value) > limit:
        raise TaskRejected(SkipReason.TOO_LARGE, f"{what} has {len(value)} characters "
                                                 f"(max {limit})")
    return value.strip()


def _check_skills(conditions: Sequence[GoalCondition], table: SkillTable,
                  plan: FloorPlan | None) -> None:
    for c in conditions:
        if not c.expected:
            continue                      # only checked; nothing has to reach it
        skill = skill_for(c, table)
        if skill is None:
            raise TaskRejected(SkipReason.NO_SKILL, f"no skill in the skill table reaches {c}")
        if plan is None:
            continue
        for group in table.fixtures_for(skill):
            if not any(plan.has(t) for t in group):
                raise TaskRejected(SkipReason.ABSENT_OBJECT,
                                   f"{c} needs {skill}, which needs one of {', '.join(group)}; "
                                   f"FloorPlan{plan.number} has none")


def build_task(*, task_id: str, instruction: str, category: str,
               subtasks: Sequence[RawSubtask], floor_plan_number: int | None,
               seed: int | None, vocab: Vocabulary, table: SkillTable | None = None,
               notes: Sequence[str] = ()) -> Task:
    """A checked Task, or TaskRejected saying what is wrong."""
    table = table or load_skill_table()
    if category not in CATEGORIES:
        raise TaskRejected(SkipReason.BAD_FORMAT, f"category {category!r} is not one of "
                                                  f"{', '.join(CATEGORIES)}")
    if floor_plan_number is None and seed is None:
        raise TaskRejected(SkipReason.BAD_FORMAT, "a task needs a floor plan or a seed")
    plan = None
    all_notes = list(notes)
    if floor_plan_number is not None:
        check_floor_plan(floor_plan_number)
        plan = floor_plan(floor_plan_number)
        if plan is None:
            all_notes.append("floor-plan data (alfworld) not installed: object presence "
                             "not checked")
    if seed is not None:
        check_seed(seed)
    if not subtasks:
        raise TaskRejected(SkipReason.NO_GOALS, "no subtasks")
    if len(subtasks) > MAX_SUBTASKS:
        raise TaskRejected(SkipReason.TOO_LARGE, f"{len(subtasks)} subtasks (max "
                                                 f"{MAX_SUBTASKS})")
    built = []
    for i, raw in enumerate(subtasks):
        if raw.reference not in REFERENCES:
            raise TaskRejected(SkipReason.BAD_FORMAT, f"subtask {i}: reference must be one of "
                                                      f"{', '.join(REFERENCES)}")
        if not raw.conditions:
            raise TaskRejected(SkipReason.NO_GOALS, f"subtask {i} has no goal conditions")
        if len(raw.conditions) > MAX_CONDITIONS_PER_SUBTASK:
            raise TaskRejected(SkipReason.TOO_LARGE,
                               f"subtask {i}: {len(raw.conditions)} goal conditions (max "
                               f"{MAX_CONDITIONS_PER_SUBTASK})")
        conditions: list[GoalCondition] = []
        for text in raw.conditions:
            parsed = parse_condition(text, vocab, plan)
            all_notes.extend(parsed.notes)
            why = first_conflict(conditions, parsed.condition)
            if why:
                raise TaskRejected(SkipReason.CONTRADICTORY_GOALS,
                                   f"subtask {i} wants {why} at the same moment")
            if parsed.condition not in conditions:
                conditions.append(parsed.condition)
        if plan is not None:
            absent = sorted(t for t in types_of(conditions) if not plan.has(t))
            if absent:
                raise TaskRejected(SkipReason.ABSENT_OBJECT,
                                   f"FloorPlan{plan.number} has no {', '.join(absent)}")
        _check_skills(conditions, table, plan)
        built.append(Subtask(tuple(conditions), raw.instruction, raw.reference))
    return Task(id=task_id, instruction=instruction, category=category, subtasks=tuple(built),
                floor_plan=floor_plan_number, seed=seed, notes=tuple(dict.fromkeys(all_notes)))
