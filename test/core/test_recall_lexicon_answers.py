"""Set-up's table of the lexicon's answers (lexicon_answers.py): the lexicon's own answers,
read before WordNet, never from a table of other code or data, and no recall differs."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall import lexicon_answers, lexicon_answers_build
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.units import ObjectMemoryUnit

pytestmark = needs_wordnet

WORDS = 80  # SemCor's most tagged: the table's words, as set-up reads them


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[tuple, Any], Path]:
    lex = Lexicon()
    answers = lexicon_answers_build.build(lex, lex.common_words(WORDS) + ["plunger", "grey"],
                                    lexicon_answers_build.known_types())
    path = tmp_path_factory.mktemp("answers") / "table.pickle"
    lexicon_answers.write(answers, path)
    return answers, path


def test_the_table_holds_the_lexicons_own_answers(made: tuple[dict[tuple, Any], Path]) -> None:
    answers, _ = made
    names = {k[0] for k in answers}
    # The words' relations to the types and skill verbs, not only their forms.
    assert {"_senses", "verb_means", "is_kind_of", "container_matter"} <= names
    plain = Lexicon()  # no table: every answer computed from WordNet here
    assert plain.load()  # as in a request: private readers are asked past `available`
    for key, value in answers.items():
        name, args, *kw = key
        assert getattr(plain, name)(*args, **dict(kw[0] if kw else ())) == value, key
    assert "_synsets" not in names  # the reader's objects are never stored


def test_a_lexicon_reads_the_table_before_wordnet(made: tuple[dict[tuple, Any], Path],
                                                  tmp_path: Path) -> None:
    answers, path = made
    lex = Lexicon()
    assert lexicon_answers.attach(lex, path) == len(answers)
    assert lex.answers == answers
    # A marked answer shows which one is read (a real table never differs: above).
    marked = dict(answers)
    key = ("container_matter", ("plunger",))
    assert key in marked
    marked[key] = frozenset({"read from the table"})
    other = Lexicon()
    other.load()
    other.use_answers(marked)
    assert other.container_matter("plunger") == frozenset({"read from the table"})
    # A word it lacks is read from WordNet, as without a table.
    assert other.container_matter("zeppelin") == Lexicon().container_matter("zeppelin")


def test_a_table_of_other_code_or_data_or_damaged_is_never_read(
        made: tuple[dict[tuple, Any], Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, path = made
    lex = Lexicon()
    lex.load()
    # Its name holds the code's and the data's hashes: other code finds no file.
    monkeypatch.setattr(lexicon_answers, "table_dir", lambda: tmp_path)
    own = lexicon_answers.table_path(lex)
    own.write_bytes(path.read_bytes())
    assert lexicon_answers.attach(lex) > 0
    monkeypatch.setattr(lexicon_answers, "code_version", lambda: "other")
    assert lexicon_answers.table_path(lex) != own
    assert lexicon_answers.attach(Lexicon()) == 0
    # Not this format, cut short, or naming code: nothing (or only whole parts) is read.
    bad = tmp_path / "bad.pickle"
    bad.write_bytes(b"something else")
    assert lexicon_answers.attach(Lexicon(), bad) == 0
    bad.write_bytes(path.read_bytes()[:len(lexicon_answers._MAGIC) + 100])
    assert lexicon_answers.attach(Lexicon(), bad) == 0
    bad.write_bytes(lexicon_answers._MAGIC + pickle.dumps({("x", ()): Path("/")}))
    assert lexicon_answers.attach(Lexicon(), bad) == 0


def test_recall_reads_the_same_with_and_without_the_table(
        made: tuple[dict[tuple, Any], Path]) -> None:
    _, path = made
    types = lexicon_answers_build.known_types()
    units = [ObjectMemoryUnit(object_id=f"u{i}", label=t, position=(0.0, 0.0, 0.0))
             for i, t in enumerate(types)]
    embedder = Embedder(intra_op_threads=1)
    with_table = Lexicon()
    with_table.load()
    assert lexicon_answers.attach(with_table, path) > 0
    read = []
    for lex in (Lexicon(), with_table):
        rec = Recaller(embedder, lexicon=lex, config=RecallConfig())
        _, rows = rec._rows_for(units, None, None, None)
        read.append([rec._lexical_arrays(text, rows) for text in (
            "take the plunger to the shelf", "find the small grey bathroom supply",
            "put the vessel on the tv stand", "scrub the pan and the kettle")])
    for a, b in zip(*read, strict=True):
        assert np.array_equal(a.score, b.score) and np.array_equal(a.label, b.label)
        assert a.implied == b.implied and np.array_equal(a.named, b.named)


def test_a_words_plural_and_past_forms_are_read_too() -> None:
    lex = Lexicon()
    assert lex.load()
    irregular = lexicon_answers_build.irregular_forms(lex)
    assert set(lexicon_answers_build.inflections(lex, "cup", irregular)) >= {"cups", "cupped"}
    assert set(lexicon_answers_build.inflections(lex, "knife", irregular)) >= {"knives"}
    assert set(lexicon_answers_build.inflections(lex, "take", irregular)) >= {"took", "taken"}
    assert set(lexicon_answers_build.inflections(lex, "dish", irregular)) >= {"dishes"}
    assert set(lexicon_answers_build.inflections(lex, "empty", irregular)) >= {"emptied"}
    # Only forms the lexicon's morphology takes back to the word; a word of no noun and
    # no verb sense has none.
    for word in ("cup", "knife", "take", "dish", "empty"):
        for form in lexicon_answers_build.inflections(lex, word, irregular):
            assert word in lex._forms(form, "n") + lex._forms(form, "v"), (word, form)
    assert lexicon_answers_build.inflections(lex, "the", irregular) == []
    assert lexicon_answers_build.inflections(lex, "beautiful", irregular) == []
    # Set-up reads them: the table answers a plural's reading too.
    made = lexicon_answers_build.build(Lexicon(), ["knife"], lexicon_answers_build.known_types(),
                                 inflected=True)
    assert ("_forms_known", ("knives", "n")) in made
    assert ("_forms_known", ("knives", "n")) not in lexicon_answers_build.build(
        Lexicon(), ["knife"], lexicon_answers_build.known_types())
