"""The one way every node process starts and stops."""

from __future__ import annotations

import contextlib
import ctypes
import inspect
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import rclpy
from rclpy.context import Context
from rclpy.executors import Executor, ExternalShutdownException
from rclpy.node import Node
from rclpy.signals import get_current_signal_handlers_options
from rclpy.utilities import get_default_context

# How a node's callbacks are dispatched (a node's `executor_kind`, e.g. the memory server's
# `executor` parameter): "single" = rclpy's SingleThreadedExecutor, which rebuilds its wait
# set in Python before every callback; "events" = rclpy's experimental EventsExecutor, which
# is told by the middleware what is ready and dispatches from C++ (round 19: a memory
# server's CPU per get_units request 0.155 vs 0.60 ms, bench/README_recall.md). A
# subscription callback that takes MessageInfo must be wrapped in WithMessageInfo for it.
EXECUTORS = ("single", "events")
# The EventsExecutor is driven by spin_once with this wait, not by its spin(): rclpy 9.1's
# spin() busy-loops without dispatching anything (a test node answered none of 20 requests,
# round 18's memory server only its first). Each return re-checks the context, so a stop is
# seen within this.
EVENTS_WAIT_S = 0.5
# rosidl_generator_py's package __init__ also imports the message code generator when it is
# installed (rosidl_parser, lark, regex, empy: 0.23-0.33 s of CPU, every node's start, the
# first time a message's type support loads). A node only needs `import_type_support`; the
# package already treats the generator as optional (an ImportError there is logged at debug
# level, the type support unchanged). bench/README_recall.md round 45.
_MESSAGE_GENERATOR = "rosidl_generator_py.generate_py_impl"
# rclpy handles a SIGINT (or SIGTERM) on a thread of its own, not in the signal handler: that
# thread triggers every executor's signal guard condition (rcl pointers in a list that an
# executor's shutdown unregisters and frees, and whose guard condition it destroys), then
# shuts every context down (rcl_shutdown: the context reads "not ok" only as that ends). A
# stopped node's clean-up that destroys an executor before that thread is done frees what it
# is walking: the planner stopped while starting died of SIGSEGV in that thread
# (rcl_trigger_guard_condition, the memory client's executor just shut down on the main
# thread; bench/README_ci.md, round 62). So after a stop's KeyboardInterrupt nothing is torn
# down until the context reads shut down, for at most this long (it is milliseconds; the
# bound only stands for a handler that never runs).
SIGNAL_SHUTDOWN_WAIT_S = 2.0


class WithMessageInfo:
    """A subscription callback `callback(message, info)` that every executor here can call.

    rclpy's Python executors call a two-argument callback with the message and its
    MessageInfo; rclpy 9.1's EventsExecutor calls it with one argument, the (message, info)
    tuple its take returns, and the callback's TypeError leaves `spin_once` as
    `SystemError: null argument to internal routine`: a memory server under
    `executor: events` died on the first service event it read (qos.track_requests,
    bench/README_recall.md round 54). Both calls reach `callback` as two arguments. rclpy
    picks how to call a callback from its signature, so this one's says two.
    """

    __signature__ = inspect.Signature([
        inspect.Parameter("message", inspect.Parameter.POSITIONAL_ONLY),
        inspect.Parameter("info", inspect.Parameter.POSITIONAL_ONLY)])

    def __init__(self, callback: Callable[[Any, Any], None]) -> None:
        self.callback = callback

    def __call__(self, *args: Any) -> None:
        message, info = args[0] if len(args) == 1 else args
        self.callback(message, info)


def import_type_support_only() -> None:
    """Import rosidl_generator_py without its code generator (see above).

    The generator's module name is held by None in sys.modules only while the package
    imports, so that an explicit import of it later (a build tool in the same process)
    still works. Nothing happens when the package is already imported.
    """
    if "rosidl_generator_py" in sys.modules:
        return
    blocked = _MESSAGE_GENERATOR not in sys.modules
    if blocked:
        # None in sys.modules makes that import raise ImportError (the import system's
        # documented way to stop one); typeshed types the values as modules only.
        sys.modules[_MESSAGE_GENERATOR] = None  # type: ignore[assignment]
    try:
        import rosidl_generator_py  # noqa: F401
    finally:
        if blocked and sys.modules.get(_MESSAGE_GENERATOR, sys) is None:
            del sys.modules[_MESSAGE_GENERATOR]


