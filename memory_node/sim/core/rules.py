"""State rules: what appliances do to what is in or on them (ALFRED's symbolic layer).

Physics does not wash, heat or cool; these rules do, after every change of the world:
a faucet that is on cleans and fills what is in the basin under it; a microwave that is
on and closed heats what is inside; a burner that is on heats (and cooks food) what is on
it, also inside a pan or pot; a toaster that is on toasts; a coffee machine that is on
fills the mug in it; a closed fridge cools its contents.
"""

from __future__ import annotations

import numpy as np

from memory_node.sim.core.world import World, WorldObject

FAUCET_REACH = 1.0      # metres from a faucet to the basin it pours into


# What a faucet pours into: a refusal for want of one names these (missing_fixtures).
BASIN_TYPES = ("SinkBasin", "BathtubBasin")


def basin_under(world: World, faucet: WorldObject) -> WorldObject | None:
    basins = [o for o in world.objects.values() if o.type in BASIN_TYPES]
    if not basins:
        return None
    best = min(basins, key=lambda b: float(np.linalg.norm(b.position[:2] - faucet.position[:2])))
    d = float(np.linalg.norm(best.position[:2] - faucet.position[:2]))
    return best if d <= FAUCET_REACH else None


def apply_rules(world: World) -> list[str]:
    """Apply every rule once; returns what changed ("Apple_01 heated", ...)."""
    changes: list[str] = []

    def setf(o: WorldObject, attr: str, value, word: str) -> None:
        if getattr(o, attr) != value:
            setattr(o, attr, value)
            changes.append(f"{o.id} {word}")

    for app in list(world.objects.values()):
        if app.type == "Faucet" and app.is_on:
            basin = basin_under(world, app)
            if basin is None:
                continue
            for o in world.descendants(basin.id):
                if o.dirty:
                    setf(o, "dirty", False, "cleaned")
                if o.kind.fillable and o.parent == basin.id:
                    setf(o, "filled", "water", "filled")
        elif app.type == "Microwave" and app.is_on and app.is_open is False:
            for o in world.descendants(app.id):
                if o.kind.heatable:
                    setf(o, "heated", True, "heated")
                    setf(o, "cooled", False, "warmed")
        elif app.type in ("StoveBurner", "Toaster") and app.is_on:
            for o in world.descendants(app.id):
                if o.kind.heatable or o.kind.cookable:
                    setf(o, "heated", True, "heated")
                    setf(o, "cooled", False, "warmed")
                if o.kind.cookable:
                    setf(o, "cooked", True, "cooked")
        elif app.type == "CoffeeMachine" and app.is_on:
            for o in world.children(app.id):
                if o.kind.fillable:
                    setf(o, "filled", "coffee", "filled")
        elif app.type == "Fridge" and app.is_open is False:
            for o in world.descendants(app.id):
                if o.kind.coolable:
                    setf(o, "cooled", True, "cooled")
                    setf(o, "heated", False, "chilled")
    return changes
