"""Reader for KARMA's ALFRED-L task files, in the form KARMA published them:

    {"SimpleTasks" | "CompositeTasks" | "ComplexTasks": [
        {"FloorPlan": 5, "ID": 3,
         "Goal Condition": "INSIDE(Apple, Fridge): 1, STATE(Apple, Sliced): 1",
         "Instruction": "Put a sliced apple in the fridge."}, ...]}

How it maps to our model (memory_node/sim/tasks/model.py):
- category: SimpleTasks -> simple, CompositeTasks -> composite, ComplexTasks -> complex;
  complex tasks' references are marked vague (KARMA's complex set names objects loosely);
- sequences: the tasks of one category in one floor plan, in file order (they share a
  house, so memory can carry over); ids are `<category>-<ID>`;
- subtasks: the flat goal list is cut where a goal contradicts one before it in the same
  group (`OPEN(Fridge), INSIDE(Apple, Fridge), CLOSED(Fridge)` -> two subtasks checked in
  order), since all goals of one subtask are checked at the same moment.
Quirks of hand-written sets are read as `conditions` says, plus: `"FloorPlan": "FloorPlan5"`
and keys in other cases or spacings (`goal_condition`), a goal list given as a JSON list.
Every task is accepted or skipped with its reason; a broken file is one skip, not an error.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from memory_node.core.skills import SkillTable
from memory_node.sim.tasks.build import RawSubtask, build_task, check_floor_plan
from memory_node.sim.tasks.conditions import parse_condition, split_at_conflicts, split_top_level
from memory_node.sim.tasks.floorplans import floor_plan
from memory_node.sim.tasks.model import (
    MAX_CONDITIONS_PER_SUBTASK,
    MAX_FILE_BYTES,
    MAX_INSTRUCTION_CHARS,
    MAX_TASKS_PER_FILE,
    Skipped,
    SkipReason,
    Suite,
    Task,
    TaskRejected,
    TaskSequence,
)
from memory_node.sim.tasks.vocabulary import Vocabulary, key, load_vocabulary

CATEGORY_KEYS = {"simpletasks": "simple", "compositetasks": "composite",
                 "complextasks": "complex", "simple": "simple", "composite": "composite",
                 "complex": "complex"}
FIELDS = {"floorplan": "FloorPlan", "id": "ID", "goalcondition": "Goal Condition",
          "goalconditions": "Goal Condition", "instruction": "Instruction"}
_FLOOR_PLAN_TEXT = re.compile(r"^\s*(?:FloorPlan)?\s*_?(\d{1,4})\s*$", re.IGNORECASE)


def _fields(entry: Mapping[str, Any], notes: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in entry.items():
        canonical = FIELDS.get(key(str(k)))
        if canonical is None:
            continue                       # extra fields are allowed and ignored
        if canonical != k:
            notes.append(f"field {k!r} read as {canonical!r}")
        out[canonical] = v
    missing = [f for f in ("FloorPlan", "Goal Condition", "Instruction") if f not in out]
    if missing:
        raise TaskRejected(SkipReason.BAD_FORMAT, f"missing {', '.join(missing)}")
    return out


def _floor_plan(value: Any, notes: list[str]) -> int:
    if isinstance(value, str):
        m = _FLOOR_PLAN_TEXT.match(value)
        if not m:
            raise TaskRejected(SkipReason.BAD_FORMAT, f"FloorPlan {value!r} is not a number")
        notes.append(f"FloorPlan {value!r} read as {int(m.group(1))}")
        value = int(m.group(1))
    return check_floor_plan(value)


def _goal_texts(value: Any, notes: list[str]) -> list[str]:
    if isinstance(value, list):
        if not all(isinstance(v, str) for v in value):
            raise TaskRejected(SkipReason.BAD_FORMAT, "Goal Condition list holds non-strings")
        notes.append("Goal Condition given as a list")
        texts = [t for v in value for t in split_top_level(v)]
    elif isinstance(value, str):
        texts = split_top_level(value)
    else:
        raise TaskRejected(SkipReason.BAD_FORMAT, "Goal Condition must be a string")
    if not texts:
        raise TaskRejected(SkipReason.NO_GOALS, "empty Goal Condition")
    if len(texts) > MAX_CONDITIONS_PER_SUBTASK:
        raise TaskRejected(SkipReason.TOO_LARGE, f"{len(texts)} goal conditions (max "
                                                 f"{MAX_CONDITIONS_PER_SUBTASK})")
    return texts


def _task(entry: Any, category: str, index: int, vocab: Vocabulary,
          table: SkillTable | None) -> Task:
    if not isinstance(entry, dict):
        raise TaskRejected(SkipReason.BAD_FORMAT, f"entry {index} is not an object")
    notes: list[str] = []
    f = _fields(entry, notes)
    number = _floor_plan(f["FloorPlan"], notes)
    instruction = f["Instruction"]
    if not isinstance(instruction, str) or not instruction.strip():
        raise TaskRejected(SkipReason.BAD_FORMAT, "Instruction must be a non-empty string")
    if len(instruction) > MAX_INSTRUCTION_CHARS:
        raise TaskRejected(SkipReason.TOO_LARGE, f"Instruction of {len(instruction)} "
                                                 f"characters (max {MAX_INSTRUCTION_CHARS})")
    plan = floor_plan(number)
    parsed = []
    for text in _goal_texts(f["Goal Condition"], notes):
        p = parse_condition(text, vocab, plan, value_expected=True)
        notes.extend(p.notes)
        parsed.append(p.condition)
    groups = split_at_conflicts(parsed)
    if len(groups) > 1:
        notes.append(f"goals split into {len(groups)} subtasks at contradictions, checked "
                     "in order")
    reference = "vague" if category == "complex" else "direct"
    subtasks = [RawSubtask([f"{c.text}: {int(c.expected)}" for c in g], "", reference)
                for g in groups]
    return build_task(task_id=_task_id(category, f.get("ID"), index),
                      instruction=instruction.strip(), category=category, subtasks=subtasks,
                      floor_plan_number=number, seed=None, vocab=vocab, table=table,
                      notes=notes)


def _task_id(category: str, raw_id: Any, index: int) -> str:
    if isinstance(raw_id, int) and not isinstance(raw_id, bool):
        return f"{category}-{raw_id}"
    if isinstance(raw_id, str) and raw_id.strip() and len(raw_id) <= 32:
        return f"{category}-{raw_id.strip()}"
    return f"{category}-#{index}"


def parse_alfred_l(data: Any, source: str = "<data>", vocab: Vocabulary | None = None,
                   table: SkillTable | None = None) -> Suite:
    """ALFRED-L content (already decoded JSON) -> Suite with per-task skips."""
    vocab = vocab or load_vocabulary()
    skipped: list[Skipped] = []
    if not isinstance(data, dict):
        return Suite(Path(source).stem, (), (Skipped(source, SkipReason.BAD_FORMAT,
                                                     "top level is not an object"),))
    groups: dict[tuple[str, int], list[Task]] = {}
    seen_ids: set[str] = set()
    count = 0
    for top_key, entries in data.items():
        category = CATEGORY_KEYS.get(key(str(top_key)))
        if category is None:
            skipped.append(Skipped(source, SkipReason.BAD_FORMAT,
                                   f"unknown list {top_key!r} (expected SimpleTasks, "
                                   "CompositeTasks, ComplexTasks)", sequence=str(top_key)[:64]))
            continue
        if not isinstance(entries, list):
            skipped.append(Skipped(source, SkipReason.BAD_FORMAT, f"{top_key} is not a list",
                                   sequence=str(top_key)[:64]))
            continue
        for i, entry in enumerate(entries):
            count += 1
            raw_id = entry.get("ID") if isinstance(entry, dict) else None
            task_id = _task_id(category, raw_id, i)
            if count > MAX_TASKS_PER_FILE:
                skipped.append(Skipped(source, SkipReason.TOO_LARGE,
                                       f"more than {MAX_TASKS_PER_FILE} tasks in one file",
                                       str(top_key), task_id))
                continue
            try:
                # An id counts once even when its first task was skipped: which of two
                # tasks the file meant is not ours to guess.
                if task_id in seen_ids:
                    raise TaskRejected(SkipReason.DUPLICATE_ID, f"{task_id} appears twice")
                seen_ids.add(task_id)
                task = _task(entry, category, i, vocab, table)
            except TaskRejected as exc:
                skipped.append(Skipped(source, exc.reason, exc.message, str(top_key), task_id))
                continue
            assert task.floor_plan is not None
            groups.setdefault((category, task.floor_plan), []).append(task)
    sequences = tuple(TaskSequence(id=f"{category}-FloorPlan{number}", category=category,
                                   tasks=tuple(tasks), floor_plan=number)
                      for (category, number), tasks in groups.items())
    return Suite(name=Path(source).stem, sequences=sequences, skipped=tuple(skipped),
                 description=f"ALFRED-L file {Path(source).name}")


def read_alfred_l(path: str | Path, vocab: Vocabulary | None = None,
                  table: SkillTable | None = None) -> Suite:
    """Read an ALFRED-L file; never raises on bad content (a broken file is one skip)."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise TaskRejected(SkipReason.BROKEN_FILE, f"{size} bytes (max {MAX_FILE_BYTES})")
        data = json.loads(path.read_text(encoding="utf-8"))
    except TaskRejected as exc:
        return Suite(path.stem, (), (Skipped(str(path), exc.reason, exc.message),))
    except (OSError, UnicodeDecodeError, RecursionError, json.JSONDecodeError) as exc:
        return Suite(path.stem, (), (Skipped(str(path), SkipReason.BROKEN_FILE,
                                             f"{type(exc).__name__}: {exc}"),))
    return parse_alfred_l(data, str(path), vocab, table)
