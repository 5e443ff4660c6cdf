"""The household world's settings: every default, range and description once (the node
declares its parameters from these; config/sim.yaml only overrides)."""

from __future__ import annotations

from dataclasses import dataclass

from memory_node.core.settings import check_settings, section, setting
from memory_node.sim.core.detection import DetectionNoise
from memory_node.sim.core.sensors import PoseNoise
from memory_node.sim.core.skill_logic import Costs


@dataclass(frozen=True)
class LayoutSettings:
    source: str = setting("seed", "Where the house comes from.", choices=("seed", "floorplan"))
    seed: int = setting(0, "Seed of the procedural house (and of object placement).",
                        0, 1_000_000)
    floorplan: int = setting(1, "AI2-THOR floor plan (1-30, 201-230, 301-330, 401-430) when "
                             "source is floorplan.", 1, 430)
    rearrangement_data: str = setting("", "AI2-THOR rearrangement val.json.gz for floor "
                                      "plans' small objects ('' = none).")

    def __post_init__(self) -> None:
        check_settings(self)


@dataclass(frozen=True)
class FrameSettings:
    map: str = setting("map", "Frame of poses and places.")
    camera: str = setting("camera_color_optical_frame", "Frame id of the images.")


@dataclass(frozen=True)
class TimeSettings:
    real_time_factor: float = setting(10.0, "Simulated seconds per wall second.", 0.01, 1000.0)
    clock_rate_hz: float = setting(50.0, "Rate of /clock (wall Hz).", 1.0, 1000.0)

    def __post_init__(self) -> None:
        check_settings(self)


@dataclass(frozen=True)
class SensorSettings:
    rate_hz: float = setting(5.0, "Camera frames per wall second (0 = none).", 0.0, 60.0)
    width: int = setting(320, "Image width.", 16, 1920)
    height: int = setting(240, "Image height.", 16, 1080)
    depth_encoding: str = setting("16UC1", "Depth encoding (16UC1 mm, 32FC1 m).",
                                  choices=("16UC1", "32FC1"))
    masks: bool = setting(True, "Attach an instance mask to each detection.")
    seed: int = setting(0, "Seed of the detection and pose noise.", 0, 1_000_000)

    def __post_init__(self) -> None:
        check_settings(self)


@dataclass(frozen=True)
class SkillSettings:
    table: str = setting("", "Skill table YAML ('' = config/skills.yaml).")
    costs: Costs = section(Costs)

    def __post_init__(self) -> None:
        check_settings(self)


@dataclass(frozen=True)
class WorldSettings:
    layout: LayoutSettings = section(LayoutSettings)
    frames: FrameSettings = section(FrameSettings)
    time: TimeSettings = section(TimeSettings)
    sensors: SensorSettings = section(SensorSettings)
    detection: DetectionNoise = section(DetectionNoise)
    pose: PoseNoise = section(PoseNoise)
    skills: SkillSettings = section(SkillSettings)
