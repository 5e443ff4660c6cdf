"""Task types and roles: what makes two instructions "the same task" and a skill sequence
reusable for another instance (PlugMem/BrainMem procedures).

An instruction's task type is its words with the object names replaced by role markers,
in order of appearance: "put the washed apple in the fridge" and "put the washed tomato
in the fridge" are both "put washed <1> in <2>" (articles dropped). Which words are
object names comes from the labels memory knows (CamelCase labels match as words:
SinkBasin = "sink basin"). A successful episode's steps become a procedure by the same
replacement of its objects: the instruction's objects by their role, the others (the
sink, the faucet) by their label. Deterministic and model-free.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from memory_node.core.skills import SkillTable

STOP_WORDS = frozenset({"the", "a", "an", "some", "please", "to", "of", "and", "then", "my"})
_WORD = re.compile(r"[a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
ROLE = re.compile(r"^<(\d+)>$")


@functools.lru_cache(maxsize=8192)
def label_words(label: str) -> tuple[str, ...]:
    """"SinkBasin" -> ("sink", "basin"); "Apple" -> ("apple",)."""
    return tuple(_WORD.findall(_CAMEL.sub(" ", label).lower()))


@dataclass(frozen=True)
class TaskType:
    key: str                     # "put washed <1> in <2>"
    roles: tuple[str, ...]       # labels in role order: ("Apple", "Fridge")

    @property
    def words(self) -> frozenset[str]:
        """The words that say what to do (role markers left out: every task has them)."""
        return frozenset(w for w in self.key.split() if not ROLE.match(w))


@dataclass(frozen=True)
class LabelIndex:
    """Label words -> label, for matching an instruction's words (built once per set of
    labels: at robot scale the labels are thousands and a recall asks at every step)."""

    by_words: Mapping[tuple[str, ...], str]
    longest: int


def label_index(labels: Iterable[str]) -> LabelIndex:
    """Full names before one-word short forms ("sink" is the Sink before it is the
    SinkBasin), each in sorted order: the same labels give the same index whatever order
    a set hands them over in (it was the process's string hash order)."""
    by_words: dict[tuple[str, ...], str] = {}
    names = sorted(set(labels))
    for name in names:
        parts = label_words(name)
        if parts:
            by_words.setdefault(parts, name)
    for name in names:
        parts = label_words(name)
        if len(parts) > 1:  # "sink basin" is also called "sink"
            by_words.setdefault(parts[:1], name)
    return LabelIndex(by_words, max((len(k) for k in by_words), default=0))


def task_type(instruction: str, labels: Iterable[str] | LabelIndex) -> TaskType:
    """The instruction's task type given the labels memory knows (or their index)."""
    index = labels if isinstance(labels, LabelIndex) else label_index(labels)
    by_words, longest = index.by_words, index.longest
    words = [w for w in _WORD.findall(instruction.lower()) if w not in STOP_WORDS]
    out: list[str] = []
    roles: list[str] = []
    i = 0
    while i < len(words):
        for n in range(min(longest, len(words) - i), 0, -1):
            key = tuple(words[i:i + n])
            plural = key[:-1] + (key[-1][:-1],) if key[-1].endswith("s") else None
            found = by_words.get(key) or (by_words.get(plural) if plural else None)
            if found is not None:
                if found not in roles:
                    roles.append(found)
                out.append(f"<{roles.index(found) + 1}>")
                i += n
                break
        else:
            out.append(words[i])
            i += 1
    return TaskType(" ".join(out), tuple(roles))


def similarity(a: TaskType, b: TaskType) -> float:
    """Overlap (Jaccard) of the words that say what to do; 1.0 for the same key.
    "heat <1> in <2>" and "make <1> in <2>" share only "in": 1/3."""
    if a.key == b.key:
        return 1.0
    wa, wb = a.words, b.words
    return len(wa & wb) / len(wa | wb) if wa | wb else 0.0


def abstract_step(skill: str, args: Sequence[str], labels: Mapping[str, str],
                  roles: Sequence[str], table: SkillTable) -> str:
    """One step with instance names replaced: objects of the instruction by their role
    (<1>), other objects by their label (<SinkBasin>); areas, labels and relations stay."""
    spec = table[skill]
    out = []
    for i, a in enumerate(args):
        kind = spec.args[i].kind if i < len(spec.args) else "label"
        label = labels.get(a)
        if kind in ("object", "place") and label is not None:
            out.append(f"<{roles.index(label) + 1}>" if label in roles else f"<{label}>")
        elif kind == "label" and a in roles:
            out.append(f"<{roles.index(a) + 1}>")
        else:
            out.append(a)
    return f"{skill}({', '.join(out)})"


def bind(signature: str, roles: Sequence[str]) -> str:
    """A procedure's steps for this instruction: role markers replaced by its labels."""
    def name(match: re.Match[str]) -> str:
        n = int(match.group(1))
        return roles[n - 1] if 0 < n <= len(roles) else match.group(0)
    return re.sub(r"<(\d+)>", name, signature).replace("<", "").replace(">", "")
