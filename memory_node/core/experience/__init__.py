"""Experience memory: episodes, known-bad actions, procedures and facts that improve with
outcomes (issue 15). Pure Python over the memory's SQLite file; see `memory.py`."""

from memory_node.core.experience.episodes import Episode, EpisodeStep
from memory_node.core.experience.facts import FactAssertion, FactResult
from memory_node.core.experience.memory import ExperienceMemory, RecordResult, StoredEpisode
from memory_node.core.experience.settings import ExperienceSettings

__all__ = ["Episode", "EpisodeStep", "ExperienceMemory", "ExperienceSettings",
           "FactAssertion", "FactResult", "RecordResult", "StoredEpisode"]
