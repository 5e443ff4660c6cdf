"""The package's YAML reader (config_files.load_yaml): libyaml's parser where PyYAML has
it, the same documents as yaml.safe_load, the same errors."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import yaml

from memory_node.core import config_files
from memory_node.core.config_files import load_yaml

CONFIG = Path(__file__).resolve().parents[2] / "config"


def test_every_config_file_reads_as_safe_load_reads_it() -> None:
    files = sorted(CONFIG.rglob("*.yaml"))
    assert len(files) >= 8
    for path in files:
        text = path.read_text(encoding="utf-8")
        expected = yaml.safe_load(text)
        assert load_yaml(text) == expected, path
        with open(path, encoding="utf-8") as fh:
            assert load_yaml(fh) == expected, path


@pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML built without libyaml")
def test_libyaml_parses_when_pyyaml_has_it() -> None:
    assert config_files._SAFE_LOADER is yaml.CSafeLoader


def test_errors_and_unsafe_tags_are_yamls() -> None:
    with pytest.raises(yaml.YAMLError):
        load_yaml("types: [a, b\nsize: 1\n")
    with pytest.raises(yaml.YAMLError):      # safe: no Python objects from a file
        load_yaml(io.StringIO("x: !!python/object/apply:os.system ['true']\n"))
    assert load_yaml("") is None
