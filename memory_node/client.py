"""MemoryClient: the one way a program talks to the memory server.

A blocking Python API over every memory service, in the manner of nav2_simple_commander:
one method per service, core dataclasses in and out (never messages), and a typed
exception (`memory_node.core.errors`) carrying the server's error code when a request is
refused, times out or finds no server.

It works from a plain script and from inside another node: it runs its own small node on
its own executor thread, so a call made from another node's callback never waits on that
node's executor. With `namespace` (or the parent node's namespace) it talks to the memory
of one robot, e.g. `/robot1/memory/recall`.

    import rclpy
    from memory_node.client import MemoryClient
    rclpy.init()
    with MemoryClient() as memory:
        memory.wait_until_ready()
        answer = memory.recall("put the washed apple in the fridge", k=5)
"""

from __future__ import annotations

import itertools
import os
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any

import rclpy
from rclpy.context import Context
from rclpy.executors import SingleThreadedExecutor
from rclpy.node import Node
from std_msgs.msg import String

from memory_node.core.candidates import ObjectCandidate
from memory_node.core.errors import ErrorCode, InvalidArgument, Timeout, Unavailable, error_for
from memory_node.core.recall.brief_state import BriefState
from memory_node.core.recall_memory import (
    EpisodeSummary,
    RecallAnswer,
    RecalledUnit,
    StepView,
)
from memory_node.core.request_ids import new_request_id
from memory_node.core.units import ObjectMemoryUnit
from memory_node.nodes.conversions import (
    candidate_from_msg,
    from_point,
    stored_unit_from_msg,
    to_point,
    unit_to_msg,
)
from memory_node.nodes.qos import AHEAD_QOS, SERVICE_QOS
from memory_node.srv import (
    EndEpisode,
    GetSceneGraph,
    GetUnits,
    Manage,
    QueryObject,
    Recall,
    RecordOutcome,
    UpdateObject,
)

DEFAULT_TIMEOUT_S = 10.0
# Reads, and writes with a request id, are re-sent this often until answered.
RESEND_S = 2.0
MANAGE_COMMANDS = {"save": Manage.Request.SAVE, "load": Manage.Request.LOAD,
                   "clear": Manage.Request.CLEAR, "snapshot": Manage.Request.SNAPSHOT}
# Clients are created in this order; get_units, wait_until_ready's probe, comes last.
_SERVICES: dict[str, Any] = {
    "update_object": UpdateObject, "query_object": QueryObject, "manage": Manage,
    "recall": Recall, "record_outcome": RecordOutcome, "end_episode": EndEpisode,
    "get_scene_graph": GetSceneGraph, "get_units": GetUnits,
}
_ids = itertools.count()


@dataclass(frozen=True)
class OutcomeResult:
    changed_units: list[ObjectMemoryUnit]
    warnings: list[str]
    message: str


@dataclass(frozen=True)
class UpdateResult:
    admitted: bool            # false: the replacement policy declined to keep the unit
    revision: int             # the unit's revision after the write (0 if not admitted)
    evicted_ids: list[str]
    message: str


@dataclass(frozen=True)
class GraphSnapshot:
    """memory/get_scene_graph's answer. `text` for text/json; nodes/edges for graph, as
    (id, layer, label, parent id, position, state) and (source, target, kind)."""

    revision: int
    text: str
    tokens: int
    nodes: list[tuple[str, int, str, str, tuple[float, float, float], str]]
    edges: list[tuple[str, str, int]]


