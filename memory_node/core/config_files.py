"""Where the package's data files (config/) are: beside the package in the source tree, or
where a ROS install puts them (<prefix>/share/memory_node/config, with the package under
<prefix>/lib/python3.X/site-packages)."""

from __future__ import annotations

from pathlib import Path

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
