"""A line new to the token memo is counted from its words' counts: only its new words are
encoded (round 51), and the count is the whole line's, exactly."""

from __future__ import annotations

import random

import pytest

from memory_node.core import tokens
from memory_node.core.tokens import count_tokens, joins_add_up, load_tokenizer

pytestmark = pytest.mark.skipif(not joins_add_up(), reason="counts by words need WordPiece")


def whole(text: str) -> int:
    return len(load_tokenizer().encode(text, add_special_tokens=False).ids)


def test_any_line_counts_as_its_whole_encoding() -> None:
    # Accents, combining marks, CJK, control characters, tabs, no-break spaces, runs of
    # spaces: a token never spans a space, whatever the normaliser does per character.
    rng = random.Random(51)
    alphabet = ("abc XYZ éüñ ,.;:()[]-_'\"\t\n\u00a0\u0301\u200b中文 0123456789 "
                "u12: naïve Ö\x07  ")
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 80)))
        assert tokens._count_by_words(text) == whole(text), repr(text)
        assert count_tokens(text) == whole(text), repr(text)


def test_a_new_unit_line_encodes_only_its_new_word(monkeypatch: pytest.MonkeyPatch) -> None:
    line = "{}: small white egg (food), cooked, on the counter top in the kitchen; seen 3 days ago"
    count_tokens(line.format("u51000"))  # its other words now known
    real = load_tokenizer()
    encoded: list[str] = []

    class Counted:
        def encode(self, text: str, add_special_tokens: bool = True):  # type: ignore[no-untyped-def]
            encoded.append(text)
            return real.encode(text, add_special_tokens=add_special_tokens)

    monkeypatch.setattr(tokens, "load_tokenizer", lambda path=None: Counted())
    assert count_tokens(line.format("u51001")) == whole(line.format("u51001"))
    assert encoded == ["u51001:"]
    # Two new words in one encode, each word's own tokens remembered from its offsets.
    two = line.format("u51002: u51003")
    assert count_tokens(two) == whole(two)
    assert encoded[1:] == ["u51002: u51003:"]
    assert tokens._WORD_TOKENS["u51002:"] == whole("u51002:")
    assert tokens._WORD_TOKENS["u51003:"] == whole("u51003:")
    assert count_tokens(line.format("u51003")) == whole(line.format("u51003"))
    assert len(encoded) == 2
