"""Compiled bytecode for what the package's processes import, written once at set-up.

uv installs packages without .pyc files, and a shell with PYTHONDONTWRITEBYTECODE set (the
CI's, this project's machines') lets no process write one, so every memory server compiled
memory_node, numpy, onnxruntime, nltk, rclpy and the message packages again on each start:
~0.65 s of the ~2.3 s of CPU a restart spends before its first recall
(bench/README_recall.md, round 75); elsewhere the first start after an install paid it.
scripts/setup.sh runs this once after installing: it imports the given modules (the
installed executables' nodes), takes the top-level packages those imports loaded from the
virtual environment or this repository, and compiles every module of them, so modules a
process imports later (the recall's lexicon, at its first request) are covered too. Each
.pyc goes where the interpreter looks for it: beside its source, or under
PYTHONPYCACHEPREFIX when that is set (scripts/test.sh sets it). The .pyc files are checked
against their source's timestamp at import, so an edited module is compiled again, never
run from stale bytecode; a rerun recompiles only what changed.
"""

from __future__ import annotations

import argparse
import ast
import compileall
import importlib
import importlib.util
import sys
import sysconfig
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]


def named_imports(source: Path) -> set[str]:
    """The top-level names of every absolute import statement in `source`, those inside
    functions too (a lazy import runs later, in a request)."""
    tree = ast.parse(source.read_bytes(), str(source))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def _under(path: Path, roots: Sequence[Path]) -> bool:
    return any(path.is_relative_to(r) for r in roots)


def imported_packages(modules: Iterable[str], roots: Sequence[Path],
                      own: Path = REPOSITORY) -> list[Path]:
    """The directories (or single-file modules) of the top-level packages that importing
    `modules` loads from under `roots`, and of those the loaded code under `own` (this
    repository) names in a lazy import (imported here, so their own imports count too),
    sorted. The standard library and anything else outside `roots` are left alone (the interpreter's
    install ships its own bytecode)."""
    roots = [r.resolve() for r in roots]
    for name in modules:
        importlib.import_module(name)
    files = (getattr(m, "__file__", None) for m in list(sys.modules.values()))
    ours = [p for p in (Path(f).resolve() for f in files if f and f.endswith(".py"))
            if p.is_relative_to(own.resolve())]
    for name in sorted(set().union(*map(named_imports, ours)) - set(sys.modules)):
        try:
            spec = importlib.util.find_spec(name)
            if spec and spec.origin and _under(Path(spec.origin).resolve(), roots):
                importlib.import_module(name)
        except Exception:  # noqa: BLE001 - an optional package that fails to import is
            continue       # skipped here as its lazy import's caller handles it
    found: set[Path] = set()
    for name, module in list(sys.modules.items()):
        if "." in name or module is None:
            continue
        paths = [Path(p) for p in getattr(module, "__path__", None) or ()]
        file = getattr(module, "__file__", None)
        if not paths and file and file.endswith(".py"):
            paths = [Path(file)]
        # As imported, not resolved: under PYTHONPYCACHEPREFIX a .pyc's place is spelled
        # from the source's path as the interpreter sees it (a venv reached through a
        # symbolic link is another path there).
        found.update(p for p in paths if _under(p.resolve(), roots))
    return sorted(found)


def compile_packages(paths: Iterable[Path], workers: int = 0) -> list[Path]:
    """Compile every module under `paths` (timestamp-checked .pyc files, where the
    interpreter will look for them); the paths in which some source did not compile
    (packages ship test data that is not Python 3.11: bytecode is a cache, and such a
    file fails at import as it would have without it)."""
    failed = []
    for path in paths:
        if path.is_dir():
            ok = compileall.compile_dir(path, quiet=2, workers=workers)
        else:
            ok = compileall.compile_file(path, quiet=2)
        if not ok:
            failed.append(path)
    return failed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="+",
                        help="modules whose imports to compile (a node's module)")
    args = parser.parse_args(argv)
    roots = [Path(sysconfig.get_paths()["purelib"]), Path(sysconfig.get_paths()["platlib"]),
             REPOSITORY]
    start = time.perf_counter()
    packages = imported_packages(args.modules, roots)
    failed = compile_packages(packages)
    where = f"under {sys.pycache_prefix}" if sys.pycache_prefix else "beside the sources"
    print(f"bytecode: {len(packages)} package(s) compiled {where} in "
          f"{time.perf_counter() - start:.1f} s"
          + (f"; some modules did not compile in {', '.join(map(str, failed))}"
             if failed else ""), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
