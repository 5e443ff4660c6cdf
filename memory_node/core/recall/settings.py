"""Recall's settings (the memory server's `recall.*` parameters)."""

from __future__ import annotations

from dataclasses import dataclass

from memory_node.core.recall.encoders import ENCODERS
from memory_node.core.recall.recall import MAX_INSTRUCTION_CHARS, MAX_K, MAX_TOKEN_BUDGET
from memory_node.core.recall.working_memory import MAX_WINDOW
from memory_node.core.settings import check_settings, setting

MAX_EPISODES = 10_000


@dataclass(frozen=True)
class RecallSettings:
    model_path: str = setting(
        "", "Embedding model (.onnx, BERT-style with mean pooling); empty = the packaged "
        "int8 all-MiniLM-L6-v2. With encoder 'static': the distilled table (.npz); empty = "
        "the one scripts/setup.sh wrote.")
    tokenizer_path: str = setting(
        "", "tokenizer.json of the embedding model; empty = the packaged MiniLM tokenizer.")
    encoder: str = setting(
        "minilm", "Text encoder of units and queries: 'minilm' = the transformer (~7 ms a "
        "query on one core); 'static' = a token table distilled from it at set-up "
        "(~0.1 ms; bench/README_recall.md round 16 for what it costs in recall quality).",
        choices=ENCODERS)
    intra_op_threads: int = setting(
        1, "onnxruntime intra-op threads of the embedder (0 = onnxruntime default); more "
        "than one: the pool's threads sleep between calls, they do not spin.", 0, 64)
    min_score: float = setting(
        0.5, "Hybrid relevance floor: units scoring below it are not recalled, so an "
        "irrelevant instruction gets nothing_relevant=true.", -1.0, 3.0)
    max_episodes: int = setting(
        64, "Open episodes kept (candidate pool + working memory each); the least recently "
        "used one is dropped beyond this.", 1, MAX_EPISODES)
    working_memory_window: int = setting(
        8, "Steps each episode's working memory keeps for consistency warnings.", 1,
        MAX_WINDOW)
    pool_size: int = setting(
        12, "Candidates ranked once per episode for step-by-step recall.", 1, MAX_K)
    max_k: int = setting(50, "Largest k a recall request may ask for.", 1, MAX_K)
    max_token_budget: int = setting(
        32_768, "Largest token_budget a recall request may ask for.", 1, MAX_TOKEN_BUDGET)
    max_instruction_chars: int = setting(
        MAX_INSTRUCTION_CHARS,
        "Longest instruction (characters, after trimming) a recall request may carry.", 1,
        MAX_INSTRUCTION_CHARS)
    vectorised: bool = setting(
        True, "Score with the unit index (one embedding matrix, inverted word index); false "
        "= the per-unit loop, kept as the reference for benchmarks.")
    prefetch_batch: int = setting(
        32, "Units embedded per 0.1 s tick after start-up so the first recall does not pay "
        "for all of them (0 = embed on first use only).", 0, 1000)
    prefetch_subtasks: bool = setting(
        True, "After an instruction is recalled whole, embed its steps (as recall per "
        "subtask splits it), and after it is recalled per subtask in an episode, the whole "
        "text (a step's candidate pool ranks it), on a background thread, so the later "
        "request finds the vectors ready instead of paying the model call.")
    preload: bool = setting(
        True, "At start-up, describe and index every stored unit, load its vector and "
        "resolve every type's names in a background thread, so the first recall does not "
        "pay for it (false = on the first recall).")

    def __post_init__(self) -> None:
        check_settings(self)
