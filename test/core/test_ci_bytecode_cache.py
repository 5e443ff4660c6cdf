"""scripts/test.sh keeps compiled bytecode for the whole run (round 55): without it every
Python process the suite starts (a node each, the subprocess tests, the workers) compiled
memory_node and the venv's packages again, because uv installs no .pyc and the CI's shell
sets PYTHONDONTWRITEBYTECODE. The cache lives in the checkout's build/pycache, so neither
the source tree nor a venv shared by several checkouts gets written."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SET_UP_LINE = 'bash "$root/scripts/setup.sh"\n'


def _environment_part(checkout: Path) -> Path:
    """test.sh's lines before it runs set-up (where the run's environment is made), as a
    script in a copy of the checkout's layout: `$root` is then `checkout`."""
    text = (ROOT / "scripts" / "test.sh").read_text()
    assert SET_UP_LINE in text, "test.sh no longer runs scripts/setup.sh first"
    script = checkout / "scripts" / "test.sh"
    script.parent.mkdir(parents=True)
    script.write_text(text[:text.index(SET_UP_LINE)])
    return script


def test_every_process_of_a_run_reuses_one_bytecode_cache_in_build(tmp_path: Path) -> None:
    checkout = tmp_path / "checkout"
    script = _environment_part(checkout)
    # A module of its own, so no cache anywhere holds it yet.
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "ci55_probe.py").write_text("VALUE = 55\n")
    probe = (f'"{sys.executable}" -c "import sys; sys.path.insert(0, \'{tmp_path / "lib"}\'); '
             f'import ci55_probe; print(sys.dont_write_bytecode, sys.pycache_prefix)"')
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}  # as in the CI's shell
    env.pop("PYTHONPYCACHEPREFIX", None)
    out = subprocess.run(["bash", "-c", f'source "{script}"; {probe}'], env=env,
                         capture_output=True, text=True, check=True, timeout=120)
    prefix = checkout / "build" / "pycache"
    assert out.stdout.split() == ["False", str(prefix)]
    cached = list(prefix.rglob("ci55_probe.*.pyc"))
    assert len(cached) == 1, sorted(prefix.rglob("*.pyc"))
    # Nothing beside the source: a read-only or shared tree stays as it was.
    assert not (tmp_path / "lib" / "__pycache__").exists()
    shutil.rmtree(prefix)
