"""Compiled bytecode for the modules the package's processes load, written once at set-up.

uv installs packages without .pyc files, and a shell with PYTHONDONTWRITEBYTECODE set (the
CI's, this project's machines') lets no process write one, so every memory server compiled
memory_node, numpy, onnxruntime, nltk, rclpy and the message packages again on each start:
~0.8 s of the ~3.1 s of CPU a restart spent before its first recall (bench/README_recall.md,
round 75); elsewhere the first start after an install paid it. scripts/setup.sh runs this
after installing, for the memory server's and the planner's node modules: it imports them,
then (until nothing new loads) every module the repository's loaded code names in an import
statement, those inside functions too (nltk's WordNet reader, read at the first recall), and
compiles exactly the modules that loaded from the virtual environment or this repository:
what those processes run, not every module of the packages they touch (round 75's first
form compiled 1,832 modules for the server alone). Each .pyc goes where the interpreter
looks: beside its source, or under PYTHONPYCACHEPREFIX when that is set (scripts/test.sh
sets it). A .pyc is checked against its source's timestamp at import, so an edited module
is compiled again, never run stale. A stamp of what the compile depended on (the
interpreter, the installed distributions, the repository's sources' sizes and times) skips
the whole step, imports included, when a rerun finds it unchanged.
"""

from __future__ import annotations

import argparse
import ast
import compileall
import hashlib
import importlib
import importlib.util
import sys
import sysconfig
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
PACKAGE = Path(__file__).resolve().parent


def named_imports(source: Path) -> set[str]:
    """The dotted names of every absolute import statement in `source`, those inside
    functions too (a lazy import runs later, in a request); for ``from a.b import c`` both
    ``a.b`` and ``a.b.c`` (``c`` may be a module); and for an attribute of an imported
    module's name (``np.random`` after ``import numpy as np``) its dotted name: a package
    may load a submodule on first attribute access (numpy's module ``__getattr__``), which
    no import statement names (recall's index asks ``np.random`` in a server)."""
    tree = ast.parse(source.read_bytes(), str(source))
    names: set[str] = set()
    bound: dict[str, str] = {}  # a name in the source -> the module imported as it
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
            bound.update((a.asname, a.name) for a in node.names if a.asname)
            bound.update((a.name, a.name) for a in node.names if not a.asname and "." not in a.name)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names if a.name != "*")
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in bound):
            names.add(f"{bound[node.value.id]}.{node.attr}")
    return names


def _under(path: Path, roots: Sequence[Path]) -> bool:
    return any(path.is_relative_to(r) for r in roots)


def _source(module: object) -> Path | None:
    file = getattr(module, "__file__", None)
    return Path(file) if isinstance(file, str) and file.endswith(".py") else None


def _import_if_under(name: str, roots: Sequence[Path]) -> None:
    """Import ``name`` if it is a module whose top-level package lives under ``roots``."""
    try:
        top = importlib.util.find_spec(name.split(".")[0])
        if not (top and top.origin and _under(Path(top.origin).resolve(), roots)):
            return
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name)
    except Exception:  # noqa: BLE001 - a name that is no module (``from a import f``), or
        return         # an optional package that fails to import: its caller handles it


def loaded_modules(modules: Iterable[str], roots: Sequence[Path],
                   own: Path = REPOSITORY) -> list[Path]:
    """The source files, under ``roots``, of the modules that importing ``modules`` loads
    and of those the loaded code under ``own`` (this repository, less any of the other
    roots inside it: a virtual environment in the checkout) names in any import
    statement, repeated until nothing new loads; sorted. The standard library and anything
    else outside ``roots`` are left alone (the interpreter's install ships its bytecode)."""
    roots = [r.resolve() for r in roots]
    own = own.resolve()
    # The installed packages' roots, which a fresh clone's set-up puts inside the checkout
    # (.venv): their code is not ours to follow. Following it read every lazy import of
    # every package a node touches (IPython, jedi, pytest, matplotlib ...): 2,999 modules
    # and ~28 s of CPU, where the nodes load 1,431 (bench/README_recall.md, round 77).
    installed = [r for r in roots if r != own]
    for name in modules:
        importlib.import_module(name)
    scanned: set[Path] = set()
    while True:
        ours = {p for p in (_source(m) for m in list(sys.modules.values()))
                if p is not None and p.resolve().is_relative_to(own)
                and not _under(p.resolve(), installed)} - scanned
        if not ours:
            break
        scanned |= ours
        for name in sorted(set().union(*map(named_imports, ours)) - set(sys.modules)):
            _import_if_under(name, roots)
    # As imported, not resolved: under PYTHONPYCACHEPREFIX a .pyc's place is spelled from
    # the source's path as the interpreter sees it (a venv reached through a symbolic link
    # is another path there).
    return sorted({p for p in (_source(m) for m in list(sys.modules.values()))
                   if p is not None and _under(p.resolve(), roots)})


