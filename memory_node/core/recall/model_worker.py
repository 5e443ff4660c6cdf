"""The query model's call on a thread of its own, so a request's Python work runs beside it.

A ranking has two halves that do not depend on each other: the model call that turns the
instruction into a vector (~4-6 ms of MiniLM; onnxruntime runs the graph without the GIL)
and the lexical half (the instruction's words in every form, the name rules over every
type, the fixtures it implies: ~2-3 ms of Python, ~10 ms when its words are new to the
process). One after the other a request costs their sum; with the model started first on
this worker the request waits for the longer of the two.

A job embeds exactly the texts it was given, in one call, as an inline call would. The
packaged model's vectors do not depend on the batch (the attention mask keeps a batch's pads
out and every other layer works per token: 150 of 150 pairs embedded alone and as one padded
batch were equal, bench/README_recall.md, round 39), so callers keep their batches for the
call's fixed cost, which its texts share, and so that a model whose vectors did depend on
the batch would still give the inline call's bytes.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor

import numpy as np

Embed = Callable[[Sequence[str]], np.ndarray]


class ModelJob:
    """One model call's vectors: computed inline (``overlap`` off) or on the worker."""

    def __init__(self, texts: Sequence[str], future: Future[tuple[np.ndarray, float]]
                 | None = None, vectors: np.ndarray | None = None) -> None:
        self.texts = list(texts)
        self._future = future
        self._vectors = vectors
        self._error: BaseException | None = None
        # On the background worker (submit_background): a request that finds its text in
        # such a call waits for it only so long (Recaller.start_queries).
        self.background = False
        # Seconds the model ran while its caller did something else (set once resolved).
        self._hidden_s = 0.0

    @property
    def done(self) -> bool:
        """True once the vectors are there (asking for them will not wait)."""
        if self._vectors is not None:
            return True
        f = self._future
        return f is not None and f.done() and f.exception() is None

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the call has ended (either way); False if `timeout` passed first."""
        if self._future is None or self._vectors is not None:
            return True
        try:
            self._future.exception(timeout)
        except TimeoutError:
            return False
        return True

    @property
    def failed(self) -> bool:
        """True when the call is known to have raised (a later request retries the texts)."""
        if self._error is not None:
            return True
        f = self._future
        return f is not None and f.done() and f.exception() is not None

    def vectors(self) -> np.ndarray:
        """The (len(texts), dim) vectors, waiting for the worker if it is still running;
        raises what the call raised (every time it is asked)."""
        if self._error is not None:
            raise self._error
        if self._vectors is None:
            assert self._future is not None
            waited = time.perf_counter()
            try:
                out, busy = self._future.result()
            except BaseException as exc:
                self._error = exc
                raise
            waited = time.perf_counter() - waited
            self._hidden_s = max(0.0, busy - waited)
            self._vectors = out
        return self._vectors

    def take_hidden(self) -> float:
        """The seconds the call ran beside its caller's work, once (then 0)."""
        hidden, self._hidden_s = self._hidden_s, 0.0
        return hidden


_POOL: ThreadPoolExecutor | None = None
_POOL_LOCK = threading.Lock()
# The job the current thread runs for a waiting caller (submit): its hand-off event.
_HANDOFF = threading.local()


def releasing_gil() -> None:
    """Say that this thread's model call now enters its GIL-free part (onnxruntime's run):
    the caller that submitted the job goes on with its own Python work from here.

    Without the hand-off the worker got the GIL only when the caller blocked on the
    vectors or after the interpreter's switch interval (5 ms): a step's 1-2 ms of Python
    between the call's start and its result ran first and the model after it, so nothing
    was overlapped (bench/README_recall.md, round 30). A no-op on a thread with no waiting
    caller (the background worker, an inline call)."""
    event = getattr(_HANDOFF, "event", None)
    if event is not None:
        _HANDOFF.event = None
        event.set()


def _run(embed: Embed, texts: list[str], handoff: threading.Event | None = None
         ) -> tuple[np.ndarray, float]:
    _HANDOFF.event = handoff
    began = time.perf_counter()
    try:
        out = embed(texts)
    finally:
        # An embed that never said so (a test's stand-in, another encoder) frees its
        # caller when it ends: the caller then waited out the call, as without a worker.
        _HANDOFF.event = None
        if handoff is not None:
            handoff.set()
    return out, time.perf_counter() - began


def submit(embed: Embed, texts: Sequence[str]) -> ModelJob:
    """Start ``embed(texts)`` (one call) on the process's model worker; returns at once.

    One thread for the process, not per recaller: jobs run in the order requests made
    them, the model's one intra-op thread stays one core's worth of work, and no thread
    ends when a recaller is dropped (a thread ending frees objects at a moment nobody
    chose, e.g. inside the server's heap settle).

    Returns once the call has entered its GIL-free part (``releasing_gil``, said by
    :class:`Embedder` before onnxruntime's run) or ended: the caller's wait releases the
    GIL, so the worker takes it at once for the few Python lines before the run (the
    tokenizer, the input arrays) instead of after the caller's own work.
    """
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="recall-model")
        pool = _POOL
    handoff = threading.Event()
    job = ModelJob(texts, future=pool.submit(_run, embed, list(texts), handoff))
    handoff.wait()
    return job


# The background worker's niceness (Linux: per thread). Not lowered: the thread holds the
# GIL for its call's few Python lines, and a low-priority holder that loses its core there
# holds every request up until the scheduler gives it one again (seconds at load 40). At
# nice 19 a DDS run at load 45 had one step's model call wait 0.8 s (with the tokenizer's
# lock then shared too); in one process, requests beside a background call were no faster
# at 19 than at 0 (bench/README_recall.md, round 24).
BACKGROUND_NICE = 0

_BACKGROUND: ThreadPoolExecutor | None = None


def _lower_priority() -> None:
    if BACKGROUND_NICE <= 0:
        return
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), BACKGROUND_NICE)
    except (AttributeError, OSError):  # not Linux, or not permitted: runs at normal priority
        pass


def submit_background(embed: Embed, texts: Sequence[str]) -> ModelJob:
    """Start ``embed(texts)`` (one call) on the process's background worker, a thread of its
    own: a request's job never queues behind it on the model worker; a request that asks
    one of its texts while it runs waits for it a bounded time (:attr:`ModelJob.background`)."""
    global _BACKGROUND
    with _POOL_LOCK:
        if _BACKGROUND is None:
            _BACKGROUND = ThreadPoolExecutor(max_workers=1, thread_name_prefix="recall-prefetch",
                                             initializer=_lower_priority)
        pool = _BACKGROUND
    job = ModelJob(texts, future=pool.submit(_run, embed, list(texts)))
    job.background = True
    return job
