"""RecallMemory: the recall the server serves, over a real short-term memory and SQLite."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from memory_node.core.errors import ErrorCode
from memory_node.core.memory import Memory
from memory_node.core.memory_settings import MemorySettings, ShortTermSettings
from memory_node.core.perception.observation import Observation
from memory_node.core.recall.describe import HELD_BY_ROBOT
from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon
from memory_node.core.recall_memory import (
    RecallMemory,
    RecallSettings,
    brief_from_fields,
)
from memory_node.core.short_term import ShortTermMemory
from memory_node.core.units import ObjectMemoryUnit as Unit

INSTRUCTION = "put the red apple in the fridge"


def house() -> list[Unit]:
    return [
        Unit("Apple_1", "Apple", (1, 0.9, 1), attributes={"colour": "red"}, area_id="kitchen"),
        Unit("Apple_2", "Apple", (2, 0.9, 1), attributes={"colour": "green"},
             area_id="kitchen"),
        Unit("Fridge_1", "Fridge", (3, 0, 1), state="closed", area_id="kitchen"),
        Unit("Mug_1", "Mug", (0, 0.9, 1), state="dirty", area_id="kitchen"),
        Unit("Sofa_1", "Sofa", (5, 0, 5), area_id="living room"),
        Unit("Book_1", "Book", (6, 0.5, 5), area_id="living room"),
        Unit("Pillow_1", "Pillow", (5, 0.5, 5), area_id="living room"),
    ]


@pytest.fixture()
def memory(tmp_path: Path, embedder: Embedder) -> Memory:
    m = Memory(MemorySettings(memory_dir=str(tmp_path), durability="normal",
                              short_term=ShortTermSettings(capacity=200)))
    # Share the module's model: loading it is the slow part.
    m.recall = RecallMemory(m.short_term, m.recall.settings, embedder=embedder)
    for u in house():
        m.upsert_object(u)
    yield m
    m.close()


def test_facade_attaches_recall_lazily(tmp_path: Path) -> None:
    m = Memory(MemorySettings(memory_dir=str(tmp_path),
                              recall=RecallSettings(max_episodes=3)))
    assert not m.recall.loaded and m.recall.settings.max_episodes == 3
    m.close()


def test_instruction_recall_ranks_and_fits_budget(memory: Memory) -> None:
    answer = memory.recall.recall(INSTRUCTION, k=3, token_budget=200)
    ids = [r.unit.object_id for r in answer.units]
    assert ids[0] == "Apple_1" and "Fridge_1" in ids
    assert 0 < answer.context_tokens <= 200 and "Apple_1:" in answer.context
    assert answer.units[0].description.startswith("Apple_1:")
    assert not answer.nothing_relevant and answer.mode == "instruction"
    assert answer.long_term_text == ""  # no long-term memory wired


def test_irrelevant_instruction_says_nothing(memory: Memory) -> None:
    answer = memory.recall.recall("what is the capital of France", k=3, token_budget=200)
    assert answer.nothing_relevant and "nothing relevant" in answer.context


def test_long_term_text_comes_from_the_callable(memory: Memory) -> None:
    seen: list[tuple] = []

    def render(labels, areas, budget):  # the scene graph's own budgeted text
        seen.append((tuple(labels), tuple(areas), budget))
        return "kitchen: Fridge_1, Apple_1\nliving room: Sofa_1"

    memory.recall.long_term_text = render
    answer = memory.recall.recall(INSTRUCTION, k=3, token_budget=300)
    assert answer.long_term_text.startswith("kitchen: Fridge_1")
    assert "Apple" in seen[0][0] and "kitchen" in seen[0][1] and seen[0][2] < 300
    assert answer.context_tokens <= 300


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"instruction": ""}, "instruction is empty"),
    ({"instruction": "x" * 5000}, "characters long"),
    ({"k": 0}, "k must be at least 1"),
    ({"k": 10**6}, "exceeds the maximum"),
    ({"token_budget": 0}, "token_budget must be at least 1"),
])
def test_bad_requests(memory: Memory, kwargs: dict, message: str) -> None:
    args = {"instruction": INSTRUCTION, "k": 3, "token_budget": 200} | kwargs
    with pytest.raises(ValueError, match=message):
        memory.recall.recall(**args)


def test_step_mode_needs_an_episode_and_a_sane_brief(memory: Memory) -> None:
    brief = brief_from_fields("open the fridge")
    with pytest.raises(ValueError, match="episode_id is empty"):
        memory.recall.recall(INSTRUCTION, 3, 200, episode_id=" ", brief=brief)
    with pytest.raises(ValueError, match="not a known skill"):
        brief_from_fields("open the fridge", last_skill="teleport")
    with pytest.raises(ValueError, match="characters"):
        brief_from_fields("x" * 600)
    with pytest.raises(ValueError, match="characters"):
        brief_from_fields("open", held_object="A" * 500)
    with pytest.raises(ValueError, match="last_skill_message"):
        brief_from_fields("open", last_skill="pick", last_message="m" * 5000)
    assert brief_from_fields("open", last_succeeded=True).last_result == ""
    assert brief_from_fields("open", last_skill="pick", last_args=["Apple_1"]).last_result \
        == "failure"


def test_step_mode_fewer_units_then_nothing(memory: Memory) -> None:
    r = memory.recall
    dump = r.recall(INSTRUCTION, k=5, token_budget=400)
    step = r.recall(INSTRUCTION, 3, 400, "ep1", brief_from_fields("open the fridge"))
    assert [u.unit.object_id for u in step.units] == ["Fridge_1"]
    assert step.units[0].reason and 0 < step.context_tokens < dump.context_tokens
    quiet = r.recall(INSTRUCTION, 3, 400, "ep1",
                     brief_from_fields("navigate to the hallway", robot_area="kitchen"))
    assert quiet.nothing_relevant and quiet.context == "" and quiet.context_tokens == 0


def test_outcome_put_moves_and_persists(memory: Memory, tmp_path: Path) -> None:
    r = memory.recall
    picked = r.record_outcome("ep1", "pick", ["Apple_1"], True, robot_area="kitchen",
                              robot_position=(1.0, 0.5, 1.0))
    assert picked.held_object == "Apple_1"
    assert memory.short_term.peek("Apple_1").receptacle_id == HELD_BY_ROBOT
    put = r.record_outcome("ep1", "put", ["Apple_1", "Fridge_1"], True)
    # The fridge memory had closed was open (a put's receptacle must be, per the skill table).
    (before, after), (fridge_before, fridge_after) = put.changed
    assert (fridge_before.state, fridge_after.state) == ("closed", "opened")
    assert before.receptacle_id == HELD_BY_ROBOT
    assert after.receptacle_id == "Fridge_1" and after.position == (3.0, 0.0, 1.0)
    assert after.source == "outcome" and put.held_object == ""
    steps = r.working_memory("ep1")
    assert [(s.skill, s.held_object) for s in steps] == [("pick", "Apple_1"), ("put", "")]
    memory.close()
    reopened = ShortTermMemory(200, store=memory.store.__class__(tmp_path / "memory.sqlite"))
    assert reopened.peek("Apple_1").receptacle_id == "Fridge_1"


def test_failed_pick_not_found_marks_absent(memory: Memory) -> None:
    # Decided on the code, never on the text: "not found" in a message means nothing.
    out = memory.recall.record_outcome("ep1", "pick", ["Mug_1"], False, "gripper closed on air",
                                       error_code=ErrorCode.NOT_FOUND)
    assert out.changed[0][1].state == "absent"
    nothing = memory.recall.record_outcome("ep1", "pick", ["Apple_2"], False, "not found",
                                           error_code=ErrorCode.PRECONDITION_FAILED)
    assert nothing.changed == [] and memory.short_term.peek("Apple_2").state == "none"


def test_failed_navigate_not_found_marks_absent(memory: Memory) -> None:
    # The world refused to go to the mug: nothing of the kind near where memory has it.
    # Left as it was, the planner was sent back to the same empty spot after an explore.
    out = memory.recall.record_outcome("ep1", "navigate", ["Mug_1"], False, "nothing there",
                                       error_code=ErrorCode.NOT_FOUND)
    assert [(before.object_id, after.state) for before, after in out.changed] == [
        ("Mug_1", "absent")]
    # Any other failure (blocked path) says nothing about the object; a room is no object.
    nothing = memory.recall.record_outcome("ep1", "navigate", ["Apple_2"], False, "blocked",
                                           error_code=ErrorCode.PRECONDITION_FAILED)
    assert nothing.changed == [] and memory.short_term.peek("Apple_2").state == "none"
    room = memory.recall.record_outcome("ep1", "navigate", ["kitchen"], False, "no room",
                                        error_code=ErrorCode.NOT_FOUND)
    assert room.changed == []


def test_pick_while_holding_warns(memory: Memory) -> None:
    r = memory.recall
    r.record_outcome("ep2", "pick", ["Apple_1"], True)
    out = r.record_outcome("ep2", "pick", ["Mug_1"], True)
    assert any("already holding Apple_1" in w for w in out.warnings)
    # The step after: a brief state that forgot what the gripper holds is flagged.
    step = r.recall("bring the mug", 3, 300, "ep2", brief_from_fields("go to the sofa"))
    assert any("holding" in w for w in step.warnings)


def test_bad_outcomes_change_nothing(memory: Memory) -> None:
    before = {u.object_id: u for u in memory.short_term.units()}
    for args in [("ep", "teleport", ["Apple_1"], True), ("ep", "pick", ["Ghost_9"], True),
                 ("ep", "put", ["Apple_1"], True), ("ep", "put", ["Apple_1", "Nope"], True),
                 ("ep", "pick", ["Apple_1"], True, "x" * 3000), ("e" * 300, "pick", ["Apple_1"],
                                                                 True)]:
        with pytest.raises(ValueError):
            memory.recall.record_outcome(*args)
    assert {u.object_id: u for u in memory.short_term.units()} == before
    assert memory.recall.working_memory("ep") == []


def test_episodes_are_bounded(memory: Memory) -> None:
    r = memory.recall
    r.configure(RecallSettings(max_episodes=2))
    for i in range(5):
        r.record_outcome(f"ep{i}", "navigate", ["kitchen"], True)
    assert r.open_episodes == 2 and r.working_memory("ep0") == [] and r.working_memory("ep4")
    r.configure(RecallSettings(max_episodes=2, working_memory_window=2))
    for _ in range(5):
        r.record_outcome("ep9", "navigate", ["kitchen"], True)
    assert len(r.working_memory("ep9")) == 2


def test_free_text_query_and_cache_pruning(memory: Memory) -> None:
    r = memory.recall
    found = r.query_text("the dirty cup")  # vague: no label word, a state word
    assert [c.object_id for c in found][:1] == ["Mug_1"]
    assert r.query_text("the capital of France") == []
    near = r.query_text("apple", near=(2.0, 0.9, 1.0))
    assert [c.object_id for c in near][:2] == ["Apple_2", "Apple_1"]
    with pytest.raises(ValueError, match="max_results"):
        r.query_text("apple", max_results=10**6)
    # Removed units leave the embedding caches once the cache is clearly larger.
    for i in range(80):
        memory.upsert_object(Unit(f"Box_{i}", "Box", (0, 0, i / 10)))
    r.recall("the box", 3, 200)
    for i in range(80):
        memory.remove_object(f"Box_{i}")
    r.recall("the box", 3, 200)
    assert r._recaller.cached_units() <= len(memory.short_term)  # type: ignore[union-attr]


def test_embed_pending_in_slices(memory: Memory) -> None:
    r = memory.recall
    done = 0
    while (n := r.embed_pending(3)):
        assert n <= 3
        done += n
    assert done == len(house()) and r.embed_pending(3) == 0


def test_a_frame_that_evicts_never_waits_for_recall(tmp_path: Path) -> None:
    # The start-up preload (a thread) holds recall's lock and then takes the long-term
    # lock for the scene graph's text key; a camera frame holds the long-term lock and
    # evicts a unit. The eviction listener took recall's lock: each thread waited for the
    # other for good. A frame must finish while recall's lock is held.
    m = Memory(MemorySettings(memory_dir=str(tmp_path), durability="normal",
                              short_term=ShortTermSettings(capacity=2, policy="fifo")))
    done = threading.Event()

    def frames() -> None:
        for k, label in enumerate(("Apple", "Mug", "Book", "Bowl", "Vase"), 1):
            m.long_term.apply([Observation.at(label, (2.0 * k, 0.0, 0.9), float(k))], None,
                              float(k))
        done.set()

    try:
        with m.recall._lock:
            worker = threading.Thread(target=frames, daemon=True)
            worker.start()
            finished = done.wait(timeout=30)
        worker.join(timeout=30)
        assert finished, "a frame waited for recall's lock while holding the long-term lock"
        assert m.short_term.evictions >= 3
        # The evicted units are forgotten by the next request, not kept in its caches.
        answer = m.recall.recall("the vase", k=3, token_budget=200)
        assert {r.unit.object_id for r in answer.units} <= {u.object_id
                                                            for u in m.short_term.units()}
    finally:
        m.close()


def test_a_read_in_the_middle_of_a_write_is_not_kept(embedder: Embedder) -> None:
    # The start-up preload reads the short-term memory on its own thread (holding recall's
    # lock only) while frames write it on the executor thread (holding the long-term lock
    # only). The version moved before the write did: a read in between filed the old unit
    # set under the new version, and every later request reused it until the next write
    # (the new unit missing, the evicted one recalled). The read is made here at that
    # point, from the admission's utility callback, which W-TinyLFU calls mid-write.
    st = ShortTermMemory(3, "wtinylfu", utility_weight=1.0)
    recall = RecallMemory(st, embedder=embedder)
    for k, label in enumerate(("Apple", "Book", "Pillow")):
        st.upsert(Unit(f"{label}_1", label, (float(k), 0.0, 0.9)))
    reads: list[int] = []

    def read_mid_write(object_id: str) -> float:
        if not reads:
            reads.append(len(recall.recall("the vase", k=3, token_budget=200).units))
        return 0.5

    st.utility_of = read_mid_write
    for k, label in enumerate(("Vase", "Sofa", "Mug")):
        st.upsert(Unit(f"{label}_1", label, (5.0 + k, 0.0, 0.9)))
        if reads:
            break
    assert reads, "the write never asked for a unit's utility: nothing was read mid-write"
    live = {u.object_id for u in st.units()}
    answer = recall.recall("the vase", k=3, token_budget=200)
    got = {r.unit.object_id for r in answer.units}
    assert got <= live, f"recalled units no longer stored: {sorted(got - live)}"
    assert "Vase_1" not in live or "Vase_1" in got


def test_a_prefetch_slice_never_waits_for_the_preload(memory: Memory) -> None:
    # The prefetch timer runs on the server's only executor thread; its first tick came
    # while the start-up preload (another thread) held recall's lock, and waited there for
    # the whole preload: no frame and no service was handled meanwhile.
    r = memory.recall
    answered: list[int] = []
    with r._lock:
        worker = threading.Thread(target=lambda: answered.append(r.embed_pending(3)),
                                  daemon=True)
        worker.start()
        worker.join(timeout=30)
        assert not worker.is_alive(), "a prefetch slice waited for recall's lock"
    assert answered == [-1]  # busy: nothing done, the next slice tries again
    assert r.embed_pending(3) == 3


def _watch_common_words(monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event,
                                                                   threading.Event]:
    """(the skill verbs warmed, the common words started), for lexicon loads from now on."""
    verbs_warm, words_started = threading.Event(), threading.Event()
    warm_verbs, warm_words = Lexicon.warm_verbs, Lexicon.warm_words
    loaders: set[threading.Thread] = set()

    def verbs(self: Lexicon, targets: object) -> None:
        warm_verbs(self, targets)  # type: ignore[arg-type]
        loaders.add(threading.current_thread())
        verbs_warm.set()

    def words(self: Lexicon, ws: object) -> int:
        if threading.current_thread() in loaders:
            words_started.set()
        return warm_words(self, ws)  # type: ignore[arg-type]

    monkeypatch.setattr(Lexicon, "warm_verbs", verbs)
    monkeypatch.setattr(Lexicon, "warm_words", words)
    return verbs_warm, words_started


def test_the_common_words_wait_for_the_preload(memory: Memory,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # The lexicon's common words only speed up later requests; every recall waits for the
    # preload. At a server's start they shared the GIL with it and the first recall came
    # ~0.4 s of CPU later (bench/README_recall.md, round 44): now they wait for it.
    verbs_warm, words_started = _watch_common_words(monkeypatch)
    r = memory.recall
    assert not r.loaded
    r.warm_up(preload_follows=True)
    assert verbs_warm.wait(timeout=60)
    assert not words_started.wait(timeout=1.0), "the common words did not wait"
    r.preload()
    assert words_started.wait(timeout=60)


def test_the_common_words_wait_for_a_failed_preload_only_until_it_ends(
        memory: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    verbs_warm, words_started = _watch_common_words(monkeypatch)
    r = memory.recall
    r.warm_up(preload_follows=True)

    def unreadable() -> object:
        raise RuntimeError("graph unreadable")

    r.long_term_text = memory.long_term.scene_graph_text
    r.long_term_key = unreadable
    with pytest.raises(RuntimeError, match="graph unreadable"):
        r.preload()
    assert verbs_warm.wait(timeout=60) and words_started.wait(timeout=60)


def test_without_a_preload_the_common_words_do_not_wait(
        memory: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    _, words_started = _watch_common_words(monkeypatch)
    memory.recall.warm_up()
    assert words_started.wait(timeout=60)


def test_a_failed_preload_leaves_recall_to_the_first_request(memory: Memory) -> None:
    # The preload runs on its own thread and its failure is only logged: it must leave
    # recall's lock free and nothing half-built that a request would trust.
    r = memory.recall
    r.long_term_text = memory.long_term.scene_graph_text
    failures: list[str] = []

    def key() -> object:
        if not failures:
            failures.append("graph unreadable")
            raise RuntimeError("graph unreadable")
        return memory.long_term.text_key()

    r.long_term_key = key
    raised: list[Exception] = []

    def run_preload() -> None:
        try:
            r.preload()
        except RuntimeError as exc:
            raised.append(exc)

    preload = threading.Thread(target=run_preload, daemon=True)
    preload.start()
    preload.join(timeout=30)
    assert not preload.is_alive() and [str(e) for e in raised] == ["graph unreadable"]
    answers: list[list[str]] = []
    request = threading.Thread(target=lambda: answers.append(
        [u.unit.object_id for u in r.recall(INSTRUCTION, k=3, token_budget=300).units]),
        daemon=True)
    request.start()
    request.join(timeout=30)
    assert not request.is_alive(), "the failed preload left recall's lock held"
    assert answers and "Apple_1" in answers[0]


def test_stage_times_per_request_kind(memory: Memory) -> None:
    """/memory/stats shows where a request's time went: the model, the ranking, the context
    and the waits, per kind (a pool build apart from a warm step)."""
    r = memory.recall
    assert r.recall(INSTRUCTION, k=5, token_budget=400).kind == "instruction"
    assert r.recall(INSTRUCTION, 5, 400, per_subtask=True).kind == "subtask"
    assert r.recall(INSTRUCTION, 3, 400, "ep1", brief_from_fields("open the fridge")).kind \
        == "step_pool"
    assert r.recall(INSTRUCTION, 3, 400, "ep1", brief_from_fields("pick up the mug")).kind \
        == "step"
    counters = r.times.counters()
    for kind in ("instruction", "subtask", "step_pool", "step"):
        for stage in ("check", "lock", "snapshot", "sources", "model", "rank", "context"):
            assert f"wall_us.{kind}.{stage}.p99" in counters
            assert f"cpu_us.{kind}.{stage}.p99" not in counters   # not measured: not shown
        assert counters[f"wall_us.{kind}.total.median"] > 0
        assert f"cpu_us.{kind}.total.median" in counters
    assert counters["wall_us.instruction.model.median"] > 0      # a new text: the model ran
    assert counters["wall_us.step.model.median"] > 0
    with pytest.raises(ValueError):
        r.recall("", 5, 400)
    assert r.times.counters() == counters                      # a rejected request: no sample


def test_episodes_parse_the_precondition_rules_once(
        memory: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    import memory_node.core.recall_memory as recall_memory_module
    parsed: list[int] = []
    real = recall_memory_module.load_rules
    monkeypatch.setattr(recall_memory_module, "load_rules",
                        lambda: parsed.append(1) or real())
    r = memory.recall
    for i in range(3):
        r.recall(INSTRUCTION, 3, 400, f"ep{i}", brief_from_fields("open the fridge"))
        r.record_outcome("", "navigate", ["kitchen"], True)   # no episode: its own window
    assert parsed == [1]
    # Each episode still has its own working memory over the same rules.
    r.record_outcome("ep0", "pick", ["Mug_1"], True)
    assert [s.skill for s in r.working_memory("ep0")] == ["pick"]
    assert r.working_memory("ep1") == []
    warnings = r.record_outcome("ep0", "pick", ["Apple_1"], True).warnings
    assert warnings   # picking while holding the mug: the rules are in force
