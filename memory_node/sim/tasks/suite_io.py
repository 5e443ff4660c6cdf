"""Our task-suite JSON format: read (task by task, with skip reasons) and write.

    {"format": "memory_node-task-suite", "version": 1,
     "name": "karma_style", "description": "...",
     "sequences": [
       {"id": "kitchen1-composite", "category": "composite",
        "floor_plan": 1,                      # or "seed": 7 for a procedural house
        "description": "...",
        "tasks": [
          {"id": "k1c-1", "instruction": "Wash the apple.",
           "reference": "direct",              # optional: direct (default) | vague
           "subtasks": [
             {"goal_conditions": ["STATE(Apple, cleaned)"],
              "instruction": "...",            # optional: the subtask's own words
              "reference": "vague"}]}]}]}      # optional: overrides the task's

A task may repeat `category`, `floor_plan` or `seed`; they must then equal the sequence's
(a sequence runs in one house). Goal conditions use the vocabulary of `conditions`; the
writer emits the canonical form (`PRED(Type, ...)`, `: 0` for a goal that must not hold).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from memory_node.core.skills import SkillTable
from memory_node.sim.tasks.build import RawSubtask, build_task, check_text
from memory_node.sim.tasks.model import (
    MAX_FILE_BYTES,
    MAX_ID_CHARS,
    MAX_SEQUENCES,
    MAX_TASKS_PER_FILE,
    Skipped,
    SkipReason,
    Suite,
    Task,
    TaskRejected,
    TaskSequence,
)
from memory_node.sim.tasks.vocabulary import Vocabulary, load_vocabulary

FORMAT = "memory_node-task-suite"
VERSION = 1


def _id(value: Any, what: str) -> str:
    text = check_text(value, what, MAX_ID_CHARS)
    if not all(ch.isalnum() or ch in "-_." for ch in text):
        raise TaskRejected(SkipReason.BAD_FORMAT, f"{what} {text!r}: letters, digits, - _ . only")
    return text


def _subtasks(raw: Any, task_reference: str) -> list[RawSubtask]:
    if not isinstance(raw, list):
        raise TaskRejected(SkipReason.BAD_FORMAT, "subtasks must be a list")
    out = []
    for i, s in enumerate(raw):
        if not isinstance(s, dict):
            raise TaskRejected(SkipReason.BAD_FORMAT, f"subtask {i} is not an object")
        goals = s.get("goal_conditions")
        if not isinstance(goals, list):
            raise TaskRejected(SkipReason.BAD_FORMAT, f"subtask {i}: goal_conditions must be "
                                                      "a list of strings")
        out.append(RawSubtask(goals, check_text(s.get("instruction"), f"subtask {i} "
                                                "instruction", required=False),
                              str(s.get("reference", task_reference))))
    return out


def _task(raw: Any, seq: dict, vocab: Vocabulary, table: SkillTable | None) -> Task:
    if not isinstance(raw, dict):
        raise TaskRejected(SkipReason.BAD_FORMAT, "a task is an object")
    for field in ("category", "floor_plan", "seed"):
        if field in raw and raw[field] != seq.get(field):
            raise TaskRejected(SkipReason.BAD_FORMAT,
                               f"{field} {raw[field]!r} differs from its sequence's "
                               f"{seq.get(field)!r} (a sequence runs in one house)")
    return build_task(task_id=_id(raw.get("id"), "task id"),
                      instruction=check_text(raw.get("instruction"), "instruction"),
                      category=str(seq.get("category")),
                      subtasks=_subtasks(raw.get("subtasks"), str(raw.get("reference",
                                                                          "direct"))),
                      floor_plan_number=seq.get("floor_plan"), seed=seq.get("seed"),
                      vocab=vocab, table=table)


def parse_suite(data: Any, source: str = "<data>", vocab: Vocabulary | None = None,
                table: SkillTable | None = None) -> Suite:
    """Decoded JSON -> Suite; bad tasks become `Skipped` entries, never exceptions."""
    vocab = vocab or load_vocabulary()
    stem = Path(source).stem

    def broken(detail: str) -> Suite:
        return Suite(stem, (), (Skipped(source, SkipReason.BAD_FORMAT, detail),))

    if not isinstance(data, dict):
        return broken("top level is not an object")
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        return broken(f"format must be {FORMAT!r} version {VERSION}")
    raw_sequences = data.get("sequences")
    if not isinstance(raw_sequences, list):
        return broken("sequences must be a list")
    skipped: list[Skipped] = []
    sequences: list[TaskSequence] = []
    seen: set[str] = set()
    count = 0
    for si, seq in enumerate(raw_sequences[:MAX_SEQUENCES]):
        seq_name = str(seq.get("id", f"#{si}"))[:MAX_ID_CHARS] if isinstance(seq, dict) \
            else f"#{si}"
        if not isinstance(seq, dict) or not isinstance(seq.get("tasks"), list):
            skipped.append(Skipped(source, SkipReason.BAD_FORMAT,
                                   "a sequence is an object with a tasks list", seq_name))
            continue
        tasks: list[Task] = []
        for ti, raw in enumerate(seq["tasks"]):
            count += 1
            task_name = str(raw.get("id", f"#{ti}"))[:MAX_ID_CHARS] if isinstance(raw, dict) \
                else f"#{ti}"
            try:
                if count > MAX_TASKS_PER_FILE:
                    raise TaskRejected(SkipReason.TOO_LARGE,
                                       f"more than {MAX_TASKS_PER_FILE} tasks in one file")
                _id(seq.get("id"), "sequence id")
                if task_name in seen:
                    raise TaskRejected(SkipReason.DUPLICATE_ID, f"task id {task_name} repeats")
                seen.add(task_name)
                task = _task(raw, seq, vocab, table)
            except TaskRejected as exc:
                skipped.append(Skipped(source, exc.reason, exc.message, seq_name, task_name))
                continue
            tasks.append(task)
        if tasks:
            sequences.append(TaskSequence(id=seq_name, category=tasks[0].category,
                                          tasks=tuple(tasks), floor_plan=tasks[0].floor_plan,
                                          seed=tasks[0].seed,
                                          description=str(seq.get("description", ""))[:1000]))
    if len(raw_sequences) > MAX_SEQUENCES:
        skipped.append(Skipped(source, SkipReason.TOO_LARGE,
                               f"{len(raw_sequences) - MAX_SEQUENCES} sequences beyond "
                               f"{MAX_SEQUENCES} not read"))
    return Suite(name=str(data.get("name", stem))[:MAX_ID_CHARS], sequences=tuple(sequences),
                 skipped=tuple(skipped), description=str(data.get("description", ""))[:2000],
                 meta={k: v for k, v in data.items() if k in ("generator",)})


def read_suite(path: str | Path, vocab: Vocabulary | None = None,
               table: SkillTable | None = None) -> Suite:
    """Read a suite file; a broken file is one skip, never an exception."""
    data = load_task_file(path)
    if isinstance(data, Suite):
        return data
    return parse_suite(data, str(path), vocab, table)


def load_task_file(path: str | Path) -> Any:
    """A task file's JSON, or (unreadable, too large, not JSON) a Suite holding that one
    skip: every reader of task files refuses a broken file the same way."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            return Suite(path.stem, (), (Skipped(str(path), SkipReason.BROKEN_FILE,
                                                 f"{size} bytes (max {MAX_FILE_BYTES})"),))
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, RecursionError, json.JSONDecodeError) as exc:
        return Suite(path.stem, (), (Skipped(str(path), SkipReason.BROKEN_FILE,
                                             f"{type(exc).__name__}: {exc}"),))


def suite_to_dict(suite: Suite) -> dict:
    """The suite in our format, goal conditions in canonical form."""
    sequences = []
    for seq in suite.sequences:
        out: dict[str, Any] = {"id": seq.id, "category": seq.category}
        if seq.floor_plan is not None:
            out["floor_plan"] = seq.floor_plan
        if seq.seed is not None:
            out["seed"] = seq.seed
        if seq.description:
            out["description"] = seq.description
        out["tasks"] = [
            {"id": t.id, "instruction": t.instruction,
             "subtasks": [{k: v for k, v in (("instruction", s.instruction),
                                             ("reference", s.reference),
                                             ("goal_conditions", [str(c) for c in s.conditions]))
                           if v} for s in t.subtasks]}
            for t in seq.tasks]
        sequences.append(out)
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "name": suite.name}
    if suite.description:
        data["description"] = suite.description
    data.update(suite.meta)
    data["sequences"] = sequences
    return data


def write_suite(suite: Suite, path: str | Path) -> None:
    Path(path).write_text(json.dumps(suite_to_dict(suite), indent=1) + "\n", encoding="utf-8")
