"""Round 82: a request's stage times and its total reach the statistics together.

The stats timer reads `RecallMemory.times` on another thread than the request. With a
request's stages added one by one and its total after them, a read in between saw a
stage's window one request ahead of the total's, and `/memory/stats` then showed the
ranking's median above the whole request's (the CI run of round 82's first suite:
`test_stats_say_where_recall_time_goes`, "rank 24561 >= total 28318").
"""

from __future__ import annotations

import threading
from pathlib import Path
from types import TracebackType

from recall_rooms import kitchen_memory

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall_memory import brief_from_fields

NOW = 1_700_000_500.0


class _WatchedLock:
    """The stats' lock, recording on every release what a reader could see then."""

    def __init__(self, counts: dict[tuple[str, str], int], seen: list[dict[str, int]]) -> None:
        self._lock = threading.Lock()
        self._counts = counts
        self._seen = seen

    def __enter__(self) -> bool:
        return self._lock.__enter__()

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._seen.append({name: n for (table, name), n in self._counts.items()
                           if table == "wall_us"})
        self._lock.__exit__(kind, exc, tb)


def test_a_reader_never_sees_a_requests_stages_without_its_total(
        tmp_path: Path, embedder: Embedder) -> None:
    memory = kitchen_memory(tmp_path / "m", embedder, NOW)
    try:
        rm = memory.recall
        seen: list[dict[str, int]] = []
        rm.times._lock = _WatchedLock(rm.times._added, seen)  # type: ignore[assignment]
        rm.recall("wash the mug in the sink, then put the apple in the fridge", 3, 600,
                  now=NOW)
        rm.recall("put the apple in the fridge", 3, 600, now=NOW, per_subtask=True)
        rm.recall("make toast", 3, 600, now=NOW, episode_id="ep-1",
                  brief=brief_from_fields("pick up the bread"))
        kinds = {name.rsplit(".", 2)[0] for state in seen for name in state
                 if name.endswith(".total")}
        assert len(kinds) >= 2, kinds
        for state in seen:
            for kind in kinds:
                total = state.get(f"{kind}.total", 0)
                for stage in ("check", "lock", "snapshot", "sources", "model", "rank",
                              "context", "prefetch"):
                    assert state.get(f"{kind}.{stage}", 0) == total, (kind, stage, state)
    finally:
        memory.close()
