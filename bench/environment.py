"""What a bench result was measured with: Python, machine and every installed package's
version, for the JSON results (one helper; the benches call `environment()`).

Round 42: 13 of round 41's 132 experience-stream rows moved on a rebuilt venv with the
same code, and no result said which versions it came from. `packages` names every
distribution of the running interpreter (the interfaces CMake built included);
`off_constraints` the ones whose version is not what constraints.txt pins for this
Python (empty when the venv was built by scripts/setup.sh and not changed since), so two
results are comparable at a glance and a moved figure can be traced to a package.
"""

from __future__ import annotations

import functools
import importlib.metadata as metadata
import platform
import re
import sys
from pathlib import Path
from typing import Any

CONSTRAINTS = Path(__file__).resolve().parents[1] / "constraints.txt"
_PIN = re.compile(r'^([A-Za-z0-9._-]+)==(\S+)\s*;\s*python_version\s*==\s*"([0-9.]+)"\s*$')


def _name(raw: str) -> str:
    return re.sub(r"[-_.]+", "-", raw).lower()


def pinned(path: Path = CONSTRAINTS) -> dict[str, str]:
    """constraints.txt's pins for the running Python (name -> version)."""
    version = "{}.{}".format(*sys.version_info[:2])
    pins: dict[str, str] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            match = _PIN.match(line.strip())
            if match and match.group(3) == version:
                pins[_name(match.group(1))] = match.group(2)
    return pins


@functools.cache
def environment() -> dict[str, Any]:
    """Python, machine, packages (name -> version) and the packages off constraints.txt
    (name -> [installed, pinned]; a pinned package not installed has installed None)."""
    packages = {_name(d.metadata["Name"]): d.version for d in metadata.distributions()}
    packages = dict(sorted(packages.items()))
    pins = pinned()
    off = {name: [packages.get(name), version] for name, version in sorted(pins.items())
           if packages.get(name) != version}
    return {"python": platform.python_version(), "machine": platform.machine(),
            "system": platform.platform(), "constraints_pinned": len(pins),
            "off_constraints": off, "packages": packages}


def with_environment(result: dict[str, Any]) -> dict[str, Any]:
    """`result` and, under "environment", what it was measured with: every bench that writes
    a JSON result writes it through this. A result's own "environment" entries (the load,
    the CPUs) stay beside the versions; one that records the versions already is kept."""
    own = result.get("environment")
    own = own if isinstance(own, dict) else {}
    if "packages" in own:
        return result
    return {**result, "environment": {**environment(), **own}}