def run_node(factory: Callable[[], Node], name: str, args: list[str] | None = None,
             startup_errors: tuple[type[BaseException], ...] = (ValueError, RuntimeError),
             exit_when_stopped: bool = False,
             executor: Callable[[], Executor] | None = None) -> int:
    """Init rclpy, build the node, spin until Ctrl-C or shutdown, clean up.

    A node that cannot start because of its configuration (an error in `startup_errors`)
    exits with status 2 and one line saying why: the bringup supervisor does not restart
    it in a loop, while a crash (any other status) is restarted. Stopped while it starts
    (Ctrl-C in its constructor): status 0, a stop as any other.

    `exit_when_stopped`: once stopped and cleaned up, the process ends at once with status
    0 (end_process) instead of returning; for a node process's main with nothing left to
    do after this. `executor`: makes the executor the node spins on (default: rclpy's
    global single-threaded one, or the EventsExecutor for a node whose `executor_kind` is
    "events").
    """
    import_type_support_only()
    rclpy.init(args=args if args is not None else sys.argv)
    # The context the node is built in (a shutdown swaps the default for a fresh one).
    context = get_default_context()
    try:
        node = factory()
    except BaseException as exc:
        # A stop while the constructor runs: its KeyboardInterrupt, or whatever the next rcl
        # call raised once the stop's handler had shut the context down first (InvalidHandle,
        # a RuntimeError: that was "cannot start", status 2).
        if isinstance(exc, KeyboardInterrupt) or not context.ok():
            return _stopped_while_starting(name, context, exit_when_stopped)
        if not isinstance(exc, startup_errors):
            raise
        print(f"{name}: cannot start: {exc}", file=sys.stderr, flush=True)
        sys.stdout.flush()
        # Exit now, without rclpy's teardown of the half-built node: tearing down a node
        # whose constructor failed part-way (services, introspection, the store) crashed
        # with SIGSEGV now and then, and the status must be 2, whatever happens. The
        # process owns nothing the operating system does not reclaim.
        os._exit(2)
    stopped = False
    try:
        # The executor is made where a stop is caught: one that came as the constructor
        # ended is a stop here too (round 59: the planner's and the world's executor, made
        # in a shut-down context, raised RCLError out of run_node, status 1).
        if executor is not None:
            spin_until_stopped(node, name, make_executor=executor)
        elif getattr(node, "executor_kind", "single") == "events":
            spin_until_stopped(node, name, make_executor=lambda: EventsLoop(node))
        else:
            spin_until_stopped(node, name)
        stopped = True
        if exit_when_stopped:
            absorb_stop_signals()
    finally:
        node.destroy_node()
        # The handlers stay until the process ends when it ends here: restored to the
        # default, a SIGTERM after the SIGINT (a launcher's second signal) would kill a
        # process that is only exiting (status -15).
        rclpy.try_shutdown(uninstall_handlers=False if stopped and exit_when_stopped else None)
    if exit_when_stopped:
        end_process(0, node.context)
    return 0


def _stopped_while_starting(name: str, context: Context, exit_when_stopped: bool) -> int:
    """A node stopped before its constructor returned: status 0, a stop as any other.

    With `exit_when_stopped` the process ends here as after any stop (later stop signals
    absorbed, rcl's log file flushed, end_process): the interpreter's teardown was the
    whole of such a stop, 0.6-3.8 s at load 10 (bench/README_ci.md, round 59), and a
    second SIGINT (a terminal's Ctrl-C reaches a bringup and its nodes) raised a traceback
    out of this path. The half-built node is not cleaned up (its constructor did not
    finish; round 57: tearing down a half-built node crashed now and then); what it holds,
    the operating system reclaims (the memory server's store is WAL: safe without a close).
    """
    if exit_when_stopped:
        absorb_stop_signals()
    print(f"{name}: stopped while starting", file=sys.stderr, flush=True)
    # rclpy's own shutdown of the context comes first (await_signal_shutdown): try_shutdown
    # below then finds it done and destroys nothing (with the context still up, it destroyed
    # every node the context tracks, the half-built one too, beside rclpy's signal thread).
    await_signal_shutdown(context)
    rclpy.try_shutdown(uninstall_handlers=False if exit_when_stopped else None)
    if exit_when_stopped:
        end_process(0, context)
    return 0


def await_signal_shutdown(context: Context, wait_s: float = SIGNAL_SHUTDOWN_WAIT_S) -> bool:
    """After a stop's KeyboardInterrupt: wait until rclpy's signal thread has shut `context`
    down (its last step, after triggering every executor's signal guard condition), at most
    `wait_s`; whether it is shut down.

    The KeyboardInterrupt is raised on the main thread by Python's handler, which rclpy's
    handler calls before it wakes its own thread: the main thread can reach a clean-up that
    shuts an executor down (its signal guard condition unregistered and destroyed) while
    that thread still walks the guard conditions (see SIGNAL_SHUTDOWN_WAIT_S). Without
    rclpy's SIGINT handler installed nothing will shut the context down: no wait.
    """
    # rclpy's options: 2 x (SIGTERM handler installed) + (SIGINT handler installed).
    if not int(get_current_signal_handlers_options()) & 1:
        return not context.ok()
    deadline = time.monotonic() + wait_s
    while True:
        try:
            return _context_shut_down(context, max(0.0, deadline - time.monotonic()))
        except KeyboardInterrupt:   # a second stop signal meanwhile: the same stop
            continue


def _context_shut_down(context: Context, wait_s: float) -> bool:
    """Whether `context` is shut down, or is within `wait_s`."""
    deadline = time.monotonic() + wait_s
    pause = threading.Event()
    while context.ok():
        if time.monotonic() >= deadline:
            return False
        pause.wait(0.005)
    return True


