"""The lexicon's per-word answers table (word_answers.py): answers equal WordNet's, a new
lemma's answers are one indexed read (a word no lemma: none), and a stale, missing or
damaged table falls back to WordNet."""

from __future__ import annotations

import pytest
from wordnet_data import needs_wordnet

import memory_node.core.recall.lexicon as lexicon_mod
from memory_node.core.recall import word_answers
from memory_node.core.recall.lexicon import DEFAULT_ROOT, Lexicon
from memory_node.core.recall.word_answers import (
    ENV_DIR,
    METHODS,
    WordAnswers,
    answers_path,
    build,
    lemmas,
    write,
)

# Lemmas of every kind the stored methods answer for (things, containers, verbs with tools
# and matter, size adjectives, multi-word names) and no lemma at all.
WORDS = ("mug", "garbage can", "wastebasket", "knife", "drawer", "shelf", "stand", "box",
         "television", "sofa", "pan", "brush", "dispose", "discard", "rinse", "slice",
         "clean", "chop", "scrub", "grab", "big", "tiny", "deep", "pink", "coffee table",
         "tissue", "plunger", "candle", "vase", "spoon", "throw away", "bottle", "bin")
NOT_LEMMAS = ("knives", "grab_tissue", "zzzzqx", "Mug")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory):
    directory = tmp_path_factory.mktemp("answers")
    path, rows = build(DEFAULT_ROOT, answers_path(DEFAULT_ROOT, directory), words=WORDS)
    assert rows == len(WORDS)
    return directory, path


def _answers(lex: Lexicon, words) -> dict:
    return {(m, w): getattr(lex, m)(w) for w in words for m in METHODS}


@needs_wordnet
def test_table_answers_equal_wordnets_and_cost_no_wordnet_read(built, monkeypatch) -> None:
    directory, _ = built
    monkeypatch.setenv(ENV_DIR, str(directory))
    cold = Lexicon(answers=False)
    assert cold.load() and cold._answers is None
    table = Lexicon()
    assert table.load() and table._answers is not None
    reads = [0]
    missing = lexicon_mod.LazyLemmaIndex.__missing__

    def counted(self, lemma):  # noqa: ANN001, ANN202
        reads[0] += 1
        return missing(self, lemma)

    monkeypatch.setattr(lexicon_mod.LazyLemmaIndex, "__missing__", counted)
    want = _answers(cold, WORDS)
    cold_reads = reads[0]
    want.update(_answers(cold, NOT_LEMMAS))
    reads[0] = 0
    got = _answers(table, WORDS)
    # One index probe a word (is it a lemma?), not WordNet's readings of its senses.
    assert reads[0] <= len(WORDS) < cold_reads / 3
    assert table._answers.reads == len(WORDS)  # one indexed read a word
    got.update(_answers(table, NOT_LEMMAS))  # no row: computed from WordNet
    before = table._answers.reads
    for word in ("zzzzqy", "forks_x", "Knife", "spoons"):  # no lemma of the index
        assert table._answers.answer("synonyms", word) is word_answers.MISSING
    assert table._answers.reads == before  # never read from the table
    assert got == want
    assert all(type(got[k]) is type(want[k]) for k in want)
    # Calls with more arguments are computed, not read from the one-word rows.
    assert table.gloss_nouns("mug", 1) == cold.gloss_nouns("mug", 1)
    assert table.synonyms("garbage can", True) == cold.synonyms("garbage can", True)
    assert sum(bool(v) for v in want.values()) > 100  # the words have answers to store


@needs_wordnet
def test_stale_missing_or_damaged_table_falls_back_to_wordnet(built, tmp_path,
                                                             monkeypatch) -> None:
    directory, path = built
    # Missing: nothing built where the lexicon looks.
    monkeypatch.setenv(ENV_DIR, str(tmp_path / "none"))
    lex = Lexicon()
    assert lex.load() and lex._answers is None
    assert lex.synonyms("sofa") == Lexicon(answers=False).synonyms("sofa")
    # Stale: built by other code (the name and the stored version differ).
    monkeypatch.setenv(ENV_DIR, str(directory))
    monkeypatch.setattr(word_answers, "code_version", lambda: "0123456789abcdef")
    assert WordAnswers.open(DEFAULT_ROOT) is None
    monkeypatch.undo()
    # Stale inside: the right name, another version's meta.
    other = tmp_path / "other"
    table = WordAnswers.open(DEFAULT_ROOT, directory)
    assert table is not None
    rows = {w: bytes(table._lookup(w.encode())).decode() for w in ("mug", "sofa", "knife")}
    meta = {"format": word_answers.FORMAT_VERSION, "code": word_answers.code_version(),
            "wordnet": word_answers.wordnet_version(DEFAULT_ROOT), "words": len(rows)}
    write(rows, other / path.name, dict(meta, wordnet="feedfacefeedface"))
    assert WordAnswers.open(DEFAULT_ROOT, other) is None
    (other / path.name).write_bytes(b"MNWANS\x00\x02 truncated")
    assert WordAnswers.open(DEFAULT_ROOT, other) is None
    # Damaged rows: computed, never a wrong answer.
    synonyms = list(METHODS).index("synonyms")
    rows["mug"] = "{broken"
    rows["sofa"] = f'{{"{synonyms}": 5}}'
    write(rows, other / path.name, meta)
    table = WordAnswers.open(DEFAULT_ROOT, other)
    assert table is not None
    assert table.answer("synonyms", "mug") is word_answers.MISSING
    assert table.answer("synonyms", "sofa") is word_answers.MISSING  # not a list of words
    assert table.answer("synonyms", "knife") is not word_answers.MISSING


@needs_wordnet
def test_build_reads_every_lemma_of_the_lexicon_not_a_word_list() -> None:
    words = lemmas(DEFAULT_ROOT)
    assert len(words) > 140_000
    assert "garbage can" in words and "mug" in words and "knives" not in words
