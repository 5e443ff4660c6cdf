"""/memory/stats counters as diagnostic_msgs/KeyValue, one message object per distinct
(key, value) kept and handed out again.

The memory server publishes its stats every second on the executor thread that answers
requests, so a request arriving then waits for it. Its ~200 counters are mostly the same
from one publish to the next, and making each KeyValue anew (rclpy's generated __init__
and setters check every field, ~1 us each) was a fifth of the publish's CPU
(bench/README_recall.md, round 45 second wave). A kept KeyValue is only ever read: put
into a message's counters and converted by rclpy's publish.
"""

from __future__ import annotations

from collections.abc import Iterable

from diagnostic_msgs.msg import KeyValue

# Values that change every publish (times, counts) make new pairs; past this many kept,
# all are dropped and kept again from the next publish.
MAX_KEPT = 4096
_kept: dict[tuple[str, str], KeyValue] = {}


def key_values(items: Iterable[tuple[str, object]]) -> list[KeyValue]:
    """KeyValue(key=k, value=str(v)) for each (k, v), in order."""
    out = []
    kept = _kept
    for key, value in items:
        text = value if type(value) is str else str(value)
        kv = kept.get((key, text))
        if kv is None:
            if len(kept) >= MAX_KEPT:
                kept.clear()
            kv = kept[key, text] = KeyValue(key=key, value=text)
        out.append(kv)
    return out
