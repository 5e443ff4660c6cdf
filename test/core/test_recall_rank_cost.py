"""Round 20 (issue 11, part 4): what made the ranking stage's tail at 10,000 units.

The server's ranking CPU per request was ~3 ms at the median and up to ~25 ms on the
requests that used a verb for the first time (bench/README_recall.md, round 20): the
tools of a verb (``Lexicon.verb_tools``) compiled one regular expression per (verb sense,
kind) pair, dozens for a verb such as "move" or "place". The match is now done without
compiling a pattern; the answers are those of the pattern, for every verb WordNet has.
And the first step of the first episode parsed the skill precondition table (YAML).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_seeds import pinned_seed
from wordnet_data import needs_wordnet

from memory_node.core import recall_memory
from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.recall import lexicon as lexicon_module
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import CONTACT, Lexicon, done_with
from memory_node.core.recall_memory import RecallMemory, brief_from_fields
from memory_node.core.units import ObjectMemoryUnit as Unit


def _by_pattern(parents: list[str], name: str, definition: str) -> bool:
    pattern = lexicon_module._TOOL_DEFINITION.format(
        parents="|".join(re.escape(p) for p in parents), name=name)
    return re.match(pattern, definition) is not None


@pytest.mark.parametrize(("parents", "name", "definition", "expected"), [
    (["wipe"], "sponge", "wipe with a sponge", True),
    (["wipe"], "sponge", "wipe with a damp sponge", True),
    (["wipe"], "sponge", "wipe clean with an old sponge, so", True),
    (["wipe"], "sponge", "wipe with a sponges", False),        # no word boundary
    (["wipe"], "sponge", "wipe with a sponge_x", False),       # "_" is a word character
    (["wipe"], "sponge", "wipe with a sponge-like cloth", True),
    (["wipe"], "sponge", "wipe gently and with a sponge", False),  # two words between
    (["wipe"], "sponge", "to wipe with a sponge", False),      # from the start only
    (["clean", "cleanse"], "brush", "cleanse with a brush", True),
    (["clean"], "brush", "clean with with a brush", True),     # the optional word is "with"
    (["clean"], "brush", "cleanwith a brush", False),
    ([""], "tap", " with a tap", True),                       # an empty alternative
    (["cut"], "tap", "cut a thread with a tap", False),
])
def test_done_with_reads_as_the_pattern(parents: list[str], name: str, definition: str,
                                        expected: bool) -> None:
    assert _by_pattern(parents, name, definition) is expected
    assert done_with(parents, name, definition) is expected


_WORDS = st.sampled_from(["wipe", "with", "a", "an", "sponge", "brush", "clean", "x_y",
                          "damp", "spongé", "é", "9", "", "-", "sponge9"])


@pinned_seed
@settings(max_examples=400, deadline=None, derandomize=True)
@given(parents=st.lists(_WORDS, min_size=1, max_size=3), name=_WORDS.filter(str.isalpha),
       words=st.lists(_WORDS, max_size=7), joiner=st.sampled_from([" ", "", "  ", ","]))
def test_done_with_agrees_with_the_pattern_on_generated_text(
        parents: list[str], name: str, words: list[str], joiner: str) -> None:
    definition = joiner.join(words)
    assert done_with(parents, name, definition) == _by_pattern(parents, name, definition)


@needs_wordnet
def test_done_with_agrees_with_the_pattern_on_every_verb_kind_in_wordnet(lex: Lexicon) -> None:
    """Every verb sense of WordNet's data file, each kind of it in the contact field, each
    of the kind's names: the function and the pattern answer alike (~1,500 kinds)."""
    assert lex.load()
    checked = found = 0
    with open(lex.root / "data.verb", "rb") as fh:  # type: ignore[operator]
        offsets = [int(line.split(b" ", 1)[0]) for line in fh if not line.startswith(b" ")]
    for offset in offsets:
        sense = lex._verb_line(offset)
        assert sense is not None
        names, _, kinds = sense
        for kind in kinds:
            line = lex._verb_line(kind)
            assert line is not None
            kind_names, (field, definition), _ = line
            if field != CONTACT:
                continue
            for name in kind_names:
                if name.isalpha():
                    ours = done_with(names, name, definition)
                    assert ours == _by_pattern(list(names), name, definition), \
                        (names, name, definition)
                    checked += 1
                    found += ours
    assert checked > 1000 and found > 20


