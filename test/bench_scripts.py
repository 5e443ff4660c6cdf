"""bench/ scripts as modules for tests (bench/ is scripts, not a package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"


def load_bench(script: str, module_name: str | None = None, *,
               register: bool = False) -> ModuleType:
    """bench/<script>.py as a module named `module_name` (default: the script's name).

    bench/ goes on sys.path first: scripts import their siblings (recall_common.py,
    tasks_oracle.py). `register` also puts the module in sys.modules, which dataclasses
    defined in it need when they are built by name."""
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(module_name or script,
                                                  BENCH / f"{script}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    if register:
        sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
