"""The planner tests' small house (a module of its own: `from conftest import ...` is
ambiguous when several test folders have a conftest and run in one session)."""

from __future__ import annotations

from memory_node.core.units import ObjectMemoryUnit as Unit
from memory_node.planner.core.local_memory import LocalMemory

# Receptacles before what they hold: memory refuses a receptacle id it does not know.
KITCHEN = [
    Unit("CounterTop_1", "CounterTop", (1.0, 0.0, 1.0), area_id="kitchen"),
    Unit("Apple_1", "Apple", (1.0, 0.9, 1.0), area_id="kitchen", receptacle_id="CounterTop_1",
         relation="on"),
    Unit("Fridge_1", "Fridge", (3.0, 0.0, 1.0), state="closed", area_id="kitchen"),
    Unit("Sofa_1", "Sofa", (5.0, 0.0, 5.0), area_id="living_room"),
    Unit("Book_1", "Book", (6.0, 0.5, 5.0), area_id="living_room"),
]


class EndReasons(LocalMemory):
    """Local memory that keeps the reason each end_episode was given (the loop tests and
    the LLM give-up tests read what the loop told memory)."""

    def __init__(self, memory) -> None:  # noqa: ANN001
        super().__init__(memory)
        self.reasons: list[str] = []

    def end_episode(self, episode_id, succeeded, request_id="", reason=""):  # noqa: ANN001, ANN201
        self.reasons.append(reason)
        super().end_episode(episode_id, succeeded, request_id, reason)
