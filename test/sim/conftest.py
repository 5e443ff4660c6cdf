"""Fixtures for the household world's core tests (no ROS)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("MUJOCO_GL", "egl")

from memory_node.core.skills import load_skill_table  # noqa: E402
from memory_node.sim.core.layouts import from_seed  # noqa: E402
from memory_node.sim.core.nav import Navigator  # noqa: E402
from memory_node.sim.core.skill_logic import SkillRunner, Target  # noqa: E402
from memory_node.sim.core.world import World  # noqa: E402


@pytest.fixture(scope="session")
def house() -> World:
    return from_seed(3)


@pytest.fixture
def world(house: World) -> World:
    return house.copy()


@pytest.fixture
def runner(house: World) -> SkillRunner:
    return SkillRunner(load_skill_table(), Navigator(house.free))


def target_of(world: World, oid: str, label: str | None = None, offset=(0.0, 0.0, 0.0)
              ) -> Target:
    """What a memory that saw `oid` would send: its label and (roughly) its position."""
    o = world.objects[oid]
    p = tuple(float(v + d) for v, d in zip(o.position, offset, strict=True))
    return Target(id=f"mem_{oid}", label=label or o.type, position=p, position_known=True)


@pytest.fixture
def target():
    return target_of
