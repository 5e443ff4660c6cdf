"""What a task file may say, mapped to the one vocabulary of the goal checker and planner.

Loaded from `config/task_vocabulary.yaml` (predicate aliases, one-argument state
predicates, state words, everyday object names) and checked against the skill table: the
canonical state values are the `state` effects of `config/skills.yaml`, so a goal such as
STATE(Mug, cleaned) always has a skill that reaches it. Known object types are those of
`config/object_categories.yaml` plus every type the name table maps to, plus (when a floor
plan is given) the types that floor plan lists.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from memory_node.core.config_files import load_yaml
from memory_node.core.skills import SkillTable, load_skill_table

CONFIG_DIR = Path(__file__).resolve().parents[3] / "config"
SLICED_SUFFIX = "Sliced"
_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_CAMEL = re.compile(r"^[A-Z][A-Za-z0-9]*$")


def key(word: str) -> str:
    """Lookup key: lower case, letters and digits only ('Toggle_On' -> 'toggleon')."""
    return _NON_ALNUM.sub("", word.lower())


@dataclass(frozen=True)
class Vocabulary:
    arity: Mapping[str, int]                       # canonical predicate -> arguments
    predicate_aliases: Mapping[str, str | None]    # key -> canonical (None: refused)
    state_predicates: Mapping[str, str]            # key -> canonical state
    one_argument_forms: Mapping[str, str]          # key -> canonical predicate
    state_aliases: Mapping[str, str]               # key -> canonical state
    objects: Mapping[str, tuple[str, ...]]         # key -> AI2-THOR types, preferred first
    types: frozenset[str]                          # known AI2-THOR types
    in_receptacles: frozenset[str]                 # types things go INSIDE (rest: ON)
    states: frozenset[str]                         # canonical state values (skill effects)

    def predicate(self, word: str) -> str | None:
        """Canonical name of a predicate word, or None when unknown or refused."""
        k = key(word)
        upper = k.upper()
        if upper in self.arity:
            return upper
        return self.predicate_aliases.get(k.upper())

    def state(self, word: str) -> str | None:
        return self.state_aliases.get(key(word))

    def relation(self, receptacle_type: str) -> str:
        return "INSIDE" if receptacle_type in self.in_receptacles else "ON"

    def resolve_object(self, name: str, present: Collection[str] | None = None
                       ) -> tuple[str | None, str]:
        """(AI2-THOR type or None, how it was found) for an object name.

        `present` is the set of types a floor plan holds: among a name's candidates the
        first present one wins. An exact type spelled as one (`Cup`) is taken as it is,
        even when absent (absence is the caller's skip reason, not a licence to swap).
        """
        sliced, base = _split_sliced(name.strip())
        found, how = self._resolve_base(base, present)
        if found is None:
            return None, how
        return (found + SLICED_SUFFIX if sliced else found), how

    def _resolve_base(self, raw: str, present: Collection[str] | None) -> tuple[str | None, str]:
        if _CAMEL.match(raw) and raw in self.types:
            return raw, "type"
        if present is not None and _CAMEL.match(raw) and raw in present:
            return raw, "type"
        k = key(raw)
        for candidate_key in _keys(raw, k):
            candidates = self.objects.get(candidate_key)
            if candidates:
                if present is not None:
                    for t in candidates:
                        if t in present:
                            return t, "name table"
                return candidates[0], "name table"
            for t in self.types | frozenset(present or ()):
                if key(t) == candidate_key:
                    return t, "type (case)"
        return None, "unknown"


def _keys(raw: str, k: str) -> list[str]:
    """The key, then singular guesses ('knives' -> 'knife', 'boxes' -> 'box'); a guess
    counts only if it names something, so a wrong one is harmless."""
    out = [k]
    for plural, single in (("ives", "ife"), ("ies", "y"), ("es", ""), ("s", "")):
        if k.endswith(plural) and len(k) > len(plural) + 1:
            out.append(k[: -len(plural)] + single)
    return out


_SLICED_FORMS = (
    re.compile(r"^(?P<x>.+?)[\s_-]*sliced$", re.IGNORECASE),        # AppleSliced, apple_sliced
    re.compile(r"^sliced[\s_-]+(?P<x>.+)$", re.IGNORECASE),         # sliced apple
    re.compile(r"^(?P<x>.+?)[\s_-]+slices?$", re.IGNORECASE),       # apple slice(s)
)


def _split_sliced(raw: str) -> tuple[bool, str]:
    for form in _SLICED_FORMS:
        m = form.match(raw)
        if m:
            return True, m.group("x").strip()
    return False, raw


def _str_map(data: Any, what: str, source: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(f"{source}: {what} must be a mapping")  # noqa: TRY004 - load errors are ValueError
    return data


def parse_vocabulary(data: Any, categories: Any, table: SkillTable,
                     source: str = "<dict>") -> Vocabulary:
    data = _str_map(data, "the vocabulary", source)
    arity = {str(p).upper(): int(n) for p, n in _str_map(data.get("predicates"), "predicates",
                                                            source).items()}
    if not arity or any(n not in (1, 2) for n in arity.values()):
        raise ValueError(f"{source}: predicates take one or two arguments")
    aliases: dict[str, str | None] = {}
    for a, p in _str_map(data.get("predicate_aliases") or {}, "predicate_aliases",
                         source).items():
        if p is not None and str(p).upper() not in arity:
            raise ValueError(f"{source}: alias {a} names unknown predicate {p}")
        aliases[key(str(a)).upper()] = None if p is None else str(p).upper()
    effect_states = {spec.state_after[1] for spec in table.skills.values() if spec.state_after}
    if any(spec.effect_param("pour") for spec in table.skills.values()):
        effect_states.add("filled")
    state_aliases = {key(str(w)): str(s) for w, s in
                     _str_map(data.get("state_aliases") or {}, "state_aliases", source).items()}
    for word, s in state_aliases.items():
        if s not in effect_states:
            raise ValueError(f"{source}: state {word} -> {s}, which no skill's effect reaches")
    state_preds = {key(str(w)).upper(): str(s) for w, s in
                   _str_map(data.get("state_predicates") or {}, "state_predicates",
                            source).items()}
    for word, s in state_preds.items():
        if s not in effect_states:
            raise ValueError(f"{source}: state predicate {word} -> {s}, which no skill reaches")
    forms = {key(str(w)).upper(): str(p).upper() for w, p in
             _str_map(data.get("one_argument_forms") or {}, "one_argument_forms",
                      source).items()}
    if any(p not in arity or arity[p] != 1 for p in forms.values()):
        raise ValueError(f"{source}: one_argument_forms must name one-argument predicates")
    categories = _str_map(categories, "the category table", source)
    types = {str(t) for t in _str_map(categories.get("types"), "types", source)}
    objects: dict[str, tuple[str, ...]] = {}
    for name, targets in _str_map(data.get("objects") or {}, "objects", source).items():
        if not isinstance(targets, list) or not targets or \
                not all(isinstance(t, str) and _CAMEL.match(t) for t in targets):
            raise ValueError(f"{source}: object {name}: a list of AI2-THOR type names")
        objects[key(str(name))] = tuple(targets)
        types.update(targets)
    return Vocabulary(arity=arity, predicate_aliases=aliases, state_predicates=state_preds,
                      one_argument_forms=forms, state_aliases=state_aliases, objects=objects,
                      types=frozenset(types),
                      in_receptacles=frozenset(str(t) for t in
                                               categories.get("in_receptacles") or []),
                      states=frozenset(effect_states))


@lru_cache(maxsize=4)
def _load(path: str, categories_path: str) -> Vocabulary:
    with open(path, encoding="utf-8") as fh:
        data = load_yaml(fh)
    with open(categories_path, encoding="utf-8") as fh:
        categories = load_yaml(fh)
    return parse_vocabulary(data, categories, load_skill_table(), path)


def load_vocabulary(path: str | Path | None = None,
                    categories_path: str | Path | None = None) -> Vocabulary:
    """The vocabulary at `path` (default config/task_vocabulary.yaml), parsed once."""
    return _load(str(path or CONFIG_DIR / "task_vocabulary.yaml"),
                 str(categories_path or CONFIG_DIR / "object_categories.yaml"))
