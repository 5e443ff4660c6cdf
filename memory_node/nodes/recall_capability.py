"""Recall as a capability of the memory server: memory/recall, memory/record_outcome and
memory/end_episode, and the memory/recall_ahead topic (std_msgs/String: an instruction whose
per-subtask recall will follow; its steps are embedded before that request arrives).

A thin shell over `memory_node.core.recall_memory.RecallMemory` (owned by the facade, built
from the `recall.*` settings): loads the embedding model once at start-up, converts
messages, and publishes the events outcomes cause. Free-text memory/query_object requests
are answered by the same object through the server's query handler.
"""

from __future__ import annotations

import gc
import threading
import time
from itertools import chain
from typing import Any

from rclpy.serialization import deserialize_message
from rclpy.timer import Timer
from std_msgs.msg import String

from memory_node.core.recall_memory import RecallMemory, brief_from_fields
from memory_node.msg import MemoryStats, WorkingMemoryStep
from memory_node.nodes.conversions import from_point, unit_to_msg
from memory_node.nodes.host import Capability, MemoryHost
from memory_node.nodes.qos import AHEAD_QOS
from memory_node.nodes.stats_counters import key_values
from memory_node.srv import EndEpisode, Recall, RecordOutcome

PREFETCH_PERIOD_S = 0.1
# memory/recall_ahead: a String's CDR is a 4-byte header, a 4-byte length, the UTF-8 bytes
# and a NUL; an instruction a recall accepts (max_instruction_chars characters) is at most 4
# bytes a character. Anything longer is refused on its bytes, before rclpy converts it.
AHEAD_CDR_OVERHEAD = 9
# After the preload the process holds ~200,000 long-lived objects (units, index, graph,
# WordNet senses); a full collection that walks them all paused a request for ~100 ms.
# Freezing them keeps the cyclic collector to what requests allocate; objects freed by
# reference counting are still freed.
FREEZE_GC_AFTER_PRELOAD = True


