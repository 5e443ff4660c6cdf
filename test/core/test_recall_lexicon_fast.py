"""WordNet answers without nltk's per-sense parse: the same answers as the parse.

A request's first use of a word used to parse every sense of it (and walk verb hypernyms
four levels up for each skill verb); these read one data line per sense and look verbs
up in closures walked once per skill verb. Each is compared with the parse over WordNet
itself, not a sample picked for the test.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.lexicon import Lexicon

pytestmark = needs_wordnet


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    lx = Lexicon()
    assert lx.load()
    return lx


def test_verb_closures_answer_as_the_upward_walk_for_every_verb(lex: Lexicon) -> None:
    wn = lex._wn
    verbs = sorted({n for s in wn.all_synsets("v") for n in s.lemma_names() if n.isalpha()})
    assert len(verbs) > 8000
    hits = 0
    for target in ("clean", "heat", "slice", "fill", "cool", "cook"):
        for v in verbs:
            got = lex.verb_means(v, target)
            assert got == lex.verb_walk(v, target), (v, target)
            hits += got
    assert hits > 100  # the comparison covers both answers
    assert lex.verb_means("rinse", "clean") and lex.verb_means("chop", "slice")
    assert not lex.verb_means("give", "heat")


def test_senses_from_data_lines_equal_nltks_parse(lex: Lexicon) -> None:
    wn = lex._wn
    nouns = sorted({n.lower() for s in wn.all_synsets("n") for n in s.lemma_names()})
    random.Random(11).shuffle(nouns)
    verbs = sorted({n.lower() for s in wn.all_synsets("v") for n in s.lemma_names()})
    for pos, sample in (("n", nouns[:4000]), ("v", verbs[:1000])):
        for w in sample:
            light = lex._senses(w, pos)
            assert light is not None
            assert [(s.offset, s.lexname, s.names, s.definition) for s in light] == [
                (s.offset(), s.lexname(), tuple(s.lemma_names()), s.definition())
                for s in lex._synsets(w, pos)], (w, pos)


def test_gloss_synonyms_and_things_unchanged(lex: Lexicon) -> None:
    assert {"glass", "flower"} <= lex.gloss_nouns("vase")
    assert "trash can" in lex.synonyms("garbage can")
    assert lex.is_thing("pepper") and not lex.is_thing("put")
    # A damaged data file: the light reader says so and nltk's parse answers instead.
    assert lex._data_line("n", 10 ** 12) is None


def test_common_words_are_semcors_most_tagged_and_warm(lex: Lexicon) -> None:
    words = lex.common_words(300)
    assert len(words) == 300 and {"be", "have", "make", "take"} <= set(words[:100])
    assert all(w.isalpha() for w in words)
    fresh = Lexicon()
    assert fresh.warm_words(words[:50]) == 50
    assert fresh.verb_share.cache_info().currsize >= 50  # looked up before any request
    assert Lexicon(Path("/nonexistent")).common_words(10) == []


def test_senses_read_from_two_threads_at_once_are_the_senses() -> None:
    """The start-up warm thread reads senses while requests do; nltk reads each by seek +
    readline on one shared file, so unguarded the two got each other's lines."""
    import threading
    import warnings

    lx = Lexicon()
    assert lx.load()
    offsets = [s.offset() for s in lx._wn.all_synsets("v")]
    wrong: list[int] = []
    for _ in range(3):   # a fresh reader each round: read senses are cached per reader
        fresh = Lexicon()
        assert fresh.load()
        reader = fresh._wn

        def read(chunk: list[int], reader=reader) -> None:  # noqa: ANN001
            for off in chunk:
                s = reader.synset_from_pos_and_offset("v", off)
                if s is None or s.offset() != off:
                    wrong.append(off)

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            threads = [threading.Thread(target=read, args=(offsets[k::2],)) for k in range(2)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=120)
    assert not any(t.is_alive() for t in threads)
    assert wrong == []


def test_the_first_question_to_a_fresh_lexicon_is_answered() -> None:
    """The sense lookups read WordNet's reader before asking whether it was loaded (which
    loads it), so the first word asked of a fresh lexicon got nothing, and the per-word
    cache kept the empty answer for the life of the process."""
    assert "frying pan" in Lexicon().hyponym_names("pan")
    assert "trash can" in Lexicon().synonyms("garbage can")
    assert Lexicon().is_verb("wash")
