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

from memory_node.core.recall.lexical import DETERMINERS
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RankedUnit, Recaller, check_instruction, check_k
from memory_node.core.units import ObjectMemoryUnit

MAX_SUBTASKS = 12
# A clause's verb is among its first words; the bound also keeps a 2,000-character list of
# distinct words from costing a WordNet lookup per word per joint.
CLAUSE_WORDS = 12
_HARD = re.compile(r"(?:[.!?;:]+\s+|[.!?;:]+$|\s+[-\u2013\u2014]+\s+|\s*\(|\)\s*)")
_SOFT = re.compile(
    r",?\s+(?:and\s+then|then|after\s+that|afterwards|and\s+finally|finally)\s+"
    r"|,?\s+before\s+(?=\w+ing\b)",
    re.IGNORECASE,
)
_AND = re.compile(r"(,\s*and\s+|\s+and\s+|,\s+)(\w+)", re.IGNORECASE)
_WORDS = re.compile(r"[A-Za-z]+")
# Where an object goes: a closed class of prepositions, not vocabulary of any data set.
_PLACE = frozenset({"on", "onto", "in", "into", "inside", "under", "beside", "behind"})
_DETERMINERS = DETERMINERS
_FILLER = re.compile(r"^(?:please|so|ok|okay|also|and|then|could\s+you|can\s+you|would\s+you)"
                     r"\s+", re.IGNORECASE)


def _mostly_verb(word: str, lexicon: Lexicon | None) -> bool:
    if lexicon is None or not lexicon.available:
        return False
    w = word.lower()
    # "and put it away" starts a step; "and pepper" does not, however often "pepper" is
    # a verb: a word whose main noun sense is a thing is read as the thing.
    return lexicon.verb_share(w) > 0.5 and not lexicon.is_thing(w)


def _has_verb(text: str, lexicon: Lexicon | None) -> bool:
    """A word mostly used as a verb, not right after a determiner ("on the left" is a
    side, not "leave")."""
    ws = _WORDS.findall(text.lower())[:CLAUSE_WORDS]
    return any(_mostly_verb(w, lexicon) for i, w in enumerate(ws)
               if i == 0 or ws[i - 1] not in _DETERMINERS)


def _two_clauses(left: str, right: str, comma: bool, lexicon: Lexicon | None) -> bool:
    """Two steps joined without a verb after the joint: each side has its own verb ("put
    the wine in the fridge, and the pen goes in a drawer"; "the mug and the plate go in
    the sink" has one), or, after a comma or an "and" that opens a new noun phrase, each
    side says where its own object goes ("remote on the couch, statue on the shelf"; "the
    wine in the fridge and the pencil in a drawer"; "the red mug, the one on the left" and
    "the mug and the plate in the sink" do not)."""
    if _has_verb(left, lexicon) and _has_verb(right, lexicon):
        return True
    return comma and all(
        any(w.lower() in _PLACE for w in _WORDS.findall(side)[1:-1]) for side in (left, right))


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
            joints = list(_AND.finditer(piece))
            for i, m in enumerate(joints):
                end = joints[i + 1].start() if i + 1 < len(joints) else len(piece)
                left, right = piece[start:m.start()], piece[m.start(2):end]
                # Gapping: "put the wine in the fridge and the pencil in a drawer"
                # leaves the second verb out; a determiner starts its object.
                new_phrase = "," in m.group(1) or m.group(2).lower() in _DETERMINERS
                if (_mostly_verb(m.group(2), lexicon)
                        or _two_clauses(left, right, new_phrase, lexicon)):
                    parts.append(left)
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
