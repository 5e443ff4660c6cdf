"""The one way every node process starts and stops."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

import rclpy
from rclpy.executors import ExternalShutdownException
from rclpy.node import Node


def run_node(factory: Callable[[], Node], name: str, args: list[str] | None = None,
             startup_errors: tuple[type[BaseException], ...] = (ValueError, RuntimeError)) -> int:
    """Init rclpy, build the node, spin until Ctrl-C or shutdown, clean up.

    A node that cannot start because of its configuration (an error in `startup_errors`)
    exits with status 2 and one line saying why: the bringup supervisor does not restart
    it in a loop, while a crash (any other status) is restarted.
    """
    rclpy.init(args=args if args is not None else sys.argv)
    try:
        node = factory()
    except startup_errors as exc:
        print(f"{name}: cannot start: {exc}", file=sys.stderr, flush=True)
        sys.stdout.flush()
        # Exit now, without rclpy's teardown of the half-built node: tearing down a node
        # whose constructor failed part-way (services, introspection, the store) crashed
        # with SIGSEGV now and then, and the status must be 2, whatever happens. The
        # process owns nothing the operating system does not reclaim.
        os._exit(2)
    try:
        rclpy.spin(node)
    except (KeyboardInterrupt, ExternalShutdownException):
        pass
    finally:
        node.destroy_node()
        rclpy.try_shutdown()
    return 0
