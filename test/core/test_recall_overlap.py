"""Round 21 (issue 11, part 4): the query model's call runs beside the ranking's lexical half.

A request's model call (~4-6 ms of MiniLM; onnxruntime releases the GIL) and its lexical
half (the instruction's words, the name rules over every type, the fixtures it implies:
~2-10 ms of Python) do not depend on each other; one after the other the request paid
their sum (bench/README_recall.md, round 21). Now the call starts on a worker thread and
the lexical half runs meanwhile. The answers must be the very same bytes: the same texts
go to the model in the same batches, and the query cache keeps the same order.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall_memory import brief_from_fields
from memory_node.core.units import ObjectMemoryUnit as Unit

NOW = 1_700_000_500.0
INSTRUCTIONS = [
    "put the red apple in the fridge",
    "wash the dirty mug and leave it on the plate",
    "warm up the soup, then put the kettle on the stove",
    "what will the weather be tomorrow",
    "take the book from the shelf and put it on the sofa",
]
STEPS = ["go to the fridge", "pick up the apple", "put it on the counter"]


def _units() -> list[Unit]:
    kinds = [("Apple", "red"), ("Mug", "white"), ("Fridge", ""), ("Sink", ""),
             ("Faucet", ""), ("Plate", "blue"), ("Microwave", ""), ("StoveBurner", ""),
             ("Kettle", "black"), ("Book", "green"), ("Shelf", ""), ("Sofa", ""),
             ("CounterTop", ""), ("Pot", "")]
    return [Unit(f"{label}_{i}", label, (float(i % 7), 0.9, float(i // 7)),
                 area_id="kitchen" if i % 3 else "living_room",
                 attributes={"colour": colour} if colour else {},
                 first_seen=NOW - 900 + i, last_seen=NOW - 60 - i)
            for i, (label, colour) in enumerate(kinds * 3)]


def test_the_model_call_runs_beside_the_lexical_half(embedder: Embedder,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The query's model call is on another thread and is still running when the ranking
    reads the instruction's words (on main's code it ran first, on the caller's thread,
    and this waited out its timeout)."""
    recaller = Recaller(embedder)
    units = _units()
    recaller.rank("bring me the mug", units, 3, units_key=1)  # unit vectors made inline
    lexical_started = threading.Event()
    seen: dict[str, object] = {}
    real_session, real_lexical = embedder._session, recaller._lexical_arrays

    class Session:
        """The model's run waits for the lexical half to begin: it can only if the run
        is beside it. (The session, not `embed`: the caller goes on once the call is
        inside the run, model_worker.submit's hand-off, round 30.)"""

        def run(self, *args):  # type: ignore[no-untyped-def]
            seen["thread"] = threading.get_ident()
            seen["beside"] = lexical_started.wait(timeout=10)
            return real_session.run(*args)

    def lexical(*args):  # type: ignore[no-untyped-def]
        lexical_started.set()
        return real_lexical(*args)

    monkeypatch.setattr(embedder, "_session", Session())
    monkeypatch.setattr(recaller, "_lexical_arrays", lexical)
    ranked = recaller.rank("put the red apple in the fridge", units, 3, units_key=1)
    assert seen["thread"] != threading.get_ident()
    assert seen["beside"] is True
    assert {r.unit.label for r in ranked} >= {"Apple", "Fridge"}


