"""A static text encoder distilled from the packaged MiniLM (model2vec's method).

The transformer costs ~7 ms per query on one loaded core; a static encoder costs a table
look-up. Distillation needs no data and no download: every vocabulary token, fed alone
to the shipped ONNX model as ``[CLS] token [SEP]``, gives the model's own mean-pooled
sentence vector of that token; the vocabulary's mean vector is removed (the direction
every token shares would otherwise dominate every cosine) and each row is weighted by a
SIF coefficient of its Zipf frequency estimated from its vocabulary rank (WordPiece
vocabularies list frequent words first). A text is then the mean of its tokens' rows,
L2-normalised, as MiniLM's own texts are.

The table is computed at set-up (``scripts/setup.sh``; ``python -m
memory_node.core.recall.static_embedder``) into the virtual environment, never committed
and never downloaded; its name carries the source model's identity, so a changed MiniLM
is distilled again rather than silently reused.
"""

from __future__ import annotations

import argparse
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from tokenizers import Tokenizer

from memory_node.core.recall.embedder import DEFAULT_MAX_TOKENS, Embedder, packaged_model_path
from memory_node.core.recall.embedding_store import model_identity
from memory_node.core.recall.lemma_table import table_dir
from memory_node.core.tokens import packaged_tokenizer_path

# Bump when the distillation changes: the table's file name (and so the stored vectors'
# model identity) changes with it.
METHOD_VERSION = 1
# model2vec's default SIF coefficient: a token's weight is a / (a + p(token)).
SIF_COEFFICIENT = 1e-4
# Tokens fed to MiniLM per call while distilling (3 positions each: cheap batches).
DISTIL_BATCH = 512


def table_path(model_path: str | Path | None = None, max_tokens: int = DEFAULT_MAX_TOKENS,
               directory: str | Path | None = None) -> Path:
    """The table distilled from `model_path` (default: the packaged MiniLM)."""
    source = Path(model_path) if model_path else packaged_model_path()
    ident = model_identity(source, max_tokens)[:16]
    return Path(directory or table_dir()) / f"static_{ident}_v{METHOD_VERSION}.npz"


def sif_weights(vocab_size: int, first_word: int) -> np.ndarray:
    """SIF weight per token id from a Zipf law over the vocabulary order.

    Ids before `first_word` (padding, [unused*], special tokens, single characters) have
    no rank of their own; they get the rank of the rarest word, i.e. weight near 1, so a
    text made only of them (non-Latin script, symbols) still has a vector.
    """
    ranks = np.arange(vocab_size, dtype=np.float64) - first_word + 1
    ranks[:first_word] = vocab_size
    proba = (1.0 / ranks) / np.sum(1.0 / np.arange(1, vocab_size + 1))
    return (SIF_COEFFICIENT / (SIF_COEFFICIENT + proba)).astype(np.float32)


def teacher_rows(teacher: Embedder, token_ids: np.ndarray, batch: int = DISTIL_BATCH
                 ) -> np.ndarray:
    """MiniLM's mean-pooled, unnormalised output for each token fed alone as
    ``[CLS] token [SEP]``: what the model itself says that one token means."""
    vocab = teacher._tokenizer.get_vocab()  # noqa: SLF001 - the teacher's own tokenizer
    ids = np.empty((len(token_ids), 3), dtype=np.int64)
    ids[:, 0], ids[:, 1], ids[:, 2] = vocab["[CLS]"], token_ids, vocab["[SEP]"]
    mask = np.ones_like(ids)
    session = teacher._session  # noqa: SLF001 - raw hidden states, before normalisation
    names = {i.name for i in session.get_inputs()}
    rows = np.zeros((len(token_ids), teacher.dim), dtype=np.float32)
    for start in range(0, len(token_ids), batch):
        feeds = {"input_ids": ids[start:start + batch],
                 "attention_mask": mask[start:start + batch]}
        if "token_type_ids" in names:
            feeds["token_type_ids"] = np.zeros_like(feeds["input_ids"])
        rows[start:start + batch] = session.run(None, feeds)[0].mean(axis=1)
    if not np.isfinite(rows).all():
        raise ValueError("the teacher model produced non-finite token vectors")
    return rows


