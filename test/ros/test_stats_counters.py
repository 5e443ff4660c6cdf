"""Round 45 (issue 11, part 4): /memory/stats counters as kept KeyValue messages.

The stats publish runs every second on the memory server's executor thread; making each
of its ~200 KeyValue anew was a fifth of its CPU. `key_values` hands out one kept message
per distinct (key, value): the message published must be the one the constructor made,
field for field, also through serialisation.
"""

from __future__ import annotations

import random

from diagnostic_msgs.msg import KeyValue
from rclpy.serialization import deserialize_message, serialize_message

import memory_node.nodes.stats_counters as sc
from memory_node.msg import MemoryStats


def _items(rng: random.Random, n: int) -> list[tuple[str, object]]:
    values: list[object] = [0, 1, 17, 123456, "12.5", "0.00", 3.25, -4, "", True]
    return [(f"recall.wall_us.stage{rng.randrange(40)}.median", rng.choice(values))
            for _ in range(n)]


def _reference(items: list[tuple[str, object]]) -> list[KeyValue]:
    return [KeyValue(key=k, value=str(v)) for k, v in items]


def test_kept_counters_are_the_constructors_field_for_field(monkeypatch) -> None:
    monkeypatch.setattr(sc, "_kept", {})
    monkeypatch.setattr(sc, "MAX_KEPT", 16)   # through several clears
    rng = random.Random(45)
    for _ in range(200):
        items = _items(rng, rng.randrange(0, 30))
        got = sc.key_values(items)
        assert got == _reference(items)
        assert [(kv.key, kv.value) for kv in got] == [(k, str(v)) for k, v in items]
        assert len(sc._kept) <= 16
        built = MemoryStats(policy="wtinylfu", short_term_size=3)
        built.counters.extend(got)
        reference = MemoryStats(policy="wtinylfu", short_term_size=3,
                                counters=_reference(items))
        assert built == reference
        # (not byte for byte: the serialiser's alignment padding is not initialised)
        assert deserialize_message(serialize_message(built), MemoryStats) == reference


def test_an_unchanged_counter_is_not_made_again_and_a_kept_one_never_changes(
        monkeypatch) -> None:
    monkeypatch.setattr(sc, "_kept", {})
    first = sc.key_values([("heap.settles", 3), ("store.checkpoints", "7")])
    made: list[str] = []
    real = sc.KeyValue

    def counting(**fields: str) -> KeyValue:
        made.append(fields["key"])
        return real(**fields)

    monkeypatch.setattr(sc, "KeyValue", counting)
    again = sc.key_values([("heap.settles", 3), ("store.checkpoints", "7")])
    assert made == [] and all(a is b for a, b in zip(again, first, strict=True))
    moved = sc.key_values([("heap.settles", 4)])
    assert made == ["heap.settles"] and moved[0].value == "4"
    assert first[0].value == "3"     # the kept message of the old value is as it was