def compile_modules(paths: Iterable[Path]) -> list[Path]:
    """Compile each source (a timestamp-checked .pyc where the interpreter will look for
    it); the ones that did not compile (bytecode is a cache: such a file fails at import as
    it would have without it)."""
    return [p for p in paths if not compileall.compile_file(p, quiet=2)]


def stamp(modules: Sequence[str], roots: Sequence[Path], own: Path = REPOSITORY) -> str:
    """What a compile of ``modules`` depended on: the interpreter and where its bytecode
    goes, the distributions installed under ``roots`` (their names hold their versions),
    and the size and time of every source of this repository's package. Equal stamps:
    the same modules load from the same sources, and every .pyc written is still current."""
    h = hashlib.blake2b(digest_size=16)
    h.update(f"{sys.version}|{sys.pycache_prefix}|{' '.join(modules)}".encode())
    for root in roots:
        if root.is_dir() and root.resolve() != own.resolve():
            h.update(" ".join(sorted(p.name for p in root.glob("*.dist-info"))).encode())
    for src in sorted((own / PACKAGE.name).rglob("*.py")):
        st = src.stat()
        h.update(f"{src.relative_to(own)}:{st.st_size}:{st.st_mtime_ns};".encode())
    return h.hexdigest()


def stamp_path(modules: Sequence[str], own: Path = REPOSITORY) -> Path:
    """Where this checkout's stamp for ``modules`` is kept: beside the bytecode it vouches
    for (under PYTHONPYCACHEPREFIX when set, else in the environment's share directory)."""
    key = hashlib.blake2b(f"{own.resolve()}|{' '.join(modules)}".encode(),
                          digest_size=8).hexdigest()
    base = Path(sys.pycache_prefix) if sys.pycache_prefix else (
        Path(sys.prefix) / "share" / "memory_node_bytecode")
    return base / f"memory_node_bytecode_{key}.stamp"


def up_to_date(where: Path, state: str) -> bool:
    """The stamp at ``where`` is ``state`` and every module it names still has its .pyc
    (a removed cache is compiled again)."""
    try:
        recorded, *sources = where.read_text(encoding="utf-8").splitlines()
    except (OSError, ValueError):
        return False
    return recorded == state and all(
        Path(importlib.util.cache_from_source(s)).is_file() for s in sources)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="+",
                        help="modules whose loaded code to compile (a node's module)")
    args = parser.parse_args(argv)
    paths = sysconfig.get_paths()
    roots = [Path(paths["purelib"]), Path(paths["platlib"]), REPOSITORY]
    start, cpu = time.perf_counter(), time.process_time()
    modules = sorted(args.modules)
    state, where = stamp(modules, roots), stamp_path(modules)
    if up_to_date(where, state):
        print(f"bytecode: unchanged since the last compile ({where}); "
              f"{time.process_time() - cpu:.2f} s of CPU", file=sys.stderr)
        return 0
    sources = loaded_modules(modules, roots)
    failed = compile_modules(sources)
    where.parent.mkdir(parents=True, exist_ok=True)
    where.write_text("\n".join([state, *map(str, sources)]) + "\n", encoding="utf-8")
    place = f"under {sys.pycache_prefix}" if sys.pycache_prefix else "beside the sources"
    print(f"bytecode: {len(sources)} module(s) compiled {place} in "
          f"{time.perf_counter() - start:.1f} s ({time.process_time() - cpu:.1f} s of CPU)"
          + (f"; did not compile: {', '.join(map(str, failed))}" if failed else ""),
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
