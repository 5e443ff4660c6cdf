"""No import cycles anywhere in memory_node/: every `import` statement counts, including
ones inside functions and under TYPE_CHECKING (a cycle hidden by a lazy import is still a
cycle of design)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parents[2] / "memory_node"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    tree = ast.parse(path.read_text(), str(path))
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        for name in names:
            # The longest module of ours the name refers to (a.b.c -> a.b if c is a class).
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name and name != here:
                found.add(name)
    return found


def test_memory_node_has_no_import_cycles() -> None:
    files = [p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts]
    modules = {module_name(p) for p in files}
    graph = nx.DiGraph()
    for path in files:
        for target in imports_of(path, modules):
            # A package's __init__ importing its own submodules is how packages work.
            if not target.startswith(module_name(path) + ".") or path.name != "__init__.py":
                graph.add_edge(module_name(path), target)
    # The walk sees the real imports (a broken resolver would find no cycle by finding
    # nothing).
    assert graph.has_edge("memory_node.nodes.memory_server", "memory_node.nodes.capabilities")
    assert graph.has_edge("memory_node.core.memory", "memory_node.core.recall_memory")
    assert graph.number_of_edges() > 150
    cycles = list(nx.simple_cycles(graph))
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles[:10])


def test_a_cycle_would_be_found(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("import memory_node.b\n")
    (tmp_path / "b.py").write_text("def f():\n    from memory_node import a\n")
    mods = {"memory_node.a", "memory_node.b"}
    global PACKAGE
    saved, PACKAGE = PACKAGE, tmp_path / "memory_node"
    try:
        (tmp_path / "memory_node").mkdir()
        for name in ("a.py", "b.py"):
            (tmp_path / name).rename(tmp_path / "memory_node" / name)
        edges = {(module_name(p), t) for p in PACKAGE.glob("*.py") for t in imports_of(p, mods)}
    finally:
        PACKAGE = saved
    assert edges == {("memory_node.a", "memory_node.b"), ("memory_node.b", "memory_node.a")}