def distil(out_path: str | Path | None = None, model_path: str | Path | None = None,
           tokenizer_path: str | Path | None = None, *, intra_op_threads: int = 0) -> Path:
    """Compute the static table from the ONNX model and write it atomically; returns it."""
    teacher = Embedder(model_path, tokenizer_path, intra_op_threads=intra_op_threads,
                       spin_wait=True)
    out = Path(out_path) if out_path else table_path(teacher.model_path, teacher.max_tokens)
    vocab = teacher._tokenizer.get_vocab()  # noqa: SLF001
    size = max(vocab.values()) + 1
    rows = teacher_rows(teacher, np.arange(size))
    centre = rows.mean(axis=0)
    # The first whole word of an uncased BERT vocabulary is "the"; without it, rank from 0.
    weights = sif_weights(size, vocab.get("the", 0))
    table = (rows - centre) * weights[:, None]
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp.npz")
    # The centre and weights are kept so the table can be checked against the teacher.
    np.savez(tmp, vectors=table.astype(np.float32), centre=centre, weights=weights,
             method=np.array(METHOD_VERSION),
             source=np.array(model_identity(teacher.model_path, teacher.max_tokens)))
    tmp.replace(out)
    return out


class StaticEmbedder:
    """Drop-in for :class:`Embedder`: same vectors' shape and unit length, ~0.05 ms a text."""

    # A row lookup per token in Python: no worker thread can run it beside recall's own
    # Python work, and it is cheaper than handing it to one (RecallConfig.overlap_model).
    releases_gil = False

    def __init__(self, path: str | Path | None = None, tokenizer_path: str | Path | None = None,
                 *, max_tokens: int = DEFAULT_MAX_TOKENS) -> None:
        if not 8 <= max_tokens <= 512:
            raise ValueError(f"max_tokens must be in [8, 512], got {max_tokens}")
        self.model_path = Path(path) if path else table_path(max_tokens=max_tokens)
        if not self.model_path.is_file():
            raise FileNotFoundError(
                f"{self.model_path} is missing: run scripts/setup.sh (or python -m "
                "memory_node.core.recall.static_embedder) to distil the static encoder")
        self.tokenizer_path = Path(tokenizer_path) if tokenizer_path else packaged_tokenizer_path()
        self.max_tokens = max_tokens
        with np.load(self.model_path) as data:
            table = np.ascontiguousarray(data["vectors"], dtype=np.float32)
        if table.ndim != 2 or not table.size or not np.isfinite(table).all():
            raise ValueError(f"{self.model_path} is not a finite (vocabulary, dim) table")
        self._table = table
        self.dim = int(table.shape[1])
        self._tokenizer = Tokenizer.from_file(str(self.tokenizer_path))
        self._tokenizer.no_padding()
        # Same cap as MiniLM: a pathological instruction costs no more than a long one.
        self._tokenizer.enable_truncation(max_length=max_tokens)
        vocab = self._tokenizer.get_vocab()
        # A text with no token at all ("", spaces) gets what MiniLM gives it: [CLS] [SEP].
        self._empty = [vocab["[CLS]"], vocab["[SEP]"]]
        self._lock = threading.Lock()
        self._model_id = ""
        self.busy_s = 0.0
        self._seconds_lock = threading.Lock()
        self.batch_size = 256  # interface of Embedder; a batch costs the same as its texts

    @property
    def model_id(self) -> str:
        """Identity of this table's vectors (its bytes and the token cap): a MiniLM vector
        is never read as one of these, nor the reverse."""
        if not self._model_id:
            self._model_id = model_identity(self.model_path, self.max_tokens)
        return self._model_id

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed `texts`; returns an (len(texts), dim) float32 array of unit rows."""
        if isinstance(texts, str):
            raise ValueError("embed() takes a sequence of texts, not a single string")  # noqa: TRY004 - callers map ValueError to a rejected request
        began = time.perf_counter()
        with self._lock:
            encodings = self._tokenizer.encode_batch(list(texts), add_special_tokens=False)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, enc in enumerate(encodings):
            ids = enc.ids or self._empty
            out[i] = self._table[ids].mean(axis=0)
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        out /= np.clip(norms, 1e-12, None)
        elapsed = time.perf_counter() - began
        # Not under `_lock` (the tokenizer's): the seconds' own, or threads lose updates.
        with self._seconds_lock:
            self.busy_s += elapsed
        return out

    def embed_one(self, text: str) -> np.ndarray:
        return self.embed([text])[0]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="", help="table path (default: under the venv)")
    parser.add_argument("--threads", type=int, default=0, help="onnxruntime threads")
    parser.add_argument("--if-missing", action="store_true",
                        help="do nothing when the table already exists (set-up's re-runs)")
    args = parser.parse_args(argv)
    target = Path(args.out) if args.out else table_path()
    if args.if_missing and target.is_file():
        print(f"static encoder: {target} (up to date)")
        return 0
    began = time.perf_counter()
    path = distil(target, intra_op_threads=args.threads)
    print(f"static encoder: {path} ({time.perf_counter() - began:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
