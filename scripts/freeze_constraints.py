"""Writes constraints.txt from a working virtual environment: the version of every package
installed from an index, pinned for the Python version that environment runs.

scripts/setup.sh installs with `-c constraints.txt`, so a venv built from nothing gets the
versions the project's figures were measured with (round 42: the experience streams moved
with the environment, same code). Each pin carries a `python_version` marker, so pins made
under one Python never force a version onto another (a wheel may not exist there); lines
for other Python versions are kept as they are. Refresh after a deliberate upgrade:

    .venv/bin/python scripts/freeze_constraints.py          # this venv's Python
    .venv/bin/python scripts/freeze_constraints.py --check  # exit 1 if the venv differs

Only distributions an installer recorded (INSTALLER is pip or uv) and that came from an
index (no direct_url.json) are pinned: the interfaces CMake installs (`memory-node`,
`action_msgs`, ...; egg-info without INSTALLER) are built here, not downloaded.
"""

from __future__ import annotations

import argparse
import importlib.metadata as metadata
import platform
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONSTRAINTS = ROOT / "constraints.txt"
# pip itself comes with the venv (python -m venv), its version from the interpreter.
UNPINNED = {"pip"}
_MARKER = re.compile(r';\s*python_version\s*==\s*"([0-9.]+)"\s*$')
HEADER = """\
# Versions every pip step of scripts/setup.sh installs (pip/uv `-c`): generated from the
# working venv by scripts/freeze_constraints.py (do not edit by hand; refresh with
# `.venv/bin/python scripts/freeze_constraints.py`). Each line holds for one Python version
# only: under a Python no line names, setup.sh installs unpinned and says so.
"""


def python_version() -> str:
    """The running interpreter's major.minor, as pip's `python_version` marker reads it."""
    return ".".join(platform.python_version_tuple()[:2])


def installed_pins() -> dict[str, str]:
    """Normalised name -> version of every index-installed distribution of this interpreter."""
    pins: dict[str, str] = {}
    for dist in metadata.distributions():
        installer = (dist.read_text("INSTALLER") or "").strip()
        if installer not in ("pip", "uv") or dist.read_text("direct_url.json"):
            continue
        name = re.sub(r"[-_.]+", "-", dist.metadata["Name"]).lower()
        if name not in UNPINNED:
            pins[name] = dist.version
    return pins


def render(pins: dict[str, str], version: str, old_text: str) -> str:
    """The file with `version`'s lines replaced by `pins`, other versions' lines kept."""
    kept = []
    for line in old_text.splitlines():
        match = _MARKER.search(line)
        if match and match.group(1) != version:
            kept.append(line)
    ours = [f'{name}=={pins[name]} ; python_version == "{version}"' for name in sorted(pins)]
    body = sorted(kept + ours, key=lambda s: (s.split("==")[0], s))
    return HEADER + "\n".join(body) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=CONSTRAINTS)
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when the file differs from this venv")
    args = parser.parse_args(argv)
    old = args.out.read_text() if args.out.exists() else ""
    new = render(installed_pins(), python_version(), old)
    if args.check:
        if new != old:
            print(f"{args.out} differs from this venv (Python {python_version()})",
                  file=sys.stderr)
            return 1
        return 0
    args.out.write_text(new)
    print(f"{args.out}: {new.count(chr(10)) - HEADER.count(chr(10))} pins", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
