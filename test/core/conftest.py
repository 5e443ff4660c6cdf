"""Fixtures shared by the core tests."""

from __future__ import annotations

import pytest

from memory_node.core.recall.embedder import Embedder
from memory_node.core.recall.lexicon import Lexicon, shared_lexicon


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    """The process's shared lexicon, as recall uses it (a test that needs a fresh one
    defines its own)."""
    return shared_lexicon()


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    """The shipped embedding model, loaded once per test module."""
    return Embedder()
