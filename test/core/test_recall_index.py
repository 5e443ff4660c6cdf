"""The vectorised scorer (UnitIndex) against the per-unit reference, its upkeep as units
change and leave, crop colours in SQLite across a restart, and a model that produces NaN."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.persistence.store import MemoryStore
from memory_node.core.recall.colour_store import CropColourStore
from memory_node.core.recall.describe import Describer
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.embedding_store import EmbeddingStore
from memory_node.core.recall.index import UnitIndex
from memory_node.core.recall.recall import RecallConfig, Recaller
from memory_node.core.recall.subtasks import recall_subtasks
from memory_node.core.recall_memory import RecallMemory
from memory_node.core.units import ObjectMemoryUnit as Unit

TYPES = ["Apple", "Mug", "Cabinet", "Fridge", "SinkBasin", "Faucet", "Knife", "Plate",
         "StoveBurner", "Microwave", "GarbageCan", "Television", "Sofa", "Book", "Bowl",
         "CoffeeMachine", "Kettle", "Pot", "Pan", "SoapBar", "Towel", "Pillow"]
COLOURS = ["red", "green", "blue", "white", "black", "yellow", ""]
STATES = ["none", "dirty", "cleaned", "closed", "opened", "sliced", "filled"]
AREAS = ["kitchen", "living room", "bathroom", "bedroom"]
INSTRUCTIONS = [
    "put the red apple in the fridge",
    "wash the dirty mug and leave it on the plate",
    "open all the cabinets",
    "warm up the soup",
    "bring me something to drink from",
    "throw the sliced apple in the trash",
    "turn on the telly in the living room",
    "pick up Mug_3 and put it in the sink",
    "make a cup of coffee",
    "what will the weather be tomorrow",
    "the blue green white",
]


def memory_units(n: int, seed: int = 5) -> list[Unit]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        t = rng.choice(TYPES)
        colour = rng.choice(COLOURS)
        out.append(Unit(f"{t}_{i}", t, (rng.uniform(0, 9), 0.9, rng.uniform(0, 9)),
                        state=rng.choice(STATES), area_id=rng.choice(AREAS),
                        attributes={"colour": colour} if colour else {}))
    return out


@pytest.fixture(scope="module")
def recallers(embedder: Embedder) -> tuple[Recaller, Recaller]:
    return (Recaller(embedder), Recaller(embedder, config=RecallConfig(vectorised=False)))


def _same(a: list, b: list) -> None:
    assert [r.unit.object_id for r in a] == [r.unit.object_id for r in b]
    for x, y in zip(a, b, strict=True):
        assert x.score == pytest.approx(y.score, abs=1e-5)
        assert x.lexical == y.lexical and x.matched == y.matched and x.named == y.named


@pytest.mark.parametrize("instruction", INSTRUCTIONS)
def test_vectorised_ranking_equals_the_per_unit_scorer(
        recallers: tuple[Recaller, Recaller], instruction: str) -> None:
    fast, loop = recallers
    units = memory_units(300)
    _same(fast.score_all(instruction, units), loop.score_all(instruction, units))
    for k in (1, 3, 8):
        _same(fast.rank(instruction, units, k), loop.rank(instruction, units, k))
    _same(fast.score_all(instruction, units, mode="unit_text"),
          loop.score_all(instruction, units, mode="unit_text"))
    _same(recall_subtasks(fast, instruction, units, 3).units,
          recall_subtasks(loop, instruction, units, 3).units)


def test_index_follows_changed_removed_and_new_units(embedder: Embedder) -> None:
    r = Recaller(embedder)
    units = memory_units(60)
    r.rank("put the red apple in the fridge", units, 3)
    rows = len(r.index)
    # A unit replaced by a changed copy is described and embedded again.
    apple = next(u for u in units if u.label == "Apple")
    units = [replace(u, attributes={"colour": "purple"}) if u is apple else u for u in units]
    computed = r.unit_cache.computed
    top = r.rank("the purple apple", units, 1)
    assert top[0].unit.object_id == apple.object_id and "purple" in top[0].matched
    assert r.unit_cache.computed == computed + 1 and len(r.index) == rows
    # Units that leave free their rows; newcomers reuse them; the index never mixes rows.
    gone = {u.object_id for u in units[:20]}
    assert r.retain({u.object_id for u in units[20:]}) == 20
    assert len(r.index) == rows - 20
    newcomers = [replace(u, object_id=f"New_{i}") for i, u in enumerate(units[:20])]
    live = units[20:] + newcomers
    reference = Recaller(embedder, config=RecallConfig(vectorised=False))
    for text in INSTRUCTIONS[:4]:
        got = r.score_all(text, live)
        assert not gone & {x.unit.object_id for x in got}
        _same(got, reference.score_all(text, live))


def test_object_named_by_id_is_a_token_not_a_substring() -> None:
    index = UnitIndex(4)
    for oid in ("Mug_1", "Mug_12", "apple|1.0|2"):
        index.put(oid, "mug", oid, frozenset(), frozenset())
    named = {index._ids[r] for r in index.rows_named_by_id("bring mug_12, then apple|1.0|2.")}
    assert named == {"Mug_12", "apple|1.0|2"}


def test_rows_with_a_word_are_those_word_counts_reaches() -> None:
    """The lexical half adds its word terms only on ``rows_with``'s rows (round 37): a row
    it missed would lose its colour or place evidence, one too many would cost only CPU."""
    index = UnitIndex(4)
    words = [frozenset({"colour:red"}), frozenset(), frozenset({"colour:red", "category:food"}),
             frozenset({"category:food"})]
    places = [frozenset(), frozenset({"kitchen"}), frozenset(), frozenset()]
    for i, (w, p) in enumerate(zip(words, places, strict=True)):
        index.put(f"Apple_{i}", "apple", f"apple {i}", w, p)
    index.put("Apple_1", "apple", "apple 1", frozenset({"colour:blue"}), frozenset())
    for said, at in ((["colour:red"], ["kitchen"]), (["category:food", "colour:blue"], []),
                     (["colour:green"], ["garden"])):
        want = (index.word_counts(said) + index.word_counts(at, places=True)) > 0
        got = index.rows_with(said, at)
        assert (np.zeros_like(want) if got is None else got).tolist() == want.tolist()
    assert index.rows_with(["colour:green"], ["garden"]) is None


def test_all_vectors_present_is_asked_again_after_any_write() -> None:
    """A step skips the per-row vector check when ``has_all_vectors`` says yes for its rows
    (round 38, kept per rows array and version): a yes kept past a changed text, a removed
    unit or a new array would rank a unit with no vector."""
    index = UnitIndex(4)
    for i in range(3):
        index.put(f"Cup_{i}", "cup", f"cup {i}", frozenset(), frozenset())
    rows = np.array([index.row(f"Cup_{i}") for i in range(3)], dtype=np.int64)
    assert not index.has_all_vectors(rows)
    vecs = np.eye(3, 4, dtype=np.float32)
    index.set_vectors(rows.tolist(), vecs)
    assert index.has_all_vectors(rows) and index.has_all_vectors(rows)
    index.put("Cup_1", "cup", "cup 1, chipped", frozenset(), frozenset())  # text changed
    assert not index.has_all_vectors(rows)
    assert index.missing_vectors(rows).tolist() == [False, True, False]
    index.set_vectors([int(rows[1])], vecs[1:2])
    assert index.has_all_vectors(rows)
    index.put("Cup_3", "cup", "cup 3", frozenset(), frozenset())  # another array: asked anew
    assert not index.has_all_vectors(np.append(rows, index.row("Cup_3")))
    index.remove("Cup_0")
    assert not index.has_all_vectors(rows)


def _crop(bgr: tuple[int, int, int], seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    img = np.clip(np.full((32, 32, 3), bgr, np.int16) + rng.integers(-8, 8, (32, 32, 3)),
                  0, 255).astype(np.uint8)
    return cv2.imencode(".jpg", img)[1].tobytes()


def test_restart_reads_colours_and_vectors_instead_of_recomputing(
        tmp_path: Path, embedder: Embedder) -> None:
    units = [Unit(f"Mug_{i}", "Mug", (i, 0, 0), area_id="kitchen",
                  image_jpeg=_crop((0, 0, 220) if i % 2 else (220, 0, 0), i))
             for i in range(12)]
    db = tmp_path / "memory.db"

    def fresh(store: MemoryStore, method: str | None = None) -> Recaller:
        colours = CropColourStore(store, method) if method else CropColourStore(store)
        return Recaller(embedder, Describer(colour_store=colours),
                        embedding_store=EmbeddingStore(store, embedder.model_id, embedder.dim))

    store = MemoryStore(db)
    first = fresh(store)
    before = first.rank("the red mug", units, 3)
    # 12 crops decoded; 2 distinct texts embedded (a red mug, a blue mug in the kitchen).
    assert first.describer.decoded == 12 and first.unit_cache.computed == 2
    assert {r.unit.object_id for r in before} <= {f"Mug_{i}" for i in range(1, 12, 2)}
    store.close()

    store = MemoryStore(db)  # the restart: nothing decoded, nothing embedded
    again = fresh(store)
    _same(again.rank("the red mug", units, 3), before)
    assert again.describer.decoded == 0 and again.unit_cache.computed == 0
    # Colours of another colour method are never read: decoded again, same answer.
    other = fresh(store, "another_method")
    _same(other.rank("the red mug", units, 3), before)
    assert other.describer.decoded == 12
    store.close()


class NanEmbedder(Embedder):
    """The real model, with its output poisoned from a switch on (a broken model file)."""

    poisoned = False

    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        out = super()._embed_batch(texts)
        if self.poisoned:
            out[:] = np.nan
        return out


def test_model_producing_nan_is_a_clear_error_and_stores_nothing(tmp_path: Path) -> None:
    embedder = NanEmbedder()
    memory = Memory(MemorySettings(memory_dir=str(tmp_path), durability="normal",
                                   short_term=ShortTermSettings(capacity=100)))
    memory.recall = RecallMemory(memory.short_term, memory.recall.settings, embedder=embedder)
    for u in memory_units(20):
        memory.upsert_object(u)
    good = memory.recall.recall("put the red apple in the fridge", 3, 300)
    stored = EmbeddingStore(memory.short_term.store, embedder.model_id, embedder.dim).count()
    embedder.poisoned = True
    with pytest.raises(ValueError, match="non-finite"):
        memory.recall.recall("wash the dirty mug", 3, 300)       # a new query vector
    memory.upsert_object(Unit("Kettle_99", "Kettle", (1, 1, 1), area_id="kitchen"))
    with pytest.raises(ValueError, match="non-finite"):
        memory.recall.recall("put the red apple in the fridge", 3, 300)  # a new unit vector
    assert EmbeddingStore(memory.short_term.store, embedder.model_id,
                          embedder.dim).count() == stored
    embedder.poisoned = False
    again = memory.recall.recall("put the red apple in the fridge", 3, 300)
    assert [u.unit.object_id for u in again.units] == [u.unit.object_id for u in good.units]
    memory.close()


def test_a_part_named_after_a_whole_shares_its_place_unless_named(embedder: Embedder) -> None:
    r = Recaller(embedder, config=RecallConfig(group_parts=True))
    bathroom = [Unit("Bathtub_1", "Bathtub", (0, 0, 0), area_id="bathroom"),
                Unit("BathtubBasin_1", "BathtubBasin", (0, 0, 0.1), area_id="bathroom"),
                Unit("SoapBar_1", "SoapBar", (1, 0, 0), area_id="bathroom"),
                Unit("Towel_1", "Towel", (2, 0, 0), area_id="bathroom"),
                Unit("Toilet_1", "Toilet", (3, 0, 0), area_id="bathroom")]
    text = "scrub the bathtub with the soap, then hang up the towel"
    got = [x.unit.label for x in r.rank(text, bathroom, 4)]
    assert {"Bathtub", "SoapBar", "Towel"} <= set(got) and "BathtubBasin" not in got
    named = [x.unit.label for x in r.rank("put the soap in the bathtub basin", bathroom, 3)]
    assert "BathtubBasin" in named and "SoapBar" in named
    off = Recaller(embedder, config=RecallConfig(group_parts=False))
    assert "BathtubBasin" in [x.unit.label for x in off.rank(text, bathroom, 4)]


def test_rows_are_reused_per_version_and_rebuilt_on_any_change(tmp_path: Path,
                                                                embedder: Embedder) -> None:
    memory = Memory(MemorySettings(memory_dir=str(tmp_path), durability="normal",
                                   short_term=ShortTermSettings(capacity=100)))
    memory.recall = RecallMemory(memory.short_term, memory.recall.settings, embedder=embedder)
    for u in memory_units(30):
        memory.upsert_object(u)
    version = memory.short_term.version
    assert memory.recall.recall("the kettle on the stove", 3, 300).units is not None
    assert memory.short_term.version == version   # reading changes nothing
    memory.upsert_object(Unit("Teapot_77", "Teapot", (1, 1, 1), area_id="kitchen"))
    assert memory.short_term.version > version
    got = memory.recall.recall("fill the teapot", 3, 300)
    assert got.units[0].unit.object_id == "Teapot_77"
    memory.remove_object("Teapot_77")
    assert "Teapot_77" not in {u.unit.object_id
                               for u in memory.recall.recall("fill the teapot", 3, 300).units}
    memory.close()


def test_query_vectors_in_one_batch_equal_one_by_one_and_the_cache_is_bounded(
        embedder: Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    import memory_node.core.recall.recall as recall_module

    texts = ["wash the mug", "leave it on the plate next to the red apple", "wash the mug"]
    one_by_one = np.stack([embedder.embed_one(t) for t in texts])
    recaller = Recaller(embedder)
    calls: list[int] = []
    real_embed = embedder.embed
    monkeypatch.setattr(embedder, "embed", lambda ts: calls.append(len(ts)) or real_embed(ts))
    batched = np.stack(recaller.embed_queries(texts))
    assert calls == [2]  # one model call, each distinct text once
    np.testing.assert_array_equal(batched, one_by_one)
    recaller.embed_query("wash the mug")
    assert calls == [2]  # cached
    monkeypatch.setattr(recall_module, "QUERY_CACHE_SIZE", 2)
    recaller.embed_queries(["open the fridge"])
    assert list(recaller._query_cache) == ["wash the mug", "open the fridge"]  # LRU order


def test_the_per_type_cut_before_diversity_keeps_the_selection(
        recallers: tuple[Recaller, Recaller]) -> None:
    fast, _ = recallers
    units = memory_units(600, seed=9)
    floor = fast.config.min_score
    cut_any = False
    mugs = [u.object_id for u in units if u.label == "Mug"]
    by_id = [f"put {mugs[-1]} next to the mug", f"put {mugs[-1]} and {mugs[-2]} with the mugs",
             f"bring me the apple and {mugs[5]}"]
    for text in [*INSTRUCTIONS, "bring me the mugs and the plates", "the apples please",
                 *by_id]:
        scored = fast.scored(text, units)

        def items(idx: np.ndarray, s=scored) -> list:  # type: ignore[no-untyped-def]
            return [(int(i), s.units[i].object_id, s.units[i].label,
                     s._entries[i].description.type_name, float(s.total[i]),
                     bool(s.lexical.named[i])) for i in idx]

        full = scored.candidate_array(floor)
        for k in (1, 3, 5, 8):
            cut = scored.candidate_array(floor, per_type=k)
            cut_any |= len(cut) < len(full)
            assert set(cut.tolist()) <= set(full.tolist())
            assert (fast._select(text, items(cut), k, floor)
                    == fast._select(text, items(full), k, floor)), (text, k)
    assert cut_any  # the cut did drop candidates (about 27 units of each type here)


def test_a_keyless_scoring_keeps_the_keyed_rows_unless_it_rebuilt_an_entry(
        embedder: Embedder, monkeypatch: pytest.MonkeyPatch) -> None:
    """A state-conditioned step scores its few candidates without a units key; that used to
    drop the keyed rows, so the next whole ranking walked all units again (10,000 at scale).
    It keeps them now, except when the keyless call rebuilt an entry the rows may hold."""
    recaller = Recaller(embedder)
    units = memory_units(300, seed=3)
    walks: list[int] = []
    real = recaller._entries_for
    monkeypatch.setattr(recaller, "_entries_for",
                        lambda us, *a, **kw: walks.append(len(us)) or real(us, *a, **kw))
    before = recaller.rank(INSTRUCTIONS[0], units, 5, units_key=1)
    recaller.score_all("open the fridge", units[:12])           # same units: nothing rebuilt
    walks.clear()
    again = recaller.rank(INSTRUCTIONS[0], units, 5, units_key=1)
    assert walks == []                                          # the keyed rows were kept
    assert [(r.unit.object_id, r.score) for r in again] \
        == [(r.unit.object_id, r.score) for r in before]
    changed = replace(units[0], state="dirty" if units[0].state != "dirty" else "cleaned")
    recaller.score_all("open the fridge", [changed])            # rebuilds units[0]'s entry
    walks.clear()
    recaller.rank(INSTRUCTIONS[0], units, 5, units_key=1)
    assert walks == [300]                                       # walked again: not stale
    assert recaller._entries[units[0].object_id].unit is units[0]
