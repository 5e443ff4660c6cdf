"""Recall per subtask: the planner's default path.

A whole multi-step instruction recalled at once competes for k slots among all its
objects and fixtures; split into the steps a person would name ("wash the mug", "leave
it on the counter"), each step gets its own k. The split is on sentence ends, dashes, and
connectives ("then", "after that"), and on "and"/commas when the next word is mostly a
verb in WordNet and not mainly a thing ("... and put it away", but not "salt and pepper").

:func:`recall_subtasks` recalls every step (optionally with the planner's brief state
appended: what the robot holds and where it is) and merges the steps' units, best score
first, each unit once. Whole-instruction recall (:meth:`Recaller.rank`) stays for one-shot
callers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RankedUnit, Recaller, check_instruction, check_k
from memory_node.core.units import ObjectMemoryUnit

MAX_SUBTASKS = 12
_HARD = re.compile(r"(?:[.!?;:]+\s+|[.!?;:]+$|\s+[-\u2013\u2014]+\s+|\s*\(|\)\s*)")
_SOFT = re.compile(
    r",?\s+(?:and\s+then|then|after\s+that|afterwards|and\s+finally|finally)\s+"
    r"|,?\s+before\s+(?=\w+ing\b)",
    re.IGNORECASE,
)
_AND = re.compile(r"(,\s*and\s+|\s+and\s+|,\s+)(\w+)", re.IGNORECASE)
_FILLER = re.compile(r"^(?:please|so|ok|okay|also|and|then|could\s+you|can\s+you|would\s+you)"
                     r"\s+", re.IGNORECASE)


def _mostly_verb(word: str, lexicon: Lexicon | None) -> bool:
    if lexicon is None or not lexicon.available:
        return False
    w = word.lower()
    # "and put it away" starts a step; "and pepper" does not, however often "pepper" is
    # a verb: a word whose main noun sense is a thing is read as the thing.
    return lexicon.verb_share(w) > 0.5 and not lexicon.is_thing(w)


def split_subtasks(instruction: str, lexicon: Lexicon | None = None) -> list[str]:
    """The instruction's steps, in order (the instruction itself if it has one step)."""
    text = check_instruction(instruction)
    parts: list[str] = []
    for chunk in _HARD.split(text):
        for piece in _SOFT.split(chunk or ""):
            piece = (piece or "").strip(" ,")
            if not piece:
                continue
            # "... and put it away": split before a clause that starts with a verb.
            start = 0
            for m in _AND.finditer(piece):
                if _mostly_verb(m.group(2), lexicon):
                    parts.append(piece[start:m.start()])
                    start = m.start(2)
            parts.append(piece[start:])
    steps = []
    for p in parts:
        p = p.strip(" ,")
        while True:
            q = _FILLER.sub("", p)
            if q == p:
                break
            p = q
        if any(c.isalpha() for c in p):
            steps.append(p)
    if not steps:
        return [text]
    if len(steps) > MAX_SUBTASKS:
        steps = [*steps[:MAX_SUBTASKS - 1], " ".join(steps[MAX_SUBTASKS - 1:])]
    return steps


@dataclass(frozen=True)
class SubtaskRecall:
    steps: list[tuple[str, list[RankedUnit]]]  # each step's text and its own top-k
    units: list[RankedUnit]                    # every step's units, merged, each once

    @property
    def nothing_relevant(self) -> bool:
        return not self.units


def recall_subtasks(
    recaller: Recaller, instruction: str, units: Sequence[ObjectMemoryUnit], k: int, *,
    brief_state: str = "", labels: Mapping[str, str] | None = None,
    area_names: Mapping[str, str] | None = None, units_key: object = None,
) -> SubtaskRecall:
    """Recall each step of ``instruction`` with its own top-``k``; see the module doc."""
    k = check_k(k)
    steps = split_subtasks(instruction, recaller.lexicon)
    brief = brief_state.strip()
    if brief:
        check_instruction(brief, "brief_state")
    out: list[tuple[str, list[RankedUnit]]] = []
    best: dict[str, RankedUnit] = {}
    queries = [f"{step}. {brief}" if brief else step for step in steps]
    # Every step's vector in one model call (each call has a fixed cost); the ranking
    # below finds them in the recaller's query cache.
    recaller.embed_queries(queries)
    for step, query in zip(steps, queries, strict=True):
        ranked = recaller.rank(query, units, k, labels=labels, area_names=area_names,
                               units_key=units_key)
        out.append((step, ranked))
        for r in ranked:
            seen = best.get(r.unit.object_id)
            if seen is None or r.score > seen.score:
                best[r.unit.object_id] = r
    merged = sorted(best.values(), key=lambda r: (-r.score, r.unit.object_id))
    return SubtaskRecall(out, merged)