@needs_wordnet
def test_a_verbs_tools_compile_no_pattern(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first use of a verb with many kinds compiles no regular expression (before:
    one per kind of each of its senses, ~70 for "place")."""
    lex = Lexicon()
    assert lex.verb_tools("wipe")  # every fixed pattern of the path compiled once
    compiled: list[object] = []
    compile_ = re._compiler.compile  # type: ignore[attr-defined]

    def counting(p: object, flags: int = 0) -> object:
        compiled.append(p)
        return compile_(p, flags)

    monkeypatch.setattr(re._compiler, "compile", counting)  # type: ignore[attr-defined]
    tools = lex.verb_tools("place") | lex.verb_tools("move") | lex.verb_tools("clean")
    assert "brush" in tools
    assert compiled == []


def test_the_first_step_after_the_preload_parses_no_rule_table(
        tmp_path: Path, embedder: Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    """The skill precondition table is parsed at start-up (the preload), not by the first
    step of the first episode: that YAML parse (~5 ms quiet) was the p99 of the step_pool
    requests' snapshot stage over DDS (round 20's quiet baseline: 4.9 ms against 20 us)."""
    m = Memory(MemorySettings(memory_dir=str(tmp_path), durability="normal",
                              short_term=ShortTermSettings(capacity=50)))
    try:
        m.recall = RecallMemory(m.short_term, m.recall.settings, embedder=embedder)
        m.upsert_object(Unit("Apple_1", "Apple", (1, 0.9, 1), area_id="kitchen"))
        m.upsert_object(Unit("Fridge_1", "Fridge", (3, 0, 1), state="closed",
                             area_id="kitchen"))
        m.recall.preload()
        parsed: list[object] = []
        load_rules = recall_memory.load_rules
        monkeypatch.setattr(recall_memory, "load_rules",
                            lambda *a: parsed.append(a) or load_rules(*a))
        answer = m.recall.recall("put the apple in the fridge", 3, 200, "ep1",
                                 brief_from_fields("open the fridge", robot_area="kitchen"))
        assert answer.kind == "step_pool" and answer.units
        assert parsed == []
    finally:
        m.close()


_TYPES = ["scrub brush", "bed", "laptop", "desk lamp", "sink", "toilet paper hanger",
          "coffee machine", "garbage can", "window", "piano", "dish sponge", "counter top",
          "countertop", "pan", "bathtub", "shower curtain", "arm chair", "armchair", "sofa"]
_PARTS = ["bristle", "mattress", "keyboard", "pane", "handle", "shelf", "drawer", "blade",
          "tomato", "leg", "cushion", "screen", "lid", "faucet", "basin", "key", "wheel"]


@needs_wordnet
def test_is_whole_answers_as_the_hypernym_walk(lex: Lexicon) -> None:
    """A part word's wholes against each type: the per-sense hypernym set answers as the
    walk up the data lines did, for every pair here."""
    checked = 0
    for part in _PARTS:
        wholes = lex.part_wholes(part)
        for phrase in _TYPES:
            senses = lex._physical_senses(phrase.replace(" ", "_"))
            if not senses or not wholes:
                continue
            walked = senses[0].offset in wholes or bool(
                lex._has_hypernym(senses[0].offset, set(wholes)))
            assert lex.is_whole(phrase, wholes) == walked, (part, phrase)
            checked += 1
    assert checked > 50
    assert lex.is_whole("scrub brush", lex.part_wholes("bristle"))
    assert lex.is_whole("laptop", lex.part_wholes("keyboard"))


@needs_wordnet
def test_a_part_word_reads_no_data_line_for_the_types_warmed_at_start(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """After the start-up warm-up of the types' hypernyms, a part word said in a request
    checks every type by a set intersection: no WordNet data line is read per type
    (before: each type's hypernyms walked again for each new part word)."""
    lex = Lexicon()
    lex.warm_kinds(_TYPES)
    wholes = {p: lex.part_wholes(p) for p in _PARTS}
    for phrase in _TYPES:
        lex._physical_senses(phrase.replace(" ", "_"))
    lines: list[tuple[str, int]] = []
    data_line = lex._data_line

    def counting(pos: str, offset: int) -> str | None:
        lines.append((pos, offset))
        return data_line(pos, offset)

    monkeypatch.setattr(lex, "_data_line", counting)
    found = [(p, t) for p in _PARTS for t in _TYPES if lex.is_whole(t, wholes[p])]
    assert ("bristle", "scrub brush") in found
    assert lines == []


@needs_wordnet
def test_the_preload_builds_every_types_hypernyms(embedder: Embedder) -> None:
    """Recaller.preload (a server's start) builds the hypernym sets of the types in
    memory, so a request's part word only intersects them."""
    from memory_node.core.recall.recall import Recaller

    lex = Lexicon()
    recaller = Recaller(embedder, lexicon=lex)
    units = [Unit(f"{t.replace(' ', '')}_{i}", t.title().replace(" ", ""), (i, 0.9, 0),
                  area_id="kitchen") for i, t in enumerate(["scrub brush", "bed", "laptop"])]
    recaller.preload(units, None, units_key=1)
    misses = Lexicon.hypernym_offsets.cache_info().misses
    for t in ("scrub brush", "bed", "laptop"):
        senses = lex._physical_senses(t.replace(" ", "_"))
        assert senses
        lex.hypernym_offsets(senses[0].offset)
    assert Lexicon.hypernym_offsets.cache_info().misses == misses


def _defined_as_by_nltk(lex: Lexicon, word: str, target: str) -> bool:
    """verb_defined_as as it was: through nltk's synsets."""
    word, target = lex.verb(word), lex.verb(target)
    senses = lex._synsets(word, "v")
    if not senses or word == target:
        return False
    main = senses[0]
    head = main.definition().split(maxsplit=1)[0].strip(",;:") if main.definition() else ""
    if head != target:
        return False
    return main.lexname() in {s.lexname() for s in lex._synsets(target, "v")[:3]}


@needs_wordnet
def test_verb_defined_as_answers_as_nltks_parse(lex: Lexicon) -> None:
    """Every 8th verb of WordNet against the skill verbs and a few more: the data-line
    reading answers as nltk's synsets did."""
    from memory_node.core.skills import load_skill_table

    assert lex.load()
    targets = sorted(set(load_skill_table().names) | {"clean", "cook", "fill", "heat"})
    verbs = sorted({n.lower() for s in lex._wn.all_synsets("v") for n in s.lemma_names()})
    hits = 0
    for verb in verbs[::8] + ["scrub", "rinse", "take", "move"]:
        for target in targets:
            got = lex.verb_defined_as(verb, target)
            assert got == _defined_as_by_nltk(lex, verb, target), (verb, target)
            hits += got
    assert hits >= 5 and lex.verb_defined_as("scrub", "clean")


@needs_wordnet
def test_verb_defined_as_parses_no_synset(monkeypatch: pytest.MonkeyPatch) -> None:
    """A verb of many senses ("take": 42) asked whether a skill's verb defines it reads
    its first data line, not nltk's parse of every sense."""
    lex = Lexicon()
    assert lex.load()
    parsed: list[str] = []
    synsets = lex._synsets

    def counting(term: str, pos: str) -> tuple:
        parsed.append(term)
        return synsets(term, pos)

    monkeypatch.setattr(lex, "_synsets", counting)
    assert not lex.verb_defined_as("take", "clean")
    assert lex.verb_defined_as("scrub", "clean")
    assert parsed == []
