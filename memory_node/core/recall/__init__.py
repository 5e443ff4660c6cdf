"""Recall: what memory delivers to the planner, and how outcomes update it.

Pure Python (no rclpy). The memory server's /memory/recall and /memory/record_outcome
services are thin shells over the classes exported here.
"""

from memory_node.core.recall.brief_state import BriefState, validate_brief
from memory_node.core.recall.categories import CategoryTable
from memory_node.core.recall.context import ContextBlock, assemble_context
from memory_node.core.recall.describe import HELD_BY_ROBOT, Describer, UnitDescription
from memory_node.core.recall.embedder import Embedder, EmbeddingCache
from memory_node.core.recall.outcomes import (
    REASON_NOT_FOUND,
    SkillOutcome,
    apply_outcome,
    follow_robot,
)
from memory_node.core.recall.preconditions import StepRecord, load_rules
from memory_node.core.recall.recall import (
    MODES,
    RankedUnit,
    RecallConfig,
    Recaller,
    RecallResult,
)
from memory_node.core.recall.step_recall import StateConditionedRecall, StepRecall
from memory_node.core.recall.vlm_state import VLM_STATES, VlmStateClient, VlmStateResult
from memory_node.core.recall.working_memory import ConsistencyWarning, WorkingMemory
from memory_node.core.skills import SKILL_NAMES, check_skill_call

__all__ = [
    "HELD_BY_ROBOT", "MODES", "REASON_NOT_FOUND", "SKILL_NAMES", "VLM_STATES",
    "BriefState", "CategoryTable", "ConsistencyWarning", "ContextBlock", "Describer",
    "Embedder", "EmbeddingCache", "RankedUnit", "RecallConfig", "RecallResult", "Recaller",
    "SkillOutcome", "StateConditionedRecall", "StepRecall", "StepRecord", "UnitDescription",
    "VlmStateClient", "VlmStateResult", "WorkingMemory", "apply_outcome", "assemble_context",
    "check_skill_call", "follow_robot", "load_rules", "validate_brief",
]