def _absorbed(_signum: int, _frame: Any) -> None:
    """A stop signal that came while the node was already stopping: nothing to do."""


def absorb_stop_signals() -> None:
    """From here on (a stopped node about to clean up and end its process), SIGINT and
    SIGTERM do nothing.

    rclpy's handlers pass a SIGINT on to Python's, which raises KeyboardInterrupt wherever
    the main thread is: a second SIGINT during the clean-up broke it off part-way with a
    traceback (round 58: a terminal's Ctrl-C reaches every node of a bringup and the
    bringup, which sends each its own SIGINT; the memory server's store close was cut off
    while joining its checkpointer, the world's while closing its renderer). The node is
    stopping already; a launcher that will not wait sends SIGKILL (ros2 launch after
    SIGTERM, bringup after 10 s).
    """
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(ValueError, OSError):   # not the main thread: left as is
            signal.signal(sig, _absorbed)


def end_process(status: int, context: Context | None = None) -> None:
    """End this process at once with `status`, without the interpreter's teardown.

    For a node process once run_node has cleaned up: the node is destroyed, what it owns is
    closed (the memory server's SQLite file checkpointed and closed) and rclpy is shut down.
    What is left is CPython freeing every module's objects one by one, over 90 % of a
    memory server's stop (median 1.65 s at load 17-23, its own clean-up 0.02-0.08 s of it;
    round 56: stops of 4-8 s at load 20-40, past ros2 launch's SIGTERM at 5 s, and once
    past bringup's SIGKILL at 10 s; with rclpy's handlers uninstalled, such a SIGTERM
    killed the process, status -15).
    Here the node's rclpy `context` (shut down) has its log file flushed and is destroyed
    (its participant leaves the domain), output is flushed, and the process exits.

    Returns (the process goes on to the interpreter's own exit) when coverage.py runs in
    the process: it writes its data at exit.
    """
    if "coverage" in sys.modules:
        return
    if context is not None:
        with contextlib.suppress(Exception):
            # rcl's log file (~/.ros/log) is flushed and closed by the context's logging
            # clean-up, which rclpy's try_shutdown skips when a signal shut the context
            # down first (the interpreter's teardown did it before; an exit without it
            # lost the file's last lines).
            with context._lock:
                context._logging_fini()
        with contextlib.suppress(Exception):
            context.destroy()
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    with contextlib.suppress(Exception):  # C's stdio too (rcutils' console output)
        ctypes.CDLL(None).fflush(None)
    os._exit(status)


def spin_until_stopped(node: Node, name: str,
                       executor: Executor | EventsLoop | None = None, *,
                       make_executor: Callable[[], Executor | EventsLoop] | None = None
                       ) -> None:
    """Spin `node` (on `executor`, or the one `make_executor` makes, else rclpy's global
    one) until Ctrl-C or shutdown.

    rclpy's SIGINT handler shuts the context down and raises KeyboardInterrupt in whatever
    Python code runs; inside a message's conversion to Python (a subscription taking a
    message) it surfaces as pybind11's RuntimeError instead. Seen in CI under load: a
    memory server stopped with SIGINT exited 1 with that traceback. A stop is a stop; any
    other exception is still a crash, which bringup restarts.

    A context already shut down is a stop that came before the spin (as the constructor
    ended; or in a process whose SIGINT was ignored when Python started, e.g. started in
    the background by a non-interactive shell, where rclpy's handler only shuts the
    context down and no KeyboardInterrupt comes): nothing is made in it (an executor's
    guard condition raised RCLError).
    """
    try:
        if not node.context.ok():
            return
        if make_executor is not None:
            executor = make_executor()
        if isinstance(executor, EventsLoop):
            executor.spin()
        else:
            rclpy.spin(node, executor=executor)
    except KeyboardInterrupt:
        # The caller's clean-up (destroy_node) waits for rclpy's signal thread to finish.
        await_signal_shutdown(node.context)
    except ExternalShutdownException:
        pass
    except Exception as exc:
        if not _shutting_down(node):
            raise
        print(f"{name}: stopped ({type(exc).__name__} raised while shutting down)",
              file=sys.stderr, flush=True)


class EventsLoop:
    """rclpy's EventsExecutor with `node` added, spun by spin_once until the node's context
    is shut down (see EVENTS_WAIT_S for why not by its own spin())."""

    def __init__(self, node: Node) -> None:
        from rclpy.experimental import EventsExecutor  # experimental: imported only if used

        self.node = node
        self.executor = EventsExecutor(context=node.context)
        self.executor.add_node(node)

    def spin(self) -> None:
        while self.node.context.ok():
            self.executor.spin_once(timeout_sec=EVENTS_WAIT_S)


def _shutting_down(node: Node, wait_s: float = 1.0) -> bool:
    """Whether the node's context is shut down, or is within `wait_s`: the signal
    handler's shutdown may finish just after the interrupted call raised."""
    return _context_shut_down(node.context, wait_s)
