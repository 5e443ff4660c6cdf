"""Round 58 (issue 11, parts 1-2): the fitted fixture's nearest-fixture lookup read from the
index. Round 57 found the lookup scanned every row's type per fixture and per partner and
gathered positions in Python (0.23 ms a call, a fill step x1.11 CPU with 16 water fixtures
in 10,000 units). Now ``UnitIndex`` keeps each type's live rows and each row's position,
on the writes that touch them (put, remove, and a unit moved without a new description),
and the keyed ranking over every unit it holds reads the few rows of the types asked; a
step's few candidates are matched by type id. The answer is the same either way."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from wordnet_data import needs_wordnet

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.index import UnitIndex
from memory_node.core.recall.recall import FITTED_MARK, RecallConfig, Recaller
from memory_node.core.units import ObjectMemoryUnit as Unit

KITCHEN = {"Cabinet": 0.0, "Kettle": 9.0, "Pot": 8.5, "Mug": 3.0, "SinkBasin": 5.0,
           "Sink": 5.5, "Faucet": 5.2, "CoffeeMachine": 9.5, "StoveBurner": 8.0,
           "CounterTop": 2.0, "Microwave": 1.0, "Toaster": 7.0, "Fridge": 11.0}
TEXT = "Fill the kettle and put it on, they'll want tea the moment they're in."


def room(where: dict[str, float]) -> list[Unit]:
    return [Unit(f"{t}_1", t, (x, 0.9, 0.0), area_id="room") for t, x in where.items()]


def fitted_labels(rec: Recaller, units: list[Unit], key: object) -> list[str]:
    return [r.unit.label for r in rec.score_all(TEXT, units, units_key=key)
            if any(m.endswith(FITTED_MARK) for m in r.matched)]


def test_the_index_keeps_each_types_rows_and_their_positions() -> None:
    index = UnitIndex(4)
    empty: frozenset[str] = frozenset()
    a = index.put("a", "faucet", "a", empty, empty, (1.0, 0.0, 0.0))
    index.put("b", "faucet", "b", empty, empty, (2.0, 0.0, 0.0))
    index.put("c", "sink", "c", empty, empty, (3.0, 0.0, 0.0))
    faucet, sink = index.type_id("faucet"), index.type_id("sink")
    assert index.positions_of([faucet]).tolist() == [[1.0, 0.0, 0.0], [2.0, 0.0, 0.0]]
    assert index.positions_of([sink, faucet])[0].tolist() == [3.0, 0.0, 0.0]
    index.move(a, (1.5, 0.0, 0.5))                   # read again, not from a stale copy
    assert index.positions_of([faucet])[0].tolist() == [1.5, 0.0, 0.5]
    index.put("b", "sink", "b", empty, empty, (2.0, 0.0, 0.0))   # b is a sink now
    assert index.positions_of([faucet]).tolist() == [[1.5, 0.0, 0.5]]
    assert len(index.positions_of([sink])) == 2
    index.remove("a")
    assert index.positions_of([faucet]).shape == (0, 3)
    assert index.positions_of([index.type_id("never")]).shape == (0, 3)
    # A freed row reused by another type holds that one's position only.
    d = index.put("d", "pot", "d", empty, empty, (9.0, 0.0, 0.0))
    assert d == a and index.positions_of([index.type_id("pot")]).tolist() == [[9.0, 0.0, 0.0]]


def test_the_fitted_fixture_is_on_by_default() -> None:
    assert RecallConfig().fitted_fixtures


@needs_wordnet
def test_a_keyed_ranking_reads_the_types_rows_from_the_index(
        embedder: Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[int, ...]] = []
    inner = UnitIndex.positions_of

    def spy(self: UnitIndex, type_ids: tuple[int, ...]) -> np.ndarray:
        asked.append(tuple(type_ids))
        return inner(self, type_ids)

    monkeypatch.setattr(UnitIndex, "positions_of", spy)
    rec = Recaller(embedder, config=RecallConfig(fitted_fixtures=True))
    units = room(KITCHEN)
    assert fitted_labels(rec, units, 1) == ["SinkBasin"]
    assert asked  # every unit the index holds: its own rows of the types, no row scan
    asked.clear()
    # A step's few candidates (no key, a subset) are matched by type id instead.
    few = [u for u in units if u.label in ("Kettle", "Faucet", "Sink", "SinkBasin")]
    assert fitted_labels(rec, few, None) == ["SinkBasin"]
    assert not asked


@needs_wordnet
@pytest.mark.parametrize("keyed", [True, False])
def test_a_moved_faucet_moves_the_fitted_basin(embedder: Embedder, keyed: bool) -> None:
    # The faucet at 5.2: the basin (5.0) is nearest; moved to 5.4 (a new unit object, the
    # same description: no entry is rebuilt), the sink (5.5) is.
    rec = Recaller(embedder, config=RecallConfig(fitted_fixtures=True))
    units = room(KITCHEN)
    assert fitted_labels(rec, units, 1 if keyed else None) == ["SinkBasin"]
    moved = [replace(u, position=(5.4, 0.9, 0.0)) if u.label == "Faucet" else u
             for u in units]
    assert fitted_labels(rec, moved, 2 if keyed else None) == ["Sink"]
    # Both ways agree with a recaller that never saw the faucet elsewhere.
    fresh = Recaller(embedder, config=RecallConfig(fitted_fixtures=True))
    assert fitted_labels(fresh, moved, 3 if keyed else None) == ["Sink"]
