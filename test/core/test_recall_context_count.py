"""The context's token count is the sum of its lines' (memoised) counts: exact for the
shipped WordPiece tokenizer, on lines built to probe the boundaries, and the budget holds."""

from __future__ import annotations

import random

import pytest

from memory_node.core.recall import context as context_module
from memory_node.core.recall.context import assemble_context, joins_add_up
from memory_node.core.tokens import count_tokens

PIECES = ["Mug_1: small red mug (kitchenware), on CounterTop_2; seen 3 s ago",
          "naïve café crème brûlée", "日本語のテキスト", "x" * 150, "don't-stop.now!",
          "  leading and trailing  ", "a\tb", "Ünïcödé wörds", "emoji 🙂 line",
          "12.5 m, 3 objects", "##sub ##word", "[UNK] [CLS] [SEP]", "", "…", "word" * 40]


def _lines(rng: random.Random, n: int) -> list[str]:
    return [" ".join(rng.choice(PIECES) for _ in range(rng.randint(1, 4))) for _ in range(n)]


def test_the_shipped_tokenizer_adds_up_over_newlines() -> None:
    assert joins_add_up()
    rng = random.Random(7)
    for _ in range(200):
        lines = _lines(rng, rng.randint(1, 12))
        assert count_tokens("\n".join(lines)) == sum(count_tokens(x) for x in lines)


@pytest.mark.parametrize("adds_up", [True, False])
def test_context_count_equals_the_count_of_its_text(
        adds_up: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    # False: what a tokenizer whose joins do not add up gets (the joined text counted).
    monkeypatch.setattr(context_module, "joins_add_up", lambda: adds_up)
    rng = random.Random(11)
    for i in range(100):
        units = [(f"U_{j}", line) for j, line in enumerate(_lines(rng, rng.randint(0, 8)))]
        scene = "\n".join(_lines(rng, rng.randint(0, 30)))
        budget = rng.randint(20, 600)
        block = assemble_context(units, budget, scene_graph=scene if i % 3 else None)
        assert block.token_count == count_tokens(block.text) <= budget
