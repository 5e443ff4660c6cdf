"""A word's WordNet base forms are looked up once per process, and answer as nltk does;
a loaded lexicon says so without taking its lock.

A per-subtask request asked nltk's morphy for ~17 words' forms (is_noun, is_verb, the
gloss and sense readers), nearly all words every instruction repeats: ~0.2 ms of the
request's ~4 ms of CPU at 10,000 units (bench/README_recall.md, round 50).
"""

from __future__ import annotations

import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.lexicon import Lexicon

pytestmark = needs_wordnet

WORDS = ["put", "cups", "knives", "washed", "the", "glasses", "hob", "running", "xqzzy",
         "Mug", "better", "left"]


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    lx = Lexicon()
    assert lx.load()
    return lx


def test_forms_answer_as_nltk_and_cannot_be_changed(lex: Lexicon) -> None:
    wn = lex._wn
    for word in WORDS:
        for pos in "nvars":
            got = lex._forms(word, pos)
            assert list(got) == list(wn._morphy(word.lower(), pos)), (word, pos)
            assert isinstance(got, tuple)  # shared by every caller: never a list to mutate
    assert lex._forms("knives", "n") == ("knife",)
    assert lex._forms("x" * 200, "n") == ()


def test_a_repeated_word_is_not_looked_up_again(lex: Lexicon,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    wn = lex._wn
    asked: list[tuple[str, str]] = []
    morphy = wn._morphy

    def counted(form: str, pos: str, *args: object, **kwargs: object) -> list[str]:
        asked.append((form, pos))
        return morphy(form, pos, *args, **kwargs)

    monkeypatch.setattr(wn, "_morphy", counted)
    word = "saucepans"  # in no other test here: its forms are not memoised yet
    first = (lex.is_noun(word), lex.is_verb(word), lex._forms(word, "n"))
    again = (lex.is_noun(word), lex.is_verb(word), lex._forms(word, "n"))
    assert first == again == (True, False, ("saucepan",))
    assert sorted(asked) == [(word, "n"), (word, "v")]


def test_a_fresh_lexicon_answers_its_first_word() -> None:
    # `available` loads WordNet: a memo filled before it would keep "no forms" for good.
    fresh = Lexicon()
    assert fresh._forms("cups", "n") == ("cup",)
    assert fresh.is_noun("cups")


def test_a_loaded_lexicon_says_it_is_available_without_its_lock(
        lex: Lexicon, monkeypatch: pytest.MonkeyPatch) -> None:
    # Round 51: every reader asks `available` first, ~80 times per request; the lock
    # guards only the load.
    class Counted:
        def __init__(self) -> None:
            self.taken = 0

        def __enter__(self) -> None:
            self.taken += 1

        def __exit__(self, *exc: object) -> None:
            pass

    lock = Counted()
    monkeypatch.setattr(lex, "_lock", lock)
    assert all(lex.available for _ in range(10)) and lex.is_noun("cups")
    assert lock.taken == 0


def test_an_unreadable_lexicon_stays_unavailable(tmp_path) -> None:  # type: ignore[no-untyped-def]
    missing = Lexicon(root=tmp_path)
    assert not missing.available and not missing.available
    assert not missing.is_noun("cups") and "not found" in missing.error
