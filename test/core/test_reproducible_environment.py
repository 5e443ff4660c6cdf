"""The install is pinned and the pins are what runs: constraints.txt (scripts/setup.sh
installs every pip step with it) holds for this Python exactly the index-installed
packages of this venv, a refresh keeps other Pythons' pins, and the benches' results
record the versions (bench/environment.py)."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from bench_scripts import load_bench

ROOT = Path(__file__).resolve().parents[2]


def _freeze() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "freeze_constraints", ROOT / "scripts" / "freeze_constraints.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_constraints_pin_this_venv_exactly() -> None:
    """A venv set up by scripts/setup.sh has every pinned version and nothing from an index
    that is not pinned; a failure names the packages (refresh: the script's docstring)."""
    freeze = _freeze()
    version = freeze.python_version()
    pinned = load_bench("environment").pinned()
    assert pinned, f"constraints.txt pins nothing for Python {version}"
    installed = freeze.installed_pins()
    differ = {name: (installed.get(name), pinned.get(name))
              for name in set(installed) | set(pinned)
              if installed.get(name) != pinned.get(name)}
    assert not differ, f"(installed, pinned) differ for Python {version}: {differ}"
    assert {"ros-rclpy", "numpy", "onnxruntime", "uv"} <= set(pinned)
    assert "memory-node" not in pinned  # built here by CMake, never from an index


def test_a_refresh_replaces_this_pythons_pins_and_keeps_the_others() -> None:
    freeze = _freeze()
    old = ('a==1 ; python_version == "3.99"\n'
           f'b==1 ; python_version == "{freeze.python_version()}"\n'
           f'gone==2 ; python_version == "{freeze.python_version()}"\n')
    new = freeze.render({"b": "2", "c": "3"}, freeze.python_version(), old)
    lines = [s for s in new.splitlines() if not s.startswith("#")]
    v = freeze.python_version()
    assert lines == ['a==1 ; python_version == "3.99"', f'b==2 ; python_version == "{v}"',
                     f'c==3 ; python_version == "{v}"']
    assert freeze.render({"b": "2", "c": "3"}, v, new) == new  # idempotent


def test_a_result_records_the_versions_it_ran_with() -> None:
    env = load_bench("environment").environment()
    assert env["python"] == ".".join(map(str, sys.version_info[:3]))
    assert env["packages"]["ros-rclpy"] and env["packages"]["numpy"]
    assert env["off_constraints"] == {}, env["off_constraints"]
    assert env["constraints_pinned"] > 100


def test_a_result_keeps_its_own_environment_entries_beside_the_versions() -> None:
    with_environment = load_bench("environment").with_environment
    plain = with_environment({"rows": [1]})
    assert plain["rows"] == [1] and plain["environment"]["packages"]["numpy"]
    own = with_environment({"environment": {"cpus": 2, "load_avg_at_write": [1.0]}})
    assert own["environment"]["cpus"] == 2 and own["environment"]["packages"]
    assert with_environment(plain) is plain


# Scripts whose JSON files are inputs or logs, not results: the cells cache_rule_tuning.py
# --cells replays (two writers of them), and per-test / per-callback JSON lines that a
# summary step reads; the texts recall_int8_model.py --write-calibration writes as the
# static quantiser's calibration input (a JSON list, round 68).
NOT_RESULTS = {"cache_first_leader_cells", "cache_tie_r54_screen", "ci_xdist_tail",
               "dds_split_hooks", "recall_int8_model"}
# The shared writers record the versions for the scripts that write through them.
RECORDING = {"environment", "recall_common", "ci_common", "scene_graph_common", "recall_switch_ab"}


def _writes_json(tree: ast.Module) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("write_text", "write", "dump") and node.args:
            text = ast.unparse(node)
            if node.func.attr == "dump" and text.startswith("json.dump("):
                return True
            if "json.dumps(" in ast.unparse(node.args[0]):
                return True
    return False


def _imports(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_every_bench_that_writes_a_json_result_records_its_environment() -> None:
    """A script that writes JSON to a file imports environment.py or a shared writer that
    records it (round 43: ~20 scripts wrote results without package versions)."""
    missing = []
    for path in sorted((ROOT / "bench").glob("*.py")):
        tree = ast.parse(path.read_text())
        if path.stem in NOT_RESULTS or not _writes_json(tree):
            continue
        if not _imports(tree) & RECORDING:
            missing.append(path.stem)
    assert not missing, f"bench scripts writing JSON without the environment: {missing}"