class RecallCapability(Capability):
    name = "recall"

    def configure(self, host: MemoryHost) -> None:
        self.host = host
        self.recall: RecallMemory = host.memory.recall
        try:
            # Once, here: no request pays for loading it.
            seconds = self.recall.warm_up(preload_follows=self.recall.settings.preload)
        except Exception as exc:  # a bad model file must stop start-up (exit 2), not respawn
            raise RuntimeError(f"recall: cannot load the embedding model: {exc}") from exc
        host.node.get_logger().info(f"recall: embedding model ready in {seconds:.1f} s")
        if self.recall.settings.preload:
            # Started before the other capabilities and the services: the index is built
            # while they start and while clients discover the services.
            threading.Thread(target=self._preload, name="recall-preload", daemon=True).start()
        host.serve(Recall, "memory/recall", self._recall)
        host.add_stats_contributor(self._fill_stats)
        host.serve(RecordOutcome, "memory/record_outcome", self._record_outcome)
        host.serve(EndEpisode, "memory/end_episode", self._end_episode)
        # Raw: an oversized text is refused on its length, before it is converted.
        host.node.create_subscription(
            String, host.require_topic_name("memory/recall_ahead", "recall ahead"),
            self._on_ahead, AHEAD_QOS, raw=True)
        self._timer: Timer | None = None
        batch = self.recall.settings.prefetch_batch
        if batch > 0:
            def prefetch() -> None:
                # -1: the preload holds recall's lock; this slice returns at once (it must
                # not park the executor thread) and the next tick tries again.
                if self.recall.embed_pending(batch) == 0 and self._timer is not None:
                    self._timer.cancel()  # all embedded; new units embed when first recalled
            self._timer = host.node.create_timer(PREFETCH_PERIOD_S, prefetch)

    def _preload(self) -> None:
        log = self.host.node.get_logger()
        try:
            with self.host.startup.stage("recall.preload"):
                seconds = self.recall.preload()
        except Exception as exc:  # noqa: BLE001 - the first recall builds it instead
            log.warning(f"recall: preload failed ({exc}); the first recall builds the index")
            return
        if FREEZE_GC_AFTER_PRELOAD:
            gc.freeze()
        log.info(f"recall: {len(self.recall.short_term)} unit(s) indexed in {seconds:.1f} s")

    def cleanup(self) -> None:
        if self._timer is not None:
            self._timer.cancel()

    def _recall(self, request: Recall.Request, response: Any) -> None:
        brief = None
        if request.use_brief_state:
            b = request.brief_state
            brief = brief_from_fields(
                b.current_subgoal, b.held_object, b.robot_area, b.last_skill,
                list(b.last_skill_arguments), b.last_skill_succeeded, b.last_skill_message,
                list(b.recently_visited_areas))
        answer = self.recall.recall(request.instruction, request.k, request.token_budget,
                                    request.episode_id, brief,
                                    per_subtask=bool(request.per_subtask))
        converting = time.perf_counter()
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
        response.known_bad_actions = answer.known_bad_actions
        response.procedure = answer.procedure
        response.facts = answer.facts
        what = ("nothing relevant" if answer.nothing_relevant
                else f"{len(answer.units)} unit(s)")
        cut = "; budget cut some lines" if answer.truncated else ""
        response.message = (f"{answer.mode} recall: {what}, {answer.context_tokens} tokens, "
                            f"{len(answer.warnings)} warning(s){cut}")
        self.recall.times.add(f"{answer.kind}.to_msg", time.perf_counter() - converting, None)

    def _on_ahead(self, raw: bytes) -> None:
        """An instruction the planner will recall per subtask: its steps' vectors are made
        now, on the background worker. One way: nothing answers, nothing is stored, and a
        text that is refused, or that comes while recall is busy, changes nothing (the
        request then embeds its steps itself)."""
        counters = self.host.memory.counters
        limit = 4 * self.recall.settings.max_instruction_chars + AHEAD_CDR_OVERHEAD
        if len(raw) > limit:
            counters.count("rejected.recall_ahead.too_long")
            self.host.node.get_logger().warning(
                f"memory/recall_ahead: dropped a message of {len(raw)} bytes (max {limit})",
                throttle_duration_sec=2.0)
            return
        try:
            text = deserialize_message(raw, String).data
            started = self.recall.prefetch_subtasks(text)
        except Exception as exc:  # noqa: BLE001 - a topic's message never takes the server down
            counters.count("rejected.recall_ahead.invalid")
            self.host.node.get_logger().warning(
                f"memory/recall_ahead: dropped: {type(exc).__name__}: {str(exc)[:200]}",
                throttle_duration_sec=2.0)
            return
        counters.count("recall_ahead.busy" if started < 0 else "recall_ahead.received")

    def _fill_stats(self, msg: MemoryStats) -> None:
        msg.counters.extend(key_values(chain(
            self.recall.times.counters("recall.").items(),
            ((f"recall.query_texts.{k}", v) for k, v in self.recall.query_counts().items()),
            ((f"recall.gc_in_requests.{k}", v)
             for k, v in self.recall.request_gc_counts().items()))))

    def _record_outcome(self, request: RecordOutcome.Request, response: Any) -> None:
        position = from_point(request.robot_position)
        # geometry_msgs/Point has no "unset": the exact origin means "position not given".
        answer = self.recall.record_outcome(
            request.episode_id, request.skill, list(request.arguments), request.succeeded,
            request.message, request.robot_area,
            None if position == (0.0, 0.0, 0.0) else position,
            error_code=request.error_code, held_label=request.held_label,
            refused_label=request.refused_label)
        for before, after in answer.changed:
            self.host.publish_change(before, after)
        response.changed_units = [unit_to_msg(after) for _, after in answer.changed]
        response.warnings = answer.warnings
        response.message = (f"{request.skill.strip()}: {len(answer.changed)} unit(s) changed"
                            + (f", {len(answer.forgotten)} forgotten" if answer.forgotten
                               else ""))

    def _end_episode(self, request: EndEpisode.Request, response: Any) -> None:
        summary = self.host.memory.end_episode(request.episode_id, request.task_succeeded,
                                               request.reason)
        response.instruction = summary.instruction
        response.steps, response.successes = summary.steps, summary.successes
        response.failures, response.duration = summary.failures, summary.duration
        response.message = (f"ended {summary.episode_id}: {summary.steps} step(s), "
                            f"{summary.successes} succeeded, {summary.failures} failed")