def _answers(memory_dir: Path, embedder: Embedder, overlap: bool) -> tuple[list, list]:
    memory = Memory(MemorySettings(memory_dir=str(memory_dir), durability="normal",
                                   short_term=ShortTermSettings(capacity=200)),
                    embedder=embedder)
    out: list = []
    try:
        for u in _units():
            memory.upsert_object(u)
        rm = memory.recall
        recaller = rm._ensure()
        recaller.config = replace(recaller.config, overlap_model=overlap)

        def record(a) -> None:  # type: ignore[no-untyped-def]
            out.append(([(r.unit.object_id, repr(r.score)) for r in a.units],
                        a.context, a.context_tokens))

        for text in INSTRUCTIONS:
            record(rm.recall(text, 5, 600, now=NOW))
            record(rm.recall(text, 3, 600, now=NOW, per_subtask=True))
        for e, text in enumerate(INSTRUCTIONS[:3]):
            for step in STEPS:
                record(rm.recall(text, 3, 600, f"ep{e}",
                                 brief_from_fields(step, robot_area="kitchen"), now=NOW))
        assert (recaller.overlapped_calls > 0) is overlap
        return out, list(recaller._query_cache)
    finally:
        memory.close()


def test_answers_and_the_query_cache_are_the_same_with_the_overlap(
        tmp_path: Path, embedder: Embedder) -> None:
    """Every answer (ids, exact scores, context) and the query cache's LRU order, with the
    model call on the worker and inline: the same batches, the same bytes."""
    on, on_cache = _answers(tmp_path / "on", embedder, True)
    off, off_cache = _answers(tmp_path / "off", embedder, False)
    assert on == off
    assert on_cache == off_cache
    assert sum(bool(a[0]) for a in on) >= 8  # not an empty comparison


@pytest.mark.parametrize("overlap", [True, False])
def test_a_failed_model_call_is_raised_and_nothing_of_it_stays_cached(
        embedder: Embedder, monkeypatch: pytest.MonkeyPatch, overlap: bool) -> None:
    recaller = Recaller(embedder, config=RecallConfig(overlap_model=overlap))
    units = _units()
    recaller.rank("bring me the mug", units, 3, units_key=1)
    real_embed = embedder.embed
    monkeypatch.setattr(embedder, "embed",
                        lambda ts: np.full((len(ts), embedder.dim), np.nan, np.float32))
    for _ in range(2):  # the second request asks the model again: no failed call is kept
        with pytest.raises(ValueError, match="non-finite"):
            recaller.rank("put the red apple in the fridge", units, 3, units_key=1)
        assert "put the red apple in the fridge" not in recaller._query_cache
    monkeypatch.setattr(embedder, "embed", real_embed)
    ranked = recaller.rank("put the red apple in the fridge", units, 3, units_key=1)
    assert {r.unit.label for r in ranked} >= {"Apple", "Fridge"}


def test_the_server_stage_times_keep_the_ranking_own_time(tmp_path: Path,
                                                          embedder: Embedder) -> None:
    """With the call beside the ranking, /memory/stats says how much of it was hidden, and
    the ranking stage is not shortened by it."""
    memory = Memory(MemorySettings(memory_dir=str(tmp_path / "m"), durability="normal",
                                   short_term=ShortTermSettings(capacity=200)),
                    embedder=embedder)
    try:
        for u in _units():
            memory.upsert_object(u)
        for text in INSTRUCTIONS:
            memory.recall.recall(text, 5, 600, now=NOW)
        counters = memory.recall.times.counters("recall.")
    finally:
        memory.close()
    assert "recall.wall_us.instruction.model_hidden.median" in counters
    assert counters["recall.wall_us.instruction.rank.median"] > 0


def test_one_model_thread_for_the_process_and_dropping_a_recaller_ends_none(
        embedder: Embedder) -> None:
    """The worker is the process's: a recaller dropped ends no thread (a thread ending
    frees objects at a moment nobody chose: inside the server's heap settle it changed
    the frozen count under test_heap_settle)."""
    import gc

    def model_threads() -> list[threading.Thread]:
        return [t for t in threading.enumerate() if t.name.startswith("recall-model")]

    units = _units()
    for text in ("bring me the mug", "open the fridge"):
        r = Recaller(embedder)
        r.rank(text, units, 3, units_key=1)
        assert r.overlapped_calls == 1
    threads = model_threads()
    assert len(threads) == 1
    del r
    gc.collect()
    assert model_threads() == threads and threads[0].is_alive()