class MemoryClient:
    """Blocking calls to one memory server; see the module docstring."""

    def __init__(self, node: Node | None = None, namespace: str | None = None,
                 timeout: float = DEFAULT_TIMEOUT_S, context: Context | None = None) -> None:
        if node is not None:
            context = context or node.context
            namespace = node.get_namespace() if namespace is None else namespace
        self._own_context = False
        if context is None:
            if not rclpy.ok():  # a plain script that did not init ROS: a private context
                context = Context()
                rclpy.init(context=context)
                self._own_context = True
            else:
                context = rclpy.get_default_context()
        self.timeout = float(timeout)
        self._node = rclpy.create_node(
            f"memory_client_{os.getpid()}_{next(_ids)}", namespace=namespace or "/",
            context=context)
        self._clients: dict[str, Any] = {
            name: self._node.create_client(srv, f"memory/{name}", qos_profile=SERVICE_QOS)
            for name, srv in _SERVICES.items()}
        # One way, no answer: the server drops what it cannot use, so nothing waits here.
        self._ahead = self._node.create_publisher(String, "memory/recall_ahead", AHEAD_QOS)
        self._executor = SingleThreadedExecutor(context=context)
        self._executor.add_node(self._node)
        self._thread = threading.Thread(target=self._spin, daemon=True,
                                        name="memory_client_executor")
        self._thread.start()

    # -- life ---------------------------------------------------------------------------------
    def _spin(self) -> None:
        try:
            self._executor.spin()
        except Exception:  # noqa: BLE001 - the context was shut down under us: stop quietly
            return

    def close(self) -> None:
        self._executor.shutdown(timeout_sec=2.0)
        self._node.destroy_node()
        if self._own_context:
            rclpy.try_shutdown(context=self._node.context)
        self._thread.join(timeout=2.0)

    def __enter__(self) -> MemoryClient:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    @property
    def namespace(self) -> str:
        return self._node.get_namespace()

    def wait_until_ready(self, timeout: float = 30.0,
                         services: Sequence[str] = tuple(_SERVICES)) -> None:
        """Until every named service is discovered and one request made the round trip;
        Unavailable after `timeout` s.

        Discovery alone is not enough: a server can see a client's requests before the
        client's response reader is matched, and the first answer is then lost. The probe
        (an empty get_units, read-only) is re-sent until one is answered. Its client is the
        last created: the server matches this participant's response readers in the order
        they were created (one reliable, ordered discovery channel), so its answer shows
        every other client's answers can arrive too (with get_units third of eight, the
        first record_outcome, recall, end_episode or manage could still lose its answer)."""
        deadline = _deadline(timeout)
        for name in services:
            client = self._clients[name]
            while not client.wait_for_service(timeout_sec=min(0.5, _left(deadline))):
                if _left(deadline) <= 0:
                    raise Unavailable(f"memory service {client.srv_name} not available "
                                      f"after {timeout} s")
        if "get_units" not in services:
            return
        while True:
            try:
                self._call("get_units", GetUnits.Request(), min(1.0, max(0.1, _left(deadline))),
                           idempotent=True)
                return
            except (Timeout, Unavailable):
                # A service matched a moment ago can drop out of readiness again while
                # discovery settles, and the first call then waits only its own second (CI,
                # round 40: all three tests of one module lost their server this way). Until
                # the deadline that is "not ready yet", as before the first match.
                if _left(deadline) <= 0:
                    raise Unavailable(f"memory at {self.namespace} did not answer within "
                                      f"{timeout} s") from None

    # -- calls --------------------------------------------------------------------------------
    def _write(self, name: str, request: Any, request_id: str,
               timeout: float | None = None) -> Any:
        """A write, made idempotent by its request id ("" = a fresh one: one logical
        request per call; a caller that retries the call passes the same id each time), so
        it is re-sent like a read: the server applies it once and answers every copy
        (core/request_ids.py)."""
        request.request_id = request_id or new_request_id()
        return self._call(name, request, timeout, idempotent=True)

    def _call(self, name: str, request: Any, timeout: float | None = None,
              idempotent: bool = False) -> Any:
        """One request, answered or a typed exception. An idempotent request (a read, a
        write with a request id) is re-sent every RESEND_S until answered within
        `timeout`: a server that has just been discovered can lose the answer to the first
        request it sees."""
        client = self._clients[name]
        timeout = self.timeout if timeout is None else timeout
        deadline = _deadline(timeout)
        if not client.service_is_ready():
            client.wait_for_service(timeout_sec=timeout)
            if not client.service_is_ready():
                raise Unavailable(f"memory service {client.srv_name} is not available")
        done = threading.Event()
        answered: list[Any] = []   # the first attempt answered wins (a late one counts too)

        def on_done(f: Any) -> None:
            answered.append(f)
            done.set()

        while True:
            future = client.call_async(request)
            future.add_done_callback(on_done)
            wait = min(RESEND_S, _left(deadline)) if idempotent else _left(deadline)
            if done.wait(wait):
                break
            if _left(deadline) <= 0:
                client.remove_pending_request(future)
                raise Timeout(f"memory service {client.srv_name}: no answer in {timeout} s")
        response = answered[0].result()
        if response is None:
            raise Unavailable(f"memory service {client.srv_name}: the call failed")
        if not response.success:
            raise error_for(response.error_code or ErrorCode.INTERNAL, response.message)
        return response

    def recall(self, instruction: str, k: int = 5, token_budget: int = 1000,
               episode_id: str = "", brief_state: BriefState | None = None,
               per_subtask: bool = False) -> RecallAnswer:
        """What memory holds for an instruction; with `brief_state` (and an episode), only
        what the next step needs; with `per_subtask`, each step of the instruction gets its
        own top-k."""
        request = Recall.Request(instruction=instruction, k=k, token_budget=token_budget,
                                 episode_id=episode_id, per_subtask=bool(per_subtask))
        if brief_state is not None:
            b = brief_state
            request.use_brief_state = True
            request.brief_state.current_subgoal = b.subgoal
            request.brief_state.held_object = b.held_object
            request.brief_state.robot_area = b.robot_area
            request.brief_state.last_skill = b.last_skill
            request.brief_state.last_skill_arguments = list(b.last_args)
            request.brief_state.last_skill_succeeded = b.last_result == "success"
            request.brief_state.last_skill_message = b.last_message
            request.brief_state.recently_visited_areas = list(b.recent_areas)
        r = self._call("recall", request)
        units = [RecalledUnit(stored_unit_from_msg(u), u.description, float(u.score))
                 for u in r.units]
        steps = [StepView(s.skill, tuple(s.arguments), s.succeeded, s.message, s.held_object,
                          s.robot_area) for s in r.working_memory]
        return RecallAnswer(units, r.long_term_text, r.context, r.context_tokens,
                            list(r.warnings), steps,
                            "step" if brief_state is not None else "instruction",
                            "budget cut" in r.message,
                            known_bad_actions=list(r.known_bad_actions),
                            procedure=r.procedure, facts=list(r.facts))

    def recall_ahead(self, instruction: str) -> None:
        """Say that a per-subtask recall of ``instruction`` will follow (the planner, when
        an instruction arrives and before it waits for a fresh view): the server embeds
        its steps meanwhile, and the recall answers the same, sooner. Returns at once;
        nothing is answered (a text the server refuses is dropped there)."""
        self._ahead.publish(String(data=instruction))

    def record_outcome(self, episode_id: str, skill: str, arguments: Sequence[str],
                       succeeded: bool, message: str = "",
                       error_code: int = ErrorCode.NONE, robot_area: str = "",
                       robot_position: tuple[float, float, float] | None = None,
                       held_label: str = "", refused_label: str = "",
                       request_id: str = "") -> OutcomeResult:
        """Feed one executed skill's outcome back; effects are decided on `error_code`;
        `held_label` is the class of what the robot holds, `refused_label` the class of
        what a refusal was about, as the skill result gave them. Applied once however
        often it is sent with one `request_id` ("" = a fresh id for this call)."""
        request = RecordOutcome.Request(
            episode_id=episode_id, skill=skill, arguments=list(arguments),
            succeeded=bool(succeeded), message=message, error_code=int(error_code),
            robot_area=robot_area, held_label=held_label, refused_label=refused_label)
        if robot_position is not None:
            request.robot_position = to_point(robot_position)
        r = self._write("record_outcome", request, request_id)
        return OutcomeResult([stored_unit_from_msg(u) for u in r.changed_units],
                             list(r.warnings), r.message)

    def query(self, text: str, free_text: bool = False,
              near: tuple[float, float, float] | None = None,
              max_results: int = 10) -> list[ObjectCandidate]:
        """Objects labelled `text` (or, with free_text, fitting a description)."""
        request = QueryObject.Request(query=text, free_text=free_text,
                                      max_results=max_results)
        if near is not None:
            request.use_near, request.near = True, to_point(near)
        answer = self._call("query_object", request, idempotent=True)
        return [candidate_from_msg(c) for c in answer.candidates]

    def get_units(self, object_ids: Sequence[str]) -> dict[str, ObjectMemoryUnit | None]:
        """Each id's unit, or None where memory has none (answered per id)."""
        r = self._call("get_units", GetUnits.Request(object_ids=list(object_ids)),
                       idempotent=True)
        return {asked: stored_unit_from_msg(u) if code == ErrorCode.NONE else None
                for asked, u, code in zip(object_ids, r.units, r.error_codes, strict=True)}

    def update(self, unit: ObjectMemoryUnit, expected_revision: int | None = None,
               request_id: str = "") -> UpdateResult:
        """Upsert `unit`; with `expected_revision`, only if nobody changed it since it was
        read at that revision (Conflict otherwise, nothing written). Applied once per
        `request_id` ("" = a fresh id for this call)."""
        request = UpdateObject.Request(operation=UpdateObject.Request.UPSERT,
                                       unit=unit_to_msg(unit))
        if expected_revision is not None:
            if expected_revision < 0:
                raise InvalidArgument("expected_revision must be >= 0")
            request.use_expected_revision = True
            request.expected_revision = int(expected_revision)
        r = self._write("update_object", request, request_id)
        return UpdateResult(r.revision > 0, int(r.revision), list(r.evicted_ids), r.message)

    def remove(self, object_id: str, request_id: str = "") -> None:
        request = UpdateObject.Request(operation=UpdateObject.Request.REMOVE)
        request.unit.object_id = object_id
        self._write("update_object", request, request_id)

    def get_scene_graph(self, format: str = "text", token_budget: int = 0,
                        query: str = "") -> GraphSnapshot:
        r = self._call("get_scene_graph", GetSceneGraph.Request(
            format=format, token_budget=token_budget, query=query), idempotent=True)
        g = r.graph
        return GraphSnapshot(
            int(g.revision), r.text, int(r.tokens),
            [(n.id, int(n.layer), n.label, n.parent_id, from_point(n.position), n.state)
             for n in g.nodes],
            [(e.source, e.target, int(e.kind)) for e in g.edges])

    def manage(self, command: str, path: str = "", timeout: float | None = None,
               request_id: str = "") -> str:
        """save | load | clear | snapshot; returns the snapshot path ("" for clear). Applied
        once per `request_id` ("" = a fresh id for this call): a re-sent clear never wipes
        what was written after the first."""
        if command not in MANAGE_COMMANDS:
            raise InvalidArgument(f"unknown command {command!r}; one of "
                                  f"{', '.join(MANAGE_COMMANDS)}")
        r = self._write("manage", Manage.Request(command=MANAGE_COMMANDS[command], path=path),
                        request_id, timeout)
        return str(r.path)

    def end_episode(self, episode_id: str, task_succeeded: bool = False,
                    request_id: str = "", reason: str = "") -> EpisodeSummary:
        """Free the episode's server-side state; its summary (NotFound if not open; a
        copy re-sent with the same `request_id` gets the summary again). `reason`: why
        it ended, one of core.episode_hooks.END_REASONS ("" = not stated; experience
        memory counts a searched-out type only from "gave_up")."""
        r = self._write("end_episode", EndEpisode.Request(episode_id=episode_id,
                                                           task_succeeded=task_succeeded,
                                                           reason=reason),
                        request_id)
        return EpisodeSummary(episode_id, r.instruction, int(r.steps), int(r.successes),
                              int(r.failures), float(r.duration), task_succeeded, reason)


def _deadline(timeout: float) -> float:
    return time.monotonic() + timeout


def _left(deadline: float) -> float:
    return max(0.0, deadline - time.monotonic())
