"""The recall services of the memory server: /memory/recall and /memory/record_outcome.

A thin shell over `memory_node.core.recall_memory.RecallMemory` (owned by the facade):
declares the recall.* parameters, loads the embedding model once at start-up, converts
messages and publishes the events outcomes cause. Free-text /memory/query_object requests
are routed to the same object by the server's own query handler.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from memory_node.core.memory import Memory
from memory_node.core.recall.recall import MAX_INSTRUCTION_CHARS, MAX_K, MAX_TOKEN_BUDGET
from memory_node.core.recall.working_memory import MAX_WINDOW
from memory_node.core.recall_memory import MAX_EPISODES, RecallSettings, brief_from_fields
from memory_node.msg import WorkingMemoryStep
from memory_node.nodes.conversions import from_point, unit_to_msg
from memory_node.nodes.params import declare
from memory_node.srv import Recall, RecordOutcome

if TYPE_CHECKING:  # the server imports this module; only the type is needed here
    from memory_node.nodes.memory_server import MemoryServer

PREFETCH_PERIOD_S = 0.1


def recall_settings(node: MemoryServer, memory: Memory) -> RecallSettings:
    """Declare the recall.* parameters (defaults from the facade's config)."""
    c = memory.config
    return RecallSettings(
        model_path=declare(
            node, "recall.model_path", c.recall_model_path,
            "Embedding model (.onnx, BERT-style with mean pooling); empty = the packaged "
            "int8 all-MiniLM-L6-v2."),
        tokenizer_path=declare(
            node, "recall.tokenizer_path", "",
            "tokenizer.json of the embedding model; empty = the packaged MiniLM tokenizer."),
        intra_op_threads=declare(
            node, "recall.intra_op_threads", c.recall_intra_op_threads,
            "onnxruntime intra-op threads of the embedder (0 = onnxruntime default).", 0, 64),
        min_score=declare(
            node, "recall.min_score", float(c.recall_min_score),
            "Hybrid relevance floor: units scoring below it are not recalled, so an "
            "irrelevant instruction gets nothing_relevant=true.", -1.0, 3.0),
        max_episodes=declare(
            node, "recall.max_episodes", c.recall_max_episodes,
            "Open episodes kept (candidate pool + working memory each); the least recently "
            "used one is dropped beyond this.", 1, MAX_EPISODES),
        working_memory_window=declare(
            node, "recall.working_memory_window", c.recall_working_memory_window,
            "Steps each episode's working memory keeps for consistency warnings.", 1,
            MAX_WINDOW),
        pool_size=declare(
            node, "recall.pool_size", 12,
            "Candidates ranked once per episode for step-by-step recall.", 1, MAX_K),
        max_k=declare(
            node, "recall.max_k", 50, "Largest k a recall request may ask for.", 1, MAX_K),
        max_token_budget=declare(
            node, "recall.max_token_budget", 32_768,
            "Largest token_budget a recall request may ask for.", 1, MAX_TOKEN_BUDGET),
        max_instruction_chars=declare(
            node, "recall.max_instruction_chars", MAX_INSTRUCTION_CHARS,
            "Longest instruction (characters, after trimming) a recall request may carry.",
            1, MAX_INSTRUCTION_CHARS),
    )


def attach_recall_services(node: MemoryServer, memory: Memory) -> None:
    """Serve /memory/recall and /memory/record_outcome on `node`."""
    memory.recall.configure(recall_settings(node, memory))
    prefetch_batch = declare(
        node, "recall.prefetch_batch", 32,
        "Units embedded per 0.1 s tick after start-up so the first recall does not pay for "
        "all of them (0 = embed on first use only).", 0, 1000)
    try:
        seconds = memory.recall.warm_up()  # once, here: no request pays for loading it
    except Exception as exc:  # a bad model file must stop start-up (exit 2), not respawn
        raise RuntimeError(f"recall: cannot load the embedding model: {exc}") from exc
    node.get_logger().info(f"recall: embedding model ready in {seconds:.1f} s")

    def recall(request: Recall.Request, response: Any) -> None:
        brief = None
        if request.use_brief_state:
            b = request.brief_state
            brief = brief_from_fields(
                b.current_subgoal, b.held_object, b.robot_area, b.last_skill,
                list(b.last_skill_arguments), b.last_skill_succeeded, b.last_skill_message,
                list(b.recently_visited_areas))
        answer = memory.recall.recall(request.instruction, request.k, request.token_budget,
                                      request.episode_id, brief)
        response.units = [unit_to_msg(r.unit, r.description, r.score) for r in answer.units]
        response.long_term_text = answer.long_term_text
        response.context = answer.context
        response.context_tokens = answer.context_tokens
        response.warnings = answer.warnings
        response.working_memory = [
            WorkingMemoryStep(skill=s.skill, arguments=list(s.args), succeeded=s.succeeded,
                              message=s.message, held_object=s.held_object,
                              robot_area=s.robot_area)
            for s in answer.working_memory]
        response.nothing_relevant = answer.nothing_relevant
        what = ("nothing relevant" if answer.nothing_relevant
                else f"{len(answer.units)} unit(s)")
        cut = "; budget cut some lines" if answer.truncated else ""
        response.message = (f"{answer.mode} recall: {what}, {answer.context_tokens} tokens, "
                            f"{len(answer.warnings)} warning(s){cut}")

    def record_outcome(request: RecordOutcome.Request, response: Any) -> None:
        position = from_point(request.robot_position)
        # geometry_msgs/Point has no "unset": the exact origin means "position not given".
        answer = memory.recall.record_outcome(
            request.episode_id, request.skill, list(request.arguments), request.succeeded,
            request.message, request.robot_area,
            None if position == (0.0, 0.0, 0.0) else position)
        for before, after in answer.changed:
            node._publish_change(before, after)
        response.changed_units = [unit_to_msg(after) for _, after in answer.changed]
        response.warnings = answer.warnings
        response.message = (f"{request.skill.strip()}: {len(answer.changed)} unit(s) changed"
                            + (f", {len(answer.forgotten)} forgotten" if answer.forgotten
                               else ""))

    node._serve(Recall, "/memory/recall", recall)
    node._serve(RecordOutcome, "/memory/record_outcome", record_outcome)

    if prefetch_batch > 0:
        def prefetch() -> None:
            if memory.recall.embed_pending(prefetch_batch) == 0:
                timer.cancel()  # all embedded; new units are embedded when first recalled
        timer = node.create_timer(PREFETCH_PERIOD_S, prefetch)
