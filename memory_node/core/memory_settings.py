"""The memory's settings: the memory server's parameters, defaults and bounds in one place
(see `memory_node.core.settings`)."""

from __future__ import annotations

from dataclasses import dataclass

from memory_node.core.cache import POLICY_NAMES
from memory_node.core.recall.settings import RecallSettings
from memory_node.core.scene_graph.config import SceneGraphConfig
from memory_node.core.settings import check_settings, section, setting


@dataclass(frozen=True)
class ShortTermSettings:
    capacity: int = setting(25, "Object memory units the short-term memory holds.", 1,
                            100_000)
    policy: str = setting("wtinylfu", "Replacement policy of the short-term memory.",
                          choices=POLICY_NAMES)
    utility_weight: float = setting(
        0.0, "Weight of outcome utility (experience memory: how often tasks that acted on "
        "an object succeeded, 0.5 = never judged) next to frequency in W-TinyLFU's "
        "admission: each side's frequency estimate plus weight x (utility - 0.5). 0 = off, "
        "exactly W-TinyLFU.", 0.0, 100.0)

    def __post_init__(self) -> None:
        check_settings(self)


@dataclass(frozen=True)
class MemorySettings:
    memory_dir: str = setting("~/.ros/memory_node",
                              "Directory of the SQLite memory and its snapshots.")
    database_file: str = setting("memory.sqlite",
                                 "File name of the memory database inside memory_dir.")
    durability: str = setting("full", "SQLite synchronous mode for acknowledged writes "
                              "(full: every acknowledged write is fsync'd).",
                              choices=("full", "normal"))
    checkpoint_period_s: float = setting(
        1.0, "Period of the WAL checkpoint run on a background thread (0: SQLite's own "
        "checkpoints, run by whichever write fills the log).", 0.0, 3600.0)
    frame_id: str = setting("map", "Frame of every stored and published position.")
    seed: int = setting(0, "Seed of the replacement policy's randomised admission.", 0,
                        2**31 - 1)
    short_term: ShortTermSettings = section(ShortTermSettings)
    scene_graph: SceneGraphConfig = section(SceneGraphConfig)
    recall: RecallSettings = section(RecallSettings)

    def __post_init__(self) -> None:
        check_settings(self)
        name = self.database_file
        if "/" in name or name in ("", ".", ".."):
            raise ValueError(f"database_file {name!r} must be a plain file name")
