"""memory_node/bytecode.py, the set-up's compile step (scripts/setup.sh, rounds 75-76): the
modules a node's imports load and those its code imports lazily get a .pyc where the
interpreter looks (here under a PYTHONPYCACHEPREFIX), which a process that may write none
(PYTHONDONTWRITEBYTECODE, as in the CI's shell) then loads instead of compiling; no module
nothing loads, nothing outside the given roots, nothing beside the sources; an edited
source is not run stale; a rerun over unchanged sources is skipped by its stamp."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from memory_node.bytecode import compile_modules, loaded_modules, named_imports, stamp, up_to_date


def _tree(tmp_path: Path) -> tuple[Path, Path]:
    """site/: eager_pkg (imported by the node), lazy_pkg (named only inside a function),
    never_pkg (named nowhere), reached through a symbolic link (as a venv linked into a
    checkout is); repo/: the node module."""
    site, repo = tmp_path / "site", tmp_path / "repo"
    (tmp_path / "site_real").mkdir()
    site.symlink_to(tmp_path / "site_real")
    for pkg, body in (("eager_pkg", "VALUE = 1\n"), ("lazy_pkg", "VALUE = 2\n"),
                      ("never_pkg", "VALUE = 3\n")):
        (site / pkg).mkdir(parents=True)
        (site / pkg / "__init__.py").write_text(body)
        (site / pkg / "deep.py").write_text("DEEP = True\n")  # a module nobody imports
    repo.mkdir()
    (repo / "bc75_node.py").write_text(textwrap.dedent("""\
        import json
        import eager_pkg

        def first_request():
            import lazy_pkg.deep
            return lazy_pkg.deep.DEEP
        """))
    return site, repo


def test_named_imports_reads_lazy_imports_and_skips_relative_ones(tmp_path: Path) -> None:
    src = tmp_path / "m.py"
    src.write_text("import a.b, c\nfrom d.e import f\nfrom . import g\n"
                   "def h():\n    from i import j\n")
    assert named_imports(src) == {"a.b", "c", "d.e", "d.e.f", "i", "i.j"}


def test_named_imports_reads_a_submodule_asked_as_an_imported_modules_attribute(
        tmp_path: Path) -> None:
    # numpy loads numpy.random on the first `np.random` (its module __getattr__): no
    # import statement names it, and a server compiled it at its first recall (round 77).
    src = tmp_path / "m.py"
    src.write_text("import numpy as np\nimport json\nimport os.path\n"
                   "def h():\n    return np.random.default_rng(1), json.dumps, other.x\n")
    assert named_imports(src) == {"numpy", "json", "os.path", "numpy.random", "json.dumps"}


def test_the_imported_and_lazily_named_packages_get_bytecode_the_interpreter_loads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site, repo = _tree(tmp_path)
    prefix = tmp_path / "pycache"
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.syspath_prepend(str(repo))
    monkeypatch.setattr(sys, "pycache_prefix", str(prefix))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # the import itself writes none
    try:
        sources = loaded_modules(["bc75_node"], [site, repo], own=repo)
        assert sources == [repo / "bc75_node.py", site / "eager_pkg" / "__init__.py",
                           site / "lazy_pkg" / "__init__.py", site / "lazy_pkg" / "deep.py"]
        assert compile_modules(sources) == []
        cached = {Path(importlib.util.cache_from_source(str(p)))
                  for p in (site / "eager_pkg" / "__init__.py", site / "lazy_pkg" / "deep.py",
                            site / "lazy_pkg" / "__init__.py", repo / "bc75_node.py")}
        unloaded = Path(importlib.util.cache_from_source(str(site / "eager_pkg" / "deep.py")))
    finally:
        for name in ("bc75_node", "eager_pkg", "lazy_pkg", "lazy_pkg.deep"):
            sys.modules.pop(name, None)
    assert all(p.is_file() and p.is_relative_to(prefix) for p in cached), cached
    assert not list(prefix.rglob("never_pkg")), "a package nothing names was compiled"
    assert not unloaded.exists(), "a module nothing loads was compiled"
    assert not list(prefix.rglob("json")), "the standard library is outside the roots"
    assert not list(tmp_path.glob("site_real/**/__pycache__")), "bytecode beside the sources"

    # A process that may write no bytecode loads these instead of compiling (-v says
    # which file each module's code came from); an edited source is compiled afresh.
    (site / "eager_pkg" / "__init__.py").write_text("VALUE = 10  # edited after set-up\n")
    env = os.environ | {"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": str(prefix),
                        "PYTHONPATH": os.pathsep.join((str(repo), str(site)))}
    run = subprocess.run(
        [sys.executable, "-v", "-c", "import bc75_node, eager_pkg; "
         "print(bc75_node.first_request(), eager_pkg.VALUE)"],
        env=env, capture_output=True, text=True, check=True, timeout=120)
    assert run.stdout.split() == ["True", "10"]
    loaded = [line for line in run.stderr.splitlines() if line.startswith("# code object from")]
    assert any(str(prefix) in line and "deep" in line and "lazy_pkg" in line for line in loaded)
    assert any(str(prefix) in line and "bc75_node" in line for line in loaded)
    assert not any(str(prefix) in line and "eager_pkg" in line and "__init__" in line
                   for line in loaded), "the edited module ran from its stale bytecode"


def test_a_rerun_is_skipped_only_while_sources_and_bytecode_are_unchanged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site, repo = _tree(tmp_path)
    own = repo / "memory_node"
    own.mkdir()
    (own / "node.py").write_text("X = 1\n")
    (site / "some_dist-1.0.dist-info").mkdir()
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path / "pycache"))
    source = site / "eager_pkg" / "__init__.py"
    assert compile_modules([source]) == []
    where = tmp_path / "stamp"
    state = stamp(["node"], [site, repo], own=repo)
    where.write_text(f"{state}\n{source}\n")
    assert up_to_date(where, state)
    assert stamp(["node"], [site, repo], own=repo) == state  # nothing changed: the same
    (own / "node.py").write_text("X = 22\n")  # a source edited
    assert stamp(["node"], [site, repo], own=repo) != state
    (site / "some_dist-1.0.dist-info").rename(site / "some_dist-1.1.dist-info")
    assert stamp(["node"], [site, repo], own=repo) != state  # a distribution upgraded
    assert not up_to_date(where, "another state")
    Path(importlib.util.cache_from_source(str(source))).unlink()  # the cache removed
    assert not up_to_date(where, state)


def test_a_virtual_environment_inside_the_checkout_is_not_followed_as_our_code(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A fresh clone's set-up makes .venv inside the checkout: the lazy imports of an
    # installed package's code (here eager_pkg's) are not what our processes load, and
    # following them compiled 2,999 modules where the nodes load 1,431 (round 77).
    repo = tmp_path / "repo"
    site = repo / ".venv" / "lib" / "site-packages"
    for pkg, body in (("eager_pkg", "def rarely():\n    import never_pkg\n"),
                      ("lazy_pkg", "VALUE = 2\n"), ("never_pkg", "VALUE = 3\n")):
        (site / pkg).mkdir(parents=True)
        (site / pkg / "__init__.py").write_text(body)
    (repo / "bc77_node.py").write_text(
        "import eager_pkg\n\ndef first_request():\n    import lazy_pkg\n")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.syspath_prepend(str(repo))
    try:
        sources = loaded_modules(["bc77_node"], [site, repo], own=repo)
        followed = "never_pkg" in sys.modules
    finally:
        for name in ("bc77_node", "eager_pkg", "lazy_pkg", "never_pkg"):
            sys.modules.pop(name, None)
    assert sources == [site / "eager_pkg" / "__init__.py", site / "lazy_pkg" / "__init__.py",
                       repo / "bc77_node.py"]
    assert not followed, "an installed package's lazy import was imported as our code's"
