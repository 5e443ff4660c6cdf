"""Experience memory as a capability of the memory server (issue 15).

Attaches `memory_node.core.experience.ExperienceMemory` to the facade, which hooks it into
recall: every memory/record_outcome and memory/end_episode fills it (no planner change),
and memory/recall answers with its known-bad actions, procedure and facts (the recall
capability copies them into the response). State changes on memory/events (perception,
the scene graph, the VLM) become facts with the event as provenance. Its counters go to
memory/stats.
"""

from __future__ import annotations

from collections import deque

from memory_node.core.experience import ExperienceMemory, ExperienceSettings, FactAssertion
from memory_node.core.units import OBJECT_STATES
from memory_node.msg import MemoryStats, ObjectEvent
from memory_node.nodes.host import Capability, MemoryHost
from memory_node.nodes.qos import EVENTS_READER_DEPTH
from memory_node.nodes.stats_counters import key_values


class ExperienceCapability(Capability):
    name = "experience"
    settings_sections = ((ExperienceSettings, "experience"),)

    def configure(self, host: MemoryHost) -> None:
        self.host = host
        settings = host.declare_settings(ExperienceSettings, "experience")
        self.experience: ExperienceMemory = host.memory.attach_experience(settings)
        host.add_stats_contributor(self._stats)
        # The server's own state changes are learnt as it publishes them, so a fact is in
        # the memory before the write that made it is answered; read back from the topic,
        # a fact came a DDS round trip after the answer, and under load a caller reading
        # the memory then (the fuzz suite's re-sent outcome) saw it appear later, as if a
        # later request had written it. Their copies on the topic are then skipped.
        self._own: deque[tuple] = deque(maxlen=EVENTS_READER_DEPTH)
        host.add_event_listener(self._on_own_event)
        self._events = host.node.create_subscription(
            ObjectEvent, host.require_topic_name("memory/events", "experience events"),
            self._on_event, EVENTS_READER_DEPTH)
        stats = self.experience.stats()
        host.node.get_logger().info(
            f"experience: {stats['experience.procedures']} procedure(s), "
            f"{stats['experience.transitions']} transition(s), "
            f"{stats['experience.facts']} fact(s), "
            f"{stats['experience.open_episodes']} open episode(s) resumed")

    def _stats(self, msg: MemoryStats) -> None:
        msg.counters.extend(key_values(sorted(self.experience.stats().items())))

    def _on_own_event(self, event: ObjectEvent) -> None:
        if event.kind == ObjectEvent.STATE_CHANGED:
            self._own.append(_event_key(event))
            self._learn(event)

    def _on_event(self, event: ObjectEvent) -> None:
        if event.kind != ObjectEvent.STATE_CHANGED:
            return
        key = _event_key(event)
        if key in self._own:  # the server's own, learnt when it was published
            self._own.remove(key)
            return
        self._learn(event)

    def _learn(self, event: ObjectEvent) -> None:
        # Only what an event states for certain: an object's new state. Malformed events
        # are counted and dropped; the node never dies on a message.
        state = event.new_state.strip()
        stamp = event.header.stamp.sec + event.header.stamp.nanosec * 1e-9
        if state not in OBJECT_STATES or state in ("none", "absent"):
            return
        if not self._memory_holds(event.object_id, event.label, state):
            # Anyone may publish on memory/events, but only this server's own writes do:
            # it publishes after memory holds the state. A state memory does not hold is a
            # forged or stale event, and a fact is not learnt from it.
            self.host.memory.counters.count("rejected.experience.event_unconfirmed")
            self.host.node.get_logger().warning(
                f"experience: event dropped: memory does not hold {event.object_id[:64]!r} "
                f"in state {state!r}", throttle_duration_sec=2.0)
            return
        current = self.experience.facts.current(event.object_id, "state")
        if current is not None and current.value == state:
            return  # an outcome already said so: the same knowledge, not more support
        # Facts are ordered by stamp, and a later fact stamped before the current one is
        # kept as history. The event's stamp is its publisher's word (and the server's own
        # short-term events are on the wall clock, outcomes on the frames' clock): taken
        # as it came, one event stamped in the future pinned its fact against every later
        # outcome. The state holds now, so it is stamped no later than memory's now.
        ordered_at = min(stamp, self.host.memory.recall.clock())
        try:
            self.experience.add_facts([FactAssertion(
                event.object_id, event.label, "state", state,
                f"event:STATE_CHANGED@{stamp:.3f}", ordered_at)])
        except ValueError as exc:
            self.host.memory.counters.count("rejected.experience.event")
            self.host.node.get_logger().warning(f"experience: event dropped: {exc}",
                                                throttle_duration_sec=2.0)

    def _memory_holds(self, object_id: str, label: str, state: str) -> bool:
        (lookup,) = self.host.memory.get_units([object_id])
        unit = lookup.unit
        return unit is not None and unit.label == label and unit.state == state


def _event_key(event: ObjectEvent) -> tuple:
    return (event.object_id, event.label, event.new_state, event.header.stamp.sec,
            event.header.stamp.nanosec, event.header.frame_id)
