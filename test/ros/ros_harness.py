"""Real nodes in separate processes, talking DDS over loopback only.

Each test session gets its own ROS_DOMAIN_ID and ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST,
set before rclpy is initialised so that this process and every node it starts agree. We
wait on discovery (wait_for_service, publisher matching) and on futures, never on a timer.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import rclpy
from rclpy.action import ActionClient
from rclpy.node import Node

from memory_node.ros_domain import choose_domain_id, domain_ids, domain_in_use
from memory_node.transport import use_large_messages

if TYPE_CHECKING:
    from memory_node.nodes.memory_server import MemoryServer

REPO_ROOT = Path(__file__).resolve().parents[2]
CONFIG = REPO_ROOT / "config"
DISCOVERY_TIMEOUT_S = 30.0
CALL_TIMEOUT_S = 20.0
# A memory server loads its embedding model before it serves: a start took more than 30 s
# under load 32 on the two cores (round 34), so a wait that may include one is generous.
START_TIMEOUT_S = 180.0
# How long a SIGINT-ed node gets to exit before it is killed. A memory server's stop
# (destroying its entities, closing the store, the interpreter's exit) took 2-5 s at load
# ~20 and passed 10 s at load ~35-40 (round 56: the fuzz server's restart exited -9): a
# test that checks the exit status of a stop waits longer, a stop taken as done does not.
STOP_TIMEOUT_S = 10.0
CHECKED_STOP_TIMEOUT_S = 120.0


# The domains a session may use: one id ("83") or an inclusive range ("80-95"). Unset, a
# session picks one of 1..100 itself (below).
DOMAINS_ENV = "MEMORY_NODE_TEST_DOMAIN"


def given_domains(value: str) -> range:
    """The ids `value` names: "N" or "LO-HI" (inclusive), each in 0..MAX_DOMAIN_ID."""
    return domain_ids(value, DOMAINS_ENV)


def _xdist_worker() -> tuple[int, int] | None:
    """(this worker's index, the number of workers) under pytest-xdist, else None."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker.startswith("gw"):
        return None
    workers = max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))
    return int(worker[2:]), workers


