"""Per-callback timestamps of one rclpy process's executor (a bench's diagnostic only).

`install(path)` replaces rclpy's private `Executor._take_service`, `_take_client`,
`_take_timer` and `_take_subscription` with functions written here that make the same public
handle calls in the same order as rclpy 9.1's (take, run the callback, send), with a
timestamp between each, so that every callback the process's executors run is written to
`path` as one JSON line (another rclpy version: check the calls first):

* a service request: the client's DDS write (`src`, the request's source timestamp), this
  process's DDS reader receiving it (`rcv`), the executor taking it (`take0`, `take1`:
  rcl's take and the request's conversion to Python), the callback's start and end
  (`cb0`, `cb1`) with its thread's CPU and the process's CPU meanwhile, and the response
  sent (`sent`: its conversion from Python and rcl's send); with every Python thread's CPU
  at the callback's start (`threads`), so a gap can be matched with what ran in it;
* a response taken by a client: the server's DDS write (`src`), this process's reader
  (`rcv`), the take (`take0`, `take1`) and the future's result set (`done`);
* a timer or subscription callback: its start, end and thread CPU.

With `deep=True` (round 58, RECALL_BENCH_SPLIT=deep) a served request's record also holds
what else ran around it: the executor thread's run-queue wait (`/proc/thread-self/schedstat`:
time runnable but not on a core) at take and around the callback (`rq`), every garbage
collection since the previous request's record (`gc`: generation, start, end, collecting
thread, objects collected), every model call (`Embedder.embed`) since then (`embeds`:
thread, start, end, texts), and the recall stages the callback timed (`stages`:
`StageTimes.add`'s name, wall and CPU, in order), and (round 66) every call of the short-term
memory's replacement policy since then (`cache`: method, thread, start, end; the policy is
wrapped where `ShortTermMemory` makes it). Every extra hook is a wrapper that calls the
original once.

Every time is CLOCK_REALTIME in ns (`time.time_ns()`, the clock FastDDS stamps samples
with), so the two processes of a pair on one host share it. Requests are matched across
processes by (service name, sequence number): one timed client per service.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any

from rclpy.exceptions import InvalidHandle, TimerCancelledError
from rclpy.executors import Executor, await_or_execute

Execute = Callable[[], Coroutine[None, None, None]]
_LOCK = threading.Lock()
# The last response taken per client object (bench side: the request just made).
LAST_RESPONSE: dict[int, dict] = {}


def _threads_cpu() -> dict[str, int]:
    out = {}
    for t in threading.enumerate():
        if t.ident is None:
            continue
        try:
            out[f"{t.name}"] = time.clock_gettime_ns(time.pthread_getcpuclockid(t.ident))
        except (OSError, ProcessLookupError):
            continue
    return out


def _run_delay_ns() -> int:
    """This thread's time runnable but waiting for a core so far (Linux schedstat)."""
    try:
        with open("/proc/thread-self/schedstat", "rb") as fh:
            return int(fh.read().split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def _tasks_switches() -> dict[str, list[int]]:
    """Every task (thread) of this process, Python's and the middleware's: its name (comm)
    with the tid, and [voluntary, involuntary context switches, CPU ns, run-queue ns, times
    on a core] so far (Linux /proc/self/task; RECALL_BENCH_SWITCHES=1, round 61). A
    voluntary switch is a block (an Event, a lock, the GIL's condition, a DDS wait), an
    involuntary one a preemption: how many hand-offs and wake-ups a request's path took,
    which load does not change much."""
    out: dict[str, list[int]] = {}
    # Python's own names (the OS name of every Python thread is the process's).
    named = {t.native_id: t.name for t in threading.enumerate() if t.native_id is not None}
    try:
        tids = os.listdir("/proc/self/task")
    except OSError:
        return out
    for tid in tids:
        try:
            with open(f"/proc/self/task/{tid}/status", "rb") as fh:
                status = fh.read().split(b"\n")
            with open(f"/proc/self/task/{tid}/schedstat", "rb") as fh:
                sched = [int(x) for x in fh.read().split()]
        except (OSError, ValueError):
            continue
        name, vol, nonvol = "", 0, 0
        for line in status:
            if line.startswith(b"Name:"):
                name = line[5:].strip().decode(errors="replace")
            elif line.startswith(b"voluntary_ctxt_switches:"):
                vol = int(line.split()[1])
            elif line.startswith(b"nonvoluntary_ctxt_switches:"):
                nonvol = int(line.split()[1])
        out[f"{named.get(int(tid), name)}/{tid}"] = [vol, nonvol, *sched[:3]]
    return out


SWITCHES = os.environ.get("RECALL_BENCH_SWITCHES", "") == "1"


# deep=True: garbage collections and model calls since the last served request's record,
# and the recall stages timed inside the running callback (thread-local).
_GC: list[list] = []
_EMBEDS: list[list] = []
_WORDNET: list[list] = []  # round 63: WordNet index reads (words new to the process)
_MEMOS: list[Any] = []     # round 63: the lexicon's memoised methods (misses per request)
_TABLE: list[list] = []    # round 65: per-word answer table reads (thread, start, end, found)
_CACHE: list[list] = []    # round 66: short-term policy calls (method, thread, start, end)
_LOCAL = threading.local()


def _install_deep() -> None:
    import gc

    started: dict[int, int] = {}

    def on_gc(phase: str, info: dict[str, int]) -> None:
        ident = threading.get_ident()
        if phase == "start":
            started[ident] = time.time_ns()
        elif ident in started:
            _GC.append([info["generation"], started.pop(ident), time.time_ns(),
                        threading.current_thread().name, info.get("collected", 0)])

    gc.callbacks.append(on_gc)
    from memory_node.core import stage_times
    from memory_node.core.recall import embedder

    add = stage_times.StageTimes.add

    def add_traced(self: Any, name: str, wall_s: float, cpu_s: float | None) -> None:
        stages = getattr(_LOCAL, "stages", None)
        if stages is not None:
            stages.append([name, round(wall_s * 1e6), None if cpu_s is None
                           else round(cpu_s * 1e6)])
        add(self, name, wall_s, cpu_s)

    stage_times.StageTimes.add = add_traced  # type: ignore[method-assign]
    embed = embedder.Embedder.embed

    def embed_traced(self: Any, texts: Any, *args: Any, **kwargs: Any) -> Any:
        t0 = time.time_ns()
        try:
            return embed(self, texts, *args, **kwargs)
        finally:
            _EMBEDS.append([threading.current_thread().name, t0, time.time_ns(), len(texts)])

    embedder.Embedder.embed = embed_traced  # type: ignore[method-assign]
    try:  # round 63: a peer's older lexicon may lack either
        from memory_node.core.recall import lexicon
        missing = lexicon.LazyLemmaIndex.__missing__

        def missing_traced(self: Any, lemma: Any) -> Any:
            _WORDNET.append([threading.current_thread().name, time.time_ns()])
            return missing(self, lemma)

        lexicon.LazyLemmaIndex.__missing__ = missing_traced  # type: ignore[method-assign]
        _MEMOS.extend(v for v in vars(lexicon.Lexicon).values() if hasattr(v, "cache_info"))
    except (ImportError, AttributeError):
        pass
    try:  # round 65: the per-lemma answers table (round 64's patch), when the code has one
        from memory_node.core.recall import word_answers  # type: ignore[attr-defined]
        lookup = word_answers.WordAnswers._lookup

        def lookup_traced(self: Any, key: bytes) -> Any:
            t0 = time.time_ns()
            found = lookup(self, key)
            _TABLE.append([threading.current_thread().name, t0, time.time_ns(),
                           found is not None])
            return found

        word_answers.WordAnswers._lookup = lookup_traced  # type: ignore[method-assign, unused-ignore]
    except (ImportError, AttributeError):
        pass
    _install_cache_trace()


class _TracedPolicy:
    """Round 66: a short-term memory's replacement policy whose get, put, remove and clear
    append (method, thread, start, end) to _CACHE; anything else is the policy's own."""

    def __init__(self, policy: Any) -> None:
        self._policy = policy
        for name in ("get", "put", "remove", "clear"):
            setattr(self, name, self._traced(name, getattr(policy, name)))

    @staticmethod
    def _traced(name: str, call: Callable[..., Any]) -> Callable[..., Any]:
        def traced(*args: Any, **kwargs: Any) -> Any:
            t0 = time.time_ns()
            try:
                return call(*args, **kwargs)
            finally:
                _CACHE.append([name, threading.current_thread().name, t0, time.time_ns()])
        return traced

    def __getattr__(self, name: str) -> Any:
        return getattr(self._policy, name)


def _install_cache_trace() -> None:
    """Round 66 (cache65's DDS tail): the short-term policy's calls, on every thread."""
    from memory_node.core import short_term

    make = short_term.ShortTermMemory._make_policy

    def make_traced(self: Any) -> Any:
        return _TracedPolicy(make(self))

    short_term.ShortTermMemory._make_policy = make_traced  # type: ignore[method-assign]


def _faults() -> list[int]:
    """The process's minor and major page faults so far (round 65: a table read through
    mmap touching a cold page faults while it holds the GIL)."""
    import resource

    ru = resource.getrusage(resource.RUSAGE_SELF)
    return [ru.ru_minflt, ru.ru_majflt]


def _memo_misses() -> int:
    """Misses of every lexicon memo so far (all threads): a request's new words' answers."""
    return sum(m.cache_info().misses for m in _MEMOS)


def _drain(events: list[list]) -> list[list]:
    out = events[:len(events)]
    del events[:len(out)]
    return out


def _request_id(header: Any) -> tuple[str, int]:
    # rclpy 9.1 gives the sequence number only, not the client's guid: requests are matched
    # by (service, sequence), so one client per service is what a bench may time.
    return "", int(header.request_id.sequence_number)


def install(path: str, deep: bool = False) -> None:
    if deep:
        _install_deep()
    out = open(path, "a", buffering=1, encoding="utf-8")  # noqa: SIM115 - the process's life

    def write(record: dict) -> None:
        with _LOCK:
            out.write(json.dumps(record) + "\n")

    def take_service(self: Executor, srv: Any) -> Execute | None:
        take0, ct0 = time.time_ns(), time.thread_time_ns()
        rq0 = _run_delay_ns() if deep else 0
        try:
            with srv.handle:
                request_and_header = srv.handle.service_take_request(srv.srv_type.Request)
        except InvalidHandle:
            return None
        take1, ct1 = time.time_ns(), time.thread_time_ns()

        async def _execute() -> None:
            request, header = request_and_header
            if header is None:
                return
            threads = _threads_cpu()
            sw0 = _tasks_switches() if deep and SWITCHES else None
            rq1 = _run_delay_ns() if deep else 0
            _LOCAL.stages = [] if deep else None
            memo0 = _memo_misses() if deep else 0
            flt0 = _faults() if deep else []
            cb0, c0, p0 = time.time_ns(), time.thread_time_ns(), time.process_time_ns()
            response = await await_or_execute(srv.callback, request, srv.srv_type.Response())
            cb1, c1, p1 = time.time_ns(), time.thread_time_ns(), time.process_time_ns()
            stages, _LOCAL.stages = _LOCAL.stages, None
            memo1 = _memo_misses() if deep else 0
            flt1 = _faults() if deep else []
            rq2 = _run_delay_ns() if deep else 0
            threads1 = _threads_cpu() if deep else {}
            sw1 = _tasks_switches() if sw0 is not None else None
            srv.send_response(response, header)
            sent, csent = time.time_ns(), time.thread_time_ns()
            guid, seq = _request_id(header)
            # The executor thread's CPU clock at take, callback and send (ct0 ... csent):
            # the take's and the send's own CPU, and between one request's send and the
            # next one's take what the executor spent on its wait set and other callbacks.
            write({"k": "srv", "name": srv.srv_name, "guid": guid, "seq": seq,
                   "src": header.source_timestamp, "rcv": header.received_timestamp,
                   "take0": take0, "take1": take1, "cb0": cb0, "cb1": cb1, "sent": sent,
                   "cpu": c1 - c0, "pcpu": p1 - p0, "threads": threads,
                   "ct0": ct0, "ct1": ct1, "c0": c0, "c1": c1, "csent": csent}
                  | ({"rq": [rq0, rq1, rq2], "threads1": threads1, "stages": stages,
                      "gc": _drain(_GC), "embeds": _drain(_EMBEDS),
                      "wn": _drain(_WORDNET), "memo_misses": memo1 - memo0,
                      "flt": flt0 + flt1, "table": _drain(_TABLE),
                      "cache": _drain(_CACHE)} if deep else {})
                  | ({"sw": [sw0, sw1], "tid": threading.get_native_id()}
                     if sw0 is not None else {}))
        return _execute

    def take_client(self: Executor, client: Any) -> Execute | None:
        take0 = time.time_ns()
        rq0 = _run_delay_ns() if deep else 0
        try:
            with client.handle:
                header_and_response = client.handle.take_response(client.srv_type.Response)
        except InvalidHandle:
            return None
        take1 = time.time_ns()

        async def _execute() -> None:
            header, response = header_and_response
            if header is None:
                return
            guid, seq = _request_id(header)
            try:
                future = client.get_pending_request(seq)
            except KeyError:
                return
            future._set_executor(self)
            future.set_result(response)
            record = {"k": "cli", "name": client.srv_name, "guid": guid, "seq": seq,
                      "src": header.source_timestamp, "rcv": header.received_timestamp,
                      "take0": take0, "take1": take1, "done": time.time_ns()}
            if deep:
                record["rq"] = [rq0, _run_delay_ns()]
            LAST_RESPONSE[id(client)] = record
            write(record)
        return _execute

    def timed(kind: str, name: str, execute: Execute | None
              ) -> Execute | None:
        if execute is None:
            return None

        async def _execute() -> None:
            t0, c0 = time.time_ns(), time.thread_time_ns()
            await execute()
            write({"k": kind, "name": name, "t0": t0, "t1": time.time_ns(),
                   "cpu": time.thread_time_ns() - c0,
                   "thread": threading.get_ident()})
        return _execute

    take_timer = Executor._take_timer
    take_subscription = Executor._take_subscription

    def timer(self: Executor, tmr: Any) -> Execute | None:
        try:
            name = getattr(tmr.callback, "__qualname__", "timer")
        except (InvalidHandle, TimerCancelledError):
            name = "timer"
        return timed("timer", name, take_timer(self, tmr))

    def subscription(self: Executor, sub: Any
                     ) -> Execute | None:
        return timed("sub", sub.topic_name, take_subscription(self, sub))

    Executor._take_service = take_service  # type: ignore[method-assign]
    Executor._take_client = take_client  # type: ignore[method-assign]
    Executor._take_timer = timer  # type: ignore[method-assign]
    Executor._take_subscription = subscription  # type: ignore[method-assign]
