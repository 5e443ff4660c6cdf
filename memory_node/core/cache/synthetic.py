"""Seeded recency-dominated access traces, to test policies where recency pays most.

The shared public traces are mostly frequency-friendly (LIRS's loops and scans). The
patterns here are the ones where an admission filter keeps out what is about to be reused:

* ``sessions``: database/web sessions; a few sessions are open at a time, each touches its
  own fresh keys for a while and then ends for good (plus a small shared hot set).
* ``proxy``: a web proxy under the LRU stack model (Spirn, "Distance string models for
  program behavior", 1976): each request re-references the object at stack depth d with
  a heavy-tailed d, or a brand-new object.
* ``rooms``: a robot's own object stream; it dwells in one room at a time (re-observing
  that room's objects), walks to a neighbouring room, and objects sometimes move rooms.
* ``stack``: reuse distances concentrated just above a given depth (Corda-like), with
  new keys between the reuses.

Every generator is a pure function of its arguments (``random.Random(seed)``), so the
benchmark's traces are the same on every run.
"""

from __future__ import annotations

import random
from collections.abc import Callable

__all__ = ["GENERATORS", "proxy", "rooms", "sessions", "stack", "synthetic_traces"]


def sessions(n: int = 100_000, seed: int = 0, concurrent: int = 6, hot: int = 30) -> list[int]:
    """Interleaved sessions over fresh keys, 10% of requests to a shared hot set."""
    rng = random.Random(seed)
    next_key = hot
    open_sessions: list[tuple[list[int], int]] = []
    out: list[int] = []
    while len(out) < n:
        while len(open_sessions) < concurrent:
            size = rng.randint(3, 25)
            keys = list(range(next_key, next_key + size))
            next_key += size
            open_sessions.append((keys, int(rng.expovariate(1 / 60)) + size))
        if rng.random() < 0.1:
            out.append(rng.randrange(hot))
            continue
        i = rng.randrange(len(open_sessions))
        keys, left = open_sessions[i]
        # Recent keys of a session are re-read more often than old ones.
        out.append(keys[min(len(keys) - 1, int(rng.expovariate(1 / 4)))] if left < len(keys)
                   else keys[rng.randrange(len(keys))])
        if left <= 1:
            open_sessions.pop(i)
        else:
            open_sessions[i] = (keys, left - 1)
    return out


def proxy(n: int = 100_000, seed: int = 0, new_share: float = 0.25,
          alpha: float = 1.2, max_depth: int = 5000) -> list[int]:
    """LRU stack model: depth ~ Pareto(alpha) truncated at ``max_depth``, or a new object."""
    rng = random.Random(seed)
    stack: list[int] = []
    next_key = 0
    out: list[int] = []
    for _ in range(n):
        if not stack or rng.random() < new_share:
            k = next_key
            next_key += 1
        else:
            d = min(int(rng.paretovariate(alpha)) - 1, len(stack) - 1, max_depth)
            k = stack.pop(len(stack) - 1 - d)
        stack.append(k)
        if len(stack) > 4 * max_depth:
            del stack[: len(stack) - 2 * max_depth]
        out.append(k)
    return out


def rooms(n: int = 100_000, seed: int = 0, n_rooms: int = 12, per_room: int = 40,
          dwell: int = 400, move_p: float = 0.002) -> list[int]:
    """A robot's object observations: dwell in a room, then move to a neighbouring one."""
    rng = random.Random(seed)
    where = {o: o // per_room for o in range(n_rooms * per_room)}
    contents: list[list[int]] = [[] for _ in range(n_rooms)]
    for o, r in where.items():
        contents[r].append(o)
    room = 0
    out: list[int] = []
    while len(out) < n:
        for _ in range(max(1, int(rng.expovariate(1 / dwell)))):
            objs = contents[room]
            if not objs:
                break
            # Objects near where the robot works are seen more often.
            o = objs[min(len(objs) - 1, int(rng.expovariate(1 / (len(objs) / 3))))]
            out.append(o)
            if rng.random() < move_p:
                dest = rng.randrange(n_rooms)
                contents[where[o]].remove(o)
                contents[dest].append(o)
                where[o] = dest
        room = (room + rng.choice((-1, 1))) % n_rooms
    return out[:n]


def stack(n: int = 100_000, seed: int = 0, depth: int = 60) -> list[int]:
    """Each key is used twice, the reuse ``depth`` to ``1.2 x depth`` distinct keys later."""
    rng = random.Random(seed)
    out: list[int] = []
    pending: dict[int, int] = {}  # position -> key due there
    next_key = 0
    i = 0
    while len(out) < n:
        k = pending.pop(i, None)
        if k is None:
            k = next_key
            next_key += 1
            due = i + depth + rng.randrange(depth // 5 + 1)
            while due in pending:
                due += 1
            pending[due] = k
        out.append(k)
        i += 1
    return out


GENERATORS: dict[str, Callable[[], list[int]]] = {
    "syn_sessions": lambda: sessions(seed=1),
    "syn_proxy": lambda: proxy(seed=2),
    "syn_rooms": lambda: rooms(seed=3),
    "syn_stack60": lambda: stack(seed=4, depth=60),
    "syn_stack600": lambda: stack(seed=5, depth=600),
}


def synthetic_traces() -> dict[str, list[int]]:
    """Every generated trace by name (about 100,000 events each)."""
    return {name: gen() for name, gen in GENERATORS.items()}
