"""Where the package's data files (config/) are: beside the package in the source tree, or
where a ROS install puts them (<prefix>/share/memory_node/config, with the package under
<prefix>/lib/python3.X/site-packages)."""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any

import yaml

_PACKAGE_ROOT = Path(__file__).resolve().parents[1]   # .../memory_node


def config_path(name: str) -> Path:
    """The path of config/<name>; the source-tree path when neither exists (so an error
    names the file a developer would look for)."""
    source = _PACKAGE_ROOT.parent / "config" / name
    if source.is_file():
        return source
    for prefix in _PACKAGE_ROOT.parents:
        installed = prefix / "share" / "memory_node" / "config" / name
        if installed.is_file():
            return installed
    return source


# libyaml's parser when PyYAML was built with it (the wheels are): the same documents
# (SafeConstructor either way), ~8x less CPU. The pure-Python one parsed the object type
# table (9 kB, four parses per server start) in ~35 ms each: ~0.19 s of a start's CPU with
# the skill and precondition tables (bench/README_recall.md round 31).
_SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(source: str | bytes | IO[str] | IO[bytes]) -> Any:
    """``yaml.safe_load(source)``, parsed by libyaml where available; errors are
    ``yaml.YAMLError`` as there."""
    return yaml.load(source, Loader=_SAFE_LOADER)  # noqa: S506 - a safe loader