def pick_domain(in_use: Callable[[int], bool] = domain_in_use) -> int:
    """The domain id of this test process.

    Given MEMORY_NODE_TEST_DOMAIN, an id of it: the first when not under pytest-xdist,
    worker k's k-th otherwise (so the workers of one run never meet and never leave the
    range; a range smaller than the run's workers is an error, not a shared domain).
    Unset, one of 1..100 (0 is the default everyone uses): without xdist the first id from
    1 + pid % 100 on that no live participant on this host holds (memory_node.ros_domain,
    as the demo and the main job choose); under xdist derived from the run's id, so the
    workers of one run never meet (each walks its own ids, probed: `in_use`)."""
    worker = _xdist_worker()
    given = os.environ.get(DOMAINS_ENV, "").strip()
    if given:
        ids = given_domains(given)
        if worker is None:
            return ids[0]
        index, workers = worker
        if workers > len(ids):
            raise ValueError(f"{DOMAINS_ENV}={given!r} holds {len(ids)} domain id(s) for "
                             f"{workers} pytest-xdist workers: give a range of at least "
                             f"{workers}")
        return ids[index]
    run_id = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run_id and worker is not None:
        index, workers = worker
        # Worker k walks only ids 1 + k + j * workers (j = 0, 1, ...), none a sibling's, so
        # the workers of one run never meet whatever each one's probe sees (a sibling may
        # not have started its participant yet); the probe keeps it off a domain another
        # run or a bench already holds (round 48: unprobed, two runs at once met with one
        # chance in 100 // workers).
        ids = range(1 + index % workers, 1 + max(1, 100 // workers) * workers, workers)
        return choose_domain_id(int(run_id, 16), ids, in_use)
    return choose_domain_id(os.getpid(), in_use=in_use)


_picked: dict[tuple[str, ...], int] = {}


def confine_to_loopback() -> None:
    os.environ["ROS_AUTOMATIC_DISCOVERY_RANGE"] = "LOCALHOST"
    # MEMORY_NODE_TEST_DOMAIN stays as the session gave it: an xdist worker inherits the
    # controller's environment (the controller loads this conftest too), so each worker
    # picks its own id from what was given, never from what the controller picked.
    # Several modules call this at import (the fuzz tests too): the first pick of this
    # process stands, else a later probe would see this process's own participant.
    key = tuple(os.environ.get(name, "") for name in (
        "PYTEST_XDIST_WORKER", "PYTEST_XDIST_WORKER_COUNT", "PYTEST_XDIST_TESTRUNUID",
        DOMAINS_ENV))
    os.environ["ROS_DOMAIN_ID"] = str(_picked.setdefault(key, pick_domain()))
    # Node logs reach their files line by line, so a test can wait for a line.
    os.environ["RCUTILS_LOGGING_BUFFERED_STREAM"] = "0"
    # A child that dies of SIGSEGV (the rclpy-shutdown class of rounds 51, 53 and 61, never
    # reproduced on demand) writes every Python thread's stack to its output, which the
    # failing test prints: the next one in CI comes with where it happened. Nothing else
    # changes: the handler runs only on a fatal signal and re-raises it (status unchanged).
    os.environ.setdefault("PYTHONFAULTHANDLER", "1")
    # Camera images travel whole in shared memory, as on the robot (memory_node/transport.py):
    # this process and every node it starts (NodeProcess copies os.environ).
    use_large_messages(processes=8)


class NodeProcess:
    """A node started as `python -m module --ros-args ...` in its own process."""

    def __init__(self, module: str, params: dict[str, Any] | None = None,
                 params_file: Path | None = None, log_path: Path | None = None,
                 namespace: str = "") -> None:
        args = [sys.executable, "-m", module, "--ros-args"]
        if namespace:
            args += ["-r", f"__ns:={namespace}"]
        if params_file is not None:
            args += ["--params-file", str(params_file)]
        for key, value in (params or {}).items():
            if isinstance(value, bool):
                value = str(value).lower()
            elif isinstance(value, (list, tuple)):
                value = "[" + ",".join(f"'{v}'" for v in value) + "]"
            args += ["-p", f"{key}:={value}"]
        self.args = args
        self.log_path = log_path
        self._log = open(log_path, "ab") if log_path else subprocess.DEVNULL
        self.proc = subprocess.Popen(
            args, stdout=self._log, stderr=subprocess.STDOUT, env=os.environ.copy()
        )

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        """SIGKILL: no clean-up runs, as in a power cut of the process."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self, timeout: float = STOP_TIMEOUT_S) -> int | None:
        """SIGINT, then SIGKILL if the node has not exited within `timeout`; its status."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        if self._log is not subprocess.DEVNULL:
            self._log.close()
        return self.proc.returncode

    def output(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path else ""

    def wait_for_output(self, text: str, timeout: float = CALL_TIMEOUT_S) -> None:
        """Until `text` appears in the node's log (checked every 50 ms) or AssertionError."""
        stop = threading.Event()
        deadline = time.monotonic() + timeout
        while text not in self.output():
            if time.monotonic() > deadline or not self.alive():
                raise AssertionError(f"{text!r} not logged in {timeout} s:\n"
                                     f"{self.output()[-2000:]}")
            stop.wait(0.05)


@contextmanager
def node_process(module: str, **kwargs: Any) -> Iterator[NodeProcess]:
    process = NodeProcess(module, **kwargs)
    try:
        yield process
    finally:
        process.stop()


def wait_for_service(node: Node, client: Any, process: NodeProcess | None = None,
                     timeout: float = START_TIMEOUT_S) -> None:
    """Until `client` sees its server; the server's process is usually still starting
    (hence START_TIMEOUT_S; a dead `process` fails at once)."""
    deadline = time.monotonic() + timeout
    while not client.wait_for_service(timeout_sec=0.5):
        if process is not None and not process.alive():
            raise AssertionError(f"node died before serving:\n{process.output()[-3000:]}")
        if time.monotonic() > deadline:
            raise AssertionError(f"service {client.srv_name} not discovered in {timeout} s")


def call(node: Node, client: Any, request: Any, timeout: float = CALL_TIMEOUT_S,
         resend_after: float | None = None) -> Any:
    """Call and wait for the response.

    `resend_after` is for idempotent requests to a server that was just restarted: the
    client's graph still lists the killed server, so wait_for_service returns at once and a
    request sent before the new server's endpoints match is lost. Resending until one is
    answered is what a robust client does too. A late answer to an earlier send is still
    an answer: every send stays pending until one is answered (round 68: a read re-sent
    every 2 s to a server whose executor took longer than 2 s per turn at load 55 -- one
    camera frame applied per turn -- had each answer arrive after its send was dropped,
    and ran out of its 20 s with the server answering every copy).
    """
    deadline = time.monotonic() + timeout
    pending: list[Any] = []
    try:
        while True:
            pending.append(client.call_async(request))
            wait = timeout if resend_after is None else resend_after
            until = min(deadline, time.monotonic() + wait)
            while True:
                answered = next((f for f in pending if f.done()), None)
                if answered is not None:
                    return answered.result()
                left = until - time.monotonic()
                if left <= 0:
                    break
                rclpy.spin_once(node, timeout_sec=min(0.1, left))
            if time.monotonic() >= deadline:
                raise AssertionError(f"{client.srv_name}: no response in {timeout} s")
    finally:
        for future in pending:
            if not future.done():
                client.remove_pending_request(future)


READ_RESEND_S = 2.0  # a read (re-sending it changes nothing) goes again this often


def warm_up(node: Node, client: Any, request: Any, timeout: float = START_TIMEOUT_S
            ) -> Any:
    """Send `request`, a read, on `client` until the server answers it; the answer.

    A server whose response writer has not yet matched a client's response reader applies
    the request but drops its answer (rmw_fastrtps: "client will not receive response",
    after the writer's max_blocking_time, 100 ms by default). It happens to the first
    requests on a new client under load, so a write sent first either times out or, if
    re-sent, is applied twice (CI, round 33: a re-sent upsert put a state back after
    another node's write). This process has one DDS participant: the server learns its
    response readers over one reliable, ordered discovery channel and matches them in the
    order they were created. So `client` must be the one this process created LAST for
    that server: its answer shows that the answers on every earlier client can arrive
    too, and the writes that follow are sent once. After a SIGKILL the graph still lists
    the old server, so this may wait for a whole start: hence START_TIMEOUT_S."""
    return call(node, client, request, timeout=timeout, resend_after=READ_RESEND_S)


GOAL_RESEND_S = 10.0


def send_goal(node: Node, client: Any, goal: Any, timeout: float,
              feedback_callback: Callable[[Any], None] | None = None,
              resend_after: float = GOAL_RESEND_S) -> Any:
    """Send an action goal and spin until the server answers it; the goal handle.

    A server that has just discovered this client can lose its answer, in two ways:
    - rmw_fastrtps gives up on a response whose reader it knows but has not matched yet
      (RMW_RET_TIMEOUT, "client will not receive response"), and rclpy then drops the goal
      without executing it ("Failed to send goal response"): CI, round 21, a first goal
      sent right after wait_for_server;
    - a response to a client whose reader the server has not discovered at all is dropped
      silently (rmw_fastrtps takes an unknown client for one that has gone, and returns
      OK), and rclpy **executes** the goal: CI, round 55, the planner ran the task, its
      answer never came, and the copy sent 10 s later ran the task a second time (the
      scripted model had nothing left to say: "nothing to do").
    So every `resend_after` seconds without an answer the goal goes again with a new goal
    id, unless the server's goal status (a transient-local topic, so a late reader still
    gets the last list) shows that an earlier copy ran: that copy's handle is returned, and
    the task runs once. The first answer wins. A late answer to an earlier send is still an
    answer, and a server taking one goal at a time rejects a copy that comes while the
    first runs. A copy accepted after the winner (its answer was slow, not lost, and the
    first had already ended) is cancelled when its answer comes: it must not run the task
    again under a later test."""
    from action_msgs.msg import GoalStatus, GoalStatusArray
    from rclpy.action.client import ClientGoalHandle
    from rclpy.qos import qos_profile_action_status_default
    from unique_identifier_msgs.msg import UUID

    answered: list[Any] = []
    sent: dict[bytes, Any] = {}   # goal id -> the future of its answer
    ids: dict[bytes, Any] = {}
    ran: dict[bytes, Any] = {}   # goal id -> its status entry, for copies that ran
    ran_states = {GoalStatus.STATUS_EXECUTING, GoalStatus.STATUS_CANCELING,
                  GoalStatus.STATUS_SUCCEEDED, GoalStatus.STATUS_CANCELED,
                  GoalStatus.STATUS_ABORTED}

    def on_status(msg: Any) -> None:
        for entry in msg.status_list:
            key = bytes(entry.goal_info.goal_id.uuid)
            if key in ids and entry.status in ran_states:
                ran.setdefault(key, entry)

    # rclpy's ActionClient keeps its action's name and type to itself.
    status_sub = node.create_subscription(
        GoalStatusArray, f"{client._action_name}/_action/status", on_status,
        qos_profile_action_status_default)
    try:
        deadline = time.monotonic() + timeout
        while not answered:
            goal_id = UUID(uuid=list(os.urandom(16)))
            ids[bytes(goal_id.uuid)] = goal_id
            future = client.send_goal_async(goal, feedback_callback=feedback_callback,
                                            goal_uuid=goal_id)
            future.add_done_callback(answered.append)
            sent[bytes(goal_id.uuid)] = future
            resend_at = min(deadline, time.monotonic() + resend_after)
            while not answered and time.monotonic() < resend_at:
                rclpy.spin_once(node, timeout_sec=0.1)
            if not answered and ran:
                # An earlier copy ran though its answer was lost: that goal is the answer.
                key, entry = next(iter(ran.items()))
                response = client._action_type.Impl.SendGoalService.Response(
                    accepted=True, stamp=entry.goal_info.stamp)
                _cancel_others(sent.values(), sent[key])
                return ClientGoalHandle(client, ids[key], response)
            if not answered and time.monotonic() >= deadline:
                raise AssertionError(f"no answer to the goal in {timeout} s")
    finally:
        node.destroy_subscription(status_sub)
    _cancel_others(sent.values(), answered[0])
    return answered[0].result()


class LosesFirstAnswer(ActionClient):
    """An action client whose first goal answer never arrives, as when the server had not
    yet discovered its reader (rmw_fastrtps drops that answer and rclpy runs the goal):
    the server and the transport are real, only that one answer is lost on arrival."""

    lost = 0

    async def execute(self, taken_data: Any) -> None:
        if "goal" in taken_data and not self.lost:
            self.lost += 1
            taken_data = {k: v for k, v in taken_data.items() if k != "goal"}
        await super().execute(taken_data)


def _cancel_others(sent: Iterable[Any], winner: Any) -> None:
    for future in sent:
        if future is winner:
            continue
        if future.done():   # (add_done_callback on a done future needs its executor)
            _cancel_if_accepted(future)
        else:
            future.add_done_callback(_cancel_if_accepted)


def _cancel_if_accepted(future: Any) -> None:
    handle = future.result()
    if handle is not None and handle.accepted:
        handle.cancel_goal_async()


def publish_until_heard(node: Node, publish: Callable[[], None], heard: Callable[[], bool],
                        timeout: float = DISCOVERY_TIMEOUT_S, what: str = "the receiver"
                        ) -> None:
    """Publish (once a second) until `heard()`, spinning `node` meanwhile (`what` names
    the receiver in the failure).

    For a reliable, volatile topic: this writer matching a reader (get_subscription_count)
    does not mean that reader has matched this writer, and samples sent in between are
    lost. `publish` should send what the receiver counts and nothing else takes from (a
    frame the memory refuses, counted apart), so that later samples are heard."""
    deadline = time.monotonic() + timeout
    while not heard():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not heard in {timeout} s")
        publish()
        sent = time.monotonic()
        while not heard() and time.monotonic() - sent < 1.0:
            rclpy.spin_once(node, timeout_sec=0.1)


def spin_until(node: Node, predicate: Callable[[], bool], timeout: float = CALL_TIMEOUT_S,
               what: str | Callable[[], str] = "condition") -> None:
    """Spin until `predicate()`; `what` may be a callable so that the failure message shows
    the state at the timeout, not at the start of the wait."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            said = what() if callable(what) else what
            raise AssertionError(f"timed out after {timeout} s waiting for {said}")
        rclpy.spin_once(node, timeout_sec=0.1)


def in_process_server(memory_dir: Path, capabilities: list[str],
                      **params: Any) -> MemoryServer:
    """A MemoryServer built in this process with `capabilities`, its stats and heap-settle
    timers pushed an hour out, that no executor spins until the test adds it to one: a test
    can act on the server before any callback of its runs."""
    from rclpy.parameter import Parameter  # noqa: PLC0415  (rclpy after the environment)

    from memory_node.nodes.memory_server import MemoryServer  # noqa: PLC0415

    values = {"memory_dir": str(memory_dir), "capabilities": capabilities,
              "stats_period_s": 3600.0, "heap_first_settle_s": 3600.0, **params}
    overrides = [Parameter(name, value=value) for name, value in values.items()]

    class WithParameters(Node):
        def __init__(self, name: str, **kwargs: Any) -> None:
            super().__init__(name, parameter_overrides=overrides, **kwargs)

    class Server(MemoryServer, WithParameters):  # MemoryServer's super() reaches it first
        pass

    return Server()
