"""Recall: an instruction -> the memory units that matter, ranked, plus a context block.

Three modes, so the benchmark can tell what each ingredient buys:

* `type_only` — KARMA's released code: embed only the object type name, return exactly
  one unit (the nearest), whatever k is and however weak the match.
* `unit_text` — cosine similarity between the instruction and the full unit description.
* `hybrid` (default) — that cosine plus exact matches of label, category, colour, size,
  state and place words (lemmatised), with a minimum score so that "nothing relevant" is
  an answer (an empty list) rather than the least-bad unit.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from memory_node.core.recall.categories import type_key
from memory_node.core.recall.context import ContextBlock, SceneGraphSource, assemble_context
from memory_node.core.recall.describe import Describer, UnitDescription
from memory_node.core.recall.embedder import Embedder, EmbeddingCache
from memory_node.core.recall.embedding_store import EmbeddingStore
from memory_node.core.recall.implied import implied_types
from memory_node.core.recall.lexical import STATE_SYNONYMS, words
from memory_node.core.recall.lexicon import Lexicon, shared_lexicon
from memory_node.core.recall.names import (
    FULL,
    LabelTerms,
    QueryTerms,
    asks_for_many,
    label_terms,
    name_match,
    query_terms,
)
from memory_node.core.skills import SkillTable, load_skill_table
from memory_node.core.units import ObjectMemoryUnit

MODES = ("type_only", "unit_text", "hybrid")
MAX_INSTRUCTION_CHARS = 2000
MAX_K = 1000
MAX_TOKEN_BUDGET = 100_000
_SIZE_WORDS = {"small": "small", "little": "small", "tiny": "small", "medium": "medium",
               "large": "large", "big": "large", "huge": "large"}


@dataclass(frozen=True)
class RecallConfig:
    mode: str = "hybrid"
    label_weight: float = 0.6        # the type named outright: the strongest evidence
    category_weight: float = 0.25    # "the food": a category is nearly as specific as a type
    attribute_weight: float = 0.1    # per matched colour/size/state word
    attribute_cap: int = 4
    place_weight: float = 0.05       # "the mug in the cabinet": weak, places are shared
    fixture_weight: float = 0.6      # a fixture the instruction's skill needs ("wash": sink)
    min_score: float = 0.5           # hybrid: below this a unit is not relevant, unless named
    max_per_type: int = 1            # diversity: units of one type in the top-k, unless the
                                     # instruction asks for the type in the plural
    use_lexicon: bool = True         # WordNet names/verbs (falls back to plain lemmas)
    min_cosine: float = 0.3          # unit_text: same role, cosine only
    unit_share: float = 0.7          # of the token budget, when a scene graph is given

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"mode {self.mode!r} is not one of {', '.join(MODES)}")


@dataclass(frozen=True)
class RankedUnit:
    unit: ObjectMemoryUnit
    description: UnitDescription
    score: float
    cosine: float
    lexical: float
    matched: tuple[str, ...]  # the instruction words that hit this unit, for explanations
    named: bool = False       # the instruction names this unit's type outright (no floor)


@dataclass(frozen=True)
class RecallResult:
    units: list[RankedUnit]
    context: ContextBlock
    mode: str
    elapsed_s: float = 0.0
    candidates: int = 0

    @property
    def nothing_relevant(self) -> bool:
        return not self.units

    @property
    def token_count(self) -> int:
        return self.context.token_count


@dataclass
class _UnitEntry:
    fingerprint: tuple
    description: UnitDescription
    label_words: list[str]
    attribute_words: frozenset[str]
    place_words: frozenset[str]


def check_instruction(instruction: object, what: str = "instruction") -> str:
    if not isinstance(instruction, str):
        raise ValueError(f"{what} must be a string, got {type(instruction).__name__}")  # noqa: TRY004 - callers map ValueError to a rejected request
    text = instruction.strip()
    if not text:
        raise ValueError(f"{what} is empty")
    if len(text) > MAX_INSTRUCTION_CHARS:
        raise ValueError(f"{what} is {len(text)} characters long "
                         f"(max {MAX_INSTRUCTION_CHARS})")
    return text


def _check_int_in(name: str, value: object, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer, got {value!r}")  # noqa: TRY004 - callers map ValueError to a rejected request
    if not 1 <= value <= high:
        raise ValueError(f"{name} must be in [1, {high}], got {value}")
    return value


def check_k(k: object) -> int:
    return _check_int_in("k", k, MAX_K)


def check_budget(token_budget: object) -> int:
    return _check_int_in("token_budget", token_budget, MAX_TOKEN_BUDGET)


def _fingerprint(unit: ObjectMemoryUnit) -> tuple:
    # Everything `content` depends on; the JPEG by length and tail (see Describer.colour).
    return (unit.label, unit.state, unit.area_id, unit.receptacle_id, unit.relation,
            tuple(sorted(unit.attributes.items())), len(unit.image_jpeg),
            bytes(unit.image_jpeg[-256:]))


class Recaller:
    """Ranks memory units for an instruction. One instance per memory server; it caches
    unit descriptions and embeddings, so pass the same object across calls."""

    def __init__(self, embedder: Embedder, describer: Describer | None = None,
                 config: RecallConfig | None = None, *, lexicon: Lexicon | None = None,
                 skills: SkillTable | None = None,
                 embedding_store: EmbeddingStore | None = None) -> None:
        self.embedder = embedder
        self.describer = describer or Describer()
        self.config = config or RecallConfig()
        if lexicon is None and self.config.use_lexicon:
            lexicon = shared_lexicon()
            # WordNet takes seconds to index: start now, so a server's first recall does not
            # pay it all (lookups wait for the load; results never depend on timing).
            threading.Thread(target=lexicon.load, name="wordnet-load", daemon=True).start()
        self.lexicon = lexicon
        self.skills = skills if skills is not None else load_skill_table()
        self._label_terms: dict[str, LabelTerms] = {}
        # Unit vectors persist in SQLite when a store is given (a restart loads, not embeds).
        self.unit_cache = EmbeddingCache(embedder, store=embedding_store)
        self.type_cache = EmbeddingCache(embedder)
        self._entries: dict[str, _UnitEntry] = {}
        self._query_cache: dict[str, np.ndarray] = {}

    # -- descriptions -------------------------------------------------------------
    def entry(self, unit: ObjectMemoryUnit, labels: Mapping[str, str],
              area_names: Mapping[str, str] | None) -> _UnitEntry:
        fp = _fingerprint(unit)
        cached = self._entries.get(unit.object_id)
        if cached is not None and cached.fingerprint == fp:
            return cached
        d = self.describer.describe(unit, labels=labels, area_names=area_names)
        attribute_words = {"category:" + c for c in d.categories}
        attribute_words.update(w for w in (d.colour, d.size) if w)
        if d.state not in ("", "none"):
            attribute_words.add("state:" + d.state)
        place_words = set(words(d.area)) | set(words(d.receptacle))
        e = _UnitEntry(fp, d, words(d.type_name), frozenset(attribute_words),
                       frozenset(place_words))
        self._entries[unit.object_id] = e
        return e

    def forget(self, object_id: str) -> None:
        """Drop what is cached about one object (it was evicted or removed)."""
        self._entries.pop(object_id, None)
        self.unit_cache.forget(object_id)

    def retain(self, object_ids: set[str]) -> int:
        """Forget every cached object not in `object_ids`; returns how many were dropped.

        Removals reach no listener, so the owner prunes against the live ids from time to
        time instead of letting the caches grow with every object ever seen.
        """
        stale = [oid for oid in self._entries if oid not in object_ids]
        for oid in stale:
            self.forget(oid)
        return len(stale)

    def cached_units(self) -> int:
        return len(self._entries)

    def describe(self, unit: ObjectMemoryUnit, now: float | None = None,
                 labels: Mapping[str, str] | None = None) -> UnitDescription:
        """Fresh description with the recency tail computed at `now`."""
        return self.describer.describe(unit, labels=labels, now=now)

    def embed_query(self, text: str) -> np.ndarray:
        vec = self._query_cache.get(text)
        if vec is None:
            vec = self.embedder.embed_one(text)
            if len(self._query_cache) > 1024:
                self._query_cache.clear()
            self._query_cache[text] = vec
        return vec

    # -- ranking --------------------------------------------------------------------
    def score_all(
        self, instruction: str, units: Sequence[ObjectMemoryUnit], *, mode: str | None = None,
        labels: Mapping[str, str] | None = None, area_names: Mapping[str, str] | None = None,
    ) -> list[RankedUnit]:
        """Every unit with its score, best first, no threshold and no k."""
        instruction = check_instruction(instruction)
        mode = mode or self.config.mode
        if mode not in MODES:
            raise ValueError(f"mode {mode!r} is not one of {', '.join(MODES)}")
        if not units:
            return []
        all_labels = {u.object_id: u.label for u in units}
        if labels:
            all_labels.update(labels)
        entries = [self.entry(u, all_labels, area_names) for u in units]
        query = self.embed_query(instruction)
        if mode == "type_only":
            vecs = self.type_cache.get_many([(u.label, e.description.type_name)
                                             for u, e in zip(units, entries, strict=True)])
        else:
            vecs = self.unit_cache.get_many([(u.object_id, e.description.content)
                                             for u, e in zip(units, entries, strict=True)])
        cosines = vecs @ query
        if mode != "hybrid":
            lexical: list[tuple[float, tuple[str, ...], bool]] = [(0.0, (), False)] * len(units)
        else:
            lexical = self._lexical_all(instruction, entries)
        ranked = [
            RankedUnit(u, e.description, float(c) + lx, float(c), lx, hits, named)
            for u, e, c, (lx, hits, named) in zip(units, entries, cosines, lexical,
                                                   strict=True)
        ]
        ranked.sort(key=lambda r: (-r.score, r.unit.object_id))
        return ranked

    def _lexicon(self) -> Lexicon | None:
        lex = self.lexicon
        return lex if lex is not None and self.config.use_lexicon and lex.available else None

    def terms_for(self, type_name: str) -> LabelTerms:
        t = self._label_terms.get(type_name)
        if t is None:
            if len(self._label_terms) > 10_000:
                self._label_terms.clear()
            t = self._label_terms[type_name] = label_terms(type_name, self._lexicon())
        return t

    def query(self, instruction: str) -> QueryTerms:
        return query_terms(instruction, self._lexicon())

    def _lexical_all(self, instruction: str, entries: Sequence[_UnitEntry]
                     ) -> list[tuple[float, tuple[str, ...], bool]]:
        cfg = self.config
        lex = self._lexicon()
        q = query_terms(instruction, lex)
        iw = words(instruction)
        iset = set(iw) | q.token_set
        attr_query = set(iset)
        attr_query.update("category:" + w for w in iset)
        attr_query.update("state:" + STATE_SYNONYMS[w] for w in iset if w in STATE_SYNONYMS)
        attr_query.update(_SIZE_WORDS[w] for w in iset if w in _SIZE_WORDS)
        lowered = instruction.lower()
        names: dict[str, float] = {}  # type name -> how directly the instruction names it
        for e in entries:
            t = e.description.type_name
            if t not in names:
                names[t] = name_match(self.terms_for(t), q)
        implied = implied_types(instruction, self.skills, lex, names,
                                [type_key(t) for t, m in names.items() if m])
        out = []
        for e in entries:
            hits: list[str] = []
            terms = self.terms_for(e.description.type_name)
            if e.description.object_id.lower() in lowered:
                label = FULL
            else:
                label = names[e.description.type_name]
            if label:
                hits.append(" ".join(terms.words))
            fixture = 0.0
            if label < FULL and type_key(e.description.type_name) in implied:
                fixture = cfg.fixture_weight
                hits.append("needed by " + implied[type_key(e.description.type_name)])
            attr = e.attribute_words & attr_query
            hits.extend(sorted(a.split(":")[-1] for a in attr))
            categories = sum(a.startswith("category:") for a in attr)
            place = e.place_words & iset
            score = (cfg.label_weight * label
                     + fixture
                     + cfg.category_weight * min(1, categories)
                     + cfg.attribute_weight * min(cfg.attribute_cap, len(attr) - categories)
                     + cfg.place_weight * len(place))
            out.append((score, tuple(hits), label >= FULL))
        return out

    def rank(
        self, instruction: str, units: Sequence[ObjectMemoryUnit], k: int, *,
        mode: str | None = None, labels: Mapping[str, str] | None = None,
        area_names: Mapping[str, str] | None = None,
    ) -> list[RankedUnit]:
        """Top-k relevant units (may be empty in hybrid and unit_text modes)."""
        k = check_k(k)
        mode = mode or self.config.mode
        ranked = self.score_all(instruction, units, mode=mode, labels=labels,
                                area_names=area_names)
        if mode == "type_only":
            return ranked[:1]
        floor = self.config.min_score if mode == "hybrid" else self.config.min_cosine
        return self.select(instruction, ranked, k, floor)

    def select(self, instruction: str, ranked: Sequence[RankedUnit], k: int,
               floor: float) -> list[RankedUnit]:
        """Top-k of ``ranked`` above ``floor`` (an object named outright is never cut), at
        most ``max_per_type`` units of one type unless the type is asked in the plural."""
        cap = self.config.max_per_type
        q = self.query(instruction) if cap > 0 else None
        per_type: Counter[str] = Counter()
        many: dict[str, bool] = {}
        out: list[RankedUnit] = []
        lowered = instruction.lower()
        for r in ranked:
            if r.score < floor and not r.named:
                continue
            # An object asked for by its id is never crowded out by one of its type.
            if q is not None and r.unit.object_id.lower() not in lowered:
                t = type_key(r.unit.label)
                if per_type[t] >= cap:
                    if t not in many:
                        many[t] = asks_for_many(self.terms_for(r.description.type_name), q)
                    if not many[t]:
                        continue
                per_type[t] += 1
            out.append(r)
            if len(out) >= k:
                break
        return out

    def recall(
        self, instruction: str, units: Sequence[ObjectMemoryUnit], k: int, token_budget: int,
        *, scene_graph: SceneGraphSource = None, mode: str | None = None,
        labels: Mapping[str, str] | None = None, area_names: Mapping[str, str] | None = None,
        now: float | None = None,
    ) -> RecallResult:
        """Ranked units and one context block of at most `token_budget` tokens."""
        start = time.perf_counter()
        check_budget(token_budget)
        mode = mode or self.config.mode
        ranked = self.rank(instruction, units, k, mode=mode, labels=labels,
                           area_names=area_names)
        block = self.context_for(ranked, token_budget, scene_graph=scene_graph, now=now,
                                 labels=labels)
        return RecallResult(ranked, block, mode, time.perf_counter() - start, len(units))

    def context_for(
        self, ranked: Sequence[RankedUnit], token_budget: int, *,
        scene_graph: SceneGraphSource = None, now: float | None = None,
        labels: Mapping[str, str] | None = None,
    ) -> ContextBlock:
        now = time.time() if now is None else now
        lab = {r.unit.object_id: r.unit.label for r in ranked}
        lab.update(labels or {})
        lines = [(r.unit.object_id, self.describer.describe(r.unit, labels=lab, now=now).text)
                 for r in ranked]
        relevant_labels = sorted({r.unit.label for r in ranked})
        relevant_areas = sorted({r.unit.area_id for r in ranked if r.unit.area_id})
        return assemble_context(lines, token_budget, scene_graph=scene_graph,
                                labels=relevant_labels, areas=relevant_areas,
                                unit_share=self.config.unit_share)

