"""The query/unit encoders recall can run, by the name the `recall.encoder` setting uses.

A module of its own because the static encoder is distilled from (and imports) the MiniLM
embedder: choosing between them in either module would make the two import each other.
"""

from __future__ import annotations

from pathlib import Path
from typing import cast

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.static_embedder import StaticEmbedder

ENCODERS = ("minilm", "static")


def make_embedder(encoder: str, model_path: str | Path | None = None,
                  tokenizer_path: str | Path | None = None, *,
                  intra_op_threads: int = 1) -> Embedder:
    """The encoder named by the `recall.encoder` setting. `model_path` is the .onnx of
    'minilm', or the distilled table (.npz) of 'static' (default: the one set-up wrote)."""
    if encoder == "minilm":
        return Embedder(model_path, tokenizer_path, intra_op_threads=intra_op_threads)
    if encoder == "static":
        # Same interface (embed, dim, model_id, busy_s); a subclass would drag in a session.
        return cast("Embedder", StaticEmbedder(model_path, tokenizer_path))
    raise ValueError(f"encoder must be one of {', '.join(ENCODERS)}, got {encoder!r}")
