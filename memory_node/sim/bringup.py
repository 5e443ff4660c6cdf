"""Start the household world (sensors, /clock, map, both skill servers) from YAML, and
optionally the memory stack beside it, each node in its own process:

    python -m memory_node.sim.bringup [--params-file config/sim.yaml]
        [--with-memory [--memory-params config/memory.yaml]]
        [--with-planner [--planner-params config/planner.yaml]] [--namespace /robot1]
        [-p household_world:NAME:=VALUE]

With both, this is the whole robot loop: world (sensors, skill servers) -> perception ->
memory server -> planner (`planner/execute_instruction`).

A node that dies is restarted (a configuration error stops everything); Ctrl-C stops all.
On a robot's machine `ros2 launch memory_node sim.launch.py` does the same.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from memory_node.bringup import DEFAULT_PARAMS as MEMORY_PARAMS
from memory_node.bringup import NODES as MEMORY_NODES
from memory_node.bringup import Bringup, parse_overrides, run_supervised

SIM_NODES = {"household_world": "memory_node.sim.nodes.world_node"}
PLANNER_NODES = {"planner": "memory_node.planner.nodes.planner_node"}
DEFAULT_PARAMS = Path(__file__).resolve().parents[2] / "config" / "sim.yaml"
PLANNER_PARAMS = Path(__file__).resolve().parents[2] / "config" / "planner.yaml"


class SimBringup(Bringup):
    """The world's process (and the memory's, when asked), with their own parameter files."""

    def __init__(self, params_file: Path, memory_params: Path | None,
                 overrides: dict[str, list[str]] | None = None, namespace: str = "",
                 planner_params: Path | None = None) -> None:
        super().__init__(params_file, [], overrides, namespace=namespace)
        self.nodes = list(SIM_NODES)
        self.memory_params = memory_params
        self.planner_params = planner_params
        for given in (memory_params, planner_params):
            if given is not None and not given.is_file():
                raise FileNotFoundError(f"parameter file {given} not found")
        if memory_params is not None:
            self.nodes += ["memory_server", "perception_node"]
        if planner_params is not None:
            self.nodes += list(PLANNER_NODES)

    def command(self, name: str) -> list[str]:
        module = SIM_NODES.get(name) or PLANNER_NODES.get(name) or MEMORY_NODES[name]
        params = (self.params_file if name in SIM_NODES else
                  self.planner_params if name in PLANNER_NODES else self.memory_params)
        args = [sys.executable, "-m", module, "--ros-args", "-r", f"__node:={name}",
                "--params-file", str(params)]
        if self.namespace:  # every name is relative: one robot's nodes under /robot1/...
            args += ["-r", f"__ns:={self.namespace}"]
        for override in self.overrides.get(name, []):
            args += ["-p", override]
        return args


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--params-file", type=Path, default=DEFAULT_PARAMS)
    parser.add_argument("--with-memory", action="store_true",
                        help="also start the memory server and the perception node")
    parser.add_argument("--memory-params", type=Path, default=MEMORY_PARAMS)
    parser.add_argument("--with-planner", action="store_true",
                        help="also start the planner node (planner/execute_instruction)")
    parser.add_argument("--planner-params", type=Path, default=PLANNER_PARAMS)
    parser.add_argument("--namespace", default="", help="e.g. /robot1 (topics, actions, "
                        "map/places all move under it; /clock stays global)")
    parser.add_argument("-p", dest="overrides", action="append", default=[],
                        metavar="NODE:NAME:=VALUE", help="parameter override")
    args = parser.parse_args(argv)
    try:
        bringup = SimBringup(args.params_file, args.memory_params if args.with_memory else None,
                             parse_overrides(args.overrides), args.namespace,
                             args.planner_params if args.with_planner else None)
    except (ValueError, FileNotFoundError) as exc:
        parser.error(str(exc))
    return run_supervised(bringup)


if __name__ == "__main__":
    sys.exit(main())
